//! Positions: the board the game stands on, its tile states and stacks, the player to
//! move, and the state beyond the board: turns without a capture, tiles left in the
//! pool, the pieces each player holds off the board (to receive, or to drop), and the
//! ruleset's own counters.
//!
//! The board is shared (`Arc`): every position of a fixed-board game points at the same
//! board, and a boardless game's position points at the patch its tiles form, so a
//! position is a few small arrays and numbers, cheap to copy for search (7x7 Truchet:
//! 49 bytes of tiles and 128 of stacks).
//!
//! ```
//! # let model = variant_run_core::testing::square_model(3, |a, d, home| if home { a > d } else { a >= d });
//! let p = model.parse_position("rrr/rrr/rrr o.o./.o.o/..../x.x. x").unwrap();
//! assert_eq!((p.pieces(0), p.pieces(1)), (2, 4));
//! assert!(std::sync::Arc::ptr_eq(p.board(), &model.board));
//! ```

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use smallvec::SmallVec;

use crate::{Board, CellId, JunctionId, KindId, PlayerId, Stack, TurnFacts};

#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: Arc<Board>,
    /// The state of each cell's tile, by cell id.
    pub(crate) tiles: Vec<u8>,
    /// The stack on each junction, by junction id.
    pub(crate) stacks: Vec<Stack>,
    pub(crate) side: PlayerId,
    /// Turns played since the last capture, placement or removal.
    pub(crate) quiet: u32,
    /// Tiles left to place: at most a patch's 2,000 (a `u16` keeps the struct within
    /// the 128 bytes that are copied inline, not by a call).
    pub(crate) pool: u16,
    /// Pieces of the first kind each player holds off the board: to receive when a
    /// placement gives them, or to drop.
    pub(crate) supply: [u32; 2],
    /// Supplies of the other kinds, counters and the last turn, boxed: most rulesets
    /// have none, and a position copied for a search stays small.
    pub(crate) more: Option<Box<More>>,
    /// Pieces each player has on the board, kept as stacks change: end and capture
    /// rules ask after every turn, and counting the stacks of a big patch each time
    /// grew with the patch. Derived from `stacks`, so not compared or hashed.
    pub(crate) on_board: [u32; 2],
    /// Which junctions hold a piece, a bit each, kept as stacks change: searches that
    /// start from the pieces (groups, a side's movable pieces) passed over every
    /// junction of a big patch, most of them empty. Inline up to 256 junctions, so
    /// copying a position for a search stays one allocation short. Derived from
    /// `stacks`, like `on_board`.
    pub(crate) held: HeldBits,
}

/// What a position holds beyond the board and the first kind's supplies.
#[derive(Clone, Debug, Default)]
pub(crate) struct More {
    /// Supplies of the kinds after the first, `[(kind - 1) * 2 + player]`, without
    /// trailing zeros (so equal supplies compare equal).
    kind_supply: Vec<u32>,
    /// The ruleset's counters, in the order it declares them, a per-player counter
    /// taking two places (player 0's first).
    counters: Vec<i64>,
    /// What the turn that led here did, kept only where the ruleset's scripts ask
    /// ([`crate::Rules::keep_last_turn`]). Not part of the position: two positions that
    /// differ only in how they were reached are equal.
    last: Option<TurnFacts>,
}

/// The bits of [`Position::held`].
pub(crate) type HeldBits = SmallVec<[u64; 4]>;

/// The empty bits for `junctions` junctions.
pub(crate) fn no_held(junctions: usize) -> HeldBits {
    smallvec::smallvec![0; junctions.div_ceil(64)]
}

/// Sets or clears junction `j`'s bit in [`Position::held`]'s bits.
#[inline]
pub(crate) fn mark_held(held: &mut [u64], j: usize, holds: bool) {
    let bit = 1u64 << (j % 64);
    if holds {
        held[j / 64] |= bit;
    } else {
        held[j / 64] &= !bit;
    }
}

/// Moves [`Position::on_board`]'s counts by a junction's stack going from `was` to
/// `now`: one count of player 1's pieces a stack, player 0 having the rest.
#[inline]
pub(crate) fn count_change(on_board: &mut [u32; 2], was: Stack, now: Stack) {
    let (was_1, now_1) = (was.pieces_of(1), now.pieces_of(1));
    let [zero, one] = on_board;
    *one = *one + now_1 - was_1;
    *zero = *zero + (u32::from(now.height()) - now_1) - (u32::from(was.height()) - was_1);
}

impl Position {
    /// A position on `board` with every tile in state 0, no stacks, no counters, and
    /// `side` to move.
    pub fn empty(board: &Arc<Board>, side: PlayerId) -> Position {
        Position {
            board: Arc::clone(board),
            tiles: vec![0; board.cell_count()],
            stacks: vec![Stack::EMPTY; board.junction_count()],
            side,
            quiet: 0,
            pool: 0,
            supply: [0, 0],
            more: None,
            on_board: [0, 0],
            held: no_held(board.junction_count()),
        }
    }

    /// The board this position stands on.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    pub fn tile(&self, cell: CellId) -> u8 {
        self.tiles[cell as usize]
    }

    pub fn set_tile(&mut self, cell: CellId, state: u8) {
        self.tiles[cell as usize] = state;
    }

    pub fn stacks(&self) -> &[Stack] {
        &self.stacks
    }

    pub fn stack(&self, j: JunctionId) -> Stack {
        self.stacks[j as usize]
    }

    #[inline]
    pub fn set_stack(&mut self, j: JunctionId, stack: Stack) {
        let was = std::mem::replace(&mut self.stacks[j as usize], stack);
        mark_held(&mut self.held, j as usize, !stack.is_empty());
        count_change(&mut self.on_board, was, stack);
    }

    /// The pieces on the board counted from the stacks, as [`Position::pieces`] keeps
    /// them (for checks).
    fn counted_on_board(&self) -> [u32; 2] {
        [0, 1].map(|player| self.stacks.iter().map(|s| s.pieces_of(player)).sum())
    }

    /// The player to move.
    pub fn side(&self) -> PlayerId {
        self.side
    }

    pub fn set_side(&mut self, side: PlayerId) {
        self.side = side;
    }

    /// Turns played since the last capture, placement or removal (for a draw rule).
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    pub fn set_quiet_turns(&mut self, quiet: u32) {
        self.quiet = quiet;
    }

    /// Tiles left to place.
    pub fn pool(&self) -> u32 {
        u32::from(self.pool)
    }

    /// Sets the tiles left to place; a pool never holds more than a patch's most tiles
    /// (`MAX_PATCH_TILES` of the position texts), which the texts and rulesets enforce.
    pub fn set_pool(&mut self, pool: u32) {
        debug_assert!(pool <= u32::from(u16::MAX));
        self.pool = u16::try_from(pool).unwrap_or(u16::MAX);
    }

    fn more_mut(&mut self) -> &mut More {
        self.more.get_or_insert_with(Box::default)
    }

    fn kind_supply(&self) -> &[u32] {
        self.more.as_deref().map_or(&[], |m| &m.kind_supply)
    }

    /// Pieces of the first kind `player` holds off the board.
    pub fn supply(&self, player: PlayerId) -> u32 {
        self.supply[player as usize]
    }

    pub fn set_supply(&mut self, player: PlayerId, pieces: u32) {
        self.supply[player as usize] = pieces;
    }

    /// Pieces of `kind` `player` has on the board, in every stack (under others' too).
    pub fn pieces_of_kind(&self, player: PlayerId, kind: KindId) -> u32 {
        self.stacks
            .iter()
            .map(|s| s.pieces_of_kind(player, kind))
            .sum()
    }

    /// Pieces of `kind` `player` holds off the board.
    #[inline]
    pub fn supply_of(&self, player: PlayerId, kind: KindId) -> u32 {
        match kind {
            0 => self.supply[player as usize],
            _ => {
                let i = usize::from(kind - 1) * 2 + usize::from(player);
                self.kind_supply().get(i).copied().unwrap_or(0)
            }
        }
    }

    pub fn set_supply_of(&mut self, player: PlayerId, kind: KindId, pieces: u32) {
        if kind == 0 {
            self.supply[player as usize] = pieces;
            return;
        }
        let i = usize::from(kind - 1) * 2 + usize::from(player);
        if i >= self.kind_supply().len() && pieces == 0 {
            return;
        }
        let supply = &mut self.more_mut().kind_supply;
        if i >= supply.len() {
            supply.resize(i + 1, 0);
        }
        supply[i] = pieces;
        while supply.last() == Some(&0) {
            supply.pop();
        }
    }

    /// Pieces `player` holds off the board, of every kind.
    pub fn supply_total(&self, player: PlayerId) -> u32 {
        let others: u32 = self
            .kind_supply()
            .iter()
            .skip(usize::from(player))
            .step_by(2)
            .sum();
        self.supply[player as usize] + others
    }

    /// The counters, in the ruleset's order (see [`crate::Rules::counters`]).
    pub fn counters(&self) -> &[i64] {
        self.more.as_deref().map_or(&[], |m| &m.counters)
    }

    /// Counter `i` (its place in [`Position::counters`]).
    pub fn counter(&self, i: usize) -> i64 {
        self.counters()[i]
    }

    /// Sets every counter, in the ruleset's order.
    pub fn set_counters(&mut self, values: Vec<i64>) {
        if values.is_empty() && self.more.is_none() {
            return;
        }
        self.more_mut().counters = values;
    }

    /// Sets counter `i`; the caller keeps it within its bounds.
    pub fn set_counter(&mut self, i: usize, value: i64) {
        self.more_mut().counters[i] = value;
    }

    /// What the turn that led here did, where the ruleset keeps it.
    pub fn last_turn(&self) -> Option<&TurnFacts> {
        self.more.as_deref().and_then(|m| m.last.as_ref())
    }

    /// Sets what the turn that led here did (playing a turn sets it where the ruleset
    /// keeps it; a test building positions another way sets it itself).
    pub fn set_last_turn(&mut self, facts: Option<TurnFacts>) {
        if facts.is_none() && self.more.is_none() {
            return;
        }
        self.more_mut().last = facts;
    }

    /// How many pieces `player` has on the board, pinned ones included.
    pub fn pieces(&self, player: PlayerId) -> u32 {
        debug_assert_eq!(self.on_board, self.counted_on_board());
        self.on_board[player as usize]
    }

    /// How many pieces are on the board.
    pub fn piece_count(&self) -> u32 {
        debug_assert_eq!(self.on_board, self.counted_on_board());
        self.on_board[0] + self.on_board[1]
    }

    /// How many stacks `player`'s pieces top.
    pub fn stack_count(&self, player: PlayerId) -> u32 {
        self.held_junctions()
            .filter(|&j| self.stacks[j as usize].is_owned_by(player))
            .count() as u32
    }

    /// The junctions that hold a piece, in id order: a walk over the pieces that skips
    /// the empty junctions a word at a time.
    pub fn held_junctions(&self) -> HeldJunctions<'_> {
        held_in(self.held_bits())
    }

    /// The bits of the junctions that hold a piece (see [`held_in`]).
    pub(crate) fn held_bits(&self) -> &[u64] {
        debug_assert!(self.held_matches_stacks());
        &self.held
    }

    /// Whether the held bits are the stacks that hold a piece (for checks).
    fn held_matches_stacks(&self) -> bool {
        self.stacks.iter().enumerate().all(|(j, s)| {
            let bit = self
                .held
                .get(j / 64)
                .is_some_and(|w| w >> (j % 64) & 1 == 1);
            bit != s.is_empty()
        }) && self.held.len() == self.stacks.len().div_ceil(64)
    }
}

/// The junctions whose bits are set in `words`, in id order.
pub(crate) fn held_in(words: &[u64]) -> HeldJunctions<'_> {
    HeldJunctions {
        words,
        next_word: 0,
        bits: 0,
        base: 0,
    }
}

/// The iterator of [`Position::held_junctions`].
pub struct HeldJunctions<'a> {
    words: &'a [u64],
    next_word: usize,
    /// The current word's bits not yet given, and the id of its first junction.
    bits: u64,
    base: usize,
}

impl Iterator for HeldJunctions<'_> {
    type Item = JunctionId;

    #[inline]
    fn next(&mut self) -> Option<JunctionId> {
        while self.bits == 0 {
            self.bits = *self.words.get(self.next_word)?;
            self.base = self.next_word * 64;
            self.next_word += 1;
        }
        let j = self.base + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(j as JunctionId)
    }
}

/// Positions are equal when they stand on boards of the same cells with the same tiles,
/// stacks, side and counters.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.side == other.side
            && self.quiet == other.quiet
            && self.pool == other.pool
            && self.supply == other.supply
            && self.kind_supply() == other.kind_supply()
            && self.counters() == other.counters()
            && self.tiles == other.tiles
            && self.stacks == other.stacks
            && self.board.same_cells(&other.board)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.cells().hash(state);
        self.tiles.hash(state);
        self.stacks.hash(state);
        (self.side, self.quiet, u32::from(self.pool), self.supply).hash(state);
        (self.kind_supply(), self.counters()).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::games::{empty_patch, Draws};
    use crate::testing::trugo_model;
    use crate::JunctionId;

    /// The pieces each player has on the board and the junctions that hold one, kept as
    /// stacks change, are the ones the stacks hold: along random Trugo games (placements
    /// that give pieces, removals that take them, moves, pins) and after pieces are
    /// taken as a capture takes them.
    #[test]
    fn kept_counts_and_held_junctions_are_the_stacks() {
        let model = trugo_model();
        let mut removals = 0;
        for seed in 0..12 {
            let mut draws = Draws(seed);
            let mut position = empty_patch(&model, 40, 30);
            for _ in 0..300 {
                let mut choose = |n: usize| draws.below(n);
                let Some(delta) = model.random_turn(&position, &mut choose) else {
                    break;
                };
                let removal = matches!(delta.tile, Some(crate::TileAction::Remove { .. }));
                removals += usize::from(removal);
                model.apply(&mut position, &delta);
                // Now and then, take a top piece as a capture rule would.
                let held: Vec<JunctionId> = (0..position.stacks().len() as JunctionId)
                    .filter(|&j| !position.stack(j).is_empty())
                    .collect();
                if !held.is_empty() && draws.below(4) == 0 {
                    let j = held[draws.below(held.len())];
                    position.set_stack(j, position.stack(j).popped());
                }
                for player in 0..2 {
                    let counted: u32 = position.stacks().iter().map(|s| s.pieces_of(player)).sum();
                    assert_eq!(position.pieces(player), counted, "player {player}");
                }
                let held: Vec<JunctionId> = (0..position.stacks().len() as JunctionId)
                    .filter(|&j| !position.stack(j).is_empty())
                    .collect();
                assert_eq!(position.held_junctions().collect::<Vec<_>>(), held);
                let height: u32 = position
                    .stacks()
                    .iter()
                    .map(|s| u32::from(s.height()))
                    .sum();
                assert_eq!(position.piece_count(), height);
            }
        }
        assert!(removals > 20, "{removals} removals");
    }
}
