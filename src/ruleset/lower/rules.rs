//! `[turn]` and `[rules]`: which turn parts exist, the height limit, the capture rule
//! tabulated from its script, and the compiled end-of-game script.

use variant_run_core::{CaptureTable, PlayerSpec, Rules, Stack, TurnParts};

use super::Lowering;
use crate::ruleset::config::VariantConfig;
use crate::ruleset::error::VariantError;
use crate::ruleset::script::{require_fn, Script};

pub(super) struct LoweredRules {
    pub rules: Rules,
    pub end_script: Script,
}

pub(super) fn rules(
    lowering: &mut Lowering,
    config: &VariantConfig,
    players: [PlayerSpec; 2],
) -> Result<LoweredRules, VariantError> {
    let t = &config.turn;
    if !(1..=Stack::MAX_HEIGHT).contains(&t.max_height) {
        return Err(lowering.bad(format!(
            "[turn] max_height = {} is outside 1..{}",
            t.max_height,
            Stack::MAX_HEIGHT
        )));
    }
    let parts = TurnParts {
        flip: t.flip,
        step: t.step,
        merge: t.merge,
        split: t.split,
        step_then_merge: t.step_then_merge,
        step_then_split: t.step_then_split,
    };
    // The capture rule is a script, but it is asked once per pair of heights now, never
    // during play.
    let capture_path = lowering.script_path("[rules] capture", &config.rules.capture)?;
    let capture_script = lowering.host.compile(&capture_path)?;
    require_fn(&capture_script, "can_capture", 3)?;
    let host = &lowering.host;
    let capture = CaptureTable::tabulate(t.max_height, |landing, defender, at_home| {
        host.call::<bool>(
            &capture_script,
            "can_capture",
            (landing as i64, defender as i64, at_home),
        )
    })?;
    let end_path = lowering.script_path("[rules] end", &config.rules.end)?;
    let end_script = lowering.host.compile(&end_path)?;
    require_fn(&end_script, "game_result", 1)?;
    Ok(LoweredRules {
        rules: Rules {
            players,
            parts,
            max_height: t.max_height,
            capture,
        },
        end_script,
    })
}
