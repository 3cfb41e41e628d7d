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

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::unionfind::UnionFind;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use arrayvec::ArrayVec;
use rustc_hash::FxHashMap;

use crate::{names, BoardError, Cell, Colour, Lattice, RemovalRule, TileSet, Vertex};

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
    /// Builds a fixed board from a set of cells. A corner is a junction when at least
    /// `min_tiles` of the cells share it (1: every corner; 3: where three hexagons meet).
    ///
    /// # Errors
    /// No cells, a repeated cell, a board with no junctions, or one too large to index.
    pub fn new(
        lattice: Lattice,
        cells: Vec<Cell>,
        tiles: TileSet,
        min_tiles: usize,
    ) -> Result<Board, BoardError> {
        if cells.is_empty() {
            return Err(BoardError::NoCells);
        }
        let board = Board::build(lattice, Naming::Grid, cells, Arc::new(tiles), min_tiles)?;
        if board.junctions.is_empty() {
            return Err(BoardError::NoJunctions);
        }
        Ok(board)
    }

    /// Builds a patch: the tiles laid so far on a boardless game, possibly none. Cells are
    /// kept in coordinate order, so equal sets of cells make equal boards.
    ///
    /// # Errors
    /// A repeated cell, or a patch too large to index.
    pub fn patch(
        lattice: Lattice,
        mut cells: Vec<Cell>,
        tiles: TileSet,
        min_tiles: usize,
    ) -> Result<Board, BoardError> {
        cells.sort_unstable();
        Board::build(
            lattice,
            Naming::Coordinates,
            cells,
            Arc::new(tiles),
            min_tiles,
        )
    }

    fn build(
        lattice: Lattice,
        naming: Naming,
        cells: Vec<Cell>,
        tiles: Arc<TileSet>,
        min_tiles: usize,
    ) -> Result<Board, BoardError> {
        if cells.len() > CellId::MAX as usize {
            return Err(BoardError::TooLarge);
        }
        let mut cell_index = FxHashMap::default();
        if naming == Naming::Coordinates {
            // Sorted: a repeated cell is next to itself.
            if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
                return Err(BoardError::RepeatedCell(pair[0]));
            }
        } else {
            for (i, &cell) in cells.iter().enumerate() {
                if cell_index.insert(cell, i as CellId).is_some() {
                    return Err(BoardError::RepeatedCell(cell));
                }
            }
        }

        // Every corner of every cell, sorted by row then column: a corner shared by
        // enough cells is a junction, and junction ids follow this order. (A patch is
        // rebuilt whenever a tile comes or goes, so this sorts once and allocates little.)
        let k = lattice.corner_count();
        let mut all: Vec<(i32, i32, u32)> = Vec::with_capacity(cells.len() * k);
        for &cell in &cells {
            for v in lattice.corner_points(cell) {
                all.push((v.y, v.x, all.len() as u32));
            }
        }
        all.sort_unstable();
        let mut vertices: Vec<Vertex> = Vec::new();
        let mut cell_corners: Vec<Option<JunctionId>> = vec![None; all.len()];
        for run in all.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            if run.len() >= min_tiles.max(1) {
                let j = vertices.len() as JunctionId;
                vertices.push(Vertex {
                    x: run[0].1,
                    y: run[0].0,
                });
                for &(_, _, at) in run {
                    cell_corners[at as usize] = Some(j);
                }
            }
        }
        if vertices.len() > JunctionId::MAX as usize / 2 {
            return Err(BoardError::TooLarge);
        }
        let cell_sides: Vec<Option<CellId>> = cells
            .iter()
            .flat_map(|&c| lattice.neighbour_cells(c))
            .map(|n| match naming {
                Naming::Coordinates => cells.binary_search(&n).ok().map(|c| c as CellId),
                Naming::Grid => cell_index.get(&n).copied(),
            })
            .collect();

        // Columns and rows of the junction grid name a fixed board's junctions; a patch
        // names them by coordinates and needs none.
        let grid = naming == Naming::Grid;
        let distinct = |mut values: Vec<i32>| {
            values.sort_unstable();
            values.dedup();
            values
        };
        let (columns, rows) = if grid {
            (
                distinct(vertices.iter().map(|v| v.x).collect()),
                distinct(vertices.iter().map(|v| v.y).collect()),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let rank = |values: &[i32], v: i32| values.binary_search(&v).unwrap_or(0) as u16;
        let junctions: Vec<Junction> = vertices
            .iter()
            .map(|&v| Junction {
                vertex: v,
                colour: lattice.colour(v),
                column: rank(&columns, v.x),
                row: rank(&rows, v.y),
            })
            .collect();

        let pairs: Arc<[(u8, u8, u8)]> = band_pairs(&tiles).into();
        let (edge_start, edge_to, band_start, band_to) =
            flat_links(k, &pairs, junctions.len(), &cell_corners);
        let mut cell_junction_start = Vec::with_capacity(cells.len() + 1);
        let mut cell_junction_list = Vec::with_capacity(cell_corners.len());
        for corners in cell_corners.chunks(k.max(1)) {
            cell_junction_start.push(cell_junction_list.len() as u32);
            cell_junction_list.extend(corners.iter().flatten().copied());
        }
        cell_junction_start.push(cell_junction_list.len() as u32);

        let (junction_rows, cell_rows) = if grid {
            let centres: Vec<Vertex> = cells.iter().map(|&c| lattice.centre(c)).collect();
            (
                group_rows(junctions.len(), |j| (junctions[j].row, junctions[j].column)),
                group_rows(cells.len(), |c| (centres[c].y, centres[c].x)),
            )
        } else {
            (Vec::new(), Vec::new())
        };

        let at_edge = at_edge(&edge_start, lattice.cells_per_corner());
        let open = open_cells_of(lattice, &cells, &cell_sides);
        Ok(Board {
            lattice,
            naming,
            tiles,
            cells,
            cell_index,
            cell_sides,
            cell_corners,
            junctions,
            edge_start,
            edge_to,
            band_start,
            band_to,
            cell_junction_start,
            cell_junction_list,
            cell_rows,
            junction_rows,
            column_count: columns.len() as u16,
            at_edge,
            min_tiles,
            band_pairs: pairs,
            open,
            removable: OnceLock::new(),
        })
    }

    /// The board with one more cell, as when a tile is placed on a patch: junctions
    /// appear where the new cell completes enough corners. Ids are those of the new board;
    /// names of a patch do not change.
    ///
    /// # Errors
    /// The cell is already on the board.
    pub fn with_cell(&self, cell: Cell) -> Result<Board, BoardError> {
        if self.cell_id(cell).is_some() {
            return Err(BoardError::RepeatedCell(cell));
        }
        if self.naming == Naming::Coordinates {
            return self.patch_changed(cell, true);
        }
        let mut cells = self.cells.clone();
        cells.push(cell);
        self.rebuilt(cells)
    }

    /// The board without a cell, as when a tile is removed: junctions it completed go.
    ///
    /// # Errors
    /// The cell is not on the board, or (on a fixed board) no junction would be left.
    pub fn without_cell(&self, cell: Cell) -> Result<Board, BoardError> {
        if self.naming == Naming::Coordinates {
            if self.cell_id(cell).is_none() {
                return Err(BoardError::MissingCell(cell));
            }
            return self.patch_changed(cell, false);
        }
        let cells: Vec<Cell> = self.cells.iter().copied().filter(|&c| c != cell).collect();
        if cells.len() == self.cells.len() {
            return Err(BoardError::MissingCell(cell));
        }
        self.rebuilt(cells)
    }

    /// A board of the same kind, lattice and tiles with other cells.
    ///
    /// # Errors
    /// As [`Board::new`] or [`Board::patch`].
    pub fn with_cells(&self, cells: Vec<Cell>) -> Result<Board, BoardError> {
        self.rebuilt(cells)
    }

    fn rebuilt(&self, mut cells: Vec<Cell>) -> Result<Board, BoardError> {
        match self.naming {
            Naming::Grid if cells.is_empty() => Err(BoardError::NoCells),
            Naming::Grid => {
                let board = Board::build(
                    self.lattice,
                    self.naming,
                    cells,
                    Arc::clone(&self.tiles),
                    self.min_tiles,
                )?;
                if board.junctions.is_empty() {
                    return Err(BoardError::NoJunctions);
                }
                Ok(board)
            }
            Naming::Coordinates => {
                cells.sort_unstable();
                Board::build(
                    self.lattice,
                    self.naming,
                    cells,
                    Arc::clone(&self.tiles),
                    self.min_tiles,
                )
            }
        }
    }

    /// A patch with `cell` added or taken away, worked out from this one: only the
    /// links of junctions next to the cell are made again; the rest are copied with
    /// their ids moved. The same board as [`Board::patch`] makes of the new cells.
    fn patch_changed(&self, cell: Cell, add: bool) -> Result<Board, BoardError> {
        let lattice = self.lattice;
        let k = lattice.corner_count();
        let m = self.min_tiles.max(1);
        let key = |v: Vertex| (v.y, v.x);
        let mut cells = self.cells.clone();
        let at = match cells.binary_search(&cell) {
            Err(at) if add => at,
            Ok(at) if !add => at,
            _ => unreachable!("checked by the caller"),
        };
        if add {
            if cells.len() >= CellId::MAX as usize {
                return Err(BoardError::TooLarge);
            }
            cells.insert(at, cell);
        } else {
            cells.remove(at);
        }
        let on = |c: Cell| cells.binary_search(&c).ok();
        let corners = lattice.corner_points(cell);
        // Corners where a junction appears or goes: where the cell's coming or going
        // crosses the number of cells a junction needs.
        let mut changed: ArrayVec<Vertex, 6> = ArrayVec::new();
        for (i, &v) in corners.iter().enumerate() {
            let others = lattice
                .corner_cells(cell, i)
                .iter()
                .skip(1)
                .filter(|(c, _)| on(*c).is_some())
                .count();
            if others + 1 >= m && others < m {
                changed.push(v);
            }
        }
        changed.sort_unstable_by_key(|&v| key(v));

        // Junctions: the old ones with those that appear or go. An old junction's new id
        // is its old one moved by the junctions that came or went before it.
        let old = &self.junctions;
        let shift = IdShift::new(old, &changed, add);
        let mut junctions: Vec<Junction> = Vec::with_capacity(old.len() + changed.len());
        let mut from = 0;
        for (&v, &q) in changed.iter().zip(&shift.marks) {
            let q = q as usize;
            junctions.extend_from_slice(&old[from..q]);
            if add {
                junctions.push(self.patch_junction(v));
                from = q;
            } else {
                from = q + 1;
            }
        }
        junctions.extend_from_slice(&old[from..]);
        if junctions.len() > JunctionId::MAX as usize / 2 {
            return Err(BoardError::TooLarge);
        }
        let junction_at = |v: Vertex| {
            junctions
                .binary_search_by_key(&key(v), |j| key(j.vertex))
                .ok()
                .map(|j| j as JunctionId)
        };

        // Corners: the old rows with ids moved, the new cell's row, and the corners of
        // the cells around a junction that appeared.
        let n = cells.len();
        let moved_corner = |corner: &Option<JunctionId>| corner.and_then(|j| shift.moved(j));
        let mut cell_corners: Vec<Option<JunctionId>> = Vec::with_capacity(n * k);
        cell_corners.extend(self.cell_corners[..at * k].iter().map(moved_corner));
        if add {
            cell_corners.extend(corners.iter().map(|&v| junction_at(v)));
            cell_corners.extend(self.cell_corners[at * k..].iter().map(moved_corner));
        } else {
            cell_corners.extend(self.cell_corners[(at + 1) * k..].iter().map(moved_corner));
        }
        // Junctions whose links change: those at the cell's corners and at the corners
        // of the cells around a junction that came or went.
        let mut touched: Vec<JunctionId> = Vec::new();
        let mut touch = |row: &[Option<JunctionId>]| touched.extend(row.iter().flatten());
        if add {
            touch(&cell_corners[at * k..(at + 1) * k]);
        } else {
            touch(
                &corners
                    .iter()
                    .filter_map(|&v| junction_at(v))
                    .map(Some)
                    .collect::<ArrayVec<_, 6>>(),
            );
        }
        for (i, &v) in corners.iter().enumerate() {
            if !changed.contains(&v) {
                continue;
            }
            for &(c, corner) in lattice.corner_cells(cell, i).iter().skip(1) {
                if let Some(c) = on(c) {
                    if add {
                        cell_corners[c * k + corner] = junction_at(v);
                    }
                    touch(&cell_corners[c * k..(c + 1) * k]);
                }
            }
        }
        touched.sort_unstable();
        touched.dedup();

        // Links: the touched junctions' rows made again; between them, runs of rows
        // copied whole with their ids moved.
        let pairs = &self.band_pairs;
        let cell_to_new = |c: CellId| -> CellId {
            if add {
                c + CellId::from(c as usize >= at)
            } else {
                c - CellId::from(c as usize > at)
            }
        };
        let count = junctions.len() as JunctionId;
        let mut edge_start = Vec::with_capacity(junctions.len() + 1);
        let mut edge_to = Vec::with_capacity(self.edge_to.len() + 12);
        let mut band_start = Vec::with_capacity(junctions.len() + 1);
        let mut band_to = Vec::with_capacity(self.band_to.len() + 24);
        let mut touched = touched.into_iter().peekable();
        let mut j: JunctionId = 0;
        while j < count {
            if touched.next_if_eq(&j).is_some() {
                edge_start.push(edge_to.len() as u32);
                band_start.push(band_to.len() as u32);
                let (owner, i) = lattice.corner_owner(junctions[j as usize].vertex);
                let (edges_from, bands_from) = (edge_to.len(), band_to.len());
                for (c, p) in lattice.corner_cells(owner, i) {
                    let Some(c) = on(c) else { continue };
                    let row = &cell_corners[c * k..(c + 1) * k];
                    for q in [(p + k - 1) % k, (p + 1) % k] {
                        edge_to.extend(row[q]);
                    }
                    for &(a, b, states) in pairs.iter() {
                        let other = match (a as usize, b as usize) {
                            (a, b) if a == p => b,
                            (a, b) if b == p => a,
                            _ => continue,
                        };
                        if let Some(to) = row[other] {
                            let cell = c as CellId;
                            band_to.push(BandLink { to, cell, states });
                        }
                    }
                }
                edge_to[edges_from..].sort_unstable();
                let mut kept = edges_from;
                for e in edges_from..edge_to.len() {
                    if e == edges_from || edge_to[e] != edge_to[kept - 1] {
                        edge_to[kept] = edge_to[e];
                        kept += 1;
                    }
                }
                edge_to.truncate(kept);
                band_to[bands_from..].sort_unstable_by_key(|l| (l.to, std::cmp::Reverse(l.cell)));
                j += 1;
                continue;
            }
            // Untouched rows up to the next touched one or the next place a junction
            // went are old rows one after the other.
            let end = touched
                .peek()
                .copied()
                .unwrap_or(count)
                .min(shift.next_break(j).unwrap_or(count));
            let was = shift.old_id(j) as usize;
            let rows = was..was + (end - j) as usize;
            let (first, last) = (self.edge_start[rows.start], self.edge_start[rows.end]);
            let base = edge_to.len() as u32;
            edge_start.extend(
                self.edge_start[rows.clone()]
                    .iter()
                    .map(|&e| e - first + base),
            );
            edge_to.extend(
                self.edge_to[first as usize..last as usize]
                    .iter()
                    .map(|&t| shift.kept(t)),
            );
            let (first, last) = (self.band_start[rows.start], self.band_start[rows.end]);
            let base = band_to.len() as u32;
            band_start.extend(self.band_start[rows].iter().map(|&e| e - first + base));
            band_to.extend(
                self.band_to[first as usize..last as usize]
                    .iter()
                    .map(|l| BandLink {
                        to: shift.kept(l.to),
                        cell: cell_to_new(l.cell),
                        states: l.states,
                    }),
            );
            j = end;
        }
        edge_start.push(edge_to.len() as u32);
        band_start.push(band_to.len() as u32);

        // Sides: the old rows with ids moved, the new cell's row, and its neighbours'
        // sides towards it (side `s` of a cell faces side `s + k / 2` of the cell across).
        let moved = |side: &Option<CellId>| match side {
            Some(c) if !add && *c as usize == at => None,
            Some(c) => Some(cell_to_new(*c)),
            None => None,
        };
        let mut cell_sides: Vec<Option<CellId>> = Vec::with_capacity(n * k);
        cell_sides.extend(self.cell_sides[..at * k].iter().map(moved));
        if add {
            cell_sides.extend(std::iter::repeat_n(None, k));
            cell_sides.extend(self.cell_sides[at * k..].iter().map(moved));
        } else {
            cell_sides.extend(self.cell_sides[(at + 1) * k..].iter().map(moved));
        }
        if add {
            for (s, n) in lattice.neighbour_cells(cell).into_iter().enumerate() {
                if let Some(n) = on(n) {
                    cell_sides[at * k + s] = Some(n as CellId);
                    cell_sides[n * k + (s + k / 2) % k] = Some(at as CellId);
                }
            }
        }

        let mut cell_junction_start = Vec::with_capacity(n + 1);
        let mut cell_junction_list = Vec::with_capacity(cell_corners.len());
        for row in cell_corners.chunks(k) {
            cell_junction_start.push(cell_junction_list.len() as u32);
            cell_junction_list.extend(row.iter().flatten().copied());
        }
        cell_junction_start.push(cell_junction_list.len() as u32);
        let at_edge = at_edge(&edge_start, lattice.cells_per_corner());
        let open = self.open_changed(cell, add, &cells, &cell_sides);
        Ok(Board {
            lattice,
            naming: self.naming,
            tiles: Arc::clone(&self.tiles),
            cells,
            cell_index: FxHashMap::default(),
            cell_sides,
            cell_corners,
            junctions,
            edge_start,
            edge_to,
            band_start,
            band_to,
            cell_junction_start,
            cell_junction_list,
            cell_rows: Vec::new(),
            junction_rows: Vec::new(),
            column_count: 0,
            at_edge,
            min_tiles: self.min_tiles,
            band_pairs: Arc::clone(&self.band_pairs),
            open,
            removable: OnceLock::new(),
        })
    }

    /// The open cells once `cell` has come or gone (`cells` and `sides` are the new
    /// board's): only the cell and its neighbours can change.
    fn open_changed(
        &self,
        cell: Cell,
        add: bool,
        cells: &[Cell],
        sides: &[Option<CellId>],
    ) -> Vec<Cell> {
        if self.cells.is_empty() || cells.is_empty() {
            return open_cells_of(self.lattice, cells, sides);
        }
        let lattice = self.lattice;
        let on = |c: Cell| cells.binary_search(&c).is_ok();
        let touches = |c: Cell| lattice.neighbour_cells(c).into_iter().any(on);
        let mut open = self.open.clone();
        let mut set = |c: Cell, is_open: bool| match (open.binary_search(&c), is_open) {
            (Err(at), true) => open.insert(at, c),
            (Ok(at), false) => {
                open.remove(at);
            }
            _ => {}
        };
        if add {
            set(cell, false);
            for n in lattice.neighbour_cells(cell) {
                if !on(n) {
                    set(n, true);
                }
            }
        } else {
            set(cell, touches(cell));
            for n in lattice.neighbour_cells(cell) {
                if !on(n) {
                    set(n, touches(n));
                }
            }
        }
        open
    }

    /// Where the cells a removal rule lets go are kept once found: they depend on the
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

    /// A junction of a patch at a corner point (a patch's junctions need no grid).
    fn patch_junction(&self, v: Vertex) -> Junction {
        Junction {
            vertex: v,
            colour: self.lattice.colour(v),
            column: 0,
            row: 0,
        }
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
        build_graph(&self.tiles, self.junctions.len(), k, &self.cell_corners)
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
        let mut sets = UnionFind::<usize>::new(self.junction_count());
        for j in 0..self.junction_count() as JunctionId {
            for to in self.band_neighbours(j, tile_states) {
                sets.union(j as usize, to as usize);
            }
        }
        let mut numbering: BTreeMap<usize, usize> = BTreeMap::new();
        (0..self.junction_count())
            .map(|j| {
                let root = sets.find(j);
                let next = numbering.len();
                *numbering.entry(root).or_insert(next)
            })
            .collect()
    }

    /// A column's letters: `a`..`z`, then `aa`, `ab`, ...
    pub fn column_name(column: usize) -> String {
        let mut name = String::new();
        names::push_letters(&mut name, column);
        name
    }

    /// A junction's name for people: on a fixed board its column letters and row
    /// number, `a1` at the bottom left; on a patch its spiral name, `a1e`.
    pub fn junction_name(&self, j: JunctionId) -> String {
        let mut name = String::with_capacity(10);
        self.push_junction_name(&mut name, j);
        name
    }

    /// Writes a junction's name at the end of `out` (listing turns names two or more a
    /// turn, so no string is made on the way).
    pub(crate) fn push_junction_name(&self, out: &mut String, j: JunctionId) {
        let junction = &self.junctions[j as usize];
        match self.naming {
            Naming::Grid => {
                names::push_letters(out, junction.column as usize);
                let _ = write!(out, "{}", junction.row + 1);
            }
            Naming::Coordinates => names::push_vertex_spiral(out, self.lattice, junction.vertex),
        }
    }

    /// A junction's key in a patch's position text, `0,0e`.
    pub fn junction_key(&self, j: JunctionId) -> String {
        names::vertex_key(self.lattice, self.junctions[j as usize].vertex)
    }

    /// A cell's key in a patch's position text, `0,-1`.
    pub fn cell_key(&self, cell: CellId) -> String {
        names::key(self.cells[cell as usize])
    }

    /// The junction of a name for people (see [`Board::junction_name`]).
    pub fn junction_by_name(&self, name: &str) -> Option<JunctionId> {
        if self.naming == Naming::Coordinates {
            return self.junction_at(names::parse_vertex_spiral(self.lattice, name)?);
        }
        let (column, row) = split_name(name)?;
        self.junction_rows
            .iter()
            .rev()
            .nth(row.checked_sub(1)?)?
            .iter()
            .copied()
            .find(|&j| self.junctions[j as usize].column as usize == column)
    }

    /// A cell's name. On a fixed board, square cells are named as on the play-by-mail
    /// server by the columns and rows of their corners (`bc34`), hexagonal ones by the
    /// column of their centre and their cell row from 1 at the bottom (`d3`). On a patch,
    /// cells have spiral names (`a1`, `c12`).
    ///
    /// Names are made when asked for: a patch is rebuilt for every tile, and play needs
    /// no names.
    pub fn cell_name(&self, cell: CellId) -> String {
        let mut name = String::new();
        self.push_cell_name(&mut name, cell);
        name
    }

    pub fn cell_by_name(&self, name: &str) -> Option<CellId> {
        if self.naming == Naming::Coordinates {
            return self.cell_id(names::parse_spiral(self.lattice, name)?);
        }
        let mut candidate = String::new();
        (0..self.cells.len() as CellId).find(|&c| {
            candidate.clear();
            self.push_cell_name(&mut candidate, c);
            candidate == name
        })
    }

    /// Writes a cell's name (see [`Board::cell_name`]) at the end of `out`: every
    /// flip's turn text starts with one, and listing a Truchet position writes
    /// thousands.
    pub(crate) fn push_cell_name(&self, out: &mut String, cell: CellId) {
        // A flat-topped hexagon's centre lies on no junction column, so those cells are
        // named by their place on the spiral on fixed boards too.
        if self.naming == Naming::Coordinates || self.lattice == Lattice::HexFlat {
            return names::push_spiral(out, self.lattice, self.cells[cell as usize]);
        }
        match self.lattice {
            Lattice::Square => {
                // Name by the junction columns and rows of the corners; corners that are
                // not junctions cannot occur on square boards (every corner is one).
                let sw = self.cell_corners(cell)[0];
                let ne = self.cell_corners(cell)[2];
                match (sw, ne) {
                    (Some(sw), Some(ne)) => {
                        let (a, b) = (&self.junctions[sw as usize], &self.junctions[ne as usize]);
                        names::push_letters(out, a.column as usize);
                        names::push_letters(out, b.column as usize);
                        let _ = write!(out, "{}{}", a.row + 1, b.row + 1);
                    }
                    _ => {
                        let _ = write!(out, "cell{cell}");
                    }
                }
            }
            Lattice::Hex | Lattice::HexFlat => {
                // The centre's column is that of the top and bottom corners.
                let top = self.lattice.corners(self.cells[cell as usize])[0];
                let column = self
                    .junctions
                    .iter()
                    .find(|j| j.vertex.x == top.x)
                    .map(|j| j.column as usize);
                let row = self
                    .cell_rows
                    .iter()
                    .rev()
                    .position(|r| r.contains(&cell))
                    .unwrap_or(0);
                match column {
                    Some(column) => {
                        names::push_letters(out, column);
                        let _ = write!(out, "{}", row + 1);
                    }
                    None => {
                        let _ = write!(out, "cell{cell}");
                    }
                }
            }
        }
    }
}

/// Splits `b12` into column 1 and row 12.
fn split_name(name: &str) -> Option<(usize, usize)> {
    let letters = name.bytes().take_while(u8::is_ascii_lowercase).count();
    if letters == 0 || letters == name.len() {
        return None;
    }
    let (col, row) = name.split_at(letters);
    if row.starts_with('0') || !row.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // A name too long to be any board's column is no cell, not an overflow.
    let mut column = 0usize;
    for b in col.bytes() {
        column = column
            .checked_mul(26)?
            .checked_add((b - b'a') as usize + 1)?;
    }
    Some((column - 1, row.parse().ok()?))
}

/// Groups items by the first part of their key, rows from the highest, each sorted by the
/// second part.
fn group_rows<K: Ord + Copy>(count: usize, key: impl Fn(usize) -> (K, K)) -> Vec<Vec<u16>> {
    let mut rows: BTreeMap<K, Vec<(K, u16)>> = BTreeMap::new();
    for i in 0..count {
        let (row, column) = key(i);
        rows.entry(row).or_default().push((column, i as u16));
    }
    rows.into_values()
        .rev()
        .map(|mut row| {
            row.sort();
            row.into_iter().map(|(_, i)| i).collect()
        })
        .collect()
}

fn build_graph(
    tiles: &TileSet,
    junction_count: usize,
    k: usize,
    cell_corners: &[Option<JunctionId>],
) -> UnGraph<JunctionId, Link> {
    let mut graph = UnGraph::with_capacity(junction_count, junction_count * 4);
    for j in 0..junction_count {
        graph.add_node(j as JunctionId);
    }
    let node = |j: JunctionId| NodeIndex::new(j as usize);
    // Edge links: both ends of a cell side. Neighbouring cells share sides, so keep one.
    let mut edges = Vec::new();
    for corners in cell_corners.chunks(k) {
        for side in 0..k {
            if let (Some(a), Some(b)) = (corners[side], corners[(side + 1) % k]) {
                edges.push((a.min(b), a.max(b)));
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    for (a, b) in edges {
        graph.add_edge(node(a), node(b), Link::Edge);
    }
    // Band links: every pair of junction corners a band joins, per cell, with the states
    // in which it joins them.
    for (cell, corners) in cell_corners.chunks(k).enumerate() {
        // The states in which a band joins each pair of this cell's junctions.
        let mut pairs: Vec<((JunctionId, JunctionId), u8)> = Vec::new();
        for (s, state) in tiles.states().iter().enumerate() {
            for band in &state.bands {
                for (i, &p) in band.iter().enumerate() {
                    for &q in &band[i + 1..] {
                        if let (Some(a), Some(b)) = (corners[p as usize], corners[q as usize]) {
                            let pair = (a.min(b), a.max(b));
                            match pairs.iter_mut().find(|(known, _)| *known == pair) {
                                Some((_, states)) => *states |= 1 << s,
                                None => pairs.push((pair, 1 << s)),
                            }
                        }
                    }
                }
            }
        }
        pairs.sort_unstable();
        for ((a, b), states) in pairs {
            let link = Link::Band {
                cell: cell as CellId,
                states,
            };
            graph.add_edge(node(a), node(b), link);
        }
    }
    graph
}

/// The pairs of corners of a tile that some state's band joins, lower corner first,
/// with the states (a mask) in which it does.
fn band_pairs(tiles: &TileSet) -> Vec<(u8, u8, u8)> {
    let mut pairs: Vec<(u8, u8, u8)> = Vec::new();
    for (s, state) in tiles.states().iter().enumerate() {
        for band in &state.bands {
            for (i, &p) in band.iter().enumerate() {
                for &q in &band[i + 1..] {
                    let (p, q) = (p.min(q), p.max(q));
                    match pairs.iter_mut().find(|(a, b, _)| (*a, *b) == (p, q)) {
                        Some((_, _, states)) => *states |= 1 << s,
                        None => pairs.push((p, q, 1 << s)),
                    }
                }
            }
        }
    }
    pairs
}

/// The junction graph's links as compressed rows, made straight from the cells' corners:
/// the same rows as the graph's links sorted by the junction at the other end (edge
/// links once each; band links to one junction through several cells, the later cell
/// first, as the graph lists them).
#[allow(clippy::type_complexity)]
fn flat_links(
    k: usize,
    pairs: &[(u8, u8, u8)],
    junction_count: usize,
    cell_corners: &[Option<JunctionId>],
) -> (Vec<u32>, Vec<JunctionId>, Vec<u32>, Vec<BandLink>) {
    let k = k.max(1);
    // Rows filled by counting: how many entries each row gets, then each in its place.
    fn rows<T: Copy>(
        junction_count: usize,
        each: &dyn Fn(&mut dyn FnMut(JunctionId, T)),
        blank: T,
    ) -> (Vec<u32>, Vec<T>) {
        let mut start = vec![0u32; junction_count + 1];
        each(&mut |from, _| start[from as usize + 1] += 1);
        for j in 0..junction_count {
            start[j + 1] += start[j];
        }
        let mut fill: Vec<u32> = start[..junction_count].to_vec();
        let mut out = vec![blank; start[junction_count] as usize];
        each(&mut |from, t| {
            out[fill[from as usize] as usize] = t;
            fill[from as usize] += 1;
        });
        (start, out)
    }
    let (edge_start, mut edge_raw) = rows(
        junction_count,
        &|push| {
            for corners in cell_corners.chunks(k) {
                for side in 0..k {
                    if let (Some(a), Some(b)) = (corners[side], corners[(side + 1) % k]) {
                        push(a, b);
                        push(b, a);
                    }
                }
            }
        },
        0,
    );
    // Neighbouring cells share sides: sort each row and keep each junction once.
    let mut edge_to = Vec::with_capacity(edge_raw.len());
    let mut edge_starts = Vec::with_capacity(junction_count + 1);
    for j in 0..junction_count {
        edge_starts.push(edge_to.len() as u32);
        let row = &mut edge_raw[edge_start[j] as usize..edge_start[j + 1] as usize];
        row.sort_unstable();
        let mut last = None;
        for &to in row.iter() {
            if last != Some(to) {
                edge_to.push(to);
                last = Some(to);
            }
        }
    }
    edge_starts.push(edge_to.len() as u32);

    let blank = BandLink {
        to: 0,
        cell: 0,
        states: 0,
    };
    let (band_start, mut band_to) = rows(
        junction_count,
        &|push| {
            for (cell, corners) in cell_corners.chunks(k).enumerate() {
                for &(p, q, states) in pairs {
                    if let (Some(a), Some(b)) = (corners[p as usize], corners[q as usize]) {
                        let cell = cell as CellId;
                        push(
                            a,
                            BandLink {
                                to: b,
                                cell,
                                states,
                            },
                        );
                        push(
                            b,
                            BandLink {
                                to: a,
                                cell,
                                states,
                            },
                        );
                    }
                }
            }
        },
        blank,
    );
    for j in 0..junction_count {
        band_to[band_start[j] as usize..band_start[j + 1] as usize]
            .sort_unstable_by_key(|l| (l.to, std::cmp::Reverse(l.cell)));
    }
    (edge_starts, edge_to, band_start, band_to)
}

/// For each junction (its side links from `edge_start[j]` to `edge_start[j + 1]`), whether
/// it lies on the patch's edge: fewer sides meet there than in the lattice's interior.
/// How a patch change moves the ids of the junctions it keeps: each junction that
/// appears before one moves it up by one, each that goes before it moves it down. At
/// most six junctions come or go (a cell's corners), so the old ids run on by one
/// between them, and whole runs of rows are copied at once.
struct IdShift {
    /// Junctions added: where each new one goes among the old ids (the old id it comes
    /// before). Junctions removed: each one's old id. Sorted.
    marks: ArrayVec<JunctionId, 6>,
    add: bool,
    /// Each old junction's new id, `MAX` for one that went.
    new_id: Vec<JunctionId>,
}

impl IdShift {
    fn new(old: &[Junction], changed: &[Vertex], add: bool) -> IdShift {
        let key = |v: Vertex| (v.y, v.x);
        let marks: ArrayVec<JunctionId, 6> = changed
            .iter()
            .map(
                |&v| match old.binary_search_by_key(&key(v), |j| key(j.vertex)) {
                    Ok(j) | Err(j) => j as JunctionId,
                },
            )
            .collect();
        // Filled a run at a time: between two marks every id moves by the same amount.
        let mut new_id = Vec::with_capacity(old.len());
        let mut from = 0;
        let mut moved_by: i32 = 0;
        for &mark in &marks {
            let mark = mark as usize;
            new_id.extend((from..mark).map(|j| (j as i32 + moved_by) as JunctionId));
            if add {
                moved_by += 1;
                from = mark;
            } else {
                new_id.push(JunctionId::MAX);
                moved_by -= 1;
                from = mark + 1;
            }
        }
        new_id.extend((from..old.len()).map(|j| (j as i32 + moved_by) as JunctionId));
        IdShift { marks, add, new_id }
    }

    /// The new id of an old junction, or `None` if it went.
    #[inline]
    fn moved(&self, j: JunctionId) -> Option<JunctionId> {
        let new = self.new_id[j as usize];
        (new != JunctionId::MAX).then_some(new)
    }

    /// The new id of an old junction that stays.
    #[inline]
    fn kept(&self, j: JunctionId) -> JunctionId {
        self.new_id[j as usize]
    }

    /// The old id of the junction with new id `j`, which is not a new one.
    fn old_id(&self, j: JunctionId) -> JunctionId {
        let mut old = j;
        for (i, &mark) in self.marks.iter().enumerate() {
            if self.add {
                // The new junction before old `mark` has new id `mark + i`.
                old -= JunctionId::from(mark + i as JunctionId <= j);
            } else {
                // After the `i` before it went, old `mark`'s follower has new id `mark - i`.
                old += JunctionId::from(mark - i as JunctionId <= j);
            }
        }
        old
    }

    /// The first new id after `j` where the old ids stop running on by one: past a
    /// junction that went (a new one is always touched, so no run crosses it).
    fn next_break(&self, j: JunctionId) -> Option<JunctionId> {
        if self.add {
            return None;
        }
        self.marks
            .iter()
            .enumerate()
            .map(|(i, &mark)| mark - i as JunctionId)
            .find(|&b| b > j)
    }
}

fn at_edge(edge_start: &[u32], sides_per_corner: usize) -> Vec<bool> {
    edge_start
        .windows(2)
        .map(|w| ((w[1] - w[0]) as usize) < sides_per_corner)
        .collect()
}

/// The open cells of a board of these cells (`sides` as [`Board`] keeps them), made
/// from scratch.
fn open_cells_of(lattice: Lattice, cells: &[Cell], sides: &[Option<CellId>]) -> Vec<Cell> {
    if cells.is_empty() {
        return vec![crate::patch::ORIGIN];
    }
    let k = lattice.corner_count();
    let mut open: Vec<Cell> = Vec::new();
    for (&cell, sides) in cells.iter().zip(sides.chunks(k)) {
        if sides.iter().all(Option::is_some) {
            continue;
        }
        let across = lattice.neighbour_cells(cell);
        open.extend(
            (0..sides.len())
                .filter(|&s| sides[s].is_none())
                .map(|s| across[s]),
        );
    }
    open.sort_unstable();
    open.dedup();
    open
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    /// Flattens the links `pick` accepts into compressed adjacency rows.
    pub(super) fn compressed<T>(
        junction_count: usize,
        graph: &UnGraph<JunctionId, Link>,
        pick: impl Fn(&Link, JunctionId) -> Option<T>,
    ) -> (Vec<u32>, Vec<T>) {
        let mut start = Vec::with_capacity(junction_count + 1);
        let mut to = Vec::new();
        for j in 0..junction_count {
            start.push(to.len() as u32);
            let mut row: Vec<(JunctionId, T)> = graph
                .edges(NodeIndex::new(j))
                .filter_map(|e| {
                    use petgraph::visit::EdgeRef;
                    let other = if e.source().index() == j {
                        e.target()
                    } else {
                        e.source()
                    };
                    pick(e.weight(), other.index() as JunctionId)
                        .map(|t| (other.index() as JunctionId, t))
                })
                .collect();
            // petgraph lists edges newest first; sort so generation order is by junction.
            row.sort_by_key(|(other, _)| *other);
            to.extend(row.into_iter().map(|(_, t)| t));
        }
        start.push(to.len() as u32);
        (start, to)
    }

    /// Everything a board holds but its lazily made graph, for comparing.
    #[allow(clippy::type_complexity)]
    fn parts(
        b: &Board,
    ) -> (
        Vec<Cell>,
        Vec<Option<JunctionId>>,
        Vec<Junction>,
        (Vec<u32>, Vec<JunctionId>),
        Vec<(JunctionId, CellId, u8)>,
        Vec<u32>,
        (Vec<u32>, Vec<JunctionId>),
        (Vec<bool>, Vec<Option<CellId>>, Vec<Cell>),
    ) {
        (
            b.cells.clone(),
            b.cell_corners.clone(),
            b.junctions.clone(),
            (b.edge_start.clone(), b.edge_to.clone()),
            b.band_to.iter().map(|l| (l.to, l.cell, l.states)).collect(),
            b.band_start.clone(),
            (b.cell_junction_start.clone(), b.cell_junction_list.clone()),
            (b.at_edge.clone(), b.cell_sides.clone(), b.open.clone()),
        )
    }

    /// A patch changed a cell at a time is the patch built afresh from its cells, on
    /// each lattice and for every number of cells a junction may need.
    #[test]
    fn patches_changed_in_place_are_patches_built_afresh() {
        let square = TileSet::new(
            Lattice::Square,
            &[("r", &[&["sw", "ne"]]), ("l", &[&["nw", "se"]])],
        )
        .unwrap();
        let hex_flat = TileSet::new(
            Lattice::HexFlat,
            &[
                ("a", &[&["nw", "sw"], &["ne", "se"]]),
                ("b", &[&["e", "nw"], &["w", "se"]]),
                ("c", &[&["e", "sw"], &["ne", "w"]]),
            ],
        )
        .unwrap();
        let hex = TileSet::new(
            Lattice::Hex,
            &[("a", &[&["n", "se", "sw"]]), ("b", &[&["s", "ne", "nw"]])],
        )
        .unwrap();
        let cases = [
            (Lattice::Square, square.clone(), 1),
            (Lattice::Square, square.clone(), 2),
            (Lattice::Square, square, 4),
            (Lattice::HexFlat, hex_flat.clone(), 1),
            (Lattice::HexFlat, hex_flat, 3),
            (Lattice::Hex, hex.clone(), 2),
            (Lattice::Hex, hex, 3),
        ];
        for (lattice, tiles, min_tiles) in cases {
            let mut patch = Board::patch(lattice, vec![], tiles.clone(), min_tiles).unwrap();
            let mut seed = 11u64;
            for step in 0..300 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let r = (seed >> 33) as usize;
                let remove = patch.cell_count() > 3 && (r.is_multiple_of(3) || step > 200);
                let next = if remove {
                    patch.without_cell(patch.cells()[r % patch.cell_count()])
                } else {
                    let mut open: Vec<Cell> = patch
                        .cells()
                        .iter()
                        .flat_map(|&c| lattice.neighbours(c))
                        .filter(|&n| patch.cell_id(n).is_none())
                        .collect();
                    open.push(Cell::new(0, 0));
                    open.retain(|&c| patch.cell_id(c).is_none());
                    open.sort();
                    open.dedup();
                    patch.with_cell(open[r % open.len()])
                };
                patch = next.unwrap();
                let afresh =
                    Board::patch(lattice, patch.cells().to_vec(), tiles.clone(), min_tiles)
                        .unwrap();
                assert!(
                    parts(&patch) == parts(&afresh),
                    "{lattice} {min_tiles} step {step}"
                );
            }
        }
    }

    /// The flat rows are the graph's links sorted by the other end, as they were when the
    /// rows were read from the graph: on fixed boards of each lattice and on patches.
    #[test]
    fn flat_rows_are_the_graphs_links() {
        let square = TileSet::new(
            Lattice::Square,
            &[("r", &[&["sw", "ne"]]), ("l", &[&["nw", "se"]])],
        )
        .unwrap();
        let mut boards =
            vec![Board::new(Lattice::Square, Lattice::Square.shape(5), square.clone(), 1).unwrap()];
        let hex = TileSet::new(
            Lattice::HexFlat,
            &[
                ("a", &[&["nw", "sw"], &["ne", "se"]]),
                ("b", &[&["e", "nw"], &["w", "se"]]),
                ("c", &[&["e", "sw"], &["ne", "w"]]),
            ],
        )
        .unwrap();
        boards
            .push(Board::new(Lattice::HexFlat, Lattice::HexFlat.shape(3), hex.clone(), 3).unwrap());
        boards
            .push(Board::new(Lattice::HexFlat, Lattice::HexFlat.shape(3), hex.clone(), 1).unwrap());
        let mut patch = Board::patch(Lattice::HexFlat, vec![], hex, 3).unwrap();
        let mut seed = 7u64;
        for _ in 0..60 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let open: Vec<Cell> = if patch.cell_count() == 0 {
                vec![Cell::new(0, 0)]
            } else {
                let mut open: Vec<Cell> = patch
                    .cells()
                    .iter()
                    .flat_map(|&c| Lattice::HexFlat.neighbours(c))
                    .filter(|&n| patch.cell_id(n).is_none())
                    .collect();
                open.sort();
                open.dedup();
                open
            };
            patch = patch
                .with_cell(open[(seed >> 33) as usize % open.len()])
                .unwrap();
            boards.push(patch.clone());
        }
        for board in &boards {
            let n = board.junction_count();
            let graph = board.graph();
            let (start, to) = compressed(n, &graph, |link, to| match link {
                Link::Edge => Some(to),
                Link::Band { .. } => None,
            });
            assert_eq!(
                (start, to),
                (board.edge_start.clone(), board.edge_to.clone())
            );
            let (start, to) = compressed(n, &graph, |link, to| match *link {
                Link::Band { cell, states } => Some((to, cell, states)),
                Link::Edge => None,
            });
            let flat: Vec<(JunctionId, CellId, u8)> = board
                .band_to
                .iter()
                .map(|l| (l.to, l.cell, l.states))
                .collect();
            assert_eq!((start, to), (board.band_start.clone(), flat));
        }
    }

    /// Found by the fuzzer: a column of 26 letters overflowed the column number.
    #[test]
    fn names_too_long_for_any_column_are_no_junctions() {
        assert_eq!(split_name("b12"), Some((1, 12)));
        assert_eq!(split_name("aa3"), Some((26, 3)));
        assert_eq!(split_name(&format!("{}3", "s".repeat(26))), None);
    }
}
