//! Tile actions on a patch: where a tile may be placed or removed, and what doing so
//! does to a position (a new board, junctions that appear or go, pieces that arrive from
//! a supply or leave with a tile).

use std::collections::VecDeque;
use std::sync::Arc;

use crate::{Cell, CellId, Position, Rules, Stack, TileAction};

/// The cell the first tile of an empty patch goes to.
pub const ORIGIN: Cell = Cell::new(0, 0);

/// The empty cells a tile may be placed in: the origin on an empty patch, else every
/// empty cell sharing a side with a tile; in coordinate order.
pub fn open_cells(position: &Position) -> Vec<Cell> {
    let board = position.board();
    if board.cell_count() == 0 {
        return vec![ORIGIN];
    }
    let lattice = board.lattice();
    let mut cells: Vec<Cell> = board
        .cells()
        .iter()
        .flat_map(|&c| lattice.neighbours(c))
        .filter(|&n| board.cell_id(n).is_none())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Every placement the pool allows now: each open cell in each tile state.
pub(crate) fn placements(position: &Position) -> Vec<TileAction> {
    if position.pool() == 0 {
        return Vec::new();
    }
    let states = position.board().tiles().len() as u8;
    open_cells(position)
        .into_iter()
        .flat_map(|cell| (0..states).map(move |state| TileAction::Place { cell, state }))
        .collect()
}

/// Every removal the rules allow now.
pub(crate) fn removals(rules: &Rules, position: &Position) -> Vec<TileAction> {
    let rule = rules.removal;
    if rule.when_pool_empty && position.pool() > 0 {
        return Vec::new();
    }
    let board = position.board();
    // Each cell's neighbours, found once for both tests.
    let sides: Vec<Vec<Option<CellId>>> = (0..board.cell_count() as CellId)
        .map(|c| board.cell_neighbours(c))
        .collect();
    // Removing a cell keeps the rest connected unless it is a cut cell of the patch
    // (one pass for all cells, not one search per cell). A patch not connected to begin
    // with (only a position text can make one) is asked cell by cell.
    let cut = if rule.keep_connected && is_connected(position) {
        Some(cut_cells(&sides))
    } else {
        None
    };
    (0..board.cell_count() as CellId)
        .filter(|&c| longest_free_run(&sides[c as usize]) >= rule.free_sides as usize)
        .filter(|&c| match &cut {
            _ if !rule.keep_connected => true,
            Some(cut) => !cut[c as usize],
            None => stays_connected(position, c),
        })
        .map(|c| TileAction::Remove {
            cell: board.cells()[c as usize],
        })
        .collect()
}

/// The cells whose removal splits a connected patch in two or more: the articulation
/// points of the cells' side-by-side graph, found depth first (Hopcroft and Tarjan) in
/// one pass.
fn cut_cells(sides: &[Vec<Option<CellId>>]) -> Vec<bool> {
    let n = sides.len();
    let mut cut = vec![false; n];
    if n <= 2 {
        return cut;
    }
    const UNSEEN: usize = usize::MAX;
    // Discovery order, and the earliest cell reachable from a cell's subtree by one
    // edge back.
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut parent = vec![UNSEEN; n];
    let mut root_children = 0;
    // An explicit stack of (cell, index of the next side to look at).
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    order[0] = 0;
    low[0] = 0;
    let mut next_order = 1;
    while let Some(&mut (cell, ref mut side)) = stack.last_mut() {
        if let Some(neighbour) = sides[cell].get(*side) {
            *side += 1;
            let Some(next) = neighbour.map(usize::from) else {
                continue;
            };
            if order[next] == UNSEEN {
                order[next] = next_order;
                low[next] = next_order;
                next_order += 1;
                parent[next] = cell;
                if cell == 0 {
                    root_children += 1;
                }
                stack.push((next, 0));
            } else if next != parent[cell] {
                low[cell] = low[cell].min(order[next]);
            }
            continue;
        }
        stack.pop();
        let up = parent[cell];
        if up != UNSEEN {
            low[up] = low[up].min(low[cell]);
            if up != 0 && low[cell] >= order[up] {
                cut[up] = true;
            }
        }
    }
    cut[0] = root_children > 1;
    cut
}

/// The longest run of consecutive sides of `cell` with no neighbour tile, going round
/// the cell (all of them for a lone tile).
pub fn free_run(position: &Position, cell: CellId) -> usize {
    longest_free_run(&position.board().cell_neighbours(cell))
}

/// The longest run of consecutive sides with no neighbour, going round.
fn longest_free_run(sides: &[Option<CellId>]) -> usize {
    let free: Vec<bool> = sides.iter().map(Option::is_none).collect();
    let k = free.len();
    if free.iter().all(|&f| f) {
        return k;
    }
    let mut best = 0;
    let mut run = 0;
    // Twice round, so a run across the first side is counted whole.
    for i in 0..2 * k {
        if free[i % k] {
            run += 1;
            best = best.max(run.min(k));
        } else {
            run = 0;
        }
    }
    best
}

/// Whether the tiles form one patch, each reachable from any other across shared sides.
pub fn is_connected(position: &Position) -> bool {
    let board = position.board();
    board.cell_count() <= 1 || reached_from(position, 0, None) == board.cell_count()
}

/// Whether the tiles other than `cell` are connected by shared sides.
pub fn stays_connected(position: &Position, cell: CellId) -> bool {
    let n = position.board().cell_count();
    if n <= 2 {
        return true;
    }
    let start = if cell == 0 { 1 } else { 0 };
    reached_from(position, start, Some(cell)) == n - 1
}

/// How many tiles can be reached from `start` across shared sides, never entering
/// `without`.
fn reached_from(position: &Position, start: CellId, without: Option<CellId>) -> usize {
    let board = position.board();
    let mut seen = vec![false; board.cell_count()];
    if let Some(cell) = without {
        seen[cell as usize] = true;
    }
    seen[start as usize] = true;
    let mut queue = VecDeque::from([start]);
    let mut reached = 1;
    while let Some(c) = queue.pop_front() {
        for next in board.cell_neighbours(c).into_iter().flatten() {
            if !seen[next as usize] {
                seen[next as usize] = true;
                reached += 1;
                queue.push_back(next);
            }
        }
    }
    reached
}

/// Applies a tile action: the position moves to the new board, keeping every tile and
/// stack where it was. A placement takes a tile from the pool and may give each junction
/// it creates a piece from that colour's supply (in the new tile's corner order, while
/// the supply lasts); a removal takes the pieces of the junctions that go with it.
///
/// # Panics
/// If the action does not fit the board (placing on a tile, removing an empty cell):
/// callers pass actions the generator or the checker produced.
pub(crate) fn apply_tile(rules: &Rules, position: &mut Position, action: TileAction) {
    let old = Arc::clone(position.board());
    let (board, placed) = match action {
        TileAction::Place { cell, state } => (old.with_cell(cell), Some((cell, state))),
        TileAction::Remove { cell } => (old.without_cell(cell), None),
    };
    let board = Arc::new(board.expect("a tile action that fits the board"));
    let mut tiles = vec![0; board.cell_count()];
    for (id, cell) in board.cells().iter().enumerate() {
        tiles[id] = match (old.cell_id(*cell), placed) {
            (Some(was), _) => position.tiles[was as usize],
            (None, Some((_, state))) => state,
            (None, None) => unreachable!("a removal adds no cell"),
        };
    }
    let mut stacks = vec![Stack::EMPTY; board.junction_count()];
    for (id, junction) in board.junctions().iter().enumerate() {
        if let Some(was) = old.junction_at(junction.vertex) {
            stacks[id] = position.stacks[was as usize];
        }
    }
    if let Some((cell, _)) = placed {
        position.pool = position.pool.saturating_sub(1);
        if rules.placement.gives_pieces() {
            for v in board.lattice().corners(cell) {
                let (Some(j), None) = (board.junction_at(v), old.junction_at(v)) else {
                    continue;
                };
                let owner = rules.owner_of(board.junction(j).colour);
                // Before the turn ends, the side to move is the player placing.
                let placer = position.side();
                let Some(receiver) = rules.placement.receiver[owner as usize][placer as usize]
                else {
                    continue;
                };
                if position.supply[receiver as usize] > 0 {
                    position.supply[receiver as usize] -= 1;
                    stacks[j as usize] = Stack::new(receiver, 1);
                }
            }
        }
    }
    position.board = board;
    position.tiles = tiles;
    position.stacks = stacks;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::games::Draws;
    use crate::testing::trugo_model;

    /// The cut cells found in one pass are the cells whose removal disconnects the
    /// patch, on random patches of up to 40 tiles.
    #[test]
    fn cut_cells_are_the_ones_that_disconnect() {
        let model = trugo_model();
        for seed in 0..20 {
            let mut draws = Draws(seed);
            let mut position = Position::empty(&model.board, 0);
            position.set_pool(40);
            for _ in 0..40 {
                let places = placements(&position);
                apply_tile(
                    &model.rules,
                    &mut position,
                    places[draws.below(places.len())],
                );
                let board = position.board();
                let sides: Vec<Vec<Option<CellId>>> = (0..board.cell_count() as CellId)
                    .map(|c| board.cell_neighbours(c))
                    .collect();
                let cut = cut_cells(&sides);
                for c in 0..board.cell_count() as CellId {
                    assert_eq!(cut[c as usize], !stays_connected(&position, c));
                }
            }
        }
    }
}
