//! Keyed layouts on the command line: `--key N` and `--game-id TEXT` deal the tiles of a
//! ruleset that describes a generator in `[setup.layout]`, exactly as the program the
//! ruleset copies deals them for that key.

use variant_run_core::{Board, DrawOrder, KeyedLayout, LayoutGenerator, TextKey, TileSet};

use crate::config::{DrawOrderWord, KeyedLayoutConfig, LayoutGeneratorWord};
use crate::game::{GameError, Layout};
use crate::variant::Variant;

/// Builds the keyed layout of `[setup.layout]` for the ruleset's tiles.
///
/// # Errors
/// An unknown tile letter among `states`, a bound that does not match them, or a game-id
/// rule that could overflow; the message names the key at fault.
pub fn build(config: &KeyedLayoutConfig, tiles: &TileSet) -> Result<KeyedLayout, String> {
    let generator = match config.generator {
        LayoutGeneratorWord::JavaRandom => LayoutGenerator::JavaRandom,
    };
    let order = match config.order {
        DrawOrderWord::Columns => DrawOrder::Columns,
        DrawOrderWord::Rows => DrawOrder::Rows,
    };
    let mut states = Vec::new();
    for letter in &config.states {
        let mut chars = letter.chars();
        let state = match (chars.next(), chars.next()) {
            (Some(c), None) => tiles.state_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            format!(
                "[setup.layout] states: `{letter}` is not a tile state ({})",
                tiles.letters()
            )
        })?;
        states.push(state);
    }
    let text_key = config.game_id.as_ref().map(|g| TextKey {
        multiplier: g.multiplier,
        modulus: g.modulus,
    });
    KeyedLayout::new(generator, config.bound, order, states, text_key)
        .map_err(|e| format!("[setup.layout] {e}"))
}

fn keyed<'v>(variant: &'v Variant, flag: &str) -> Result<&'v KeyedLayout, GameError> {
    variant.keyed_layout.as_ref().ok_or_else(|| {
        GameError::Setup(format!(
            "{flag}: {} deals no keyed layouts (its variant.toml has no [setup.layout])",
            variant.name
        ))
    })
}

/// The layout the ruleset's generator deals for `key`.
///
/// # Errors
/// The ruleset has no keyed layouts.
pub fn layout_for_key(variant: &Variant, key: i64) -> Result<Layout, GameError> {
    let layout = keyed(variant, "--key")?;
    Ok(Layout::Given(layout.layout(&variant.model.board, key)))
}

/// The key a game id stands for.
///
/// # Errors
/// The ruleset has no keyed layouts or no rule for game ids, or the id is empty or holds
/// control characters.
pub fn key_for_game_id(variant: &Variant, id: &str) -> Result<i64, GameError> {
    let layout = keyed(variant, "--game-id")?;
    match layout.key_from_text(id) {
        Some(key) => key.map_err(|e| GameError::Setup(format!("--game-id: {e}"))),
        None => Err(GameError::Setup(format!(
            "--game-id: {} has no rule for game ids (no [setup.layout.game_id])",
            variant.name
        ))),
    }
}

/// The layout the ruleset's generator deals for a game id.
///
/// # Errors
/// See [`key_for_game_id`].
pub fn layout_for_game_id(variant: &Variant, id: &str) -> Result<Layout, GameError> {
    let key = key_for_game_id(variant, id)?;
    layout_for_key(variant, key)
}

/// The layout a seeded game starts from when the ruleset deals keyed layouts: the one
/// for the seed as key (seeds above `i64::MAX` wrap, as Java's `long` would).
pub fn seeded_layout(layout: &KeyedLayout, board: &Board, seed: u64) -> Vec<u8> {
    layout.layout(board, seed as i64)
}
