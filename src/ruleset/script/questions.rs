//! The questions a script can ask of a game (`game.pieces("x")`, `game.quiet_turns`) and
//! their answers, as values: the `game` API answers through here, and a script's answers
//! can be written down while it runs and asked again of another position without it
//! (see [`super::memo`]).

use std::collections::BTreeMap;

use rhai::{Array, Dynamic, EvalAltResult};
use variant_run_core::{GameModel, JunctionId, PlayerId, Position};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A question about a position, with its arguments as the script gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    ToMove,
    Mover,
    QuietTurns,
    Size,
    Pool,
    Tiles,
    Other(String),
    Pieces(String),
    Stacks(String),
    Supply(String),
    HasLegalTurn,
    HasTurnWithoutFlip,
    OwnerAt(String),
    CountHeld(String, Vec<String>),
    Param(String),
}

/// An answer, as the script receives it.
#[derive(Clone, Debug)]
pub enum Answer {
    Int(i64),
    Bool(bool),
    /// A player's letter, or none (`owner_at` an empty junction: "").
    Letter(Option<char>),
    /// A `[params]` value: the same for every position while the ruleset is loaded.
    Param(Dynamic),
}

/// Answers are equal when the script cannot tell them apart; a param always equals
/// itself (params do not change once loaded).
impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        match (self, other) {
            (Answer::Int(a), Answer::Int(b)) => a == b,
            (Answer::Bool(a), Answer::Bool(b)) => a == b,
            (Answer::Letter(a), Answer::Letter(b)) => a == b,
            (Answer::Param(_), Answer::Param(_)) => true,
            _ => false,
        }
    }
}

impl Answer {
    /// The value the script sees.
    pub fn into_dynamic(self) -> Dynamic {
        match self {
            Answer::Int(i) => i.into(),
            Answer::Bool(b) => b.into(),
            Answer::Letter(l) => l.map(String::from).unwrap_or_default().into(),
            Answer::Param(value) => value,
        }
    }
}

/// What a position's questions are answered from: the position and the ruleset around
/// it.
pub struct Asked<'a> {
    pub model: &'a GameModel,
    pub position: &'a Position,
    pub params: &'a BTreeMap<String, Dynamic>,
    /// The board size, `None` on a patch.
    pub size: Option<i64>,
}

impl Asked<'_> {
    /// The player of a letter.
    pub fn player(&self, letter: &str) -> Fallible<PlayerId> {
        let rules = &self.model.rules;
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => rules.player_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            format!(
                "`{}` is not a player ({} or {})",
                letter.escape_debug(),
                rules.player_letter(0),
                rules.player_letter(1)
            )
            .into()
        })
    }

    fn letter(&self, player: PlayerId) -> Answer {
        Answer::Letter(Some(self.model.rules.player_letter(player)))
    }

    /// The junction of a name on this position's board.
    pub fn junction(&self, name: &str) -> Fallible<JunctionId> {
        self.position.board().junction_by_name(name).ok_or_else(|| {
            format!("`{}` is not a junction of this board", name.escape_debug()).into()
        })
    }

    /// Answers a question about the position.
    ///
    /// # Errors
    /// A letter that is no player, a name that is no junction or param, a size asked of
    /// a patch: what the script is told.
    pub fn answer(&self, question: &Question) -> Fallible<Answer> {
        let position = self.position;
        Ok(match question {
            Question::ToMove => self.letter(position.side()),
            Question::Mover => self.letter(1 - position.side()),
            Question::QuietTurns => Answer::Int(i64::from(position.quiet_turns())),
            Question::Size => Answer::Int(
                self.size
                    .ok_or("this ruleset's board is a patch: it has no size")?,
            ),
            Question::Pool => Answer::Int(i64::from(position.pool())),
            Question::Tiles => Answer::Int(position.board().cell_count() as i64),
            Question::Other(p) => self.letter(1 - self.player(p)?),
            Question::Pieces(p) => Answer::Int(i64::from(position.pieces(self.player(p)?))),
            Question::Stacks(p) => Answer::Int(i64::from(position.stack_count(self.player(p)?))),
            Question::Supply(p) => Answer::Int(i64::from(position.supply(self.player(p)?))),
            Question::HasLegalTurn => Answer::Bool(self.model.has_turn(position, true)),
            Question::HasTurnWithoutFlip => Answer::Bool(self.model.has_turn(position, false)),
            Question::OwnerAt(name) => {
                let owner = position.stack(self.junction(name)?).owner();
                Answer::Letter(owner.map(|o| self.model.rules.player_letter(o)))
            }
            Question::CountHeld(p, names) => {
                let player = self.player(p)?;
                let mut held = 0;
                for name in names {
                    held += i64::from(position.stack(self.junction(name)?).is_owned_by(player));
                }
                Answer::Int(held)
            }
            Question::Param(name) => {
                Answer::Param(self.params.get(name).cloned().ok_or_else(|| {
                    format!(
                        "no parameter `{}` in the [params] table of variant.toml",
                        name.escape_debug()
                    )
                })?)
            }
        })
    }
}

/// Junction names given as an array, as `count_held` takes them.
pub fn names(given: Array) -> Fallible<Vec<String>> {
    given
        .into_iter()
        .map(|name| {
            name.into_string()
                .map_err(|t| format!("junction names are strings, not {t}").into())
        })
        .collect()
}
