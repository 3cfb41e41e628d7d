//! Rule changes of every kind a designer makes, on a copy of the project, tested the way
//! the README's "Testing rule changes" says: `variant-run test` shows every report the
//! change moved and exits with 1, `--accept` writes them, and `variant-run test` passes
//! again. So no expectation about a shipped ruleset lives anywhere but in a snapshot the
//! accept step writes.
//!
//! The changes: the README's own (a capture rule made strict), an end rule (one piece
//! left loses), an after-turn rule (Trugo's edge no longer keeps a group safe), values in
//! the TOML (a draw count, a pool, a height limit, bases to win), and a new fixture;
//! for the whole suite's run, more of each kind besides (the shared end rule, a set-up
//! rule, Boardspace's capture, Trugo's end, start rows, new games and perft tables); each
//! is made whatever the shipped files say now (a change the project has already
//! made is made again, to the same files).
//!
//! The whole suite green on the changed project, once the accept step has run, is
//! [`the_whole_suite_is_green_after_rule_changes_once_accepted`]: it runs this test
//! binary again on the copy, minutes of work, so it is ignored here and run by `.ci/run`.

use std::path::Path;
use std::process::{Command, Output};

use variant_run::Variant;

use crate::common::copy::copy_dir;

/// The README's words for its example change, "Testing rule changes", with line breaks
/// as spaces: the test makes the change these describe, and fails if the README says
/// another.
const README_STEPS: [&str; 3] = [
    "copy `scripts/truchet/capture.rhai` to `variants/truchet-browne/rules/capture.rhai`",
    "set `capture = \"rules/capture.rhai\"` in its `variant.toml`",
    "change `landing >= defender` to `landing > defender` in the copy",
];

/// A copy of what the tests and the program read (rulesets, shared scripts, designs,
/// test fixtures; with `documents`, the documents too) in `<tmp>/<label>`.
fn project_copy(label: &str, documents: bool) -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let _ = std::fs::remove_dir_all(&root);
    let project = crate::common::root();
    let mut folders = vec!["variants", "scripts", "examples", "tests"];
    if documents {
        folders.push("docs");
        for file in ["README.md", "TESTING.md", "BENCHMARKS.md"] {
            std::fs::create_dir_all(&root).unwrap();
            std::fs::copy(project.join(file), root.join(file)).unwrap();
        }
    }
    for folder in folders {
        copy_dir(&project.join(folder), &root.join(folder));
    }
    root
}

/// Sets `key = value` in the table `[table]` of a variant.toml, keeping every other line;
/// adds the key (and the table) if it is not there.
fn set_toml(toml: &Path, table: &str, key: &str, value: &str) {
    let text = std::fs::read_to_string(toml).unwrap();
    let mut current = String::new();
    let mut set = false;
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if current == table && !set {
                lines.push(format!("{key} = {value}"));
                set = true;
            }
            current = trimmed.trim_matches(['[', ']']).to_string();
        } else if current == table && trimmed.split('=').next().map(str::trim) == Some(key) {
            lines.push(format!("{key} = {value}"));
            set = true;
            continue;
        }
        lines.push(line.to_string());
    }
    if !set {
        if current != table {
            lines.push(format!("\n[{table}]"));
        }
        lines.push(format!("{key} = {value}"));
    }
    std::fs::write(toml, lines.join("\n") + "\n").unwrap();
}

/// Replaces `from` by `to` in a file, which must hold `from`.
fn change(path: &Path, from: &str, to: &str) {
    crate::common::copy::edit(path, from, to);
}

/// The README's rule change on the project at `root`: a fresh copy of the shared capture
/// rule in truchet-browne's folder, `[rules] capture` pointed at it whatever it pointed
/// at before, and the copy made strict.
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
    set_toml(
        &browne.join("variant.toml"),
        "rules",
        "capture",
        "\"rules/capture.rhai\"",
    );
    change(
        &browne.join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );
}

/// Changes of every other kind, on several rulesets: an end rule (Browne's end, copied
/// into truchet-hex's folder: a player left with one piece loses), an after-turn rule
/// (Trugo's edge keeps no group safe), TOML values (Browne's draw count, Trugo's pool,
/// truchet-hex's height limit, Boardspace's bases to win), and a new position fixture.
fn make_the_other_changes(root: &Path) {
    let hex = root.join("variants/truchet-hex");
    std::fs::create_dir_all(hex.join("rules")).unwrap();
    let end = hex.join("rules/end.rhai");
    std::fs::copy(root.join("scripts/truchet/end.rhai"), &end).unwrap();
    change(
        &end,
        "if game.pieces(next) == 0 {",
        "if game.pieces(next) <= 1 {",
    );
    set_toml(
        &hex.join("variant.toml"),
        "rules",
        "end",
        "\"rules/end.rhai\"",
    );
    set_toml(&hex.join("variant.toml"), "turn", "max_height", "3");

    change(
        &root.join("variants/trugo/rules/capture.rhai"),
        "#{ liberties: 0, touches_edge: false }",
        "#{ liberties: 0 }",
    );
    set_toml(
        &root.join("variants/trugo/variant.toml"),
        "params",
        "pool",
        "30",
    );
    set_toml(
        &root.join("variants/truchet-browne/variant.toml"),
        "params",
        "draw_after_quiet_turns",
        "60",
    );
    set_toml(
        &root.join("variants/truchet-boardspace/variant.toml"),
        "params",
        "bases_to_win",
        "2",
    );
    std::fs::write(
        root.join("variants/trugo/positions/new-fixture.pos"),
        "# A fixture added with the change: the empty patch.\nposition - - 30 o=25,x=25 o\n",
    )
    .unwrap();
}

/// More changes, made after [`make_the_other_changes`] for the whole suite's run: the
/// shared end rule (a player left with one piece loses: truchet-browne and the designs
/// and test rulesets that import it), a set-up rule (x lays Browne's central tile), Boardspace's
/// capture made strict, Trugo's end (one piece left loses in the Waning phase), TOML
/// values (Browne's height limit, truchet-hex's start rows, Trugo's and Boardspace's draw
/// counts), and new fixtures of the other kinds (a sample game, a perft table).
fn make_more_changes(root: &Path) {
    change(
        &root.join("scripts/truchet/end.rhai"),
        "if game.pieces(next) == 0 {",
        "if game.pieces(next) <= 1 {",
    );
    change(
        &root.join("variants/truchet-browne/rules/setup.rhai"),
        "#{ player: \"o\", tiles: [[middle, middle]] },",
        "#{ player: \"x\", tiles: [[middle, middle]] },",
    );
    change(
        &root.join("variants/truchet-boardspace/rules/capture.rhai"),
        "    landing >= defender",
        "    landing > defender",
    );
    change(
        &root.join("variants/trugo/rules/end.rhai"),
        "        if game.pieces(next) == 0 {",
        "        if game.pieces(next) <= 1 {",
    );
    set_toml(
        &root.join("variants/truchet-browne/variant.toml"),
        "turn",
        "max_height",
        "3",
    );
    let hex = root.join("variants/truchet-hex/variant.toml");
    let text = std::fs::read_to_string(&hex).unwrap();
    assert_eq!(text.matches("\nstart_rows = 2 ").count(), 2, "{text}");
    std::fs::write(&hex, text.replace("\nstart_rows = 2 ", "\nstart_rows = 1 ")).unwrap();
    set_toml(
        &root.join("variants/trugo/variant.toml"),
        "params",
        "draw_after_quiet_turns",
        "40",
    );
    set_toml(
        &root.join("variants/truchet-boardspace/variant.toml"),
        "params",
        "draw_after_quiet_turns",
        "50",
    );
    std::fs::write(
        root.join("variants/truchet-hex/games/new-game.game"),
        "# A game added with the change.\nseed 9\nplayer x=greedy\nplayer o=random\n",
    )
    .unwrap();
    std::fs::write(
        root.join("variants/trugo/perft/new.perft"),
        "# A table added with the change.\nid empty-patch\nposition - - 30 o=25,x=25 o\ndepth 1\n",
    )
    .unwrap();
}

/// `variant-run <args>` run in the project copy at `root`, which it reads.
fn variant_run(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(root)
        .env("VARIANT_RUN_HOME", root)
        .output()
        .unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The position of "Capture" in variants/truchet-browne/README.md: x's a2 and b1 merge
/// onto o's 2-stack on b2, away from home, and take it with 2 only while equal stacks
/// capture there.
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
    let root = project_copy("rule-change-twice", false);
    let browne = root.join("variants/truchet-browne");
    make_the_readmes_rule_change(&root);
    let once = std::fs::read_to_string(browne.join("variant.toml")).unwrap();
    assert!(!turns_at_size_3(&browne).contains(&"a2,b1-b2".to_string()));
    make_the_readmes_rule_change(&root);
    assert_eq!(
        std::fs::read_to_string(browne.join("variant.toml")).unwrap(),
        once
    );
    assert!(!turns_at_size_3(&browne).contains(&"a2,b1-b2".to_string()));
}

/// Every kind of change, on every shipped ruleset: `variant-run test` names each report
/// that moved and exits with 1; `--accept` writes them; then it passes.
#[test]
fn variant_run_test_shows_every_change_and_accepts_it() {
    let root = project_copy("rule-change-loop", false);
    make_the_readmes_rule_change(&root);
    make_the_other_changes(&root);
    let rulesets = [
        "test",
        "truchet-browne",
        "truchet-boardspace",
        "truchet-hex",
        "trugo",
    ];
    let check = variant_run(&root, &rulesets);
    let said = text(&check);
    assert_eq!(check.status.code(), Some(1), "{said}");
    for moved in [
        // The capture rule: the equal stacks of captures-by-colour no longer take.
        "changed: positions/captures-by-colour (variants/truchet-browne/",
        // The draw count, in describe and in the games that ran into it.
        "+param draw_after_quiet_turns = 60",
        // The end rule and the height limit of truchet-hex.
        "changed: describe (variants/truchet-hex/",
        // Trugo's after-turn rule: a group on the edge is taken.
        "changed: positions/edge-keeps-a-group-safe (variants/trugo/",
        // Bases to win: two bases now win.
        "changed: positions/three-of-four-bases (variants/truchet-boardspace/",
        // The new fixture.
        "new: positions/new-fixture (no variants/trugo/snapshots/positions__new-fixture.snap",
        // A design derived from a changed ruleset moves with it.
        "examples/designs/browne-endgame: ",
    ] {
        assert!(said.contains(moved), "`{moved}` is not said:\n{said}");
    }
    let accept = variant_run(&root, &[&rulesets[..], &["--accept"]].concat());
    assert_eq!(accept.status.code(), Some(0), "{}", text(&accept));
    let again = variant_run(&root, &rulesets);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again));
    assert!(
        text(&again).ends_with("hold\n"),
        "every report holds: {}",
        text(&again)
    );
    let strict = std::fs::read_to_string(
        root.join("variants/truchet-browne/snapshots/positions__captures-by-colour.snap"),
    )
    .unwrap();
    assert!(
        !strict.lines().any(|l| l.trim() == "a2,b1-b2"),
        "the accepted snapshot holds the strict rule"
    );
}

/// Runs every other test of this binary on the project at `root`, snapshots read only.
fn suite_on(root: &Path) -> Output {
    Command::new(std::env::current_exe().unwrap())
        .args(["--skip", "rule_change::", "--test-threads", "2"])
        .env("VARIANT_RUN_HOME", root)
        .env("INSTA_WORKSPACE_ROOT", root)
        .env("INSTA_UPDATE", "no")
        .env_remove("INSTA_FORCE_PASS")
        .output()
        .unwrap()
}

/// What a run of the suite says about its failures: from libtest's first `failures:`
/// line on (each failed test's message, then their names), else the last lines. The
/// lines scripts print (`script: ...`) are left out, as there are thousands.
fn tail(output: &Output) -> String {
    let all = text(output);
    let lines: Vec<&str> = all.lines().filter(|l| !l.starts_with("script: ")).collect();
    let from = lines
        .iter()
        .position(|l| *l == "failures:")
        .unwrap_or(lines.len().saturating_sub(80));
    lines[from..]
        .iter()
        .take(400)
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// After the changes and `variant-run test --accept` (every ruleset and document of the
/// copy), the whole suite passes on the changed project with no other edit: no test
/// holds a shipped rule, or a document's output, anywhere but where the accept step
/// writes. Minutes of work (the suite runs again), so `.ci/run` runs it.
#[test]
#[ignore = "runs the whole suite again on a changed copy of the project; .ci/run runs it"]
fn the_whole_suite_is_green_after_rule_changes_once_accepted() {
    let root = project_copy("rule-change-suite", true);
    make_the_readmes_rule_change(&root);
    make_the_other_changes(&root);
    make_more_changes(&root);
    let accept = variant_run(&root, &["test", "--accept"]);
    assert_eq!(accept.status.code(), Some(0), "{}", tail(&accept));
    let green = suite_on(&root);
    assert!(
        green.status.success(),
        "with every report and output accepted, a test still fails: it holds a rule \
         somewhere the accept step does not write\n{}",
        tail(&green)
    );
}
