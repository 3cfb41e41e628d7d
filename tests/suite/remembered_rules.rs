//! The end-of-game rule's results are remembered by the answers the script got to its
//! questions (src/ruleset/script/memo.rs): what is remembered is what the script says,
//! on every ruleset; a script that prints always runs; an after-turn rule is remembered
//! with the groups it takes, and changes every position as its script does.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use variant_run::core::Position;
use variant_run::play::{opening, Layout};
use variant_run::{LoadOptions, Variant};

/// Positions along seeded random games, the after-turn rules applied.
fn positions(variant: &Variant, games: u64, turns: usize) -> Vec<Position> {
    let model = &variant.model;
    let mut out = Vec::new();
    for seed in 0..games {
        let mut position = opening(variant, Layout::Setup, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..turns {
            out.push(position.clone());
            if variant.judge_by_script(&position).unwrap().is_some() {
                break;
            }
            let Some(delta) = model.random_turn(&position, &mut |n| rng.gen_range(0..n)) else {
                break;
            };
            position = variant.play(&position, &delta).unwrap();
        }
    }
    out
}

/// Judges every position `rounds` times over, by the remembered tree and by running the
/// script, and holds the two alike: the first round mostly runs the script and learns,
/// the later ones mostly recall.
fn judges_as_its_script(variant: &Variant, positions: &[Position], rounds: usize, label: &str) {
    for _ in 0..rounds {
        for position in positions {
            assert_eq!(
                variant.judge(position).unwrap(),
                variant.judge_by_script(position).unwrap(),
                "{label}: {}",
                variant.model.position_text(position)
            );
        }
    }
}

#[test]
fn remembered_results_are_the_scripts() {
    let short_draw = |size: Option<u32>| LoadOptions {
        size,
        params: vec![("draw_after_quiet_turns".into(), "15".into())],
        ..LoadOptions::default()
    };
    for (ruleset, options) in [
        ("truchet-browne", short_draw(Some(5))),
        ("truchet-boardspace", LoadOptions::default()),
        ("truchet-hex", short_draw(Some(3))),
        (
            "trugo",
            LoadOptions {
                params: vec![("pool".into(), "12".into())],
                ..short_draw(None)
            },
        ),
    ] {
        let variant = Variant::load_named_with(ruleset, &options).unwrap();
        judges_as_its_script(&variant, &positions(&variant, 12, 300), 2, ruleset);
        assert!(variant.remembers_end_rule(), "{ruleset}");
    }
}

/// A copy of truchet-hex whose end rule is the shipped one with `change` made to it.
fn hex_with_end_rule(label: &str, change: impl Fn(&str) -> String) -> Variant {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::write(dir.join("rules/end.rhai"), change(&end_rule())).unwrap();
    // truchet-hex as these tests were written, with Browne's capture and the outcome
    // module beside it (imports look in the ruleset's folder first).
    let memo = crate::common::root().join("tests/fixtures/memo");
    std::fs::copy(memo.join("hex.toml"), dir.join("variant.toml")).unwrap();
    for file in ["capture.rhai", "outcome.rhai"] {
        std::fs::copy(memo.join(file), dir.join(file)).unwrap();
    }
    Variant::load(&dir, Some(3)).unwrap()
}

/// The end rule these tests change: Browne's, as a fixture of their own
/// (tests/fixtures/memo/end.rhai), so that the shipped rule can change.
fn end_rule() -> String {
    std::fs::read_to_string(crate::common::root().join("tests/fixtures/memo/end.rhai")).unwrap()
}

/// `text` with `from` replaced by `to` once; `from` must be there, so a change that
/// stopped applying cannot pass unseen.
fn changed(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the rule no longer holds {from:?}");
    text.replacen(from, to, 1)
}

/// A script that prints always runs; one handed groups before it asks anything is
/// remembered by how many it was handed (and what it reads of them).
#[test]
fn scripts_with_side_effects_always_run_and_groups_handed_are_remembered() {
    let printing = hex_with_end_rule("memo-print", |rule| {
        changed(
            rule,
            "let next = game.to_move;",
            "let next = game.to_move;\n    print(next);",
        )
    });
    judges_as_its_script(&printing, &positions(&printing, 2, 20), 1, "printing");
    assert!(!printing.remembers_end_rule());
    let grouping = hex_with_end_rule("memo-groups", |rule| {
        changed(
            rule,
            "let next = game.to_move;",
            "let groups = game.groups(\"x\");\n    \
             if groups.len() > 2 && groups[0].size > 3 { return (); }\n    \
             let next = game.to_move;",
        )
    });
    judges_as_its_script(&grouping, &positions(&grouping, 4, 40), 2, "grouping");
    assert!(grouping.remembers_end_rule());
}

/// A script that changes pieces by junction names, after it asked something, runs
/// wherever those answers lead (a "run here" leaf) and is remembered elsewhere: the
/// results are still the script's.
#[test]
fn changes_by_name_after_a_question_run_only_there() {
    let variant = hex_with_end_rule("memo-names-later", |rule| {
        changed(
            rule,
            "let limit = game.param(\"draw_after_quiet_turns\");",
            "if game.pieces(next) > 2 { game.remove_stack([game.junctions()[0]]); }\n    \
             let limit = game.param(\"draw_after_quiet_turns\");",
        )
    });
    judges_as_its_script(&variant, &positions(&variant, 4, 40), 2, "names later");
    assert!(variant.remembers_end_rule());
}

/// Positions along seeded random games just before the after-turn rule runs, each with
/// the position the remembered rule leaves and the one the script leaves.
fn after_turn_as_its_script(variant: &Variant, games: u64, turns: usize, label: &str) -> usize {
    let model = &variant.model;
    let mut changed = 0;
    for seed in 0..games {
        let mut position = opening(variant, Layout::Setup, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..turns {
            if variant.judge_by_script(&position).unwrap().is_some() {
                break;
            }
            let Some(delta) = model.random_turn(&position, &mut |n| rng.gen_range(0..n)) else {
                break;
            };
            let before = model.after(&position, &delta);
            let (mut remembered, mut by_script) = (before.clone(), before.clone());
            variant.after_turn(&mut remembered).unwrap();
            variant.after_turn_by_script(&mut by_script).unwrap();
            assert_eq!(
                model.position_text(&remembered),
                model.position_text(&by_script),
                "{label}: after {}",
                model.position_text(&before)
            );
            changed += usize::from(by_script != before);
            position = variant.play(&position, &delta).unwrap();
        }
    }
    changed
}

/// The capture rules of Trugo (with and without stacking), of the truchet-go design and
/// of the square test patch change every position as their scripts do, whether the
/// tree takes the groups or the script runs; and the trees stay on.
#[test]
fn remembered_captures_are_the_scripts() {
    let small = |stacking: &str| LoadOptions {
        params: vec![
            ("pool".into(), "16".into()),
            ("stacking".into(), stacking.into()),
        ],
        ..LoadOptions::default()
    };
    let root = crate::common::root();
    let rulesets = [
        (
            "trugo",
            Variant::load_named_with("trugo", &small("true")).unwrap(),
        ),
        (
            "trugo, no stacking",
            Variant::load_named_with("trugo", &small("false")).unwrap(),
        ),
        (
            "truchet-go",
            Variant::load(&root.join("examples/designs/truchet-go"), Some(5)).unwrap(),
        ),
        (
            "square-trugo",
            Variant::load(&root.join("tests/fixtures/square-trugo"), None).unwrap(),
        ),
    ];
    for (label, variant) in rulesets {
        let captures = after_turn_as_its_script(&variant, 30, 200, label);
        assert!(captures > 0, "{label}: no game captured anything");
        assert!(variant.remembers_after_turn_rule(), "{label}");
    }
}

/// The Go capture of examples/designs/truchet-go, which asks for the groups with no
/// liberty: a position where nothing is surrounded is remembered as changing nothing,
/// and one where a group is surrounded is still captured, every time it comes.
#[test]
fn a_capture_is_remembered_where_it_takes_nothing_and_taken_where_it_takes() {
    let dir = crate::common::root().join("examples/designs/truchet-go");
    let variant = Variant::load(&dir, Some(5)).unwrap();
    let tiles = "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr";
    let quiet = format!("{tiles} ....../....../..x.../.xo2.../..x.../ox.... o");
    let taken = format!("{tiles} ....../....../..x.../.xo2x../x.x.../ox.... o");
    let after_turn = |text: &str| {
        let mut position = variant.model.parse_position(text).unwrap();
        variant.after_turn(&mut position).unwrap();
        variant.model.position_text(&position)
    };
    for _ in 0..3 {
        assert_eq!(after_turn(&quiet), quiet, "o's stack on c3 has a liberty");
        assert_eq!(
            after_turn(&taken),
            format!("{tiles} ....../....../..x.../.x.x../x.x.../.x.... o")
        );
    }
    assert!(variant.remembers_after_turn_rule());
    // Trugo's capture, likewise: its twin holds it to the same captures on seeded
    // games (tests/suite/bench.rs).
    assert!(crate::common::load("trugo", None).remembers_after_turn_rule());
}

/// An answer compared with a constant where it is asked (`game.pieces(next) == 0`) is
/// remembered as the comparison: the tree learns far less than where the script keeps
/// the count in a variable first, and says what the script says.
#[test]
fn answers_compared_with_constants_are_remembered_as_the_comparison() {
    let compared = hex_with_end_rule("memo-compared", |rule| {
        changed(
            rule,
            "if game.pieces(next) == 0 {",
            "if 0 == game.pieces(next) {",
        )
    });
    let kept = hex_with_end_rule("memo-kept", |rule| {
        changed(
            rule,
            "if game.pieces(next) == 0 {",
            "let pieces = game.pieces(next);\n    if pieces == 0 {",
        )
    });
    let positions = positions(&kept, 12, 300);
    judges_as_its_script(&compared, &positions, 1, "compared");
    judges_as_its_script(&kept, &positions, 1, "kept");
    let (small, big) = (compared.end_rule_tree_nodes(), kept.end_rule_tree_nodes());
    assert!(small * 2 < big, "compared {small} nodes, kept {big}");
}

/// A rule that imports another (the connection design's end calls Browne's) is
/// remembered by the comparisons of the imported script too: the tree stays far smaller
/// than where the imported script keeps the count in a variable first. What the fixed
/// board alone answers (`game.edge`, `game.home`) is not asked again. Either way the
/// tree says what the script says.
#[test]
fn imported_rules_are_remembered_by_their_comparisons_too() {
    let design = crate::common::root().join("examples/designs/truchet-connection");
    // The design with its own copy of Browne's end, which its `import "truchet/end"`
    // finds first: as it is, and keeping the count in a variable.
    let with_end = |label: &str, rule: String| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
        let _ = std::fs::remove_dir_all(&dir);
        crate::common::copy::copy_dir(&design, &dir);
        std::fs::create_dir_all(dir.join("truchet")).unwrap();
        std::fs::write(dir.join("truchet/end.rhai"), rule).unwrap();
        Variant::load(&dir, Some(5)).unwrap()
    };
    let shipped = with_end("memo-imported-compared", end_rule());
    let kept_count = "let pieces = game.pieces(next);\n    if pieces == 0 {";
    let kept = with_end(
        "memo-imported-kept",
        changed(&end_rule(), "if game.pieces(next) == 0 {", kept_count),
    );
    let along = positions(&kept, 12, 300);
    judges_as_its_script(&shipped, &along, 2, "imported and compared");
    judges_as_its_script(&kept, &along, 2, "imported and kept");
    let (small, big) = (shipped.end_rule_tree_nodes(), kept.end_rule_tree_nodes());
    assert!(
        small * 2 < big,
        "imported and compared {small} nodes, kept {big}"
    );
    // The bases design asks its board for each player's bases on every call.
    let bases = Variant::load(
        &crate::common::root().join("examples/designs/hex-bases"),
        Some(3),
    )
    .unwrap();
    judges_as_its_script(&bases, &positions(&bases, 8, 200), 2, "hex-bases");
}
