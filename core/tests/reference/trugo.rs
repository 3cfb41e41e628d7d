//! An independent, deliberately naive generator of Trugo's turns, written straight from
//! the rules digest (`trugo.md`) and the "Trugo" section of `formats.md`, for checking the
//! real one. Every candidate builds its board from scratch with [`Board::patch`] from the
//! full list of cells, copies tiles by cell and stacks by junction vertex by hand, reads
//! junction adjacency from the petgraph junction graph, and shares no code with
//! `movegen.rs`, `patch.rs` or `legality.rs` (it never calls `Board::with_cell`,
//! `Board::without_cell`, `Board::with_cells` or anything of `variant_run_core::patch`).
//!
//! Positions are those a turn leaves BEFORE any capture: captures and the end of the game
//! are the ruleset's scripts', not the core's.

use std::collections::{BTreeSet, HashSet, VecDeque};
use std::sync::Arc;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use variant_run_core::{
    Board, Cell, Colour, GameModel, JunctionId, Lattice, Link, PlayerId, Position, Stack, Vertex,
};

/// Trugo's tiles are flat-topped hexagons.
const LATTICE: Lattice = Lattice::HexFlat;
/// A junction is where the corners of three tiles meet.
const TILES_AT_A_JUNCTION: usize = 3;
/// The first tile goes to the origin.
const ORIGIN: Cell = Cell::new(0, 0);
/// A removable tile has at least this many cyclically consecutive free sides.
const FREE_SIDES: usize = 3;

/// Every position one legal turn leads to, before any capture: placements while the pool
/// lasts, removals once it is empty, and piece moves of the side to move.
pub fn children(model: &GameModel, position: &Position) -> HashSet<Position> {
    let mut out = HashSet::new();
    if position.pool() > 0 {
        placements(model, position, &mut out);
    } else {
        removals(position, &mut out);
    }
    piece_moves(model, position, &mut out);
    out
}

/// perft by this generator (no capture and no end of the game: every position goes on).
pub fn perft(model: &GameModel, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    children(model, position)
        .iter()
        .map(|c| perft(model, c, depth - 1))
        .sum()
}

// ---------------------------------------------------------------------------------------
// Tiles.

/// The player whose pieces have the colour of junctions of `colour`.
fn owner_of(model: &GameModel, colour: Colour) -> PlayerId {
    let owners: Vec<PlayerId> = (0..2u8)
        .filter(|&p| model.rules.players[p as usize].colour == colour)
        .collect();
    assert_eq!(owners.len(), 1, "exactly one player per colour");
    owners[0]
}

/// Whether `v` is a junction of a patch of `cells`: all three cells at it hold tiles.
fn is_junction(cells: &BTreeSet<Cell>, v: Vertex) -> bool {
    let around = LATTICE.cells_at(v);
    assert_eq!(around.len(), TILES_AT_A_JUNCTION);
    around.iter().all(|c| cells.contains(c))
}

/// A patch of exactly these cells, built from scratch.
fn patch_of(position: &Position, cells: &BTreeSet<Cell>) -> Arc<Board> {
    let tiles = position.board().tiles().clone();
    let board = Board::patch(
        LATTICE,
        cells.iter().copied().collect(),
        tiles,
        TILES_AT_A_JUNCTION,
    )
    .expect("a patch of distinct cells");
    // Hold the board to the digest's definition of a junction.
    let mut corners: BTreeSet<Vertex> = BTreeSet::new();
    for &c in cells {
        corners.extend(LATTICE.corners(c));
    }
    let expected: BTreeSet<Vertex> = corners
        .into_iter()
        .filter(|&v| is_junction(cells, v))
        .collect();
    let built: BTreeSet<Vertex> = board.junctions().iter().map(|j| j.vertex).collect();
    assert_eq!(built, expected, "the patch's junctions");
    Arc::new(board)
}

/// `position` moved onto `board`: every tile still on the board keeps its state and every
/// junction still there keeps its stack; new cells get state 0 and new junctions nothing.
/// Side, counters, pool and supplies are copied unchanged.
fn copied_onto(position: &Position, board: &Arc<Board>) -> Position {
    let old = position.board();
    let mut next = Position::empty(board, position.side());
    for (id, &cell) in board.cells().iter().enumerate() {
        let was = old.cells().iter().position(|&c| c == cell);
        if let Some(was) = was {
            next.set_tile(id as u16, position.tiles()[was]);
        }
    }
    for (id, junction) in board.junctions().iter().enumerate() {
        let was = old
            .junctions()
            .iter()
            .position(|k| k.vertex == junction.vertex);
        if let Some(was) = was {
            next.set_stack(id as JunctionId, position.stacks()[was]);
        }
    }
    next.set_quiet_turns(position.quiet_turns());
    next.set_pool(position.pool());
    for player in 0..2 {
        next.set_supply(player, position.supply(player));
    }
    next
}

fn cells_of(position: &Position) -> BTreeSet<Cell> {
    position.board().cells().iter().copied().collect()
}

/// Every placement: the origin on an empty patch, else every empty cell sharing a side
/// with a tile, in every tile state.
fn placements(model: &GameModel, position: &Position, out: &mut HashSet<Position>) {
    let cells = cells_of(position);
    let open: BTreeSet<Cell> = if cells.is_empty() {
        BTreeSet::from([ORIGIN])
    } else {
        cells
            .iter()
            .flat_map(|&c| LATTICE.neighbours(c))
            .filter(|n| !cells.contains(n))
            .collect()
    };
    let states = position.board().tiles().len() as u8;
    for &cell in &open {
        let mut grown = cells.clone();
        grown.insert(cell);
        let board = patch_of(position, &grown);
        for state in 0..states {
            let mut next = copied_onto(position, &board);
            let id = board
                .cells()
                .iter()
                .position(|&c| c == cell)
                .expect("the new cell");
            next.set_tile(id as u16, state);
            next.set_pool(position.pool() - 1);
            // Pieces for the junctions the tile creates, in its corner order.
            for v in LATTICE.corners(cell) {
                if is_junction(&cells, v) || !is_junction(&grown, v) {
                    continue;
                }
                let j = board.junction_at(v).expect("a new junction");
                let owner = owner_of(model, board.junction(j).colour);
                if next.supply(owner) > 0 {
                    next.set_supply(owner, next.supply(owner) - 1);
                    next.set_stack(j, Stack::new(owner, 1));
                }
            }
            next.set_side(1 - position.side());
            next.set_quiet_turns(0);
            out.insert(next);
        }
    }
}

/// Whether some `FREE_SIDES` cyclically consecutive sides are all free.
fn has_free_run(free: &[bool]) -> bool {
    let k = free.len();
    (0..k).any(|i| (0..FREE_SIDES).all(|d| free[(i + d) % k]))
}

/// Whether the cells form one patch across shared sides (none or one cell: yes).
fn connected(cells: &BTreeSet<Cell>) -> bool {
    let Some(&first) = cells.iter().next() else {
        return true;
    };
    let mut seen = BTreeSet::from([first]);
    let mut queue = VecDeque::from([first]);
    while let Some(c) = queue.pop_front() {
        for n in LATTICE.neighbours(c) {
            if cells.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == cells.len()
}

/// Every removal: a tile with three consecutive free sides whose removal leaves the other
/// tiles connected. Pieces on junctions that go leave the game.
fn removals(position: &Position, out: &mut HashSet<Position>) {
    let cells = cells_of(position);
    for &cell in &cells {
        let free: Vec<bool> = LATTICE
            .neighbours(cell)
            .iter()
            .map(|n| !cells.contains(n))
            .collect();
        if !has_free_run(&free) {
            continue;
        }
        let mut rest = cells.clone();
        rest.remove(&cell);
        if !connected(&rest) {
            continue;
        }
        let board = patch_of(position, &rest);
        let mut next = copied_onto(position, &board);
        next.set_side(1 - position.side());
        next.set_quiet_turns(0);
        out.insert(next);
    }
}

// ---------------------------------------------------------------------------------------
// Piece moves.

/// The junctions linked to `j` by the links `keep` accepts.
fn linked(board: &Board, j: JunctionId, keep: impl Fn(&Link) -> bool) -> Vec<JunctionId> {
    board
        .graph()
        .edges(NodeIndex::new(j as usize))
        .filter(|e| keep(e.weight()))
        .map(|e| {
            let (a, b) = (e.source().index(), e.target().index());
            (if a == j as usize { b } else { a }) as JunctionId
        })
        .collect()
}

/// Junctions sharing a tile side with `j`.
fn edge_neighbours(board: &Board, j: JunctionId) -> Vec<JunctionId> {
    linked(board, j, |l| matches!(l, Link::Edge))
}

/// Junctions a band of the tiles in their current states joins to `j`.
fn band_neighbours(board: &Board, tiles: &[u8], j: JunctionId) -> Vec<JunctionId> {
    linked(board, j, |l| match *l {
        Link::Band { cell, states } => states & (1 << tiles[cell as usize]) != 0,
        Link::Edge => false,
    })
}

/// Where the top piece of `start` can end: through its region along empty junctions to
/// any empty junction reached, or onto a stack below the height limit band-linked to the
/// start or to a reached empty junction; or, from the start or a reached empty junction,
/// one step along a tile side to a junction that is empty or holds a stack below the
/// limit. Never the start itself.
fn destinations(model: &GameModel, position: &Position, start: JunctionId) -> BTreeSet<JunctionId> {
    let board = position.board();
    let tiles = position.tiles();
    let stacks = position.stacks();
    let max = model.rules.max_height;
    let room = |j: JunctionId| stacks[j as usize].height() < max;

    // The region part: empty junctions reached along bands through empty junctions.
    let mut reached: BTreeSet<JunctionId> = BTreeSet::new();
    let mut queue = VecDeque::from([start]);
    let mut seen = BTreeSet::from([start]);
    while let Some(j) = queue.pop_front() {
        for n in band_neighbours(board, tiles, j) {
            if stacks[n as usize].is_empty() && seen.insert(n) {
                reached.insert(n);
                queue.push_back(n);
            }
        }
    }

    let mut out = reached.clone();
    let launch: Vec<JunctionId> = std::iter::once(start).chain(reached).collect();
    for &from in &launch {
        // Landing on a stack at the end of the region part (then no step follows).
        for n in band_neighbours(board, tiles, from) {
            if !stacks[n as usize].is_empty() && room(n) {
                out.insert(n);
            }
        }
        // The optional step.
        for n in edge_neighbours(board, from) {
            if room(n) {
                out.insert(n);
            }
        }
    }
    out.remove(&start);
    out
}

/// Every piece move of the side to move: the top piece of each own stack to each of its
/// destinations, landing on top of what is there.
fn piece_moves(model: &GameModel, position: &Position, out: &mut HashSet<Position>) {
    let side = position.side();
    for start in 0..position.stacks().len() as JunctionId {
        let stack = position.stack(start);
        if !stack.is_owned_by(side) {
            continue;
        }
        for to in destinations(model, position, start) {
            let mut next = position.clone();
            next.set_stack(start, stack.popped());
            next.set_stack(to, position.stack(to).pushed(side));
            next.set_side(1 - side);
            next.set_quiet_turns(position.quiet_turns() + 1);
            out.insert(next);
        }
    }
}
