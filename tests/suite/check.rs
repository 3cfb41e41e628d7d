//! `variant-run check`: every broken fixture fails with a message of its own, several
//! mistakes in one file are listed together, and the command's exit codes. (What `check`
//! says of each shipped ruleset is one of its fixtures' reports, `snapshots/check.snap`,
//! run by `variant-run test`.)

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use variant_run::check::{check, CheckReport};

/// A report as `check` prints it, with the fixture's folder hidden (it depends on where
/// the tests run from).
fn shown(report: &CheckReport, dir: &Path) -> String {
    let mut lines = vec![format!("{}: {} errors", report.name, report.errors())];
    lines.extend(report.problems.iter().map(|p| p.to_string()));
    lines.extend(report.tried.iter().cloned());
    let text = lines.join("\n");
    let mut text = text.replace(&dir.display().to_string(), "<fixture>");
    if let Ok(relative) = dir.strip_prefix(std::env::current_dir().unwrap()) {
        text = text.replace(&relative.display().to_string(), "<fixture>");
    }
    text
}

/// Each broken fixture fails `check`, and the first thing it says is its own: no two
/// fixtures are refused for the same reason in the same words.
#[test]
fn every_broken_fixture_fails_with_its_own_message() {
    let root = crate::common::root().join("tests/fixtures/broken");
    let mut first_messages: BTreeMap<String, String> = BTreeMap::new();
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("variant.toml").is_file())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 40, "{} fixtures", dirs.len());
    for dir in dirs {
        let report = check(&dir);
        let fixture = dir.file_name().unwrap().to_string_lossy().to_string();
        assert!(report.errors() > 0, "{fixture} passes check");
        let first = report.problems[0].message.clone();
        if let Some(other) = first_messages.insert(first.clone(), fixture.clone()) {
            panic!("{fixture} and {other} fail with the same message: {first}");
        }
    }
}

/// Three typos in three tables are listed in one run, in the order of the file.
#[test]
fn several_key_typos_are_listed_together() {
    let dir = crate::common::root().join("tests/fixtures/broken/several-key-typos");
    let report = check(&dir);
    insta::assert_snapshot!(shown(&report, &dir));
}

/// The command exits 0 when every ruleset passes and 2 when one fails, printing the
/// problems on standard output and one summary line on standard error.
#[test]
fn check_command_exit_codes() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .args(args)
            .current_dir(crate::common::root())
            .output()
            .unwrap()
    };
    let all = run(&["check"]);
    assert_eq!(
        all.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    let out = String::from_utf8_lossy(&all.stdout);
    for name in [
        "truchet-browne",
        "truchet-boardspace",
        "truchet-hex",
        "trugo",
    ] {
        assert!(out.contains(&format!("{name} (")), "{out}");
    }
    let broken = run(&[
        "check",
        "truchet-browne",
        "tests/fixtures/broken/players-same-home",
    ]);
    assert_eq!(broken.status.code(), Some(2));
    let out = String::from_utf8_lossy(&broken.stdout);
    assert!(
        out.contains("truchet-browne (") && out.contains(": ok"),
        "{out}"
    );
    assert!(
        out.contains("error: both players have their home at the bottom edge"),
        "{out}"
    );
    let err = String::from_utf8_lossy(&broken.stderr);
    assert_eq!(
        err.trim(),
        "variant-run: 1 of 2 rulesets have problems: players-same-home"
    );
}

/// A rule built on `game.beyond` on hexagonal tiles would never fire (no two neighbours
/// of a junction lie on a line there): `check` says so, as a warning that names the call.
#[test]
fn beyond_on_hexagons_is_a_warning() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint/trugo-custodial");
    let report = check(&dir);
    assert_eq!(report.errors(), 0, "{}", shown(&report, &dir));
    let said = shown(&report, &dir);
    assert!(said.contains("`beyond` is always \"\" on the"), "{said}");
    assert!(said.contains("custodial.rhai:6:"), "{said}");
}
