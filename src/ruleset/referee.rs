//! The ruleset as referee: after every turn its after-turn script may capture pieces,
//! and its end-of-game script says whether the game is over, and why.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Dynamic, Map};
use variant_run_core::{
    CellId, Delta, FlipVerdict, GameModel, JunctionId, Outcome, PlayerId, Position, Referee,
};

use super::script::memo::{self, Recall, Tape};
use super::script::questions::{AllowedTurns, Asked};
use super::script::replay::Replay;
use super::script::{map_str, GameView};
use super::Variant;
use crate::diagnostic::Diagnostic;
use crate::printable::printable;

impl Variant {
    /// A position as a memo asks it the script's questions again.
    fn asked<'a>(&'a self, position: &'a Position) -> Asked<'a> {
        Asked {
            model: &self.model,
            position,
            params: &self.params,
            size: self.size.map(i64::from),
            homes: self.homes,
            allowed: self
                .allowed
                .as_deref()
                .map(|rule| rule as &dyn AllowedTurns),
            weighed: None,
        }
    }

    /// What a script sees of a position, writing its questions on `tape` if given.
    fn view(&self, position: Position, tape: Option<Rc<RefCell<Tape>>>) -> GameView {
        GameView {
            model: Arc::clone(&self.model),
            position: Rc::new(RefCell::new(position)),
            params: Rc::clone(&self.params),
            size: self.size.map(i64::from),
            homes: self.homes,
            tape,
            allowed: self
                .allowed
                .clone()
                .map(|rule| rule as Rc<dyn AllowedTurns>),
            weighed: None,
        }
    }

    /// Asks the end-of-game script about a position: what it answered before for the
    /// same answers to its questions (see [`super::script::memo`]), else a run of it.
    ///
    /// # Errors
    /// The script fails or returns something that is not a result.
    pub fn judge(&self, position: &Position) -> Result<Option<Outcome>, Diagnostic> {
        let recalled = self
            .end_memo
            .borrow()
            .recall(&mut Replay::new(self.asked(position)));
        let remembering = match recalled {
            Recall::Known(known) => return Ok(known),
            Recall::Learn => true,
            Recall::Run => false,
        };
        let tape = remembering.then(|| Rc::new(RefCell::new(Tape::new(self.host.compared()))));
        if remembering {
            memo::take_side_effect();
        }
        let outcome = self.run_end_script(position, tape.clone())?;
        if let Some(tape) = tape {
            self.end_memo
                .borrow_mut()
                .learn(tape.take(), outcome.clone());
        }
        Ok(outcome)
    }

    /// Like [`Variant::judge`], always running the script: what the remembered answers
    /// are held to.
    ///
    /// # Errors
    /// As [`Variant::judge`].
    pub fn judge_by_script(&self, position: &Position) -> Result<Option<Outcome>, Diagnostic> {
        self.run_end_script(position, None)
    }

    /// Whether [`Variant::judge`] remembers the end script's results (it stops when the
    /// script prints, or does what answers cannot repeat before it asks anything, see
    /// [`super::script::memo`]).
    pub fn remembers_end_rule(&self) -> bool {
        self.end_memo.borrow().is_on()
    }

    /// How many nodes the end script's remembered tree has: how much it had to learn.
    pub fn end_rule_tree_nodes(&self) -> usize {
        self.end_memo.borrow().nodes()
    }

    pub(super) fn run_end_script(
        &self,
        position: &Position,
        tape: Option<Rc<RefCell<Tape>>>,
    ) -> Result<Option<Outcome>, Diagnostic> {
        let view = self.view(position.clone(), tape);
        let result: Dynamic = self.host.call(&self.end_script, "game_result", (view,))?;
        self.read_outcome(result)
    }

    /// Whether the ruleset says how good a position is (`[rules] evaluate`).
    pub fn has_evaluation(&self) -> bool {
        self.evaluate_script.is_some()
    }

    /// How good `position` is for `player`, in pieces' worth (positive: ahead): the
    /// ruleset's `evaluate(game, player)`, else the material difference (pieces on the
    /// board and still to receive).
    ///
    /// # Errors
    /// The script fails or returns something that is not a whole number.
    pub fn evaluate(&self, position: &Position, player: PlayerId) -> Result<i64, Diagnostic> {
        let Some(script) = &self.evaluate_script else {
            return Ok(material_lead(position, player));
        };
        let letter = self.model.rules.player_letter(player).to_string();
        let view = self.view(position.clone(), None);
        let value: Dynamic = self.host.call(script, "evaluate", (view, letter))?;
        value.as_int().map_err(|t| {
            self.host.at_definition(
                Diagnostic::in_file(
                    &script.file,
                    format!("evaluate must return a whole number (pieces' worth), not {t}"),
                ),
                "evaluate",
            )
        })
    }

    /// Runs the after-turn script on the position a turn left, if the ruleset has one;
    /// where the answers to its questions are ones seen before, what it did then is done
    /// again without it (see [`super::script::memo`]).
    ///
    /// # Errors
    /// The script fails; the position is then left as the turn left it.
    pub fn after_turn(&self, position: &mut Position) -> Result<(), Diagnostic> {
        let Some(script) = &self.after_turn_script else {
            return Ok(());
        };
        let mut replay = Replay::new(self.asked(position));
        let recalled = self.after_turn_memo.borrow().recall(&mut replay);
        let remembering = match recalled {
            Recall::Known(()) => {
                // The script's changes, made again on the groups this position hands.
                if let Some(changed) = replay.into_changed() {
                    *position = changed;
                }
                return Ok(());
            }
            Recall::Learn => true,
            Recall::Run => false,
        };
        let tape = remembering.then(|| Rc::new(RefCell::new(Tape::new(self.host.compared()))));
        if remembering {
            memo::take_side_effect();
        }
        // The script changes stacks and supplies only: those are kept to put back if it
        // fails, and the position itself is lent to the script's view and taken back.
        let (stacks, supply) = (
            position.stacks().to_vec(),
            [0, 1].map(|p| position.supply(p)),
        );
        let lent = std::mem::replace(position, Position::empty(&self.model.board, 0));
        let view = self.view(lent, tape.clone());
        let shared = Rc::clone(&view.position);
        let result: Result<Dynamic, Diagnostic> = self.host.call(script, "after_turn", (view,));
        *position = Rc::try_unwrap(shared)
            .map(RefCell::into_inner)
            .unwrap_or_else(|shared| shared.borrow().clone());
        if let Err(e) = result {
            for (j, &stack) in stacks.iter().enumerate() {
                position.set_stack(j as JunctionId, stack);
            }
            for (p, &pieces) in supply.iter().enumerate() {
                position.set_supply(p as PlayerId, pieces);
            }
            return Err(e);
        }
        if let Some(tape) = tape {
            // Every change the script made is on the tape, or stopped it there.
            self.after_turn_memo.borrow_mut().learn(tape.take(), ());
        }
        Ok(())
    }

    /// Like [`Variant::after_turn`], always running the script: what the remembered
    /// changes are held to.
    ///
    /// # Errors
    /// As [`Variant::after_turn`].
    pub fn after_turn_by_script(&self, position: &mut Position) -> Result<(), Diagnostic> {
        let Some(script) = &self.after_turn_script else {
            return Ok(());
        };
        let view = self.view(position.clone(), None);
        let shared = Rc::clone(&view.position);
        let _: Dynamic = self.host.call(script, "after_turn", (view,))?;
        *position = shared.borrow().clone();
        Ok(())
    }

    /// Whether [`Variant::after_turn`] remembers where the after-turn script changes
    /// nothing (it stops when the script does what answers cannot repeat before it asks
    /// anything, or prints).
    pub fn remembers_after_turn_rule(&self) -> bool {
        self.after_turn_script.is_some() && self.after_turn_memo.borrow().is_on()
    }

    /// Reads what `game_result` returned: `()`, or a map with a winner or a draw.
    fn read_outcome(&self, result: Dynamic) -> Result<Option<Outcome>, Diagnostic> {
        // The map is made wherever the script likes; its definition is where to look.
        let fail = |message: String| {
            self.host.at_definition(
                Diagnostic::in_file(&self.end_script.file, message),
                "game_result",
            )
        };
        if result.is_unit() {
            return Ok(None);
        }
        let Some(map) = result.clone().try_cast::<Map>() else {
            return Err(fail(format!(
                "game_result must return () while the game goes on, or a map such as \
                 #{{ winner: \"x\", reason: \"...\" }}; it returned {}",
                result.type_name()
            )));
        };
        if let Some(key) = map.keys().find(|k| !RESULT_KEYS.contains(&k.as_str())) {
            return Err(fail(format!(
                "the result map has `{key}`; its keys are {}",
                RESULT_KEYS.join(", ")
            )));
        }
        let draw = map.get("draw").map(|d| d.as_bool());
        if let Some(Err(t)) = draw {
            return Err(fail(format!("`draw` must be true or false, not {t}")));
        }
        // A result that is both a win and a draw is a mistake, not a win.
        if map.contains_key("winner") && draw == Some(Ok(true)) {
            return Err(fail(
                "the result map has both a winner and `draw: true`; return one of \
                 outcome::win(letter, reason) and outcome::draw(reason)"
                    .into(),
            ));
        }
        let reason = map_str(&map, "reason")
            .ok_or_else(|| fail("the result map has no `reason` string".into()))?;
        // Reasons end up on the terminal and in records, one line each.
        let reason = printable(&reason).into_owned();
        let key = match map.get("key") {
            None => None,
            Some(key) => Some(self.read_ending_key(key).map_err(fail)?),
        };
        let scores = match map.get("score") {
            None => None,
            Some(score) => Some(self.read_scores(score).map_err(fail)?),
        };
        let rules = &self.model.rules;
        let winner = if let Some(letter) = map_str(&map, "winner") {
            let winner = letter
                .chars()
                .next()
                .filter(|_| letter.len() == 1)
                .and_then(|c| rules.player_by_letter(c))
                .ok_or_else(|| {
                    fail(format!(
                        "winner `{}` is not a player's letter",
                        printable(&letter)
                    ))
                })?;
            Some(winner)
        } else if draw == Some(Ok(true)) {
            None
        } else if let Some([a, b]) = scores {
            // Scored without a winner: the higher score wins, equal scores draw.
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            }
        } else {
            return Err(fail(
                "the result map needs `winner: \"<letter>\"`, `draw: true`, or a `score`".into(),
            ));
        };
        Ok(Some(Outcome {
            winner,
            reason,
            key,
            scores,
        }))
    }

    /// A result's `key`: a short text naming the kind of ending.
    fn read_ending_key(&self, key: &Dynamic) -> Result<String, String> {
        let text = key
            .clone()
            .into_string()
            .map_err(|t| format!("`key` must be a short text naming the ending, not {t}"))?;
        if text.is_empty() || text.chars().count() > MAX_KEY_CHARS {
            return Err(format!(
                "`key` must be 1 to {MAX_KEY_CHARS} characters, naming the kind of ending \
                 (the reason holds the details)"
            ));
        }
        Ok(printable(&text).into_owned())
    }

    /// A result's `score`: a whole number for each player, by letter.
    fn read_scores(&self, score: &Dynamic) -> Result<[i64; 2], String> {
        let rules = &self.model.rules;
        let letters = format!(
            "#{{ {}: 3, {}: 1 }}",
            rules.player_letter(0),
            rules.player_letter(1)
        );
        let map = score.clone().try_cast::<Map>().ok_or_else(|| {
            format!("`score` must be a map of each player's score, such as {letters}")
        })?;
        let mut scores = [None, None];
        for (letter, value) in &map {
            let player = letter
                .chars()
                .next()
                .filter(|_| letter.len() == 1)
                .and_then(|c| rules.player_by_letter(c))
                .ok_or_else(|| {
                    format!(
                        "`score` has `{}`, which is not a player's letter",
                        printable(letter)
                    )
                })?;
            let n = value
                .as_int()
                .map_err(|t| format!("a score must be a whole number, not {t}"))?;
            if n.abs() > MAX_SCORE {
                return Err(format!("a score must be within ±{MAX_SCORE}, not {n}"));
            }
            scores[usize::from(player)] = Some(n);
        }
        match scores {
            [Some(a), Some(b)] => Ok([a, b]),
            _ => Err(format!(
                "`score` must give both players' scores, such as {letters}"
            )),
        }
    }
}

/// The keys of a result map.
const RESULT_KEYS: [&str; 5] = ["winner", "draw", "reason", "key", "score"];

/// The largest score, either way: reports add scores up exactly in whole numbers.
pub const MAX_SCORE: i64 = 1_000_000_000;

/// The longest ending key: a few words, for a table's row.
const MAX_KEY_CHARS: usize = 40;

/// Pieces on the board and still to receive: `player`'s less the other's.
pub fn material_lead(position: &Position, player: PlayerId) -> i64 {
    let material = |p: PlayerId| i64::from(position.pieces(p) + position.supply(p));
    material(player) - material(1 - player)
}

impl Referee for Variant {
    type Error = Diagnostic;

    fn has_after_turn(&self) -> bool {
        self.after_turn_script.is_some()
    }

    fn filters_turns(&self) -> bool {
        self.allowed.is_some()
    }

    fn refusal(
        &self,
        _model: &GameModel,
        position: &Position,
        delta: &Delta,
    ) -> Result<Option<String>, Diagnostic> {
        match &self.allowed {
            Some(rule) => rule.refusal(position, delta),
            None => Ok(None),
        }
    }

    fn every_turn_flipping(
        &self,
        _model: &GameModel,
        position: &Position,
        flip: Option<CellId>,
    ) -> Result<FlipVerdict, Diagnostic> {
        Ok(match &self.allowed {
            Some(rule) => rule.every_turn_flipping(position, flip),
            None => FlipVerdict::AllowsEvery,
        })
    }

    fn after_turn(&self, _model: &GameModel, position: &mut Position) -> Result<(), Diagnostic> {
        Variant::after_turn(self, position)
    }

    fn outcome(
        &self,
        _model: &GameModel,
        position: &Position,
    ) -> Result<Option<Outcome>, Diagnostic> {
        self.judge(position)
    }
}
