//! Every kind of bad input gets one message saying what is wrong and where: position
//! texts, turn texts, TOML mistakes and script mistakes.

mod common;

use common::copy::{copy_variant, edit};
use common::load;
use variant_run::Variant;

const OPENING: &str = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
    o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x";

#[test]
fn bad_position_texts() {
    let variant = load("truchet-browne", None);
    let cases = [
        "",
        "rrrrrrr x",
        "rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrqrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......./......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../...z..../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x5.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x1.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. w",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x many",
    ];
    let report: Vec<String> = cases
        .iter()
        .map(|text| {
            let error = variant.model.parse_position(text).unwrap_err();
            format!("{text}\n  -> {error}")
        })
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}

#[test]
fn bad_turn_texts_leave_the_game_unchanged() {
    let variant = load("truchet-browne", None);
    let model = &variant.model;
    let start = model.parse_position(OPENING).unwrap();
    let fixture = model.parse_position("rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../x2x2....../..x.x.x./.x.x.x.x/x.x..... x").unwrap();
    let empty_rows = "......../......../";
    let tiles = ["rrrrrrr"; 7].join("/");
    let at_home = model
        .parse_position(&format!(
            "{tiles} {empty_rows}.xo2x..../{empty_rows}{empty_rows}........ x"
        ))
        .unwrap();
    let too_tall = model
        .parse_position(&format!(
            "{tiles} {empty_rows}.x3.x2..../{empty_rows}{empty_rows}........ x"
        ))
        .unwrap();
    let cases: Vec<(&variant_run::core::Position, &str)> = vec![
        // cannot be read
        (&start, ""),
        (&start, "a1"),
        (&start, "a1-"),
        (&start, "a1-b2-c3"),
        (&start, "z9-a1"),
        (&start, "qq12:a1-b2"),
        (&start, "a1-c3;c3-b4;b4-b5"),
        (&start, "b4-b3,0xa4"),
        (&start, "a1,b2-c3,d4"),
        (&start, "a1-c3;c3-d4"),
        // can be read, but not played here
        (&start, "d4-e5"),
        (&start, "a8-b7"),
        (&start, "a1-b2"),
        (&start, "c3-d5"),
        (&start, "a1-d6"),
        (&start, "ab12:c3-d4"),
        (&fixture, "a4-a5,b4"),
        (&start, "a1,a3-b2"),
        (&start, "a3-a4,b3"),
        (&start, "c3-d4;b2,d4-c4"),
        (&fixture, "a4,b4-c4"),
        (&fixture, "a4,b4-a5"),
        (&fixture, "a4-a5,3xb4"),
        (&fixture, "a4-b5,a3"),
        (&fixture, "c3,c5-c4"),
        (&start, "c3-d4;b2,d2-c2"),
        (&at_home, "b6,d6-c6"),
        (&too_tall, "b6,d6-c6"),
    ];
    let mut report = Vec::new();
    for (position, text) in cases {
        let before = position.clone();
        let mut game_position = position.clone();
        let error = match model.parse_turn_in(&game_position, text) {
            Ok(turn) => {
                model.apply(&mut game_position, &turn.delta);
                panic!("`{text}` was accepted")
            }
            Err(e) => e,
        };
        assert_eq!(game_position, before);
        report.push(format!("{text:<22} -> {error}"));
    }
    insta::assert_snapshot!(report.join("\n"));
}

fn scripts_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts")
}

/// Loads a copy of truchet-browne with one edit and returns the error, its temporary
/// folder shown as `<variant>`.
fn broken(label: &str, file: &str, from: &str, to: &str) -> String {
    let dir = copy_variant("truchet-browne", label);
    if let Some(shared) = file.strip_prefix("shared:") {
        // Give the copy its own version of a shared script, which shadows the original.
        let source = scripts_dir().join(shared);
        let local = dir.join(shared);
        std::fs::create_dir_all(local.parent().unwrap()).unwrap();
        std::fs::copy(source, &local).unwrap();
        edit(&local, from, to);
    } else {
        edit(&dir.join(file), from, to);
    }
    let error = match Variant::load(&dir, None) {
        Ok(variant) => {
            // Some mistakes show only when a rule runs: play the start position.
            let start = variant_run::play::game::opening(&variant, variant_run::Layout::Random, 1);
            match start {
                Ok(_) => panic!("{label}: the broken variant loads and plays"),
                Err(e) => e.to_string(),
            }
        }
        Err(e) => e.to_string(),
    };
    // Paths show relative to the working directory when they are below it, which
    // depends on where the target folder is: hide both forms.
    let mut shown = error
        .replace(&dir.display().to_string(), "<variant>")
        .replace(&scripts_dir().display().to_string(), "<scripts>");
    if let Ok(relative) = dir.strip_prefix(std::env::current_dir().unwrap()) {
        shown = shown.replace(&relative.display().to_string(), "<variant>");
    }
    shown
}

#[test]
fn bad_toml() {
    let cases = [
        ("key-typo", "variant.toml", "size = 7 ", "sise = 7 "),
        (
            "unknown-lattice",
            "variant.toml",
            "lattice = \"square\"",
            "lattice = \"squares\"",
        ),
        (
            "unknown-colour",
            "variant.toml",
            "colour = \"dark\"",
            "colour = \"blue\"",
        ),
        (
            "long-letter",
            "variant.toml",
            "letter = \"x\"",
            "letter = \"xx\"",
        ),
        (
            "same-colours",
            "variant.toml",
            "colour = \"light\"",
            "colour = \"dark\"",
        ),
        (
            "first-player",
            "variant.toml",
            "first = \"x\"",
            "first = \"z\"",
        ),
        (
            "missing-script",
            "variant.toml",
            "capture = \"truchet/capture.rhai\"",
            "capture = \"truchet/captur.rhai\"",
        ),
        (
            "bad-expression",
            "variant.toml",
            "start_rows = \"(size - 1) / 2\" #",
            "start_rows = \"(size - 1) /\" #",
        ),
        (
            "unknown-corner",
            "variant.toml",
            "[\"sw\", \"ne\"]",
            "[\"sw\", \"north\"]",
        ),
        (
            "mixed-band",
            "variant.toml",
            "[\"sw\", \"ne\"]",
            "[\"sw\", \"se\"]",
        ),
        (
            "height",
            "variant.toml",
            "max_height = 4",
            "max_height = 40",
        ),
        (
            "wrong-type",
            "variant.toml",
            "max_height = 4",
            "max_height = [4]",
        ),
        (
            "unknown-action",
            "variant.toml",
            "\"flip? step? merge\"",
            "\"flip? leap? merge\"",
        ),
    ];
    let report: Vec<String> = cases
        .iter()
        .map(|(label, file, from, to)| format!("--- {label}\n{}", broken(label, file, from, to)))
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}

#[test]
fn bad_scripts() {
    let cases = [
        (
            "syntax",
            "shared:truchet/capture.rhai",
            "landing > defender ",
            "landing > > defender ",
        ),
        (
            "unknown-variable",
            "shared:truchet/capture.rhai",
            "landing >= defender",
            "landing >= defnder",
        ),
        (
            "endless-loop",
            "shared:truchet/capture.rhai",
            "if defender_at_home {",
            "loop { }\n    if defender_at_home {",
        ),
        (
            "not-a-bool",
            "shared:truchet/capture.rhai",
            "landing >= defender ",
            "1 ",
        ),
        (
            "missing-function",
            "shared:truchet/capture.rhai",
            "fn can_capture(",
            "fn can_take(",
        ),
        (
            "bad-result",
            "shared:truchet/end.rhai",
            "let next = game.to_move;",
            "return #{ winner: \"x\" };",
        ),
        (
            "unknown-player",
            "shared:truchet/end.rhai",
            "game.pieces(next)",
            "game.pieces(\"q\")",
        ),
        (
            "unknown-param",
            "shared:truchet/end.rhai",
            "game.param(\"draw_after_quiet_turns\")",
            "game.param(\"draw_after\")",
        ),
        (
            "placement",
            "rules/setup.rhai",
            "for column in 1..=half { x_tiles.push([column, middle]); }",
            "",
        ),
    ];
    let report: Vec<String> = cases
        .iter()
        .map(|(label, file, from, to)| format!("--- {label}\n{}", broken(label, file, from, to)))
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}
