//! The README's rule change, followed literally on a copy of the project: the suite is
//! run there once to write the new snapshots, and once more to be green. So no test
//! holds a shipped ruleset's rules in a bare assertion: after a legitimate change, every
//! expectation that follows from the rules is a snapshot to review and accept.
//!
//! The copy holds what the tests read (rulesets, shared scripts, fixtures, tables,
//! snapshots); this test binary runs again with `VARIANT_RUN_HOME` and
//! `INSTA_WORKSPACE_ROOT` pointing at it, so nothing is compiled twice.

use std::path::Path;
use std::process::Command;

use crate::common::copy::{copy_dir, edit};

/// Runs every other test of this binary on the project at `root`.
fn suite_on(root: &Path, update: &str) -> std::process::Output {
    Command::new(std::env::current_exe().unwrap())
        .args(["--skip", "rule_change::", "--test-threads", "2"])
        .env("VARIANT_RUN_HOME", root)
        .env("INSTA_WORKSPACE_ROOT", root)
        .env("INSTA_UPDATE", update)
        .env_remove("INSTA_FORCE_PASS")
        .output()
        .unwrap()
}

fn tail(output: &std::process::Output) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(60)..].join("\n")
}

#[test]
fn the_readmes_rule_change_leaves_the_suite_green_once_snapshots_are_accepted() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rule-change");
    let _ = std::fs::remove_dir_all(&root);
    let project = crate::common::root();
    for folder in ["variants", "scripts", "tests"] {
        copy_dir(&project.join(folder), &root.join(folder));
    }

    // README, "Testing rule changes": give truchet-browne its own copy of the shared
    // capture rule, point `capture` at it, and make a landing always strictly taller.
    let browne = root.join("variants/truchet-browne");
    std::fs::copy(
        root.join("scripts/truchet/capture.rhai"),
        browne.join("rules/capture.rhai"),
    )
    .unwrap();
    edit(
        &browne.join("variant.toml"),
        "capture = \"truchet/capture.rhai\"",
        "capture = \"rules/capture.rhai\"",
    );
    edit(
        &browne.join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );

    let snapshot = "tests/suite/snapshots/\
                    suite__positions__position_fixtures@truchet-browne__positions__captures-by-colour.pos.snap";
    let before = std::fs::read_to_string(root.join(snapshot)).unwrap();

    let accept = suite_on(&root, "always");
    assert!(
        accept.status.success(),
        "with new snapshots written, a test still fails: it holds the old rule \
         somewhere other than a snapshot\n{}",
        tail(&accept)
    );
    let after = std::fs::read_to_string(root.join(snapshot)).unwrap();
    assert_ne!(before, after, "the rule change changed no move list");
    // The turn lines (the fixture's comment still quotes the old hand-worked list).
    let listed = |text: &str| text.lines().any(|l| l.trim() == "a2,b1-b2");
    assert!(
        listed(&before) && !listed(&after),
        "equal stacks no longer capture away from home"
    );

    let green = suite_on(&root, "no");
    assert!(
        green.status.success(),
        "the accepted snapshots do not hold\n{}",
        tail(&green)
    );
}
