//! Boardspace move text (`--notation boardspace`): the digest's examples, every legal turn
//! written and read back, whole games read in one notation and printed in the other, and
//! refused texts. (A seeded game's transcript in both notations is one of the ruleset's
//! fixtures, `variants/truchet-boardspace/games/`.)

use variant_run::core::Position;
use variant_run::play::notation::Notation;
use variant_run::play::players::{Choice, Player, RandomPlayer};
use variant_run::{Game, Layout, Variant};

fn boardspace() -> Variant {
    Variant::load_named("truchet-boardspace", None).expect("truchet-boardspace loads")
}

fn notation(variant: &Variant) -> Notation<'_> {
    Notation::named(variant, Some("boardspace")).expect("[notation.boardspace]")
}

const ALL_R: &str = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr";

/// The digest's examples, each in a position where it is legal: the text, the turn in
/// server syntax, and the text written back.
#[test]
fn the_digests_examples() {
    let variant = boardspace();
    let model = &variant.model;
    let bs = notation(&variant);
    let examples = [
        // Black's stack on b2 slides along the r bands b2-c3-d4.
        (
            "......../......../......../......../......../......../.b....../..b..... b",
            "Move B 2 D 4",
        ),
        (
            "......../......../......../......../...b3..../......../......../b....... b",
            "Split D 4 WNE",
        ),
        (
            "......../......../......../......../..b...../.b2....../......../b....... b",
            "Merge C 3 WWN",
        ),
        (
            "......../......../......../......../......../......../.b2....../b....... b",
            "MoveSplit B 2 D 4 WN",
        ),
        (
            "......../......../......../....b.../......../......../.b....../b....... b",
            "MoveMerge B 2 D 4 D 5 ES",
        ),
        // Tile C 3 is bc23: its upper-right corner is junction c3.
        (
            "......../......../......../......../......../......../......../b.....b. b",
            "Flip C 3, Move G 1 H 2",
        ),
        (
            "......../......../......../......../......../......../......../b.....b. b",
            "flip c3 move g1 h2 done",
        ),
    ];
    let mut report = String::new();
    for (stacks, text) in examples {
        let position = model.parse_position(&format!("{ALL_R} {stacks}")).unwrap();
        let turn = bs.read(&variant, &position, text).unwrap();
        let written = bs.write(model, &position, &turn);
        report.push_str(&format!("{text:<26} = {:<22} -> {written}\n", turn.text));
        // What is written reads back as the same turn.
        assert_eq!(
            bs.read(&variant, &position, &written).unwrap().delta,
            turn.delta
        );
    }
    insta::assert_snapshot!(report);
}

/// Positions along a few random games.
fn sample_positions(variant: &Variant) -> Vec<Position> {
    let mut positions = Vec::new();
    for seed in 0..4u64 {
        let mut game = Game::new(variant, Layout::Random, seed).unwrap();
        let mut player = RandomPlayer::new(seed + 10);
        while game.outcome().is_none() && game.history().len() < 80 {
            if game.history().len() % 8 == 0 {
                positions.push(game.position().clone());
            }
            let Choice::Turn(turn) = player.choose(&game).unwrap() else {
                break;
            };
            game.play_legal(turn).unwrap();
        }
    }
    positions
}

#[test]
fn every_legal_turn_reads_back_from_its_boardspace_text() {
    let variant = boardspace();
    let model = &variant.model;
    let bs = notation(&variant);
    let mut checked = 0;
    for position in sample_positions(&variant) {
        for (i, turn) in model.legal_turns(&position).into_iter().enumerate() {
            let written = bs.write(model, &position, &turn);
            // Reading looks the canonical turn up among all turns: sample it, and check
            // the cheaper structural read on every turn.
            let read = bs
                .read_unchecked(model, &position, &written)
                .unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(
                model.check_turn(&position, &read),
                Ok(turn.delta.clone()),
                "{written}"
            );
            if i % 50 == 0 {
                let again = bs.read(&variant, &position, &written).unwrap();
                assert_eq!((&again.text, &again.delta), (&turn.text, &turn.delta));
                assert_eq!(bs.write(model, &position, &again), written);
            }
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// Plays a seeded game between random players and returns its turns in server syntax.
fn seeded_game(variant: &Variant, seed: u64) -> Vec<String> {
    let mut game = Game::new(variant, Layout::Random, seed).unwrap();
    let mut player = RandomPlayer::new(seed);
    while game.outcome().is_none() && game.history().len() < 200 {
        let Choice::Turn(turn) = player.choose(&game).unwrap() else {
            break;
        };
        game.play_legal(turn).unwrap();
    }
    game.history().iter().map(|p| p.text.clone()).collect()
}

/// Replays a game written in `from` and prints each turn in `to`.
fn translate(
    variant: &Variant,
    seed: u64,
    from: Notation,
    to: Notation,
    turns: &[String],
) -> Vec<String> {
    let mut game = Game::new(variant, Layout::Random, seed).unwrap();
    let mut out = Vec::new();
    for text in turns {
        let before = game.position().clone();
        let turn = from
            .read(variant, &before, text)
            .unwrap_or_else(|e| panic!("{e}"));
        out.push(to.write(&variant.model, &before, &turn));
        game.play_legal(turn).unwrap();
    }
    out
}

#[test]
fn a_game_read_in_either_notation_prints_the_same_in_the_other() {
    let variant = boardspace();
    let bs = notation(&variant);
    for seed in [1, 2, 5] {
        let server = seeded_game(&variant, seed);
        let in_boardspace = translate(&variant, seed, Notation::Server, bs, &server);
        let back = translate(&variant, seed, bs, Notation::Server, &in_boardspace);
        assert_eq!(back, server, "seed {seed}");
        let again = translate(&variant, seed, bs, bs, &in_boardspace);
        assert_eq!(again, in_boardspace, "seed {seed}");
    }
}

#[test]
fn refused_texts_say_why_and_leave_the_game_unchanged() {
    let variant = boardspace();
    let bs = notation(&variant);
    let mut game = Game::new(&variant, Layout::Random, 0).unwrap();
    let texts = [
        "",
        "Jump B 2 D 4",
        "Move B 2",
        "Move Z 9 A 1",
        "Move B 2 D",
        "Split C 7 WX",
        "Merge B 7 WW",
        "Merge B 6 WNES",
        "Flip C 3",
        "Flip C 3, Flip D 4, Move A 6 B 5",
        "Move A 6 B 5, Flip C 3",
        "Move A 6 B 5 Done Move A 6 B 5",
        "Flip A 1, Move A 6 B 5",
        "Resign",
        "Move A 6 C 4",
        "Split A 6 EN",
        "Move A 1 B 2",
        "MoveMerge A 6 B 5 C 5 W",
    ];
    let before = game.position().clone();
    let mut report = String::new();
    for text in texts {
        let refused = bs.play(&mut game, text).unwrap_err();
        report.push_str(&format!("{text:?}\n  {refused}\n"));
        assert_eq!(game.position(), &before, "{text}");
        assert!(game.history().is_empty(), "{text}");
    }
    insta::assert_snapshot!(report);
}
