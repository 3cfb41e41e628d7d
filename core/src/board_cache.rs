//! Boards a patch has already become: the same tile placed in the same cell of the same
//! board gives the same board, so a search that tries many turns from one position
//! (perft, greedy, a search tree's expansion) builds each new patch once and shares it.
//!
//! Tile states and pieces live in the position, not the board, so the placements in one
//! cell in each tile state, and every position below them that adds no tile, stand on
//! one board: Trugo's perft to depth 5 built 39,264 boards without the cache and builds
//! 3,335 with it.
//!
//! The cache is per thread and small, one entry per slot (a slot is picked by hashing the
//! board's address with the cell), so a lookup costs a hash and three comparisons. An
//! entry holds its parent board, so the address it is keyed by cannot be reused while
//! the entry lives. **Bounded:** at most [`SLOTS`] entries, and the boards they hold
//! have at most [`CELL_BUDGET`] cells between them (a board costs about 200 bytes a
//! cell): past the budget the cache is emptied and starts again. A playout, whose boards
//! are seldom met twice, loses only the lookup.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rustc_hash::FxHasher;

use crate::{Board, BoardError, Cell};

/// Where the board after a tile action comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NewBoard {
    /// Built afresh: for a playout changing its one position in place, whose boards
    /// are seldom met twice (a lookup there would only cost time and hold boards).
    Built,
    /// Taken from the thread's cache when the same change of the same board was made
    /// before: for positions made from a kept one (perft, the players' searches).
    Shared,
}

/// Entries a thread's cache holds at most.
pub const SLOTS: usize = 256;
/// Cells the boards of a thread's cache hold between them at most.
pub const CELL_BUDGET: usize = 1 << 15;

/// What was done to a board: a cell added or taken away.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Change {
    Add(Cell),
    Remove(Cell),
}

struct Entry {
    parent: Arc<Board>,
    change: Change,
    child: Arc<Board>,
}

struct Cache {
    slots: Vec<Option<Entry>>,
    cells: usize,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache {
        slots: (0..SLOTS).map(|_| None).collect(),
        cells: 0,
    });
}

/// `board` with `cell` added: [`Board::with_cell`], shared with any earlier call on the
/// same board and cell.
///
/// # Errors
/// As [`Board::with_cell`].
pub(crate) fn with_cell(board: &Arc<Board>, cell: Cell) -> Result<Arc<Board>, BoardError> {
    changed(board, Change::Add(cell))
}

/// `board` without `cell`: [`Board::without_cell`], shared likewise.
///
/// # Errors
/// As [`Board::without_cell`].
pub(crate) fn without_cell(board: &Arc<Board>, cell: Cell) -> Result<Arc<Board>, BoardError> {
    changed(board, Change::Remove(cell))
}

fn changed(board: &Arc<Board>, change: Change) -> Result<Arc<Board>, BoardError> {
    let slot = slot_of(board, change);
    let found = CACHE.with(|cache| {
        let cache = cache.borrow();
        cache.slots[slot]
            .as_ref()
            .filter(|e| e.change == change && Arc::ptr_eq(&e.parent, board))
            .map(|e| Arc::clone(&e.child))
    });
    if let Some(child) = found {
        return Ok(child);
    }
    let child = Arc::new(match change {
        Change::Add(cell) => board.with_cell(cell)?,
        Change::Remove(cell) => board.without_cell(cell)?,
    });
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let cells = board.cell_count() + child.cell_count();
        if cache.cells + cells > CELL_BUDGET {
            cache.slots.iter_mut().for_each(|s| *s = None);
            cache.cells = 0;
        }
        let entry = Entry {
            parent: Arc::clone(board),
            change,
            child: Arc::clone(&child),
        };
        if let Some(old) = cache.slots[slot].replace(entry) {
            cache.cells -= old.parent.cell_count() + old.child.cell_count();
        }
        cache.cells += cells;
    });
    Ok(child)
}

fn slot_of(board: &Arc<Board>, change: Change) -> usize {
    let mut hasher = FxHasher::default();
    (Arc::as_ptr(board) as usize).hash(&mut hasher);
    change.hash(&mut hasher);
    // Fx mixes into the high bits.
    (hasher.finish() >> 56) as usize % SLOTS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::trugo_model;

    /// A placement met again gives the very same board; another cell or board does not;
    /// and the shared board is the one built afresh.
    #[test]
    fn the_same_change_of_the_same_board_is_shared() {
        let model = trugo_model();
        let empty = Arc::clone(&model.board);
        let one = with_cell(&empty, crate::patch::ORIGIN).unwrap();
        assert!(Arc::ptr_eq(
            &one,
            &with_cell(&empty, crate::patch::ORIGIN).unwrap()
        ));
        let next = one.open_cells()[0];
        let two = with_cell(&one, next).unwrap();
        assert!(Arc::ptr_eq(&two, &with_cell(&one, next).unwrap()));
        assert!(!Arc::ptr_eq(
            &two,
            &with_cell(&one, one.open_cells()[1]).unwrap()
        ));
        let fresh = one.with_cell(next).unwrap();
        assert!(two.same_cells(&fresh) && two.junctions() == fresh.junctions());
        let back = without_cell(&two, next).unwrap();
        assert!(back.same_cells(&one) && !Arc::ptr_eq(&back, &one));
        assert!(with_cell(&one, crate::patch::ORIGIN).is_err());
    }
}
