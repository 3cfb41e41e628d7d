//! Every ruleset's own tests, as `variant-run test` runs them: the shipped rulesets of
//! `variants/` and the designs of `examples/designs/`, each fixture's report (made by
//! `variant_run::fixtures`, the code the command runs) compared through insta with its
//! snapshot in the ruleset's `snapshots/` folder.
//!
//! So the two ways of testing a rule change agree: `variant-run test --accept` writes
//! the files this test reads, and `INSTA_UPDATE=always cargo test` (or `cargo insta
//! review`) writes the files the command reads. The comparison includes the snapshot's
//! header, so a header the command wrote that insta would write otherwise fails here.

use std::panic::AssertUnwindSafe;
use std::path::PathBuf;

use insta::{Comparator, DefaultComparator, Snapshot};
use variant_run::fixtures::{snapshot_file, RulesetTests};

use crate::common::root;

/// insta's comparison of a snapshot file's header and body both.
///
/// When the suite runs on a copy of the project (rule_change.rs, with
/// `INSTA_WORKSPACE_ROOT` the copy), insta names this file, the header's `source`, by a
/// path outside that workspace; there the header is held field by field, the source
/// being the name the snapshots give it.
struct HeaderAndBody;

impl Comparator for HeaderAndBody {
    fn matches(&self, reference: &Snapshot, test: &Snapshot) -> bool {
        let (expected, made) = (reference.metadata(), test.metadata());
        if made.source() == Some(snapshot_file::SOURCE) {
            return DefaultComparator.matches_fully(reference, test);
        }
        DefaultComparator.matches(reference, test)
            && expected.source() == Some(snapshot_file::SOURCE)
            && expected.description() == made.description()
            && expected.expression() == made.expression()
            && expected.input_file() == made.input_file()
    }

    fn dyn_clone(&self) -> Box<dyn Comparator> {
        Box::new(HeaderAndBody)
    }
}

/// The ruleset folders of a folder of the project, found rather than listed.
fn rulesets_in(folder: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("variant.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// Compares every fixture's report of the rulesets in `dirs` with its snapshot, and
/// fails once at the end, naming each that does not hold.
fn reports_hold(dirs: &[PathBuf]) {
    assert_eq!(
        file!(),
        snapshot_file::SOURCE,
        "the snapshots name this file"
    );
    let mut failed = Vec::new();
    for dir in dirs {
        let tests = RulesetTests::find(dir).unwrap();
        for fixture in &tests.fixtures {
            let at = format!("{}: {}", dir.display(), fixture.name);
            let report = match tests.report(fixture) {
                Ok(report) => report,
                Err(e) => {
                    failed.push(format!("{at}: {e}"));
                    continue;
                }
            };
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path(tests.snapshot_dir());
            settings.set_prepend_module_to_snapshot(false);
            settings.set_description(fixture.description());
            settings.set_comparator(Box::new(HeaderAndBody));
            let name = fixture.snapshot_name();
            // Each snapshot is compared, and shown if it differs, before the test fails.
            let held = std::panic::catch_unwind(AssertUnwindSafe(|| {
                settings.bind(|| insta::assert_snapshot!(name, report));
            }));
            if held.is_err() {
                failed.push(at);
            }
        }
        for orphan in tests.orphans().unwrap() {
            failed.push(format!(
                "{}: no fixture makes this snapshot any more (`variant-run test {} --accept` \
                 removes it)",
                orphan.display(),
                dir.display()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "reports that do not hold their snapshots:\n{}",
        failed.join("\n")
    );
}

#[test]
fn the_shipped_rulesets_reports_hold() {
    let dirs = rulesets_in("variants");
    assert!(dirs.len() >= 4, "{dirs:?}");
    reports_hold(&dirs);
}

#[test]
fn the_designs_reports_hold() {
    reports_hold(&rulesets_in("examples/designs"));
}

/// The rulesets the suite keeps as fixtures of its own (derived rulesets that drop or
/// borrow hooks), tested as a designer's folder is.
#[test]
fn the_test_rulesets_reports_hold() {
    let dirs = rulesets_in("tests/fixtures/inheritance");
    assert!(dirs.len() >= 4, "{dirs:?}");
    reports_hold(&dirs);
}

/// `variant-run test DIR` in a folder of its own.
fn test_command(dir: &std::path::Path, more: &[&str]) -> (Option<i32>, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .arg("test")
        .arg(dir)
        .args(more)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), said)
}

/// A designer's own ruleset outside `variants/`, as a designer works on it: its first
/// run shows every report as new; `--accept` writes them into `snapshots/` beside it;
/// a rule change shows as a diff and exit code 1 until accepted; a fixture that does not
/// read is named with its line; a fixture removed leaves a snapshot that `--accept`
/// removes; `--only` chooses fixtures.
#[test]
fn a_designers_own_folder_is_tested_the_same_way() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("my-rules");
    crate::common::copy::copy_dir(&root().join("tests/fixtures/designer/my-truchet"), &dir);
    std::fs::create_dir_all(dir.join("positions")).unwrap();
    std::fs::write(
        dir.join("positions/equal-stacks.pos"),
        "# x's a2 and b1 merge onto o's 2-stack on b2, away from home.\n\
         position rrr/rrr/rrr .o../..o./xo2o2x/.xx. x\n",
    )
    .unwrap();

    let (code, said) = test_command(&dir, &[]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("new: positions/equal-stacks (no "), "{said}");
    // Landing on o's 2-stack with two captures it (Browne captures by landing).
    assert!(said.contains("\n+a2,b1-b2\n"), "{said}");
    let (code, said) = test_command(&dir, &["--accept"]);
    assert_eq!(code, Some(0), "{said}");
    let snapshot = dir.join("snapshots/positions__equal-stacks.snap");
    let written = std::fs::read_to_string(&snapshot).unwrap();
    assert!(
        written.starts_with(
            "---\nsource: tests/suite/fixtures.rs\ndescription: positions/equal-stacks.pos\n\
             expression: report\n---\nx's a2 and b1 merge"
        ),
        "{written}"
    );
    assert_eq!(test_command(&dir, &[]).0, Some(0));

    // The capture rule made strict: the capture goes, as a diff.
    crate::common::copy::edit(
        &dir.join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );
    let (code, said) = test_command(&dir, &["--only", "positions/"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("changed: positions/equal-stacks ("), "{said}");
    assert!(said.contains("\n-a2,b1-b2\n"), "{said}");
    assert!(
        !said.contains("describe"),
        "--only chose the positions: {said}"
    );
    assert_eq!(
        test_command(&dir, &["--only", "positions/", "--accept"]).0,
        Some(0)
    );
    assert_eq!(test_command(&dir, &["--only", "positions/"]).0, Some(0));

    // A fixture line that does not read: named with its file and line.
    std::fs::write(
        dir.join("positions/typo.pos"),
        "position rrr/rrr/rrr .... x\nafterr a1-b2\n",
    )
    .unwrap();
    let (code, said) = test_command(&dir, &["--only", "typo"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("failed: positions/typo: ")
            && said.contains("positions/typo.pos:2: `afterr`"),
        "{said}"
    );
    std::fs::remove_file(dir.join("positions/typo.pos")).unwrap();

    // A fixture removed: its snapshot is no longer made, and `--accept` removes it.
    std::fs::remove_file(dir.join("positions/equal-stacks.pos")).unwrap();
    let (code, said) = test_command(&dir, &[]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("unused: "), "{said}");
    assert_eq!(test_command(&dir, &["--accept"]).0, Some(0));
    assert!(!snapshot.exists());
    assert_eq!(test_command(&dir, &[]).0, Some(0));
}
