//! Lattices: the infinite grids of cells that boards are cut from.
//!
//! A lattice knows where a cell's corners are, which corners are shared by neighbouring
//! cells, and the colour of every corner. Coordinates are chosen so that every corner has
//! one integer point on a drawing grid: columns and rows of that grid become the names of
//! junctions (`a1`), whatever the lattice.
//!
//! ```
//! use variant_run_core::{Lattice, Cell, Colour};
//! let corners = Lattice::Square.corners(Cell::new(0, 0));
//! assert_eq!(Lattice::Square.colour(corners[0]), Colour::Dark); // a1 is dark
//! assert_eq!(Lattice::Hex.corners(Cell::new(0, 0)).len(), 6);
//! ```

use crate::Colour;

/// A cell, in its lattice's own integer coordinates (square: column and row from 0;
/// hex: axial coordinates `q`, `r`, with `r` the horizontal cell row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }
}

/// A corner point on the lattice's drawing grid: `x` grows to the right, `y` upwards, and
/// every distinct `x` (resp. `y`) of a board's corners is one junction column (resp. row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    pub x: i32,
    pub y: i32,
}

/// The lattices the core can build boards from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Lattice {
    /// Square cells; a cell's corners are its four lattice points.
    Square,
    /// Pointy-top hexagonal cells in horizontal rows, each row shifted half a cell from the
    /// one below. Drawing grid: a cell centre is at `(2q + r, 3r)`; its corners lie one
    /// column to either side and one or two grid rows above and below.
    Hex,
}

const SQUARE_CORNERS: [&str; 4] = ["sw", "se", "ne", "nw"];
const HEX_CORNERS: [&str; 6] = ["n", "ne", "se", "s", "sw", "nw"];

impl Lattice {
    /// Corner names, in the cyclic order of [`Lattice::corners`]; tile bands are written
    /// with these names in a ruleset's TOML.
    pub fn corner_names(self) -> &'static [&'static str] {
        match self {
            Lattice::Square => &SQUARE_CORNERS,
            Lattice::Hex => &HEX_CORNERS,
        }
    }

    pub fn corner_count(self) -> usize {
        self.corner_names().len()
    }

    /// The corners of a cell, going round it; side `k` joins corner `k` and corner `k + 1`.
    pub fn corners(self, cell: Cell) -> Vec<Vertex> {
        match self {
            Lattice::Square => {
                let (x, y) = (cell.x, cell.y);
                vec![
                    Vertex { x, y },
                    Vertex { x: x + 1, y },
                    Vertex { x: x + 1, y: y + 1 },
                    Vertex { x, y: y + 1 },
                ]
            }
            Lattice::Hex => {
                let c = self.centre(cell);
                [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)]
                    .iter()
                    .map(|&(dx, dy)| Vertex {
                        x: c.x + dx,
                        y: c.y + dy,
                    })
                    .collect()
            }
        }
    }

    /// The cell across each side, in side order (side `k` joins corners `k` and `k + 1`).
    pub fn neighbours(self, cell: Cell) -> Vec<Cell> {
        let (x, y) = (cell.x, cell.y);
        match self {
            // sides: south, east, north, west
            Lattice::Square => vec![
                Cell::new(x, y - 1),
                Cell::new(x + 1, y),
                Cell::new(x, y + 1),
                Cell::new(x - 1, y),
            ],
            // sides: n-ne, ne-se, se-s, s-sw, sw-nw, nw-n
            Lattice::Hex => vec![
                Cell::new(x, y + 1),
                Cell::new(x + 1, y),
                Cell::new(x + 1, y - 1),
                Cell::new(x, y - 1),
                Cell::new(x - 1, y),
                Cell::new(x - 1, y + 1),
            ],
        }
    }

    /// The centre of a cell on the drawing grid (square cells: doubled coordinates, since
    /// a square's centre lies between grid points).
    pub fn centre(self, cell: Cell) -> Vertex {
        match self {
            Lattice::Square => Vertex {
                x: 2 * cell.x + 1,
                y: 2 * cell.y + 1,
            },
            Lattice::Hex => Vertex {
                x: 2 * cell.x + cell.y,
                y: 3 * cell.y,
            },
        }
    }

    /// The lattice's two-colouring of corners. Square: dark where column + row is even
    /// (`a1` dark). Hex: the bottom and two upper corners of every cell are dark, the top
    /// and two lower corners light, so a hex-hex board's bottom junction row is dark.
    pub fn colour(self, v: Vertex) -> Colour {
        let dark = match self {
            Lattice::Square => (v.x + v.y).rem_euclid(2) == 0,
            Lattice::Hex => v.y.rem_euclid(3) == 1,
        };
        if dark {
            Colour::Dark
        } else {
            Colour::Light
        }
    }

    /// The cells of a standard board shape of the given size.
    pub fn shape(self, size: u32) -> Vec<Cell> {
        let n = size as i32;
        match self {
            Lattice::Square => (0..n)
                .flat_map(|y| (0..n).map(move |x| Cell::new(x, y)))
                .collect(),
            Lattice::Hex => {
                let r = n - 1;
                let mut cells = Vec::new();
                for y in -r..=r {
                    for x in -r..=r {
                        if (x + y).abs() <= r {
                            cells.push(Cell::new(x, y));
                        }
                    }
                }
                cells
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_share_exactly_the_side_between_corners() {
        for lattice in [Lattice::Square, Lattice::Hex] {
            let cell = Cell::new(2, -1);
            let corners = lattice.corners(cell);
            let k = corners.len();
            for (side, other) in lattice.neighbours(cell).into_iter().enumerate() {
                let theirs = lattice.corners(other);
                let shared: Vec<_> = corners.iter().filter(|c| theirs.contains(c)).collect();
                assert_eq!(shared.len(), 2, "{lattice:?} side {side}");
                assert!(shared.contains(&&corners[side]));
                assert!(shared.contains(&&corners[(side + 1) % k]));
            }
        }
    }

    #[test]
    fn corners_alternate_colour_around_every_cell() {
        for lattice in [Lattice::Square, Lattice::Hex] {
            for cell in [Cell::new(0, 0), Cell::new(3, -2), Cell::new(-1, 5)] {
                let corners = lattice.corners(cell);
                for k in 0..corners.len() {
                    let next = corners[(k + 1) % corners.len()];
                    assert_ne!(lattice.colour(corners[k]), lattice.colour(next));
                }
            }
        }
    }

    #[test]
    fn hexagon_shape_has_centred_hexagonal_numbers_of_cells() {
        let counts: Vec<usize> = (1..=5).map(|s| Lattice::Hex.shape(s).len()).collect();
        assert_eq!(counts, vec![1, 7, 19, 37, 61]);
    }
}
