//! Native twins: the end-of-game and after-turn rules of the shipped Truchet rulesets and
//! of the example designs, written again in Rust. They play no game; the benchmark runs
//! the same playouts through a twin and through the scripts, so a designer sees what the
//! script boundary costs.
//!
//! A ruleset has a twin only while its scripts are, to the letter, the scripts the twins
//! copy, kept in `scripts/` here as they were when each twin was written (each rule's
//! file here names its script): a designer who edits a rule gets no twin rather than a
//! wrong one, and a shipped ruleset whose rule is changed has none until its twin is
//! written again. (Kept here, not read from the rulesets' folders: a rule change
//! rebuilds nothing, and a rebuilt program never takes a changed rule for its twin.) What a script imports counts too: a design folder with a
//! `truchet/end.rhai` of its own, imported in place of the shared one, gets no twin. The
//! after-turn rule and the end rule are matched apart, each a function of the position
//! alone, so a twin is right for any pairing of the two.
//! tests/suite/bench.rs holds every twin to its scripts on seeded games.
//!
//! A twin calls the same native helpers the scripts' `game.*` calls answer from (core's
//! groups, the board's edges and chains), so what it measures is the boundary alone.

mod bases;
mod browne;
mod connection;
mod go;
mod home_bases;
mod trugo;

use std::marker::PhantomData;

use variant_run_core::{GameModel, Outcome, PlayerId, Position, Referee};

use super::script::Script;
use super::Variant;
use crate::diagnostic::Diagnostic;

/// The shared module the end scripts import their results from (`outcome::win`).
const OUTCOME: &str = include_str!("scripts/outcome.rhai");

/// The after-turn rule a twin plays.
#[derive(Clone, Debug)]
enum AfterTurnRule {
    /// Trugo's capture of surrounded groups away from the edge (trugo.rs).
    Trugo,
    /// truchet-go's capture of whole stacks of groups with no liberty (go.rs).
    Go,
}

/// The end rule a twin plays, with the params it reads.
#[derive(Clone, Debug)]
enum EndRule {
    Browne(browne::Browne),
    Bases(bases::Bases),
    Trugo(trugo::TrugoEnd),
    Connection(connection::Connection),
    HomeBases(home_bases::HomeBases),
}

/// A ruleset whose rules are decided in Rust: a [`Referee`] like the [`Variant`] itself.
/// It borrows the variant: what it worked out when it was made (junctions of the board,
/// params) holds for that variant only.
pub struct NativeTwin<'v> {
    variant: PhantomData<&'v Variant>,
    after_turn: Option<AfterTurnRule>,
    end: EndRule,
}

impl Variant {
    /// The native twin of this ruleset's rules, if its end script, and its after-turn
    /// script if it has one, are scripts the twins copy, and the params and board they
    /// read are ones the twin can read as the script would (else the script would fail
    /// where the twin decided). A ruleset with a rule that refuses turns has none: the
    /// twins copy no such rule, and would play turns it forbids.
    pub fn native_twin(&self) -> Option<NativeTwin<'_>> {
        if self.filters_turns() {
            return None;
        }
        let after_turn = match &self.after_turn_script {
            None => None,
            Some(script) => {
                if self.is_script(script, trugo::CAPTURE, &[]) {
                    Some(AfterTurnRule::Trugo)
                } else if self.is_script(script, go::SURROUND, &[]) {
                    Some(AfterTurnRule::Go)
                } else {
                    return None;
                }
            }
        };
        let end = &self.end_script;
        let end = if self.is_script(end, browne::END, &[OUTCOME]) {
            EndRule::Browne(browne::Browne::of(self)?)
        } else if self.is_script(end, bases::END, &[OUTCOME]) {
            EndRule::Bases(bases::Bases::of(self)?)
        } else if self.is_script(end, trugo::END, &[OUTCOME]) {
            EndRule::Trugo(trugo::TrugoEnd::of(self)?)
        } else if self.is_script(end, connection::END, connection::END_IMPORTS) {
            EndRule::Connection(connection::Connection::of(self)?)
        } else if self.is_script(end, home_bases::END, home_bases::END_IMPORTS) {
            EndRule::HomeBases(home_bases::HomeBases::of(self)?)
        } else {
            return None;
        };
        Some(NativeTwin {
            variant: PhantomData,
            after_turn,
            end,
        })
    }

    /// Whether a script of this ruleset is, to the letter, `text`, importing exactly
    /// `imports` (in the order they are first read), whatever its line endings.
    fn is_script(&self, script: &Script, text: &str, imports: &[&str]) -> bool {
        let same = |read: &str, expected: &str| read.replace("\r\n", "\n") == expected;
        self.host.source(script).is_some_and(|own| same(&own, text))
            && script.imported.len() == imports.len()
            && script
                .imported
                .iter()
                .zip(imports)
                .all(|(read, expected)| same(read, expected))
    }

    /// An integer param, as `game.param(name)` gives it to a script that compares it
    /// with a count; `None` when it is missing or no whole number.
    fn int_param(&self, name: &str) -> Option<i64> {
        self.params.get(name)?.as_int().ok()
    }
}

/// What a script's `outcome::win(player, reason)` comes to.
fn win(winner: PlayerId, reason: String) -> Option<Outcome> {
    Some(Outcome::new(Some(winner), reason))
}

/// A player's letter, as a script's `${player}` prints it.
fn letter(model: &GameModel, player: PlayerId) -> char {
    model.rules.player_letter(player)
}

impl Referee for NativeTwin<'_> {
    type Error = Diagnostic;

    fn has_after_turn(&self) -> bool {
        self.after_turn.is_some()
    }

    fn after_turn(&self, _model: &GameModel, position: &mut Position) -> Result<(), Diagnostic> {
        match self.after_turn {
            Some(AfterTurnRule::Trugo) => trugo::capture(position),
            Some(AfterTurnRule::Go) => go::capture(position),
            None => {}
        }
        Ok(())
    }

    fn outcome(
        &self,
        model: &GameModel,
        position: &Position,
    ) -> Result<Option<Outcome>, Diagnostic> {
        Ok(match &self.end {
            EndRule::Browne(rule) => rule.decide(model, position),
            EndRule::Bases(rule) => rule.decide(model, position),
            EndRule::Trugo(rule) => rule.decide(model, position),
            EndRule::Connection(rule) => rule.decide(model, position),
            EndRule::HomeBases(rule) => rule.decide(model, position),
        })
    }
}
