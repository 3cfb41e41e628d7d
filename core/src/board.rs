//! Boards: a finite set of lattice cells, the junctions where their corners meet, and the
//! junction graph of edge links and band links.
//!
//! The junction graph is a petgraph graph, the one source of truth for adjacency; the flat
//! tables that move generation reads are derived from it once, when the board is built.
//!
//! A board is either **fixed** (a standard shape cut once from the lattice; junctions and
//! tiles are named by the columns and rows of the junction grid, `a1`, `bc34`) or a
//! **patch** (the tiles laid so far on a boardless game; it may be empty, and every name
//! comes from lattice coordinates, see [`crate::names`], so names survive the patch
//! growing and shrinking).
//!
//! ```
//! use variant_run_core::{Board, Lattice, TileSet};
//! let tiles = TileSet::new(Lattice::Square, &[("r", &[&["sw", "ne"]]), ("l", &[&["nw", "se"]])]).unwrap();
//! let board = Board::new(Lattice::Square, Lattice::Square.shape(7), tiles, 1).unwrap();
//! assert_eq!(board.junction_count(), 64);
//! assert_eq!(board.junction_name(board.junction_by_name("h8").unwrap()), "h8");
//! ```

mod build;
mod change;
mod naming;
mod parts;

use petgraph::graph::UnGraph;
use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use crate::{Cell, Colour, Lattice, RemovalRule, TileSet, Vertex};

/// Index of a junction on its board, in order of rows from the bottom, each left to right.
pub type JunctionId = u16;
/// Index of a cell on its board, in the order of [`Board::cells`].
pub type CellId = u16;

/// A link of the junction graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// The two junctions share a tile side ("orthogonally adjacent").
    Edge,
    /// A band of `cell` joins the two junctions when the cell's tile is in one of the
    /// states of the mask (bit `s` set for state `s`).
    Band { cell: CellId, states: u8 },
}

/// A junction: where corners of enough cells meet to hold pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Junction {
    pub vertex: Vertex,
    pub colour: Colour,
    /// Column (0 = `a`) and row (0 = `1`) among the board's junction columns and rows.
    pub column: u16,
    pub row: u16,
}

/// One band link as move generation reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BandLink {
    pub to: JunctionId,
    pub cell: CellId,
    pub states: u8,
}

/// How a board names its cells and junctions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// By the columns and rows of the board's junction grid (`a1`, `bc34`): a fixed board.
    Grid,
    /// By lattice coordinates (keys `0,0e`, spiral names `a1e`): a patch.
    Coordinates,
}

/// A board of a lattice: cells, junctions, and the junction graph.
#[derive(Clone, Debug)]
pub struct Board {
    lattice: Lattice,
    naming: Naming,
    tiles: Arc<TileSet>,
    cells: Vec<Cell>,
    /// Each cell's id, on a fixed board; a patch keeps its cells sorted and finds them by
    /// binary search (its ids shift whenever a tile comes or goes).
    cell_index: FxHashMap<Cell, CellId>,
    /// For each cell, the cell across each side, if it is on the board (rows of
    /// `corner_count` entries, as the corners).
    cell_sides: Vec<Option<CellId>>,
    /// For each cell, its corners in lattice order: the junction there, if any (rows of
    /// `corner_count` entries, one after the other).
    cell_corners: Vec<Option<JunctionId>>,
    junctions: Vec<Junction>,
    // Flat tables of the junction graph's links (compressed rows: `start[j]..start[j + 1]`),
    // in the order of `graph`'s links sorted by the junction at the other end.
    edge_start: Vec<u32>,
    edge_to: Vec<JunctionId>,
    band_start: Vec<u32>,
    band_to: Vec<BandLink>,
    /// Junctions on each cell's corners, for the "no piece on the tile" test of a flip
    /// (compressed rows, as the links).
    cell_junction_start: Vec<u32>,
    cell_junction_list: Vec<JunctionId>,
    /// Cells in position-text order: cell rows from the top, each left to right.
    cell_rows: Vec<Vec<CellId>>,
    /// Junctions in position-text order: junction rows from the top, each left to right.
    junction_rows: Vec<Vec<JunctionId>>,
    column_count: u16,
    /// Junctions with a lattice neighbour that is not a junction.
    at_edge: Vec<bool>,
    /// How many cells must share a corner for it to be a junction.
    min_tiles: usize,
    /// The tile's corner pairs that bands join (see [`band_pairs`]).
    band_pairs: Arc<[(u8, u8, u8)]>,
    /// The cells a tile may be placed in, in coordinate order (see [`Board::open_cells`]).
    /// Kept with the board because a patch changes a cell at a time and the move
    /// generator asks for them on every turn.
    open: Vec<Cell>,
    /// The cells a removal rule lets go, worked out the first time a turn asks (see
    /// [`Board::removable_memo`]).
    removable: OnceLock<(RemovalRule, Vec<CellId>)>,
}

impl Board {
    /// cells alone, and a patch keeps its cells through every turn that moves only
    /// pieces, which would otherwise find them again.
    pub(crate) fn removable_memo(&self) -> &OnceLock<(RemovalRule, Vec<CellId>)> {
        &self.removable
    }

    /// The empty cells a tile may be placed in: the origin on an empty patch, else every
    /// cell off the board that shares a side with a cell on it; in coordinate order.
    pub fn open_cells(&self) -> &[Cell] {
        &self.open
    }

    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    pub fn naming(&self) -> Naming {
        self.naming
    }

    /// Whether a junction id stands for the same junction (the same name and place) on
    /// this board and on `other`: they are one board, or fixed boards of the same cells
    /// (a ruleset loaded again, as each worker thread does, builds its own copy).
    pub fn same_junctions(&self, other: &Board) -> bool {
        std::ptr::eq(self, other)
            || (self.naming == Naming::Grid
                && other.naming == Naming::Grid
                && self.lattice == other.lattice
                && self.min_tiles == other.min_tiles
                && self.cells == other.cells)
    }

    /// The bytes the board holds: the struct and every table it owns (capacities, not
    /// lengths; a hash map's buckets counted as the map reports them). A search that
    /// keeps positions on boards of their own (a patch grows a new board with every
    /// placement) counts each board it keeps by this.
    pub fn bytes(&self) -> usize {
        fn of<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let rows = |rows: &Vec<Vec<u16>>| of(rows) + rows.iter().map(of).sum::<usize>();
        let removable = self.removable.get().map_or(0, |(_, cells)| of(cells));
        std::mem::size_of::<Board>()
            + of(&self.cells)
            + self.cell_index.capacity() * (std::mem::size_of::<(Cell, CellId)>() + 1)
            + of(&self.cell_sides)
            + of(&self.cell_corners)
            + of(&self.junctions)
            + of(&self.edge_start)
            + of(&self.edge_to)
            + of(&self.band_start)
            + of(&self.band_to)
            + of(&self.cell_junction_start)
            + of(&self.cell_junction_list)
            + rows(&self.cell_rows)
            + rows(&self.junction_rows)
            + of(&self.at_edge)
            + of(&self.open)
            + removable
    }

    /// Whether this is a patch of a boardless game (names from coordinates).
    pub fn is_patch(&self) -> bool {
        self.naming == Naming::Coordinates
    }

    /// How many cells must share a corner for it to be a junction.
    pub fn junction_min_tiles(&self) -> usize {
        self.min_tiles
    }

    /// Whether two boards have the same cells (and so the same junctions and ids).
    pub fn same_cells(&self, other: &Board) -> bool {
        std::ptr::eq(self, other) || self.cells == other.cells
    }

    pub fn tiles(&self) -> &TileSet {
        &self.tiles
    }

    /// The tile set, shared.
    pub fn tile_set(&self) -> &Arc<TileSet> {
        &self.tiles
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    pub fn cell_id(&self, cell: Cell) -> Option<CellId> {
        match self.naming {
            Naming::Coordinates => self.cells.binary_search(&cell).ok().map(|c| c as CellId),
            Naming::Grid => self.cell_index.get(&cell).copied(),
        }
    }

    pub fn junction_count(&self) -> usize {
        self.junctions.len()
    }

    pub fn junction(&self, j: JunctionId) -> &Junction {
        &self.junctions[j as usize]
    }

    pub fn junctions(&self) -> &[Junction] {
        &self.junctions
    }

    pub fn junction_at(&self, v: Vertex) -> Option<JunctionId> {
        self.junctions
            .binary_search_by_key(&(v.y, v.x), |j| (j.vertex.y, j.vertex.x))
            .ok()
            .map(|j| j as JunctionId)
    }

    /// The junction graph: one node per junction (its weight is the junction id), edge
    /// links and band links. Made when asked for, from the same corners as the flat
    /// tables play reads (a patch changes with every tile placed or removed, and play
    /// never needs the graph).
    pub fn graph(&self) -> UnGraph<JunctionId, Link> {
        let k = self.lattice.corner_count();
        parts::build_graph(&self.tiles, self.junctions.len(), k, &self.cell_corners)
    }

    /// Whether a junction touches the edge: one of its lattice neighbours is not a
    /// junction of this board (a rim junction of a fixed board, or one on the rim of a
    /// patch).
    pub fn touches_edge(&self, j: JunctionId) -> bool {
        self.at_edge[j as usize]
    }

    /// The cells on the board next to each side of `cell`, in side order (`None` where
    /// the side is free).
    pub fn cell_neighbours(&self, cell: CellId) -> Vec<Option<CellId>> {
        self.cell_sides(cell).to_vec()
    }

    /// [`Board::cell_neighbours`] without allocating.
    pub(crate) fn cell_sides(&self, cell: CellId) -> &[Option<CellId>] {
        let k = self.lattice.corner_count();
        &self.cell_sides[cell as usize * k..(cell as usize + 1) * k]
    }

    /// Junctions sharing a tile side with `j`.
    pub fn neighbours(&self, j: JunctionId) -> &[JunctionId] {
        let j = j as usize;
        &self.edge_to[self.edge_start[j] as usize..self.edge_start[j + 1] as usize]
    }

    pub(crate) fn band_links(&self, j: JunctionId) -> &[BandLink] {
        let j = j as usize;
        &self.band_to[self.band_start[j] as usize..self.band_start[j + 1] as usize]
    }

    /// The junctions `j` is band-linked to when the tiles are in the given states.
    pub fn band_neighbours<'a>(
        &'a self,
        j: JunctionId,
        tile_states: &'a [u8],
    ) -> impl Iterator<Item = JunctionId> + 'a {
        self.band_links(j)
            .iter()
            .filter(move |l| l.states & (1 << tile_states[l.cell as usize]) != 0)
            .map(|l| l.to)
    }

    /// The corners of a cell, each the junction there if it is one.
    pub fn cell_corners(&self, cell: CellId) -> &[Option<JunctionId>] {
        let k = self.lattice.corner_count();
        &self.cell_corners[cell as usize * k..(cell as usize + 1) * k]
    }

    /// The junctions at a cell's corners.
    pub fn cell_junctions(&self, cell: CellId) -> &[JunctionId] {
        let c = cell as usize;
        &self.cell_junction_list
            [self.cell_junction_start[c] as usize..self.cell_junction_start[c + 1] as usize]
    }

    /// Cell rows in position-text order: the top row first, each left to right.
    pub fn cell_rows(&self) -> &[Vec<CellId>] {
        &self.cell_rows
    }

    /// Junction rows in position-text order: the top row first, each left to right.
    pub fn junction_rows(&self) -> &[Vec<JunctionId>] {
        &self.junction_rows
    }

    pub fn column_count(&self) -> usize {
        self.column_count as usize
    }

    pub fn row_count(&self) -> usize {
        self.junction_rows.len()
    }

    /// Regions under the given tile states: for every junction, the index of its region
    /// (regions numbered from 0 in order of their lowest junction).
    pub fn regions(&self, tile_states: &[u8]) -> Vec<usize> {
        let mut roots = Vec::new();
        self.region_roots(tile_states, &mut roots);
        let mut numbers = vec![0; roots.len()];
        let mut next = 0;
        for j in 0..roots.len() {
            let root = roots[j] as usize;
            if root == j {
                numbers[j] = next;
                next += 1;
            } else {
                numbers[j] = numbers[root];
            }
        }
        numbers
    }

    /// Regions under the given tile states, written into `roots`: for every junction,
    /// the lowest junction of its region. The tiles' bands are joined one by one in a
    /// union-find kept in `roots` itself, so that a caller who asks at every node of a
    /// search (the robot's appraisal) allocates nothing once `roots` has room. It reads
    /// the tiles' bands, from which the band links were built; the appraisal's tests
    /// hold it to a walk along the band links.
    pub fn region_roots(&self, tile_states: &[u8], roots: &mut Vec<JunctionId>) {
        let n = self.junction_count();
        roots.clear();
        roots.extend(0..n as JunctionId);
        let states = self.tiles.states();
        for (cell, &state) in tile_states.iter().enumerate() {
            let corners = self.cell_corners(cell as CellId);
            for band in &states[state as usize].bands {
                let mut joined = band.iter().filter_map(|&c| corners[c as usize]);
                let Some(first) = joined.next() else {
                    continue;
                };
                for j in joined {
                    let (a, b) = (root_of(roots, first), root_of(roots, j));
                    // The lower junction stays the root: a region's root is its lowest.
                    if a != b {
                        roots[a.max(b) as usize] = a.min(b);
                    }
                }
            }
        }
        // A junction's parent is never above it, so in junction order every parent
        // already points at its root.
        for j in 0..n {
            roots[j] = roots[roots[j] as usize];
        }
    }
}

/// The root of `j`'s set in a union-find kept as parent links, halving the path there
/// as it goes.
fn root_of(parent: &mut [JunctionId], mut j: JunctionId) -> JunctionId {
    while parent[j as usize] != j {
        let up = parent[parent[j as usize] as usize];
        parent[j as usize] = up;
        j = up;
    }
    j
}
