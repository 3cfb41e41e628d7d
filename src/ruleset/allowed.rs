//! The legality rule: `fn allowed(game, turn)` refuses turns the forms allow, with a
//! reason a player reads.
//!
//! The generator lists a few hundred turns a position, and every listing, playout draw
//! and search asks the rule of each: a script call per candidate would cost more than the
//! game. So the rule is remembered like the end rule (see [`super::script::memo`]): by
//! the answers to the questions it asks of the game and of the turn, which for most
//! rules are few (`turn.height`, `game.tallest(game.to_move)`, a counter compared with a
//! param) and repeat from candidate to candidate. The script runs only where the
//! answers are new.
//!
//! Inside the rule, `game.has_legal_turn()` counts every turn the forms allow: asking
//! the rule again for each of them would never end.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Dynamic, EvalAltResult};
use variant_run_core::{CellId, Delta, FlipVerdict, GameModel, Position, TurnFacts};

use super::config::Edge;
use super::script::memo::{self, Memo, Recall, Tape};
use super::script::questions::{AllowedTurns, Asked, WhichTurn};
use super::script::replay::Replay;
use super::script::{GameView, Script, ScriptHost};
use crate::diagnostic::Diagnostic;
use crate::printable::printable;

/// The reason given for a turn the rule refuses with `false` rather than a text.
const REFUSED: &str = "the rules do not allow this turn";

/// A ruleset's `allowed` hook with what it has learnt.
pub struct TurnRule {
    pub(super) host: Rc<ScriptHost>,
    pub(super) script: Script,
    /// The rule's answers (a reason, or none for an allowed turn), remembered by the
    /// answers to its questions.
    pub(super) memo: RefCell<Memo<Option<String>>>,
    pub(super) model: Arc<GameModel>,
    pub(super) params: Rc<BTreeMap<String, Dynamic>>,
    pub(super) size: Option<i64>,
    pub(super) homes: [Option<Edge>; 2],
}

impl TurnRule {
    /// Why the rule refuses the turn making `delta` in `position`, or `None` when it
    /// allows it: what it answered before for the same answers to its questions, else a
    /// run of it.
    ///
    /// # Errors
    /// The script fails, or returns something that is neither `true`, `false` nor a
    /// reason.
    pub fn refusal(
        &self,
        position: &Position,
        delta: &Delta,
    ) -> Result<Option<String>, Diagnostic> {
        let facts = self.model.turn_facts(position, delta);
        let recalled = self
            .memo
            .borrow()
            .recall(&mut Replay::new(self.asked(position, &facts)));
        let remembering = match recalled {
            Recall::Known(known) => return Ok(known),
            Recall::Learn => true,
            Recall::Run => false,
        };
        let tape = remembering.then(|| Rc::new(RefCell::new(Tape::new(self.host.compared()))));
        if remembering {
            memo::take_side_effect();
        }
        let refusal = self.run(position, facts, tape.clone())?;
        if let Some(tape) = tape {
            self.memo.borrow_mut().learn(tape.take(), refusal.clone());
        }
        Ok(refusal)
    }

    /// What the rule answers every turn that flips `flip` (or, with `None`, every turn
    /// that flips nothing): what it remembers for a turn making that flip alone, where
    /// the walk asked of the turn nothing but its flip, so that every turn with the same
    /// flip walks the same way. Never runs the script on that turn, which is no turn the
    /// forms make: unknown where the tree does not know.
    pub fn every_turn_flipping(&self, position: &Position, flip: Option<CellId>) -> FlipVerdict {
        let facts = self.model.turn_facts(position, &Delta::flip_alone(flip));
        let mut replay = Replay::new(self.asked(position, &facts));
        let recalled = self.memo.borrow().recall(&mut replay);
        match recalled {
            _ if replay.asked_beyond_the_flip() => FlipVerdict::Unknown,
            Recall::Known(None) => FlipVerdict::AllowsEvery,
            Recall::Known(Some(_)) => FlipVerdict::RefusesEvery,
            Recall::Learn | Recall::Run => FlipVerdict::Unknown,
        }
    }

    /// The rule's questions as asked of the turn with these facts in `position`.
    fn asked<'a>(&'a self, position: &'a Position, facts: &'a TurnFacts) -> Asked<'a> {
        Asked {
            model: &self.model,
            position,
            params: &self.params,
            size: self.size,
            homes: self.homes,
            allowed: None,
            weighed: Some(facts),
        }
    }

    /// Like [`TurnRule::refusal`], always running the script: what the remembered
    /// answers are held to.
    ///
    /// # Errors
    /// As [`TurnRule::refusal`].
    pub fn refusal_by_script(
        &self,
        position: &Position,
        delta: &Delta,
    ) -> Result<Option<String>, Diagnostic> {
        let facts = self.model.turn_facts(position, delta);
        self.run(position, facts, None)
    }

    fn run(
        &self,
        position: &Position,
        facts: TurnFacts,
        tape: Option<Rc<RefCell<Tape>>>,
    ) -> Result<Option<String>, Diagnostic> {
        let view = GameView {
            model: Arc::clone(&self.model),
            position: Rc::new(RefCell::new(position.clone())),
            params: Rc::clone(&self.params),
            size: self.size,
            homes: self.homes,
            tape,
            allowed: None,
            weighed: Some(Rc::new(facts)),
        };
        let turn = view.turn_view(WhichTurn::Weighed);
        let answer: Dynamic = self.host.call(&self.script, "allowed", (view, turn))?;
        self.read(answer)
    }

    /// Reads what `allowed` returned: `true` (or `()`) allows the turn, `false` refuses
    /// it, and a text refuses it for that reason.
    fn read(&self, answer: Dynamic) -> Result<Option<String>, Diagnostic> {
        if answer.is_unit() {
            return Ok(None);
        }
        if let Ok(allowed) = answer.as_bool() {
            return Ok((!allowed).then(|| REFUSED.to_string()));
        }
        match answer.clone().into_string() {
            Ok(reason) if !reason.trim().is_empty() => Ok(Some(printable(&reason).into_owned())),
            _ => Err(self.host.at_definition(
                Diagnostic::in_file(
                    &self.script.file,
                    format!(
                        "allowed must return true to allow the turn, or false or a reason \
                         (a text that is not empty) to refuse it; it returned {}",
                        if answer.is_string() {
                            "an empty text".to_string()
                        } else {
                            answer.type_name().to_string()
                        }
                    ),
                ),
                "allowed",
            )),
        }
    }

    /// How many nodes the rule's remembered tree has: how much it had to learn.
    pub fn tree_nodes(&self) -> usize {
        self.memo.borrow().nodes()
    }
}

impl AllowedTurns for TurnRule {
    fn has_allowed_turn(
        &self,
        position: &Position,
        with_flips: bool,
    ) -> Result<bool, Box<EvalAltResult>> {
        self.model
            .has_turn_where(position, with_flips, &mut |delta| {
                Ok::<bool, Diagnostic>(self.refusal(position, delta)?.is_none())
            })
            .map_err(|e| format!("the legality rule failed: {}", e.message).into())
    }
}
