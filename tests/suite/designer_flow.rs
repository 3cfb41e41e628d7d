//! What a designer does with a ruleset, end to end, without rebuilding any Rust: copy
//! it, change a rule in its script, run it again, and see the games and counts change.
//! The rules edited here are the fixture's (tests/fixtures/designer/my-truchet), so a
//! change to a shipped ruleset never breaks these tests; rule_change.rs follows the
//! README's own change on the shipped rulesets.

use crate::common::copy::{copy_dir, copy_variant, edit};
use crate::common::load;
use variant_run::Variant;

/// On this position x can capture the o2 on b2 (dark: o away from home) with an equal
/// stack of 2, but not the o2 on c2 (light: o at home).
const POSITION: &str = "rrr/rrr/rrr .o../..o./xo2o2x/.xx. x";

/// A copy of the designer's own ruleset (tests/fixtures/designer/my-truchet, Browne's
/// rules with every script in its folder), in a fresh temporary folder.
fn my_truchet(label: &str) -> std::path::PathBuf {
    let from = crate::common::root().join("tests/fixtures/designer/my-truchet");
    let to = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let _ = std::fs::remove_dir_all(&to);
    copy_dir(&from, &to);
    to
}

#[test]
fn a_stricter_capture_rule_changes_the_turns_and_the_counts() {
    let dir = my_truchet("stricter-capture");
    let standard = Variant::load(&dir, None).unwrap();
    let position = standard.model.parse_position(POSITION).unwrap();
    let turns = |v: &Variant| -> Vec<String> {
        v.model
            .legal_turns(&position)
            .into_iter()
            .map(|t| t.text)
            .collect()
    };
    // Worked out by hand (see POSITION): Browne's rule lets a2,b1 capture on b2.
    assert_eq!(
        turns(&standard),
        ["a2,b1-a1", "a2,b1-b2", "a2-b3", "a2-c4", "c1,d2-d1"]
    );

    // The designer's change: a landing stack must always be strictly taller.
    edit(
        &dir.join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );
    let stricter = Variant::load(&dir, None).unwrap();
    assert_eq!(turns(&stricter), ["a2,b1-a1", "a2-b3", "a2-c4", "c1,d2-d1"]);
    let counts = |v: &Variant| v.model.perft(v, &position, 3).unwrap();
    assert!(counts(&stricter) < counts(&standard));
}

#[test]
fn a_path_works_wherever_a_name_does() {
    let dir = copy_variant("truchet-browne", "by-path");
    let by_path = Variant::load_named(dir.to_str().unwrap(), None).unwrap();
    let by_name = load("truchet-browne", None);
    let start = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x";
    let a = by_path.model.parse_position(start).unwrap();
    let b = by_name.model.parse_position(start).unwrap();
    assert_eq!(
        by_path.model.perft(&by_path, &a, 2),
        by_name.model.perft(&by_name, &b, 2)
    );
}

#[test]
fn a_longer_draw_rule_is_a_toml_edit() {
    let dir = my_truchet("draw-rule");
    edit(
        &dir.join("variant.toml"),
        "draw_after_quiet_turns = 100",
        "draw_after_quiet_turns = 3",
    );
    let variant = Variant::load(&dir, Some(5)).unwrap();
    let position = variant
        .model
        .parse_position(
            "lllll/lllll/lllll/lllll/lllll o.o.o./.o.o.o/....../....../x.x.x./.x.x.x x 3",
        )
        .unwrap();
    let outcome = variant.judge(&position).unwrap().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason.as_str()),
        (None, "3 turns without a capture")
    );
}
