//! `variant-run <ruleset> match` and `variant-run compare <A> <B>`: many seeded games,
//! played by the library ([`variant_run::play::tournament`]), added up and written by
//! [`variant_run::report`]. Progress goes to standard error when it is a terminal; the
//! report to standard output (a table, or JSON with `--json`), and to `--html FILE`.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use variant_run::play::setup::GameSetup;
use variant_run::play::tournament::{play_match, MatchSpec, DEFAULT_GAMES, DEFAULT_MAX_TURNS};
use variant_run::report::{html, json, text, Comparison, Summary};

use super::args::{CompareArgs, GameOptions};
use super::{accept, setup, Failure};

/// `variant-run <ruleset> match`.
pub fn run(setup: &GameSetup, options: &GameOptions, out: &mut dyn Write) -> Result<(), Failure> {
    let spec = spec(setup, options);
    let progress = progress_bar(spec.games as u64);
    let result = play_match(&spec, &|| progress.inc(1));
    progress.finish_and_clear();
    let summary = Summary::of(&result?);
    if let Some(path) = &options.html {
        write_file(path, &html::match_page(&summary))?;
    }
    if options.json {
        out.write_all(json::match_json(&summary).as_bytes())?;
    } else {
        out.write_all(text::match_report(&summary).as_bytes())?;
    }
    Ok(())
}

/// `variant-run compare <A> <B>`.
pub fn compare(args: &CompareArgs, out: &mut dyn Write) -> Result<(), Failure> {
    accept("compare", &args.options)?;
    let setups = [
        setup(&args.a, &args.options)?,
        setup(&args.b, &args.options)?,
    ];
    for setup in &setups {
        // Loaded here for its notes (a copied folder's name); the match loads it again.
        for warning in &setup.load()?.warnings {
            eprintln!("variant-run: note: {warning}");
        }
    }
    let specs = setups.map(|s| spec(&s, &args.options));
    let progress = progress_bar(2 * specs[0].games as u64);
    let mut summaries = Vec::new();
    for (name, spec) in ["A", "B"].iter().zip(&specs) {
        progress.set_message(*name);
        match play_match(spec, &|| progress.inc(1)) {
            Ok(result) => summaries.push(Summary::of(&result)),
            Err(e) => {
                progress.finish_and_clear();
                return Err(format!("{name} ({}): {e}", spec.setup.ruleset).into());
            }
        }
    }
    progress.finish_and_clear();
    let b = summaries.pop().expect("two summaries");
    let a = summaries.pop().expect("two summaries");
    let comparison = Comparison::of(a, b);
    if let Some(path) = &args.options.html {
        write_file(path, &html::compare_page(&comparison))?;
    }
    if args.options.json {
        out.write_all(json::compare_json(&comparison).as_bytes())?;
    } else {
        out.write_all(text::compare_report(&comparison).as_bytes())?;
    }
    Ok(())
}

fn spec(setup: &GameSetup, options: &GameOptions) -> MatchSpec {
    MatchSpec {
        setup: setup.clone(),
        games: options.games.unwrap_or(DEFAULT_GAMES),
        max_turns: options.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
    }
}

/// Games played so far, on standard error (drawn only when it is a terminal).
fn progress_bar(games: u64) -> ProgressBar {
    let progress = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} games, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    progress.set_message("match");
    progress.enable_steady_tick(Duration::from_millis(250));
    progress
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| format!("--html {}: {e}", path.display()).into())
}
