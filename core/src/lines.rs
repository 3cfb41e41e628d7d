//! Lines of junctions: the directions a lattice's junctions lie evenly along, a
//! junction's ray in one of them, and the lines of n junctions through a junction, for
//! rules of rows and flanks (three in a row, a piece caught between two).
//!
//! On a square lattice junctions are the grid's points: a line steps to the next
//! junction across a tile side (`n`, `e`, `s`, `w`) or across a tile (`ne`, ...), so
//! neighbours lie on lines. On the hexagonal lattices no two neighbours of a junction lie
//! on one line (its three sides meet at 120 degrees); junctions of one colour do lie
//! evenly on the lines of a triangular grid, two sides apart, and those are a hexagonal
//! lattice's lines.
//!
//! ```
//! # use variant_run_core::{Board, Lattice};
//! # let board = variant_run_core::testing::square_model(3, |a, d, _| a >= d).board;
//! let b2 = board.junction_by_name("b2").unwrap();
//! let ray: Vec<String> = board.ray(b2, "ne").unwrap().iter().map(|&j| board.junction_name(j)).collect();
//! assert_eq!(ray, ["c3", "d4"]);
//! assert_eq!(board.lines_through(b2, 3).len(), 7); // every window of 3 holding b2
//! assert!(Lattice::Hex.direction("n").is_none());
//! ```

use crate::{Board, JunctionId, Lattice, Vertex};

/// A direction of a lattice's lines: its name and one step along it on the drawing
/// grid of [`Vertex`] points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction {
    pub name: &'static str,
    pub dx: i32,
    pub dy: i32,
}

const fn dir(name: &'static str, dx: i32, dy: i32) -> Direction {
    Direction { name, dx, dy }
}

/// Square: the eight steps to the grid's nearest points, counter-clockwise from east.
const SQUARE: [Direction; 8] = [
    dir("e", 1, 0),
    dir("ne", 1, 1),
    dir("n", 0, 1),
    dir("nw", -1, 1),
    dir("w", -1, 0),
    dir("sw", -1, -1),
    dir("s", 0, -1),
    dir("se", 1, -1),
];

/// Pointy-top hexagons: junctions of one colour two sides apart (a cell's corner to the
/// same corner of the next cell along).
const HEX: [Direction; 6] = [
    dir("e", 2, 0),
    dir("ne", 1, 3),
    dir("nw", -1, 3),
    dir("w", -2, 0),
    dir("sw", -1, -3),
    dir("se", 1, -3),
];

/// Flat-topped hexagons: likewise, along columns and the two diagonals.
const HEX_FLAT: [Direction; 6] = [
    dir("ne", 3, 1),
    dir("n", 0, 2),
    dir("nw", -3, 1),
    dir("sw", -3, -1),
    dir("s", 0, -2),
    dir("se", 3, -1),
];

impl Lattice {
    /// The directions lines run in, counter-clockwise; opposite directions are half
    /// the list apart.
    pub fn directions(self) -> &'static [Direction] {
        match self {
            Lattice::Square => &SQUARE,
            Lattice::Hex => &HEX,
            Lattice::HexFlat => &HEX_FLAT,
        }
    }

    /// The direction of a name.
    pub fn direction(self, name: &str) -> Option<Direction> {
        self.directions().iter().copied().find(|d| d.name == name)
    }

    /// Whether neighbouring junctions (one tile side apart) lie on the lattice's lines,
    /// so a junction has one beyond each neighbour: on squares, not on hexagons.
    pub fn neighbours_on_lines(self) -> bool {
        match self {
            Lattice::Square => true,
            Lattice::Hex | Lattice::HexFlat => false,
        }
    }
}

impl Board {
    /// The junctions from `j` onwards in the direction named `direction`, `j` left out,
    /// nearest first, up to where the board ends; `None` for a name that is no direction
    /// of the lattice.
    pub fn ray(&self, j: JunctionId, direction: &str) -> Option<Vec<JunctionId>> {
        let d = self.lattice().direction(direction)?;
        Some(self.ray_of(j, d))
    }

    fn ray_of(&self, j: JunctionId, d: Direction) -> Vec<JunctionId> {
        let mut at = self.junction(j).vertex;
        let mut ray = Vec::new();
        loop {
            at = Vertex {
                x: at.x + d.dx,
                y: at.y + d.dy,
            };
            match self.junction_at(at) {
                Some(next) => ray.push(next),
                None => return ray,
            }
        }
    }

    /// Every line of `n` junctions (1 to the board's junctions) holding `j`, each in
    /// order along its direction: for each pair of opposite directions, every window of
    /// `n` consecutive junctions through `j`. In direction order, then by where the
    /// window starts.
    pub fn lines_through(&self, j: JunctionId, n: usize) -> Vec<Vec<JunctionId>> {
        let directions = self.lattice().directions();
        let half = directions.len() / 2;
        let mut lines = Vec::new();
        if n == 0 {
            return lines;
        }
        if n == 1 {
            lines.push(vec![j]);
            return lines;
        }
        for &forward in &directions[..half] {
            let back = directions
                .iter()
                .copied()
                .find(|d| d.dx == -forward.dx && d.dy == -forward.dy)
                .expect("every direction has its opposite");
            // The whole line through j, from its far end backwards to its far end forwards.
            let mut line: Vec<JunctionId> = self.ray_of(j, back);
            line.reverse();
            let at = line.len();
            line.push(j);
            line.extend(self.ray_of(j, forward));
            for start in at.saturating_sub(n - 1)..=at {
                if start + n <= line.len() {
                    lines.push(line[start..start + n].to_vec());
                }
            }
        }
        lines
    }

    /// The junction on the line from `a` through its neighbour `b`, one step past `b`:
    /// where a piece on `b` is flanked from. `None` where the board ends there, where
    /// `a` and `b` are not neighbours, or on a lattice whose neighbours lie on no line.
    pub fn beyond(&self, a: JunctionId, b: JunctionId) -> Option<JunctionId> {
        if !self.neighbours(a).contains(&b) || !self.lattice().neighbours_on_lines() {
            return None;
        }
        let (va, vb) = (self.junction(a).vertex, self.junction(b).vertex);
        self.junction_at(Vertex {
            x: 2 * vb.x - va.x,
            y: 2 * vb.y - va.y,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::square_model;
    use crate::{Board, Lattice};

    fn names(board: &Board, js: &[u16]) -> Vec<String> {
        js.iter().map(|&j| board.junction_name(j)).collect()
    }

    /// On a 3 x 3 board of tiles (4 x 4 junctions), worked out by hand.
    #[test]
    fn square_lines_are_the_grids_rows_columns_and_diagonals() {
        let board = square_model(3, |a, d, _| a >= d).board;
        let at = |name: &str| board.junction_by_name(name).unwrap();
        assert_eq!(
            names(&board, &board.ray(at("a1"), "e").unwrap()),
            ["b1", "c1", "d1"]
        );
        assert_eq!(
            names(&board, &board.ray(at("a1"), "s").unwrap()),
            Vec::<String>::new()
        );
        assert!(board.ray(at("a1"), "up").is_none());
        let lines: Vec<Vec<String>> = board
            .lines_through(at("b2"), 3)
            .iter()
            .map(|l| names(&board, l))
            .collect();
        assert_eq!(
            lines,
            [
                vec!["a2", "b2", "c2"],
                vec!["b2", "c2", "d2"],
                vec!["a1", "b2", "c3"],
                vec!["b2", "c3", "d4"],
                vec!["b1", "b2", "b3"],
                vec!["b2", "b3", "b4"],
                vec!["c1", "b2", "a3"],
            ]
        );
        assert_eq!(board.beyond(at("a1"), at("b1")), Some(at("c1")));
        assert_eq!(board.beyond(at("c1"), at("d1")), None, "off the board");
        assert_eq!(board.beyond(at("a1"), at("c1")), None, "not neighbours");
    }

    /// On a hexagonal board the lines join junctions of one colour two sides apart, and
    /// nothing lies beyond a neighbour.
    #[test]
    fn hexagonal_lines_skip_a_junction() {
        for lattice in [Lattice::Hex, Lattice::HexFlat] {
            let board = Board::new(
                lattice,
                lattice.shape(3),
                crate::testing::trugo_tiles_for(lattice),
                1,
            )
            .unwrap();
            for j in 0..board.junction_count() as u16 {
                let colour = board.junction(j).colour;
                for d in lattice.directions() {
                    for k in board.ray(j, d.name).unwrap() {
                        assert_eq!(board.junction(k).colour, colour, "{lattice}");
                        assert!(!board.neighbours(j).contains(&k));
                    }
                }
                for &n in board.neighbours(j) {
                    assert_eq!(board.beyond(j, n), None);
                }
            }
            let longest = (0..board.junction_count() as u16)
                .map(|j| board.ray(j, lattice.directions()[0].name).unwrap().len())
                .max()
                .unwrap();
            assert!(longest >= 3, "{lattice}: rays of {longest}");
        }
    }
}
