//! The designs of examples/designs/, new rules written as TOML + Rhai only: each loads
//! and plays (`check` plays seeded games of it), and each rule it adds does what its
//! comments say, on positions drawn by hand.

use std::process::Command;

use variant_run::play::Game;
use variant_run::ruleset::Variant;

fn designs() -> std::path::PathBuf {
    crate::common::root().join("examples/designs")
}

/// Every folder there, found rather than listed, so a new design is checked too.
#[test]
fn every_design_loads_and_plays() {
    let mut checked = Vec::new();
    let mut folders: Vec<_> = std::fs::read_dir(designs())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("variant.toml").is_file())
        .collect();
    folders.sort();
    for folder in folders {
        let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .arg("check")
            .arg(&folder)
            .output()
            .unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(output.status.success(), "{}: {said}", folder.display());
        assert!(said.contains(": ok"), "{}: {said}", folder.display());
        checked.push(folder.file_name().unwrap().to_string_lossy().into_owned());
    }
    assert_eq!(
        checked,
        [
            "browne-drops",
            "browne-endgame",
            "browne-flip-limit",
            "browne-king",
            "browne-tallest",
            "hex-bases",
            "truchet-connection",
            "truchet-go",
            "trugo-60-flat",
            "trugo-placer",
            "trugo-score",
            "trugo-square"
        ]
    );
}

/// Go's capture on squares: after x's turn, o's 2-stack on c3 has x on all four sides
/// and goes whole; o's piece on a1 has x on both of its sides and goes too (edges give no
/// safety); x's pieces each keep an empty junction beside them and stay.
#[test]
fn go_capture_takes_surrounded_groups_whole_edges_included() {
    let variant = Variant::load(&designs().join("truchet-go"), Some(5)).unwrap();
    let tiles = "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr";
    let before = format!("{tiles} ....../....../..x.../.xo2x../x.x.../ox.... o");
    let mut position = variant.model.parse_position(&before).unwrap();
    variant.after_turn(&mut position).unwrap();
    assert_eq!(
        variant.model.position_text(&position),
        format!("{tiles} ....../....../..x.../.x.x../x.x.../.x.... o")
    );
}

/// Trugo with 60 tiles and no stacking: the pool holds 60, and a piece never lands on
/// another (stacks stay one high).
#[test]
fn trugo_60_flat_has_its_pool_and_no_stacks() {
    let variant = Variant::load(&designs().join("trugo-60-flat"), None).unwrap();
    let start = variant_run::play::opening(&variant, variant_run::play::Layout::Setup, 1).unwrap();
    assert_eq!(start.pool(), 60);
    assert_eq!(variant.model.rules.max_height, 1);
}

/// Only the placer receives pieces: the placement of Trugo's fixture
/// placement-fills-both-colours.pos (x lays b6, completing the light b6w and the dark
/// a1e) gives x its piece on a1e and leaves b6w empty, where Trugo gives o one too.
#[test]
fn only_the_placer_receives_the_new_junctions_pieces() {
    let start = "0,0a;0,1a;1,-1a - 33 o=25,x=25 x";
    let after = |variant: &Variant| {
        let position = variant.model.parse_position(start).unwrap();
        let turn = variant
            .legal_turns(&position)
            .unwrap()
            .into_iter()
            .find(|t| t.text == "a:b6")
            .unwrap();
        let next = variant.play(&position, &turn.delta).unwrap();
        let at = |name: &str| {
            let j = next.board().junction_by_name(name).unwrap();
            next.stack(j).owner()
        };
        (at("b6w"), at("a1e"), next.supply(0), next.supply(1))
    };
    let trugo = crate::common::load("trugo", None);
    // Trugo's players: o first (0), x second (1).
    assert_eq!(after(&trugo), (Some(0), Some(1), 24, 24));
    let placer = Variant::load(&designs().join("trugo-placer"), None).unwrap();
    assert_eq!(after(&placer), (None, Some(1), 25, 24));
    // The same rule in TOML, `pieces = "placer-supply"`, over trugo's `pieces = "supply"`.
    let toml = crate::common::root().join("tests/fixtures/inheritance/trugo-placer-toml");
    assert_eq!(
        after(&Variant::load(&toml, None).unwrap()),
        (None, Some(1), 25, 24)
    );
    // A receiver script that gives the placer both new junctions, in its own pieces.
    let takes_all = crate::common::root().join("tests/fixtures/inheritance/trugo-placer-takes-all");
    assert_eq!(
        after(&Variant::load(&takes_all, None).unwrap()),
        (Some(1), Some(1), 25, 23)
    );
}

/// Browne's endgame evaluation: material while both sides have three stacks or more; once
/// o is down to one stack and x leads by 3, 3 plus how near x's stacks of two stand. Here
/// x's 2-stack on c4 is two steps from o's piece on e4: 3 + (4 - 2 / 2) = 6 for x, -6
/// for o; with single pieces only nothing hunts: 3.
#[test]
fn browne_endgame_scores_the_hunt_once_the_enemy_has_one_or_two_stacks() {
    let variant = Variant::load(&designs().join("browne-endgame"), Some(5)).unwrap();
    let tiles = "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr";
    let score = |stacks: &str, player| {
        let position = variant
            .model
            .parse_position(&format!("{tiles} {stacks} x"))
            .unwrap();
        variant.evaluate(&position, player).unwrap()
    };
    // Even material, many stacks: the lead.
    assert_eq!(score("x.x.x./....../....../....../....../o.o.o.", 0), 0);
    // x: 2 on c4 plus three singles (5 pieces); o: one piece on e4.
    let hunt = "x.x.../....../..x2.o./....../....../x.....";
    assert_eq!(score(hunt, 0), 6);
    assert_eq!(score(hunt, 1), -6);
    // More material, all in single pieces: none of x's stacks can land on e4.
    assert_eq!(score("x.x.x./....../..x.o./....../....../x.x...", 0), 3);
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
