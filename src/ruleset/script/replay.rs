//! A remembered tree's questions asked again of a position, without the script: the
//! groups handed and the changes made as the script made them (see [`super::handed`]),
//! on a copy of the position taken at the first change, so a walk that leaves the tree
//! halfway leaves the position as it was.

use std::borrow::Cow;

use rhai::EvalAltResult;
use variant_run_core::{Group, PlayerId, Position};

use super::handed;
use super::probe::Scalar;
use super::questions::{Answer, Asked, GroupFilter, Question};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A position being asked a tree's questions, and the groups handed on the way.
pub struct Replay<'a> {
    /// The ruleset around the position (its `position` is the one the walk started on).
    around: Asked<'a>,
    position: Cow<'a, Position>,
    /// The groups handed so far, in order: what a change or a fact names by number.
    handed: Vec<Group>,
    /// Whether a question asked of the weighed turn more than the tile it flips.
    beyond_the_flip: bool,
}

impl<'a> Replay<'a> {
    /// A walk from the position `asked` holds.
    pub fn new(asked: Asked<'a>) -> Replay<'a> {
        Replay {
            position: Cow::Borrowed(asked.position),
            around: asked,
            handed: Vec::new(),
            beyond_the_flip: false,
        }
    }

    /// Whether the walk asked of the weighed turn more than the tile it flips (see
    /// [`Question::asks_beyond_the_flip`]); numbers read ([`Replay::read`]) are all of
    /// the position.
    pub fn asked_beyond_the_flip(&self) -> bool {
        self.beyond_the_flip
    }

    /// The position as the walk has changed it so far, with the ruleset around it.
    pub fn asked(&self) -> Asked<'_> {
        Asked {
            position: &self.position,
            ..self.around
        }
    }

    /// Calls `f` with [`Replay::asked`], without making it while nothing has changed
    /// (most walks change nothing, and ask a few questions each turn).
    fn with_asked<T>(&self, f: impl FnOnce(&Asked) -> T) -> T {
        match &self.position {
            Cow::Borrowed(_) => f(&self.around),
            Cow::Owned(position) => f(&Asked {
                position,
                ..self.around
            }),
        }
    }

    /// Answers a question as a tree compares answers, handing groups and making
    /// changes where the question stands for that.
    ///
    /// # Errors
    /// What the script was told asking the same; a number no group was handed by.
    pub fn answer(&mut self, question: &Question) -> Fallible<Answer> {
        self.beyond_the_flip |= question.asks_beyond_the_flip();
        match question {
            Question::Groups(player, filter) => {
                let player = self.around.player(player)?;
                Ok(Answer::Int(self.hand_groups(player, filter)))
            }
            Question::GroupFact(n, fact) => {
                let group = self.handed(*n)?;
                Ok(fact.of(group, self.position.board(), &self.around.model.rules))
            }
            Question::HeldBy(n, player) => {
                let player = self.around.player(player)?;
                let held = handed::held_by(&self.position, &self.handed(*n)?.junctions, player);
                self.handed.push(held);
                Ok(Answer::Bool(true))
            }
            Question::Change(change, n) => {
                let group = self.handed.get(*n).ok_or_else(|| no_group(*n))?;
                change.make(self.position.to_mut(), &group.junctions)?;
                Ok(Answer::Bool(true))
            }
            Question::CounterChange(name, player, change) => {
                let at = self.with_asked(|asked| asked.counter(name, player.as_deref()))?;
                let rules = &self.around.model.rules;
                handed::change_counter(rules, self.position.to_mut(), at, *change)?;
                Ok(Answer::Bool(true))
            }
            _ => self.with_asked(|asked| asked.answer_to_compare(question)),
        }
    }

    /// A question read as a number, on the position as changed so far; a groups
    /// question hands the groups it counts.
    // Inlined into the tree's walk, as `Scalar::ask` is.
    #[inline]
    pub fn read(&mut self, scalar: &Scalar) -> Option<i64> {
        if let Some((letter, filter)) = scalar.hands_groups() {
            let player = self.around.model.rules.player_by_letter(letter)?;
            return Some(self.hand_groups(player, &filter));
        }
        self.with_asked(|asked| scalar.ask(asked))
    }

    /// Hands the player's groups that pass the filter, after those handed so far; how
    /// many.
    fn hand_groups(&mut self, player: PlayerId, filter: &GroupFilter) -> i64 {
        let groups = self.with_asked(|asked| asked.groups_of(player, filter));
        let count = groups.len() as i64;
        self.handed.extend(groups);
        count
    }

    /// The position the walk changed, if it changed it.
    pub fn into_changed(self) -> Option<Position> {
        match self.position {
            Cow::Owned(position) => Some(position),
            Cow::Borrowed(_) => None,
        }
    }

    fn handed(&self, n: usize) -> Fallible<&Group> {
        self.handed.get(n).ok_or_else(|| no_group(n))
    }
}

fn no_group(n: usize) -> Box<EvalAltResult> {
    format!("no group was handed {}th", n + 1).into()
}
