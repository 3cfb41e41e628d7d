//! Sentences the ASCII board and the SVG legend both say about a position, written once
//! so the two pictures of one position say the same thing.

use variant_run_core::{GameModel, Position};

/// The tiles left in a patch's pool: `1 tile`, `5 tiles`.
pub(super) fn pool_tiles(position: &Position) -> String {
    match position.pool() {
        1 => "1 tile".to_string(),
        n => format!("{n} tiles"),
    }
}

/// The turns since the last that resets the count (`3 turns without a capture`), or
/// nothing when the last turn did.
pub(super) fn quiet_turns(model: &GameModel, position: &Position) -> Option<String> {
    // Tile actions reset the count too, where a ruleset has them.
    let quiet = if model.rules.forms.has_tile_actions() {
        "without a capture, placement or removal"
    } else {
        "without a capture"
    };
    match position.quiet_turns() {
        0 => None,
        1 => Some(format!("1 turn {quiet}")),
        n => Some(format!("{n} turns {quiet}")),
    }
}
