//! A turn's change as a [`Delta`], and what a change does to tiles: the model lists
//! turns as deltas, and perft, the sampler and the turn groups key and compare them the
//! same way.

use crate::movegen::Staged;
use crate::{Cell, CellId, Delta, Position, TileAction, Turn};

/// What a change does to tiles, as a key that orders and compares: changes with different
/// keys leave different tiles, whatever the after-turn rules then do to stacks.
pub(crate) fn tile_key(delta: &Delta) -> (Option<CellId>, Option<(u8, Cell, u8)>) {
    let tile = delta.tile.map(|action| match action {
        TileAction::Place { cell, state } => (0, cell, state),
        TileAction::Remove { cell } => (1, cell, 0),
    });
    (delta.flip, tile)
}

/// Whether two changes do the same to tiles (their [`tile_key`]s are equal), told
/// without making the keys: perft asks it of every neighbouring pair of changes.
pub(crate) fn same_tiles(a: &Delta, b: &Delta) -> bool {
    a.flip == b.flip && a.tile == b.tile
}

impl Staged<'_> {
    /// The change `turn` makes, `turn` being one the generator visited with this staged
    /// position (which is built only for a piece action). A caller that keeps few of
    /// hundreds of turns and can tell from a turn alone which it wants makes only their
    /// changes.
    pub fn delta(&self, turn: &Turn) -> Delta {
        Delta {
            flip: turn.flip,
            tile: turn.tile,
            changes: match &turn.piece {
                Some(action) => action.changes(self.position()),
                None => Default::default(),
            },
            drop: turn.dropped(),
        }
    }
}

/// The delta of a turn whose piece action (if any) is played on `staged`.
pub(crate) fn delta_with(turn: &Turn, staged: &Position) -> Delta {
    Delta {
        flip: turn.flip,
        tile: turn.tile,
        changes: match &turn.piece {
            Some(action) => action.changes(staged),
            None => Default::default(),
        },
        drop: turn.dropped(),
    }
}
