//! Boardspace's end (`variants/truchet-boardspace/rules/end.rhai`): bases named in the
//! params, or every enemy piece, win.

use variant_run_core::{GameModel, JunctionId, Outcome, PlayerId, Position};

use super::browne::quiet_draw;
use super::{letter, win};
use crate::ruleset::Variant;

/// The script this copies.
pub(super) const END: &str = include_str!("scripts/boardspace_end.rhai");

/// A player wins holding `to_win` of their targets or every enemy piece (both tested,
/// the side that did not move winning a tie); the side to move loses if it cannot move
/// without flipping; a draw after `quiet_limit` quiet turns.
#[derive(Clone, Debug)]
pub(super) struct Bases {
    /// Each player's targets (`x_targets`, `o_targets`), with the names the reason gives.
    targets: [Vec<(JunctionId, String)>; 2],
    to_win: usize,
    quiet_limit: i64,
}

impl Bases {
    /// The rule with the variant's targets and limits; `None` if a target names no
    /// junction of the board.
    pub(super) fn of(variant: &Variant) -> Option<Bases> {
        let board = &variant.model.board;
        let targets_of = |player: PlayerId| -> Option<Vec<(JunctionId, String)>> {
            let name = format!("{}_targets", variant.model.rules.player_letter(player));
            let names = variant
                .params
                .get(&name)?
                .clone()
                .into_typed_array::<String>();
            names
                .ok()?
                .into_iter()
                .map(|n| Some((board.junction_by_name(&n)?, n)))
                .collect()
        };
        Some(Bases {
            targets: [targets_of(0)?, targets_of(1)?],
            to_win: usize::try_from(variant.int_param("bases_to_win")?).ok()?,
            quiet_limit: variant.int_param("draw_after_quiet_turns")?,
        })
    }

    pub(super) fn decide(&self, model: &GameModel, position: &Position) -> Option<Outcome> {
        let next = position.side();
        let mover = 1 - next;
        let n = letter(model, next);
        if let Some(won) = self.won(model, position, next) {
            if self.won(model, position, mover).is_some() {
                win(
                    next,
                    format!("{won}; both sides won at once, {n} did not move"),
                )
            } else {
                win(next, won)
            }
        } else if let Some(won) = self.won(model, position, mover) {
            win(mover, won)
        } else if !model.has_turn(position, false) {
            win(
                mover,
                format!("{n} cannot step, split or merge without flipping"),
            )
        } else {
            quiet_draw(self.quiet_limit, position, "turns without a capture")
        }
    }

    /// Why `player` has won, or `None`.
    fn won(&self, model: &GameModel, position: &Position, player: PlayerId) -> Option<String> {
        let held: Vec<&str> = self.targets[player as usize]
            .iter()
            .filter(|(j, _)| position.stack(*j).is_owned_by(player))
            .map(|(_, name)| name.as_str())
            .collect();
        if held.len() >= self.to_win {
            return Some(format!("holds {}", held.join(" ")));
        }
        let enemy = 1 - player;
        if position.pieces(enemy) == 0 && position.pieces(player) > 0 {
            return Some(format!("took every piece of {}", letter(model, enemy)));
        }
        None
    }
}
