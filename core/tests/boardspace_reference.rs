//! The truchet-boardspace perft table (tests/boardspace/perft.txt at the project root),
//! recomputed by the naive reference generator of reference.rs on a model built here from
//! the digest's rules, with an end-of-game referee written here from the digest. The
//! project's own test (tests/boardspace_perft.rs) holds the ruleset to the same table.

#[allow(dead_code)]
mod reference;

use std::collections::HashSet;

use variant_run_core::testing::{self, square_tiles};
use variant_run_core::{Board, Colour, GameModel, Lattice, PlayerId, Position};

/// Boardspace's rules as the digest states them, built without the ruleset's files: White
/// (light) and Black (dark), every turn part, stacks up to 4, capture when a >= d.
fn digest_model() -> GameModel {
    let board = Board::new(Lattice::Square, Lattice::Square.shape(7), square_tiles(), 1)
        .expect("7x7 board");
    let players = [('w', Colour::Light), ('b', Colour::Dark)];
    testing::model(board, players, |a, d, _| a >= d)
}

/// The digest's end of the game, given the position's children by the reference.
fn digest_game_over(model: &GameModel, position: &Position, children: &HashSet<Position>) -> bool {
    let targets = [["a1", "c1", "e1", "g1"], ["a8", "c8", "e8", "g8"]];
    let wins = |player: PlayerId| {
        let held = targets[player as usize]
            .iter()
            .filter(|name| {
                let j = model.board.junction_by_name(name).unwrap();
                position.stack(j).is_owned_by(player)
            })
            .count();
        held >= 3 || (position.pieces(1 - player) == 0 && position.pieces(player) > 0)
    };
    // A child with the same tiles is a turn without a flip (a flip always changes a tile).
    let can_move_without_flip = children.iter().any(|c| c.tiles() == position.tiles());
    wins(0) || wins(1) || !can_move_without_flip
}

/// The largest count the reference recomputes in the test suite.
const NODE_LIMIT: u64 = 800_000;

fn reference_perft(model: &GameModel, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let children = reference::children(model, position);
    if digest_game_over(model, position, &children) {
        return 0;
    }
    if depth == 1 {
        return children.len() as u64;
    }
    children
        .iter()
        .map(|child| reference_perft(model, child, depth - 1))
        .sum()
}

#[test]
fn perft_table_matches_the_independent_reference() {
    let model = digest_model();
    for case in testing::read_perft_table(include_str!("../../tests/boardspace/perft.txt")) {
        let position = model.parse_position(&case.position).unwrap();
        for &(depth, expected) in &case.counts {
            // The naive reference is slow: recount only up to a node limit, so the suite
            // stays fast (the table's larger counts were made with it once, and the
            // ruleset's own test checks every count).
            if expected > NODE_LIMIT {
                continue;
            }
            assert_eq!(
                reference_perft(&model, &position, depth),
                expected,
                "{} perft {depth}",
                case.id
            );
        }
    }
}
