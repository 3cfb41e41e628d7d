//! The questions a remembered tree asks most, made ready to ask again as numbers.
//!
//! Most questions a rule script asks are read off the position as one small value: whose
//! turn it is, a count, whether a player can move, or one of those compared with a
//! constant (`game.pool == 0`). A tree asks its questions on every call of the script, a
//! few each turn, so these are read straight to a whole number (a count, 0 or 1, a
//! player's letter as its character code) and their branches found among numbers,
//! without making an [`Answer`] to compare with the answers seen. Any other question (a
//! chain, the groups a capture takes, junction names) is asked in full.

use variant_run_core::PlayerId;

use super::questions::{Answer, Asked, Comparison, Question};

/// A question read as a whole number: what it reads, and the comparison the script makes
/// of it right where it asks, if any.
#[derive(Clone, Debug)]
pub struct Scalar {
    read: Read,
    compare: Option<Comparison>,
}

/// What a [`Scalar`] reads off a position. Players are named by their letters, as the
/// script gave them (a question on a tape was answered, so the letter is a player's).
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
}

impl Scalar {
    /// The question as a number to read, if it is one of those (or one of them compared
    /// with a constant).
    pub fn of(question: &Question) -> Option<Scalar> {
        match question {
            Question::Compared(inner, comparison) => Some(Scalar {
                read: Read::of(inner)?,
                compare: Some(comparison.clone()),
            }),
            other => Some(Scalar {
                read: Read::of(other)?,
                compare: None,
            }),
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
    pub fn ask(&self, asked: &Asked) -> Option<i64> {
        let answer = self.read.answer(asked)?;
        match &self.compare {
            None => Scalar::key_of(&answer),
            Some(comparison) => comparison.apply(&answer).map(i64::from),
        }
    }
}

impl Read {
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
            _ => return None,
        })
    }

    /// The answer, as [`Asked::answer`] gives it (no heap: these are numbers, truths and
    /// letters).
    fn answer(self, asked: &Asked) -> Option<Answer> {
        let position = asked.position;
        let rules = &asked.model.rules;
        let player = |letter: char| -> Option<PlayerId> { rules.player_by_letter(letter) };
        Some(match self {
            Read::ToMove => Answer::Letter(Some(rules.player_letter(position.side()))),
            Read::Mover => Answer::Letter(Some(rules.player_letter(1 - position.side()))),
            Read::QuietTurns => Answer::Int(i64::from(position.quiet_turns())),
            Read::Pool => Answer::Int(i64::from(position.pool())),
            Read::Tiles => Answer::Int(position.board().cell_count() as i64),
            Read::Pieces(p) => Answer::Int(i64::from(position.pieces(player(p)?))),
            Read::Stacks(p) => Answer::Int(i64::from(position.stack_count(player(p)?))),
            Read::Supply(p) => Answer::Int(i64::from(position.supply(player(p)?))),
            Read::HasLegalTurn => Answer::Bool(asked.model.has_turn(position, true)),
            Read::HasTurnWithoutFlip => Answer::Bool(asked.model.has_turn(position, false)),
        })
    }
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
        for question in questions {
            let scalar = Scalar::of(&question).expect("a question read as a number");
            let full = asked.answer(&question).unwrap();
            assert_eq!(
                scalar.ask(&asked),
                Scalar::key_of(&full),
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
