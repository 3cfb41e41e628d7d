//! What every computer player checks, whatever it pursues: a turn that wins at once is
//! taken, and a turn after which the opponent can win at once is avoided while there is
//! another. The end rule says what winning is, so a goal that lives only in a script is
//! seen here as well as captures are.

use variant_run_core::{PlayerId, Position, Referee};

use super::game::GameError;
use crate::ruleset::Variant;

/// Whether the game is over at `position` with `player` the winner.
pub fn won_by(variant: &Variant, position: &Position, player: PlayerId) -> Result<bool, GameError> {
    Ok(variant
        .judge(position)?
        .is_some_and(|outcome| outcome.winner == Some(player)))
}

/// Whether `after` (a position the mover's turn left) loses for the mover at once: the
/// game is over and the opponent won, or the opponent, to move, has a turn the ruleset
/// allows that wins.
///
/// The opponent's turns are made one by one and the walk stops at the first that wins:
/// where the mover is lost, every turn it might make is asked about, and listing each
/// one's replies whole (told apart, hashed) took seconds a turn.
pub fn loses_at_once(variant: &Variant, after: &Position) -> Result<bool, GameError> {
    let opponent = after.side();
    if let Some(outcome) = variant.judge(after)? {
        return Ok(outcome.winner == Some(opponent));
    }
    variant.model.has_turn_where(after, true, &mut |delta| {
        if variant.refusal(&variant.model, after, delta)?.is_some() {
            return Ok(false);
        }
        won_by(variant, &variant.play(after, delta)?, opponent)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Game, Layout};
    use rand::{Rng, SeedableRng};

    /// The definition, spelled out: the game is won by the opponent, or one of the
    /// distinct turns the ruleset allows them wins.
    fn loses_by_the_list(variant: &Variant, after: &Position) -> bool {
        let opponent = after.side();
        if let Some(outcome) = variant.judge(after).unwrap() {
            return outcome.winner == Some(opponent);
        }
        variant
            .distinct_deltas(after)
            .unwrap()
            .iter()
            .any(|delta| won_by(variant, &variant.play(after, delta).unwrap(), opponent).unwrap())
    }

    /// Along random games, the walk that stops at the first winning reply says what the
    /// whole list of replies says, where a side is lost and where it is not, with a
    /// legality rule too (browne-tallest: only a tallest stack may move).
    #[test]
    fn stopping_at_the_first_winning_reply_agrees_with_the_list() {
        for name in [
            "truchet-boardspace",
            "examples/designs/browne-king",
            "examples/designs/browne-tallest",
        ] {
            let variant = Variant::load_named(name, None).unwrap();
            let mut seen = [0; 2];
            for seed in 0..3 {
                let mut game = Game::new(&variant, Layout::Random, seed).unwrap();
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
                while game.outcome().is_none() && game.history().len() < 80 {
                    let position = game.position().clone();
                    let turns = game.legal_turns().unwrap();
                    if turns.is_empty() {
                        break;
                    }
                    for turn in turns.iter().step_by(turns.len() / 3 + 1) {
                        let after = variant.play(&position, &turn.delta).unwrap();
                        let expected = loses_by_the_list(&variant, &after);
                        assert_eq!(loses_at_once(&variant, &after).unwrap(), expected, "{name}");
                        seen[usize::from(expected)] += 1;
                    }
                    let pick = rng.gen_range(0..turns.len());
                    game.play_legal(turns[pick].clone()).unwrap();
                }
            }
            // Both answers are met: turns that lose at once (by the bases, the king, the
            // last pieces) and turns that do not.
            assert!(seen[0] > 0 && seen[1] > 0, "{name}: {seen:?}");
        }
    }
}
