//! Remembered answers: an end-of-game script's result, learnt as a decision tree over the
//! questions it asked of the game; and likewise that an after-turn script changed
//! nothing.
//!
//! A rule script sees the game only through the `game` API, and nothing else it does
//! can differ from one call to the next (functions keep no state between calls, and
//! there is no random source), so its result is decided by the answers it got. Each
//! time the script runs, the questions it asked and the answers it got are written down
//! (a tape); the tapes together make a tree, whose nodes ask a question and branch on the
//! answer, and whose leaves hold results. For a new position the tree's questions are
//! asked natively (`game.pieces("x")` counts the pieces, as the script would have it
//! counted): where the answers lead to a leaf, that is the script's result; where they
//! leave the tree, the script runs and its tape grows the tree.
//!
//! What would make a result depend on more than the answers turns the tree off for the
//! script: writing to the game (`remove_top`), questions whose answers are not plain
//! values (`groups`, `held_by`), and side effects (`print`, `debug`), which must happen
//! every time. A script that uses the clock (`timestamp`) is never remembered.
//!
//! An after-turn script's tree has one kind of leaf, "changed nothing": a run that
//! changes the position has written to the game, which turns the tree off. So an
//! after-turn script is remembered while it only asks plain questions; Trugo's capture
//! asks for groups (`game.groups(p)`, whose answers are objects, not plain values) on
//! every call, so its tree is off from the first call and the script always runs.

use std::cell::Cell;

use variant_run_core::Outcome;

use super::questions::{Answer, Asked, Question};

/// The most nodes a tree grows to; past this it answers what it knows and the script
/// runs for the rest.
const MAX_NODES: usize = 200_000;

/// What a script asked while it ran.
#[derive(Default, Debug)]
pub struct Tape {
    pub asked: Vec<(Question, Answer)>,
    /// Something the tree cannot repeat happened (see the module's notes).
    pub unrepeatable: bool,
}

thread_local! {
    /// Set when a script prints: its call must not be remembered.
    static SIDE_EFFECT: Cell<bool> = const { Cell::new(false) };
}

/// Notes that a script did something that must happen on every call (`print`).
pub fn note_side_effect() {
    SIDE_EFFECT.with(|s| s.set(true));
}

/// Whether a side effect happened since the last call, clearing the note.
pub fn take_side_effect() -> bool {
    SIDE_EFFECT.with(|s| s.replace(false))
}

enum Node<R> {
    /// Not learnt yet (the root of an empty tree).
    Unknown,
    Ask {
        question: Question,
        branches: Vec<(Answer, usize)>,
    },
    Result(R),
}

/// The decision tree of one script; its leaves hold the script's results (an end
/// script's outcome, by default).
pub struct Memo<R = Option<Outcome>> {
    nodes: Vec<Node<R>>,
    /// The script cannot be remembered: every call runs it.
    off: bool,
}

impl<R: Clone + PartialEq> Memo<R> {
    /// An empty tree for a script with this text: off for one that reads the clock.
    pub fn for_script(source: Option<&str>) -> Memo<R> {
        Memo {
            nodes: vec![Node::Unknown],
            off: source.is_none_or(|text| text.contains("timestamp")),
        }
    }

    /// Whether calls of the script may be remembered.
    pub fn is_on(&self) -> bool {
        !self.off
    }

    /// The script's result for the position, if the tree knows it; `None` where the
    /// answers leave the tree (or asking fails: the script will say why).
    pub fn recall(&self, asked: &Asked) -> Option<R> {
        if self.off {
            return None;
        }
        let mut at = 0;
        loop {
            match &self.nodes[at] {
                Node::Unknown => return None,
                Node::Result(result) => return Some(result.clone()),
                Node::Ask { question, branches } => {
                    let answer = asked.answer(question).ok()?;
                    at = branches.iter().find(|(a, _)| *a == answer)?.1;
                }
            }
        }
    }

    /// Adds what a run of the script asked and returned. A tape that disagrees with the
    /// tree (another question after the same answers) shows the script depends on
    /// something else: the tree is turned off.
    pub fn learn(&mut self, tape: Tape, result: R) {
        if self.off {
            return;
        }
        if tape.unrepeatable || take_side_effect() {
            self.off = true;
            self.nodes = vec![Node::Unknown];
            return;
        }
        if self.nodes.len() + tape.asked.len() + 1 > MAX_NODES {
            return;
        }
        let mut at = 0;
        for (question, answer) in tape.asked {
            if let Node::Unknown = self.nodes[at] {
                self.nodes[at] = Node::Ask {
                    question: question.clone(),
                    branches: Vec::new(),
                };
            }
            let next = self.nodes.len();
            let Node::Ask {
                question: asked,
                branches,
            } = &mut self.nodes[at]
            else {
                // A result where the tape asks on: the script is not what it seemed.
                self.off = true;
                return;
            };
            if *asked != question {
                self.off = true;
                return;
            }
            at = match branches.iter().find(|(a, _)| *a == answer) {
                Some(&(_, known)) => known,
                None => {
                    branches.push((answer, next));
                    self.nodes.push(Node::Unknown);
                    next
                }
            };
        }
        match &self.nodes[at] {
            Node::Unknown => self.nodes[at] = Node::Result(result),
            Node::Result(known) if *known == result => {}
            _ => self.off = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use variant_run_core::testing::square_model;

    /// x to move, with one o piece or none.
    fn x_to_move_with_o_pieces(pieces: usize) -> variant_run_core::Position {
        let model = square_model(3, |a, d, _| a >= d);
        let o_row = if pieces == 1 { ".o.." } else { "...." };
        let text = format!("rrr/rrr/rrr ..../{o_row}/..../x... x");
        model.parse_position(&text).unwrap()
    }

    #[test]
    fn a_tape_is_recalled_for_the_same_answers_only() {
        let model = square_model(3, |a, d, _| a >= d);
        let params = BTreeMap::new();
        let asked = |position| Asked {
            model: &model,
            position,
            params: &params,
            size: Some(3),
            homes: [None, None],
        };
        let (one, none) = (x_to_move_with_o_pieces(1), x_to_move_with_o_pieces(0));
        let mut memo: Memo = Memo::for_script(Some("fn game_result(game) { ... }"));
        assert_eq!(memo.recall(&asked(&one)), None, "nothing learnt yet");
        let tape = |pieces| Tape {
            asked: vec![
                (Question::ToMove, Answer::Letter(Some('x'))),
                (Question::Pieces("o".into()), Answer::Int(pieces)),
            ],
            unrepeatable: false,
        };
        let won = Outcome {
            winner: Some(0),
            reason: "o has no pieces left".into(),
        };
        memo.learn(tape(0), Some(won.clone()));
        assert_eq!(memo.recall(&asked(&none)), Some(Some(won)));
        assert_eq!(memo.recall(&asked(&one)), None, "another answer: not known");
        memo.learn(tape(1), None);
        assert_eq!(memo.recall(&asked(&one)), Some(None));
        assert!(memo.is_on());
    }

    /// An after-turn tree remembers "changed nothing" for the answers it saw; a run that
    /// wrote or asked for groups (unrepeatable) turns it off.
    #[test]
    fn an_after_turn_tree_remembers_nothing_changed() {
        let model = square_model(3, |a, d, _| a >= d);
        let params = BTreeMap::new();
        let position = x_to_move_with_o_pieces(1);
        let asked = Asked {
            model: &model,
            position: &position,
            params: &params,
            size: Some(3),
            homes: [None, None],
        };
        let tape = |unrepeatable| Tape {
            asked: vec![(Question::Pieces("o".into()), Answer::Int(1))],
            unrepeatable,
        };
        let mut memo: Memo<()> = Memo::for_script(Some("fn after_turn(game) { ... }"));
        assert_eq!(memo.recall(&asked), None);
        memo.learn(tape(false), ());
        assert_eq!(memo.recall(&asked), Some(()));
        memo.learn(tape(true), ());
        assert!(!memo.is_on());
        assert_eq!(memo.recall(&asked), None);
    }

    #[test]
    fn what_answers_cannot_repeat_turns_the_tree_off() {
        let mut memo: Memo = Memo::for_script(Some(""));
        let first = Tape {
            asked: vec![(Question::ToMove, Answer::Letter(Some('x')))],
            unrepeatable: false,
        };
        memo.learn(first, None);
        // The same answer, then another question than before: not a function of answers.
        let other = Tape {
            asked: vec![
                (Question::ToMove, Answer::Letter(Some('x'))),
                (Question::QuietTurns, Answer::Int(3)),
            ],
            unrepeatable: false,
        };
        memo.learn(other, None);
        assert!(!memo.is_on());
        let mut memo: Memo = Memo::for_script(Some(""));
        memo.learn(
            Tape {
                asked: Vec::new(),
                unrepeatable: true,
            },
            None,
        );
        assert!(!memo.is_on(), "groups or remove_top");
        assert!(!Memo::<()>::for_script(Some("let t = timestamp();")).is_on());
        assert!(!Memo::<()>::for_script(None).is_on());
    }
}
