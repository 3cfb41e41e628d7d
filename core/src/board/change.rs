//! Changing a patch by one cell, as a tile is placed or removed: worked out from the old
//! board, so that only the links of junctions next to the cell are made again; the rest
//! are copied with their ids moved. The result is the board [`Board::patch`] makes of
//! the new cells (a test below checks it).

use arrayvec::ArrayVec;

use super::parts::{open_cells_of, patch_junction, Grid, Links, Parts};
use super::{BandLink, Board, CellId, Junction, JunctionId};
use crate::{BoardError, Cell, Vertex};

/// The corners of one cell (six at most).
type Corners = ArrayVec<Vertex, 6>;

/// A cell coming onto a patch or leaving it.
struct Change<'a> {
    old: &'a Board,
    cell: Cell,
    add: bool,
    /// Where the cell is among the new cells (one added) or the old ones (one removed).
    at: usize,
    /// The new board's cells.
    cells: Vec<Cell>,
    /// The lattice's corners per cell.
    k: usize,
}

impl Board {
    /// A patch with `cell` added or taken away, worked out from this one: only the
    /// links of junctions next to the cell are made again; the rest are copied with
    /// their ids moved. The same board as [`Board::patch`] makes of the new cells.
    pub(super) fn patch_changed(&self, cell: Cell, add: bool) -> Result<Board, BoardError> {
        let change = Change::new(self, cell, add)?;
        let corners = self.lattice.corner_points(cell);
        let changed = change.changed_corners(&corners);
        let shift = IdShift::new(&self.junctions, &changed, add);
        let junctions = change.junctions(&changed, &shift)?;
        let (cell_corners, touched) = change.corners(&corners, &changed, &shift, &junctions);
        let links = change.links(&junctions, &cell_corners, &touched, &shift);
        let cell_sides = change.sides();
        let open = self.open_changed(cell, add, &change.cells, &cell_sides);
        let parts = Parts {
            cells: change.cells,
            cell_sides,
            cell_corners,
            junctions,
            links,
            open,
        };
        Ok(Board::assemble(self.kind(), parts, Grid::default()))
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
}

/// Junctions by row, then column: the order of their ids.
fn key(v: Vertex) -> (i32, i32) {
    (v.y, v.x)
}

impl<'a> Change<'a> {
    fn new(old: &'a Board, cell: Cell, add: bool) -> Result<Change<'a>, BoardError> {
        let mut cells = old.cells.clone();
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
        let k = old.lattice.corner_count();
        Ok(Change {
            old,
            cell,
            add,
            at,
            cells,
            k,
        })
    }

    /// The index of a cell on the new board.
    fn on(&self, c: Cell) -> Option<usize> {
        self.cells.binary_search(&c).ok()
    }

    /// An old cell id as it is on the new board.
    fn cell_to_new(&self, c: CellId) -> CellId {
        if self.add {
            c + CellId::from(c as usize >= self.at)
        } else {
            c - CellId::from(c as usize > self.at)
        }
    }

    /// Corners where a junction appears or goes: where the cell's coming or going
    /// crosses the number of cells a junction needs. In id order.
    fn changed_corners(&self, corners: &Corners) -> Corners {
        let lattice = self.old.lattice;
        let m = self.old.min_tiles.max(1);
        let mut changed: Corners = ArrayVec::new();
        for (i, &v) in corners.iter().enumerate() {
            let others = lattice
                .corner_cells(self.cell, i)
                .iter()
                .skip(1)
                .filter(|(c, _)| self.on(*c).is_some())
                .count();
            if others + 1 >= m && others < m {
                changed.push(v);
            }
        }
        changed.sort_unstable_by_key(|&v| key(v));
        changed
    }

    /// The old junctions with those that appear or go. An old junction's new id is its
    /// old one moved by the junctions that came or went before it.
    fn junctions(&self, changed: &Corners, shift: &IdShift) -> Result<Vec<Junction>, BoardError> {
        let old = &self.old.junctions;
        let mut junctions: Vec<Junction> = Vec::with_capacity(old.len() + changed.len());
        let mut from = 0;
        for (&v, &q) in changed.iter().zip(&shift.marks) {
            let q = q as usize;
            junctions.extend_from_slice(&old[from..q]);
            if self.add {
                junctions.push(patch_junction(self.old.lattice, v));
                from = q;
            } else {
                from = q + 1;
            }
        }
        junctions.extend_from_slice(&old[from..]);
        if junctions.len() > JunctionId::MAX as usize / 2 {
            return Err(BoardError::TooLarge);
        }
        Ok(junctions)
    }

    /// The cells' corners: the old rows with ids moved, the new cell's row, and the
    /// corners of the cells around a junction that appeared. With them, the junctions
    /// whose links change (sorted): those at the cell's corners and at the corners of the
    /// cells around a junction that came or went.
    fn corners(
        &self,
        corners: &Corners,
        changed: &Corners,
        shift: &IdShift,
        junctions: &[Junction],
    ) -> (Vec<Option<JunctionId>>, Vec<JunctionId>) {
        let (k, at, add) = (self.k, self.at, self.add);
        let old = &self.old.cell_corners;
        let junction_at = |v: Vertex| {
            junctions
                .binary_search_by_key(&key(v), |j| key(j.vertex))
                .ok()
                .map(|j| j as JunctionId)
        };
        let moved_corner = |corner: &Option<JunctionId>| corner.and_then(|j| shift.moved(j));
        let mut cell_corners: Vec<Option<JunctionId>> = Vec::with_capacity(self.cells.len() * k);
        cell_corners.extend(old[..at * k].iter().map(moved_corner));
        if add {
            cell_corners.extend(corners.iter().map(|&v| junction_at(v)));
            cell_corners.extend(old[at * k..].iter().map(moved_corner));
        } else {
            cell_corners.extend(old[(at + 1) * k..].iter().map(moved_corner));
        }
        let mut touched: Vec<JunctionId> = Vec::new();
        if add {
            touched.extend(cell_corners[at * k..(at + 1) * k].iter().flatten());
        } else {
            touched.extend(corners.iter().filter_map(|&v| junction_at(v)));
        }
        for (i, &v) in corners.iter().enumerate() {
            if !changed.contains(&v) {
                continue;
            }
            for &(c, corner) in self.old.lattice.corner_cells(self.cell, i).iter().skip(1) {
                if let Some(c) = self.on(c) {
                    if add {
                        cell_corners[c * k + corner] = junction_at(v);
                    }
                    touched.extend(cell_corners[c * k..(c + 1) * k].iter().flatten());
                }
            }
        }
        touched.sort_unstable();
        touched.dedup();
        (cell_corners, touched)
    }

    /// The links: the touched junctions' rows made again; between them, runs of rows
    /// copied whole with their ids moved.
    fn links(
        &self,
        junctions: &[Junction],
        cell_corners: &[Option<JunctionId>],
        touched: &[JunctionId],
        shift: &IdShift,
    ) -> Links {
        let old = self.old;
        let count = junctions.len() as JunctionId;
        let mut links = Links {
            edge_start: Vec::with_capacity(junctions.len() + 1),
            edge_to: Vec::with_capacity(old.edge_to.len() + 12),
            band_start: Vec::with_capacity(junctions.len() + 1),
            band_to: Vec::with_capacity(old.band_to.len() + 24),
        };
        let mut touched = touched.iter().copied().peekable();
        let mut j: JunctionId = 0;
        while j < count {
            if touched.next_if_eq(&j).is_some() {
                self.link_row(junctions[j as usize].vertex, cell_corners, &mut links);
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
            self.copy_rows(was..was + (end - j) as usize, shift, &mut links);
            j = end;
        }
        links.edge_start.push(links.edge_to.len() as u32);
        links.band_start.push(links.band_to.len() as u32);
        links
    }

    /// Makes the links of the junction at `v` again from the new cells' corners.
    fn link_row(&self, v: Vertex, cell_corners: &[Option<JunctionId>], links: &mut Links) {
        let k = self.k;
        let Links {
            edge_start,
            edge_to,
            band_start,
            band_to,
        } = links;
        edge_start.push(edge_to.len() as u32);
        band_start.push(band_to.len() as u32);
        let (owner, i) = self.old.lattice.corner_owner(v);
        let (edges_from, bands_from) = (edge_to.len(), band_to.len());
        for (c, p) in self.old.lattice.corner_cells(owner, i) {
            let Some(c) = self.on(c) else { continue };
            let row = &cell_corners[c * k..(c + 1) * k];
            for q in [(p + k - 1) % k, (p + 1) % k] {
                edge_to.extend(row[q]);
            }
            for &(a, b, states) in self.old.band_pairs.iter() {
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
    }

    /// Copies the old rows `rows` whole, their ids moved.
    fn copy_rows(&self, rows: std::ops::Range<usize>, shift: &IdShift, links: &mut Links) {
        let old = self.old;
        let (first, last) = (old.edge_start[rows.start], old.edge_start[rows.end]);
        let base = links.edge_to.len() as u32;
        links.edge_start.extend(
            old.edge_start[rows.clone()]
                .iter()
                .map(|&e| e - first + base),
        );
        links.edge_to.extend(
            old.edge_to[first as usize..last as usize]
                .iter()
                .map(|&t| shift.kept(t)),
        );
        let (first, last) = (old.band_start[rows.start], old.band_start[rows.end]);
        let base = links.band_to.len() as u32;
        links
            .band_start
            .extend(old.band_start[rows].iter().map(|&e| e - first + base));
        links.band_to.extend(
            old.band_to[first as usize..last as usize]
                .iter()
                .map(|l| BandLink {
                    to: shift.kept(l.to),
                    cell: self.cell_to_new(l.cell),
                    states: l.states,
                }),
        );
    }

    /// The cells' sides: the old rows with ids moved, the new cell's row, and its
    /// neighbours' sides towards it (side `s` of a cell faces side `s + k / 2` of the
    /// cell across).
    fn sides(&self) -> Vec<Option<CellId>> {
        let (k, at, add) = (self.k, self.at, self.add);
        let old = &self.old.cell_sides;
        let moved = |side: &Option<CellId>| match side {
            Some(c) if !add && *c as usize == at => None,
            Some(c) => Some(self.cell_to_new(*c)),
            None => None,
        };
        let mut cell_sides: Vec<Option<CellId>> = Vec::with_capacity(self.cells.len() * k);
        cell_sides.extend(old[..at * k].iter().map(moved));
        if add {
            cell_sides.extend(std::iter::repeat_n(None, k));
            cell_sides.extend(old[at * k..].iter().map(moved));
            for (s, n) in self
                .old
                .lattice
                .neighbour_cells(self.cell)
                .into_iter()
                .enumerate()
            {
                if let Some(n) = self.on(n) {
                    cell_sides[at * k + s] = Some(n as CellId);
                    cell_sides[n * k + (s + k / 2) % k] = Some(at as CellId);
                }
            }
        } else {
            cell_sides.extend(old[(at + 1) * k..].iter().map(moved));
        }
        cell_sides
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Lattice, TileSet};

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
}
