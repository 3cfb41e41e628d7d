//! The questions a remembered tree asks most, made ready to ask again as numbers.
//!
//! Most questions a rule script asks are read off the position as one small value: whose
//! turn it is, a count, whether a player can move, or one of those compared with a
//! constant (`game.pool == 0`). A tree asks its questions on every call of the script, a
//! few each turn, so these are read straight to a whole number (a count, 0 or 1, a
//! player's letter as its character code, how many groups a capture is handed) and
//! their branches found among numbers, without making an [`Answer`] to compare with the
//! answers seen. Any other question (a chain, junction names) is asked in full.

use variant_run_core::PlayerId;

use super::questions::{Answer, Asked, Comparison, Constant, GroupFilter, Op, Question};

/// A question read as a whole number, compared or not.
#[derive(Clone, Debug)]
pub struct Scalar {
    read: Read,
    compare: Compare,
}

/// The comparison a script made where it asked, made ready for the read's numbers.
#[derive(Clone, Debug)]
enum Compare {
    None,
    /// With a constant of the read's own kind: a count with a whole number, a yes-or-no
    /// with true or false, a letter with a text (as its character code; "" as none, and
    /// a longer text as a code no letter has).
    Numbers {
        op: Op,
        constant: i64,
        answer_right: bool,
    },
    /// Any other: the comparison made on the full answer (a type the script's
    /// comparison fails on, a param not put in its place).
    Answers(Comparison),
}

/// What kind of value a read gives: what it may be compared with as a number.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Count,
    YesOrNo,
    Letter,
}

impl Scalar {
    /// The question as a number to read, if it is one of those (or one of them compared
    /// with a constant).
    pub fn of(question: &Question) -> Option<Scalar> {
        match question {
            Question::Compared(inner, comparison) => {
                let read = Read::of(inner)?;
                Some(Scalar {
                    read,
                    compare: Compare::of(read.kind(), comparison),
                })
            }
            other => Some(Scalar {
                read: Read::of(other)?,
                compare: Compare::None,
            }),
        }
    }

    /// The player and filter of a groups question: the groups a walk hands as it reads
    /// their count (see `Replay::read` in `replay.rs`).
    pub fn hands_groups(&self) -> Option<(char, GroupFilter)> {
        match self.read {
            Read::Groups(p, filter) => Some((p, filter)),
            _ => None,
        }
    }

    /// The number an answer written on a tape stands for, as [`Scalar::ask`] reads it.
    pub fn key_of(answer: &Answer) -> Option<i64> {
        match answer {
            Answer::Int(i) => Some(*i),
            Answer::Bool(b) => Some(i64::from(*b)),
            Answer::Letter(letter) => Some(letter.map_or(-1, |c| i64::from(u32::from(c)))),
            _ => None,
        }
    }

    /// Reads the question off the position: the number [`Scalar::key_of`] gives its
    /// answer, or `None` where it cannot be answered (the script will say why).
    // Inlined into the tree's walk, which reads several of these a turn: the calls were
    // a visible part of what a remembered rule costs over its twin.
    #[inline]
    pub fn ask(&self, asked: &Asked) -> Option<i64> {
        match &self.compare {
            Compare::None => self.read.key(asked),
            &Compare::Numbers {
                op,
                constant,
                answer_right,
            } => {
                let key = self.read.key(asked)?;
                let order = if answer_right {
                    constant.cmp(&key)
                } else {
                    key.cmp(&constant)
                };
                Some(i64::from(op.holds(order)))
            }
            Compare::Answers(comparison) => {
                comparison.apply(&self.read.answer(asked)?).map(i64::from)
            }
        }
    }
}

impl Compare {
    fn of(kind: Kind, comparison: &Comparison) -> Compare {
        let equality = matches!(comparison.op, Op::Eq | Op::Ne);
        let constant = match (kind, &comparison.constant) {
            (Kind::Count, Constant::Int(c)) => Some(*c),
            (Kind::YesOrNo, Constant::Bool(b)) if equality => Some(i64::from(*b)),
            (Kind::Letter, Constant::Text(text)) if equality => {
                let mut chars = text.chars();
                Some(match (chars.next(), chars.next()) {
                    (None, _) => -1,
                    (Some(c), None) => i64::from(u32::from(c)),
                    // No letter is this text: below every code, and not -1.
                    (Some(_), Some(_)) => i64::MIN,
                })
            }
            _ => None,
        };
        match constant {
            Some(constant) => Compare::Numbers {
                op: comparison.op,
                constant,
                answer_right: comparison.answer_right,
            },
            None => Compare::Answers(comparison.clone()),
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Read {
    ToMove,
    Mover,
    QuietTurns,
    Pool,
    Tiles,
    Pieces(char),
    Stacks(char),
    Supply(char),
    HasLegalTurn,
    HasTurnWithoutFlip,
    /// How many groups pass the filter; a walk hands them too ([`Scalar::hands_groups`]).
    Groups(char, GroupFilter),
}

impl Read {
    fn kind(&self) -> Kind {
        match self {
            Read::ToMove | Read::Mover => Kind::Letter,
            Read::HasLegalTurn | Read::HasTurnWithoutFlip => Kind::YesOrNo,
            _ => Kind::Count,
        }
    }

    /// The read's number, made without an [`Answer`]: what [`Scalar::key_of`] gives
    /// for [`Read::answer`].
    fn key(&self, asked: &Asked) -> Option<i64> {
        let position = asked.position;
        let rules = &asked.model.rules;
        let player = |letter: char| -> Option<PlayerId> { rules.player_by_letter(letter) };
        let letter = |p: PlayerId| i64::from(u32::from(rules.player_letter(p)));
        Some(match self {
            Read::ToMove => letter(position.side()),
            Read::Mover => letter(1 - position.side()),
            Read::QuietTurns => i64::from(position.quiet_turns()),
            Read::Pool => i64::from(position.pool()),
            Read::Tiles => position.board().cell_count() as i64,
            Read::Pieces(p) => i64::from(position.pieces(player(*p)?)),
            Read::Stacks(p) => i64::from(position.stack_count(player(*p)?)),
            Read::Supply(p) => i64::from(position.supply(player(*p)?)),
            Read::HasLegalTurn => i64::from(asked.has_turn(true).ok()?),
            Read::HasTurnWithoutFlip => i64::from(asked.has_turn(false).ok()?),
            Read::Groups(p, filter) => count_groups(asked, player(*p)?, filter),
        })
    }

    fn of(question: &Question) -> Option<Read> {
        let letter = |p: &str| {
            let mut chars = p.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        };
        Some(match question {
            Question::ToMove => Read::ToMove,
            Question::Mover => Read::Mover,
            Question::QuietTurns => Read::QuietTurns,
            Question::Pool => Read::Pool,
            Question::Tiles => Read::Tiles,
            Question::Pieces(p) => Read::Pieces(letter(p)?),
            Question::Stacks(p) => Read::Stacks(letter(p)?),
            Question::Supply(p) => Read::Supply(letter(p)?),
            Question::HasLegalTurn => Read::HasLegalTurn,
            Question::HasTurnWithoutFlip => Read::HasTurnWithoutFlip,
            Question::Groups(p, filter) => Read::Groups(letter(p)?, *filter),
            _ => return None,
        })
    }

    /// The answer, as [`Asked::answer`] gives it, made from the read's number (no heap:
    /// these are numbers, truths and letters).
    fn answer(&self, asked: &Asked) -> Option<Answer> {
        let key = self.key(asked)?;
        Some(match self.kind() {
            Kind::Count => Answer::Int(key),
            Kind::YesOrNo => Answer::Bool(key != 0),
            Kind::Letter => Answer::Letter(u32::try_from(key).ok().and_then(char::from_u32)),
        })
    }
}

/// How many of the player's groups pass the filter. Kept out of [`Read::key`], which
/// reads the other questions on every recall: a walk counts groups as it hands them
/// (`Replay::read` in `replay.rs`), and its inlined search would slow every read.
#[inline(never)]
fn count_groups(asked: &Asked, player: PlayerId, filter: &GroupFilter) -> i64 {
    asked.groups_of(player, filter).len() as i64
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::ruleset::script::questions::{Constant, Op};
    use variant_run_core::testing::square_model;

    /// Each question a scalar reads gives, read, the number its full answer stands for.
    #[test]
    fn a_scalar_reads_what_the_full_answer_says() {
        let model = square_model(3, |a, d, _| a >= d);
        let params = BTreeMap::new();
        let position = model
            .parse_position("rrr/rrr/rrr ..../.o../..../x... x")
            .unwrap();
        let asked = Asked {
            model: &model,
            position: &position,
            params: &params,
            size: Some(3),
            homes: [None, None],
            allowed: None,
            weighed: None,
        };
        let none_left = Comparison {
            op: Op::Eq,
            constant: Constant::Int(0),
            answer_right: false,
        };
        let questions = [
            Question::ToMove,
            Question::Mover,
            Question::QuietTurns,
            Question::Pool,
            Question::Tiles,
            Question::Pieces("o".into()),
            Question::Stacks("x".into()),
            Question::Supply("x".into()),
            Question::HasLegalTurn,
            Question::HasTurnWithoutFlip,
            Question::Groups("o".into(), GroupFilter::default()),
            Question::Groups(
                "x".into(),
                GroupFilter {
                    liberties: Some(0),
                    ..GroupFilter::default()
                },
            ),
            Question::Compared(Box::new(Question::Pieces("o".into())), none_left.clone()),
            Question::Compared(Box::new(Question::Pieces("x".into())), none_left),
            Question::Compared(
                Box::new(Question::ToMove),
                Comparison {
                    op: Op::Ne,
                    constant: Constant::Text("o".into()),
                    answer_right: true,
                },
            ),
        ];
        // Each kind of read with each kind of constant and comparison: the numbers give
        // what the comparison of the full answer gives.
        let compared = |question: Question, op: Op, constant: Constant, answer_right: bool| {
            Question::Compared(
                Box::new(question),
                Comparison {
                    op,
                    constant,
                    answer_right,
                },
            )
        };
        let ops = [Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge];
        let mut more = Vec::new();
        for op in ops {
            for right in [false, true] {
                for c in [0, 1, 2] {
                    more.push(compared(
                        Question::Pieces("x".into()),
                        op,
                        Constant::Int(c),
                        right,
                    ));
                }
                for b in [false, true] {
                    more.push(compared(
                        Question::HasLegalTurn,
                        op,
                        Constant::Bool(b),
                        right,
                    ));
                }
                for text in ["", "x", "o", "xo"] {
                    more.push(compared(
                        Question::ToMove,
                        op,
                        Constant::Text(text.into()),
                        right,
                    ));
                }
                more.push(compared(
                    Question::Pool,
                    op,
                    Constant::Text("x".into()),
                    right,
                ));
            }
        }
        for question in questions.into_iter().chain(more) {
            let scalar = Scalar::of(&question).expect("a question read as a number");
            let full = asked.answer(&question).ok();
            assert_eq!(
                scalar.ask(&asked),
                full.as_ref().and_then(Scalar::key_of),
                "{question:?} answered {full:?}"
            );
        }
        // Not numbers: asked in full.
        assert!(Scalar::of(&Question::Junctions).is_none());
        assert!(Scalar::of(&Question::Compared(
            Box::new(Question::Junctions),
            Comparison {
                op: Op::Eq,
                constant: Constant::Int(0),
                answer_right: false,
            }
        ))
        .is_none());
    }
}
