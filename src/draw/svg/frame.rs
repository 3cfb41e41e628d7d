//! Where the board lies on the page: the lattice's drawing grid ([`Lattice::corners`])
//! scaled so that every cell is a regular polygon, and the names of the points and cells
//! drawn there.

use variant_run_core::{names, Board, Cell, Lattice, Vertex};

use super::canvas::P;
use super::style;
use super::tiles::CellShape;

/// The lattice's drawing grid placed on the page.
pub(super) struct Frame {
    pub lattice: Lattice,
    /// A cell side, in pixels.
    pub side: f64,
    /// Pixels per grid column and per grid row.
    pub ux: f64,
    pub uy: f64,
    /// The grid's leftmost column and top row, drawn at `left` and `top`.
    pub min_x: i32,
    pub max_y: i32,
    pub left: f64,
    pub top: f64,
}

/// The extent of some cells on the drawing grid.
pub(super) struct Extent {
    pub min_x: i32,
    pub max_x: i32,
    pub min_y: i32,
    pub max_y: i32,
}

impl Extent {
    /// The corners' extent (a single point for no cells).
    pub fn of(lattice: Lattice, cells: &[Cell]) -> Extent {
        let corners: Vec<Vertex> = cells.iter().flat_map(|&c| lattice.corners(c)).collect();
        Extent {
            min_x: corners.iter().map(|v| v.x).min().unwrap_or(0),
            max_x: corners.iter().map(|v| v.x).max().unwrap_or(0),
            min_y: corners.iter().map(|v| v.y).min().unwrap_or(0),
            max_y: corners.iter().map(|v| v.y).max().unwrap_or(0),
        }
    }
}

/// A cell side in pixels, and pixels per grid column and row: the grid's steps made into
/// those of regular squares and hexagons.
pub(super) fn scale(lattice: Lattice) -> (f64, f64, f64) {
    // Hexagons' sides are drawn shorter, so a hexagonal board of as many cells takes
    // about the room of a square one.
    let side = match lattice {
        Lattice::Square => 60.0,
        Lattice::Hex | Lattice::HexFlat => 50.0,
    };
    let (x, y) = lattice.grid_step();
    (side, side * x, side * y)
}

impl Frame {
    pub fn point(&self, v: Vertex) -> P {
        P::new(
            self.left + f64::from(v.x - self.min_x) * self.ux,
            self.top + f64::from(self.max_y - v.y) * self.uy,
        )
    }

    pub fn cell(&self, cell: Cell) -> CellShape {
        let corners = self.lattice.corners(cell);
        CellShape {
            corners: corners.iter().map(|&v| self.point(v)).collect(),
            colours: corners.iter().map(|&v| self.lattice.colour(v)).collect(),
            side: self.side,
        }
    }

    pub fn piece_radius(&self) -> f64 {
        style::PIECE * self.side
    }
}

/// The name of a cell, on the board or just taken off a patch (by its spiral name, which
/// does not change as a patch grows and shrinks).
pub(super) fn cell_name(board: &Board, cell: Cell) -> String {
    match board.cell_id(cell) {
        Some(id) => board.cell_name(id),
        None => names::spiral(board.lattice(), cell),
    }
}

/// The name of a point: its junction's, or for a point of a patch that is no longer a
/// junction, the name it had.
pub(super) fn point_name(board: &Board, v: Vertex) -> String {
    match board.junction_at(v) {
        Some(j) => board.junction_name(j),
        None => names::vertex_spiral(board.lattice(), v),
    }
}
