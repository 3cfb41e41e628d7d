//! Trugo's capture (`variants/trugo/rules/capture.rhai`) and end
//! (`variants/trugo/rules/end.rhai`).

use variant_run_core::{GameModel, Group, JunctionId, Outcome, PlayerId, Position};

use super::browne::quiet_draw;
use super::{letter, win};
use crate::ruleset::Variant;

/// The scripts these copy.
pub(super) const CAPTURE: &str = include_str!("scripts/trugo_capture.rhai");
pub(super) const END: &str = include_str!("scripts/trugo_end.rhai");

/// After every turn, surrounded groups away from the edge are captured: the mover's
/// enemies, then the mover's own on the board that leaves.
pub(super) fn capture(position: &mut Position) {
    let mover = 1 - position.side();
    capture_surrounded(position, 1 - mover);
    capture_surrounded(position, mover);
}

/// `capture_surrounded` in capture.rhai: the groups are found once, then each without a
/// liberty and away from the edge loses its top pieces, and the pieces of `player` those
/// pinned go too.
fn capture_surrounded(position: &mut Position, player: PlayerId) {
    let pop = |position: &mut Position, j: JunctionId| {
        let stack = position.stack(j);
        position.set_stack(j, stack.popped());
    };
    for group in Group::all(position, player) {
        if group.liberties == 0 && !group.touches_edge {
            for &j in &group.junctions {
                pop(position, j);
            }
            for &j in &group.junctions {
                if position.stack(j).is_owned_by(player) {
                    pop(position, j);
                }
            }
        }
    }
}

/// In the Waning phase (the pool empty) a player left without pieces loses, the mover
/// winning an empty board; a player with no turn loses; a draw after `quiet_limit` turns
/// without a capture, placement or removal.
#[derive(Clone, Debug)]
pub(super) struct TrugoEnd {
    quiet_limit: i64,
}

impl TrugoEnd {
    pub(super) fn of(variant: &Variant) -> Option<TrugoEnd> {
        Some(TrugoEnd {
            quiet_limit: variant.int_param("draw_after_quiet_turns")?,
        })
    }

    pub(super) fn decide(&self, model: &GameModel, position: &Position) -> Option<Outcome> {
        let next = position.side();
        let mover = 1 - next;
        let (n, m) = (letter(model, next), letter(model, mover));
        let (mine, theirs) = (position.pieces(mover), position.pieces(next));
        if position.pool() == 0 && mine == 0 && theirs == 0 {
            win(mover, "the board is empty after the mover's turn".into())
        } else if position.pool() == 0 && theirs == 0 {
            win(mover, format!("{n} has no pieces left"))
        } else if position.pool() == 0 && mine == 0 {
            win(next, format!("{m} has no pieces left"))
        } else if !model.has_turn(position, true) {
            win(mover, format!("{n} has no legal turn"))
        } else {
            quiet_draw(
                self.quiet_limit,
                position,
                "turns in a row without a capture, placement or removal",
            )
        }
    }
}
