//! Native twins: the end-of-game rules of the shipped Truchet rulesets, and Trugo's
//! capture (after-turn) and end rules, written again in Rust. They play no game; the
//! benchmark runs the same playouts through a twin and through the scripts, so a
//! designer sees what the script boundary costs.
//!
//! A ruleset has a twin only while its scripts are, to the letter, the shipped scripts
//! below: a designer who edits a rule gets no twin rather than a wrong one.
//! tests/suite/bench.rs holds every twin to its scripts on seeded games.

use variant_run_core::{GameModel, Group, JunctionId, Outcome, PlayerId, Position, Referee, Stack};

use super::Variant;
use crate::diagnostic::Diagnostic;

/// Browne's end (`scripts/truchet/end.rhai`: truchet-browne, truchet-hex).
const BROWNE_END: &str = include_str!("../../scripts/truchet/end.rhai");
/// Boardspace's end (`variants/truchet-boardspace/rules/end.rhai`).
const BASES_END: &str = include_str!("../../variants/truchet-boardspace/rules/end.rhai");
/// Trugo's capture by surrounding (`variants/trugo/rules/capture.rhai`).
const TRUGO_CAPTURE: &str = include_str!("../../variants/trugo/rules/capture.rhai");
/// Trugo's end (`variants/trugo/rules/end.rhai`).
const TRUGO_END: &str = include_str!("../../variants/trugo/rules/end.rhai");

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
    /// Trugo's: after every turn, surrounded groups are captured (the mover's enemies,
    /// then the mover's own). In the Waning phase a player left without pieces loses
    /// (the mover wins an empty board); a player with no turn loses; the same draw.
    Trugo { quiet_limit: i64 },
}

/// A ruleset whose end rule is decided in Rust: a [`Referee`] like the [`Variant`] itself.
pub struct NativeTwin<'v> {
    variant: &'v Variant,
    rule: EndRule,
}

impl Variant {
    /// The native twin of this ruleset's rules, if its scripts are ones the twins copy:
    /// an end script alone, or Trugo's capture and end scripts together.
    pub fn native_twin(&self) -> Option<NativeTwin<'_>> {
        let source = self.host.source(&self.end_script)?.replace("\r\n", "\n");
        let int = |name: &str| self.params.get(name)?.as_int().ok();
        if let Some(script) = &self.after_turn_script {
            let capture = self.host.source(script)?.replace("\r\n", "\n");
            if capture != TRUGO_CAPTURE || source != TRUGO_END {
                return None;
            }
            return Some(NativeTwin {
                variant: self,
                rule: EndRule::Trugo {
                    quiet_limit: int("draw_after_quiet_turns")?,
                },
            });
        }
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

/// Trugo's capture of `player`'s surrounded groups (`capture_surrounded` in
/// capture.rhai): the groups are found once, then each without a liberty and away from
/// the edge loses its top pieces, and the pieces of `player` those pinned go too.
fn capture_surrounded(position: &mut Position, player: PlayerId) {
    for group in Group::all(position, player) {
        if group.liberties == 0 && !group.touches_edge {
            let pop = |position: &mut Position, j: JunctionId| {
                let stack: Stack = position.stack(j);
                position.set_stack(j, stack.popped());
            };
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

impl Referee for NativeTwin<'_> {
    type Error = Diagnostic;

    fn has_after_turn(&self) -> bool {
        matches!(self.rule, EndRule::Trugo { .. })
    }

    fn after_turn(&self, _model: &GameModel, position: &mut Position) -> Result<(), Diagnostic> {
        if let EndRule::Trugo { .. } = self.rule {
            let mover = 1 - position.side();
            capture_surrounded(position, 1 - mover);
            capture_surrounded(position, mover);
        }
        Ok(())
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
            EndRule::Trugo { quiet_limit } => {
                let m = self.letter(mover);
                let (mine, theirs) = (position.pieces(mover), position.pieces(next));
                if position.pool() == 0 && mine == 0 && theirs == 0 {
                    self.win(mover, "the board is empty after the mover's turn".into())
                } else if position.pool() == 0 && theirs == 0 {
                    self.win(mover, format!("{n} has no pieces left"))
                } else if position.pool() == 0 && mine == 0 {
                    self.win(next, format!("{m} has no pieces left"))
                } else if !model.has_turn(position, true) {
                    self.win(mover, format!("{n} has no legal turn"))
                } else {
                    self.quiet_draw(
                        *quiet_limit,
                        position,
                        "turns in a row without a capture, placement or removal",
                    )
                }
            }
        })
    }
}
