//! The game model: a board and its rules, and what can be asked of a position there.
//!
//! ```
//! # let model = variant_run_core::testing::square_model(7, |a, d, home| if home { a > d } else { a >= d });
//! let start = model.parse_position(
//!     "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
//!      o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x").unwrap();
//! for turn in model.legal_turns(&start) {
//!     // every generated turn passes the independent check and reads back from its text
//!     assert_eq!(model.check_turn(&start, &turn.turn), Ok(turn.delta.clone()));
//!     assert_eq!(model.parse_turn_in(&start, &turn.text).unwrap().delta, turn.delta);
//! }
//! ```

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use crate::movegen::{flippable_cells, for_each_turn, for_each_turn_with_flip};
use crate::{Board, Delta, Position, Rules, Turn};

/// A board and the rules played on it.
#[derive(Clone, Debug)]
pub struct GameModel {
    pub board: Board,
    pub rules: Rules,
}

/// A distinct legal turn: the canonical way of writing it, and the change it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalTurn {
    pub turn: Turn,
    pub text: String,
    pub delta: Delta,
}

impl GameModel {
    pub fn new(board: Board, rules: Rules) -> GameModel {
        GameModel { board, rules }
    }

    /// Visits every turn of the side to move, possibly several leaving the same position.
    /// `visit` may stop the walk early by returning `ControlFlow::Break`.
    pub fn for_each_turn(
        &self,
        position: &Position,
        visit: &mut dyn FnMut(&Turn) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for_each_turn(&self.board, &self.rules, position, true, visit)
    }

    /// The distinct changes the side to move can make: one per resulting position, in a
    /// fixed order (the order turns are generated in).
    pub fn distinct_deltas(&self, position: &Position) -> Vec<Delta> {
        let mut seen: FxHashMap<Delta, ()> = FxHashMap::default();
        let mut deltas = Vec::new();
        let _ = self.for_each_turn(position, &mut |turn| {
            let delta = turn.delta(position);
            if seen.insert(delta.clone(), ()).is_none() {
                deltas.push(delta);
            }
            ControlFlow::Continue(())
        });
        deltas
    }

    /// The distinct legal turns, each with its canonical text (the shortest text that
    /// leaves its position, ties broken by character order), sorted by that text.
    pub fn legal_turns(&self, position: &Position) -> Vec<LegalTurn> {
        let mut best: FxHashMap<Delta, (Turn, String)> = FxHashMap::default();
        let _ = self.for_each_turn(position, &mut |turn| {
            let delta = turn.delta(position);
            let text = self.turn_text(turn);
            match best.get_mut(&delta) {
                Some(entry) => {
                    if (text.len(), &text) < (entry.1.len(), &entry.1) {
                        *entry = (turn.clone(), text);
                    }
                }
                None => {
                    best.insert(delta, (turn.clone(), text));
                }
            }
            ControlFlow::Continue(())
        });
        let mut turns: Vec<LegalTurn> = best
            .into_iter()
            .map(|(delta, (turn, text))| LegalTurn { turn, text, delta })
            .collect();
        turns.sort_by(|a, b| a.text.cmp(&b.text));
        turns
    }

    /// A random turn for playouts, drawn in stages: first a flip option (no flip, or one
    /// of the flippable tiles) uniformly, then uniformly one of the stack moves that
    /// board allows; a flip option with no stack move is dropped and another drawn.
    /// Cheaper than [`GameModel::distinct_deltas`] because it generates one board's
    /// moves and hashes nothing; not uniform over distinct turns, which playouts do not
    /// need. `choose(n)` must return an index below `n`.
    pub fn random_turn(
        &self,
        position: &Position,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Delta> {
        let mut options: Vec<Option<crate::CellId>> = std::iter::once(None)
            .chain(self.flippable(position).into_iter().map(Some))
            .collect();
        let mut turns: Vec<Turn> = Vec::new();
        while !options.is_empty() {
            let flip = options.swap_remove(choose(options.len()));
            turns.clear();
            let _ = for_each_turn_with_flip(&self.board, &self.rules, position, flip, &mut |t| {
                turns.push(t.clone());
                ControlFlow::Continue(())
            });
            if !turns.is_empty() {
                return Some(turns[choose(turns.len())].delta(position));
            }
        }
        None
    }

    /// Whether the side to move has any turn; with `with_flips` false, only turns without
    /// a flip count.
    pub fn has_turn(&self, position: &Position, with_flips: bool) -> bool {
        for_each_turn(&self.board, &self.rules, position, with_flips, &mut |_| {
            ControlFlow::Break(())
        })
        .is_break()
    }

    /// Tiles that may flip now (no piece on any corner), if the rules have flips.
    pub fn flippable(&self, position: &Position) -> Vec<crate::CellId> {
        if !self.rules.parts.flip {
            return Vec::new();
        }
        flippable_cells(&self.board, position).collect()
    }

    /// The position a change leaves: the other player to move, and the quiet-turn counter
    /// reset by a capture.
    pub fn after(&self, position: &Position, delta: &Delta) -> Position {
        let mut next = position.clone();
        self.apply(&mut next, delta);
        next
    }

    /// Applies a change in place (see [`GameModel::after`]).
    pub fn apply(&self, position: &mut Position, delta: &Delta) {
        let captured = delta.captures(position, position.side());
        if let Some(cell) = delta.flip {
            let state = self.board.tiles().flipped(position.tile(cell));
            position.set_tile(cell, state);
        }
        for &(j, stack) in &delta.changes {
            position.set_stack(j, stack);
        }
        position.side = 1 - position.side;
        position.quiet = if captured { 0 } else { position.quiet + 1 };
    }
}
