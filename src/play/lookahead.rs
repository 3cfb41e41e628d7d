//! What every computer player checks, whatever it pursues: a turn that wins at once is
//! taken, and a turn after which the opponent can win at once is avoided while there is
//! another. The end rule says what winning is, so a goal that lives only in a script is
//! seen here as well as captures are.

use variant_run_core::{PlayerId, Position};

use super::game::GameError;
use crate::ruleset::Variant;

/// Whether the game is over at `position` with `player` the winner.
pub fn won_by(variant: &Variant, position: &Position, player: PlayerId) -> Result<bool, GameError> {
    Ok(variant
        .judge(position)?
        .is_some_and(|outcome| outcome.winner == Some(player)))
}

/// Whether `after` (a position the mover's turn left) loses for the mover at once: the
/// game is over and the opponent won, or the opponent, to move, has a turn that wins.
pub fn loses_at_once(variant: &Variant, after: &Position) -> Result<bool, GameError> {
    let opponent = after.side();
    if let Some(outcome) = variant.judge(after)? {
        return Ok(outcome.winner == Some(opponent));
    }
    for delta in variant.distinct_deltas(after)? {
        if won_by(variant, &variant.play(after, &delta)?, opponent)? {
            return Ok(true);
        }
    }
    Ok(false)
}
