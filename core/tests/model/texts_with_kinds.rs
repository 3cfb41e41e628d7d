//! Position texts with piece kinds, supplies on a fixed board and counters: each written
//! text reads back to the same position and is written the same again, a field left out
//! takes its start, and each mistake is named. The expected texts are written by hand
//! from docs/texts.md.

use variant_run_core::testing::{model, square_model, square_tiles};
use variant_run_core::{Board, Colour, Counter, GameModel, Lattice, PieceKind, Rules, Stack};

/// Browne's 3 x 3 board with two more kinds, the king (`K`, standing alone) and the
/// queen (`Q`, who stacks), a counter
/// of flips for each player (0..5) and a counter of rounds for the game (start 1).
fn kings_and_counters() -> GameModel {
    let plain = square_model(3, |a, d, _| a >= d);
    let rules = Rules {
        kinds: vec![
            PieceKind::plain(),
            PieceKind {
                name: "king".into(),
                letter: 'K',
                stacks: false,
            },
            PieceKind {
                name: "queen".into(),
                letter: 'Q',
                stacks: true,
            },
        ],
        counters: vec![
            Counter {
                name: "flips".into(),
                per_player: true,
                start: 0,
                min: 0,
                max: 5,
            },
            Counter {
                name: "round".into(),
                per_player: false,
                start: 1,
                min: 1,
                max: 1000,
            },
        ],
        ..plain.rules.clone()
    };
    let board = Board::new(Lattice::Square, Lattice::Square.shape(3), square_tiles(), 1)
        .expect("valid board");
    GameModel::new(board, rules)
}

fn round_trip(model: &GameModel, text: &str) {
    let position = model
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(model.position_text(&position), text);
    let again = model
        .parse_position(&model.position_text(&position))
        .unwrap();
    assert_eq!(again, position, "{text}");
}

#[test]
fn kinds_supplies_and_counters_round_trip() {
    let model = kings_and_counters();
    for text in [
        // x's king alone on a1, o's on d4; men elsewhere.
        "rrr/rrr/rrr oK.o./..../.o2../xK.x. x",
        // A queen under an enemy man (pinned), and a man under a queen of the same side.
        "rrr/rrr/rrr (xQo).../..../..../(ooQ)... o 7",
        // Pieces in hand, a man of o and a king of x.
        "rrr/rrr/rrr ..../..../..../x... o supply:o=2,xK=1",
        // Counters away from their start, after the supply.
        "rrr/rrr/rrr ..../..../..../x... o 3 supply:x=1 flips:o=0,x=3 round:4",
        "rrr/rrr/rrr ..../..../..../x... o flips:o=5,x=0",
    ] {
        round_trip(&model, text);
    }
}

#[test]
fn the_stacks_hold_each_pieces_kind_bottom_first() {
    let model = kings_and_counters();
    let position = model
        .parse_position("rrr/rrr/rrr (xQo).../..../..../.... x")
        .unwrap();
    let a4 = position.board().junction_by_name("a4").unwrap();
    let stack = position.stack(a4);
    assert_eq!(stack, Stack::of_pieces(&[(0, 2), (1, 0)]));
    assert_eq!(stack.kind_at(0), 2);
    assert_eq!(stack.top_kind(), 0);
}

#[test]
fn a_field_left_out_takes_its_start() {
    let model = kings_and_counters();
    let short = model
        .parse_position("rrr/rrr/rrr ..../..../..../x... o flips:x=3")
        .unwrap();
    assert_eq!(
        model.position_text(&short),
        "rrr/rrr/rrr ..../..../..../x... o flips:o=0,x=3"
    );
    // At their start, counters are not written at all.
    let start = model
        .parse_position("rrr/rrr/rrr ..../..../..../x... o flips:o=0,x=0 round:1")
        .unwrap();
    assert_eq!(
        model.position_text(&start),
        "rrr/rrr/rrr ..../..../..../x... o"
    );
    // Differing counters make different positions (they are hashed and compared).
    assert_ne!(short, start);
}

#[test]
fn mistakes_are_named() {
    let model = kings_and_counters();
    let error = |text: &str| model.parse_position(text).unwrap_err().to_string();
    let cases = [
        // The first kind's letter is never written.
        (
            "rrr/rrr/rrr xp.../..../..../.... x",
            "`p` is the first kind of piece (piece)",
        ),
        (
            "rrr/rrr/rrr xZ.../..../..../.... x",
            "`Z` is not a kind of piece (K king, Q queen)",
        ),
        (
            "rrr/rrr/rrr (xKo).../..../..../.... x",
            "a king does not stack, so it stands alone",
        ),
        (
            "rrr/rrr/rrr ..../..../..../.... x flips:x=6",
            "flips: 6 is outside 0..5",
        ),
        ("rrr/rrr/rrr ..../..../..../.... x flips:x=1,x=2", "flips:"),
        ("rrr/rrr/rrr ..../..../..../.... x flips:z=1", "flips:"),
        (
            "rrr/rrr/rrr ..../..../..../.... x round:a",
            "round: `a` is not a whole number",
        ),
        (
            "rrr/rrr/rrr ..../..../..../.... x score:3",
            "`score` is not a field",
        ),
        (
            "rrr/rrr/rrr ..../..../..../.... x supply:x=1001",
            "at most 1000",
        ),
        (
            "rrr/rrr/rrr ..../..../..../.... x supply:xZ=1",
            "supplies: `xZ`: `Z` is not a kind",
        ),
    ];
    for (text, says) in cases {
        let message = error(text);
        assert!(message.contains(says), "{text}: {message}");
    }
}

/// A ruleset of one kind reads and writes exactly what it did before kinds existed, and
/// refuses a kind letter.
#[test]
fn one_kind_keeps_the_old_texts() {
    let model = model(
        Board::new(Lattice::Square, Lattice::Square.shape(3), square_tiles(), 1).unwrap(),
        [('x', Colour::Dark), ('o', Colour::Light)],
        |a, d, _| a >= d,
    );
    round_trip(&model, "rrr/rrr/rrr x.x2./..../(ox)o../.... o 12");
    assert!(model
        .parse_position("rrr/rrr/rrr xK.../..../..../.... x")
        .is_err());
}
