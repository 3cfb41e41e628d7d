//! Built-in players. Each is seeded, so a seed replays the same game on every machine.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::game::{Game, GameError};
use super::lookahead;
pub use super::player::{Choice, Player};

/// Plays a uniformly random legal turn; lays set-up tiles at random.
pub struct RandomPlayer {
    rng: Pcg64Mcg,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Result<Choice, GameError> {
        if game.in_setup() {
            return Ok(Choice::RandomSetUp);
        }
        let turns = game.legal_turns()?;
        Ok(match turns.choose(&mut self.rng) {
            Some(turn) => Choice::Turn(turn.clone()),
            None => Choice::NoTurn,
        })
    }
}

/// Takes a turn that wins at once if there is one; otherwise prefers the turns that score
/// best, at random among equals, skipping a turn after which the opponent can win at once
/// while there is another. A turn scores the ruleset's `evaluate` of the position it
/// leaves, or without one the enemy pieces it takes.
pub struct GreedyPlayer {
    rng: Pcg64Mcg,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Player for GreedyPlayer {
    fn choose(&mut self, game: &Game) -> Result<Choice, GameError> {
        if game.in_setup() {
            return Ok(Choice::RandomSetUp);
        }
        let position = game.position();
        let mover = position.side();
        let enemy = 1 - mover;
        let before = i64::from(position.pieces(enemy));
        let variant = game.variant();
        let turns = game.legal_turns()?;
        let mut after = Vec::with_capacity(turns.len());
        for turn in &turns {
            after.push(variant.play(position, &turn.delta)?);
        }
        let mut scores = Vec::with_capacity(turns.len());
        for next in &after {
            scores.push(if variant.has_evaluation() {
                variant.evaluate(next, mover)?
            } else {
                // Pieces the enemy loses (fewer than none where a turn gives them pieces).
                before - i64::from(next.pieces(enemy))
            });
        }
        // A win at once, the best scored of them.
        let mut wins = Vec::new();
        for (i, next) in after.iter().enumerate() {
            if lookahead::won_by(variant, next, mover)? {
                wins.push(i);
            }
        }
        if let Some(best) = wins.iter().map(|&i| scores[i]).max() {
            wins.retain(|&i| scores[i] == best);
            let pick = *wins.choose(&mut self.rng).expect("a winning turn");
            return Ok(Choice::Turn(turns[pick].clone()));
        }
        let mut open: Vec<usize> = (0..turns.len()).collect();
        let mut first_choice = None;
        while !open.is_empty() {
            let best = open.iter().map(|&i| scores[i]).max().expect("open turns");
            let top: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&i| scores[i] == best)
                .collect();
            let pick = *top.choose(&mut self.rng).expect("a best turn");
            first_choice.get_or_insert(pick);
            if !lookahead::loses_at_once(variant, &after[pick])? {
                return Ok(Choice::Turn(turns[pick].clone()));
            }
            open.retain(|&i| i != pick);
        }
        // Every turn loses at once (or there is none): the best-scored one.
        Ok(match first_choice {
            Some(i) => Choice::Turn(turns[i].clone()),
            None => Choice::NoTurn,
        })
    }
}
