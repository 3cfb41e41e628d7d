//! The classical robot (`alphabeta`): alpha-beta search over whole turns, its leaves
//! scored by an evaluation of the position, the way Boardspace's own Truchet robot plays.
//! It is the yardstick the search player is measured against, besides random and greedy.
//!
//! Two ways to limit it: a depth (`alphabeta:2`, every line two whole turns deep: the
//! same turn for the same position on every machine), or a thinking time
//! (`alphabeta:500ms`: iterative deepening, one whole turn deeper each round, until the
//! time is used; the CPU time of its thread, see [`super::thinking_time`]). Each round
//! searches the root's turns best first by the round before, so a round cut short still
//! chooses well: a turn replaces the previous round's best only once searched in full.
//!
//! A leaf's score, for the side to move there: the ruleset's `evaluate` if it has one,
//! else material (pieces on the board and to receive), in pieces' worth; then, to break
//! its ties, the height of one's stacks in hundredths of a piece. The robot keeps these
//! tie-breaks under a ruleset's evaluation too, so an `evaluate` that returns material
//! leaves it playing exactly as without one. Mobility counts where it is free: the
//! opponent's number of distinct answers to each of the root's turns, known once they
//! are listed, costs the root turn a hundredth of a piece each (counting both sides'
//! turns at every leaf, as the first version did, made two turns deep take a minute a
//! turn on Truchet 7x7). A finished game scores a win or loss larger than any
//! evaluation, sooner better. At every node the turns that take the most pieces come
//! first, then the turn that last cut the search off at the same depth (the killer), so
//! the pruning cuts early.

use std::cmp::Reverse;

use variant_run_core::{Delta, PlayerId, Position};

use super::criteria::SearchView;
use super::game::{Game, GameError};
use super::mcts::{lead_chance, MAX_MILLIS};
use super::players::{Choice, Player};
use super::thinking_time::ThinkingClock;
use crate::ruleset::Variant;

/// Whole turns searched ahead when the kind names no limit (`alphabeta`).
pub const DEFAULT_DEPTH: u32 = 2;
/// The deepest search the kind takes (`alphabeta:4`), and the deepest round of a timed
/// one: Truchet's turns number in the thousands, so past it a turn takes hours.
pub const MAX_DEPTH: u32 = 4;

/// A piece's worth in the evaluation; heights and mobility count in hundredths of it.
const PIECE: i64 = 10_000;
const HUNDREDTH: i64 = PIECE / 100;
const WIN: i64 = 1 << 40;
const INFINITY: i64 = WIN * 2;
/// A timed search looks at its clock once every this many nodes.
const CLOCK_EVERY: u64 = 64;

/// How much the robot searches each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Every line this many whole turns deep.
    Depth(u32),
    /// Rounds one whole turn deeper each, while this many milliseconds of thinking last
    /// (the first round, one turn deep, always finishes).
    Millis(u64),
}

/// Reads the part of the kind after `alphabeta:`: a depth in whole turns (`3`) or a
/// thinking time (`500ms`).
///
/// # Errors
/// Anything but a depth from 1 to [`MAX_DEPTH`] or a time from 1 to [`MAX_MILLIS`] ms.
pub fn parse_limit(text: &str) -> Result<Limit, String> {
    let limit = match text.strip_suffix("ms") {
        Some(ms) => ms.parse::<u64>().ok().map(Limit::Millis),
        None => text.parse::<u32>().ok().map(Limit::Depth),
    };
    match limit {
        Some(Limit::Depth(d)) if (1..=MAX_DEPTH).contains(&d) => Ok(Limit::Depth(d)),
        Some(Limit::Millis(ms)) if (1..=MAX_MILLIS).contains(&ms) => Ok(Limit::Millis(ms)),
        _ => Err(format!(
            "`alphabeta:{text}`: give a depth in whole turns from 1 to {MAX_DEPTH} \
             (`alphabeta:2`) or a thinking time from 1 to {MAX_MILLIS} ms (`alphabeta:500ms`)"
        )),
    }
}

/// Plays the turn its search scores best (the first in canonical order among equals).
pub struct AlphaBetaPlayer {
    limit: Limit,
    /// The chance its last search gave the turn it chose.
    view: Option<SearchView>,
}

impl AlphaBetaPlayer {
    pub fn new(limit: Limit) -> AlphaBetaPlayer {
        AlphaBetaPlayer { limit, view: None }
    }
}

/// A search score as a chance of winning: certain for a won or lost game, else the
/// pieces' worth through the curve the search player scores its playouts by.
fn chance_of(score: i64) -> f64 {
    if score >= WIN - i64::from(MAX_DEPTH) - 1 {
        1.0
    } else if score <= -(WIN - i64::from(MAX_DEPTH) - 1) {
        0.0
    } else {
        lead_chance(score as f64 / PIECE as f64)
    }
}

impl Player for AlphaBetaPlayer {
    fn search_view(&self) -> Option<SearchView> {
        self.view
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, GameError> {
        self.view = None;
        if game.in_setup() {
            return Ok(Choice::Text("random".into()));
        }
        let legal = game.legal_turns()?;
        if legal.len() <= 1 {
            return Ok(match legal.into_iter().next() {
                Some(turn) => Choice::Turn(turn),
                None => Choice::Text(String::new()),
            });
        }
        let deltas: Vec<Delta> = legal.iter().map(|turn| turn.delta.clone()).collect();
        let mut search = Search::new(game.variant(), self.limit);
        let (best, score) = search.root(game.position(), &deltas)?;
        self.view = Some(SearchView {
            chance: chance_of(score),
            focus: None,
        });
        Ok(Choice::Turn(legal[best].clone()))
    }
}

/// One turn's search: the root's turns in the order the last round left them.
struct Search<'a> {
    variant: &'a Variant,
    clock: ThinkingClock,
    limit: Limit,
    nodes: u64,
    out_of_time: bool,
    /// Per ply from the root: the turn that last cut the search off there.
    killers: Vec<Option<Delta>>,
}

/// A turn of the root, with the position it leaves and its score in the last round.
struct RootTurn {
    index: usize,
    next: Position,
    score: i64,
    finished: bool,
}

impl<'a> Search<'a> {
    fn new(variant: &'a Variant, limit: Limit) -> Search<'a> {
        Search {
            variant,
            clock: ThinkingClock::start(),
            limit,
            nodes: 0,
            out_of_time: false,
            killers: vec![None; MAX_DEPTH as usize + 1],
        }
    }

    /// The index in `deltas` of the turn to play from `position`, and its score.
    fn root(&mut self, position: &Position, deltas: &[Delta]) -> Result<(usize, i64), GameError> {
        // Round one: every turn scored by the position it leaves.
        let mut turns = Vec::with_capacity(deltas.len());
        for (index, delta) in deltas.iter().enumerate() {
            let next = self.variant.play(position, delta)?;
            let (score, finished) = match self.finished_score(&next, 1)? {
                Some(score) => (-score, true),
                None => (-self.evaluate(&next)?, false),
            };
            turns.push(RootTurn {
                index,
                next,
                score,
                finished,
            });
        }
        turns.sort_by_key(|turn| Reverse(turn.score));
        let deepest = match self.limit {
            Limit::Depth(depth) => depth,
            Limit::Millis(_) => MAX_DEPTH,
        };
        for depth in 2..=deepest {
            if turns[0].score >= WIN - 1 || self.time_is_up() {
                break;
            }
            if !self.round(&mut turns, depth)? {
                break;
            }
        }
        Ok((turns[0].index, turns[0].score))
    }

    /// Searches the root's turns `depth` whole turns deep, best first, and moves the best
    /// to the front. False if the time ran out first (the front then holds the best of
    /// the turns searched in full, the previous round's best if none beat it).
    fn round(&mut self, turns: &mut [RootTurn], depth: u32) -> Result<bool, GameError> {
        let mut alpha = -INFINITY;
        let mut best: Option<usize> = None;
        for (k, turn) in turns.iter_mut().enumerate() {
            let score = if turn.finished {
                turn.score
            } else {
                let score = -self.search(&turn.next, depth - 1, -INFINITY, -alpha, 1)?;
                if self.out_of_time {
                    break;
                }
                score
            };
            turn.score = score;
            if score > alpha {
                alpha = score;
                best = Some(k);
            }
        }
        if let Some(k) = best {
            turns[..=k].rotate_right(1);
        }
        Ok(!self.out_of_time)
    }

    /// Negamax with alpha-beta: the score of `position` for its side to move, `depth`
    /// whole turns ahead, `ply` turns from the root (sooner wins score higher). When the
    /// time runs out the result is meaningless and `out_of_time` says so.
    fn search(
        &mut self,
        position: &Position,
        depth: u32,
        alpha: i64,
        beta: i64,
        ply: usize,
    ) -> Result<i64, GameError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) && self.time_is_up() {
            self.out_of_time = true;
            return Ok(0);
        }
        if let Some(score) = self.finished_score(position, ply)? {
            return Ok(score);
        }
        if depth == 0 {
            return self.evaluate(position);
        }
        let mut turns = self.variant.distinct_deltas(position)?;
        if turns.is_empty() {
            return self.evaluate(position);
        }
        // The opponent's choice after the root's turn: each answer it has is worth a
        // hundredth of a piece to it. Shifting the window keeps the pruning exact.
        let mobility = if ply == 1 {
            turns.len() as i64 * HUNDREDTH
        } else {
            0
        };
        let (mut alpha, beta) = (alpha - mobility, beta - mobility);
        let killer = self.killers[ply].take();
        turns.sort_by_cached_key(|delta| {
            Reverse((
                delta.pieces_taken(position, position.side()),
                Some(delta) == killer.as_ref(),
            ))
        });
        self.killers[ply] = killer;
        let mut best = -INFINITY;
        for delta in &turns {
            let next = self.variant.play(position, delta)?;
            let score = -self.search(&next, depth - 1, -beta, -alpha, ply + 1)?;
            if self.out_of_time {
                return Ok(0);
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                self.killers[ply] = Some(delta.clone());
                break;
            }
        }
        Ok(best + mobility)
    }

    /// The score of a finished game for the side to move in `position`, `ply` turns from
    /// the root; `None` while it goes on.
    fn finished_score(&self, position: &Position, ply: usize) -> Result<Option<i64>, GameError> {
        let side = position.side();
        let ply = ply as i64;
        Ok(self
            .variant
            .judge(position)?
            .map(|outcome| match outcome.winner {
                Some(w) if w == side => WIN - ply,
                Some(_) => -(WIN - ply),
                None => 0,
            }))
    }

    /// A leaf's score for its side to move.
    fn evaluate(&self, position: &Position) -> Result<i64, GameError> {
        let player: PlayerId = position.side();
        let lead = self.variant.evaluate(position, player)?;
        let heights: i64 = position
            .stacks()
            .iter()
            .map(|stack| match stack.owner() {
                Some(o) if o == player => i64::from(stack.height()),
                Some(_) => -i64::from(stack.height()),
                None => 0,
            })
            .sum();
        Ok(lead * PIECE + heights * HUNDREDTH)
    }

    fn time_is_up(&self) -> bool {
        match self.limit {
            Limit::Depth(_) => false,
            Limit::Millis(ms) => self.clock.used_up(ms),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::play::{Game, Layout};

    /// The same scores with no pruning, no ordering and no clock: what the search must
    /// find, however it prunes.
    fn minimax(search: &Search, position: &Position, depth: u32, ply: usize) -> i64 {
        let variant = search.variant;
        if let Some(score) = search.finished_score(position, ply).unwrap() {
            return score;
        }
        let turns = variant.distinct_deltas(position).unwrap();
        if depth == 0 || turns.is_empty() {
            return search.evaluate(position).unwrap();
        }
        let mobility = if ply == 1 {
            turns.len() as i64 * HUNDREDTH
        } else {
            0
        };
        let best = turns
            .iter()
            .map(|delta| {
                let next = variant.play(position, delta).unwrap();
                -minimax(search, &next, depth - 1, ply + 1)
            })
            .max()
            .unwrap();
        best + mobility
    }

    /// Positions of a random game, every few turns.
    fn positions(variant: &Variant, seed: u64, count: usize) -> Vec<Game<'_>> {
        let mut game = Game::new(variant, Layout::Random, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut found = Vec::new();
        while found.len() < count && game.outcome().is_none() {
            let turns = game.legal_turns().unwrap();
            let Some(turn) = turns.choose(&mut rng) else {
                break;
            };
            game.play_legal(turn.clone()).unwrap();
            if game.history().len().is_multiple_of(3) && game.outcome().is_none() {
                found.push(Game::from_position(variant, game.position().clone()).unwrap());
            }
        }
        found
    }

    /// The turn chosen two and three turns deep scores what a search without pruning
    /// gives the best turn: the pruning, the killers and the mobility's shifted windows
    /// lose nothing.
    #[test]
    fn pruning_finds_the_minimax_score() {
        // Small boards, so that the search without pruning lists every line quickly.
        let cases = [
            ("truchet-browne", 3, 3),
            ("truchet-hex", 2, 3),
            ("truchet-browne", 5, 2),
        ];
        for (ruleset, size, depth) in cases {
            let variant = Variant::load_named(ruleset, Some(size)).unwrap();
            let reference = Search::new(&variant, Limit::Depth(MAX_DEPTH));
            for (k, game) in positions(&variant, 7, 2).iter().enumerate() {
                let position = game.position();
                let deltas: Vec<Delta> = game
                    .legal_turns()
                    .unwrap()
                    .iter()
                    .map(|turn| turn.delta.clone())
                    .collect();
                if deltas.len() < 2 {
                    continue;
                }
                {
                    let scores: Vec<i64> = deltas
                        .iter()
                        .map(|delta| {
                            let next = variant.play(position, delta).unwrap();
                            -minimax(&reference, &next, depth - 1, 1)
                        })
                        .collect();
                    // Each turn's value in windows around it, below and above: inside
                    // the window exact, outside it a bound on the right side (fail-soft).
                    let mut search = Search::new(&variant, Limit::Depth(depth));
                    for (delta, score) in deltas.iter().zip(&scores) {
                        let next = variant.play(position, delta).unwrap();
                        let exact = -score;
                        for (low, high) in [
                            (-INFINITY, INFINITY),
                            (exact - 1, exact + 1),
                            (exact + 1, exact + 3 * PIECE),
                            (exact - 3 * PIECE, exact - 1),
                        ] {
                            let value = search.search(&next, depth - 1, low, high, 1).unwrap();
                            let holds = if value <= low {
                                exact <= value
                            } else if value >= high {
                                exact >= value
                            } else {
                                exact == value
                            };
                            assert!(
                                holds,
                                "{ruleset}, position {k}: {value} in ({low}, {high}), exact {exact}"
                            );
                        }
                    }
                    let best = *scores.iter().max().unwrap();
                    let (chosen, _) = Search::new(&variant, Limit::Depth(depth))
                        .root(position, &deltas)
                        .unwrap();
                    assert_eq!(
                        scores[chosen], best,
                        "{ruleset}, position {k}, depth {depth}"
                    );
                }
            }
        }
    }

    /// However little time it has, the timed robot plays a legal turn.
    #[test]
    fn a_timed_search_always_answers() {
        let variant = Variant::load_named("truchet-browne", Some(7)).unwrap();
        for game in positions(&variant, 3, 3) {
            let Choice::Turn(turn) = AlphaBetaPlayer::new(Limit::Millis(1))
                .choose(&game)
                .unwrap()
            else {
                panic!("a turn")
            };
            assert!(game.legal_turns().unwrap().contains(&turn));
        }
    }

    #[test]
    fn limits_read_as_written() {
        assert_eq!(parse_limit("3"), Ok(Limit::Depth(3)));
        assert_eq!(parse_limit("250ms"), Ok(Limit::Millis(250)));
        for bad in ["0", "5", "0ms", "ms", "", "2.5", "-1", "3600001ms", "deep"] {
            assert!(parse_limit(bad).is_err(), "{bad}");
        }
    }
}
