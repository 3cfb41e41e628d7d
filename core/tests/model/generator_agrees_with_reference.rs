//! The turn generator, the legality checker and the text round-trip, held against the
//! independent reference generator on positions from seeded random games.

use crate::reference;

use reference::Rng;

use std::ops::ControlFlow;

use variant_run_core::testing::square_model;
use variant_run_core::{GameModel, Outcome, Position, Referee};

fn browne(model_size: u32) -> GameModel {
    square_model(model_size, |a, d, home| if home { a > d } else { a >= d })
}

/// A referee that never ends the game, so perft counts every sequence.
struct Endless;
impl Referee for Endless {
    type Error = ();
    fn outcome(&self, _: &GameModel, _: &Position) -> Result<Option<Outcome>, ()> {
        Ok(None)
    }
}

/// The standard start on an odd board with a random layout: each side on its own colour
/// in its (n-1)/2 nearest rows.
fn start(model: &GameModel, rng: &mut Rng) -> Position {
    let board = &model.board;
    let mut position = Position::empty(board, 0);
    for cell in 0..board.cell_count() as u16 {
        position.set_tile(cell, rng.next(2) as u8);
    }
    let rows = board.row_count();
    let half = (rows - 2) / 2;
    for j in 0..board.junction_count() as u16 {
        let junction = board.junction(j);
        let row = junction.row as usize;
        for player in 0..2u8 {
            let mine = model.rules.colour_of(player) == junction.colour;
            let near = if player == 0 {
                row < half
            } else {
                row >= rows - half
            };
            if mine && near {
                position.set_stack(j, variant_run_core::Stack::new(player, 1));
            }
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
fn distinct_turns_match_the_reference_on_many_positions() {
    for (size, seeds, turns) in [(3, 0..6u64, 30), (5, 0..6, 60), (7, 0..4, 120)] {
        let model = browne(size);
        for seed in seeds {
            for position in sample_positions(&model, seed, turns, 10) {
                reference::assert_same_children(&model, &position, &format!("{size}x{size}"));
            }
        }
    }
}

#[test]
fn perft_two_matches_the_reference() {
    for size in [3, 5] {
        let model = browne(size);
        for position in sample_positions(&model, 11, 40, 20) {
            assert_eq!(
                model.perft(&Endless, &position, 2),
                Ok(reference::perft(&model, &position, 2)),
                "{}",
                model.position_text(&position)
            );
        }
    }
}

#[test]
fn every_generated_turn_passes_the_checker_and_reads_back_from_its_text() {
    let model = browne(7);
    for seed in 0..3 {
        for position in sample_positions(&model, seed, 80, 20) {
            let mut count = 0;
            let _ = model.for_each_turn(&position, &mut |turn, _| {
                let delta = model
                    .check_turn(&position, turn)
                    .unwrap_or_else(|why| panic!("{}: {why}", model.turn_text(&position, turn)));
                assert_eq!(delta, model.delta(&position, turn));
                count += 1;
                ControlFlow::Continue(())
            });
            for (i, legal) in model.legal_turns(&position).into_iter().enumerate() {
                let read = model.read_turn(&position, &legal.text).unwrap();
                assert_eq!(model.turn_text(&position, &read), legal.text);
                assert_eq!(model.check_turn(&position, &read), Ok(legal.delta.clone()));
                // The full parse looks the canonical text up among all turns: sample it.
                if i % 16 == 0 {
                    let again = model.parse_turn_in(&position, &legal.text).unwrap();
                    assert_eq!((again.delta, again.text), (legal.delta, legal.text));
                }
            }
            assert!(count > 0);
        }
    }
}
