//! `[notation.<name>]`: action notations (`Flip C 3, Move B 2 D 4`) besides the server
//! syntax every ruleset has.

use std::collections::BTreeMap;

use variant_run_core::{ActionNotation, ActionNotationError, GameModel, PieceForm};

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
        if forms.has_tile_actions() || forms.has_piece(PieceForm::Move) {
            return Err(lowering.bad(
                &format!("notation.{name}"),
                format!(
                    "[notation.{name}] an action notation has words for flips, steps, merges, \
                     splits and drops only; this ruleset's turns place or remove tiles or \
                     move single pieces"
                ),
            ));
        }
        if forms.has_piece(PieceForm::Drop) && c.words.drop.is_none() {
            return Err(lowering.bad(
                &format!("notation.{name}.words"),
                format!(
                    "[notation.{name}] this ruleset's turns drop pieces: its words need \
                     `drop` (such as `drop = \"Drop\"`)"
                ),
            ));
        }
        if name == SERVER_NOTATION {
            return Err(lowering.bad(
                &format!("notation.{name}"),
                format!(
                    "[notation.{SERVER_NOTATION}] is the built-in server syntax; give this \
                     notation another name"
                ),
            ));
        }
        let corners = board.lattice().corner_names();
        let tile_corner = corners
            .iter()
            .position(|&n| n == c.tile_corner)
            .ok_or_else(|| {
                lowering.bad_labelled(
                    &format!("notation.{name}.tile_corner"),
                    format!(
                        "[notation.{name}] tile_corner: `{}` is not a corner ({})",
                        c.tile_corner,
                        corners.join(", ")
                    ),
                    "not a corner of this lattice",
                )
            })?;
        let notation = ActionNotation::new(
            c.words.clone(),
            c.places,
            tile_corner,
            c.directions.clone(),
            c.separator.clone(),
        )
        .map_err(|e| {
            lowering.bad(
                &notation_error_path(name, c, &e),
                format!("[notation.{name}] {e}"),
            )
        })?;
        built.insert(name.clone(), notation);
    }
    Ok(built)
}

/// The key path a notation error is about: the word, direction or separator at fault.
fn notation_error_path(
    name: &str,
    c: &ActionNotationConfig,
    error: &ActionNotationError,
) -> String {
    let at = |key: &str| format!("notation.{name}.{key}");
    // With a letter used twice, the second use is the one at fault.
    let direction = |letter: char, nth: usize| {
        c.directions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.letter == letter)
            .nth(nth)
            .map_or(at("directions"), |(i, _)| {
                at(&format!("directions[{i}].letter"))
            })
    };
    match error {
        ActionNotationError::Keyword(word) => {
            let w = &c.words;
            [
                ("flip", &w.flip),
                ("step", &w.step),
                ("split", &w.split),
                ("merge", &w.merge),
                ("step_then_split", &w.step_then_split),
                ("step_then_merge", &w.step_then_merge),
                ("done", &w.done),
                ("resign", &w.resign),
            ]
            .into_iter()
            .rfind(|(_, text)| *text == word)
            .map_or(at("words"), |(key, _)| at(&format!("words.{key}")))
        }
        ActionNotationError::DirectionLetter(letter) => direction(*letter, 1),
        ActionNotationError::DirectionStep(letter) => direction(*letter, 0),
        ActionNotationError::Separator(_) => at("separator"),
    }
}
