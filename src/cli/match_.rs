//! `variant-run <ruleset> match` and `variant-run compare <A> <B>`: many seeded games,
//! played by the library ([`variant_run::play::tournament`]), added up and written by
//! [`variant_run::report`]. Progress goes to standard error when it is a terminal; the
//! report to standard output (a table, or JSON with `--json`), and to `--html FILE`.

use std::io::Write;

use variant_run::play::evaluation::EvaluationSpec;
use variant_run::play::player_kind::PlayerKind;
use variant_run::play::setup::GameSetup;
use variant_run::play::tournament::{MatchError, MatchSpec, DEFAULT_GAMES};
use variant_run::study::{StudyKind, StudyResult};

use super::args::{CompareArgs, EvaluateArgs, MatchArgs};
use super::groups::{PlayersArgs, StudyArgs};
use super::output::{open_page, progress_bar, write_result, WorkProgress};
use super::{study, Failure};

/// `variant-run <ruleset> match`.
pub fn run(
    pool: &rayon::ThreadPool,
    setup: &GameSetup,
    args: &MatchArgs,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let options = &args.study;
    let spec = spec(setup, &args.players, options)?;
    let ready = spec.ready()?;
    if let Some(sharding) = study::sharding(&options.shards, options.writes_report())? {
        let report = study::Report::of(options);
        return study::play(pool, StudyKind::Match, &[ready], &sharding, &report, out);
    }
    let page = open_page(options.html.as_deref())?;
    let progress = progress_bar(spec.games as u64);
    let result = ready.play_on(pool, &|| progress.inc(1));
    progress.finish_and_clear();
    write_result(StudyResult::Match(result?), options.json, page, out)
}

/// `variant-run <ruleset> evaluate`: the skill ladder, then the self-play match.
pub fn evaluate(
    pool: &rayon::ThreadPool,
    setup: &GameSetup,
    args: &EvaluateArgs,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let ladder = args
        .ladder
        .split(',')
        .map(|kind| kind.trim().parse::<PlayerKind>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("--ladder: {e}"))?;
    let self_play: PlayerKind = format!("mcts:{}", args.budget)
        .parse()
        .map_err(|e| format!("--budget {}: {e}", args.budget))?;
    let spec = EvaluationSpec {
        setup: setup.clone(),
        ladder,
        self_play,
        games: args.games,
        max_turns: args.max_turns,
    };
    let ready = spec.ready()?;
    if let Some(sharding) = study::sharding(&args.shards, args.json)? {
        let report = study::Report {
            json: args.json,
            html: None,
        };
        return study::play(
            pool,
            StudyKind::Evaluate,
            ready.matches(),
            &sharding,
            &report,
            out,
        );
    }
    let budgets = format!(
        "--games {} --ladder {} --budget {}",
        spec.games,
        spec.ladder_text(),
        args.budget
    );
    let progress = WorkProgress::new(ready.games() as u64, &budgets);
    let result = ready.play_on(pool, &|record| progress.game(record.turns));
    progress.finish();
    write_result(StudyResult::Evaluate(result?), args.json, None, out)
}

/// `variant-run compare <A> <B>`.
pub fn compare(args: &CompareArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let options = &args.study;
    let setups = [args.choice().setup(&args.a)?, args.choice().setup(&args.b)?];
    let [a, b] = setups.map(|s| spec(&s, &args.players, options));
    let specs = [a?, b?];
    let names = ["A", "B"];
    // Both are checked before either is played, so a mistake in B is not found only
    // after A's games.
    let mut ready = Vec::new();
    for (name, spec) in names.iter().zip(&specs) {
        let checked = spec.ready().map_err(|e| match e {
            // A ruleset that does not load names itself.
            MatchError::Load(_) => Failure::from(e),
            e => format!("{name} ({}): {e}", spec.setup.ruleset).into(),
        })?;
        for warning in &checked.variant().warnings {
            eprintln!("variant-run: note: {warning}");
        }
        ready.push(checked);
    }
    let pool = options.threads.pool()?;
    if let Some(sharding) = study::sharding(&options.shards, options.writes_report())? {
        let report = study::Report::of(options);
        return study::play(&pool, StudyKind::Compare, &ready, &sharding, &report, out);
    }
    let page = open_page(options.html.as_deref())?;
    let progress = progress_bar(2 * specs[0].games as u64);
    let mut results = Vec::new();
    for ((name, spec), ready) in names.iter().zip(&specs).zip(&ready) {
        progress.set_message(*name);
        match ready.play_on(&pool, &|| progress.inc(1)) {
            Ok(result) => results.push(result),
            Err(e) => {
                progress.finish_and_clear();
                return Err(format!("{name} ({}): {e}", spec.setup.ruleset).into());
            }
        }
    }
    progress.finish_and_clear();
    let result = StudyResult::of(StudyKind::Compare, results);
    write_result(result, options.json, page, out)
}

fn spec(
    setup: &GameSetup,
    players: &PlayersArgs,
    options: &StudyArgs,
) -> Result<MatchSpec, Failure> {
    if options.positions {
        // The positions are listed in the JSON report's game list, and a study's results
        // files never hold them (its shards must write a game the same way every time).
        if !options.json {
            return Err(
                "--positions lists each game's positions in the JSON report: add --json".into(),
            );
        }
        if options.shards.out.is_some() || options.shards.shard.is_some() {
            return Err(
                "--positions goes with a match played at once, not with --out or --shard (results files do not list positions)".into(),
            );
        }
    }
    Ok(MatchSpec {
        setup: setup.clone(),
        games: options.games.unwrap_or(DEFAULT_GAMES),
        max_turns: players.limit.max_turns(),
        // Only the JSON report lists every game.
        keep_games: options.json,
        positions: options.positions,
    })
}
