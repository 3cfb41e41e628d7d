//! `[turn]` and `[rules]`: the forms a turn takes, the height limit, how tiles are placed
//! and removed, the capture rule tabulated from its script, and the compiled after-turn
//! and end-of-game scripts.

use variant_run_core::{
    Board, CaptureTable, PieceKind, PlacementRule, PlayerSpec, RemovalRule, Rules, Stack, TurnForms,
};

use super::Lowering;
use crate::ruleset::config::{Expr, FormEntry, PiecesFrom, VariantConfig};
use crate::ruleset::error::VariantError;
use crate::ruleset::hooks;
use crate::ruleset::script::Script;

pub(super) struct LoweredRules {
    pub rules: Rules,
    pub end_script: Script,
    pub after_turn_script: Option<Script>,
    pub evaluate_script: Option<Script>,
}

pub(super) fn rules(
    lowering: &mut Lowering,
    config: &VariantConfig,
    players: [PlayerSpec; 2],
    board: &Board,
) -> Result<LoweredRules, VariantError> {
    let t = &config.turn;
    let forms = forms(lowering, &t.forms)?;
    if forms.has_tile_actions() && !board.is_patch() {
        return Err(lowering.bad(
            "turn.forms",
            "[turn] forms: placing and removing tiles needs `[board] shape = \"patch\"` \
             (a fixed board has a tile in every cell)",
        ));
    }
    let max_height = lowering.count("turn.max_height", &t.max_height)?;
    if !(1..=Stack::MAX_HEIGHT as i64).contains(&max_height) {
        return Err(lowering.bad(
            "turn.max_height",
            format!(
                "[turn] max_height = {max_height} is outside 1..{}",
                Stack::MAX_HEIGHT
            ),
        ));
    }
    let max_height = max_height as u8;
    // Merging makes a stack of two or more and splitting needs one: with a limit of 1
    // those forms could never be played, which is surely not what the designer meant.
    let stacking = [
        PieceKind::Merge,
        PieceKind::Split,
        PieceKind::StepThenMerge,
        PieceKind::StepThenSplit,
    ];
    if max_height < 2 && stacking.iter().any(|&kind| forms.has_piece(kind)) {
        return Err(lowering.bad_labelled(
            "turn.max_height",
            format!(
                "[turn] max_height = {max_height}, but the turn forms merge or split stacks, \
                 which needs stacks of 2 or more"
            ),
            "too low for merge and split",
        ));
    }
    let removal = RemovalRule {
        free_sides: t.remove.free_sides,
        keep_connected: t.remove.keep_connected,
        when_pool_empty: t.remove.when_pool_empty,
    };
    let placement = PlacementRule {
        pieces_from_supply: t.place.pieces.is_some(),
        only_placer: t.place.pieces == Some(PiecesFrom::PlacerSupply),
    };

    // The capture rule is a script, but it is asked once per pair of heights now, never
    // during play.
    let capture_script = lowering.hook_script(&hooks::CAPTURE, config.rules.capture.as_ref())?;
    let capture = match capture_script {
        Some(script) => {
            let host = &lowering.host;
            CaptureTable::tabulate(max_height, |landing, defender, at_home| {
                host.call::<bool>(
                    &script,
                    hooks::CAPTURE.function,
                    (landing as i64, defender as i64, at_home),
                )
            })?
        }
        None => CaptureTable::never(max_height),
    };
    let after_turn_script =
        lowering.hook_script(&hooks::AFTER_TURN, config.rules.after_turn.as_ref())?;
    let end_script = lowering
        .hook_script(&hooks::END, Some(&config.rules.end))?
        .expect("a required hook has a script or is refused");
    let evaluate_script = lowering.hook_script(&hooks::EVALUATE, config.rules.evaluate.as_ref())?;
    Ok(LoweredRules {
        rules: Rules {
            players,
            forms,
            max_height,
            capture,
            placement,
            removal,
        },
        end_script,
        after_turn_script,
        evaluate_script,
    })
}

/// The forms whose conditions hold, read into the core's forms.
fn forms(lowering: &Lowering, entries: &[FormEntry]) -> Result<TurnForms, VariantError> {
    let mut texts = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let form = match entry {
            FormEntry::Always(form) => form,
            FormEntry::When(c) => &c.form,
        };
        // Read every form, even one that is off, so a mistake shows at once.
        let at = match entry {
            FormEntry::Always(_) => format!("turn.forms[{i}]"),
            FormEntry::When(_) => format!("turn.forms[{i}].form"),
        };
        form.parse::<TurnForms>()
            .map_err(|e| lowering.bad(&at, format!("[turn] forms: {e}")))?;
        match entry {
            FormEntry::Always(form) => texts.push(form.as_str()),
            FormEntry::When(c) => {
                let when = format!("turn.forms[{i}].when");
                if lowering.condition(&when, &Expr::Text(c.when.clone()))? {
                    texts.push(c.form.as_str());
                }
            }
        }
    }
    TurnForms::parse(&texts).map_err(|e| lowering.bad("turn.forms", format!("[turn] forms: {e}")))
}
