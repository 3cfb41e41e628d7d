//! Remembered answers: an end-of-game script's result, learnt as a decision tree over the
//! questions it asked of the game; and likewise what an after-turn script changed.
//!
//! A rule script sees the game only through the `game` API, and nothing else it does
//! can differ from one call to the next (functions keep no state between calls, and
//! there is no random source), so what it does is decided by the answers it got. Each
//! time the script runs, the questions it asked and the answers it got are written down
//! (a tape); the tapes together make a tree, whose nodes ask a question and branch on the
//! answer, and whose leaves hold results. For a new position the tree's questions are
//! asked natively (`game.pieces("x")` counts the pieces, as the script would have it
//! counted): where the answers lead to a leaf, that is the script's result; where they
//! leave the tree, the script runs and its tape grows the tree.
//!
//! Groups and the changes made with them are written down too (see [`super::handed`]):
//! `game.groups(p, #{ liberties: 0 })` as how many groups the script was handed, a
//! group's property it reads as a question of its own, `game.held_by(group, p)` and
//! `game.remove_top(group)` as acts on "the group handed first". A tree asks them again
//! by handing the groups found on the new position in the same order and making the same
//! changes to them ([`Replay`]), and goes on asking on the changed position. Trugo's
//! capture is thus remembered where it takes groups as well as where it takes none: the
//! tree learns "one surrounded group: take it, and what it pinned of the same colour",
//! not each group.
//!
//! A run can still do what a tape cannot stand for: change the position by junction
//! names (`game.remove_top(["c3"])`), or put pieces on it (`give`). The tape stops
//! there, and its path ends in a leaf "run the script here": the answers so far decide
//! that the script does it, so every position that gives them runs the script, while
//! every other branch is still remembered.
//!
//! What turns a tree off, so that every call runs the script: side effects (`print`,
//! `debug`), which must happen every time; the clock (`timestamp`); and a run that does
//! what cannot be repeated before it asks anything (every call would run it anyway).
//!
//! A tree is only as useful as its answers repeat. An answer the script compares with a
//! constant right where it asks (`game.pieces(next) == 0`, `game.pool == 0`) is written
//! down as that comparison, true or false (see [`super::compared`]): the tree then has
//! two branches there instead of one per count, and learns in a few runs. An answer kept
//! in a variable, or compared with one (`game.quiet_turns >= limit`), is written down as
//! it is. A question that names junctions on a fixed board keeps the junctions it named
//! (see [`super::questions::Named`]), and a chain keeps its junctions read. A question
//! whose answer cannot change is not written down at all: a param (params do not change),
//! another player's letter, a home edge, and on a fixed board what the board alone
//! answers (an edge's junctions, a junction's colour); a tree that left such questions
//! out holds for that board only. And the questions asked most (whose turn, a count,
//! whether a player can move, or one of those compared with a constant) are read straight
//! to a number, their branches found among numbers (see [`super::probe`]). So asking the
//! tree's questions costs about what the twin's Rust does.

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

use rustc_hash::FxBuildHasher;

use variant_run_core::Outcome;

use super::compared::ComparedSites;
use super::probe::Scalar;
use super::questions::{Answer, Question};
use super::replay::Replay;

/// The most nodes a tree grows to; past this it answers what it knows and the script
/// runs for the rest.
const MAX_NODES: usize = 200_000;

/// A node with more branches than this finds its answer's branch by hashing instead of
/// comparing with each: a question whose answers vary widely (the groups a capture
/// takes) would otherwise be a long search.
const FEW_BRANCHES: usize = 8;

/// What a script asked while it ran.
#[derive(Default, Debug)]
pub struct Tape {
    pub asked: Vec<(Question, Answer)>,
    /// After the questions above, the run did what the tree cannot repeat (see the
    /// module's notes); nothing more is written down.
    pub unrepeatable: bool,
    /// A question the board alone answers was left out: the path holds for positions
    /// on the fixed board only.
    pub left_out_board: bool,
    /// Where the ruleset's scripts compare an answer with a constant as they ask.
    pub sites: Rc<ComparedSites>,
    /// How many groups the run was handed so far: the number the next one is known by.
    handed: usize,
    /// Where the questions asked since the run's last change start in `asked`.
    since_change: usize,
}

impl Tape {
    /// An empty tape for a script of a ruleset with these comparisons.
    pub fn new(sites: &Rc<ComparedSites>) -> Tape {
        Tape {
            sites: Rc::clone(sites),
            ..Tape::default()
        }
    }

    /// Writes down a question and its answer, unless the tape has stopped. A param's
    /// answer is the same in every position, and on a fixed board (`on_fixed_board`)
    /// so is what the board alone answers (an edge's junctions, a junction's colour):
    /// asking them again would tell the tree nothing, so they are not written down.
    /// Nor is a question the tape holds since the script last changed the position: the
    /// answer is the one written (Trugo's end rule asks `game.pieces(next) == 0` twice on
    /// its way). Questions that hand groups or change them are all written: each is an
    /// act, not only a question.
    pub fn write(&mut self, question: Question, answer: &Answer, on_fixed_board: bool) {
        if self.unrepeatable || question.is_constant() {
            return;
        }
        if on_fixed_board && question.reads_the_board_alone() {
            self.left_out_board = true;
            return;
        }
        let stands_for_an_act = matches!(
            question,
            Question::Groups(..)
                | Question::HeldBy(..)
                | Question::Change(..)
                | Question::CounterChange(..)
        );
        if !stands_for_an_act
            && self.asked[self.since_change..]
                .iter()
                .any(|(asked, _)| *asked == question)
        {
            return;
        }
        if let Question::Change(..) | Question::CounterChange(..) = question {
            self.since_change = self.asked.len() + 1;
        }
        self.asked.push((question, answer.clone()));
    }

    /// Writes down that the run was handed `count` groups, for the question that handed
    /// them; the number the first of them is known by.
    pub fn hand(&mut self, count: usize) -> usize {
        let first = self.handed;
        self.handed += count;
        first
    }
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

/// What the tree says about a position.
#[derive(Debug, PartialEq)]
pub enum Recall<R> {
    /// The script's result, as it was for the same answers.
    Known(R),
    /// Run the script and write its questions down: the tree learns from the run.
    Learn,
    /// Run the script with nothing written down: a "run here" leaf, or a tree that is
    /// off or full.
    Run,
}

/// A fixed hash (no random keys), and a fast one: answers are hashed on every recall.
type FixedHasher = FxBuildHasher;

/// A node's branches: the answers seen and the nodes they lead to. Looked up only,
/// never listed, so the map's order reaches nothing.
enum Branches {
    /// A yes-or-no question (most are: comparisons, `has_legal_turn`): the branch for
    /// false and for true, found without comparing answers.
    Bools([Option<usize>; 2]),
    Few(Vec<(Answer, usize)>),
    Many(HashMap<Answer, usize, FixedHasher>),
}

impl Branches {
    fn get(&self, answer: &Answer) -> Option<usize> {
        match self {
            Branches::Bools(branches) => match answer {
                Answer::Bool(b) => branches[usize::from(*b)],
                _ => None,
            },
            Branches::Few(few) => few.iter().find(|(a, _)| a == answer).map(|&(_, n)| n),
            Branches::Many(many) => many.get(answer).copied(),
        }
    }

    fn insert(&mut self, answer: Answer, node: usize) {
        match (&mut *self, &answer) {
            (Branches::Few(few), Answer::Bool(b)) if few.is_empty() => {
                let mut branches = [None; 2];
                branches[usize::from(*b)] = Some(node);
                *self = Branches::Bools(branches);
            }
            (Branches::Bools(branches), Answer::Bool(b)) => branches[usize::from(*b)] = Some(node),
            (Branches::Bools(branches), _) => {
                // Not a yes-or-no question after all: its answers, listed.
                let mut few: Vec<(Answer, usize)> = (0..2)
                    .filter_map(|b| Some((Answer::Bool(b == 1), branches[b]?)))
                    .collect();
                few.push((answer, node));
                *self = Branches::Few(few);
            }
            (Branches::Few(few), _) if few.len() < FEW_BRANCHES => few.push((answer, node)),
            (Branches::Few(few), _) => {
                let mut many: HashMap<Answer, usize, FixedHasher> = few.drain(..).collect();
                many.insert(answer, node);
                *self = Branches::Many(many);
            }
            (Branches::Many(many), _) => {
                many.insert(answer, node);
            }
        }
    }
}

/// The branches of a question read as a number ([`Scalar`]): the numbers seen and the
/// nodes they lead to. Looked up only, never listed.
enum KeyBranches {
    Few(Vec<(i64, usize)>),
    Many(HashMap<i64, usize, FixedHasher>),
}

impl KeyBranches {
    fn get(&self, key: i64) -> Option<usize> {
        match self {
            KeyBranches::Few(few) => few.iter().find(|&&(k, _)| k == key).map(|&(_, n)| n),
            KeyBranches::Many(many) => many.get(&key).copied(),
        }
    }

    fn insert(&mut self, key: i64, node: usize) {
        match self {
            KeyBranches::Few(few) if few.len() < FEW_BRANCHES => few.push((key, node)),
            KeyBranches::Few(few) => {
                let mut many: HashMap<i64, usize, FixedHasher> = few.drain(..).collect();
                many.insert(key, node);
                *self = KeyBranches::Many(many);
            }
            KeyBranches::Many(many) => {
                many.insert(key, node);
            }
        }
    }
}

enum Node<R> {
    /// Not learnt yet (the root of an empty tree).
    Unknown,
    /// A question asked in full, its branches found by comparing answers.
    Ask {
        question: Question,
        branches: Branches,
    },
    /// A question read as a number (most are): the same question, asked faster.
    Read {
        question: Question,
        scalar: Scalar,
        branches: KeyBranches,
    },
    Result(R),
    /// The script does here what answers cannot stand for: it must run.
    RunHere,
}

/// The decision tree of one script; its leaves hold the script's results (an end
/// script's outcome, by default).
pub struct Memo<R = Option<Outcome>> {
    nodes: Vec<Node<R>>,
    /// The script cannot be remembered: every call runs it.
    off: bool,
    /// Some path leaves out questions the fixed board answers (see [`Tape::write`]): a
    /// position on another board runs the script.
    fixed_board_only: bool,
}

impl<R: Clone + PartialEq> Memo<R> {
    /// An empty tree for a script with this text: off for one that reads the clock.
    pub fn for_script(source: Option<&str>) -> Memo<R> {
        Memo {
            nodes: vec![Node::Unknown],
            off: source.is_none_or(|text| text.contains("timestamp")),
            fixed_board_only: false,
        }
    }

    /// Whether calls of the script may be remembered.
    pub fn is_on(&self) -> bool {
        !self.off
    }

    /// How many nodes the tree has (for tests: how much it had to learn).
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// What the tree knows of the script's run on the position: its result, that it
    /// must run here, or nothing yet (also where asking fails: the script will say why).
    /// Where the script changed the position on the way to a result, the replay has
    /// made the same changes ([`Replay::into_changed`]); where the walk leaves the tree,
    /// whatever it changed is the replay's copy, and the script runs on the position as
    /// it was.
    pub fn recall(&self, replay: &mut Replay) -> Recall<R> {
        if self.off || (self.fixed_board_only && !replay.asked().on_fixed_board()) {
            return Recall::Run;
        }
        let mut at = 0;
        loop {
            match &self.nodes[at] {
                Node::Unknown => return self.learn_or_run(),
                Node::Result(result) => return Recall::Known(result.clone()),
                Node::RunHere => return Recall::Run,
                Node::Read {
                    scalar, branches, ..
                } => {
                    let Some(key) = replay.read(scalar) else {
                        return Recall::Run;
                    };
                    match branches.get(key) {
                        Some(next) => at = next,
                        None => return self.learn_or_run(),
                    }
                }
                Node::Ask { question, branches } => {
                    let Ok(answer) = replay.answer(question) else {
                        return Recall::Run;
                    };
                    match branches.get(&answer) {
                        Some(next) => at = next,
                        None => return self.learn_or_run(),
                    }
                }
            }
        }
    }

    /// A run the tree does not know: written down unless the tree is full.
    fn learn_or_run(&self) -> Recall<R> {
        if self.nodes.len() < MAX_NODES {
            Recall::Learn
        } else {
            Recall::Run
        }
    }

    /// Adds what a run of the script asked and returned. A tape that disagrees with the
    /// tree (another question after the same answers) shows the script depends on
    /// something else: the tree is turned off.
    pub fn learn(&mut self, tape: Tape, result: R) {
        if self.off {
            return;
        }
        if take_side_effect() || (tape.unrepeatable && tape.asked.is_empty()) {
            self.off = true;
            self.nodes = vec![Node::Unknown];
            return;
        }
        if self.nodes.len() + tape.asked.len() + 1 > MAX_NODES {
            return;
        }
        self.fixed_board_only |= tape.left_out_board;
        let mut at = 0;
        for (question, answer) in tape.asked {
            if let Node::Unknown = self.nodes[at] {
                self.nodes[at] = match Scalar::of(&question) {
                    Some(scalar) => Node::Read {
                        question: question.clone(),
                        scalar,
                        branches: KeyBranches::Few(Vec::new()),
                    },
                    None => Node::Ask {
                        question: question.clone(),
                        branches: Branches::Few(Vec::new()),
                    },
                };
            }
            let next = self.nodes.len();
            // The branch for the answer, or a new one to an unknown node.
            let known = match &mut self.nodes[at] {
                Node::Ask {
                    question: asked,
                    branches,
                } if *asked == question => match branches.get(&answer) {
                    Some(known) => Some(known),
                    None => {
                        branches.insert(answer, next);
                        None
                    }
                },
                Node::Read {
                    question: asked,
                    branches,
                    ..
                } if *asked == question => {
                    let Some(key) = Scalar::key_of(&answer) else {
                        // Not the kind of answer this question gives.
                        self.off = true;
                        return;
                    };
                    match branches.get(key) {
                        Some(known) => Some(known),
                        None => {
                            branches.insert(key, next);
                            None
                        }
                    }
                }
                // Another question after the same answers, or a leaf where the tape asks
                // on: the script is not what it seemed.
                _ => {
                    self.off = true;
                    return;
                }
            };
            at = match known {
                Some(known) => known,
                None => {
                    self.nodes.push(Node::Unknown);
                    next
                }
            };
        }
        match (&self.nodes[at], tape.unrepeatable) {
            (Node::Unknown, false) => self.nodes[at] = Node::Result(result),
            (Node::Unknown, true) => self.nodes[at] = Node::RunHere,
            (Node::Result(known), false) if *known == result => {}
            (Node::RunHere, true) => {}
            _ => self.off = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::ruleset::script::handed::{Change, Fact};
    use crate::ruleset::script::questions::{Asked, GroupFilter};
    use variant_run_core::testing::square_model;

    /// x to move, with one o piece or none.
    fn x_to_move_with_o_pieces(pieces: usize) -> variant_run_core::Position {
        let model = square_model(3, |a, d, _| a >= d);
        let o_row = if pieces == 1 { ".o.." } else { "...." };
        let text = format!("rrr/rrr/rrr ..../{o_row}/..../x... x");
        model.parse_position(&text).unwrap()
    }

    fn tape(asked: Vec<(Question, Answer)>, unrepeatable: bool) -> Tape {
        Tape {
            asked,
            unrepeatable,
            ..Tape::default()
        }
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
            allowed: None,
            weighed: None,
        };
        let (one, none) = (x_to_move_with_o_pieces(1), x_to_move_with_o_pieces(0));
        let mut memo: Memo = Memo::for_script(Some("fn game_result(game) { ... }"));
        assert_eq!(
            memo.recall(&mut Replay::new(asked(&one))),
            Recall::Learn,
            "nothing learnt yet"
        );
        let pieces = |pieces| {
            tape(
                vec![
                    (Question::ToMove, Answer::Letter(Some('x'))),
                    (Question::Pieces("o".into()), Answer::Int(pieces)),
                ],
                false,
            )
        };
        let won = Outcome::new(Some(0), "o has no pieces left");
        memo.learn(pieces(0), Some(won.clone()));
        assert_eq!(
            memo.recall(&mut Replay::new(asked(&none))),
            Recall::Known(Some(won))
        );
        assert_eq!(
            memo.recall(&mut Replay::new(asked(&one))),
            Recall::Learn,
            "another answer: not known"
        );
        memo.learn(pieces(1), None);
        assert_eq!(
            memo.recall(&mut Replay::new(asked(&one))),
            Recall::Known(None)
        );
        assert!(memo.is_on());
    }

    /// A question asked again before the script changes anything more is written down once:
    /// its answer cannot have changed, and a second node would be asked on every recall.
    #[test]
    fn a_question_asked_again_is_written_once() {
        let mut tape = Tape::default();
        let next_has_none = Question::Compared(
            Box::new(Question::Pieces("o".into())),
            crate::ruleset::script::questions::Comparison {
                op: crate::ruleset::script::questions::Op::Eq,
                constant: crate::ruleset::script::questions::Constant::Int(0),
                answer_right: false,
            },
        );
        tape.write(next_has_none.clone(), &Answer::Bool(false), false);
        tape.write(Question::Pieces("x".into()), &Answer::Int(3), false);
        tape.write(next_has_none, &Answer::Bool(false), false);
        tape.write(Question::Pieces("o".into()), &Answer::Int(2), false);
        let asked: Vec<&Question> = tape.asked.iter().map(|(q, _)| q).collect();
        assert_eq!(asked.len(), 3, "{asked:?}");
        assert_eq!(
            *asked[2],
            Question::Pieces("o".into()),
            "the raw count is another question"
        );
        // After a change the answer may differ: the question is written again.
        let change = Question::Change(crate::ruleset::script::handed::Change::RemoveTop, 0);
        tape.write(change.clone(), &Answer::Bool(true), false);
        tape.write(change, &Answer::Bool(true), false);
        tape.write(Question::Pieces("o".into()), &Answer::Int(1), false);
        assert_eq!(
            tape.asked.len(),
            6,
            "each change is an act, and o's count is new"
        );
    }

    /// An after-turn tree remembers "changed nothing" for the answers it saw; where a run
    /// did what a tape cannot stand for after its questions, the tree says to run the
    /// script there and still remembers the other branches.
    #[test]
    fn a_write_leaves_a_run_here_leaf_and_the_other_branches_remembered() {
        let model = square_model(3, |a, d, _| a >= d);
        let params = BTreeMap::new();
        let asked = |position| Asked {
            model: &model,
            position,
            params: &params,
            size: Some(3),
            homes: [None, None],
            allowed: None,
            weighed: None,
        };
        let (one, none) = (x_to_move_with_o_pieces(1), x_to_move_with_o_pieces(0));
        let pieces = |pieces, wrote| {
            tape(
                vec![(Question::Pieces("o".into()), Answer::Int(pieces))],
                wrote,
            )
        };
        let mut memo: Memo<()> = Memo::for_script(Some("fn after_turn(game) { ... }"));
        memo.learn(pieces(0, false), ());
        memo.learn(pieces(1, true), ());
        assert!(memo.is_on());
        assert_eq!(
            memo.recall(&mut Replay::new(asked(&none))),
            Recall::Known(())
        );
        assert_eq!(
            memo.recall(&mut Replay::new(asked(&one))),
            Recall::Run,
            "the script writes here"
        );
        // The same run again changes nothing in the tree.
        memo.learn(pieces(1, true), ());
        assert_eq!(memo.recall(&mut Replay::new(asked(&one))), Recall::Run);
        assert!(memo.is_on());
        // A run that does what answers cannot stand for before asking anything: every
        // call would run the script, so the tree is off.
        let mut memo: Memo<()> = Memo::for_script(Some("fn after_turn(game) { ... }"));
        memo.learn(tape(Vec::new(), true), ());
        assert!(!memo.is_on());
        assert_eq!(memo.recall(&mut Replay::new(asked(&none))), Recall::Run);
    }

    /// A groups question is answered with how many groups the position hands, and the
    /// changes a run made to them are made again to the groups handed in their place;
    /// the questions after a change are asked of the changed position.
    #[test]
    fn groups_handed_and_changed_are_replayed() {
        let model = variant_run_core::testing::trugo_model();
        let params = BTreeMap::new();
        // Seven tiles with x's pieces on two junctions, and the same with one of them o's.
        let patch = "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a";
        let two = model
            .parse_position(&format!("{patch} 0,0e=x;0,0w=x 0 o=24,x=24 x"))
            .unwrap();
        let one = model
            .parse_position(&format!("{patch} 0,0e=x;0,0w=o 0 o=24,x=24 x"))
            .unwrap();
        let asked = |position| Asked {
            model: &model,
            position,
            params: &params,
            size: None,
            homes: [None, None],
            allowed: None,
            weighed: None,
        };
        let x_groups = Question::Groups("x".into(), GroupFilter::default());
        let answer = |position| asked(position).answer(&x_groups).unwrap();
        assert_eq!(
            answer(&two),
            Answer::Int(2),
            "x's pieces are not neighbours"
        );
        assert_eq!(answer(&one), Answer::Int(1));
        // A run on `two` that takes the first group's top piece, then asks again.
        let run = vec![
            (x_groups.clone(), Answer::Int(2)),
            (Question::GroupFact(0, Fact::Size), Answer::Int(1)),
            (Question::Change(Change::RemoveTop, 0), Answer::Bool(true)),
            (x_groups.clone(), Answer::Int(1)),
        ];
        let mut memo: Memo<()> = Memo::for_script(Some("fn after_turn(game) { ... }"));
        memo.learn(tape(run, false), ());
        let mut replay = Replay::new(asked(&two));
        assert_eq!(memo.recall(&mut replay), Recall::Known(()));
        let changed = replay.into_changed().expect("the run took a piece");
        assert_eq!(changed.pieces(1), 1, "x keeps one piece");
        assert_eq!(two.pieces(1), 2, "the position recalled is not changed");
        // One group here: a branch the tree has not seen, and nothing changed.
        let mut replay = Replay::new(asked(&one));
        assert_eq!(memo.recall(&mut replay), Recall::Learn);
        assert!(replay.into_changed().is_none());
        // A tree that expects two groups after the change leaves the tree there, and
        // the position it was recalled on is as it was.
        let mut memo: Memo<()> = Memo::for_script(Some("fn after_turn(game) { ... }"));
        let run = vec![
            (x_groups.clone(), Answer::Int(2)),
            (Question::Change(Change::RemoveTop, 1), Answer::Bool(true)),
            (x_groups.clone(), Answer::Int(2)),
        ];
        memo.learn(tape(run, false), ());
        assert_eq!(memo.recall(&mut Replay::new(asked(&two))), Recall::Learn);
        assert_eq!(two.pieces(1), 2);
    }

    /// A yes-or-no node keeps its two branches apart, and a node that turns out to
    /// answer otherwise still finds every answer it saw.
    #[test]
    fn yes_or_no_branches_and_a_node_that_answers_otherwise() {
        let mut branches = Branches::Few(Vec::new());
        assert_eq!(branches.get(&Answer::Bool(true)), None);
        branches.insert(Answer::Bool(true), 1);
        branches.insert(Answer::Bool(false), 2);
        assert!(matches!(branches, Branches::Bools(_)));
        assert_eq!(branches.get(&Answer::Bool(true)), Some(1));
        assert_eq!(branches.get(&Answer::Bool(false)), Some(2));
        assert_eq!(branches.get(&Answer::Int(1)), None);
        branches.insert(Answer::Int(1), 3);
        assert!(matches!(branches, Branches::Few(_)));
        for (answer, node) in [
            (Answer::Bool(true), 1),
            (Answer::Bool(false), 2),
            (Answer::Int(1), 3),
        ] {
            assert_eq!(branches.get(&answer), Some(node));
        }
    }

    /// A node with many answers (here many piece counts) finds each by hashing, as it
    /// found them by comparing.
    #[test]
    fn a_wide_node_finds_every_answer() {
        let model = square_model(3, |a, d, _| a >= d);
        let params = BTreeMap::new();
        let one = x_to_move_with_o_pieces(1);
        let asked = Asked {
            model: &model,
            position: &one,
            params: &params,
            size: Some(3),
            homes: [None, None],
            allowed: None,
            weighed: None,
        };
        let mut memo: Memo<Option<i64>> = Memo::for_script(Some(""));
        for pieces in (0..3 * FEW_BRANCHES as i64).rev() {
            let asked = vec![
                (Question::Pieces("o".into()), Answer::Int(pieces)),
                (
                    Question::Param("limit".into()),
                    Answer::Param(pieces.into()),
                ),
            ];
            memo.learn(tape(asked, false), Some(pieces));
        }
        assert_eq!(memo.recall(&mut Replay::new(asked)), Recall::Known(Some(1)));
        assert!(memo.is_on());
    }

    #[test]
    fn what_answers_cannot_repeat_turns_the_tree_off() {
        let mut memo: Memo = Memo::for_script(Some(""));
        let first = tape(vec![(Question::ToMove, Answer::Letter(Some('x')))], false);
        memo.learn(first, None);
        // The same answer, then another question than before: not a function of answers.
        let other = tape(
            vec![
                (Question::ToMove, Answer::Letter(Some('x'))),
                (Question::QuietTurns, Answer::Int(3)),
            ],
            false,
        );
        memo.learn(other, None);
        assert!(!memo.is_on());
        // A print: a side effect every call must have.
        let mut memo: Memo = Memo::for_script(Some(""));
        note_side_effect();
        memo.learn(first_question(), None);
        assert!(!memo.is_on());
        assert!(!Memo::<()>::for_script(Some("let t = timestamp();")).is_on());
        assert!(!Memo::<()>::for_script(None).is_on());
    }

    #[test]
    fn what_a_fixed_board_answers_is_left_out_and_only_there() {
        let edge = || Question::Edge("top".into());
        let names = Answer::Names(vec!["a8".into(), "b8".into()]);
        let mut on_fixed = Tape::default();
        on_fixed.write(edge(), &names, true);
        on_fixed.write(
            Question::Home("x".into()),
            &Answer::Text("bottom".into()),
            true,
        );
        on_fixed.write(Question::ToMove, &Answer::Letter(Some('x')), true);
        assert_eq!(on_fixed.asked.len(), 1, "only `to_move` is written down");
        assert!(on_fixed.left_out_board);
        // A patch changes under the same question: it is written down there.
        let mut on_patch = Tape::default();
        on_patch.write(edge(), &names, false);
        assert_eq!(on_patch.asked.len(), 1);
        assert!(!on_patch.left_out_board);
        let mut memo = Memo::<()>::for_script(Some(""));
        assert!(!memo.fixed_board_only);
        memo.learn(on_fixed, ());
        assert!(
            memo.fixed_board_only,
            "its paths hold on the fixed board only"
        );
    }

    fn first_question() -> Tape {
        tape(vec![(Question::ToMove, Answer::Letter(Some('x')))], false)
    }
}
