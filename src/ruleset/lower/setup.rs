//! `[setup]`: the set-up turns that lay tiles (listed by a script), and the generator
//! that deals layouts from a key.

use rhai::{Array, Map};
use variant_run_core::{CellId, GameModel, KeyedLayout, LayoutError};

use super::Lowering;
use crate::diagnostic::Diagnostic;
use crate::ruleset::config::{HookScript, SetupConfig, TileSetup};
use crate::ruleset::error::VariantError;
use crate::ruleset::hooks;
use crate::ruleset::script::map_str;
use crate::ruleset::{PlacementTurn, StartCounts};

/// `[setup] pool` and `supply`: the tiles in the pool and each player's pieces to receive
/// at the start.
pub(super) fn counters(
    lowering: &Lowering,
    setup: &SetupConfig,
    model: &GameModel,
) -> Result<StartCounts, VariantError> {
    let count = |key: &str, value: &Option<crate::ruleset::config::Expr>| match value {
        None => Ok(0),
        Some(expr) => {
            let at = format!("setup.{key}");
            let n = lowering.count(&at, expr)?;
            u32::try_from(n)
                .ok()
                .filter(|&n| n <= MAX_COUNT)
                .ok_or_else(|| {
                    lowering.bad(
                        &at,
                        format!("[setup] {key} is {n}; it must be 0 to {MAX_COUNT}"),
                    )
                })
        }
    };
    let pool = count("pool", &setup.pool)?;
    let supply = count("supply", &setup.supply)?;
    match setup.tiles {
        TileSetup::Pool if !model.board.is_patch() => Err(lowering.bad(
            "setup.tiles",
            "[setup] tiles = \"pool\" needs `[board] shape = \"patch\"`",
        )),
        TileSetup::Pool if setup.pool.is_none() => Err(lowering.bad(
            "setup.tiles",
            "[setup] tiles = \"pool\" needs `pool`: how many tiles the pool holds",
        )),
        TileSetup::Placement | TileSetup::Random if model.board.is_patch() => Err(lowering.bad(
            "setup.tiles",
            "[setup] a patch starts empty: its tiles come from the pool (`tiles = \"pool\"`)",
        )),
        TileSetup::Placement | TileSetup::Random if setup.pool.is_some() => Err(lowering.bad(
            "setup.pool",
            "[setup] pool: only a ruleset whose tiles come from the pool (`tiles = \"pool\"`) has one",
        )),
        _ => Ok(StartCounts {
            pool,
            supplies: vec![supply],
        }),
    }
}

/// The largest pool or supply a ruleset may start with: positions stay small.
pub(super) const MAX_COUNT: u32 = 1_000;

/// With `tiles = "placement"`: the set-up turns the placement script lists, checked to
/// lay every tile exactly once.
pub(super) fn placement_turns(
    lowering: &mut Lowering,
    setup: &SetupConfig,
    model: &GameModel,
) -> Result<Vec<PlacementTurn>, VariantError> {
    if setup.tiles != TileSetup::Placement {
        // The key may be inherited from a ruleset that lays its tiles by turns; this
        // one does not use it.
        lowering.hook_script(&hooks::PLACEMENT, None)?;
        return Ok(Vec::new());
    }
    if setup.placement == Some(HookScript::Dropped) {
        return Err(lowering.bad_labelled(
            hooks::PLACEMENT.key,
            "[setup] placement = false, but `tiles = \"placement\"` lays the tiles by the \
             turns that script lists; to play without set-up turns, set `tiles = \"random\"` too",
            "the set-up needs this hook",
        ));
    }
    let Some(script) = lowering.hook_script(&hooks::PLACEMENT, setup.placement.as_ref())? else {
        return Err(lowering.bad(
            "setup.tiles",
            "[setup] tiles = \"placement\" needs `placement = \"<script>.rhai\"`",
        ));
    };
    let size = lowering.size.unwrap_or(0) as i64;
    let turns: Array = lowering
        .host
        .call(&script, hooks::PLACEMENT.function, (size,))?;
    read_placement(model, turns).map_err(|message| {
        VariantError::Script(lowering.host.at_definition(
            Diagnostic::in_file(&script.file, message),
            hooks::PLACEMENT.function,
        ))
    })
}

/// `[setup.layout]`: the keyed layout, its state letters read against the tile set.
pub(super) fn keyed_layout(
    lowering: &Lowering,
    setup: &SetupConfig,
    model: &GameModel,
) -> Result<Option<KeyedLayout>, VariantError> {
    let Some(config) = &setup.layout else {
        return Ok(None);
    };
    let tiles = model.board.tiles();
    let mut states = Vec::new();
    for (i, letter) in config.states.iter().enumerate() {
        let mut chars = letter.chars();
        let state = match (chars.next(), chars.next()) {
            (Some(c), None) => tiles.state_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            lowering.bad_labelled(
                &format!("setup.layout.states[{i}]"),
                format!(
                    "[setup.layout] states: `{letter}` is not a tile state ({})",
                    tiles.letters()
                ),
                "not a tile state",
            )
        })?;
        states.push(state);
    }
    KeyedLayout::new(
        config.generator,
        config.bound,
        config.order,
        states,
        config.game_id,
    )
    .map(Some)
    .map_err(|e| {
        let at = match e {
            LayoutError::Bound(_) => "setup.layout.bound",
            LayoutError::StateCount { .. } => "setup.layout.states",
            LayoutError::TextKey(_) | LayoutError::GameId(_) => "setup.layout.game_id",
        };
        lowering.bad(at, format!("[setup.layout] {e}"))
    })
}

/// Reads the `placement_turns` result: `[#{ player: "x", tiles: [[column, row], ...] }]`
/// with tiles counted from 1, columns from the left of their row, rows from the bottom.
fn read_placement(model: &GameModel, turns: Array) -> Result<Vec<PlacementTurn>, String> {
    let rows: Vec<&Vec<u16>> = model.board.cell_rows().iter().rev().collect();
    let mut out = Vec::new();
    let mut used = vec![false; model.board.cell_count()];
    for (i, turn) in turns.into_iter().enumerate() {
        let what = format!("placement turn {}", i + 1);
        let map = turn
            .try_cast::<Map>()
            .ok_or_else(|| format!("{what} is not a map #{{ player, tiles }}"))?;
        let letter = map_str(&map, "player").unwrap_or_default();
        let player = letter
            .chars()
            .next()
            .and_then(|c| model.rules.player_by_letter(c))
            .ok_or_else(|| format!("{what}: player `{letter}` is not a player's letter"))?;
        let tiles = map
            .get("tiles")
            .and_then(|t| t.clone().try_cast::<Array>())
            .ok_or_else(|| format!("{what}: `tiles` must be an array of [column, row]"))?;
        let mut cells = Vec::new();
        for tile in tiles {
            let pair = tile.try_cast::<Array>().unwrap_or_default();
            let coords: Vec<i64> = pair.iter().filter_map(|v| v.as_int().ok()).collect();
            let cell = match coords[..] {
                [col, row] if col >= 1 && row >= 1 => rows
                    .get(row as usize - 1)
                    .and_then(|r| r.get(col as usize - 1))
                    .copied(),
                _ => None,
            }
            .ok_or_else(|| {
                format!("{what}: {coords:?} is not a tile [column, row] of this board")
            })?;
            if std::mem::replace(&mut used[cell as usize], true) {
                return Err(format!(
                    "{what}: tile {} is placed twice",
                    model.board.cell_name(cell)
                ));
            }
            cells.push(cell);
        }
        out.push(PlacementTurn { player, cells });
    }
    if let Some(c) = used.iter().position(|u| !u) {
        return Err(format!(
            "the placement turns never place tile {}",
            model.board.cell_name(c as CellId)
        ));
    }
    Ok(out)
}
