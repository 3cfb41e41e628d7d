//! `[notation.<name>]`: action notations (`Flip C 3, Move B 2 D 4`) besides the server
//! syntax every ruleset has.

use std::collections::BTreeMap;

use variant_run_core::{ActionNotation, Board};

use super::Lowering;
use crate::ruleset::config::ActionNotationConfig;
use crate::ruleset::error::VariantError;

/// The name of the notation every ruleset has; no table may take it.
pub const SERVER_NOTATION: &str = "server";

pub(super) fn notations(
    lowering: &Lowering,
    configs: &BTreeMap<String, ActionNotationConfig>,
    board: &Board,
) -> Result<BTreeMap<String, ActionNotation>, VariantError> {
    let mut built = BTreeMap::new();
    for (name, c) in configs {
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
