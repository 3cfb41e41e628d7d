//! The classical robot (`alphabeta`): alpha-beta search over half-turn steps, its leaves
//! appraised from what the ruleset says matters, the way Boardspace's own Truchet robot
//! plays, as deep as it searches.
//!
//! **Half-turn steps.** A turn is a flip (or none) and then a stack move; the robot
//! takes the two as steps of their own, as Boardspace's robot does. A step lists only
//! what it needs: the flip options, then the stack moves of one flip option at a time,
//! so a line cut off after the first flip it tries never lists the others. Where no tile
//! can flip, the turn is one step. Its depth counts these steps: `alphabeta:4` looks two
//! whole turns ahead, and a timed search (`alphabeta:300ms`) deepens one step a round,
//! from two, until its thinking time is used (the CPU time of its thread, see
//! [`super::thinking_time`]), playing the best turn of the deepest round it finished, or
//! of a round it cut short once that round's first turn was searched in full.
//!
//! **What it keeps.** A transposition table (see [`super::transposition`]) holds each
//! searched node's score and best step, kept between turns; at every node the table's
//! best step comes first, then the stack moves that take the most pieces, then the two
//! that last cut the search off at the same distance from the root (killers), then the
//! ones that cut it off most often anywhere (history); flips likewise, the table's best,
//! then no flip, then the tiles whose flips cut it off most often.
//!
//! **What it looks at less.** A flip and a stack move are two steps of the same side, so
//! where the other side refutes a line the search must try every flip with every stack
//! move, some 12,000 turns on a Truchet board. Late flips and late quiet moves are
//! searched a step or two shallower first (late move reductions, as chess engines
//! search), and again in full only where that shallow look beats the best so far: half
//! a step deeper at 200 ms, and it beat the same robot without them in 26 of 40 games
//! of truchet-boardspace (BENCHMARKS.md).
//!
//! **What a leaf is worth**, for the side to move: the ruleset's `evaluate`, with the
//! stack term of [`super::appraisal`] in hundredths to break its ties, or without a hook
//! the whole appraisal (material, goals, stacks by height and advance, regions, mobility,
//! threats, and far ahead how close it has come to the other side's last stacks), faded
//! toward even as the turns without a capture near the end rule's limit for them, where
//! it has one (see [`Search::appraise`]). A finished game scores a win or loss larger
//! than any appraisal, sooner better, and a draw half a piece below even for the robot's
//! own side (contempt), so it plays on from a level position rather than let a draw
//! rule end the game. A board the game has already been through (the same stacks on
//! the same tiles, the same side to move) is scored as a draw too: going round in
//! circles gets nowhere, and without it two robots shuffled pieces back and forth until
//! a quiet-turn rule drew the game or, on a ruleset without one, for hundreds of turns.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashSet, FxHasher};
use variant_run_core::{CellId, Delta, PlayerId, Position};

use super::appraisal::Appraiser;
use super::criteria::SearchView;
use super::game::{Game, GameError};
use super::lead::lead_chance;
use super::player::{Choice, Player};
use super::thinking_time::ThinkingClock;
use super::thinking_time::MAX_MILLIS;
use super::transposition::{Bound, Table};
use crate::ruleset::Variant;

/// Half-turn steps searched when the kind names no limit (`alphabeta`): two whole turns.
pub const DEFAULT_DEPTH: u32 = 4;
/// The deepest search the kind takes (`alphabeta:12`), and the deepest round of a timed
/// one.
pub const MAX_DEPTH: u32 = 12;

/// A piece's worth in the search's scores.
const PIECE: f64 = 10_000.0;
const WIN: i64 = 1 << 40;
/// What a drawn game costs the robot, in the search's scores (half a piece): a draw by
/// turns without a capture is worse than an even position it can still play on, so it
/// plays on where it is not behind (without it, two robots that both keep their stacks
/// out of reach draw nearly every game of Browne's Truchet).
const CONTEMPT: i64 = PIECE as i64 / 2;
const INFINITY: i64 = WIN * 2;
/// A timed search looks at its clock once every this many nodes.
const CLOCK_EVERY: u64 = 8;
/// The table's size: `1 << TABLE_BITS` entries (six megabytes).
const TABLE_BITS: u32 = 18;
/// History scores are kept in this many slots, by a hash of the move, and flips' in
/// this many, by tile.
const HISTORY_SLOTS: usize = 1 << 12;
const FLIP_HISTORY_SLOTS: usize = 1 << 10;
/// Moves after this many at a node, taking nothing, are searched a step shallower first
/// (late move reductions), where at least this many steps are left; after
/// `VERY_LATE_MOVES`, two steps shallower where at least `VERY_REDUCED_FROM` are left.
const LATE_MOVES: usize = 4;
const REDUCED_FROM: u32 = 4;
const VERY_LATE_MOVES: usize = 12;
const VERY_REDUCED_FROM: u32 = 5;
/// Flip options after this many at a node (the table's best, no flip, and the flip that
/// cut the search off most often) are searched this many steps shallower first, where
/// at least [`REDUCED_FROM`] steps are left: most flips change nothing that matters
/// (why this pays: the module's "What it looks at less").
const LATE_FLIPS: usize = 3;
const FLIP_REDUCTION: u32 = 2;

/// How much the robot searches each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// This many half-turn steps deep.
    Depth(u32),
    /// Rounds one step deeper each, while this many milliseconds of thinking last (the
    /// first round, one whole turn deep, always finishes).
    Millis(u64),
}

/// Reads the part of the kind after `alphabeta:`: a depth in half-turn steps (`4`) or a
/// thinking time (`500ms`).
///
/// # Errors
/// Anything but a depth from 1 to [`MAX_DEPTH`] or a time from 1 to [`MAX_MILLIS`] ms.
pub fn parse_limit(text: &str) -> Result<Limit, BadLimit> {
    let limit = match text.strip_suffix("ms") {
        Some(ms) => ms.parse::<u64>().ok().map(Limit::Millis),
        None => text.parse::<u32>().ok().map(Limit::Depth),
    };
    match limit {
        Some(Limit::Depth(d)) if (1..=MAX_DEPTH).contains(&d) => Ok(Limit::Depth(d)),
        Some(Limit::Millis(ms)) if (1..=MAX_MILLIS).contains(&ms) => Ok(Limit::Millis(ms)),
        _ => Err(BadLimit {
            text: text.to_string(),
        }),
    }
}

/// What followed `alphabeta:` where it is neither a depth nor a time the robot takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLimit {
    text: String,
}

impl std::fmt::Display for BadLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`alphabeta:{}`: give a depth in half-turn steps (a flip, then a stack move) \
             from 1 to {MAX_DEPTH} (`alphabeta:4`) or a thinking time from 1 to {MAX_MILLIS} \
             ms (`alphabeta:500ms`)",
            self.text
        )
    }
}

/// Plays the turn its search scores best.
pub struct AlphaBetaPlayer {
    limit: Limit,
    /// The chance its last search gave the turn it chose.
    view: Option<SearchView>,
    /// Made on the first turn, for the ruleset played.
    kept: Option<Kept>,
}

/// What the robot keeps from turn to turn.
struct Kept {
    appraiser: Appraiser,
    /// The turns without a capture that draw the game, where the end rule has such a
    /// limit (see [`quiet_limit`]).
    quiet_limit: Option<u32>,
    table: Table,
    /// The side it searched for: the table's drawn games are scored for that side.
    side: PlayerId,
    /// The boards of the game so far that it has seen (where it moved, and what its
    /// turns left), by [`board_key`]; and how many turns the game had then.
    seen: FxHashSet<u64>,
    turns_seen: usize,
}

impl AlphaBetaPlayer {
    pub fn new(limit: Limit) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            limit,
            view: None,
            kept: None,
        }
    }
}

/// A search score as a chance of winning: certain for a won or lost game, else the
/// pieces' worth through the curve the search player scores its playouts by.
fn chance_of(score: i64) -> f64 {
    if score >= WIN - 1000 {
        1.0
    } else if score <= -(WIN - 1000) {
        0.0
    } else {
        lead_chance(score as f64 / PIECE)
    }
}

impl Player for AlphaBetaPlayer {
    fn search_view(&self) -> Option<SearchView> {
        self.view
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, GameError> {
        self.view = None;
        if game.in_setup() {
            return Ok(Choice::RandomSetUp);
        }
        let legal = game.legal_turns()?;
        if legal.len() <= 1 {
            return Ok(match legal.into_iter().next() {
                Some(turn) => Choice::Turn(turn),
                None => Choice::NoTurn,
            });
        }
        let variant = game.variant();
        let side = game.position().side();
        // A draw costs the side searched for (see `CONTEMPT`), so a robot asked to move
        // for the other side starts a table of its own.
        if self.kept.as_ref().is_some_and(|kept| kept.side != side) {
            self.kept = None;
        }
        let kept = self.kept.get_or_insert_with(|| Kept {
            appraiser: Appraiser::new(variant),
            quiet_limit: quiet_limit(variant),
            table: Table::new(TABLE_BITS),
            side,
            seen: FxHashSet::default(),
            turns_seen: 0,
        });
        // A game shorter than the last one seen (a new game, or turns taken back) is not
        // the line those boards came from: they are forgotten.
        if game.history().len() < kept.turns_seen {
            kept.seen.clear();
        }
        kept.turns_seen = game.history().len();
        kept.seen.insert(board_key(game.position()));
        kept.table.next_search();
        let mut search = Search::new(
            variant,
            &kept.appraiser,
            kept.quiet_limit,
            &mut kept.table,
            &kept.seen,
            self.limit,
        );
        let position = game.position();
        let (delta, score) = search.root(position)?;
        let after = variant.play(position, &delta)?;
        kept.seen.insert(board_key(&after));
        self.view = Some(SearchView {
            chance: chance_of(score),
            focus: None,
        });
        // The change names the legal turn; where the after-turn rules make two changes
        // one turn, the position they leave does.
        if let Some(turn) = legal.iter().find(|t| t.delta == delta) {
            return Ok(Choice::Turn(turn.clone()));
        }
        for turn in &legal {
            if variant.play(position, &turn.delta)? == after {
                return Ok(Choice::Turn(turn.clone()));
            }
        }
        unreachable!("every turn the search lists is a legal turn")
    }
}

/// Which half of a turn a node decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The flip, or none.
    Flip,
    /// The stack move after this flip (or none).
    Move(Option<CellId>),
}

/// One turn's search.
struct Search<'a> {
    variant: &'a Variant,
    appraiser: &'a Appraiser,
    quiet_limit: Option<u32>,
    table: &'a mut Table,
    /// Boards the game has been through: reaching one again is scored as a draw.
    seen: &'a FxHashSet<u64>,
    clock: ThinkingClock,
    limit: Limit,
    nodes: u64,
    out_of_time: bool,
    /// Per distance from the root in whole turns: the two moves that last cut the
    /// search off there.
    killers: Vec<[Option<Delta>; 2]>,
    /// How often a move cut the search off, by a hash of it.
    history: Vec<u32>,
    /// How often a flip cut the search off, by its tile.
    flip_history: Vec<u32>,
    /// Whether late flips and moves are searched shallower first: off only where a test
    /// holds the search to the value of one that looks at everything.
    reductions: bool,
    /// The best move found at the root in the round being searched, and its score.
    root_best: Option<(Delta, i64)>,
    /// The side the robot moves for: a drawn game is a little worse for it than even.
    root_side: PlayerId,
}

impl<'a> Search<'a> {
    fn new(
        variant: &'a Variant,
        appraiser: &'a Appraiser,
        quiet_limit: Option<u32>,
        table: &'a mut Table,
        seen: &'a FxHashSet<u64>,
        limit: Limit,
    ) -> Search<'a> {
        Search {
            variant,
            appraiser,
            quiet_limit,
            table,
            seen,
            clock: ThinkingClock::start(),
            limit,
            nodes: 0,
            out_of_time: false,
            killers: vec![[None, None]; MAX_DEPTH as usize + 2],
            history: vec![0; HISTORY_SLOTS],
            flip_history: vec![0; FLIP_HISTORY_SLOTS],
            reductions: true,
            root_best: None,
            root_side: 0,
        }
    }

    /// The move to play from `position` and its score: rounds one step deeper each.
    fn root(&mut self, position: &Position) -> Result<(Delta, i64), GameError> {
        let deepest = match self.limit {
            Limit::Depth(depth) => depth,
            Limit::Millis(_) => MAX_DEPTH,
        };
        self.root_side = position.side();
        let mut chosen: Option<(Delta, i64)> = None;
        // One whole turn at least: the round that always finishes.
        let first = 2.min(deepest);
        for depth in first..=deepest {
            self.root_best = None;
            let score = self.search(position, Step::Flip, depth, -INFINITY, INFINITY, 0)?;
            let finished = !self.out_of_time;
            if let Some((delta, best)) = self.root_best.take() {
                // A round cut short counts where its first move, the last round's best,
                // was searched in full and something beat it.
                if finished || chosen.is_none() || best > chosen.as_ref().map_or(-INFINITY, |c| c.1)
                {
                    chosen = Some((delta, if finished { score } else { best }));
                }
            }
            if !finished || score.abs() >= WIN - 1000 {
                break;
            }
            if depth >= 2 && self.time_is_up() {
                break;
            }
        }
        Ok(chosen.expect("the first round always finishes and has a move"))
    }

    /// Negamax with alpha-beta over half-turn steps: the value of the node for its side
    /// to move, `depth` steps deep, `ply` whole turns from the root (sooner wins score
    /// higher). `None` for a flip after which there is no stack move. When the time runs
    /// out the result is meaningless and `out_of_time` says so.
    fn search(
        &mut self,
        position: &Position,
        step: Step,
        depth: u32,
        alpha: i64,
        beta: i64,
        ply: usize,
    ) -> Result<i64, GameError> {
        Ok(self
            .node(position, step, depth, alpha, beta, ply)?
            .unwrap_or(-INFINITY))
    }

    fn node(
        &mut self,
        position: &Position,
        step: Step,
        depth: u32,
        alpha: i64,
        beta: i64,
        ply: usize,
    ) -> Result<Option<i64>, GameError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) && self.time_is_up() {
            self.out_of_time = true;
            return Ok(Some(0));
        }
        if step == Step::Flip {
            if let Some(score) = self.finished_score(position, ply)? {
                return Ok(Some(score));
            }
            if ply > 0 && self.seen.contains(&board_key(position)) {
                return Ok(Some(self.draw_score(position)));
            }
        }
        let key = node_key(position, step);
        let mut hinted = None;
        if let Some(entry) = self.table.get(key) {
            hinted = Some(entry.best);
            if u32::from(entry.depth) >= depth && ply > 0 {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return Ok(Some(score));
                }
            }
        }
        let found = match step {
            Step::Flip => self.flip_node(position, depth, alpha, beta, ply, hinted)?,
            Step::Move(flip) => self.move_node(position, flip, depth, alpha, beta, ply, hinted)?,
        };
        let Some((score, best)) = found else {
            return Ok(None);
        };
        if !self.out_of_time && depth > 0 {
            let bound = if score <= alpha {
                Bound::Upper
            } else if score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table
                .put(key, to_table(score, ply), best, depth.min(255) as u8, bound);
        }
        Ok(Some(score))
    }

    /// A flip node: the best of its flip options, each a move node of the same side.
    fn flip_node(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i64,
        beta: i64,
        ply: usize,
        hinted: Option<u32>,
    ) -> Result<Option<(i64, u32)>, GameError> {
        let flips = self.variant.model.flippable(position);
        if flips.is_empty() {
            // Nothing to flip: the turn is one step.
            let score = self.node(position, Step::Move(None), depth, alpha, beta, ply)?;
            return Ok(score
                .map(|s| (s, 0))
                .or(Some((self.stuck_score(position)?, 0))));
        }
        if depth == 0 {
            return Ok(Some((self.appraise(position)?, 0)));
        }
        let options = self.flip_order(&flips, hinted);
        let mut best: Option<(i64, u32)> = None;
        for (k, option) in options.into_iter().enumerate() {
            let flip = (option > 0).then(|| flips[option as usize - 1]);
            let step = Step::Move(flip);
            // The first option with the whole window, the others first with none (they
            // are expected to be worse) and late ones shallower, searched again in full
            // only where one is not worse.
            let late = self.reductions && k >= LATE_FLIPS && depth >= REDUCED_FROM;
            let score = if best.is_none() {
                self.node(position, step, depth - 1, alpha, beta, ply)?
            } else {
                let probe_depth = if late {
                    depth - 1 - FLIP_REDUCTION
                } else {
                    depth - 1
                };
                match self.node(position, step, probe_depth, alpha, alpha + 1, ply)? {
                    Some(s) if s > alpha && (late || s < beta) && !self.out_of_time => {
                        self.node(position, step, depth - 1, alpha, beta, ply)?
                    }
                    other => other,
                }
            };
            let Some(score) = score else {
                continue;
            };
            if self.out_of_time {
                return Ok(Some((0, 0)));
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, option));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if let Some(cell) = flip {
                    let slot = &mut self.flip_history[usize::from(cell) % FLIP_HISTORY_SLOTS];
                    *slot = slot.saturating_add(depth * depth);
                }
                break;
            }
        }
        match best {
            Some(best) => Ok(Some(best)),
            None => Ok(Some((self.stuck_score(position)?, 0))),
        }
    }

    /// A move node: the best of the stack moves after `flip`, each leaving a flip node of
    /// the other side. `None` when there is none.
    #[allow(clippy::too_many_arguments)]
    fn move_node(
        &mut self,
        position: &Position,
        flip: Option<CellId>,
        depth: u32,
        mut alpha: i64,
        beta: i64,
        ply: usize,
        hinted: Option<u32>,
    ) -> Result<Option<(i64, u32)>, GameError> {
        if depth == 0 {
            let mut staged = position.clone();
            if let Some(cell) = flip {
                let tiles = position.board().tiles();
                staged.set_tile(cell, tiles.flipped(position.tile(cell)));
            }
            return Ok(Some((self.appraise(&staged)?, 0)));
        }
        let moves = self.moves_after(position, flip)?;
        if moves.is_empty() {
            return Ok(None);
        }
        let order = self.ordered(position, &moves, hinted, ply);
        let mover = position.side();
        let mut best: Option<(i64, u32)> = None;
        for (k, index) in order.into_iter().enumerate() {
            let delta = &moves[index as usize];
            let next = self.variant.play(position, delta)?;
            let score = if best.is_none() {
                -self.search(&next, Step::Flip, depth - 1, -beta, -alpha, ply + 1)?
            } else {
                // Late quiet moves are looked at a step or two shallower, with no window:
                // only one that comes out better than the best is searched again in full.
                let late = self.reductions
                    && k >= LATE_MOVES
                    && depth >= REDUCED_FROM
                    && delta.pieces_taken(position, mover) == 0;
                let reduced = if !late {
                    depth - 1
                } else if k >= VERY_LATE_MOVES && depth >= VERY_REDUCED_FROM {
                    depth - 3
                } else {
                    depth - 2
                };
                let probe =
                    -self.search(&next, Step::Flip, reduced, -alpha - 1, -alpha, ply + 1)?;
                if probe > alpha && (late || probe < beta) && !self.out_of_time {
                    -self.search(&next, Step::Flip, depth - 1, -beta, -alpha, ply + 1)?
                } else {
                    probe
                }
            };
            if self.out_of_time {
                return Ok(Some((0, 0)));
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, index));
                if ply == 0 && score > alpha {
                    self.root_best = Some((delta.clone(), score));
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.remember_cut(delta, ply, depth);
                break;
            }
        }
        Ok(best)
    }

    /// The distinct stack moves of `position` after `flip` (or none) that the ruleset
    /// allows: the one place the robot lists turns.
    fn moves_after(
        &self,
        position: &Position,
        flip: Option<CellId>,
    ) -> Result<Vec<Delta>, GameError> {
        Ok(self.variant.distinct_deltas_flipping(position, flip)?)
    }

    /// The order to search a flip node's options in (option 0 is no flip, option k + 1
    /// the k-th of `flips`): the table's best, then no flip, then the tiles whose flips
    /// cut the search off most often.
    fn flip_order(&self, flips: &[CellId], hinted: Option<u32>) -> Vec<u32> {
        let mut keyed: Vec<(u32, u32)> = (0..=flips.len() as u32)
            .map(|option| {
                let key = if hinted == Some(option) {
                    u32::MAX
                } else if option == 0 {
                    u32::MAX - 1
                } else {
                    let cell = usize::from(flips[option as usize - 1]);
                    self.flip_history[cell % FLIP_HISTORY_SLOTS].min(u32::MAX - 2)
                };
                (key, option)
            })
            .collect();
        keyed.sort_by_key(|&(key, option)| (std::cmp::Reverse(key), option));
        keyed.into_iter().map(|(_, option)| option).collect()
    }

    /// The order to search `moves` in: the table's best, then the most pieces taken,
    /// the killers, and the history.
    fn ordered(
        &self,
        position: &Position,
        moves: &[Delta],
        hinted: Option<u32>,
        ply: usize,
    ) -> Vec<u32> {
        let mover = position.side();
        let killers = &self.killers[ply.min(self.killers.len() - 1)];
        let mut keyed: Vec<(i64, u32)> = moves
            .iter()
            .enumerate()
            .map(|(i, delta)| {
                let mut key = i64::from(self.history[history_slot(delta)]);
                key += delta.pieces_taken(position, mover) * (1 << 40);
                if killers.iter().any(|k| k.as_ref() == Some(delta)) {
                    key += 1 << 36;
                }
                if hinted == Some(i as u32) {
                    key = i64::MAX;
                }
                (key, i as u32)
            })
            .collect();
        keyed.sort_by_key(|&(key, i)| (std::cmp::Reverse(key), i));
        keyed.into_iter().map(|(_, i)| i).collect()
    }

    fn remember_cut(&mut self, delta: &Delta, ply: usize, depth: u32) {
        let slot = ply.min(self.killers.len() - 1);
        let killers = &mut self.killers[slot];
        if killers[0].as_ref() != Some(delta) {
            killers[1] = killers[0].take();
            killers[0] = Some(delta.clone());
        }
        let h = &mut self.history[history_slot(delta)];
        *h = h.saturating_add(depth * depth);
    }

    /// The score of a finished game for the side to move in `position`, `ply` whole
    /// turns from the root; `None` while it goes on.
    fn finished_score(&self, position: &Position, ply: usize) -> Result<Option<i64>, GameError> {
        let side = position.side();
        let ply = ply as i64;
        Ok(self
            .variant
            .judge(position)?
            .map(|outcome| match outcome.winner {
                Some(w) if w == side => WIN - ply,
                Some(_) => -(WIN - ply),
                None => self.draw_score(position),
            }))
    }

    /// A drawn game's score for the side to move in `position`.
    fn draw_score(&self, position: &Position) -> i64 {
        if position.side() == self.root_side {
            -CONTEMPT
        } else {
            CONTEMPT
        }
    }

    /// A side that has no turn although the end rule lets the game go on: appraised as
    /// it stands.
    fn stuck_score(&self, position: &Position) -> Result<i64, GameError> {
        self.appraise(position)
    }

    /// A leaf's value for its side to move, drawn toward even as the turns without a
    /// capture near the ruleset's limit: half its worth at the limit, so a lead held
    /// without taking anything fades and a capture, which starts the count again, gains
    /// more the longer the count has run. Without it the robot, far ahead, let a hundred
    /// quiet turns pass and the game be drawn, seeing the draw only in its last few.
    /// (Chess engines fade their evaluation with the fifty-move count alike.)
    fn appraise(&self, position: &Position) -> Result<i64, GameError> {
        let player = position.side();
        let worth = if self.variant.has_evaluation() {
            let hook = self.variant.evaluate(position, player)? as f64;
            let stacks = self.appraiser.terms(position, player)[2];
            hook + stacks / 100.0
        } else {
            self.appraiser.appraise(position, player)
        };
        let fade = self.quiet_limit.map_or(1.0, |limit| {
            let quiet = f64::from(position.quiet_turns().min(limit));
            1.0 - quiet / (2.0 * f64::from(limit))
        });
        Ok((worth * fade * PIECE) as i64)
    }

    fn time_is_up(&self) -> bool {
        match self.limit {
            Limit::Depth(_) => false,
            Limit::Millis(ms) => self.clock.used_up(ms),
        }
    }
}

/// The turns without a capture after which the ruleset's end rule draws a game: the
/// smallest count at which it calls the start position drawn, asked of the rule itself
/// (so whatever the ruleset names it, or however it counts it); `None` where the start
/// position is already over, or no count up to 65,536 ends it.
fn quiet_limit(variant: &Variant) -> Option<u32> {
    let mut position = variant.start_with_first_tiles();
    let mut drawn_at = |quiet: u32| -> Option<bool> {
        position.set_quiet_turns(quiet);
        match variant.judge(&position) {
            Ok(None) => Some(false),
            Ok(Some(outcome)) => outcome.winner.is_none().then_some(true),
            Err(_) => None,
        }
    };
    if drawn_at(0)? {
        return None;
    }
    // The first power of two that draws, then halve the gap below it.
    let mut high = 1;
    while !drawn_at(high)? {
        if high >= 1 << 16 {
            return None;
        }
        high *= 2;
    }
    let mut low = high / 2;
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if drawn_at(middle)? {
            high = middle;
        } else {
            low = middle;
        }
    }
    Some(high)
}

/// A board's key without the counts that only grow (turns without a capture): the
/// same stacks on the same tiles with the same side to move.
fn board_key(position: &Position) -> u64 {
    let mut hasher = FxHasher::default();
    position.tiles().hash(&mut hasher);
    position.stacks().hash(&mut hasher);
    position.side().hash(&mut hasher);
    hasher.finish()
}

/// A node's key in the table: its position, and which half of the turn it decides.
fn node_key(position: &Position, step: Step) -> u64 {
    let mut hasher = FxHasher::default();
    position.hash(&mut hasher);
    match step {
        Step::Flip => 0u32.hash(&mut hasher),
        Step::Move(flip) => (1 + flip.map_or(0, |c| u32::from(c) + 1)).hash(&mut hasher),
    }
    hasher.finish()
}

fn history_slot(delta: &Delta) -> usize {
    let mut hasher = FxHasher::default();
    delta.hash(&mut hasher);
    (hasher.finish() as usize) & (HISTORY_SLOTS - 1)
}

/// A won or lost score counts its turns from the root; the table keeps it counted from
/// the node, so that it holds wherever the node is met again.
fn to_table(score: i64, ply: usize) -> i64 {
    let ply = ply as i64;
    if score >= WIN - 1000 {
        score + ply
    } else if score <= -(WIN - 1000) {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i64, ply: usize) -> i64 {
    let ply = ply as i64;
    if score >= WIN - 1000 {
        score - ply
    } else if score <= -(WIN - 1000) {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests;
