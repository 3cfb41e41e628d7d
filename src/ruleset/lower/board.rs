//! `[board]` and `[tile]`: the size, the lattice and its cells, and the tile states.

use variant_run_core::{Board, Lattice, TileError, TileSet};

use super::Lowering;
use crate::ruleset::config::{BoardConfig, BoardShape, TileConfig, TileStateConfig, VariantConfig};
use crate::ruleset::error::VariantError;
use crate::ruleset::LoadOptions;

/// The largest board any ruleset may ask for: junction ids and drawings stay small.
const MAX_SIZE: u32 = 40;

/// The board size: the one chosen, else the one the position text's rows give, else
/// `[board] size`; it must satisfy `[board] sizes`. A patch has none.
pub(super) fn size(
    lowering: &Lowering,
    config: &VariantConfig,
    options: &LoadOptions,
) -> Result<Option<u32>, VariantError> {
    let from_text = options
        .position
        .as_deref()
        .and_then(|text| size_of_position(config.board.lattice, text));
    let chosen = match (options.size, from_text) {
        (Some(size), Some((rows, implied))) if size != implied => {
            return Err(VariantError::Size {
                variant: config.name.clone(),
                size,
                says: format!(
                    "the size its position text has: {rows} tile rows make size {implied}"
                ),
            })
        }
        (Some(size), _) => Some(size),
        (None, from_text) => from_text.map(|(_, size)| size),
    };
    if config.board.shape == BoardShape::Patch {
        if let Some(key) = ["size", "sizes"]
            .into_iter()
            .zip([config.board.size.is_some(), config.board.sizes.is_some()])
            .find_map(|(key, given)| given.then_some(key))
        {
            return Err(lowering.bad_labelled(
                &format!("board.{key}"),
                format!("[board] {key}: a patch has no size (its tiles are laid during play)"),
                "remove this line",
            ));
        }
        return match chosen {
            Some(size) => Err(VariantError::Size {
                variant: config.name.clone(),
                size,
                says: "no size: its board is the patch of tiles laid during play".into(),
            }),
            None => Ok(None),
        };
    }
    let Some(default) = config.board.size else {
        return Err(lowering.bad_labelled(
            "board",
            "[board] needs `size`: how many tiles (or cells) per side the board has",
            "`size` is missing from this table",
        ));
    };
    let size = chosen.unwrap_or(default);
    if chosen.is_none() && (size == 0 || size > MAX_SIZE) {
        return Err(lowering.bad(
            "board.size",
            format!("[board] size is {size}; it must be 1 to {MAX_SIZE}"),
        ));
    }
    if size == 0 || size > MAX_SIZE {
        return Err(VariantError::Size {
            variant: config.name.clone(),
            size,
            says: format!("a size from 1 to {MAX_SIZE}"),
        });
    }
    if let Some(rule) = &config.board.sizes {
        let mut vars = rhai::Scope::new();
        vars.push_constant("size", size as i64);
        let ok = lowering
            .host
            .eval_expr::<bool>(&rule.rule, &vars)
            .map_err(|cause| {
                lowering.bad_labelled(
                    "board.sizes.rule",
                    format!("`{}` cannot be worked out: {cause}", rule.rule),
                    "this expression",
                )
            })?;
        if !ok && chosen.is_none() {
            return Err(lowering.bad(
                "board.size",
                format!(
                    "[board] size = {size} breaks the ruleset's own [board] sizes rule: it needs {}",
                    rule.says
                ),
            ));
        }
        if !ok {
            return Err(VariantError::Size {
                variant: config.name.clone(),
                size,
                says: rule.says.clone(),
            });
        }
    }
    Ok(Some(size))
}

/// The board of the lattice's standard shape, with the chosen tile set. Every tile set is
/// checked, so a broken alternative is reported before anyone chooses it.
pub(super) fn board(
    lowering: &Lowering,
    board: &BoardConfig,
    tile: &TileConfig,
    chosen_set: Option<&str>,
) -> Result<Board, VariantError> {
    let lattice = board.lattice;
    let mut tiles = tile_set(lattice, &tile.states).map_err(|e| {
        lowering.bad(
            &tile_error_path("tile", &tile.states, &e),
            format!("[tile] {e}"),
        )
    })?;
    for (name, set) in &tile.sets {
        let built = tile_set(lattice, &set.states).map_err(|e| {
            lowering.bad(
                &tile_error_path(&format!("tile.sets.{name}"), &set.states, &e),
                format!("[tile.sets.{name}] {e}"),
            )
        })?;
        if chosen_set == Some(name) {
            tiles = built;
        }
    }
    if let Some(name) = chosen_set {
        if !tile.sets.contains_key(name) {
            let known: Vec<&str> = tile.sets.keys().map(String::as_str).collect();
            return Err(VariantError::Choice(format!(
                "--tiles {name}: no tile set `{name}` in [tile.sets]; {}",
                if known.is_empty() {
                    "this ruleset has only its default tiles".to_string()
                } else {
                    format!("known sets: {}", known.join(", "))
                }
            )));
        }
    }
    let built = match lowering.size {
        None => Board::patch(lattice, Vec::new(), tiles, board.junction_min_tiles),
        Some(size) => Board::new(
            lattice,
            lattice.shape(size),
            tiles,
            board.junction_min_tiles,
        ),
    };
    built.map_err(|e| lowering.bad("board", format!("[board] {e}")))
}

/// The key path a tile error is about: the state, band or corner at fault.
fn tile_error_path(prefix: &str, states: &[TileStateConfig], error: &TileError) -> String {
    let by_letter = |letter: char| {
        states
            .iter()
            .position(|s| s.letter.starts_with(letter) && s.letter.chars().count() == 1)
    };
    let found = match error {
        TileError::StateCount(_) => None,
        // The second state with the letter is the one at fault.
        TileError::Letter(letter) => states
            .iter()
            .enumerate()
            .filter(|(_, s)| s.letter == *letter)
            .nth(1)
            .or_else(|| states.iter().enumerate().find(|(_, s)| s.letter == *letter))
            .map(|(i, _)| format!("[{i}].letter")),
        TileError::ShortBand(letter) | TileError::MixedBand(letter) => {
            by_letter(*letter).map(|i| format!("[{i}].bands"))
        }
        TileError::Corner { corner, .. } => states.iter().enumerate().find_map(|(i, s)| {
            s.bands.iter().enumerate().find_map(|(b, band)| {
                band.iter()
                    .position(|c| c == corner)
                    .map(|k| format!("[{i}].bands[{b}][{k}]"))
            })
        }),
    };
    format!("{prefix}.states{}", found.unwrap_or_default())
}

/// A tile set from its TOML states.
fn tile_set(lattice: Lattice, states: &[TileStateConfig]) -> Result<TileSet, TileError> {
    let bands: Vec<Vec<Vec<&str>>> = states
        .iter()
        .map(|s| {
            s.bands
                .iter()
                .map(|b| b.iter().map(String::as_str).collect())
                .collect()
        })
        .collect();
    let band_refs: Vec<Vec<&[&str]>> = bands
        .iter()
        .map(|state| state.iter().map(Vec::as_slice).collect())
        .collect();
    let state_refs: Vec<(&str, &[&[&str]])> = states
        .iter()
        .zip(&band_refs)
        .map(|(s, bands)| (s.letter.as_str(), bands.as_slice()))
        .collect();
    TileSet::new(lattice, &state_refs)
}

/// The size a rows position text implies: `n` tile rows are size `n` on a square board,
/// size `(n + 1) / 2` on a hexagon of hexagons (`2s - 1` rows). `None` for a text that is
/// not in the rows format (it is refused later with a proper message).
fn size_of_position(lattice: Lattice, text: &str) -> Option<(usize, u32)> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(3..=4).contains(&fields.len()) {
        return None;
    }
    let tiles = fields[0];
    if tiles.contains(';') || tiles.contains(',') || tiles == "-" {
        return None;
    }
    let rows = tiles.split('/').count();
    let size = match lattice {
        Lattice::Square => rows,
        Lattice::Hex | Lattice::HexFlat if rows % 2 == 1 => rows.div_ceil(2),
        Lattice::Hex | Lattice::HexFlat => return None,
    };
    Some((rows, u32::try_from(size).ok()?))
}
