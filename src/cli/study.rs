//! Studies played in shards: `--shard K/N --out DIR` on `match`, `compare` and
//! `evaluate`, and `variant-run report DIR...`, which merges the shards' results files
//! into the report the command prints when it plays every game itself
//! ([`variant_run::study`]).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use variant_run::play::record_games::replay_records;
use variant_run::play::tournament::ReadyMatch;
use variant_run::report::records::RecordsSummary;
use variant_run::report::{html, json, text};
use variant_run::study::inputs::{report_inputs, ReportInputs};
use variant_run::study::merge::{gather, results_files};
use variant_run::study::run::play_shard;
use variant_run::study::shard::Shard;
use variant_run::study::{Study, StudyKind};

use super::args::ReportArgs;
use super::groups::{ShardArgs, StudyArgs};
use super::output::{open_page, progress_bar, write_result};
use super::replay::read_options;
use super::Failure;

/// Which shard to play and where its results go.
pub(super) struct Sharding {
    shard: Shard,
    dir: PathBuf,
}

/// How the whole study's report is written, when one is: as JSON or a table, and to an
/// HTML page.
pub(super) struct Report<'a> {
    pub json: bool,
    pub html: Option<&'a std::path::Path>,
}

impl Report<'_> {
    pub(super) fn of(options: &StudyArgs) -> Report<'_> {
        Report {
            json: options.json,
            html: options.html.as_deref(),
        }
    }
}

/// The shard the options ask for: `--shard K/N --out DIR`, or `--out DIR` alone for the
/// whole study in one shard (that can be resumed); `None` without either. A shard that
/// is part of the study refuses the options of a report (`writes_report`), which it does
/// not print.
pub(super) fn sharding(
    options: &ShardArgs,
    writes_report: bool,
) -> Result<Option<Sharding>, Failure> {
    let shard = match &options.shard {
        Some(text) => Some(Shard::parse(text, &|name| std::env::var(name).ok())?),
        None => None,
    };
    match (shard, &options.out) {
        (None, None) => Ok(None),
        (Some(shard), None) => Err(format!(
            "--shard {shard}: give --out DIR, the folder its games are written to \
             (the same for every shard)"
        )
        .into()),
        (shard, Some(dir)) => {
            let shard = shard.unwrap_or(Shard::WHOLE);
            if shard.n > 1 && writes_report {
                return Err(format!(
                    "--shard {shard} plays part of the games; the report, with --json or \
                     --html, is `variant-run report {}` once every shard is done",
                    dir.display()
                )
                .into());
            }
            Ok(Some(Sharding {
                shard,
                dir: dir.clone(),
            }))
        }
    }
}

/// Plays a shard of the study of `matches`; the whole study's report when the shard is
/// the whole study, else a line saying where its games went.
pub(super) fn play(
    pool: &rayon::ThreadPool,
    kind: StudyKind,
    matches: &[ReadyMatch],
    sharding: &Sharding,
    options: &Report,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let study = Study::of(kind, matches);
    let Sharding { shard, dir } = sharding;
    let page = open_page(options.html)?;
    let label = format!("shard {shard}");
    // On a terminal, the bar; in a log (a batch job's), a line at each tenth.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = progress_bar(shard.games_of(study.games()) as u64);
        bar.set_message(label.clone());
        bar
    });
    let progress = |done: usize, games: usize| match &bar {
        Some(bar) => bar.set_position(done as u64),
        None => {
            let tenth = |n: usize| n * 10 / games.max(1);
            if done == games || done == 0 || tenth(done) != tenth(done - 1) {
                eprintln!("{label}: {done} of {games} games in {}", dir.display());
            }
        }
    };
    let run = play_shard(pool, &study, matches, *shard, dir, &progress);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let run = run?;
    if shard.n == 1 {
        let gathered = gather(&results_files(std::slice::from_ref(dir))?)?;
        return write_result(gathered.result(options.json)?, options.json, page, out);
    }
    writeln!(
        out,
        "shard {shard}: {} games in {} ({} played now, {} there before); `variant-run \
         report {}` merges the shards",
        run.games,
        run.file.display(),
        run.played,
        run.already,
        dir.display()
    )?;
    Ok(())
}

/// `variant-run report DIR|FILE...`: a study's report from its results files, or the
/// report of game records.
pub fn report(args: &ReportArgs, out: &mut dyn Write) -> Result<(), Failure> {
    match report_inputs(&args.paths)? {
        ReportInputs::Results(files) => study_report(args, &files, out),
        ReportInputs::Records(files) => records_report(args, &files, out),
    }
}

/// The report of game records, as a match's: every record replayed and counted.
fn records_report(
    args: &ReportArgs,
    files: &[PathBuf],
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if args.partial {
        return Err(
            "--partial: game records have no missing games; every record is reported, \
                    and one that does not replay is an error"
                .into(),
        );
    }
    let page = open_page(args.html.as_deref())?;
    let games = replay_records(files, &read_options)?;
    let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
    eprintln!(
        "report: {} game record{} of {} in {}",
        games.games.len(),
        if games.games.len() == 1 { "" } else { "s" },
        games.variant.name,
        paths.join(", ")
    );
    let summary = RecordsSummary::of(&games, paths);
    if let Some(page) = page {
        page.write(&html::records_page(&summary))?;
    }
    let report = if args.json {
        json::records_json(&summary)
    } else {
        text::records_report(&summary)
    };
    out.write_all(report.as_bytes())?;
    Ok(())
}

/// A study's report from its results files.
fn study_report(args: &ReportArgs, files: &[PathBuf], out: &mut dyn Write) -> Result<(), Failure> {
    let files = files.to_vec();
    let gathered = gather(&files)?;
    let study = gathered.study();
    if study.kind == StudyKind::Evaluate && args.html.is_some() {
        return Err("--html: an evaluation's report card is text or --json, with no page".into());
    }
    let page = open_page(args.html.as_deref())?;
    let (found, games) = (gathered.found(), study.games());
    eprintln!(
        "report: {found} of {games} games of `{}` in {} file{}",
        study.kind.command(),
        files.len(),
        if files.len() == 1 { "" } else { "s" }
    );
    for torn in &gathered.torn {
        eprintln!(
            "report: {} ends with a game cut short as it was written (its shard was \
             stopped); that game counts as missing",
            torn.display()
        );
    }
    let missing = gathered.missing();
    if !missing.is_empty() {
        let list: Vec<String> = missing
            .iter()
            .map(|(part, games)| format!("{part}: games {games}"))
            .collect();
        if !args.partial {
            let missing = games - found;
            let are = if missing == 1 { "is" } else { "are" };
            return Err(format!(
                "{missing} of {games} games {are} missing ({}); play the shards that lack them \
                 again with the same --out folder (they play only what is missing), or \
                 report what is there with --partial",
                list.join("; ")
            )
            .into());
        }
        eprintln!(
            "report: --partial: {} of {games} games missing ({})",
            games - found,
            list.join("; ")
        );
    }
    write_result(gathered.result(args.json)?, args.json, page, out)
}
