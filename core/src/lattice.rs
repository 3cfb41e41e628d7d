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
//! // Every corner is named after one cell: on the flat-topped lattice, the cell whose
//! // east or west corner it is.
//! let e = Lattice::HexFlat.corners(Cell::new(0, 0))[0];
//! assert_eq!(Lattice::HexFlat.corner_owner(e), (Cell::new(0, 0), 0));
//! ```

use arrayvec::ArrayVec;

use crate::Colour;

/// A cell's corners or neighbours, without allocating: at most six.
pub(crate) type Around<T> = ArrayVec<T, 6>;

/// A cell, in its lattice's own integer coordinates (square: column and row from 0;
/// hex: axial coordinates `q`, `r`, with `r` the horizontal cell row; flat-topped hex:
/// axial `q` counting columns east, `r` growing north within a column).
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
    /// Flat-topped hexagonal cells in vertical columns (two sides horizontal), each column
    /// shifted half a cell from the one to its west. Drawing grid: a cell centre is at
    /// `(3q, 2r + q)`; its east and west corners lie two grid columns away on the same
    /// row, the others one column away and one row up or down.
    HexFlat,
}

impl std::fmt::Display for Lattice {
    /// The word a ruleset's TOML uses.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Lattice::Square => "square",
            Lattice::Hex => "hex",
            Lattice::HexFlat => "hex-flat",
        })
    }
}

const SQUARE_CORNERS: [&str; 4] = ["sw", "se", "ne", "nw"];
const HEX_CORNERS: [&str; 6] = ["n", "ne", "se", "s", "sw", "nw"];
const HEX_FLAT_CORNERS: [&str; 6] = ["e", "ne", "nw", "w", "sw", "se"];

impl Lattice {
    /// How long one step of the drawing grid is along x and along y, in tile sides: a
    /// side on squares; on hexagons a half side one way and √3/2 of a side the other
    /// (see the variants). Drawings and distances both make the grid's steps into those
    /// of regular cells with it.
    pub fn grid_step(self) -> (f64, f64) {
        let half_root3 = 3f64.sqrt() / 2.0;
        match self {
            Lattice::Square => (1.0, 1.0),
            Lattice::Hex => (half_root3, 0.5),
            Lattice::HexFlat => (0.5, half_root3),
        }
    }

    /// Corner names, in the cyclic order of [`Lattice::corners`]; tile bands are written
    /// with these names in a ruleset's TOML.
    pub fn corner_names(self) -> &'static [&'static str] {
        match self {
            Lattice::Square => &SQUARE_CORNERS,
            Lattice::Hex => &HEX_CORNERS,
            Lattice::HexFlat => &HEX_FLAT_CORNERS,
        }
    }

    /// How many cells meet at every corner of the lattice (square 4, hexagonal 3), which
    /// is also how many sides meet there.
    pub fn cells_per_corner(self) -> usize {
        match self {
            Lattice::Square => 4,
            Lattice::Hex | Lattice::HexFlat => 3,
        }
    }

    pub fn corner_count(self) -> usize {
        self.corner_names().len()
    }

    /// The corners of a cell, going round it; side `k` joins corner `k` and corner `k + 1`.
    pub fn corners(self, cell: Cell) -> Vec<Vertex> {
        self.corner_points(cell).to_vec()
    }

    /// [`Lattice::corners`] without allocating, for code that runs every turn.
    pub(crate) fn corner_points(self, cell: Cell) -> Around<Vertex> {
        match self {
            Lattice::Square => {
                let (x, y) = (cell.x, cell.y);
                [
                    Vertex { x, y },
                    Vertex { x: x + 1, y },
                    Vertex { x: x + 1, y: y + 1 },
                    Vertex { x, y: y + 1 },
                ]
                .into_iter()
                .collect()
            }
            Lattice::Hex => {
                self.around_centre(cell, &[(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)])
            }
            Lattice::HexFlat => {
                self.around_centre(cell, &[(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)])
            }
        }
    }

    fn around_centre(self, cell: Cell, offsets: &[(i32, i32)]) -> Around<Vertex> {
        let c = self.centre(cell);
        offsets
            .iter()
            .map(|&(dx, dy)| Vertex {
                x: c.x + dx,
                y: c.y + dy,
            })
            .collect()
    }

    /// The cell across each side, in side order (side `k` joins corners `k` and `k + 1`).
    pub fn neighbours(self, cell: Cell) -> Vec<Cell> {
        self.neighbour_cells(cell).to_vec()
    }

    /// [`Lattice::neighbours`] without allocating, for code that runs every turn.
    pub(crate) fn neighbour_cells(self, cell: Cell) -> Around<Cell> {
        let (x, y) = (cell.x, cell.y);
        match self {
            // sides: south, east, north, west
            Lattice::Square => [
                Cell::new(x, y - 1),
                Cell::new(x + 1, y),
                Cell::new(x, y + 1),
                Cell::new(x - 1, y),
            ]
            .into_iter()
            .collect(),
            // sides: e-ne, ne-nw, nw-w, w-sw, sw-se, se-e
            Lattice::HexFlat => [
                Cell::new(x + 1, y),
                Cell::new(x, y + 1),
                Cell::new(x - 1, y + 1),
                Cell::new(x - 1, y),
                Cell::new(x, y - 1),
                Cell::new(x + 1, y - 1),
            ]
            .into_iter()
            .collect(),
            // sides: n-ne, ne-se, se-s, s-sw, sw-nw, nw-n
            Lattice::Hex => [
                Cell::new(x, y + 1),
                Cell::new(x + 1, y),
                Cell::new(x + 1, y - 1),
                Cell::new(x, y - 1),
                Cell::new(x - 1, y),
                Cell::new(x - 1, y + 1),
            ]
            .into_iter()
            .collect(),
        }
    }

    /// The cells that meet at corner `i` of `cell`, each with the index of that corner
    /// among its own corners: `cell` first, then the cells across the two sides that end
    /// there, then (square) the cell diagonally across.
    pub(crate) fn corner_cells(self, cell: Cell, i: usize) -> ArrayVec<(Cell, usize), 4> {
        let k = self.corner_count();
        let sides = self.neighbour_cells(cell);
        let (before, after) = (sides[(i + k - 1) % k], sides[i]);
        // Going round the corner, it is a further corner of each cell: one short of half
        // way round in the cell before, one past in the cell after, and (on squares)
        // half way round in the cell diagonally across.
        let mut cells: ArrayVec<(Cell, usize), 4> = ArrayVec::new();
        cells.push((cell, i));
        cells.push((before, (i + k / 2 - 1) % k));
        cells.push((after, (i + k / 2 + 1) % k));
        if self.cells_per_corner() == 4 {
            let diagonal = Cell::new(before.x + after.x - cell.x, before.y + after.y - cell.y);
            cells.push((diagonal, (i + k / 2) % k));
        }
        debug_assert!(cells
            .iter()
            .all(|&(c, at)| self.corner_points(c)[at] == self.corner_points(cell)[i]));
        cells
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
            Lattice::HexFlat => Vertex {
                x: 3 * cell.x,
                y: 2 * cell.y + cell.x,
            },
        }
    }

    /// The lattice's two-colouring of corners. Square: dark where column + row is even
    /// (`a1` dark). Hex: the bottom and two upper corners of every cell are dark, the top
    /// and two lower corners light, so a hex-hex board's bottom junction row is dark.
    /// Flat-topped hex: the east and the two western corners (NW, SW) of every cell are
    /// dark, the west and the two eastern corners light.
    pub fn colour(self, v: Vertex) -> Colour {
        let dark = match self {
            Lattice::Square => (v.x + v.y).rem_euclid(2) == 0,
            Lattice::Hex => v.y.rem_euclid(3) == 1,
            Lattice::HexFlat => v.x.rem_euclid(3) == 2,
        };
        if dark {
            Colour::Dark
        } else {
            Colour::Light
        }
    }

    /// The cell and the corner (an index into [`Lattice::corner_names`]) that a corner
    /// point is named after: every point is exactly one cell's corner of this kind
    /// (square: south-west; hex: north or south; flat-topped hex: east or west).
    pub fn corner_owner(self, v: Vertex) -> (Cell, usize) {
        match self {
            Lattice::Square => (Cell::new(v.x, v.y), 0),
            Lattice::Hex => {
                // n of (q, r) is at (2q + r, 3r + 2); s is at (2q + r, 3r - 2).
                let (r, corner) = if v.y.rem_euclid(3) == 2 {
                    ((v.y - 2) / 3, 0)
                } else {
                    ((v.y + 2) / 3, 3)
                };
                (Cell::new((v.x - r).div_euclid(2), r), corner)
            }
            Lattice::HexFlat => {
                // e of (q, r) is at (3q + 2, 2r + q); w is at (3q - 2, 2r + q).
                let (q, corner) = if v.x.rem_euclid(3) == 2 {
                    ((v.x - 2) / 3, 0)
                } else {
                    ((v.x + 2) / 3, 3)
                };
                (Cell::new(q, (v.y - q).div_euclid(2)), corner)
            }
        }
    }

    /// The corners whose points name themselves (see [`Lattice::corner_owner`]).
    pub fn owner_corners(self) -> &'static [usize] {
        match self {
            Lattice::Square => &[0],
            Lattice::Hex | Lattice::HexFlat => &[0, 3],
        }
    }

    /// The cells that meet at a corner point.
    pub fn cells_at(self, v: Vertex) -> Vec<Cell> {
        let (owner, _) = self.corner_owner(v);
        let mut cells = vec![owner];
        // The other cells at a corner share a side with the owner or with each other;
        // two rings of neighbours hold them all (a square corner's diagonal cell).
        for n in self.neighbours(owner) {
            for m in std::iter::once(n).chain(self.neighbours(n)) {
                if !cells.contains(&m) && self.corners(m).contains(&v) {
                    cells.push(m);
                }
            }
        }
        cells.sort();
        cells
    }

    /// The corner points one cell side away from `v`.
    pub fn adjacent_corners(self, v: Vertex) -> Vec<Vertex> {
        let mut out = Vec::new();
        for cell in self.cells_at(v) {
            let corners = self.corners(cell);
            let k = corners.len();
            let i = corners
                .iter()
                .position(|&c| c == v)
                .expect("a corner of its cell");
            for w in [corners[(i + 1) % k], corners[(i + k - 1) % k]] {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out.sort();
        out
    }

    /// How many cells apart two cells are (square: steps in any of eight directions).
    pub fn distance(self, a: Cell, b: Cell) -> u32 {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        match self {
            Lattice::Square => dx.unsigned_abs().max(dy.unsigned_abs()),
            Lattice::Hex | Lattice::HexFlat => {
                (dx.unsigned_abs() + dy.unsigned_abs() + (dx + dy).unsigned_abs()) / 2
            }
        }
    }

    /// The cells of a standard board shape of the given size.
    pub fn shape(self, size: u32) -> Vec<Cell> {
        let n = size as i32;
        match self {
            Lattice::Square => (0..n)
                .flat_map(|y| (0..n).map(move |x| Cell::new(x, y)))
                .collect(),
            Lattice::Hex | Lattice::HexFlat => {
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

    const ALL: [Lattice; 3] = [Lattice::Square, Lattice::Hex, Lattice::HexFlat];

    #[test]
    fn every_corner_is_named_after_exactly_one_cell() {
        for lattice in ALL {
            for cell in [Cell::new(0, 0), Cell::new(3, -2), Cell::new(-1, 5)] {
                for (i, v) in lattice.corners(cell).into_iter().enumerate() {
                    let (owner, corner) = lattice.corner_owner(v);
                    assert_eq!(lattice.corners(owner)[corner], v, "{lattice:?}");
                    assert!(lattice.owner_corners().contains(&corner));
                    if lattice.owner_corners().contains(&i) {
                        assert_eq!((owner, corner), (cell, i), "{lattice:?}");
                    }
                    let around = lattice.cells_at(v);
                    assert_eq!(around.len(), lattice.cells_per_corner(), "{lattice:?}");
                    assert!(around.contains(&cell));
                    assert_eq!(
                        lattice.adjacent_corners(v).len(),
                        lattice.cells_per_corner()
                    );
                }
            }
        }
    }

    #[test]
    fn flat_topped_names_follow_the_trugo_text_format() {
        // `q,re` = E of q,r = SW of q+1,r = NW of q+1,r-1 (and it is dark).
        let l = Lattice::HexFlat;
        let e = l.corners(Cell::new(0, 0))[0];
        assert_eq!(l.corners(Cell::new(1, 0))[4], e);
        assert_eq!(l.corners(Cell::new(1, -1))[2], e);
        assert_eq!(l.colour(e), Colour::Dark);
        // `q,rw` = W of q,r = NE of q-1,r = SE of q-1,r+1 (light).
        let w = l.corners(Cell::new(0, 0))[3];
        assert_eq!(l.corners(Cell::new(-1, 0))[1], w);
        assert_eq!(l.corners(Cell::new(-1, 1))[5], w);
        assert_eq!(l.colour(w), Colour::Light);
        // Neighbours N, NE, SE, S, SW, NW in side order.
        let around = l.neighbours(Cell::new(0, 0));
        assert_eq!(around[1], Cell::new(0, 1)); // side ne-nw is the north side
        assert_eq!(l.distance(Cell::new(0, 0), Cell::new(2, -1)), 2);
    }

    #[test]
    fn neighbours_share_exactly_the_side_between_corners() {
        for lattice in ALL {
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
        for lattice in ALL {
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
