//! Building a board from scratch from its cells: a fixed board once, a patch when it is
//! loaded, and any board whose cells change other than one tile at a time.

use std::collections::BTreeMap;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::parts::{band_pairs, flat_links, open_cells_of, patch_junction, Grid, Kind, Parts};
use super::{Board, CellId, Junction, JunctionId, Naming};
use crate::{BoardError, Cell, Lattice, TileSet, Vertex};

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

    /// The board `naming` gives these cells (sorted, for a patch).
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
        let cell_index = index_cells(naming, &cells)?;
        let (vertices, cell_corners) = corner_junctions(lattice, &cells, min_tiles)?;
        let cell_sides: Vec<Option<CellId>> = cells
            .iter()
            .flat_map(|&c| lattice.neighbour_cells(c))
            .map(|n| match naming {
                Naming::Coordinates => cells.binary_search(&n).ok().map(|c| c as CellId),
                Naming::Grid => cell_index.get(&n).copied(),
            })
            .collect();
        let (junctions, grid) = match naming {
            Naming::Grid => grid_of(lattice, &vertices, &cells, cell_index),
            Naming::Coordinates => (
                vertices
                    .iter()
                    .map(|&v| patch_junction(lattice, v))
                    .collect(),
                Grid::default(),
            ),
        };
        let pairs: Arc<[(u8, u8, u8)]> = band_pairs(&tiles).into();
        let k = lattice.corner_count();
        let links = flat_links(k, &pairs, junctions.len(), &cell_corners);
        let open = open_cells_of(lattice, &cells, &cell_sides);
        let kind = Kind {
            lattice,
            naming,
            tiles,
            min_tiles,
            band_pairs: pairs,
        };
        let parts = Parts {
            cells,
            cell_sides,
            cell_corners,
            junctions,
            links,
            open,
        };
        Ok(Board::assemble(kind, parts, grid))
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
}

/// A fixed board's index of its cells (a patch finds its sorted cells by binary search
/// and keeps none); refuses a repeated cell.
fn index_cells(naming: Naming, cells: &[Cell]) -> Result<FxHashMap<Cell, CellId>, BoardError> {
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
    Ok(cell_index)
}

/// The junctions' corner points, in id order, and each cell's corners as junction ids.
type CornerJunctions = (Vec<Vertex>, Vec<Option<JunctionId>>);

/// Every corner of every cell, sorted by row then column: a corner shared by enough
/// cells is a junction, and junction ids follow this order. (A patch is rebuilt whenever
/// a tile comes or goes, so this sorts once and allocates little.)
fn corner_junctions(
    lattice: Lattice,
    cells: &[Cell],
    min_tiles: usize,
) -> Result<CornerJunctions, BoardError> {
    let k = lattice.corner_count();
    let mut all: Vec<(i32, i32, u32)> = Vec::with_capacity(cells.len() * k);
    for &cell in cells {
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
    Ok((vertices, cell_corners))
}

/// A fixed board's junctions with their columns and rows of the junction grid, which
/// name them, and the grid's rows of junctions and cells in position-text order.
fn grid_of(
    lattice: Lattice,
    vertices: &[Vertex],
    cells: &[Cell],
    cell_index: FxHashMap<Cell, CellId>,
) -> (Vec<Junction>, Grid) {
    let distinct = |mut values: Vec<i32>| {
        values.sort_unstable();
        values.dedup();
        values
    };
    let columns = distinct(vertices.iter().map(|v| v.x).collect());
    let rows = distinct(vertices.iter().map(|v| v.y).collect());
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
    let centres: Vec<Vertex> = cells.iter().map(|&c| lattice.centre(c)).collect();
    let grid = Grid {
        cell_index,
        junction_rows: group_rows(junctions.len(), |j| (junctions[j].row, junctions[j].column)),
        cell_rows: group_rows(cells.len(), |c| (centres[c].y, centres[c].x)),
        column_count: columns.len() as u16,
    };
    (junctions, grid)
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
