//! What a designer does with a ruleset, end to end, without rebuilding any Rust: copy
//! it, change a rule in its script, run it again, and see the games and counts change.

mod common;

use common::copy::{copy_variant, edit};
use common::load;
use variant_run::Variant;

/// On this position x can capture the o2 on b2 (dark: o away from home) with an equal
/// stack of 2, but not the o2 on c2 (light: o at home).
const POSITION: &str = "rrr/rrr/rrr .o../..o./xo2o2x/.xx. x";

#[test]
fn a_stricter_capture_rule_changes_the_turns_and_the_counts() {
    let standard = load("truchet-browne", Some(3));
    let position = standard.model.parse_position(POSITION).unwrap();
    let before: Vec<String> = standard
        .model
        .legal_turns(&position)
        .into_iter()
        .map(|t| t.text)
        .collect();
    assert!(before.contains(&"a2,b1-b2".to_string()));

    // The designer's change, as the TOML's comment tells it: copy the shared capture
    // rule into the variant folder, point `capture` at the copy, and edit it so that a
    // landing stack must always be strictly taller.
    let dir = copy_variant("truchet-browne", "stricter-capture");
    let shared =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/truchet/capture.rhai");
    std::fs::copy(shared, dir.join("rules/capture.rhai")).unwrap();
    edit(
        &dir.join("variant.toml"),
        "capture = \"truchet/capture.rhai\"",
        "capture = \"rules/capture.rhai\"",
    );
    edit(
        &dir.join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );

    let stricter = Variant::load(&dir, Some(3)).unwrap();
    let after: Vec<String> = stricter
        .model
        .legal_turns(&position)
        .into_iter()
        .map(|t| t.text)
        .collect();
    assert_eq!(after, ["a2,b1-a1", "a2-b3", "a2-c4", "c1,d2-d1"]);
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
    let dir = copy_variant("truchet-browne", "draw-rule");
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
