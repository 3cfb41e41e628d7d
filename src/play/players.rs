//! Built-in players. Each is seeded, so a seed replays the same game on every machine.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::alphabeta::{self, AlphaBetaPlayer};
use super::game::{Game, GameError};
use super::lookahead;
use super::mcts::{Budget, MctsPlayer, Scoring, DEFAULT_PLAYOUTS};
pub use super::player::{Choice, Player};

/// The built-in players, by the names the command line uses.
pub const PLAYER_KINDS: &[(&str, &str)] = &[
    ("random", "plays a uniformly random legal turn"),
    (
        "greedy",
        "wins at once if it can, never lets the opponent win at once if it can help it, \
         else plays the turn the ruleset's `evaluate` likes best (without one, the one that \
         takes the most pieces)",
    ),
    (
        "mcts",
        "searches the turns with random playouts (Monte Carlo tree search), scoring a \
         playout it cuts off by the lead it gained; `mcts:2000` gives it 2000 playouts a \
         turn (1000 without), `mcts:500ms` half a second",
    ),
    (
        "mcts-lead",
        "mcts scoring the playouts it cuts off by the lead they stand at rather than the \
         lead they gained (mcts's scoring until 2026-11-26): far ahead, every playout looks \
         won to it, and it lets won endgames run into a draw; budgets as for mcts",
    ),
    (
        "alphabeta",
        "the classical robot: alpha-beta search over half-turn steps (a flip, then a stack \
         move), four deep (`alphabeta:6` six, `alphabeta:300ms` as deep as 0.3 s of thinking \
         allows), with a transposition table, scoring the positions it reaches by the \
         ruleset's `evaluate`, or by material, goals, stacks, regions, mobility and threats",
    ),
    ("human", "you: type turns in the terminal"),
];

/// Checks a player kind as written: a name of [`PLAYER_KINDS`], and for `mcts` perhaps a
/// budget after a colon (`mcts:2000`, `mcts:500ms`).
///
/// # Errors
/// An unknown kind, or a budget that does not read, in one sentence.
pub fn check_kind(kind: &str) -> Result<(), String> {
    let (name, budget) = split_kind(kind);
    let kinds: Vec<&str> = PLAYER_KINDS.iter().map(|(k, _)| *k).collect();
    if !kinds.contains(&name) {
        return Err(format!(
            "`{kind}` is not a kind of player; the kinds are {}",
            kinds.join(", ")
        ));
    }
    match (name, budget) {
        (_, None) => Ok(()),
        (name, Some(budget)) if Scoring::of_kind(name).is_some() => {
            Budget::parse(name, budget).map(|_| ())
        }
        ("alphabeta", Some(limit)) => alphabeta::parse_limit(limit).map(|_| ()),
        (_, Some(_)) => Err(format!(
            "`{kind}`: only `mcts` and `mcts-lead` take a budget after a colon (`mcts:2000`, \
             `mcts:500ms`), \
             and `alphabeta` a depth or a time (`alphabeta:6`, `alphabeta:300ms`)"
        )),
    }
}

/// A kind's name and the budget or limit after its colon, if any: `mcts:2000` is
/// `("mcts", Some("2000"))`.
fn split_kind(kind: &str) -> (&str, Option<&str>) {
    match kind.split_once(':') {
        Some((name, budget)) => (name, Some(budget)),
        None => (kind, None),
    }
}

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
            return Ok(Choice::Text("random".into()));
        }
        let turns = game.legal_turns()?;
        Ok(match turns.choose(&mut self.rng) {
            Some(turn) => Choice::Turn(turn.clone()),
            None => Choice::Text(String::new()),
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
            return Ok(Choice::Text("random".into()));
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
            None => Choice::Text(String::new()),
        })
    }
}

/// Makes a built-in computer player by kind (`human` is the CLI's business); `None` for
/// a kind that is no computer player or does not read (see [`check_kind`]).
pub fn computer_player(kind: &str, seed: u64) -> Option<Box<dyn Player>> {
    let (name, budget) = split_kind(kind);
    if let Some(scoring) = Scoring::of_kind(name) {
        let budget = match budget {
            None => Budget::Playouts(DEFAULT_PLAYOUTS),
            Some(budget) => Budget::parse(name, budget).ok()?,
        };
        return Some(Box::new(
            MctsPlayer::new(budget, seed).with_scoring(scoring),
        ));
    }
    match (name, budget) {
        ("random", None) => Some(Box::new(RandomPlayer::new(seed))),
        ("greedy", None) => Some(Box::new(GreedyPlayer::new(seed))),
        ("alphabeta", None) => Some(Box::new(AlphaBetaPlayer::new(alphabeta::Limit::Depth(
            alphabeta::DEFAULT_DEPTH,
        )))),
        ("alphabeta", Some(limit)) => Some(Box::new(AlphaBetaPlayer::new(
            alphabeta::parse_limit(limit).ok()?,
        ))),
        _ => None,
    }
}
