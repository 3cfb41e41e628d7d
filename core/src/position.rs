//! Positions: tile states, stacks, the player to move, and the quiet-turn counter.
//!
//! A position is two byte arrays and two numbers, so it is cheap to copy for search
//! (7x7 Truchet: 49 + 64 bytes of data).

use crate::{Board, CellId, JunctionId, PlayerId, Stack};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The state of each cell's tile, by cell id.
    pub(crate) tiles: Vec<u8>,
    /// The stack on each junction, by junction id.
    pub(crate) stacks: Vec<Stack>,
    pub(crate) side: PlayerId,
    /// Turns played since the last capture.
    pub(crate) quiet: u32,
}

impl Position {
    /// A position on `board` with every tile in state 0, no stacks, and `side` to move.
    pub fn empty(board: &Board, side: PlayerId) -> Position {
        Position {
            tiles: vec![0; board.cell_count()],
            stacks: vec![Stack::EMPTY; board.junction_count()],
            side,
            quiet: 0,
        }
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

    pub fn set_stack(&mut self, j: JunctionId, stack: Stack) {
        self.stacks[j as usize] = stack;
    }

    /// The player to move.
    pub fn side(&self) -> PlayerId {
        self.side
    }

    pub fn set_side(&mut self, side: PlayerId) {
        self.side = side;
    }

    /// Turns played since the last capture (for a no-capture draw rule).
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    pub fn set_quiet_turns(&mut self, quiet: u32) {
        self.quiet = quiet;
    }

    /// How many pieces `player` has on the board.
    pub fn pieces(&self, player: PlayerId) -> u32 {
        self.stacks
            .iter()
            .filter(|s| s.is_owned_by(player))
            .map(|s| s.height() as u32)
            .sum()
    }

    /// How many stacks `player` has on the board.
    pub fn stack_count(&self, player: PlayerId) -> u32 {
        self.stacks.iter().filter(|s| s.is_owned_by(player)).count() as u32
    }
}
