//! `check`: a ruleset loaded and linted without a person playing it. Every problem found
//! is listed with its file, line and column, so a designer fixes them in one round
//! instead of one per run.
//!
//! The stages run from the files outwards, each only when the one before found nothing
//! (a later stage would only repeat an earlier problem in other words):
//! 1. the chain of `variant.toml` files (`extends`) and their TOML syntax;
//! 2. every key: unknown, missing, or of the wrong type or value (all of them at once);
//! 3. the whole ruleset loaded as a game loads it: settings that do not make sense,
//!    degenerate data, scripts that do not compile, hooks and `[params]` reads;
//! 4. every other board size the ruleset allows, and every tile set it names;
//! 5. a few seeded games between random players, which run every script on real
//!    positions and catch what only shows at run time (a comparison of a number with a
//!    text param, a contradictory result).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Severity};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::play::{Game, GameError, Layout};
use crate::ruleset::config::VariantConfig;
use crate::ruleset::merged::MergedToml;
use crate::ruleset::{LoadOptions, Variant, VariantError};

/// The board sizes tried besides the default: those the ruleset allows are loaded.
const SIZES_TRIED: std::ops::RangeInclusive<u32> = 2..=21;
/// Seeded games played at the default size, and the turns each may last.
const GAMES: u64 = 4;
const MAX_TURNS: usize = 300;

/// What `check` found for one ruleset.
pub struct CheckReport {
    /// The ruleset's name (its folder's name until the TOML is read).
    pub name: String,
    pub dir: PathBuf,
    /// Errors and warnings, in the order found.
    pub problems: Vec<Diagnostic>,
    /// What was tried, in words: "loaded at sizes 3, 5, 7", "4 games, 212 turns".
    pub tried: Vec<String>,
}

impl CheckReport {
    /// The number of problems that are errors (warnings do not fail a check).
    pub fn errors(&self) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count()
    }

    /// In words: `ok`, `ok, 1 warning`, `2 problems, 1 warning`.
    pub fn verdict(&self) -> String {
        let errors = self.errors();
        let warnings = self.problems.len() - errors;
        let s = |n: usize| if n == 1 { "" } else { "s" };
        match (errors, warnings) {
            (0, 0) => "ok".to_string(),
            (0, w) => format!("ok, {w} warning{}", s(w)),
            (e, 0) => format!("{e} problem{}", s(e)),
            (e, w) => format!("{e} problem{}, {w} warning{}", s(e), s(w)),
        }
    }
}

/// Checks the ruleset in `dir`.
pub fn check(dir: &Path) -> CheckReport {
    let mut report = CheckReport {
        name: dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into()),
        dir: dir.to_path_buf(),
        problems: Vec::new(),
        tried: Vec::new(),
    };
    let toml = match MergedToml::read(dir) {
        Ok(toml) => toml,
        Err(e) => {
            report.problems.push(into_diagnostic(&e));
            return report;
        }
    };
    let key_problems = toml.problems::<VariantConfig>();
    if !key_problems.is_empty() {
        report.problems.extend(key_problems);
        return report;
    }
    let variant = match Variant::load_with(dir, &LoadOptions::default()) {
        Ok(variant) => variant,
        Err(e) => {
            report.problems.push(into_diagnostic(&e));
            return report;
        }
    };
    report.name.clone_from(&variant.name);
    report.problems.extend(variant.warnings.iter().cloned());
    other_loads(dir, &variant, &toml, &mut report);
    smoke_games(&variant, &mut report);
    report
}

/// Loads the ruleset at every other size it allows and with every tile set it names.
fn other_loads(dir: &Path, variant: &Variant, toml: &MergedToml, report: &mut CheckReport) {
    let mut seen = BTreeSet::new();
    let mut sizes = Vec::new();
    if let Some(default) = variant.size {
        for size in SIZES_TRIED {
            if size == default {
                sizes.push(size);
                continue;
            }
            let options = LoadOptions {
                size: Some(size),
                ..LoadOptions::default()
            };
            match Variant::load_with(dir, &options) {
                Ok(_) => sizes.push(size),
                // A size the ruleset does not allow is its choice, not a problem.
                Err(VariantError::Size { .. }) => {}
                Err(e) => push_once(report, &mut seen, into_diagnostic(&e), size),
            }
        }
        report
            .tried
            .push(format!("loaded at sizes {}", list(&sizes)));
    }
    let sets: Vec<String> = toml
        .table
        .get("tile")
        .and_then(|t| t.get("sets"))
        .and_then(|s| s.as_table())
        .map(|sets| sets.keys().cloned().collect())
        .unwrap_or_default();
    for set in &sets {
        let options = LoadOptions {
            tiles: Some(set.clone()),
            ..LoadOptions::default()
        };
        if let Err(e) = Variant::load_with(dir, &options) {
            report.problems.push(into_diagnostic(&e));
        }
    }
    if !sets.is_empty() {
        report
            .tried
            .push(format!("loaded with tile sets {}", sets.join(", ")));
    }
}

/// A problem found at another size is reported once, at the first size that shows it.
fn push_once(report: &mut CheckReport, seen: &mut BTreeSet<String>, d: Diagnostic, size: u32) {
    if seen.insert(d.to_string()) {
        let mut d = d;
        d.message = format!("at size {size}: {}", d.message);
        report.problems.push(d);
    }
}

/// Plays a few seeded games between random players at the default size.
fn smoke_games(variant: &Variant, report: &mut CheckReport) {
    let mut turns = 0;
    let mut ended = Vec::new();
    for seed in 1..=GAMES {
        match smoke_game(variant, seed) {
            Ok((played, result)) => {
                turns += played;
                ended.push(result);
            }
            Err(e) => {
                let mut d = match e {
                    GameError::Script(d) => d,
                    other => Diagnostic::in_file("", other.to_string()),
                };
                d.message = format!("in seeded game {seed}: {}", d.message);
                report.problems.push(d);
                return;
            }
        }
    }
    report.tried.push(format!(
        "{GAMES} seeded games between random players, {turns} turns: {}",
        ended.join(", ")
    ));
}

/// One game between random players: the turns played and how it ended, in words. Set-up
/// tiles are laid at random; piece turns are drawn by the staged sampler the benchmarks
/// use, which needs no list of distinct turns and so keeps `check` quick.
fn smoke_game(variant: &Variant, seed: u64) -> Result<(usize, String), GameError> {
    let mut game = Game::new(variant, Layout::Setup, seed)?;
    while game.in_setup() {
        game.play("random")?;
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut position = game.position().clone();
    let mut outcome = game.outcome().cloned();
    let mut turns = 0;
    while outcome.is_none() && turns < MAX_TURNS {
        let Some(delta) = variant
            .model
            .random_allowed_turn(variant, &position, &mut |n| rng.gen_range(0..n))?
        else {
            return Ok((turns, "stuck: no turn to play and no result".into()));
        };
        position = variant.play(&position, &delta)?;
        outcome = variant.judge(&position)?;
        turns += 1;
    }
    let ended = match outcome {
        Some(outcome) => match outcome.winner {
            Some(winner) => format!("{} won", variant.player_names[winner as usize]),
            None => "drawn".into(),
        },
        None => format!("unfinished after {MAX_TURNS}"),
    };
    Ok((turns, ended))
}

/// A load error as a diagnostic: located where the error has a place in a file.
fn into_diagnostic(error: &VariantError) -> Diagnostic {
    match error.diagnostic() {
        Some(d) => d.clone(),
        // The error's own words already say where (a folder, a size): no file to add.
        None => Diagnostic::in_file("", error.to_string()),
    }
}

fn list(sizes: &[u32]) -> String {
    sizes
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
