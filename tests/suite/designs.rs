//! The designs of examples/designs/, new rules written as TOML + Rhai only. Each is a
//! ruleset with tests of its own, as a designer's would be: its `describe` and `check`
//! (which loads it at every size and plays seeded games), and positions drawn by hand on
//! which each rule it adds does what its comments say (`positions/*.pos`), all kept in
//! its `snapshots/` folder and run by `variant-run test` and tests/suite/fixtures.rs.

use variant_run::play::Game;
use variant_run::ruleset::Variant;

/// Every folder there, found rather than listed, keeps the snapshots of its fixtures, so
/// a new design is tested too.
#[test]
fn every_design_keeps_the_snapshots_of_its_tests() {
    let designs = crate::common::root().join("examples/designs");
    let mut found = 0;
    for entry in std::fs::read_dir(&designs).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.join("variant.toml").is_file() {
            continue;
        }
        for snapshot in ["describe.snap", "check.snap"] {
            assert!(
                folder.join("snapshots").join(snapshot).is_file(),
                "{} has no snapshots/{snapshot}: `variant-run test {} --accept` writes it",
                folder.display(),
                folder.display()
            );
        }
        found += 1;
    }
    assert!(found >= 7, "{found} designs");
}

// The designs of the model's new parts (kinds, counters, a legality rule, drops,
// scores): each rule pinned on positions drawn by hand and on the turns that follow.

fn designs() -> std::path::PathBuf {
    crate::common::root().join("examples/designs")
}

/// 5 x 5 tiles, all `r` (`/`).
const ALL_R_5: &str = "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr";

/// 7 x 7 tiles, all `r`, and the king design's position: o's king on a8, x's king on d4
/// with o's men on c4 and e4 either side of it, x's man on a1.
fn king_position(side: char) -> String {
    let tiles = ["rrrrrrr"; 7].join("/");
    let e = "........";
    format!("{tiles} oK......./{e}/{e}/{e}/..oxKo.../{e}/{e}/x....... {side}")
}

/// The king stands alone: x's king on d3 and x's man on c4 stand either side of the
/// empty c3, and no merge takes the king in; with a man on d3 instead (the king on a1),
/// `c4,d3-c3` merges them. The king still steps along its band. A merge of o's men on
/// c4 and e4 onto x's king on d4, 2 against 1 on x's own colour, takes it and wins.
#[test]
fn the_king_stands_alone_and_taking_it_wins() {
    let king = Variant::load(&designs().join("browne-king"), None).unwrap();
    let tiles = ["rrrrrrr"; 7].join("/");
    let e = "........";
    let with = |d3: &str, a1: &str| {
        format!("{tiles} oK......./{e}/{e}/{e}/..x...../...{d3}..../{e}/{a1}....... x")
    };
    let texts = |text: &str| -> Vec<String> {
        let position = king.model.parse_position(text).unwrap();
        let turns = king.legal_turns(&position).unwrap();
        turns.into_iter().map(|t| t.text).collect()
    };
    let kings = texts(&with("xK", "x"));
    assert!(
        kings.iter().any(|t| t == "d3-c2"),
        "the king steps: {kings:?}"
    );
    assert!(
        !kings.iter().any(|t| t.contains("d3,") || t.contains(",d3")),
        "{kings:?}"
    );
    let men = texts(&with("x", "xK"));
    assert!(men.iter().any(|t| t == "c4,d3-c3"), "{men:?}");

    let start = king.model.parse_position(&king_position('o')).unwrap();
    let mut game = Game::from_position(&king, start).unwrap();
    game.play("c4,e4-d4").unwrap();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(
        outcome.winner,
        Some(king.model.rules.player_by_letter('o').unwrap())
    );
    assert_eq!(outcome.reason, "x's king is taken");
    assert_eq!(outcome.key.as_deref(), Some("king taken"));
}

/// The flip limit: with 5 flips made, x's turns never flip and a typed flip is refused
/// with the rule's reason, leaving the game as it was; with 4 made, a flip is allowed
/// and counted (the counter is written in the position text: `flips:x=5`).
#[test]
fn a_player_flips_no_more_than_the_limit() {
    let variant = Variant::load(&designs().join("browne-flip-limit"), Some(5)).unwrap();
    let at = |made: u32| {
        let text = format!("{ALL_R_5} x...../....../..x.../....../....../.....o x flips:x={made}");
        variant.model.parse_position(&text).unwrap()
    };
    let spent = at(5);
    let turns = variant.legal_turns(&spent).unwrap();
    assert!(!turns.is_empty());
    assert!(turns.iter().all(|t| !t.text.contains(':')), "no flips");
    let mut game = Game::from_position(&variant, spent.clone()).unwrap();
    let refused = game.play("ab12:c4-d5").unwrap_err().to_string();
    assert!(
        refused.contains("you have flipped 5 tiles, as many as a game allows"),
        "{refused}"
    );
    assert_eq!(game.position(), &spent);

    let mut game = Game::from_position(&variant, at(4)).unwrap();
    let legal = game.legal_turns().unwrap();
    assert!(legal.iter().any(|t| t.text == "ab12:c4-d5"));
    game.play("ab12:c4-d5").unwrap();
    let text = variant.model.position_text(game.position());
    assert!(text.ends_with(" flips:o=0,x=5"), "{text}");
}

/// Only a tallest stack moves: x has a 2-stack on c4 and single pieces on a6 and e2, so
/// every turn moves the 2-stack; a single piece's step is refused with the reason.
#[test]
fn only_a_tallest_stack_may_move() {
    let variant = Variant::load(&designs().join("browne-tallest"), Some(5)).unwrap();
    let text = format!("{ALL_R_5} x...../....../..x2.../....../....x./.....o x");
    let position = variant.model.parse_position(&text).unwrap();
    let turns = variant.legal_turns(&position).unwrap();
    assert!(!turns.is_empty());
    for turn in &turns {
        let moved = turn.text.rsplit(':').next().unwrap();
        assert!(moved.starts_with("c4-"), "{}", turn.text);
    }
    let mut game = Game::from_position(&variant, position).unwrap();
    let refused = game.play("e2-f3").unwrap_err().to_string();
    assert!(
        refused.contains("only a tallest stack may move"),
        "{refused}"
    );
}

/// Drops: o's pieces on c5 and e5 merge onto x's on d5 (2 against 1, x away from home),
/// and the taken
/// piece goes back to x's hand (`supply:x=1`); x may then drop it, as a whole turn, on
/// any of the 18 empty dark junctions (x's colour) and on nothing else.
#[test]
fn a_taken_piece_goes_to_its_owner_to_drop_on_its_own_colour() {
    let variant = Variant::load(&designs().join("browne-drops"), Some(5)).unwrap();
    let text = format!("{ALL_R_5} x...../..oxo./....../....../....../...... o");
    let mut game =
        Game::from_position(&variant, variant.model.parse_position(&text).unwrap()).unwrap();
    game.play("c5,e5-d5").unwrap();
    assert_eq!(
        variant.model.position_text(game.position()),
        format!("{ALL_R_5} x...../...o2../....../....../....../...... x supply:x=1")
    );
    let drops: Vec<String> = game
        .legal_turns()
        .unwrap()
        .into_iter()
        .map(|t| t.text)
        .filter(|t| t.starts_with('*'))
        .collect();
    // Dark junctions: a1, c1, e1 on row 1 and so on, shifting by one each row.
    let mut dark = Vec::new();
    for row in 1..=6u8 {
        for column in 0..6u8 {
            if (row + column) % 2 == 1 {
                dark.push(format!("*{}{row}", char::from(b'a' + column)));
            }
        }
    }
    dark.sort();
    assert_eq!(drops, dark);
    game.play("*c3").unwrap();
    // A drop takes nothing: one quiet turn.
    let after = variant.model.position_text(game.position());
    assert_eq!(
        after,
        format!("{ALL_R_5} x...../...o2../....../..x.../....../...... o 1")
    );
    // A light junction is refused.
    let mut game = Game::from_position(
        &variant,
        variant
            .model
            .parse_position(&format!(
                "{ALL_R_5} x...../...o../....../....../....../...... x supply:x=1"
            ))
            .unwrap(),
    )
    .unwrap();
    assert!(game.play("*b3").is_err());
}

/// Trugo scored: once the pool is empty, each side scores the junctions it holds, and the
/// higher score wins, with a key that groups every such ending under one name.
#[test]
fn trugo_scored_by_junctions_held_when_the_pool_is_empty() {
    let variant = Variant::load(&designs().join("trugo-score"), None).unwrap();
    let flower = "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a";
    let judge = |stacks: &str, pool: u32| {
        let text = format!("{flower} {stacks} {pool} o=24,x=23 o");
        variant
            .judge(&variant.model.parse_position(&text).unwrap())
            .unwrap()
    };
    let outcome = judge("0,0e=x;-1,1e=x;0,0w=o", 0).expect("the pool is empty");
    // Trugo's players: o first (0), x second (1).
    assert_eq!(outcome.winner, Some(1));
    assert_eq!(outcome.scores, Some([1, 2]));
    assert_eq!(outcome.key.as_deref(), Some("most junctions held"));
    assert_eq!(outcome.reason, "o holds 1 junctions, x holds 2");
    // Tiles left in the pool: Trugo's own end rule, and both still have pieces.
    assert_eq!(judge("0,0e=x;-1,1e=x;0,0w=o", 3), None);
}
