//! Keyed layouts on the command line: `--key N` and `--game-id TEXT` deal the tiles of a
//! ruleset that describes a generator in `[setup.layout]`, exactly as the program the
//! ruleset copies deals them for that key.

use variant_run_core::{Board, KeyedLayout};

use crate::ruleset::Variant;

/// How the tiles of a new game are laid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// By the ruleset's own set-up: placement turns, or a layout drawn from the seed.
    Setup,
    /// Drawn from the seed, skipping any placement turns.
    Random,
    /// Given, as the tile field of a position text.
    Given(Vec<u8>),
}

/// A layout that the ruleset cannot deal, or a `--layout` text that is no layout of it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LayoutChoiceError(pub String);

fn keyed<'v>(variant: &'v Variant, flag: &str) -> Result<&'v KeyedLayout, LayoutChoiceError> {
    variant.keyed_layout.as_ref().ok_or_else(|| {
        LayoutChoiceError(format!(
            "{flag}: {} deals no keyed layouts (its variant.toml has no [setup.layout])",
            variant.name
        ))
    })
}

/// The layout the ruleset's generator deals for `key`.
///
/// # Errors
/// The ruleset has no keyed layouts.
pub fn layout_for_key(variant: &Variant, key: i64) -> Result<Layout, LayoutChoiceError> {
    let layout = keyed(variant, "--key")?;
    Ok(Layout::Given(layout.layout(&variant.model.board, key)))
}

/// The key a game id stands for.
///
/// # Errors
/// The ruleset has no keyed layouts or no rule for game ids, or the id is empty or holds
/// control characters.
pub fn key_for_game_id(variant: &Variant, id: &str) -> Result<i64, LayoutChoiceError> {
    let layout = keyed(variant, "--game-id")?;
    match layout.key_from_text(id) {
        Some(key) => key.map_err(|e| LayoutChoiceError(format!("--game-id: {e}"))),
        None => Err(LayoutChoiceError(format!(
            "--game-id: {} has no rule for game ids (no [setup.layout.game_id])",
            variant.name
        ))),
    }
}

/// The layout the ruleset's generator deals for a game id.
///
/// # Errors
/// See [`key_for_game_id`].
pub fn layout_for_game_id(variant: &Variant, id: &str) -> Result<Layout, LayoutChoiceError> {
    let key = key_for_game_id(variant, id)?;
    layout_for_key(variant, key)
}

/// The layout a seeded game starts from when the ruleset deals keyed layouts: the one
/// for the seed as key (seeds above `i64::MAX` wrap, as Java's `long` would).
pub fn seeded_layout(layout: &KeyedLayout, board: &Board, seed: u64) -> Vec<u8> {
    layout.layout(board, seed as i64)
}

/// Reads a `--layout` argument: `random`, or the tile field of a position text.
///
/// # Errors
/// The text does not describe this board's tiles.
pub fn parse_layout(variant: &Variant, text: Option<&str>) -> Result<Layout, LayoutChoiceError> {
    match text {
        None => Ok(Layout::Setup),
        Some("random") => Ok(Layout::Random),
        Some(tiles) => variant
            .model
            .parse_tiles(tiles)
            .map(Layout::Given)
            .map_err(|e| LayoutChoiceError(format!("--layout: {}", e.0))),
    }
}
