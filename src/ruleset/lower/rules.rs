//! `[turn]` and `[rules]`: the forms a turn takes, the height limit, how tiles are placed
//! and removed, the capture rule tabulated from its script, and the compiled after-turn
//! and end-of-game scripts.

use variant_run_core::{
    Board, CaptureTable, DropTo, PieceForm, PlacementRule, PlayerId, PlayerSpec, RemovalRule,
    Rules, Stack, TakenPieces, TileForm, TurnForms,
};

use super::Lowering;
use crate::diagnostic::Diagnostic;
use crate::ruleset::config::{DropTarget, Expr, FormEntry, PiecesFrom, Taken, VariantConfig};
use crate::ruleset::error::VariantError;
use crate::ruleset::hooks;
use crate::ruleset::script::Script;

pub(super) struct LoweredRules {
    pub rules: Rules,
    pub end_script: Script,
    pub after_turn_script: Option<Script>,
    pub evaluate_script: Option<Script>,
    pub allowed_script: Option<Script>,
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
    let max_height = max_height(lowering, config, &forms)?;
    let removal = RemovalRule {
        free_sides: t.remove.free_sides,
        keep_connected: t.remove.keep_connected,
        when_pool_empty: t.remove.when_pool_empty,
    };
    let placement = placement(lowering, config, &players, forms.has_tile(TileForm::Place))?;

    let capture = capture(lowering, config, max_height)?;
    let after_turn_script =
        lowering.hook_script(&hooks::AFTER_TURN, config.rules.after_turn.as_ref())?;
    let end_script = lowering
        .hook_script(&hooks::END, Some(&config.rules.end))?
        .expect("a required hook has a script or is refused");
    let evaluate_script = lowering.hook_script(&hooks::EVALUATE, config.rules.evaluate.as_ref())?;
    let allowed_script = lowering.hook_script(&hooks::ALLOWED, config.rules.allowed.as_ref())?;
    let kinds = super::pieces::kinds(lowering, &config.pieces, &players)?;
    let counters = super::pieces::counters(lowering, &config.counters)?;
    let drop_to = drop_to(lowering, config, &forms)?;
    // What the turn that led to a position did is kept only where a script asks for
    // it: every text the host has read (imports included) is looked at.
    let keep_last_turn = lowering
        .host
        .source_texts()
        .iter()
        .any(|text| mentions_word(text, "last_turn"));
    Ok(LoweredRules {
        rules: Rules {
            players,
            forms,
            max_height,
            capture,
            placement,
            removal,
            kinds,
            drop_to,
            taken: match config.rules.taken {
                Taken::Out => TakenPieces::Out,
                Taken::ToOwner => TakenPieces::ToOwner,
                Taken::ToTaker => TakenPieces::ToTaker,
            },
            counters,
            keep_last_turn,
        },
        end_script,
        after_turn_script,
        evaluate_script,
        allowed_script,
    })
}

/// `[turn] max_height`: within what a stack can hold, and at least 2 where the turn
/// forms merge or split stacks.
fn max_height(
    lowering: &Lowering,
    config: &VariantConfig,
    forms: &TurnForms,
) -> Result<u8, VariantError> {
    let t = &config.turn;
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
        PieceForm::Merge,
        PieceForm::Split,
        PieceForm::StepThenMerge,
        PieceForm::StepThenSplit,
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
    Ok(max_height)
}

/// The capture rule, tabulated from its script for every pair of heights.
fn capture(
    lowering: &mut Lowering,
    config: &VariantConfig,
    max_height: u8,
) -> Result<CaptureTable, VariantError> {
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
    Ok(capture)
}

/// Whether `text` holds `word` as a whole word (not inside a longer name).
fn mentions_word(text: &str, word: &str) -> bool {
    let part_of_name = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(part_of_name) && !after.is_some_and(part_of_name)
    })
}

/// `[turn.drop] to`: where drops go; refused where no form drops.
fn drop_to(
    lowering: &Lowering,
    config: &VariantConfig,
    forms: &TurnForms,
) -> Result<DropTo, VariantError> {
    let Some(to) = config.turn.drop.to else {
        return Ok(DropTo::Any);
    };
    if !forms.has_piece(PieceForm::Drop) {
        return Err(lowering.bad_labelled(
            "turn.drop.to",
            "[turn.drop] says where drops go, but no turn form drops (`drop` in [turn] forms)",
            "never used",
        ));
    }
    Ok(match to {
        DropTarget::Any => DropTo::Any,
        DropTarget::OwnColour => DropTo::Own,
        DropTarget::OtherColour => DropTo::Other,
    })
}

/// Who receives a piece on a new junction: `pieces` in TOML, or the `receiver` script
/// asked once for every pair of junction owner and placer.
fn placement(
    lowering: &mut Lowering,
    config: &VariantConfig,
    players: &[PlayerSpec; 2],
    placing: bool,
) -> Result<PlacementRule, VariantError> {
    let place = &config.turn.place;
    // Without placements the rule never applies: not a hook of this ruleset at all.
    if !placing {
        if place.receiver.is_some() || place.pieces.is_some() {
            let key = if place.receiver.is_some() {
                "turn.place.receiver"
            } else {
                "turn.place.pieces"
            };
            return Err(lowering.bad_labelled(
                key,
                "[turn.place] says who receives pieces when a tile is placed, but no turn \
                 form places a tile (`place` in [turn] forms)",
                "never used",
            ));
        }
        return Ok(PlacementRule::NO_PIECES);
    }
    let script = lowering.hook_script(&hooks::RECEIVER, place.receiver.as_ref())?;
    // The two say the same thing: the one set nearer the ruleset's own file replaces the
    // other (a derived ruleset writes a script over an inherited `pieces`); one file
    // setting both is a mistake.
    let depths = (
        lowering.toml.file_depth("turn.place.pieces"),
        lowering.toml.file_depth("turn.place.receiver"),
    );
    let script = match depths {
        (Some(pieces), Some(receiver)) if pieces == receiver => {
            return Err(lowering.bad_labelled(
                "turn.place.pieces",
                "[turn.place] has both `pieces` and a `receiver` script: keep one (the \
                 script decides who receives each piece)",
                "or the receiver script",
            ));
        }
        (Some(pieces), Some(receiver)) if pieces < receiver => None,
        _ => script,
    };
    let Some(script) = script else {
        return Ok(match place.pieces {
            None => PlacementRule::NO_PIECES,
            Some(PiecesFrom::Supply) => PlacementRule::OWNERS_SUPPLY,
            Some(PiecesFrom::PlacerSupply) => PlacementRule {
                receiver: [[Some(0), None], [None, Some(1)]],
            },
        });
    };
    let letter = |p: usize| players[p].letter.to_string();
    let mut receiver = [[None; 2]; 2];
    for (owner, row) in receiver.iter_mut().enumerate() {
        for (placer, cell) in row.iter_mut().enumerate() {
            let answer: rhai::Dynamic = lowering.host.call(
                &script,
                hooks::RECEIVER.function,
                (letter(owner), letter(placer)),
            )?;
            let text = answer.clone().into_string().ok();
            *cell = match text.as_deref() {
                Some("") => None,
                Some(word) => match players.iter().position(|p| p.letter.to_string() == word) {
                    Some(p) => Some(p as PlayerId),
                    None => return Err(bad_receiver(lowering, &script, &answer, players)),
                },
                None => return Err(bad_receiver(lowering, &script, &answer, players)),
            };
        }
    }
    Ok(PlacementRule { receiver })
}

/// A `receiver` answer that is neither a player's letter nor `""`.
fn bad_receiver(
    lowering: &Lowering,
    script: &Script,
    answer: &rhai::Dynamic,
    players: &[PlayerSpec; 2],
) -> VariantError {
    let shown = if answer.is_string() {
        format!("\"{answer}\"")
    } else {
        format!("{answer} ({})", answer.type_name())
    };
    let diagnostic = lowering.host.at_definition(
        Diagnostic::in_file(
            &script.file,
            format!(
                "receiver must return a player's letter (\"{}\" or \"{}\") or \"\" for no \
                 piece, not {shown}",
                players[0].letter, players[1].letter
            ),
        ),
        hooks::RECEIVER.function,
    );
    VariantError::from(diagnostic)
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
