//! Names that never change while a boardless patch grows and shrinks, because they come
//! from lattice coordinates alone.
//!
//! - **Keys**, for position texts: a cell is `q,r`; a corner point is the key of the cell
//!   it is named after plus that corner's name (`0,0e`, `-1,2w`).
//! - **Spiral names**, for people: cells are numbered ring by ring around the origin, as
//!   on a spiral. The ring is a letter (`a` is the origin, `b` the six cells around it,
//!   `c` the twelve around those, ... `z`, `aa`, ...), the number counts round the ring
//!   counter-clockwise from the cell due north (`a1`, `b1`..`b6`, `c1`..`c12`). A corner
//!   point is the spiral name of its cell plus the corner's name (`a1e`, `c7w`).
//!
//! ```
//! use variant_run_core::{names, Cell, Lattice};
//! let l = Lattice::HexFlat;
//! assert_eq!(names::spiral(l, Cell::new(0, 0)), "a1");
//! assert_eq!(names::spiral(l, Cell::new(0, 1)), "b1");     // due north
//! assert_eq!(names::spiral(l, Cell::new(-1, 1)), "b2");    // then counter-clockwise
//! assert_eq!(names::parse_spiral(l, "c12"), Some(Cell::new(1, 1)));
//! assert_eq!(names::parse_key("-1,2"), Some(Cell::new(-1, 2)));
//! ```

use std::fmt::Write as _;

use crate::{Cell, Lattice, Vertex};

/// A cell's key: `q,r`.
pub fn key(cell: Cell) -> String {
    format!("{},{}", cell.x, cell.y)
}

/// The farthest ring a name reaches. Far past any patch a game lays, and it keeps every
/// sum over coordinates (corner points are three times a cell's) well inside `i32`.
pub const MAX_RING: u32 = 10_000;

/// Reads a cell key `q,r` (signed integers, no spaces) of a cell within [`MAX_RING`]
/// rings of the origin (`|q| + |r|` at most that).
pub fn parse_key(text: &str) -> Option<Cell> {
    let (q, r) = text.split_once(',')?;
    let (q, r) = (parse_int(q)?, parse_int(r)?);
    (q.unsigned_abs() + r.unsigned_abs() <= MAX_RING).then(|| Cell::new(q, r))
}

/// A corner point's key: its cell's key and corner name, `0,0e`.
pub fn vertex_key(lattice: Lattice, v: Vertex) -> String {
    let (cell, corner) = lattice.corner_owner(v);
    format!("{}{}", key(cell), lattice.corner_names()[corner])
}

/// Reads a corner point key such as `0,0e`.
pub fn parse_vertex_key(lattice: Lattice, text: &str) -> Option<Vertex> {
    let (cell, corner) = split_corner(lattice, text)?;
    Some(lattice.corners(parse_key(cell)?)[corner])
}

/// A cell's spiral name: its ring letter(s) and its number round the ring.
pub fn spiral(lattice: Lattice, cell: Cell) -> String {
    let mut name = String::with_capacity(8);
    push_spiral(&mut name, lattice, cell);
    name
}

/// Writes a cell's spiral name at the end of `out`: listing a position's turns names a
/// cell or two for each, so no string is made on the way.
pub(crate) fn push_spiral(out: &mut String, lattice: Lattice, cell: Cell) {
    let (ring, index) = ring_position(lattice, cell);
    push_letters(out, ring as usize);
    let _ = write!(out, "{}", index + 1);
}

/// Reads a spiral cell name such as `c12`.
pub fn parse_spiral(lattice: Lattice, text: &str) -> Option<Cell> {
    let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
    let (ring, number) = text.split_at(letters);
    let ring = parse_ring_letters(ring)?;
    if number.starts_with('0') || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let index = number.parse::<u32>().ok()?.checked_sub(1)?;
    ring_cell(lattice, ring, index)
}

/// A corner point's spiral name: its cell's spiral name and corner name, `a1e`.
pub fn vertex_spiral(lattice: Lattice, v: Vertex) -> String {
    let mut name = String::with_capacity(10);
    push_vertex_spiral(&mut name, lattice, v);
    name
}

/// Writes a corner point's spiral name at the end of `out`.
pub(crate) fn push_vertex_spiral(out: &mut String, lattice: Lattice, v: Vertex) {
    let (cell, corner) = lattice.corner_owner(v);
    push_spiral(out, lattice, cell);
    out.push_str(lattice.corner_names()[corner]);
}

/// Reads a corner point's spiral name such as `c7w`.
pub fn parse_vertex_spiral(lattice: Lattice, text: &str) -> Option<Vertex> {
    let (cell, corner) = split_corner(lattice, text)?;
    Some(lattice.corners(parse_spiral(lattice, cell)?)[corner])
}

/// Splits a trailing owner-corner name (`e`, `w`, `sw`, ...) off a point's name.
fn split_corner(lattice: Lattice, text: &str) -> Option<(&str, usize)> {
    let names = lattice.corner_names();
    // Longest corner names first, so `sw` is not read as `w`.
    let mut owners: Vec<usize> = lattice.owner_corners().to_vec();
    owners.sort_by_key(|&c| std::cmp::Reverse(names[c].len()));
    owners.into_iter().find_map(|corner| {
        let cell = text.strip_suffix(names[corner])?;
        // The cell part ends with a digit, so `1e` is never split inside a letter run.
        cell.ends_with(|c: char| c.is_ascii_digit())
            .then_some((cell, corner))
    })
}

fn parse_int(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || (digits.len() > 1 && digits.starts_with('0'))
        || text == "-0"
    {
        return None;
    }
    text.parse().ok()
}

/// Writes `n` in letters: `a` for 0, ..., `z`, `aa`, `ab`, ... (a spiral's rings, a
/// grid's columns).
pub(crate) fn push_letters(out: &mut String, n: usize) {
    // Last letter first, into a buffer long enough for any usize.
    let mut letters = [0u8; 16];
    let mut at = letters.len();
    let mut n = n;
    loop {
        at -= 1;
        letters[at] = b'a' + (n % 26) as u8;
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out.extend(letters[at..].iter().map(|&b| b as char));
}

fn parse_ring_letters(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 4 {
        return None;
    }
    let mut n: u32 = 0;
    for b in text.bytes() {
        n = n * 26 + (b - b'a') as u32 + 1;
    }
    Some(n - 1)
}

/// The walk round ring `k`: the direction of its first cell from the origin (`k` steps
/// that way), and the straight runs of `k` steps each that bring it back round,
/// counter-clockwise.
fn ring_walk(lattice: Lattice) -> (Cell, &'static [(i32, i32)], u32) {
    match lattice {
        // Axial (0, 1) is due north on the flat-topped lattice (up and to the right on the
        // pointy-top one); the first run heads west along the ring's top side.
        Lattice::Hex | Lattice::HexFlat => (
            Cell::new(0, 1),
            &[(-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)],
            6,
        ),
        // Square rings are the cells k steps away in any of eight directions: start due
        // north, go west along the top, down the left side, and so on.
        Lattice::Square => (
            Cell::new(0, 1),
            &[
                (-1, 0),
                (0, -1),
                (0, -1),
                (1, 0),
                (1, 0),
                (0, 1),
                (0, 1),
                (-1, 0),
            ],
            8,
        ),
    }
}

/// The ring of a cell and its index round the ring (0-based).
fn ring_position(lattice: Lattice, cell: Cell) -> (u32, u32) {
    let k = lattice.distance(Cell::new(0, 0), cell);
    if k == 0 {
        return (0, 0);
    }
    let (north, runs, _) = ring_walk(lattice);
    let k = k as i32;
    let mut at = Cell::new(north.x * k, north.y * k);
    // Each run is `k` steps in one direction: the cell is on the run whose line it
    // lies on within those steps (walking the ring a step at a time showed when a
    // position's turns were all named).
    for (run, &(dx, dy)) in runs.iter().enumerate() {
        let (ox, oy) = (cell.x - at.x, cell.y - at.y);
        let steps = if dx != 0 { ox / dx } else { oy / dy };
        if (0..k).contains(&steps) && ox == dx * steps && oy == dy * steps {
            return (k as u32, run as u32 * k as u32 + steps as u32);
        }
        at = Cell::new(at.x + dx * k, at.y + dy * k);
    }
    unreachable!("every cell at distance k lies on ring k")
}

/// The cell at `index` round ring `ring`, if the ring has that many cells.
fn ring_cell(lattice: Lattice, ring: u32, index: u32) -> Option<Cell> {
    if ring == 0 {
        return (index == 0).then_some(Cell::new(0, 0));
    }
    let (north, runs, sides) = ring_walk(lattice);
    if ring > MAX_RING || index >= sides * ring {
        return None;
    }
    let k = ring as i32;
    let (run, along) = (index / ring, index % ring);
    let mut at = Cell::new(north.x * k, north.y * k);
    for &(dx, dy) in &runs[..run as usize] {
        at = Cell::new(at.x + dx * k, at.y + dy * k);
    }
    let (dx, dy) = runs[run as usize];
    Some(Cell::new(
        at.x + dx * along as i32,
        at.y + dy * along as i32,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the fuzzer: a key far out made corner points overflow `i32`.
    #[test]
    fn keys_past_the_last_ring_are_no_cells() {
        assert_eq!(parse_key("-2,1111111111"), None);
        assert_eq!(parse_key("10000,0"), Some(Cell::new(10_000, 0)));
        assert_eq!(parse_key("5000,-5001"), None);
        assert_eq!(parse_vertex_key(Lattice::HexFlat, "1111111111,0e"), None);
    }

    /// Letters run `a`..`z`, `aa`..`zz`, `aaa`..: the first of each length and every
    /// one read back as a ring.
    #[test]
    fn ring_letters_read_back() {
        let letters = |ring: u32| {
            let mut out = String::new();
            push_letters(&mut out, ring as usize);
            out
        };
        assert_eq!(
            [0, 25, 26, 27, 701, 702].map(letters),
            ["a", "z", "aa", "ab", "zz", "aaa"]
        );
        for ring in 0..20_000 {
            assert_eq!(parse_ring_letters(&letters(ring)), Some(ring));
        }
    }

    #[test]
    fn rings_hold_every_cell_once_and_names_read_back() {
        for lattice in [Lattice::Square, Lattice::Hex, Lattice::HexFlat] {
            let per_ring = if lattice == Lattice::Square { 8 } else { 6 };
            for ring in 0..6u32 {
                let count = if ring == 0 { 1 } else { per_ring * ring };
                let mut seen = std::collections::BTreeSet::new();
                for index in 0..count {
                    let cell = ring_cell(lattice, ring, index).unwrap();
                    assert_eq!(lattice.distance(Cell::new(0, 0), cell), ring);
                    assert!(
                        seen.insert(cell),
                        "{lattice:?} ring {ring} repeats {cell:?}"
                    );
                    assert_eq!(ring_position(lattice, cell), (ring, index));
                    let name = spiral(lattice, cell);
                    assert_eq!(parse_spiral(lattice, &name), Some(cell), "{name}");
                }
                assert!(ring_cell(lattice, ring, count).is_none());
            }
        }
    }

    #[test]
    fn consecutive_cells_of_a_ring_are_neighbours() {
        let l = Lattice::HexFlat;
        for ring in 1..5 {
            let cells: Vec<Cell> = (0..6 * ring)
                .map(|i| ring_cell(l, ring, i).unwrap())
                .collect();
            for (i, &c) in cells.iter().enumerate() {
                let next = cells[(i + 1) % cells.len()];
                assert!(l.neighbours(c).contains(&next));
            }
        }
    }

    #[test]
    fn vertex_names_read_back() {
        let l = Lattice::HexFlat;
        for cell in [Cell::new(0, 0), Cell::new(-2, 1), Cell::new(3, -4)] {
            for v in l.corners(cell) {
                assert_eq!(parse_vertex_key(l, &vertex_key(l, v)), Some(v));
                assert_eq!(parse_vertex_spiral(l, &vertex_spiral(l, v)), Some(v));
            }
        }
        assert_eq!(vertex_key(l, l.corners(Cell::new(0, 0))[0]), "0,0e");
        assert_eq!(vertex_spiral(l, l.corners(Cell::new(0, 0))[3]), "a1w");
        for bad in ["", "0", "0,", ",0", "01,0", "-0,1", "0,0,0", "a,1", "1 ,2"] {
            assert_eq!(parse_key(bad), None, "{bad}");
        }
        for bad in ["a0", "a2", "b7", "1a", "b", "b01", "A1", "a1e"] {
            assert_eq!(parse_spiral(l, bad), None, "{bad}");
        }
    }
}
