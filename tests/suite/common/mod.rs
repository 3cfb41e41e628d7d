//! Helpers shared by the integration tests: finding the project, loading rulesets, and
//! playing games as the command line plays them. (The reports a ruleset's snapshots hold
//! are made by the library, `variant_run::fixtures`, for `variant-run test` and
//! tests/suite/fixtures.rs alike.)

#![allow(dead_code)]

pub mod copy;
pub mod server;
pub mod svg_reading;
pub mod twins;

use std::path::PathBuf;

use variant_run::core::Position;
use variant_run::fixtures::perft_table::{self, PerftEntry};
use variant_run::Variant;

/// `variant-run <args>` run in `dir`, with `input` on standard input: what a person
/// typing at its prompt gets, whatever the exit status.
pub fn run_with_input(dir: &std::path::Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// What `variant-run <args>` prints, run from the project folder; the test fails with
/// the program's message if it does not succeed.
pub fn run_ok<I, S>(args: I) -> Vec<u8>
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// What `variant-run <args> --json` prints (the `--json` is the caller's), read.
pub fn run_json<I, S>(args: I) -> serde_json::Value
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    serde_json::from_slice(&run_ok(args)).unwrap()
}

/// The project folder whose rulesets, fixtures and tables the tests read:
/// `$VARIANT_RUN_HOME` when it is set (rule_change.rs points it at a changed copy of the
/// project, and rulesets are then found there too), else this checkout.
pub fn root() -> PathBuf {
    std::env::var_os("VARIANT_RUN_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

/// Whether outputs a document shows are to be written anew when they differ, as
/// snapshots are: insta's `INSTA_UPDATE=always` (or `INSTA_FORCE_UPDATE=1`), the
/// README's accept step for the cargo tests.
pub fn update_documents() -> bool {
    let set = |name: &str, values: &[&str]| {
        std::env::var(name).is_ok_and(|v| values.contains(&v.as_str()))
    };
    set("INSTA_UPDATE", &["always", "1"]) || set("INSTA_FORCE_UPDATE", &["1", "true"])
}

pub fn load(name: &str, size: Option<u32>) -> Variant {
    Variant::load_named(name, size).unwrap_or_else(|e| panic!("{name} does not load: {e}"))
}

/// Plays a whole game between computer players as `variant-run <ruleset>` does (`kinds`
/// for the first and second player), and returns its transcript (a valid game record,
/// boards and all) and how it ended.
pub fn transcript(
    setup: &variant_run::play::setup::GameSetup,
    kinds: [&str; 2],
    max_turns: usize,
) -> (String, variant_run::play::session::Ending) {
    use variant_run::play::session::{self, Transcript};
    use variant_run::play::setup::PlayerChoice;
    let variant = setup.load().unwrap();
    let rules = &variant.model.rules;
    let mut setup = setup.clone();
    setup.players = (0..2)
        .map(|p| PlayerChoice {
            letter: rules.player_letter(p),
            kind: kinds[p as usize].parse().unwrap(),
        })
        .collect();
    let mut game = setup.game(&variant).unwrap();
    let mut seats = setup.seats(&variant).unwrap();
    let header = variant_run::play::Record {
        ruleset: setup.ruleset.clone(),
        options: setup.record_options(),
        ..Default::default()
    };
    let mut out = Vec::new();
    let ending = session::run(
        &mut game,
        &mut seats,
        &header,
        max_turns,
        setup.notation(&variant).unwrap(),
        &mut std::io::empty(),
        &mut Transcript {
            out: &mut out,
            record: None,
        },
    )
    .unwrap();
    (String::from_utf8(out).unwrap(), ending)
}

/// The positions of a shipped ruleset's perft tables (`variants/<ruleset>/perft/`),
/// each with the ruleset loaded as its entry says. An entry the ruleset no longer reads
/// (a rule change can do that; the table's report says so) is left out.
pub fn perft_positions(ruleset: &str) -> Vec<(PerftEntry, Variant, Position)> {
    let folder = root().join("variants").join(ruleset).join("perft");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    paths.sort();
    let mut found = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        for entry in perft_table::parse(&path, &text).unwrap() {
            let variant = Variant::load_named_with(ruleset, &entry.load_options())
                .unwrap_or_else(|e| panic!("{ruleset} does not load: {e}"));
            if let Ok(position) = variant.model.parse_position(&entry.position) {
                found.push((entry, variant, position));
            }
        }
    }
    found
}
