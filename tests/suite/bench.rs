//! The benchmark command, and the native twins it measures the script boundary with: a
//! twin decides every position as the script it copies does, and a changed script has
//! no twin.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use variant_run::core::{Position, Referee};
use variant_run::play::opening;
use variant_run::play::Layout;
use variant_run::{LoadOptions, Variant};

use crate::common::copy::copy_variant;
use crate::common::{load, load_for, read_perft_table};

/// Plays seeded random games and asks the twin and the script about every position.
fn twin_agrees_on_random_games(variant: &Variant, games: u64) {
    let twin = variant
        .native_twin()
        .expect("a shipped Truchet ruleset has a twin");
    let model = &variant.model;
    for seed in 0..games {
        let mut position = opening(variant, Layout::Setup, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..400 {
            let scripted = variant.judge(&position).unwrap();
            let native = twin.outcome(model, &position).unwrap();
            assert_eq!(native, scripted, "{}", model.position_text(&position));
            if scripted.is_some() {
                break;
            }
            let Some(delta) = model.random_turn(&position, &mut |n| rng.gen_range(0..n)) else {
                break;
            };
            position = variant.play(&position, &delta).unwrap();
        }
    }
}

/// The twin and the script decide a position and every position one turn after it alike.
fn twin_agrees_around(variant: &Variant, position: &Position) {
    let twin = variant
        .native_twin()
        .expect("a shipped Truchet ruleset has a twin");
    let model = &variant.model;
    let decide = |p: &Position| {
        let scripted = variant.judge(p).unwrap();
        assert_eq!(
            twin.outcome(model, p).unwrap(),
            scripted,
            "{}",
            model.position_text(p)
        );
        scripted
    };
    if decide(position).is_some() {
        return;
    }
    for turn in variant.legal_turns(position).unwrap() {
        decide(&variant.play(position, &turn.delta).unwrap());
    }
}

#[test]
fn native_twins_decide_as_the_scripts_do() {
    // Seeded random games, with a short draw limit so that games end in draws as well.
    let quiet = LoadOptions {
        size: Some(5),
        params: vec![("draw_after_quiet_turns".into(), "12".into())],
        ..LoadOptions::default()
    };
    let browne = Variant::load_named_with("truchet-browne", &quiet).unwrap();
    twin_agrees_on_random_games(&browne, 30);
    twin_agrees_on_random_games(&load("truchet-boardspace", None), 12);
    twin_agrees_on_random_games(&load("truchet-hex", Some(3)), 10);
    // The perft tables' positions (a last piece, a game one turn from the draw, bases)
    // and every turn from them.
    for ruleset in ["truchet-browne", "truchet-boardspace", "truchet-hex"] {
        let table = crate::common::root().join(format!("tests/perft/{ruleset}.perft"));
        for entry in read_perft_table(&table) {
            let variant = load_for(ruleset, &entry);
            let position = variant.model.parse_position(&entry.position).unwrap();
            twin_agrees_around(&variant, &position);
        }
    }
}

/// Trugo's twin captures and decides as its scripts do: seeded random games, each turn
/// settled by both, at the default pool and a small one (so games reach the Waning phase
/// and end there), with a short draw limit.
#[test]
fn trugo_twin_captures_and_decides_as_the_scripts_do() {
    for pool in ["36", "8"] {
        let options = LoadOptions {
            params: vec![
                ("pool".into(), pool.into()),
                ("draw_after_quiet_turns".into(), "30".into()),
            ],
            ..LoadOptions::default()
        };
        let variant = Variant::load_named_with("trugo", &options).unwrap();
        let twin = variant.native_twin().expect("the shipped Trugo has a twin");
        let model = &variant.model;
        let mut captures = 0;
        for seed in 0..12 {
            let mut position = opening(&variant, Layout::Setup, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            for _ in 0..400 {
                let scripted = variant.judge(&position).unwrap();
                assert_eq!(
                    twin.outcome(model, &position).unwrap(),
                    scripted,
                    "{}",
                    model.position_text(&position)
                );
                if scripted.is_some() {
                    break;
                }
                let Some(delta) = model.random_turn(&position, &mut |n| rng.gen_range(0..n)) else {
                    break;
                };
                let moved = model.after(&position, &delta);
                let (mut by_script, mut by_twin) = (moved.clone(), moved.clone());
                model.settle(&variant, &mut by_script).unwrap();
                model.settle(&twin, &mut by_twin).unwrap();
                assert_eq!(by_twin, by_script, "{}", model.position_text(&moved));
                captures += u32::from(by_script.piece_count() < moved.piece_count());
                position = by_script;
            }
        }
        assert!(captures > 0, "the games capture (pool {pool})");
    }
}

#[test]
fn only_the_shipped_end_rules_have_twins() {
    assert!(load("trugo", None).native_twin().is_some());
    // A Trugo whose capture is changed has none.
    let dir = copy_variant("trugo", "bench-changed-capture");
    let capture = std::fs::read_to_string(dir.join("rules/capture.rhai")).unwrap();
    std::fs::write(
        dir.join("rules/capture.rhai"),
        format!("{capture}// changed\n"),
    )
    .unwrap();
    assert!(Variant::load(&dir, None).unwrap().native_twin().is_none());
    // A designer's copy of the rule, changed by one comment, has none: a twin would no
    // longer be the same rule.
    let dir = copy_variant("truchet-hex", "bench-changed-end");
    let shipped = crate::common::root().join("scripts/truchet/end.rhai");
    let rule = std::fs::read_to_string(shipped).unwrap();
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::write(dir.join("rules/end.rhai"), format!("{rule}// changed\n")).unwrap();
    let toml = std::fs::read_to_string(dir.join("variant.toml")).unwrap();
    let toml = toml.replace("end = \"truchet/end.rhai\"", "end = \"rules/end.rhai\"");
    std::fs::write(dir.join("variant.toml"), toml).unwrap();
    let changed = Variant::load(&dir, None).unwrap();
    assert!(changed.native_twin().is_none());
}

fn run(args: &[&str]) -> Vec<u8> {
    crate::common::run_ok(args)
}

fn bench_json(args: &[&str]) -> serde_json::Value {
    crate::common::run_json(args)
}

/// What `perft` prints: the count.
fn perft(ruleset: &str, depth: &str) -> u64 {
    let out = String::from_utf8(run(&[ruleset, "perft", depth])).unwrap();
    out.trim().parse().unwrap()
}

#[test]
fn bench_reports_its_figures_as_json() {
    let browne = bench_json(&[
        "truchet-browne",
        "bench",
        "--seconds",
        "0.2",
        "--depth",
        "1",
        "--json",
    ]);
    for field in [
        "playout_turns_per_s",
        "playout_turns_per_s_native",
        "perft_leaves_per_s",
    ] {
        assert!(browne[field].as_f64().unwrap() > 0.0, "{field}: {browne}");
    }
    assert_eq!(browne["perft_depth"], 1);
    assert_eq!(browne["perft_leaves"], perft("truchet-browne", "1"));
    assert_eq!(browne["position_bytes"], 80 + 49 + 2 * 64);
    assert!(browne["threads"].as_u64().unwrap() >= 1);

    let trugo = bench_json(&["trugo", "bench", "--turns", "300", "--depth", "2", "--json"]);
    assert!(
        trugo["playout_turns_per_s_native"].as_f64().unwrap() > 0.0,
        "{trugo}"
    );
    assert_eq!(trugo["playout_turns"], 300);
    assert_eq!(trugo["perft_leaves"], perft("trugo", "2"));
}
