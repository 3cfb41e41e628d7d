//! Browne's end (`scripts/truchet/end.rhai`): truchet-browne's and truchet-hex's, and the
//! way the example designs end when their own goal is not met.

use variant_run_core::{GameModel, Outcome, Position};

use super::{letter, win};
use crate::ruleset::Variant;

/// The script this copies.
pub(super) const END: &str = include_str!("scripts/browne_end.rhai");

/// The side to move loses with no pieces or no turn (a flip counts); a draw after
/// `quiet_limit` turns without a capture (0: never).
#[derive(Clone, Debug)]
pub(super) struct Browne {
    quiet_limit: i64,
}

impl Browne {
    /// The rule with the variant's `draw_after_quiet_turns`.
    pub(super) fn of(variant: &Variant) -> Option<Browne> {
        Some(Browne {
            quiet_limit: variant.int_param("draw_after_quiet_turns")?,
        })
    }

    pub(super) fn decide(&self, model: &GameModel, position: &Position) -> Option<Outcome> {
        let next = position.side();
        let mover = 1 - next;
        let n = letter(model, next);
        if position.pieces(next) == 0 {
            win(mover, format!("{n} has no pieces left"))
        } else if !model.has_turn(position, true) {
            win(mover, format!("{n} has no legal turn"))
        } else {
            quiet_draw(self.quiet_limit, position, "turns without a capture")
        }
    }
}

/// The draw of the shipped end rules: `limit` quiet turns in a row (0: never), the reason
/// the limit followed by `words`.
pub(super) fn quiet_draw(limit: i64, position: &Position, words: &str) -> Option<Outcome> {
    (limit > 0 && i64::from(position.quiet_turns()) >= limit)
        .then(|| Outcome::new(None, format!("{limit} {words}")))
}
