//! The names people read and type for a board's junctions and cells: on a fixed board
//! the columns and rows of its junction grid (`a1`, `bc34`), on a patch spiral names
//! from lattice coordinates (`a1e`, `c12`) and keys (`0,0e`).

use std::fmt::Write as _;

use super::{Board, CellId, JunctionId, Naming};
use crate::{names, Lattice};

impl Board {
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
