//! The README's rule change, followed literally on a copy of the project: the suite is
//! run there once to write the new snapshots, and once more to be green. So no test
//! holds a shipped ruleset's rules in a bare assertion: after a legitimate change, every
//! expectation that follows from the rules is a snapshot to review and accept.
//!
//! The copy holds what the tests read (rulesets, shared scripts, fixtures, tables,
//! snapshots); this test binary runs again with `VARIANT_RUN_HOME` and
//! `INSTA_WORKSPACE_ROOT` pointing at it, so nothing is compiled twice.
//!
//! The change is made as the README words it, from the shared script and whatever
//! truchet-browne's `variant.toml` says now, so the test still holds once a designer has
//! made that very change to the project (and accepted its snapshots).

use std::path::Path;
use std::process::Command;

use variant_run::Variant;

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

/// The README's words for the change, "Testing rule changes", with line breaks as spaces:
/// the test makes the change these describe, and fails if the README says another.
const README_STEPS: [&str; 3] = [
    "copy `scripts/truchet/capture.rhai` to `variants/truchet-browne/rules/capture.rhai`",
    "set `capture = \"rules/capture.rhai\"` in its `variant.toml`",
    "change `landing >= defender` to `landing > defender` in the copy",
];

/// Makes the README's rule change on the project at `root`: a fresh copy of the shared
/// capture rule in truchet-browne's folder, `[rules] capture` pointed at it whatever it
/// pointed at before, and the copy made strict. Made on a ruleset that already has the
/// change, it leaves the same files.
fn make_the_readmes_rule_change(root: &Path) {
    let readme = std::fs::read_to_string(crate::common::root().join("README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for step in README_STEPS {
        assert!(
            readme.contains(step),
            "README.md no longer says to {step}: make this test follow what it says now"
        );
    }

    let browne = root.join("variants/truchet-browne");
    std::fs::create_dir_all(browne.join("rules")).unwrap();
    std::fs::copy(
        root.join("scripts/truchet/capture.rhai"),
        browne.join("rules/capture.rhai"),
    )
    .unwrap();
    set_rules_capture(&browne.join("variant.toml"), "rules/capture.rhai");
    edit(
        &browne.join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );
}

/// Sets `capture` in the `[rules]` table of a variant.toml, keeping every other line.
fn set_rules_capture(toml: &Path, script: &str) {
    let text = std::fs::read_to_string(toml).unwrap();
    let mut table = String::new();
    let mut set = 0;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                table = trimmed.to_string();
            } else if table == "[rules]"
                && trimmed.split('=').next().map(str::trim) == Some("capture")
            {
                set += 1;
                return format!("capture = \"{script}\"");
            }
            line.to_string()
        })
        .collect();
    assert_eq!(
        set,
        1,
        "{} has no single `capture = ...` line in [rules] to point at {script}",
        toml.display()
    );
    std::fs::write(toml, lines.join("\n") + "\n").unwrap();
}

/// The README's position in "Capture" of variants/truchet-browne/README.md: x's a2 and b1
/// merge onto o's 2-stack on b2, away from home, and take it with 2 only while equal
/// stacks capture there.
const EQUAL_CAPTURE: &str = "rrr/rrr/rrr .o../..o./xo2o2x/.xx. x";

fn turns_at_size_3(browne: &Path) -> Vec<String> {
    let variant = Variant::load(browne, Some(3)).unwrap();
    let position = variant.model.parse_position(EQUAL_CAPTURE).unwrap();
    variant
        .legal_turns(&position)
        .unwrap()
        .into_iter()
        .map(|t| t.text)
        .collect()
}

/// The change, made once as a designer would and once more as the test makes it, gives
/// the stricter rule: the test does not depend on the shipped text it changes.
#[test]
fn the_readmes_rule_change_can_be_made_on_a_ruleset_that_already_has_it() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path();
    let project = crate::common::root();
    for folder in ["variants", "scripts"] {
        copy_dir(&project.join(folder), &root.join(folder));
    }
    let browne = root.join("variants/truchet-browne");

    make_the_readmes_rule_change(root);
    let once = std::fs::read_to_string(browne.join("variant.toml")).unwrap();
    assert!(!turns_at_size_3(&browne).contains(&"a2,b1-b2".to_string()));

    make_the_readmes_rule_change(root);
    assert_eq!(
        std::fs::read_to_string(browne.join("variant.toml")).unwrap(),
        once
    );
    assert!(!turns_at_size_3(&browne).contains(&"a2,b1-b2".to_string()));
}

#[test]
fn the_readmes_rule_change_leaves_the_suite_green_once_snapshots_are_accepted() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rule-change");
    let _ = std::fs::remove_dir_all(&root);
    let project = crate::common::root();
    for folder in ["variants", "scripts", "tests", "examples"] {
        copy_dir(&project.join(folder), &root.join(folder));
    }

    let snapshot = "tests/suite/snapshots/\
                    suite__positions__position_fixtures@truchet-browne__positions__captures-by-colour.pos.snap";
    make_the_readmes_rule_change(&root);

    let accept = suite_on(&root, "always");
    assert!(
        accept.status.success(),
        "with new snapshots written, a test still fails: it holds the old rule \
         somewhere other than a snapshot\n{}",
        tail(&accept)
    );
    let after = std::fs::read_to_string(root.join(snapshot)).unwrap();
    // The turn lines (the fixture's comment still quotes the old hand-worked list): the
    // snapshot moved with the change, unless the project has made it already.
    assert!(
        !after.lines().any(|l| l.trim() == "a2,b1-b2"),
        "equal stacks still capture away from home"
    );

    let green = suite_on(&root, "no");
    assert!(
        green.status.success(),
        "the accepted snapshots do not hold\n{}",
        tail(&green)
    );
}
