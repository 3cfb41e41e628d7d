//! `[notation.<name>]`: action notations (`Flip C 3, Move B 2 D 4`) besides the server
//! syntax every ruleset has.

use std::collections::BTreeMap;

use variant_run_core::{ActionNotation, GameModel, PieceKind};

use super::Lowering;
use crate::ruleset::config::ActionNotationConfig;
use crate::ruleset::error::VariantError;

/// The name of the notation every ruleset has; no table may take it.
pub const SERVER_NOTATION: &str = "server";

pub(super) fn notations(
    lowering: &Lowering,
    configs: &BTreeMap<String, ActionNotationConfig>,
    model: &GameModel,
) -> Result<BTreeMap<String, ActionNotation>, VariantError> {
    let board = &model.board;
    let mut built = BTreeMap::new();
    for (name, c) in configs {
        let forms = &model.rules.forms;
        if forms.has_tile_actions() || forms.has_piece(PieceKind::Move) {
            return Err(lowering.bad(format!(
                "[notation.{name}] an action notation has words for flips, steps, merges and \
                 splits only; this ruleset's turns place or remove tiles or move single pieces"
            )));
        }
        if name == SERVER_NOTATION {
            return Err(lowering.bad(format!(
                "[notation.{SERVER_NOTATION}] is the built-in server syntax; give this notation another name"
            )));
        }
        let corners = board.lattice().corner_names();
        let tile_corner = corners
            .iter()
            .position(|&n| n == c.tile_corner)
            .ok_or_else(|| {
                lowering.bad(format!(
                    "[notation.{name}] tile_corner: `{}` is not a corner ({})",
                    c.tile_corner,
                    corners.join(", ")
                ))
            })?;
        let notation = ActionNotation::new(
            c.words.clone(),
            c.places,
            tile_corner,
            c.directions.clone(),
            c.separator.clone(),
        )
        .map_err(|e| lowering.bad(format!("[notation.{name}] {e}")))?;
        built.insert(name.clone(), notation);
    }
    Ok(built)
}
