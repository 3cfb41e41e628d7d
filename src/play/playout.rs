//! Random playouts: a game played on from a position by drawing every turn with the
//! staged sampler ([`GameModel::random_turn`]: a flip option first, then one of that
//! board's turns), the ruleset's after-turn rules and end-of-game rule asked after each
//! turn, as in a real game. The benchmark counts their turns; the search player
//! (`mcts`, in this folder) scores positions by them.

use rand::Rng;
use variant_run_core::{GameModel, PlayerId, Position, Referee};

/// How a playout stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutEnd {
    /// The end-of-game rule ended the game: the winner, or `None` for a draw.
    Over { winner: Option<PlayerId> },
    /// The side to move had no turn although the end-of-game rule let the game go on.
    Stuck,
    /// The turn limit came first; the game goes on.
    Cut,
}

/// A finished playout: how it stopped and after how many turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    pub end: PlayoutEnd,
    pub turns: u32,
}

/// Plays random turns on `position` (in place) until the game ends, the side to move is
/// stuck, or `max_turns` turns are played. `position` must be one whose game goes on.
///
/// # Errors
/// An error of the referee (a failing script).
pub fn play_out<R: Referee>(
    model: &GameModel,
    referee: &R,
    position: &mut Position,
    rng: &mut impl Rng,
    max_turns: u32,
) -> Result<Playout, R::Error> {
    let mut turns = 0;
    while turns < max_turns {
        let Some(delta) =
            model.random_allowed_turn(referee, position, &mut |n| rng.gen_range(0..n))?
        else {
            return Ok(Playout {
                end: PlayoutEnd::Stuck,
                turns,
            });
        };
        model.apply(position, &delta);
        model.settle(referee, position)?;
        turns += 1;
        if let Some(outcome) = referee.outcome(model, position)? {
            return Ok(Playout {
                end: PlayoutEnd::Over {
                    winner: outcome.winner,
                },
                turns,
            });
        }
    }
    Ok(Playout {
        end: PlayoutEnd::Cut,
        turns,
    })
}
