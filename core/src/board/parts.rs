//! The tables a board is made of, and how they are derived from its cells' corners:
//! the junction graph's links as flat rows, the junctions on each cell, the junctions at
//! the edge, the open cells. Building a board and changing a patch both end here.

use std::sync::{Arc, OnceLock};

use petgraph::graph::{NodeIndex, UnGraph};
use rustc_hash::FxHashMap;

use super::{BandLink, Board, CellId, Junction, JunctionId, Link, Naming};
use crate::{Cell, Lattice, TileSet, Vertex};

/// The junction graph's links as compressed rows (`start[j]..start[j + 1]`), in the order
/// of the graph's links sorted by the junction at the other end.
pub(super) struct Links {
    pub edge_start: Vec<u32>,
    pub edge_to: Vec<JunctionId>,
    pub band_start: Vec<u32>,
    pub band_to: Vec<BandLink>,
}

/// A board's cells and what they make, as building a board or changing a patch works
/// them out; the rest of the board is derived from these.
pub(super) struct Parts {
    pub cells: Vec<Cell>,
    pub cell_sides: Vec<Option<CellId>>,
    pub cell_corners: Vec<Option<JunctionId>>,
    pub junctions: Vec<Junction>,
    pub links: Links,
    pub open: Vec<Cell>,
}

/// How a fixed board names its cells and junctions by the junction grid; empty on a
/// patch, which names them by coordinates.
#[derive(Default)]
pub(super) struct Grid {
    pub cell_index: FxHashMap<Cell, CellId>,
    pub cell_rows: Vec<Vec<CellId>>,
    pub junction_rows: Vec<Vec<JunctionId>>,
    pub column_count: u16,
}

/// What stays the same from one board to the next as a patch changes.
pub(super) struct Kind {
    pub lattice: Lattice,
    pub naming: Naming,
    pub tiles: Arc<TileSet>,
    pub min_tiles: usize,
    pub band_pairs: Arc<[(u8, u8, u8)]>,
}

impl Board {
    /// The board of these parts: the junctions on each cell and those at the edge are
    /// derived from them.
    pub(super) fn assemble(kind: Kind, parts: Parts, grid: Grid) -> Board {
        let k = kind.lattice.corner_count().max(1);
        let mut cell_junction_start = Vec::with_capacity(parts.cells.len() + 1);
        let mut cell_junction_list = Vec::with_capacity(parts.cell_corners.len());
        for corners in parts.cell_corners.chunks(k) {
            cell_junction_start.push(cell_junction_list.len() as u32);
            cell_junction_list.extend(corners.iter().flatten().copied());
        }
        cell_junction_start.push(cell_junction_list.len() as u32);
        let links = parts.links;
        let at_edge = at_edge(&links.edge_start, kind.lattice.cells_per_corner());
        Board {
            lattice: kind.lattice,
            naming: kind.naming,
            tiles: kind.tiles,
            cells: parts.cells,
            cell_index: grid.cell_index,
            cell_sides: parts.cell_sides,
            cell_corners: parts.cell_corners,
            junctions: parts.junctions,
            edge_start: links.edge_start,
            edge_to: links.edge_to,
            band_start: links.band_start,
            band_to: links.band_to,
            cell_junction_start,
            cell_junction_list,
            cell_rows: grid.cell_rows,
            junction_rows: grid.junction_rows,
            column_count: grid.column_count,
            at_edge,
            min_tiles: kind.min_tiles,
            band_pairs: kind.band_pairs,
            open: parts.open,
            removable: OnceLock::new(),
        }
    }

    /// What this board shares with any board a change of its cells makes.
    pub(super) fn kind(&self) -> Kind {
        Kind {
            lattice: self.lattice,
            naming: self.naming,
            tiles: Arc::clone(&self.tiles),
            min_tiles: self.min_tiles,
            band_pairs: Arc::clone(&self.band_pairs),
        }
    }
}

/// The junction graph made from the cells' corners (see [`Board::graph`]).
pub(super) fn build_graph(
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
pub(super) fn band_pairs(tiles: &TileSet) -> Vec<(u8, u8, u8)> {
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

/// Hands each entry of some rows, with its row, to the function it is given.
type EachEntry<'a, T> = dyn Fn(&mut dyn FnMut(JunctionId, T)) + 'a;

/// Rows filled by counting: how many entries each row gets, then each in its place.
fn rows<T: Copy>(junction_count: usize, each: &EachEntry<'_, T>, blank: T) -> (Vec<u32>, Vec<T>) {
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

/// The junction graph's links as compressed rows, made straight from the cells' corners:
/// the same rows as the graph's links sorted by the junction at the other end (edge
/// links once each; band links to one junction through several cells, the later cell
/// first, as the graph lists them).
pub(super) fn flat_links(
    k: usize,
    pairs: &[(u8, u8, u8)],
    junction_count: usize,
    cell_corners: &[Option<JunctionId>],
) -> Links {
    let k = k.max(1);
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
    Links {
        edge_start: edge_starts,
        edge_to,
        band_start,
        band_to,
    }
}

/// For each junction (its side links from `edge_start[j]` to `edge_start[j + 1]`), whether
/// it lies on the patch's edge: fewer sides meet there than in the lattice's interior.
fn at_edge(edge_start: &[u32], sides_per_corner: usize) -> Vec<bool> {
    edge_start
        .windows(2)
        .map(|w| ((w[1] - w[0]) as usize) < sides_per_corner)
        .collect()
}

/// The open cells of a board of these cells (`sides` as [`Board`] keeps them), made
/// from scratch.
pub(super) fn open_cells_of(
    lattice: Lattice,
    cells: &[Cell],
    sides: &[Option<CellId>],
) -> Vec<Cell> {
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

/// A junction of a patch at a corner point (a patch's junctions need no grid).
pub(super) fn patch_junction(lattice: Lattice, v: Vertex) -> Junction {
    Junction {
        vertex: v,
        colour: lattice.colour(v),
        column: 0,
        row: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
