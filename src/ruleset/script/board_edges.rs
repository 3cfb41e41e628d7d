//! The board's edges and chains of pieces, as scripts ask for them: which edges a junction
//! lies on, the junctions along an edge, and whether a player's pieces join two sets of
//! junctions. Done natively so that a connection goal costs one call per position.
//!
//! A fixed board has four edges, named as a player's `home` is: `top` (the top junction
//! row), `bottom`, `left` (the first junction of every row) and `right` (the last). On a
//! hexagonal board the rows are the junction rows the position text lists, so `left` and
//! `right` are the ragged ends of those rows. Every board, a patch included, also has its
//! `rim`: the junctions with a lattice neighbour off the board.

use std::collections::VecDeque;

use rhai::EvalAltResult;
use variant_run_core::{Board, JunctionId, PlayerId, Position};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// The edges scripts can name, in the order `edges_of` lists them.
pub const EDGE_NAMES: [&str; 5] = ["top", "bottom", "left", "right", "rim"];

/// The edges junction `j` lies on, in [`EDGE_NAMES`] order.
pub fn edges_of(board: &Board, j: JunctionId) -> Vec<&'static str> {
    EDGE_NAMES
        .iter()
        .copied()
        .filter(|&edge| lies_on(board, j, edge))
        .collect()
}

fn lies_on(board: &Board, j: JunctionId, edge: &str) -> bool {
    if edge == "rim" {
        return board.touches_edge(j);
    }
    if board.is_patch() {
        return false;
    }
    let rows = board.junction_rows();
    match edge {
        "top" => rows.first().is_some_and(|row| row.contains(&j)),
        "bottom" => rows.last().is_some_and(|row| row.contains(&j)),
        "left" => rows.iter().any(|row| row.first() == Some(&j)),
        "right" => rows.iter().any(|row| row.last() == Some(&j)),
        _ => false,
    }
}

/// The junctions along an edge, in board order.
///
/// # Errors
/// A name that is no edge, or a side edge asked of a patch (which has only its rim).
pub fn junctions_on(board: &Board, edge: &str) -> Fallible<Vec<JunctionId>> {
    if !EDGE_NAMES.contains(&edge) {
        return Err(format!(
            "`{}` is not an edge; the edges are {}",
            edge.escape_debug(),
            EDGE_NAMES.join(", ")
        )
        .into());
    }
    if board.is_patch() && edge != "rim" {
        return Err(
            format!("a patch grows and shrinks: it has no `{edge}` edge, only its `rim`").into(),
        );
    }
    Ok((0..board.junction_count() as JunctionId)
        .filter(|&j| lies_on(board, j, edge))
        .collect())
}

/// Which junctions count as next to each other in a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    /// Joined by a band of the tiles as they lie now.
    Bands,
    /// Sharing a tile side (the lattice neighbours).
    Sides,
    /// Corners of one tile (on squares: the sides and the diagonals).
    Tiles,
}

impl Adjacency {
    pub const NAMES: [&'static str; 3] = ["bands", "sides", "tiles"];

    /// The adjacency a script names.
    ///
    /// # Errors
    /// Any other word.
    pub fn named(name: &str) -> Fallible<Adjacency> {
        match name {
            "bands" => Ok(Adjacency::Bands),
            "sides" => Ok(Adjacency::Sides),
            "tiles" => Ok(Adjacency::Tiles),
            _ => Err(format!(
                "`{}` is not a way junctions join; say \"bands\", \"sides\" or \"tiles\"",
                name.escape_debug()
            )
            .into()),
        }
    }
}

/// Whether junctions topped by `player`'s pieces make a chain from one of `from` to one of
/// `to`, each junction of it next to the one before under `adjacency`.
pub fn connected(
    position: &Position,
    player: PlayerId,
    from: &[JunctionId],
    to: &[JunctionId],
    adjacency: Adjacency,
) -> bool {
    let board = position.board();
    let held = |j: JunctionId| position.stack(j).is_owned_by(player);
    let mut goal = vec![false; board.junction_count()];
    for &j in to {
        goal[j as usize] = true;
    }
    let mut seen = vec![false; board.junction_count()];
    let mut queue: VecDeque<JunctionId> = VecDeque::new();
    for &j in from {
        if held(j) && !seen[j as usize] {
            seen[j as usize] = true;
            queue.push_back(j);
        }
    }
    let mut next_to = Vec::new();
    while let Some(j) = queue.pop_front() {
        if goal[j as usize] {
            return true;
        }
        next_to.clear();
        match adjacency {
            Adjacency::Bands => next_to.extend(board.band_neighbours(j, position.tiles())),
            Adjacency::Sides => next_to.extend_from_slice(board.neighbours(j)),
            Adjacency::Tiles => {
                let lattice = board.lattice();
                for cell in lattice.cells_at(board.junction(j).vertex) {
                    if let Some(c) = board.cell_id(cell) {
                        next_to.extend_from_slice(board.cell_junctions(c));
                    }
                }
            }
        }
        for &k in &next_to {
            if held(k) && !seen[k as usize] {
                seen[k as usize] = true;
                queue.push_back(k);
            }
        }
    }
    false
}
