//! The last turn as a picture marks it: the junctions whose stacks it changed and the
//! tiles it flipped, laid, placed or removed, with the turn's text.

use std::collections::BTreeSet;

use variant_run_core::{Cell, CellId, Position, Stack, Vertex};

/// What a tile action did to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TileChange {
    Flipped,
    /// Laid by a set-up turn.
    Laid,
    /// Placed from the pool.
    Placed,
    /// Taken off the board: the cell is empty now.
    Removed,
}

impl TileChange {
    /// Says what happened, after a cell's name: `ab12 flipped by the last turn`.
    pub(super) fn verb(self) -> &'static str {
        match self {
            TileChange::Flipped => "flipped",
            TileChange::Laid => "laid",
            TileChange::Placed => "placed",
            TileChange::Removed => "emptied",
        }
    }
}

/// The last turn, as a picture marks it: what it changed, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// The turn as the record writes it, `12. x bc34:a1-d6`.
    pub caption: String,
    /// The points whose stacks the turn changed, captures by the after-turn rules
    /// included (a point may have stopped being a junction with a removed tile).
    pub junctions: Vec<Vertex>,
    /// The cells whose tiles it flipped, laid, placed or removed.
    pub tiles: Vec<(Cell, TileChange)>,
}

impl Highlight {
    /// The change a turn made, from the positions before and after it (after the rules
    /// that follow every turn). It is worked out from the two positions rather than from
    /// the turn's `Delta`, so that captures by the after-turn rules count as changes, and
    /// set-up turns (which have no delta) too. `unplaced_before` and `unplaced_after` are
    /// the cells without a tile yet during set-up (empty afterwards).
    pub fn between(
        before: &Position,
        after: &Position,
        unplaced_before: &[CellId],
        unplaced_after: &[CellId],
        caption: String,
    ) -> Highlight {
        let (old, new) = (before.board(), after.board());
        let mut tiles = Vec::new();
        for (id, &cell) in old.cells().iter().enumerate() {
            let id = id as CellId;
            match new.cell_id(cell) {
                None => tiles.push((cell, TileChange::Removed)),
                Some(now) if unplaced_after.contains(&now) => {}
                Some(_) if unplaced_before.contains(&id) => tiles.push((cell, TileChange::Laid)),
                Some(now) if before.tile(id) != after.tile(now) => {
                    tiles.push((cell, TileChange::Flipped))
                }
                Some(_) => {}
            }
        }
        for &cell in new.cells() {
            if old.cell_id(cell).is_none() {
                tiles.push((cell, TileChange::Placed));
            }
        }
        tiles.sort();
        // A set orders the points the same way on every machine.
        let points: BTreeSet<Vertex> = old
            .junctions()
            .iter()
            .chain(new.junctions())
            .map(|j| j.vertex)
            .collect();
        let stack_at = |p: &Position, v: Vertex| {
            p.board()
                .junction_at(v)
                .map_or(Stack::EMPTY, |j| p.stack(j))
        };
        let junctions = points
            .into_iter()
            .filter(|&v| stack_at(before, v) != stack_at(after, v))
            .collect();
        Highlight {
            caption,
            junctions,
            tiles,
        }
    }
}
