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

/// The junctions next to `j` under `adjacency`, into `out` (cleared first).
fn next_to(position: &Position, j: JunctionId, adjacency: Adjacency, out: &mut Vec<JunctionId>) {
    let board = position.board();
    out.clear();
    match adjacency {
        Adjacency::Bands => out.extend(board.band_neighbours(j, position.tiles())),
        Adjacency::Sides => out.extend_from_slice(board.neighbours(j)),
        Adjacency::Tiles => {
            for cell in board.lattice().cells_at(board.junction(j).vertex) {
                if let Some(c) = board.cell_id(cell) {
                    out.extend(board.cell_junctions(c).iter().filter(|&&k| k != j));
                }
            }
        }
    }
}

/// The fewest empty junctions `player` must fill to make a chain from one of `from` to
/// one of `to` (as [`connected`] asks), junctions of the other player's blocking it:
/// 0 when the chain is there, `None` when no chain can be made. A shortest path where a
/// held junction costs nothing and an empty one costs one (breadth first, a held
/// junction to the front of the queue, an empty one to the back).
pub fn gap(
    position: &Position,
    player: PlayerId,
    from: &[JunctionId],
    to: &[JunctionId],
    adjacency: Adjacency,
) -> Option<u32> {
    let board = position.board();
    let cost = |j: JunctionId| -> Option<u32> {
        match position.stack(j).owner() {
            None => Some(1),
            Some(owner) if owner == player => Some(0),
            Some(_) => None,
        }
    };
    let mut goal = vec![false; board.junction_count()];
    for &j in to {
        goal[j as usize] = true;
    }
    let mut best = vec![u32::MAX; board.junction_count()];
    let mut queue: VecDeque<JunctionId> = VecDeque::new();
    // A junction reached at a lower cost than before goes on the queue: to the front
    // when the step to it cost nothing, so the queue stays in order of cost.
    fn reach(
        best: &mut [u32],
        queue: &mut VecDeque<JunctionId>,
        k: JunctionId,
        base: u32,
        step: u32,
    ) {
        if base + step < best[k as usize] {
            best[k as usize] = base + step;
            if step == 0 {
                queue.push_front(k);
            } else {
                queue.push_back(k);
            }
        }
    }
    for &j in from {
        if let Some(c) = cost(j) {
            reach(&mut best, &mut queue, j, 0, c);
        }
    }
    let mut around = Vec::new();
    let mut done = vec![false; board.junction_count()];
    while let Some(j) = queue.pop_front() {
        if std::mem::replace(&mut done[j as usize], true) {
            continue;
        }
        let here = best[j as usize];
        if goal[j as usize] {
            return Some(here);
        }
        next_to(position, j, adjacency, &mut around);
        for &k in &around {
            if let Some(c) = cost(k) {
                reach(&mut best, &mut queue, k, here, c);
            }
        }
    }
    None
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
    let mut around = Vec::new();
    while let Some(j) = queue.pop_front() {
        if goal[j as usize] {
            return true;
        }
        next_to(position, j, adjacency, &mut around);
        for &k in &around {
            if held(k) && !seen[k as usize] {
                seen[k as usize] = true;
                queue.push_back(k);
            }
        }
    }
    false
}
