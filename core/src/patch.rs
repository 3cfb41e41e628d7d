//! Tile actions on a patch: where a tile may be placed or removed, and what doing so
//! does to a position (a new board, junctions that appear or go, pieces that arrive from
//! a supply or leave with a tile).

use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::Arc;

use crate::board_cache::{self, NewBoard};
use crate::position::{count_change, mark_held, no_held};
use crate::{Board, Cell, CellId, Position, RemovalRule, Rules, Stack, TileAction};

/// The cell the first tile of an empty patch goes to.
pub const ORIGIN: Cell = Cell::new(0, 0);

/// The empty cells a tile may be placed in: the origin on an empty patch, else every
/// empty cell sharing a side with a tile; in coordinate order. The board keeps them
/// ([`crate::Board::open_cells`]); this is a copy.
pub fn open_cells(position: &Position) -> Vec<Cell> {
    position.board().open_cells().to_vec()
}

/// Every placement the pool allows now: each open cell in each tile state.
pub(crate) fn placements(position: &Position) -> impl Iterator<Item = TileAction> + '_ {
    let board = position.board();
    let states = board.tiles().len() as u8;
    let open = if position.pool() == 0 {
        &[][..]
    } else {
        board.open_cells()
    };
    open.iter()
        .flat_map(move |&cell| (0..states).map(move |state| TileAction::Place { cell, state }))
}

/// How many placements [`placements`] gives, without listing them.
pub(crate) fn placement_count(position: &Position) -> usize {
    if position.pool() == 0 {
        return 0;
    }
    let board = position.board();
    board.open_cells().len() * board.tiles().len()
}

/// The placement at index `k` of [`placements`]' order (below [`placement_count`]).
pub(crate) fn nth_placement(position: &Position, k: usize) -> TileAction {
    let board = position.board();
    let states = board.tiles().len();
    TileAction::Place {
        cell: board.open_cells()[k / states],
        state: (k % states) as u8,
    }
}

/// Every removal the rules allow now.
pub(crate) fn removals(rules: &Rules, position: &Position) -> Vec<TileAction> {
    let cells = position.board().cells();
    removable_now(rules, position)
        .iter()
        .map(|&c| TileAction::Remove {
            cell: cells[c as usize],
        })
        .collect()
}

/// The cells whose tiles may be removed now, in id order (the cells of [`removals`]).
pub(crate) fn removable_now<'p>(rules: &Rules, position: &'p Position) -> Cow<'p, [CellId]> {
    let rule = rules.removal;
    if rule.when_pool_empty && position.pool() > 0 {
        return Cow::Borrowed(&[]);
    }
    let board = position.board();
    let (kept_for, cells) = board
        .removable_memo()
        .get_or_init(|| (rule, removable_cells(rule, board)));
    if *kept_for == rule {
        Cow::Borrowed(cells)
    } else {
        // A board shared by models with other removal rules: found again.
        Cow::Owned(removable_cells(rule, board))
    }
}

/// The cells the rule lets go on this board, whatever the pool, in id order.
fn removable_cells(rule: RemovalRule, board: &Board) -> Vec<CellId> {
    let mut free: Vec<CellId> = (0..board.cell_count() as CellId)
        .filter(|&c| longest_free_run(board.cell_sides(c)) >= rule.free_sides as usize)
        .collect();
    // Removing a cell keeps the rest connected unless it is a cut cell of the patch
    // (one pass for all cells, not one search per cell, and only when some cell is free
    // enough; the pass also tells whether the patch is connected). A patch not connected
    // to begin with (only a position text can make one) is asked cell by cell.
    if rule.keep_connected && !free.is_empty() {
        match cut_cells(board) {
            Some(cut) => free.retain(|&c| !cut[c as usize]),
            None => free.retain(|&c| stays_connected_on(board, c)),
        }
    }
    free
}

/// The cells whose removal splits a connected patch in two or more: the articulation
/// points of the cells' side-by-side graph, found depth first (Hopcroft and Tarjan) in
/// one pass; `None` when the patch is not connected.
fn cut_cells(board: &Board) -> Option<Vec<bool>> {
    let n = board.cell_count();
    let mut cut = vec![false; n];
    if n <= 2 {
        // Two cells are connected when they are neighbours.
        let apart = n == 2 && !board.cell_sides(0).contains(&Some(1));
        return (!apart).then_some(cut);
    }
    const UNSEEN: u32 = u32::MAX;
    // For each cell, in one allocation: its discovery order, the earliest cell reachable
    // from its subtree by one edge back, and its parent.
    let mut table = vec![UNSEEN; 3 * n];
    let (order, rest) = table.split_at_mut(n);
    let (low, parent) = rest.split_at_mut(n);
    let mut root_children = 0;
    // An explicit stack of (cell, index of the next side to look at); a path is at most
    // every cell.
    let mut stack: Vec<(u32, u8)> = Vec::with_capacity(n);
    stack.push((0, 0));
    order[0] = 0;
    low[0] = 0;
    let mut next_order = 1;
    while let Some(&mut (cell, ref mut side)) = stack.last_mut() {
        let c = cell as usize;
        if let Some(neighbour) = board.cell_sides(cell as CellId).get(*side as usize) {
            *side += 1;
            let Some(next) = neighbour.map(usize::from) else {
                continue;
            };
            if order[next] == UNSEEN {
                order[next] = next_order;
                low[next] = next_order;
                next_order += 1;
                parent[next] = cell;
                if c == 0 {
                    root_children += 1;
                }
                stack.push((next as u32, 0));
            } else if next as u32 != parent[c] {
                low[c] = low[c].min(order[next]);
            }
            continue;
        }
        stack.pop();
        let up = parent[c];
        if up != UNSEEN {
            let up = up as usize;
            low[up] = low[up].min(low[c]);
            if up != 0 && low[c] >= order[up] {
                cut[up] = true;
            }
        }
    }
    cut[0] = root_children > 1;
    // Every cell is found from the first one when the patch is connected.
    (next_order as usize == n).then_some(cut)
}

/// The longest run of consecutive sides of `cell` with no neighbour tile, going round
/// the cell (all of them for a lone tile).
pub fn free_run(position: &Position, cell: CellId) -> usize {
    longest_free_run(position.board().cell_sides(cell))
}

/// The longest run of consecutive sides with no neighbour, going round.
fn longest_free_run(sides: &[Option<CellId>]) -> usize {
    let k = sides.len();
    let free = sides
        .iter()
        .enumerate()
        .filter(|(_, side)| side.is_none())
        .fold(0u32, |mask, (i, _)| mask | 1 << i);
    let all = (1u32 << k) - 1;
    if free == all {
        return k;
    }
    // The sides twice round as bits, so a run across the first side is counted whole;
    // each step keeps only the sides that start a run one longer.
    let mut run = free | free << k;
    let mut best = 0;
    while run != 0 {
        run &= run >> 1;
        best += 1;
    }
    best
}

/// Whether the tiles form one patch, each reachable from any other across shared sides.
pub fn is_connected(position: &Position) -> bool {
    let board = position.board();
    board.cell_count() <= 1 || reached_from(board, 0, None) == board.cell_count()
}

/// Whether the tiles other than `cell` are connected by shared sides.
pub fn stays_connected(position: &Position, cell: CellId) -> bool {
    stays_connected_on(position.board(), cell)
}

fn stays_connected_on(board: &Board, cell: CellId) -> bool {
    let n = board.cell_count();
    if n <= 2 {
        return true;
    }
    let start = if cell == 0 { 1 } else { 0 };
    reached_from(board, start, Some(cell)) == n - 1
}

/// How many tiles can be reached from `start` across shared sides, never entering
/// `without`.
fn reached_from(board: &Board, start: CellId, without: Option<CellId>) -> usize {
    let mut seen = vec![false; board.cell_count()];
    if let Some(cell) = without {
        seen[cell as usize] = true;
    }
    seen[start as usize] = true;
    let mut queue = VecDeque::from([start]);
    let mut reached = 1;
    while let Some(c) = queue.pop_front() {
        for &next in board.cell_sides(c).iter().flatten() {
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
/// `new_board` says whether the new board may be one already built for the same change.
///
/// # Panics
/// If the action does not fit the board (placing on a tile, removing an empty cell):
/// callers pass actions the generator or the checker produced.
pub(crate) fn apply_tile(
    rules: &Rules,
    position: &mut Position,
    action: TileAction,
    new_board: NewBoard,
) {
    let old = Arc::clone(position.board());
    let board = match (action, new_board) {
        (TileAction::Place { cell, .. }, NewBoard::Shared) => board_cache::with_cell(&old, cell),
        (TileAction::Remove { cell }, NewBoard::Shared) => board_cache::without_cell(&old, cell),
        (TileAction::Place { cell, .. }, NewBoard::Built) => old.with_cell(cell).map(Arc::new),
        (TileAction::Remove { cell }, NewBoard::Built) => old.without_cell(cell).map(Arc::new),
    };
    let board = board.expect("a tile action that fits the board");
    // The other cells keep their order (a patch sorts its cells, a fixed board appends
    // them), so the tiles change only at the cell that comes or goes.
    match action {
        TileAction::Place { cell, state } => {
            let at = board.cell_id(cell).expect("the placed cell") as usize;
            position.tiles.insert(at, state);
        }
        TileAction::Remove { cell } => {
            let at = old.cell_id(cell).expect("the removed cell") as usize;
            position.tiles.remove(at);
        }
    }
    // Junctions are sorted by row and column on both boards: the stacks of the junctions
    // both have are found walking the two lists side by side.
    let key = |v: crate::Vertex| (v.y, v.x);
    let mut stacks = vec![Stack::EMPTY; board.junction_count()];
    let mut held = no_held(board.junction_count());
    let old_junctions = old.junctions();
    // The pieces of a junction that goes (with a removed tile) leave the board.
    let mut leave = |stack: Stack| {
        if !stack.is_empty() {
            count_change(&mut position.on_board, stack, Stack::EMPTY);
        }
    };
    let mut was = 0;
    for (id, junction) in board.junctions().iter().enumerate() {
        let here = key(junction.vertex);
        while was < old_junctions.len() && key(old_junctions[was].vertex) < here {
            leave(position.stacks[was]);
            was += 1;
        }
        if was < old_junctions.len() && old_junctions[was].vertex == junction.vertex {
            stacks[id] = position.stacks[was];
            if !stacks[id].is_empty() {
                mark_held(&mut held, id, true);
            }
            was += 1;
        }
    }
    for &gone in &position.stacks[was..] {
        leave(gone);
    }
    if let TileAction::Place { cell, .. } = action {
        position.pool = position.pool.saturating_sub(1);
        if rules.placement.gives_pieces() {
            for v in board.lattice().corner_points(cell) {
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
                    let given = Stack::new(receiver, 1);
                    stacks[j as usize] = given;
                    mark_held(&mut held, j as usize, true);
                    count_change(&mut position.on_board, Stack::EMPTY, given);
                }
            }
        }
    }
    position.board = board;
    position.stacks = stacks;
    position.held = held;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::games::{empty_patch, Draws};
    use crate::testing::trugo_model;

    /// The cut cells found in one pass are the cells whose removal disconnects the
    /// patch, on random patches of up to 40 tiles.
    #[test]
    fn cut_cells_are_the_ones_that_disconnect() {
        let model = trugo_model();
        for seed in 0..20 {
            let mut draws = Draws(seed);
            let mut position = empty_patch(&model, 40, 0);
            for _ in 0..40 {
                let places: Vec<TileAction> = placements(&position).collect();
                apply_tile(
                    &model.rules,
                    &mut position,
                    places[draws.below(places.len())],
                    NewBoard::Built,
                );
                let board = position.board();
                let cut = cut_cells(board).expect("placements keep the patch connected");
                for c in 0..board.cell_count() as CellId {
                    assert_eq!(cut[c as usize], !stays_connected(&position, c));
                }
            }
        }
    }
}
