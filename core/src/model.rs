//! The game model: the board a game starts on and its rules, and what can be asked of a
//! position there.
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
use std::sync::Arc;

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::board_cache::NewBoard;
use crate::deltas::{delta_with, tile_key};
use crate::movegen::{
    flippable_cells, for_each_turn, for_each_turn_landing, Flips, Landings, Staged,
};
use crate::turn_facts::facts_on_staged;
use crate::turn_groups::{keep_shortest, sorted_by_text};
use crate::{
    patch, Board, CellId, Delta, KindId, PlayerId, Position, Referee, Rules, Stack, TakenPieces,
    Turn,
};

/// How many distinct stack moves a listing makes room for before it starts.
const LISTED_ROOM: usize = 128;

/// A board and the rules played on it.
#[derive(Clone, Debug)]
pub struct GameModel {
    /// The board a game starts on: the whole board of a fixed-board game, an empty patch
    /// for a boardless one (each position carries the board it stands on).
    pub board: Arc<Board>,
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
        GameModel {
            board: Arc::new(board),
            rules,
        }
    }

    /// Visits every turn of the side to move with the position its flip and tile action
    /// leave, possibly several turns leaving the same position. Turns come grouped by
    /// their flip: every turn without one first, then those of each flippable tile in
    /// turn. `visit` may stop the walk early by returning `ControlFlow::Break`.
    pub fn for_each_turn(
        &self,
        position: &Position,
        visit: &mut dyn FnMut(&Turn, &Staged) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for_each_turn(self, position, Flips::All, visit)
    }

    /// Visits, in [`GameModel::for_each_turn`]'s order, the turns whose piece action
    /// lands on a junction `marked` holds true for (by id; see
    /// [`crate::PieceAction::lands_on_any`]), and every turn with a tile action, whose junctions
    /// belong to the board it builds. The other turns are skipped before they are made:
    /// with the junctions of the other side marked, the turns that can take a piece as
    /// they land cost a fraction of the whole walk.
    pub fn for_each_turn_landing_on(
        &self,
        position: &Position,
        marked: &[bool],
        visit: &mut dyn FnMut(&Turn, &Staged) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for_each_turn_landing(self, position, Landings::On(marked), visit)
    }

    /// The change a turn makes, assuming it is legal in `position`.
    pub fn delta(&self, position: &Position, turn: &Turn) -> Delta {
        // A flip changes no stack, so only a piece action after a tile action needs the
        // staged position.
        if turn.tile.is_none() || turn.piece.is_none() {
            return delta_with(turn, position);
        }
        delta_with(turn, &self.staged(position, turn))
    }

    /// The position a turn's flip and tile action leave, where its piece action is played
    /// (and whose junctions the piece action names).
    pub fn staged(&self, position: &Position, turn: &Turn) -> Position {
        let mut staged = position.clone();
        if let Some(cell) = turn.flip {
            staged.tiles[cell as usize] = staged.board.tiles().flipped(staged.tile(cell));
        }
        if let Some(action) = turn.tile {
            patch::apply_tile(&self.rules, &mut staged, action, NewBoard::Shared);
        }
        staged
    }

    /// The distinct changes the side to move can make: one per position they leave
    /// before any after-turn rule, in the order turns are generated in.
    pub fn distinct_deltas(&self, position: &Position) -> Vec<Delta> {
        let hasher = FxBuildHasher;
        let mut seen: HashTable<usize> = HashTable::new();
        let mut deltas: Vec<Delta> = Vec::new();
        let _ = self.for_each_turn(position, &mut |turn, staged| {
            let delta = staged.delta(turn);
            let hash = hasher.hash_one(&delta);
            let known = seen.find(hash, |&i| deltas[i] == delta).is_some();
            if !known {
                seen.insert_unique(hash, deltas.len(), |&i| hasher.hash_one(&deltas[i]));
                deltas.push(delta);
            }
            ControlFlow::Continue(())
        });
        deltas
    }

    /// The distinct changes that make this flip (or none), as [`GameModel::distinct_deltas`]
    /// gives them: a search that takes a turn in two steps, the flip then the rest,
    /// lists one flip option's changes at a time. A flip the position does not allow
    /// gives changes that are not legal.
    pub fn distinct_deltas_flipping(
        &self,
        position: &Position,
        flip: Option<CellId>,
    ) -> Vec<Delta> {
        let hasher = FxBuildHasher;
        // Room for a middle game's stack moves from the start: growing the two from
        // empty cost the robot's search a twentieth of its instructions.
        let mut seen: HashTable<usize> = HashTable::with_capacity(LISTED_ROOM);
        let mut deltas: Vec<Delta> = Vec::with_capacity(LISTED_ROOM);
        let _ = for_each_turn(self, position, Flips::Only(flip), &mut |turn, staged| {
            let delta = staged.delta(turn);
            let hash = hasher.hash_one(&delta);
            if seen.find(hash, |&i| deltas[i] == delta).is_none() {
                seen.insert_unique(hash, deltas.len(), |&i| hasher.hash_one(&deltas[i]));
                deltas.push(delta);
            }
            ControlFlow::Continue(())
        });
        deltas
    }

    /// The distinct legal turns, told apart by the position they leave before any
    /// after-turn rule, each with its canonical text (the shortest text that leaves its
    /// position, ties broken by character order), sorted by that text. For a ruleset with
    /// an after-turn rule, see [`GameModel::distinct_turns`].
    pub fn legal_turns(&self, position: &Position) -> Vec<LegalTurn> {
        let mut best: FxHashMap<Delta, (Turn, String)> = FxHashMap::default();
        let _ = self.for_each_turn(position, &mut |turn, staged| {
            let delta = staged.delta(turn);
            let text = self.turn_text_staged(position, staged, turn);
            keep_shortest(&mut best, delta, turn, text);
            ControlFlow::Continue(())
        });
        sorted_by_text(best)
    }

    /// The distinct legal turns, told apart by the position they leave once the
    /// referee's after-turn rules (captures) have run, each with its canonical text,
    /// sorted by that text. The after-turn rules run once per turn the pieces can make.
    ///
    /// # Errors
    /// An error of the referee's after-turn rules.
    pub fn distinct_turns<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
    ) -> Result<Vec<LegalTurn>, R::Error> {
        let turns = self.allowed_only(referee, position, self.legal_turns(position))?;
        self.settle_distinct(referee, position, turns)
    }

    /// Of distinct turns before the after-turn rules, those distinct after them (each
    /// with the canonical text of the turns leaving its position), sorted by text.
    ///
    /// # Errors
    /// An error of the referee's after-turn rules.
    pub(crate) fn settle_distinct<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        mut turns: Vec<LegalTurn>,
    ) -> Result<Vec<LegalTurn>, R::Error> {
        if !referee.has_after_turn() {
            turns.sort_by(|a, b| a.text.cmp(&b.text));
            return Ok(turns);
        }
        // After-turn rules change stacks, never tiles, so turns that do different things
        // to tiles never leave the same position: each such family is settled on its
        // own and only its positions are held. On a big patch every placement is a
        // family of its own, and holding every placement's position at once (a board
        // each) took gigabytes.
        // Keys made once: moving whole turns about while making keys for every
        // comparison was an eighth of a match of random players.
        turns.sort_by_cached_key(|turn| tile_key(&turn.delta));
        let mut distinct: Vec<LegalTurn> = Vec::with_capacity(turns.len());
        let mut best: FxHashMap<Position, LegalTurn> = FxHashMap::default();
        let mut turns = turns.into_iter().peekable();
        while let Some(turn) = turns.next() {
            let family = tile_key(&turn.delta);
            // A family of one (a placement or a removal, mostly) leaves a position no
            // other turn leaves: it need not be played to be told apart. Playing every
            // placement was most of what a match of Trugo spent listing turns.
            let first = best.is_empty();
            if first && turns.peek().is_none_or(|t| tile_key(&t.delta) != family) {
                distinct.push(turn);
                continue;
            }
            let next = self.play(referee, position, &turn.delta)?;
            match best.get_mut(&next) {
                Some(entry) => {
                    if (turn.text.len(), &turn.text) < (entry.text.len(), &entry.text) {
                        *entry = turn;
                    }
                }
                None => {
                    best.insert(next, turn);
                }
            }
            if turns.peek().is_none_or(|t| tile_key(&t.delta) != family) {
                distinct.extend(best.drain().map(|(_, turn)| turn));
            }
        }
        // No two distinct turns have one text, so an unstable sort orders them the same.
        distinct.sort_unstable_by(|a, b| a.text.cmp(&b.text));
        Ok(distinct)
    }

    /// Tiles that may flip now (no piece on any corner), if the rules have flips.
    pub fn flippable(&self, position: &Position) -> Vec<CellId> {
        if !self.rules.forms.has_flips() {
            return Vec::new();
        }
        flippable_cells(position).collect()
    }

    /// The position a change leaves, before any after-turn rule: the other player to
    /// move, and the quiet-turn counter reset by a capture, a placement or a removal.
    /// A tile action's new board is shared with any other position made by the same
    /// change of the same board (a search makes many from one position).
    pub fn after(&self, position: &Position, delta: &Delta) -> Position {
        let mut next = position.clone();
        self.change(&mut next, delta, NewBoard::Shared);
        next
    }

    /// Applies a change in place (see [`GameModel::after`]), as a playout does: a tile
    /// action's new board is built afresh, since a playout seldom meets one twice.
    pub fn apply(&self, position: &mut Position, delta: &Delta) {
        self.change(position, delta, NewBoard::Built);
    }

    pub(crate) fn change(&self, position: &mut Position, delta: &Delta, new_board: NewBoard) {
        let mover = position.side();
        // The flipped tile by its place, before a tile action renumbers the cells.
        let flipped = delta.flip.map(|cell| position.board.cells()[cell as usize]);
        if let Some(cell) = delta.flip {
            let state = position.board.tiles().flipped(position.tile(cell));
            position.set_tile(cell, state);
        }
        if let Some(action) = delta.tile {
            patch::apply_tile(&self.rules, position, action, new_board);
        }
        if self.rules.keep_last_turn {
            let facts = facts_on_staged(mover, flipped, position, delta);
            position.set_last_turn(Some(facts));
        }
        let captured = delta.captures(position, mover);
        if captured && self.rules.taken != TakenPieces::Out {
            self.keep_taken(position, delta, mover);
        }
        if let Some(kind) = delta.drop {
            let held = position.supply_of(mover, kind);
            position.set_supply_of(mover, kind, held - 1);
        }
        for &(j, stack) in &delta.changes {
            position.set_stack(j, stack);
        }
        position.side = 1 - mover;
        position.quiet = if captured || delta.tile.is_some() {
            0
        } else {
            position.quiet + 1
        };
    }

    /// Puts the pieces a landing takes into a supply, as [`Rules::taken`] says: their
    /// owner's, or the taker's as pieces of their own. `position` is the staged one,
    /// before the change's stacks are set.
    fn keep_taken(&self, position: &mut Position, delta: &Delta, mover: PlayerId) {
        let enemy = 1 - mover;
        let keeper = match self.rules.taken {
            TakenPieces::Out => return,
            TakenPieces::ToOwner => enemy,
            TakenPieces::ToTaker => mover,
        };
        for &(j, after) in &delta.changes {
            let before = position.stack(j);
            if after.pieces_of(enemy) >= before.pieces_of(enemy) {
                continue;
            }
            let mut taken = [0u32; Stack::MAX_KINDS];
            for (_, kind) in before.pieces().filter(|&(o, _)| o == enemy) {
                taken[usize::from(kind)] += 1;
            }
            for (_, kind) in after.pieces().filter(|&(o, _)| o == enemy) {
                taken[usize::from(kind)] -= 1;
            }
            for (kind, &n) in taken.iter().enumerate().filter(|(_, &n)| n > 0) {
                let kind = kind as KindId;
                let held = position.supply_of(keeper, kind);
                position.set_supply_of(keeper, kind, held + n);
            }
        }
    }

    /// The position a change leaves once the referee's after-turn rules have run: what a
    /// game plays. Pieces the after-turn rules take count as a capture for the quiet-turn
    /// counter.
    ///
    /// # Errors
    /// An error of the after-turn rules.
    pub fn play<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        delta: &Delta,
    ) -> Result<Position, R::Error> {
        let mut next = self.after(position, delta);
        self.settle(referee, &mut next)?;
        Ok(next)
    }

    /// Runs the referee's after-turn rules on the position a change just left (in place,
    /// for playouts that apply changes in place). Pieces they take count as a capture
    /// for the quiet-turn counter.
    ///
    /// # Errors
    /// An error of the after-turn rules.
    pub fn settle<R: Referee>(&self, referee: &R, position: &mut Position) -> Result<(), R::Error> {
        if referee.has_after_turn() {
            let before = position.piece_count();
            #[cfg(debug_assertions)]
            let (board, tiles) = (Arc::clone(&position.board), position.tiles.clone());
            referee.after_turn(self, position)?;
            #[cfg(debug_assertions)]
            assert!(
                Arc::ptr_eq(&board, &position.board) && tiles == position.tiles,
                "after-turn rules may change stacks, not tiles"
            );
            if position.piece_count() < before {
                position.quiet = 0;
            }
        }
        Ok(())
    }
}
