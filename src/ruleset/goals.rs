//! What the end rule pursues, read from the questions it asks: the computer players aim
//! at a ruleset's goals without an `evaluate` written for them.
//!
//! An end script sees the game only through the `game` API (see [`super::script::memo`]),
//! so the questions it asks on its way to "not over yet" name what would end the game:
//! `game.count_held("w", ["a1", "c1", "e1", "g1"]) >= 3` is a goal of holding three of
//! four junctions, `game.connected(p, from, to, "tiles")` a goal of a chain. Asked on a
//! few positions of a seeded random game (the start, and where play goes from there),
//! each such question becomes a [`Goal`] with its junctions read on the ruleset's board,
//! which a player can measure on any position: how many of the junctions a player holds,
//! how many empty junctions a chain still needs. The state beyond the board is read the
//! same way: `game.pieces("o", "king") == 0` is x's goal of taking o's pieces of a kind
//! (a count of one side's pieces falling to a number is the other side's aim), and
//! `game.counter("points", "x") >= 5` x's goal of raising a counter of its own. Material
//! (taking every piece) and mobility (leaving the other side no turn) are counted by the
//! players themselves.
//!
//! Only the questions a goal is made of are read: a goal written another way (a loop of
//! `owner_at` with a count of its own) is not seen, and the players then aim by material
//! alone, as before, or by the ruleset's `evaluate`. A count compared with a number only
//! where the script asks (a literal or `game.param(..)`) gives its threshold; compared
//! later (through a variable), the goal is taken as holding every junction counted.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use variant_run_core::{JunctionId, KindId, PlayerId, Position, Stack};

use super::script::board_edges::{self, Adjacency};
use super::script::memo::Tape;
use super::script::questions::{Comparison, Constant, Named, Op, Question};
use super::Variant;

/// Positions of the seeded random game whose end-rule questions are read.
const PROBED_TURNS: usize = 48;

/// One way the end rule lets a player win, measurable on any position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// `player` wins by topping `needed` of `junctions` (`count_held`).
    Hold {
        player: PlayerId,
        junctions: Vec<JunctionId>,
        needed: u32,
    },
    /// `player` wins by a chain of its pieces from one of `from` to one of `to`
    /// (`connected` or `gap`); `start_gap` is the chain's length on an empty board.
    Chain {
        player: PlayerId,
        from: Vec<JunctionId>,
        to: Vec<JunctionId>,
        adjacency: Adjacency,
        start_gap: u32,
    },
    /// `player` wins once the other side has at most `down_to` pieces of `kind` on the
    /// board (`game.pieces("o", "king") == 0`); it starts with `start` (more than
    /// `down_to`).
    Take {
        player: PlayerId,
        kind: KindId,
        start: u32,
        down_to: u32,
    },
    /// `player` wins once its counter `counter` (the position's counter at `place`)
    /// reaches `needed` (`game.counter("points", "x") >= 5`); it starts at `start`
    /// (below `needed`).
    Reach {
        player: PlayerId,
        counter: String,
        place: usize,
        start: i64,
        needed: i64,
    },
}

impl Goal {
    /// The player the goal wins for.
    pub fn player(&self) -> PlayerId {
        match self {
            Goal::Hold { player, .. }
            | Goal::Chain { player, .. }
            | Goal::Take { player, .. }
            | Goal::Reach { player, .. } => *player,
        }
    }

    /// How much of the goal `position` has reached, from 0 (nothing) to 1 (won).
    pub fn progress(&self, position: &Position) -> f64 {
        match self {
            Goal::Hold {
                player,
                junctions,
                needed,
            } => {
                let held = junctions
                    .iter()
                    .filter(|&&j| position.stack(j).is_owned_by(*player))
                    .count() as u32;
                f64::from(held.min(*needed)) / f64::from((*needed).max(1))
            }
            Goal::Chain {
                player,
                from,
                to,
                adjacency,
                start_gap,
            } => match board_edges::gap(position, *player, from, to, *adjacency) {
                Some(gap) => 1.0 - f64::from(gap.min(*start_gap)) / f64::from((*start_gap).max(1)),
                None => 0.0,
            },
            Goal::Take {
                player,
                kind,
                start,
                down_to,
            } => {
                let left = position
                    .pieces_of_kind(1 - *player, *kind)
                    .clamp(*down_to, *start);
                f64::from(start - left) / f64::from(start - down_to)
            }
            Goal::Reach {
                place,
                start,
                needed,
                ..
            } => {
                let value = position.counter(*place).clamp(*start, *needed);
                (value - start) as f64 / (needed - start) as f64
            }
        }
    }

    /// How many of the goal's steps a capture of `stack` would make: the pieces of a
    /// kind to be taken it holds, as a share of those the goal needs taken (none for a
    /// goal that is not reached by capturing).
    pub fn share_taken_with(&self, stack: Stack) -> f64 {
        match self {
            Goal::Take {
                player,
                kind,
                start,
                down_to,
            } => f64::from(stack.pieces_of_kind(1 - *player, *kind)) / f64::from(start - down_to),
            _ => 0.0,
        }
    }

    /// Whether random turns scatter the goal's progress sooner than an opponent would
    /// break it: a chain runs through many pieces and opens as soon as any of them
    /// wanders off, where a held junction is lost only when its own stack moves or is
    /// taken. A search reads such progress where its own turns left it, not after a
    /// playout's random turns.
    pub fn scattered_by_random_turns(&self) -> bool {
        matches!(self, Goal::Chain { .. })
    }

    /// The goal in words, for `describe`: `x holds 3 of b8 d8 f8 h8`.
    pub fn describe(&self, variant: &Variant) -> String {
        let rules = &variant.model.rules;
        let board = &variant.model.board;
        let letter = |p: PlayerId| rules.player_letter(p);
        let names = |junctions: &[JunctionId]| {
            let names: Vec<String> = junctions.iter().map(|&j| board.junction_name(j)).collect();
            names.join(" ")
        };
        match self {
            Goal::Hold {
                player,
                junctions,
                needed,
            } => format!("{} holds {needed} of {}", letter(*player), names(junctions)),
            Goal::Chain {
                player,
                from,
                to,
                adjacency,
                ..
            } => format!(
                "{} joins one of {} to one of {} ({})",
                letter(*player),
                names(from),
                names(to),
                match adjacency {
                    Adjacency::Bands => "along bands",
                    Adjacency::Sides => "junctions sharing a tile side",
                    Adjacency::Tiles => "junctions of one tile",
                }
            ),
            Goal::Take {
                player,
                kind,
                start,
                down_to,
            } => format!(
                "{} takes {}'s pieces of kind {} from {start} down to {down_to}",
                letter(*player),
                letter(1 - *player),
                rules.kinds[usize::from(*kind)].name
            ),
            Goal::Reach {
                player,
                counter,
                start,
                needed,
                ..
            } => format!(
                "{} raises its counter {counter} from {start} to {needed}",
                letter(*player)
            ),
        }
    }

    /// The junctions a player's stacks advance toward: the ones to hold, or the far end
    /// of the chain.
    pub fn targets(&self) -> &[JunctionId] {
        match self {
            Goal::Hold { junctions, .. } => junctions,
            Goal::Chain { to, .. } => to,
            // Pieces move and counters have no place: no junctions to advance toward.
            Goal::Take { .. } | Goal::Reach { .. } => &[],
        }
    }
}

/// The goals a ruleset's end rule asks about, each once, in the order first asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goals {
    pub goals: Vec<Goal>,
}

impl Goals {
    /// The goals of one player.
    pub fn of(&self, player: PlayerId) -> impl Iterator<Item = &Goal> {
        self.goals.iter().filter(move |g| g.player() == player)
    }

    pub fn is_empty(&self) -> bool {
        self.goals.is_empty()
    }
}

impl Variant {
    /// The goals the end rule asks about (see the module's notes), found the first time
    /// they are asked for and kept. A failing end script, or a board that grows and
    /// shrinks (whose junctions have no lasting names), gives none.
    pub fn goals(&self) -> &Goals {
        self.goals.get_or_init(|| self.find_goals())
    }

    /// The junctions of a player's home edge (`[[players]] home`), if they have one and
    /// the board is fixed.
    pub fn home_junctions(&self, player: PlayerId) -> Vec<JunctionId> {
        let Some(edge) = self.homes[player as usize] else {
            return Vec::new();
        };
        if self.model.board.is_patch() {
            return Vec::new();
        }
        board_edges::junctions_on(&self.model.board, &edge.to_string()).unwrap_or_default()
    }

    fn find_goals(&self) -> Goals {
        let mut goals = Goals::default();
        if self.model.board.is_patch() {
            return goals;
        }
        let mut position = self.start_with_first_tiles();
        let mut rng = Pcg64Mcg::seed_from_u64(0x90a1);
        for _ in 0..PROBED_TURNS {
            let tape = Rc::new(RefCell::new(Tape::new(self.host.compared())));
            let Ok(outcome) = self.run_end_script(&position, Some(Rc::clone(&tape))) else {
                break;
            };
            for (question, _) in tape.take().asked {
                if let Some(goal) = self.goal_of(&question) {
                    if !goals.goals.contains(&goal) {
                        goals.goals.push(goal);
                    }
                }
            }
            if outcome.is_some() {
                break;
            }
            let Some(delta) = self
                .model
                .random_turn(&position, &mut |n| rng.gen_range(0..n))
            else {
                break;
            };
            self.model.apply(&mut position, &delta);
            if self.model.settle(self, &mut position).is_err() {
                break;
            }
        }
        goals
    }

    /// The goal a question stands for, if it is one: a count of held junctions (with the
    /// number it is compared with, if the script compares it where it asks), a chain, or
    /// (compared where asked) a count of a kind's pieces falling or a counter rising.
    fn goal_of(&self, question: &Question) -> Option<Goal> {
        let (question, comparison) = match question {
            Question::Compared(inner, comparison) => (&**inner, Some(comparison)),
            other => (other, None),
        };
        let needed = comparison.and_then(threshold);
        match question {
            Question::CountHeld(letter, names) => {
                let junctions = self.junctions_named(names)?;
                let needed = needed.unwrap_or(junctions.len() as u32).max(1);
                Some(Goal::Hold {
                    player: self.player_lettered(letter)?,
                    needed: needed.min(junctions.len() as u32),
                    junctions,
                })
            }
            Question::Connected(chain) | Question::Gap(chain) => {
                let player = self.player_lettered(&chain.player)?;
                let from = self.junctions_named(&chain.from)?;
                let to = self.junctions_named(&chain.to)?;
                let adjacency = Adjacency::named(&chain.adjacency).ok()?;
                let empty = Position::empty(&self.model.board, player);
                let start_gap = board_edges::gap(&empty, player, &from, &to, adjacency)?;
                Some(Goal::Chain {
                    player,
                    from,
                    to,
                    adjacency,
                    start_gap,
                })
            }
            Question::PiecesOfKind(letter, kind) => {
                let victim = self.player_lettered(letter)?;
                let kind = self.model.rules.kind_by_name(kind)?;
                let start = self.start_with_first_tiles().pieces_of_kind(victim, kind);
                let down_to = comparison.and_then(falls_to).filter(|&n| n < start)?;
                Some(Goal::Take {
                    player: 1 - victim,
                    kind,
                    start,
                    down_to,
                })
            }
            Question::Counter(name, Some(letter)) => {
                let player = self.player_lettered(letter)?;
                let (place, counter) = self.model.rules.counter_place(name, Some(player))?;
                let needed = i64::from(needed?).min(counter.max);
                (needed > counter.start).then_some(Goal::Reach {
                    player,
                    counter: name.clone(),
                    place,
                    start: counter.start,
                    needed,
                })
            }
            _ => None,
        }
    }

    fn player_lettered(&self, letter: &str) -> Option<PlayerId> {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.model.rules.player_by_letter(c),
            _ => None,
        }
    }

    /// Junctions by name on the ruleset's board, each once, in board order; `None` if a
    /// name is no junction.
    fn junctions_named(&self, names: &[Named]) -> Option<Vec<JunctionId>> {
        let board = &self.model.board;
        let found: Option<BTreeSet<JunctionId>> = names
            .iter()
            .map(|n| board.junction_by_name(&n.name))
            .collect();
        Some(found?.into_iter().collect())
    }
}

/// How many a count must reach for the comparison to hold, where the script compares it
/// with a number as it asks (`>= 3`, `> 2`, `== 3`).
fn threshold(comparison: &Comparison) -> Option<u32> {
    let (op, c) = as_asked(comparison)?;
    let needed = match op {
        Op::Ge | Op::Eq => c,
        Op::Gt => c + 1,
        _ => return None,
    };
    u32::try_from(needed).ok().filter(|&n| n > 0)
}

/// How low a count must fall for the comparison to hold (`== 0`, `< 1`, `<= 2`).
fn falls_to(comparison: &Comparison) -> Option<u32> {
    let (op, c) = as_asked(comparison)?;
    let most = match op {
        Op::Le | Op::Eq => c,
        Op::Lt => c - 1,
        _ => return None,
    };
    u32::try_from(most).ok()
}

/// The comparison with the count on its left (`3 <= n` read as `n >= 3`), and its
/// number; `None` where it is not compared with a whole number.
fn as_asked(comparison: &Comparison) -> Option<(Op, i64)> {
    let Constant::Int(c) = comparison.constant else {
        return None;
    };
    let op = if comparison.answer_right {
        match comparison.op {
            Op::Lt => Op::Gt,
            Op::Le => Op::Ge,
            Op::Gt => Op::Lt,
            Op::Ge => Op::Le,
            op => op,
        }
    } else {
        comparison.op
    };
    Some((op, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(variant: &Variant, junctions: &[JunctionId]) -> Vec<String> {
        junctions
            .iter()
            .map(|&j| variant.model.board.junction_name(j))
            .collect()
    }

    /// A ruleset of the tests (tests/fixtures/goals/), which does not change with the
    /// shipped rulesets.
    fn fixture(name: &str) -> Variant {
        let dir = crate::ruleset::find_variant(&format!("tests/fixtures/goals/{name}")).unwrap();
        Variant::load(&dir, None).unwrap()
    }

    /// Bases as Boardspace's end rule has them: three of four junctions for each side,
    /// read from the end rule's `count_held(...) >= game.param("bases_to_win")`.
    #[test]
    fn bases_held_are_goals_of_three() {
        let variant = fixture("browne-bases");
        let goals = &variant.goals().goals;
        let holds: Vec<(PlayerId, Vec<String>, u32)> = goals
            .iter()
            .filter_map(|g| match g {
                Goal::Hold {
                    player,
                    junctions,
                    needed,
                } => Some((*player, names(&variant, junctions), *needed)),
                _ => None,
            })
            .collect();
        let targets = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(
            holds.contains(&(0, targets(&["b8", "d8", "f8", "h8"]), 3)),
            "{holds:?}"
        );
        assert!(
            holds.contains(&(1, targets(&["b1", "d1", "f1", "h1"]), 3)),
            "{holds:?}"
        );
        assert_eq!(holds.len(), 2, "{holds:?}");
    }

    /// The connection design's chains, from each side's home edge to the far edge.
    #[test]
    fn the_connection_design_has_a_chain_for_each_side() {
        let dir = crate::ruleset::find_variant("examples/designs/truchet-connection").unwrap();
        let variant = Variant::load(&dir, Some(5)).unwrap();
        let chains: Vec<(PlayerId, u32)> = variant
            .goals()
            .goals
            .iter()
            .filter_map(|g| match g {
                Goal::Chain {
                    player, start_gap, ..
                } => Some((*player, *start_gap)),
                _ => None,
            })
            .collect();
        // Six junction rows: a chain through tiles needs one junction of each.
        let mut chains = chains;
        chains.sort_unstable();
        assert_eq!(chains, vec![(0, 6), (1, 6)]);
    }

    /// The bases design with its evaluation dropped (the fixture the players are
    /// measured on without a heuristic): each side's goal is the other side's four home
    /// bases, found from the end rule, which gathers them in a loop of its own. It
    /// compares the count with a variable (`let needed = game.param(..)`), not where it
    /// asks, so the three it needs are not read: the goal is taken as all four, each
    /// base held a quarter of the way.
    #[test]
    fn the_bases_design_without_its_evaluation_still_has_its_goals() {
        let dir = crate::ruleset::find_variant("tests/fixtures/unaided/hex-bases").unwrap();
        let variant = Variant::load(&dir, None).unwrap();
        assert!(!variant.has_evaluation());
        let mut holds: Vec<(PlayerId, usize, u32)> = variant
            .goals()
            .goals
            .iter()
            .filter_map(|g| match g {
                Goal::Hold {
                    player,
                    junctions,
                    needed,
                } => Some((*player, junctions.len(), *needed)),
                _ => None,
            })
            .collect();
        holds.sort_unstable();
        assert_eq!(holds, vec![(0, 4, 4), (1, 4, 4)]);
    }

    /// A goal's progress: the share of the junctions needed that a player holds.
    #[test]
    fn progress_counts_what_is_held() {
        let variant = fixture("browne-bases");
        // x holds b8, one of the three of its targets it needs; o holds none of its own.
        let position = variant
            .model
            .parse_position(
                "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
                 .x....../......../......../......../......../......../......../o....... x",
            )
            .unwrap();
        let x = variant.goals().of(0).next().unwrap();
        assert!((x.progress(&position) - 1.0 / 3.0).abs() < 1e-9);
        let o = variant.goals().of(1).next().unwrap();
        assert_eq!(o.progress(&position), 0.0);
    }

    /// The king design's end rule asks `game.pieces(next, "king") == 0`: each side's
    /// goal is taking the other's one king. Its progress is whole once the king is gone,
    /// and a capture of a stack holding it would make the whole goal.
    #[test]
    fn a_kind_the_end_rule_counts_down_is_the_other_sides_goal_to_take() {
        let dir = crate::ruleset::find_variant("examples/designs/browne-king").unwrap();
        let variant = Variant::load(&dir, None).unwrap();
        let king = variant.model.rules.kind_by_name("king").unwrap();
        let take = |player| Goal::Take {
            player,
            kind: king,
            start: 1,
            down_to: 0,
        };
        assert_eq!(variant.goals().goals.len(), 2, "{:?}", variant.goals());
        assert!(variant.goals().goals.contains(&take(0)));
        assert!(variant.goals().goals.contains(&take(1)));
        let mut position = variant.start_with_first_tiles();
        let x_goal = take(0);
        assert_eq!(x_goal.progress(&position), 0.0);
        let o_king = variant.model.board.junction_by_name("d7").unwrap();
        assert_eq!(x_goal.share_taken_with(position.stack(o_king)), 1.0);
        let x_king = variant.model.board.junction_by_name("d2").unwrap();
        assert_eq!(x_goal.share_taken_with(position.stack(x_king)), 0.0);
        position.set_stack(o_king, Stack::EMPTY);
        assert_eq!(x_goal.progress(&position), 1.0);
    }

    /// A counter the end rule compares with a number (`game.counter("points", player) >=
    /// game.param("points_to_win")`) is its player's goal, a third of the way at one
    /// point of three.
    #[test]
    fn a_counter_the_end_rule_counts_up_is_its_players_goal() {
        let variant = fixture("browne-points");
        let mut reaches: Vec<(PlayerId, i64, i64)> = variant
            .goals()
            .goals
            .iter()
            .filter_map(|g| match g {
                Goal::Reach {
                    player,
                    start,
                    needed,
                    ..
                } => Some((*player, *start, *needed)),
                _ => None,
            })
            .collect();
        reaches.sort_unstable();
        assert_eq!(reaches, vec![(0, 0, 3), (1, 0, 3)]);
        let mut position = variant.start_with_first_tiles();
        let (o_points, _) = variant
            .model
            .rules
            .counter_place("points", Some(1))
            .unwrap();
        position.set_counter(o_points, 1);
        let o = variant.goals().of(1).next().unwrap();
        assert!((o.progress(&position) - 1.0 / 3.0).abs() < 1e-9);
        let x = variant.goals().of(0).next().unwrap();
        assert_eq!(x.progress(&position), 0.0);
    }
}
