//! The turn generator held against the independent reference generator on hex-hex boards,
//! with both hexagonal tiles: the Truchet tile (one band of three corners, two states) and
//! the Trugo tile (two bands of two corners, three states). (tests/suite/reference_agrees.rs
//! counts truchet-hex's perft table, `variants/truchet-hex/perft/table.perft`, both ways,
//! so its numbers are confirmed by a method that shares no code with the generator.)

// Shared with the square boards' tests; this file uses only part of it.
use crate::reference;

use reference::Rng;

use variant_run_core::{testing, Board, Colour, GameModel, Lattice, Position, Stack, TileSet};

/// The hexagonal Truchet tile of the truchet-hex digest: `0` joins the dark corners,
/// `1` the light ones.
fn truchet_tile() -> TileSet {
    TileSet::new(
        Lattice::Hex,
        &[("0", &[&["ne", "s", "nw"]]), ("1", &[&["n", "se", "sw"]])],
    )
    .unwrap()
}

/// The Trugo tile, states numbered by the axis of corners they cut off: `0` n-s,
/// `1` ne-sw, `2` se-nw.
fn trugo_tile() -> TileSet {
    TileSet::new(
        Lattice::Hex,
        &[
            ("0", &[&["ne", "nw"], &["se", "sw"]]),
            ("1", &[&["s", "nw"], &["n", "se"]]),
            ("2", &[&["ne", "s"], &["n", "sw"]]),
        ],
    )
    .unwrap()
}

/// A hex-hex board of `size` cells a side with Browne's rules: x dark, o light, every turn
/// part, height at most 4, capture by a > d at the defender's home and a >= d elsewhere.
fn hex_model(size: u32, tiles: TileSet) -> GameModel {
    let board = Board::new(Lattice::Hex, Lattice::Hex.shape(size), tiles, 1).unwrap();
    let players = [('x', Colour::Dark), ('o', Colour::Light)];
    testing::model(
        board,
        players,
        |a, d, home| if home { a > d } else { a >= d },
    )
}

fn model_for(tiles: &str, size: u32) -> GameModel {
    match tiles {
        "truchet" => hex_model(size, truchet_tile()),
        "trugo" => hex_model(size, trugo_tile()),
        other => panic!("unknown tile `{other}` in truchet-hex.perft"),
    }
}

/// The digest's start with a random layout: each side on every junction of its own colour
/// in the two junction rows of that colour nearest its edge (x: rows 1 and 3; o: the top
/// row and the second below it). Colours alternate by row, so these are every other row.
fn start(model: &GameModel, rng: &mut Rng) -> Position {
    let board = &model.board;
    let states = board.tiles().len();
    let mut position = Position::empty(board, 0);
    for cell in 0..board.cell_count() as u16 {
        position.set_tile(cell, rng.next(states) as u8);
    }
    let rows = board.row_count() as u16;
    for j in 0..board.junction_count() as u16 {
        let junction = board.junction(j);
        if junction.row == 0 || junction.row == 2 {
            position.set_stack(j, Stack::new(0, 1));
        }
        if junction.row == rows - 1 || junction.row == rows - 3 {
            position.set_stack(j, Stack::new(1, 1));
        }
    }
    position
}

/// Positions along a random game, every `every` turns.
fn sample_positions(model: &GameModel, seed: u64, turns: usize, every: usize) -> Vec<Position> {
    let mut rng = Rng(seed * 2 + 1);
    let start = start(model, &mut rng);
    reference::positions_along_a_random_game(model, start, &mut rng, turns, every)
}

#[test]
fn start_rows_hold_the_digests_pieces() {
    // Rows 1 and 3 are dark and hold s and s + 1 junctions: 2s + 1 pieces a side.
    for size in 2..=5u32 {
        let model = model_for("truchet", size);
        let position = start(&model, &mut Rng(1));
        for player in 0..2u8 {
            assert_eq!(position.pieces(player), 2 * size + 1, "size {size}");
        }
        for j in 0..model.board.junction_count() as u16 {
            if let Some(owner) = position.stack(j).owner() {
                assert_eq!(model.board.junction(j).colour, model.rules.colour_of(owner));
            }
        }
    }
}

#[test]
fn distinct_turns_match_the_reference_on_many_positions() {
    for tiles in ["truchet", "trugo"] {
        for (size, seeds, turns) in [(2, 0..6u64, 40), (3, 0..4, 60), (4, 0..2, 60)] {
            let model = model_for(tiles, size);
            for seed in seeds {
                for position in sample_positions(&model, seed, turns, 10) {
                    let label = format!("{tiles} size {size}");
                    reference::assert_same_children(&model, &position, &label);
                }
            }
        }
    }
}

#[test]
fn every_generated_turn_passes_the_checker_and_reads_back_from_its_text() {
    for tiles in ["truchet", "trugo"] {
        let model = model_for(tiles, 3);
        for position in sample_positions(&model, 5, 60, 15) {
            for legal in model.legal_turns(&position) {
                let read = model.read_turn(&position, &legal.text).unwrap();
                assert_eq!(model.turn_text(&position, &read), legal.text);
                assert_eq!(model.check_turn(&position, &read), Ok(legal.delta.clone()));
            }
            let text = model.position_text(&position);
            assert_eq!(
                model.position_text(&model.parse_position(&text).unwrap()),
                text
            );
        }
    }
}
