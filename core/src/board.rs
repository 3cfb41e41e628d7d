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
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::{names, BoardError, Cell, Colour, Lattice, TileSet, Vertex};

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
    cell_index: FxHashMap<Cell, CellId>,
    /// For each cell, its corners in lattice order: the junction there, if any.
    cell_corners: Vec<Vec<Option<JunctionId>>>,
    junctions: Vec<Junction>,
    graph: UnGraph<JunctionId, Link>,
    // Flat tables derived from `graph` (compressed rows: `start[j]..start[j + 1]`).
    edge_start: Vec<u32>,
    edge_to: Vec<JunctionId>,
    band_start: Vec<u32>,
    band_to: Vec<BandLink>,
    /// Junctions on each cell's corners, for the "no piece on the tile" test of a flip.
    cell_junctions: Vec<Vec<JunctionId>>,
    /// Cells in position-text order: cell rows from the top, each left to right.
    cell_rows: Vec<Vec<CellId>>,
    /// Junctions in position-text order: junction rows from the top, each left to right.
    junction_rows: Vec<Vec<JunctionId>>,
    column_count: u16,
    /// Junctions with a lattice neighbour that is not a junction.
    at_edge: Vec<bool>,
    /// How many cells must share a corner for it to be a junction.
    min_tiles: usize,
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
        for (i, &cell) in cells.iter().enumerate() {
            if cell_index.insert(cell, i as CellId).is_some() {
                return Err(BoardError::RepeatedCell(cell));
            }
        }

        // Every corner of every cell, sorted by row then column: a corner shared by
        // enough cells is a junction, and junction ids follow this order. (A patch is
        // rebuilt whenever a tile comes or goes, so this avoids ordered maps.)
        let corners_of: Vec<Vec<Vertex>> = cells.iter().map(|&c| lattice.corners(c)).collect();
        let mut all: Vec<Vertex> = corners_of.iter().flatten().copied().collect();
        all.sort_unstable_by_key(|v| (v.y, v.x));
        let mut vertices: Vec<Vertex> = Vec::new();
        for run in all.chunk_by(|a, b| a == b) {
            if run.len() >= min_tiles.max(1) {
                vertices.push(run[0]);
            }
        }
        if vertices.len() > JunctionId::MAX as usize / 2 {
            return Err(BoardError::TooLarge);
        }

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
        let junction_at = |v: &Vertex| {
            vertices
                .binary_search_by_key(&(v.y, v.x), |w| (w.y, w.x))
                .ok()
                .map(|j| j as JunctionId)
        };
        let cell_corners: Vec<Vec<Option<JunctionId>>> = corners_of
            .iter()
            .map(|corners| corners.iter().map(junction_at).collect())
            .collect();

        let graph = build_graph(lattice, &tiles, junctions.len(), &cell_corners);
        let (edge_start, edge_to) = compressed(junctions.len(), &graph, |link, to| match link {
            Link::Edge => Some(to),
            Link::Band { .. } => None,
        });
        let (band_start, band_to) = compressed(junctions.len(), &graph, |link, to| match *link {
            Link::Band { cell, states } => Some(BandLink { to, cell, states }),
            Link::Edge => None,
        });
        let cell_junctions = cell_corners
            .iter()
            .map(|corners| corners.iter().flatten().copied().collect())
            .collect();

        let (junction_rows, cell_rows) = if grid {
            let centres: Vec<Vertex> = cells.iter().map(|&c| lattice.centre(c)).collect();
            (
                group_rows(junctions.len(), |j| (junctions[j].row, junctions[j].column)),
                group_rows(cells.len(), |c| (centres[c].y, centres[c].x)),
            )
        } else {
            (Vec::new(), Vec::new())
        };

        let sides_per_corner = lattice.cells_per_corner();
        let at_edge = (0..junctions.len())
            .map(|j| ((edge_start[j + 1] - edge_start[j]) as usize) < sides_per_corner)
            .collect();
        Ok(Board {
            lattice,
            naming,
            tiles,
            cells,
            cell_index,
            cell_corners,
            junctions,
            graph,
            edge_start,
            edge_to,
            band_start,
            band_to,
            cell_junctions,
            cell_rows,
            junction_rows,
            column_count: columns.len() as u16,
            at_edge,
            min_tiles,
        })
    }

    /// The board with one more cell, as when a tile is placed on a patch: junctions
    /// appear where the new cell completes enough corners. Ids are those of the new board;
    /// names of a patch do not change.
    ///
    /// # Errors
    /// The cell is already on the board.
    pub fn with_cell(&self, cell: Cell) -> Result<Board, BoardError> {
        if self.cell_index.contains_key(&cell) {
            return Err(BoardError::RepeatedCell(cell));
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

    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    pub fn naming(&self) -> Naming {
        self.naming
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
        self.cell_index.get(&cell).copied()
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
    /// links and band links.
    pub fn graph(&self) -> &UnGraph<JunctionId, Link> {
        &self.graph
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
        self.lattice
            .neighbours(self.cells[cell as usize])
            .into_iter()
            .map(|n| self.cell_id(n))
            .collect()
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
        &self.cell_corners[cell as usize]
    }

    /// The junctions at a cell's corners.
    pub fn cell_junctions(&self, cell: CellId) -> &[JunctionId] {
        &self.cell_junctions[cell as usize]
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
        for edge in self.graph.edge_indices() {
            if let Link::Band { cell, states } = self.graph[edge] {
                if states & (1 << tile_states[cell as usize]) != 0 {
                    let (a, b) = self.graph.edge_endpoints(edge).expect("edge exists");
                    sets.union(a.index(), b.index());
                }
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
        let mut n = column;
        loop {
            name.insert(0, (b'a' + (n % 26) as u8) as char);
            if n < 26 {
                break;
            }
            n = n / 26 - 1;
        }
        name
    }

    /// A junction's name for people: on a fixed board its column letters and row
    /// number, `a1` at the bottom left; on a patch its spiral name, `a1e`.
    pub fn junction_name(&self, j: JunctionId) -> String {
        let junction = &self.junctions[j as usize];
        match self.naming {
            Naming::Grid => format!(
                "{}{}",
                Board::column_name(junction.column as usize),
                junction.row + 1
            ),
            Naming::Coordinates => names::vertex_spiral(self.lattice, junction.vertex),
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
        self.make_cell_name(cell)
    }

    pub fn cell_by_name(&self, name: &str) -> Option<CellId> {
        if self.naming == Naming::Coordinates {
            return self.cell_id(names::parse_spiral(self.lattice, name)?);
        }
        (0..self.cells.len() as CellId).find(|&c| self.make_cell_name(c) == name)
    }

    fn make_cell_name(&self, cell: CellId) -> String {
        // A flat-topped hexagon's centre lies on no junction column, so those cells are
        // named by their place on the spiral on fixed boards too.
        if self.naming == Naming::Coordinates || self.lattice == Lattice::HexFlat {
            return names::spiral(self.lattice, self.cells[cell as usize]);
        }
        let vertices = self.lattice.corners(self.cells[cell as usize]);
        match self.lattice {
            Lattice::Square => {
                // Name by the junction columns and rows of the corners; corners that are
                // not junctions cannot occur on square boards (every corner is one).
                let sw = self.cell_corners[cell as usize][0];
                let ne = self.cell_corners[cell as usize][2];
                match (sw, ne) {
                    (Some(sw), Some(ne)) => {
                        let (a, b) = (&self.junctions[sw as usize], &self.junctions[ne as usize]);
                        format!(
                            "{}{}{}{}",
                            Board::column_name(a.column as usize),
                            Board::column_name(b.column as usize),
                            a.row + 1,
                            b.row + 1
                        )
                    }
                    _ => format!("cell{}", cell),
                }
            }
            Lattice::Hex | Lattice::HexFlat => {
                // The centre's column is that of the top and bottom corners.
                let top = vertices[0];
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
                    Some(column) => format!("{}{}", Board::column_name(column), row + 1),
                    None => format!("cell{}", cell),
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
    lattice: Lattice,
    tiles: &TileSet,
    junction_count: usize,
    cell_corners: &[Vec<Option<JunctionId>>],
) -> UnGraph<JunctionId, Link> {
    let mut graph = UnGraph::with_capacity(junction_count, junction_count * 4);
    for j in 0..junction_count {
        graph.add_node(j as JunctionId);
    }
    let node = |j: JunctionId| NodeIndex::new(j as usize);
    // Edge links: both ends of a cell side. Neighbouring cells share sides, so keep one.
    let mut edges = Vec::new();
    let k = lattice.corner_count();
    for corners in cell_corners {
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
    for (cell, corners) in cell_corners.iter().enumerate() {
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

/// Flattens the links `pick` accepts into compressed adjacency rows.
fn compressed<T>(
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the fuzzer: a column of 26 letters overflowed the column number.
    #[test]
    fn names_too_long_for_any_column_are_no_junctions() {
        assert_eq!(split_name("b12"), Some((1, 12)));
        assert_eq!(split_name("aa3"), Some((26, 3)));
        assert_eq!(split_name(&format!("{}3", "s".repeat(26))), None);
    }
}
