//! The benchmark command, and the native twins it measures the script boundary with: a
//! twin decides every position as the script it copies does, and a changed script has
//! no twin. The twins are held to the scripts they copy (src/ruleset/native/scripts/),
//! on rulesets made with those scripts (common/twins.rs), whatever the shipped rules
//! have become since.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use variant_run::core::{Position, Referee};
use variant_run::play::opening;
use variant_run::play::Layout;
use variant_run::{LoadOptions, Variant};

use crate::common::{load, perft_positions, twins};

/// What a twin was seen to decide over seeded games: the reason of every game's end, and
/// how many turns the after-turn rules took pieces in. Tests ask it so that the games are
/// known to reach the rule each twin copies, not only the draw.
#[derive(Default)]
struct Seen {
    reasons: Vec<String>,
    captures: u32,
}

impl Seen {
    fn ended_by(&self, words: &str) -> usize {
        self.reasons.iter().filter(|r| r.contains(words)).count()
    }
}

/// Plays seeded random games and asks the twin and the scripts about every position: the
/// end rule before every turn, and the after-turn rule (if the ruleset has one) on the
/// position every turn leaves, each on its own copy. The games go on by the scripts.
fn twin_agrees_on_random_games(variant: &Variant, games: u64) -> Seen {
    let twin = variant
        .native_twin()
        .expect("a ruleset made with the twin's scripts has a twin");
    let model = &variant.model;
    let mut seen = Seen::default();
    for seed in 0..games {
        let mut position = opening(variant, Layout::Setup, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..400 {
            let scripted = variant.judge(&position).unwrap();
            let native = twin.outcome(model, &position).unwrap();
            assert_eq!(native, scripted, "{}", model.position_text(&position));
            if let Some(outcome) = scripted {
                seen.reasons.push(outcome.reason);
                break;
            }
            let Some(delta) = model.random_turn(&position, &mut |n| rng.gen_range(0..n)) else {
                break;
            };
            let moved = model.after(&position, &delta);
            let (mut by_script, mut by_twin) = (moved.clone(), moved.clone());
            model.settle(variant, &mut by_script).unwrap();
            model.settle(&twin, &mut by_twin).unwrap();
            assert_eq!(by_twin, by_script, "{}", model.position_text(&moved));
            seen.captures += u32::from(by_script.piece_count() < moved.piece_count());
            position = by_script;
        }
    }
    seen
}

/// The twin and the script decide a position and every position one turn after it alike.
fn twin_agrees_around(variant: &Variant, position: &Position) {
    let twin = variant
        .native_twin()
        .expect("a ruleset made with the twin's scripts has a twin");
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
    let browne = twins::shipped("truchet-browne", &label("browne"), &quiet);
    twin_agrees_on_random_games(&browne, 30);
    let boardspace = twins::shipped("truchet-boardspace", &label("boardspace"), &options(None));
    twin_agrees_on_random_games(&boardspace, 12);
    let hex = twins::shipped("truchet-hex", &label("hex"), &options(Some(3)));
    twin_agrees_on_random_games(&hex, 10);
    // The perft tables' positions (a last piece, a game one turn from the draw, bases)
    // and every turn from them.
    for ruleset in ["truchet-browne", "truchet-boardspace", "truchet-hex"] {
        for (entry, _, _) in perft_positions(ruleset) {
            let variant = twins::shipped(ruleset, &label(ruleset), &entry.load_options());
            if let Ok(position) = variant.model.parse_position(&entry.position) {
                twin_agrees_around(&variant, &position);
            }
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
        let variant = twins::shipped("trugo", &label("trugo"), &options);
        let twin = variant
            .native_twin()
            .expect("Trugo's twin scripts have a twin");
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

/// A folder name of its own for each ruleset made here (the tests run at once).
fn label(what: &str) -> String {
    static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("twin-{what}-{n}")
}

fn options(size: Option<u32>) -> LoadOptions {
    LoadOptions {
        size,
        ..LoadOptions::default()
    }
}

/// A design of examples/designs/ with the twin's scripts, loaded with the choices given.
fn design(name: &str, options: &LoadOptions) -> Variant {
    twins::design(name, &label(name), options)
}

/// A short draw limit, so that seeded games end in draws as well, and the other params.
fn quiet(size: Option<u32>, params: &[(&str, &str)]) -> LoadOptions {
    let mut all = vec![("draw_after_quiet_turns".to_string(), "20".to_string())];
    all.extend(params.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    LoadOptions {
        size,
        params: all,
        ..LoadOptions::default()
    }
}

/// truchet-connection's twin decides every position of seeded games as its end script
/// does (on a small board with a short draw limit, with none, and at the design's size).
/// Random play seldom makes a chain, so the win by a chain is held to positions drawn by
/// hand and every turn from them: both players joined, where the one who just moved wins
/// as the script looks at them first, and x one piece short.
#[test]
fn connection_twin_decides_as_its_script_does() {
    let small = design("truchet-connection", &quiet(Some(3), &[]));
    let seen = twin_agrees_on_random_games(&small, 20);
    assert!(
        seen.ended_by("turns without a capture") > 0,
        "{:?}",
        seen.reasons
    );
    let endless = quiet(Some(5), &[("draw_after_quiet_turns", "0")]);
    twin_agrees_on_random_games(&design("truchet-connection", &endless), 20);
    twin_agrees_on_random_games(&design("truchet-connection", &quiet(None, &[])), 6);
    // x's column joins the bottom (x's home) to the top, o's the top to the bottom.
    let both = "rrr/rrr/rrr x..o/x..o/x..o/x..o";
    for (to_move, winner) in [("x", "o joins the top"), ("o", "x joins the bottom")] {
        let position = small
            .model
            .parse_position(&format!("{both} {to_move}"))
            .unwrap();
        let outcome = small.judge(&position).unwrap().expect("a chain wins");
        assert!(outcome.reason.starts_with(winner), "{}", outcome.reason);
        twin_agrees_around(&small, &position);
    }
    // x lacks the top row; some of its turns reach it.
    let short = small
        .model
        .parse_position("rrr/rrr/rrr ...o/xx.o/x..o/x... x")
        .unwrap();
    twin_agrees_around(&small, &short);
    let joins = small
        .legal_turns(&short)
        .unwrap()
        .iter()
        .filter_map(|turn| {
            small
                .judge(&small.play(&short, &turn.delta).unwrap())
                .unwrap()
        })
        .filter(|outcome| outcome.reason.starts_with("x joins"))
        .count();
    assert!(joins > 0, "some turn of x joins the edges");
}

/// hex-bases' twin decides every position of seeded games as its end script does, with
/// one base to win (often reached) and the design's three; with none needed, both sides
/// hold enough at the start and the side to move wins, as the script looks first at it.
#[test]
fn hex_bases_twin_decides_as_its_script_does() {
    let one = design("hex-bases", &quiet(Some(2), &[("bases_to_win", "1")]));
    let seen = twin_agrees_on_random_games(&one, 40);
    assert!(seen.ended_by("home bases") > 0, "{:?}", seen.reasons);
    assert!(
        seen.ended_by("turns without a capture") > 0,
        "{:?}",
        seen.reasons
    );
    let three = design("hex-bases", &quiet(Some(3), &[]));
    twin_agrees_on_random_games(&three, 12);
    twin_agrees_on_random_games(&design("hex-bases", &quiet(None, &[])), 4);
    let none = design("hex-bases", &quiet(Some(3), &[("bases_to_win", "0")]));
    let seen = twin_agrees_on_random_games(&none, 2);
    assert_eq!(seen.reasons, ["x holds 0 of o's home bases"; 2]);
}

/// truchet-go's twin captures and decides as its scripts do: the position every turn
/// leaves, after the capture, and every position's end, over seeded games on a small
/// board and the default one.
#[test]
fn truchet_go_twin_captures_and_decides_as_the_scripts_do() {
    for size in [Some(5), None] {
        let variant = design("truchet-go", &quiet(size, &[]));
        let seen = twin_agrees_on_random_games(&variant, 12);
        assert!(seen.captures > 0, "the games capture (size {size:?})");
        assert!(!seen.reasons.is_empty(), "the games end (size {size:?})");
    }
}

/// Appends a comment to a script of a ruleset folder: the same rule, another text.
fn add_a_comment(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(path, format!("{text}// changed\n")).unwrap();
}

#[test]
fn a_twin_is_only_for_the_scripts_it_copies() {
    let made = twins::shipped("trugo", &label("trugo"), &options(None));
    assert!(made.native_twin().is_some());
    // A Trugo whose capture is changed by one comment has none: a twin would no longer
    // be the same rule.
    let dir = made.dir.clone();
    add_a_comment(&dir.join("rules/after_turn.rhai"));
    assert!(Variant::load(&dir, None).unwrap().native_twin().is_none());
    // Nor has a truchet-hex whose end rule is changed so.
    let hex = twins::shipped("truchet-hex", &label("hex"), &options(None));
    assert!(hex.native_twin().is_some());
    add_a_comment(&hex.dir.join("rules/end.rhai"));
    assert!(Variant::load(&hex.dir, None)
        .unwrap()
        .native_twin()
        .is_none());
    // Nor has a ruleset with the twins' scripts and a rule that refuses turns: the
    // twins copy no such rule, and would play the turns it forbids.
    let browne = twins::shipped("truchet-browne", &label("browne-legality"), &options(None));
    assert!(browne.native_twin().is_some());
    std::fs::write(
        browne.dir.join("rules/allowed.rhai"),
        "fn allowed(game, turn) { if turn.height < game.tallest(game.to_move) { return \"no\"; } true }\n",
    )
    .unwrap();
    let toml = std::fs::read_to_string(browne.dir.join("variant.toml")).unwrap();
    let toml = toml.replace("[rules]\n", "[rules]\nallowed = \"rules/allowed.rhai\"\n");
    std::fs::write(browne.dir.join("variant.toml"), toml).unwrap();
    let refusing = Variant::load(&browne.dir, None).unwrap();
    assert!(refusing.filters_turns() && refusing.native_twin().is_none());
    // The designs whose rules are their own have twins; a copy with a comment added to
    // the script has none.
    for (name, script) in [
        ("truchet-connection", "end.rhai"),
        ("hex-bases", "end.rhai"),
        ("truchet-go", "surround.rhai"),
    ] {
        let dir = twins::design_folder(name, &label(name));
        assert!(
            Variant::load(&dir, None).unwrap().native_twin().is_some(),
            "{name}"
        );
        add_a_comment(&dir.join("rules").join(script));
        assert!(
            Variant::load(&dir, None).unwrap().native_twin().is_none(),
            "{name}"
        );
    }
    // The connection design imports Browne's end: the copy of that rule its
    // `import "truchet/end"` finds first counts too.
    let dir = twins::design_folder("truchet-connection", &label("own-browne-end"));
    assert!(Variant::load(&dir, None).unwrap().native_twin().is_some());
    add_a_comment(&dir.join("truchet/end.rhai"));
    assert!(Variant::load(&dir, None).unwrap().native_twin().is_none());
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

/// The figure with the end rule in Rust is there when the ruleset has a native twin (its
/// rules are still the twin's), and null when it has none.
fn native_figure_if_twin(ruleset: &str, report: &serde_json::Value) {
    let native = &report["playout_turns_per_s_native"];
    if load(ruleset, None).native_twin().is_some() {
        assert!(native.as_f64().unwrap() > 0.0, "{report}");
    } else {
        assert!(native.is_null(), "{report}");
    }
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
    for field in ["playout_turns_per_s", "perft_leaves_per_s"] {
        assert!(browne[field].as_f64().unwrap() > 0.0, "{field}: {browne}");
    }
    native_figure_if_twin("truchet-browne", &browne);
    assert_eq!(browne["perft_depth"], 1);
    assert_eq!(browne["perft_leaves"], perft("truchet-browne", "1"));
    // The struct (128 bytes, which a search copies inline; past it every copy became a
    // call to memcpy, 4% of Trugo's perft: what lies beyond the board is boxed), a byte
    // per tile of 7 x 7, and 8 bytes per stack (a kind per piece) on 64 junctions.
    assert_eq!(browne["position_bytes"], 128 + 49 + 8 * 64);
    assert!(browne["threads"].as_u64().unwrap() >= 1);

    let trugo = bench_json(&["trugo", "bench", "--turns", "300", "--depth", "2", "--json"]);
    native_figure_if_twin("trugo", &trugo);
    assert_eq!(trugo["playout_turns"], 300);
    assert_eq!(trugo["perft_leaves"], perft("trugo", "2"));
}
