//! What scripts can read of the board and do to pieces (docs/scripting.md), each call on a
//! position drawn here, its answer worked out by hand from the drawing.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use variant_run::ruleset::Variant;

/// A ruleset extending `base` whose end rule reports `expression` (evaluated with `game`)
/// as the reason of a draw, so a test can read what a call answers.
fn probe(label: &str, base: &str, expression: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("board-api-{label}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::write(
        dir.join("variant.toml"),
        format!(
            "extends = \"{}\"\nname = \"board-api-{label}\"\n[rules]\nend = \"rules/end.rhai\"\n",
            crate::common::root().join("variants").join(base).display()
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("rules/end.rhai"),
        format!(
            "fn game_result(game) {{ let answer = {expression}; #{{ draw: true, reason: `${{answer}}` }} }}\n"
        ),
    )
    .unwrap();
    dir
}

/// What `expression` answers on `position` of a 5 x 5 truchet-browne board (or a patch).
fn ask(base: &str, position: &str, expression: &str) -> Result<String, String> {
    // Tests run at once and may ask the same expression: each probe has its own folder.
    static PROBES: AtomicUsize = AtomicUsize::new(0);
    let label = format!(
        "{:x}-{}",
        fxhash(expression),
        PROBES.fetch_add(1, Ordering::Relaxed)
    );
    let dir = probe(&label, base, expression);
    let size = (base != "trugo").then_some(5);
    let variant = Variant::load(&dir, size).map_err(|e| e.to_string())?;
    let position = variant.model.parse_position(position).unwrap();
    match variant.judge_by_script(&position) {
        Ok(Some(outcome)) => Ok(outcome.reason),
        Ok(None) => unreachable!("the probe always ends the game"),
        Err(e) => Err(e.to_string()),
    }
}

fn fxhash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// 5 x 5 tiles, all `r` (`/`): junction columns a-f, rows 1-6. x holds column a (a1 is a
/// stack of two, an o pinned under an x); o holds f1, e2, f3, e4, f5, e6, a zigzag whose
/// pieces share tiles but no tile side.
const COLUMNS: &str =
    "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr x...o./x....o/x...o./x....o/x...o./(ox)....o o";

fn square(expression: &str) -> String {
    ask("truchet-browne", COLUMNS, expression).unwrap()
}

#[test]
fn junctions_stacks_and_tiles_are_listed_in_board_order() {
    assert_eq!(square("game.junctions().len()"), "36");
    assert_eq!(square("game.junctions()[0]"), "a1");
    assert_eq!(square("game.junctions()[35]"), "f6");
    assert_eq!(
        square("game.occupied()"),
        r#"["a1", "f1", "a2", "e2", "a3", "f3", "a4", "e4", "a5", "f5", "a6", "e6"]"#
    );
    assert_eq!(
        square(r#"game.junctions_of("x")"#),
        r#"["a1", "a2", "a3", "a4", "a5", "a6"]"#
    );
    assert_eq!(square(r#"game.stack_at("a1")"#), r#"["o", "x"]"#);
    assert_eq!(square(r#"game.stack_at("b1")"#), "[]");
    assert_eq!(square(r#"game.height("a1")"#), "2");
    assert_eq!(square("game.cells().len()"), "25");
    assert_eq!(square(r#"game.tile_at("ab12")"#), "r");
}

#[test]
fn a_junction_knows_its_place_colour_neighbours_and_edges() {
    assert_eq!(square(r#"[game.column("c4"), game.row("c4")]"#), "[3, 4]");
    assert_eq!(
        square(r#"[game.colour("a1"), game.colour("b1")]"#),
        r#"["dark", "light"]"#
    );
    assert_eq!(square(r#"game.neighbours("a1")"#), r#"["b1", "a2"]"#);
    assert_eq!(
        square(r#"game.neighbours("c3")"#),
        r#"["c2", "b3", "d3", "c4"]"#
    );
    // Every tile is `/`: c3's bands run down-left to b2 and up-right to d4.
    assert_eq!(square(r#"game.linked("c3")"#), r#"["b2", "d4"]"#);
    assert_eq!(
        square(r#"game.edges("a1")"#),
        r#"["bottom", "left", "rim"]"#
    );
    assert_eq!(square(r#"game.edges("c3")"#), "[]");
    assert_eq!(square(r#"game.edges("f6")"#), r#"["top", "right", "rim"]"#);
    assert_eq!(
        square(r#"game.edge("left")"#),
        r#"["a1", "a2", "a3", "a4", "a5", "a6"]"#
    );
    assert_eq!(
        square(r#"game.edge("top")"#),
        r#"["a6", "b6", "c6", "d6", "e6", "f6"]"#
    );
    assert_eq!(
        square(r#"[game.home("x"), game.home("o")]"#),
        r#"["bottom", "top"]"#
    );
    assert_eq!(
        square(r#"[game.player_colour("x"), game.player_colour("o")]"#),
        r#"["dark", "light"]"#
    );
}

#[test]
fn chains_join_edges_under_the_adjacency_asked_for() {
    let chain = |player: &str, adjacency: &str| {
        square(&format!(
            r#"game.connected("{player}", game.edge("bottom"), game.edge("top"), "{adjacency}")"#
        ))
    };
    // x's column shares tile sides; its junctions are not joined by `/` bands.
    assert_eq!(chain("x", "sides"), "true");
    assert_eq!(chain("x", "bands"), "false");
    assert_eq!(chain("x", "tiles"), "true");
    // o's zigzag shares tiles, never a side.
    assert_eq!(chain("o", "sides"), "false");
    assert_eq!(chain("o", "tiles"), "true");
    // How many empty junctions each still needs (x's pieces block o, and o's block x).
    let gap = |player: &str, from: &str, to: &str, adjacency: &str| {
        square(&format!(
            r#"game.gap("{player}", game.edge("{from}"), game.edge("{to}"), "{adjacency}")"#
        ))
    };
    assert_eq!(gap("x", "bottom", "top", "sides"), "0");
    // Up column e (e1, e3, e5) or f (f2, f4, f6) between o's pieces.
    assert_eq!(gap("o", "bottom", "top", "sides"), "3");
    // From a1 the only band runs up-right: b2, c3, d4, e5, f6 (f6 is on the top edge).
    assert_eq!(gap("x", "bottom", "top", "bands"), "5");
    // x holds the whole left edge: o cannot start there.
    assert_eq!(gap("o", "left", "right", "sides"), "-1");
    // Left to right: nobody.
    let across = r#"game.connected("x", game.edge("left"), game.edge("right"), "tiles")"#;
    assert_eq!(square(across), "false");
}

#[test]
fn mistakes_are_named_in_the_scripts_terms() {
    let error = |expression: &str| ask("truchet-browne", COLUMNS, expression).unwrap_err();
    let message = error(r#"game.edge("north")"#);
    assert!(
        message.contains("`north` is not an edge; the edges are top, bottom, left, right, rim"),
        "{message}"
    );
    let message = error(r#"game.connected("x", ["a1"], ["a6"], "diagonal")"#);
    assert!(
        message.contains("`diagonal` is not a way junctions join"),
        "{message}"
    );
    let message = error(r#"game.stack_at("z9")"#);
    assert!(
        message.contains("`z9` is not a junction of this board"),
        "{message}"
    );
}

/// A fixed board keeps supplies as a patch does: empty, nothing is given; with one piece
/// in x's supply (written `supply:x=1` in the position text) it reaches b1.
#[test]
fn a_fixed_board_gives_from_its_supply() {
    let give = r#"game.give_from_supply("x", "b1") && game.stack_at("b1") == ["x"]"#;
    assert_eq!(ask("truchet-browne", COLUMNS, give).unwrap(), "false");
    let one_in_hand = format!("{COLUMNS} supply:x=1");
    assert_eq!(ask("truchet-browne", &one_in_hand, give).unwrap(), "true");
}

/// Trugo's patch: no rows, no sides, a rim; no homes.
#[test]
fn a_patch_has_a_rim_and_coordinates() {
    let flower = "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 5 o=24,x=24 x";
    let trugo = |expression: &str| ask("trugo", flower, expression);
    assert_eq!(trugo(r#"game.home("x")"#).unwrap(), "");
    assert_eq!(trugo("game.cells().len()").unwrap(), "7");
    let message = trugo(r#"game.edge("top")"#).unwrap_err();
    assert!(
        message.contains("a patch grows and shrinks: it has no `top` edge, only its `rim`"),
        "{message}"
    );
    let message = trugo(r#"game.row("a1e")"#).unwrap_err();
    assert!(
        message.contains("a patch has no rows or columns"),
        "{message}"
    );
    // The flower's junctions are the centre cell's six corners, where three tiles meet;
    // each one's outward side leads to a point only two tiles touch, no junction, so all
    // six are on the rim: the junctions short of a junction on one of their three sides.
    assert_eq!(trugo("game.junctions().len()").unwrap(), "6");
    assert_eq!(trugo(r#"game.neighbours("a1e").len()"#).unwrap(), "2");
    let rim = r#"{
        let short = [];
        for j in game.junctions() { if game.neighbours(j).len() < 3 { short.push(j) } }
        `${short.len() == 6 && short == game.edge("rim")}`
    }"#;
    assert_eq!(trugo(rim).unwrap(), "true");
    assert_eq!(trugo(r#"game.edges("a1e")"#).unwrap(), r#"["rim"]"#);
}

/// An after-turn script takes whole stacks, gives pieces from outside the game or from a
/// supply, and puts stacks back into their owners' supplies.
#[test]
fn the_after_turn_script_moves_pieces_between_board_and_supply() {
    let dir = probe(
        "pieces",
        "trugo",
        r#"[game.occupied(), game.stack_at("a1e"), game.supply("x"), game.supply("o")]"#,
    );
    std::fs::write(
        dir.join("rules/after.rhai"),
        r#"fn after_turn(game) {
    game.remove_stack(["a1w"]);          // o's piece leaves the game
    game.give("o", "a1e");               // on top of x's piece: o pins x
    game.give("x", "b3e");               // from outside: x's supply stays 24
    game.give_from_supply("x", "b5w");   // x's supply 24 -> 23
    game.return_to_supply(["b3e"]);      // x's piece goes back: 23 -> 24
    game.give_from_supply("o", "b6w");   // o's supply 24 -> 23
    if game.param("overfill") { game.give("x", "a1e") }
}
"#,
    )
    .unwrap();
    let toml = std::fs::read_to_string(dir.join("variant.toml")).unwrap();
    std::fs::write(
        dir.join("variant.toml"),
        toml.replace(
            "[rules]\n",
            "[params]\noverfill = false\n[rules]\nafter_turn = \"rules/after.rhai\"\n",
        ),
    )
    .unwrap();
    let variant = Variant::load(&dir, None).unwrap();
    let flower = "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 5 o=24,x=24 x";
    let mut position = variant.model.parse_position(flower).unwrap();
    variant.after_turn(&mut position).unwrap();
    let reason = variant.judge_by_script(&position).unwrap().unwrap().reason;
    assert_eq!(reason, r#"[["b5w", "a1e", "b6w"], ["x", "o"], 24, 23]"#);
    // Trugo's stacks go two high: a third piece is refused, and the turn's position kept.
    let overfill = variant_run::ruleset::LoadOptions {
        params: vec![("overfill".into(), "true".into())],
        ..variant_run::ruleset::LoadOptions::default()
    };
    let variant = Variant::load_with(&dir, &overfill).unwrap();
    let mut position = variant.model.parse_position(flower).unwrap();
    let error = variant.after_turn(&mut position).unwrap_err().to_string();
    assert!(
        error.contains("`a1e` holds a stack of 2: as high as stacks go in this ruleset"),
        "{error}"
    );
    assert_eq!(variant.model.position_text(&position), flower);
}

/// Lines on the square lattice of 5 x 5 tiles (junctions a-f, rows 1-6): eight
/// directions; the ray from a1 north-east runs the diagonal to f6; c3 lies on three
/// lines of three in each of the four axes (as first, middle or last) and a1 on one per
/// axis but the anti-diagonal (which leaves the board there): 12 and 3.
#[test]
fn lines_rays_and_directions_on_squares() {
    let square = |expression: &str| ask("truchet-browne", COLUMNS, expression).unwrap();
    assert_eq!(square("game.directions().len()"), "8");
    assert_eq!(
        square(r#"game.ray("a1", "ne")"#),
        r#"["b2", "c3", "d4", "e5", "f6"]"#
    );
    assert_eq!(square(r#"game.ray("f6", "ne")"#), "[]");
    assert_eq!(square(r#"game.lines("c3", 3).len()"#), "12");
    assert_eq!(square(r#"game.lines("a1", 3).len()"#), "3");
    assert_eq!(square(r#"game.beyond("a1", "b1")"#), "c1");
    // b2 is on a1's diagonal but not its neighbour across a tile side: nothing beyond.
    assert_eq!(square(r#"game.beyond("a1", "b2")"#), "");
    assert_eq!(square(r#"game.beyond("a1", "c1")"#), "");
    let message = ask("truchet-browne", COLUMNS, r#"game.ray("a1", "up")"#).unwrap_err();
    assert!(message.contains("`up` is not a direction"), "{message}");
}
