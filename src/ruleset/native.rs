//! Native twins: the end-of-game rules of the shipped Truchet rulesets written again in
//! Rust. They play no game; the benchmark runs the same playouts through a twin and
//! through the script, so a designer sees what the script boundary costs.
//!
//! A ruleset has a twin only while its end script is, to the letter, one of the shipped
//! scripts below: a designer who edits the rule gets no twin rather than a wrong one.
//! tests/suite/native_twins.rs holds every twin to its script on seeded games.

use variant_run_core::{GameModel, JunctionId, Outcome, PlayerId, Position, Referee};

use super::Variant;
use crate::diagnostic::Diagnostic;

/// Browne's end (`scripts/truchet/end.rhai`: truchet-browne, truchet-hex).
const BROWNE_END: &str = include_str!("../../scripts/truchet/end.rhai");
/// Boardspace's end (`variants/truchet-boardspace/rules/end.rhai`).
const BASES_END: &str = include_str!("../../variants/truchet-boardspace/rules/end.rhai");

/// The rule a twin plays, with the params it reads.
#[derive(Clone, Debug)]
enum EndRule {
    /// The side to move loses with no pieces or no turn (a flip counts); a draw after
    /// `quiet_limit` turns without a capture (0: never).
    Browne { quiet_limit: i64 },
    /// A player wins holding `to_win` of their targets or every enemy piece (both tested,
    /// the side that did not move winning a tie); the side to move loses if it cannot
    /// move without flipping; the same draw.
    Bases {
        targets: [Vec<(JunctionId, String)>; 2],
        to_win: usize,
        quiet_limit: i64,
    },
}

/// A ruleset whose end rule is decided in Rust: a [`Referee`] like the [`Variant`] itself.
pub struct NativeTwin<'v> {
    variant: &'v Variant,
    rule: EndRule,
}

impl Variant {
    /// The native twin of this ruleset's rules, if its end script is one the twins copy
    /// and it has no after-turn script.
    pub fn native_twin(&self) -> Option<NativeTwin<'_>> {
        if self.after_turn_script.is_some() {
            return None;
        }
        let source = self.host.source(&self.end_script)?.replace("\r\n", "\n");
        let int = |name: &str| self.params.get(name)?.as_int().ok();
        let rule = if source == BROWNE_END {
            EndRule::Browne {
                quiet_limit: int("draw_after_quiet_turns")?,
            }
        } else if source == BASES_END {
            let board = &self.model.board;
            let targets_of = |player: PlayerId| -> Option<Vec<(JunctionId, String)>> {
                let name = format!("{}_targets", self.model.rules.player_letter(player));
                let names = self.params.get(&name)?.clone().into_typed_array::<String>();
                names
                    .ok()?
                    .into_iter()
                    .map(|n| Some((board.junction_by_name(&n)?, n)))
                    .collect()
            };
            EndRule::Bases {
                targets: [targets_of(0)?, targets_of(1)?],
                to_win: usize::try_from(int("bases_to_win")?).ok()?,
                quiet_limit: int("draw_after_quiet_turns")?,
            }
        } else {
            return None;
        };
        Some(NativeTwin {
            variant: self,
            rule,
        })
    }
}

impl NativeTwin<'_> {
    fn letter(&self, player: PlayerId) -> char {
        self.variant.model.rules.player_letter(player)
    }

    fn win(&self, winner: PlayerId, reason: String) -> Option<Outcome> {
        Some(Outcome {
            winner: Some(winner),
            reason,
        })
    }

    fn quiet_draw(&self, limit: i64, position: &Position, words: &str) -> Option<Outcome> {
        (limit > 0 && i64::from(position.quiet_turns()) >= limit).then(|| Outcome {
            winner: None,
            reason: format!("{limit} {words}"),
        })
    }

    /// Why `player` has won under the bases rule, or `None`.
    fn bases_win(
        &self,
        position: &Position,
        player: PlayerId,
        targets: &[Vec<(JunctionId, String)>; 2],
        to_win: usize,
    ) -> Option<String> {
        let held: Vec<&str> = targets[player as usize]
            .iter()
            .filter(|(j, _)| position.stack(*j).is_owned_by(player))
            .map(|(_, name)| name.as_str())
            .collect();
        if held.len() >= to_win {
            return Some(format!("holds {}", held.join(" ")));
        }
        let enemy = 1 - player;
        if position.pieces(enemy) == 0 && position.pieces(player) > 0 {
            return Some(format!("took every piece of {}", self.letter(enemy)));
        }
        None
    }
}

impl Referee for NativeTwin<'_> {
    type Error = Diagnostic;

    fn has_after_turn(&self) -> bool {
        false
    }

    fn outcome(
        &self,
        model: &GameModel,
        position: &Position,
    ) -> Result<Option<Outcome>, Diagnostic> {
        let next = position.side();
        let mover = 1 - next;
        let n = self.letter(next);
        Ok(match &self.rule {
            EndRule::Browne { quiet_limit } => {
                if position.pieces(next) == 0 {
                    self.win(mover, format!("{n} has no pieces left"))
                } else if !model.has_turn(position, true) {
                    self.win(mover, format!("{n} has no legal turn"))
                } else {
                    self.quiet_draw(*quiet_limit, position, "turns without a capture")
                }
            }
            EndRule::Bases {
                targets,
                to_win,
                quiet_limit,
            } => {
                let next_won = self.bases_win(position, next, targets, *to_win);
                if let Some(won) = next_won {
                    if self.bases_win(position, mover, targets, *to_win).is_some() {
                        self.win(
                            next,
                            format!("{won}; both sides won at once, {n} did not move"),
                        )
                    } else {
                        self.win(next, won)
                    }
                } else if let Some(won) = self.bases_win(position, mover, targets, *to_win) {
                    self.win(mover, won)
                } else if !model.has_turn(position, false) {
                    self.win(
                        mover,
                        format!("{n} cannot step, split or merge without flipping"),
                    )
                } else {
                    self.quiet_draw(*quiet_limit, position, "turns without a capture")
                }
            }
        })
    }
}
