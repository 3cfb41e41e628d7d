//! A refused turn text says which of three things went wrong, as values a program can
//! act on: its syntax (the text alone), a name it gives that is not on this board, or a
//! rule that forbids it here. Each says itself as the sentence a player reads.

use variant_run_core::testing::square_model;
use variant_run_core::{Illegal, NotOnBoard, TurnError, TurnSyntax};

#[test]
fn syntax_names_off_the_board_and_illegal_turns_are_told_apart() {
    let model = square_model(3, |a, d, home| if home { a > d } else { a >= d });
    let position = model
        .parse_position("rrr/lrl/rrr o.o./.o.o/..../x.x. x")
        .unwrap();
    let refused = |text: &str| model.parse_turn_in(&position, text).unwrap_err();

    let TurnError::Syntax(error) = refused("a1") else {
        panic!("`a1` is a syntax error");
    };
    assert_eq!(error.reason, TurnSyntax::NoDash);
    assert_eq!(
        error.to_string(),
        "cannot read turn `a1`: expected `from-to`, `a,b-target` or `source-a,2xb`"
    );

    // Well-formed, but `z9` is no junction of a 3x3 board: read against the board.
    let TurnError::NotOnBoard(error) = refused("a1-z9") else {
        panic!("`z9` is not on the board");
    };
    assert_eq!(error.reason, NotOnBoard::Junction("z9".into()));
    assert_eq!(
        error.to_string(),
        "cannot read turn `a1-z9`: `z9` is not a junction of this board"
    );

    // On the board, but the tile holds a piece: the rules refuse it, naming both.
    let TurnError::Illegal(error) = refused("ab12:a1-b2") else {
        panic!("a tile under a piece does not flip");
    };
    let Illegal::FlipUnderPiece { tile, piece } = &error.reason else {
        panic!("{error}");
    };
    let board = position.board();
    assert_eq!((&*tile.name, &*piece.name), ("ab12", "a1"));
    assert_eq!(board.junction_by_name("a1"), Some(piece.id));
    assert_eq!(board.cell_by_name("ab12"), Some(tile.id));
    assert_eq!(
        error.to_string(),
        "illegal turn `ab12:a1-b2`: tile ab12 has a piece on a1"
    );
}
