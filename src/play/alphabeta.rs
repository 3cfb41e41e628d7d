//! The classical robot (`alphabeta`): a fixed-depth search over whole turns with
//! alpha-beta pruning, its leaves scored by an evaluation of the position, the way
//! Boardspace's own Truchet robot plays. It is the yardstick the search player is measured
//! against, besides random and greedy.
//!
//! A leaf's score, for the side to move there: the ruleset's `evaluate` if it has one,
//! else material (pieces on the board and to receive), then mobility (distinct turns,
//! counted without listing them) and the height of one's stacks, in that order of
//! weight. A finished game scores a win or loss larger than any evaluation, sooner
//! better. Turns are searched captures first, so the pruning cuts early.

use std::cmp::Reverse;

use variant_run_core::{Delta, PlayerId, Position};

use super::game::{Game, GameError};
use super::players::{Choice, Player};
use crate::ruleset::Variant;

/// Whole turns searched ahead when the kind names no depth (`alphabeta`).
pub const DEFAULT_DEPTH: u32 = 2;
/// The deepest search the kind takes (`alphabeta:3`): past it a turn takes minutes.
pub const MAX_DEPTH: u32 = 4;

/// Pieces' worth of the evaluation; mobility and heights count in hundredths of it.
const PIECE: i64 = 10_000;
const WIN: i64 = 1 << 40;

/// Reads the part of the kind after `alphabeta:`: the depth in whole turns.
///
/// # Errors
/// Anything but a depth from 1 to [`MAX_DEPTH`].
pub fn parse_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => Ok(depth),
        _ => Err(format!(
            "`alphabeta:{text}`: the depth is a number of whole turns from 1 to {MAX_DEPTH}"
        )),
    }
}

/// Plays the turn a depth-limited alpha-beta search scores best (the first in canonical
/// order among equals): the same turn for the same position on every machine.
pub struct AlphaBetaPlayer {
    depth: u32,
}

impl AlphaBetaPlayer {
    pub fn new(depth: u32) -> AlphaBetaPlayer {
        AlphaBetaPlayer { depth }
    }
}

impl Player for AlphaBetaPlayer {
    fn choose(&mut self, game: &Game) -> Result<Choice, GameError> {
        if game.in_setup() {
            return Ok(Choice::Text("random".into()));
        }
        let variant = game.variant();
        let position = game.position();
        let legal = game.legal_turns()?;
        let mut best: Option<(i64, usize)> = None;
        let mut alpha = -WIN * 2;
        for (i, turn) in legal.iter().enumerate() {
            let next = variant.play(position, &turn.delta)?;
            let score = -search(variant, &next, self.depth - 1, -WIN * 2, -alpha, 1)?;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, i));
                alpha = alpha.max(score);
            }
        }
        Ok(match best {
            Some((_, i)) => Choice::Turn(legal[i].clone()),
            None => Choice::Text(String::new()),
        })
    }
}

/// Negamax with alpha-beta: the score of `position` for its side to move, `depth` whole
/// turns ahead; `ply` turns from the root (sooner wins score higher).
fn search(
    variant: &Variant,
    position: &Position,
    depth: u32,
    mut alpha: i64,
    beta: i64,
    ply: i64,
) -> Result<i64, GameError> {
    let side = position.side();
    if let Some(outcome) = variant.judge(position)? {
        return Ok(match outcome.winner {
            Some(w) if w == side => WIN - ply,
            Some(_) => -(WIN - ply),
            None => 0,
        });
    }
    if depth == 0 {
        return evaluate(variant, position, side);
    }
    let turns = ordered(position, variant.model.distinct_deltas(position));
    if turns.is_empty() {
        return evaluate(variant, position, side);
    }
    let mut best = -WIN * 2;
    for delta in &turns {
        let next = variant.play(position, delta)?;
        let score = -search(variant, &next, depth - 1, -beta, -alpha, ply + 1)?;
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    Ok(best)
}

/// The changes that take the most enemy pieces first (by landing), the rest as generated.
fn ordered(position: &Position, mut turns: Vec<Delta>) -> Vec<Delta> {
    turns.sort_by_cached_key(|delta| Reverse(delta.pieces_taken(position, position.side())));
    turns
}

/// A leaf's score for `player`.
fn evaluate(variant: &Variant, position: &Position, player: PlayerId) -> Result<i64, GameError> {
    let lead = variant.evaluate(position, player)?;
    if variant.has_evaluation() {
        return Ok(lead * PIECE);
    }
    // Mobility: the side to move's distinct turns against what the other side would have.
    let mut other = position.clone();
    other.set_side(1 - position.side());
    let mobility =
        variant.model.count_distinct(position) as i64 - variant.model.count_distinct(&other) as i64;
    let heights: i64 = position
        .stacks()
        .iter()
        .map(|stack| match stack.owner() {
            Some(o) if o == player => i64::from(stack.height()),
            Some(_) => -i64::from(stack.height()),
            None => 0,
        })
        .sum();
    Ok(lead * PIECE + mobility * (PIECE / 100) + heights * (PIECE / 100))
}
