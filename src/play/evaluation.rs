//! A ruleset's report card (`evaluate`): a skill ladder and a self-play match.
//!
//! **The skill ladder** asks whether the game rewards skill, level after level (the
//! "skill chain" of Lantz, Isaksen, Jaffe, Nealen and Togelius, *Depth in strategic
//! games*, 2017): players of rising strength, each step a match of the stronger against
//! the one below it, sides alternating. A step counts when the stronger player's share
//! of the decisive games is above one half at 95% (its Wilson interval lies above 50%);
//! the skill depth is the number of steps that count, from the bottom, before the first
//! that does not. A game where luck or the first move decides has depth 0 or 1; a deep
//! game keeps rewarding more search.
//!
//! **The self-play match** is a search player against itself, whose games give the
//! quality criteria ([`super::criteria`]) with both sides valued by the same search.
//!
//! Every match is an ordinary [`MatchSpec`] with the evaluation's seed, so any of its
//! games can be played again alone with `play`, and the figures are the same on any
//! number of threads.

use super::player_kind::PlayerKind;
use super::setup::{GameSetup, PlayerChoice};
use super::tournament::{
    play_together, GameRecord, MatchError, MatchResult, MatchSpec, ReadyMatch,
};

/// The ladder unless told otherwise: each kind stronger than the one before, the top
/// step four times the search of the one below it.
pub const DEFAULT_LADDER: &str = "random,greedy,mcts:100,mcts:400";
/// The self-play budget unless told otherwise (`mcts:150`).
pub const DEFAULT_BUDGET: &str = "150";
/// Games of each ladder step and of the self-play match unless told otherwise: enough
/// to tell a stronger player that wins three in four apart from an even match.
pub const DEFAULT_GAMES: usize = 24;
/// Turns after which a game of the evaluation stops unfinished, unless told otherwise.
///
/// The defaults above and this limit are chosen so that a card of any shipped ruleset
/// takes at most five minutes on two cores (BENCHMARKS.md): the work is the search's,
/// so it grows with the budgets and the games' lengths. Before, a single game between
/// two search players that shuffled pieces for 2,000 turns took a fifth of a card.
pub const DEFAULT_MAX_TURNS: usize = 500;

/// What an evaluation plays.
#[derive(Clone, Debug)]
pub struct EvaluationSpec {
    /// The ruleset with its options and the seed; its players are ignored.
    pub setup: GameSetup,
    /// The ladder's player kinds, weakest first (two or more).
    pub ladder: Vec<PlayerKind>,
    /// The self-play player's kind.
    pub self_play: PlayerKind,
    /// Games of each step and of the self-play match.
    pub games: usize,
    pub max_turns: usize,
}

/// What an evaluation played: each ladder step (the stronger player is player 0), then
/// the self-play match.
#[derive(Clone, Debug)]
pub struct Evaluation {
    pub steps: Vec<MatchResult>,
    pub self_play: MatchResult,
}

/// An evaluation whose matches are all checked and loaded: it will play, barring a
/// failing game.
pub struct ReadyEvaluation {
    matches: Vec<ReadyMatch>,
}

impl EvaluationSpec {
    /// The match of ladder step `i` (its kinds `ladder[i + 1]` against `ladder[i]`), or
    /// the self-play match after the last step.
    fn matches(&self, letters: [char; 2]) -> Vec<MatchSpec> {
        let with = |stronger: PlayerKind, weaker: PlayerKind| {
            let mut setup = self.setup.clone();
            setup.players = vec![
                PlayerChoice {
                    letter: letters[0],
                    kind: stronger,
                },
                PlayerChoice {
                    letter: letters[1],
                    kind: weaker,
                },
            ];
            MatchSpec {
                setup,
                games: self.games,
                max_turns: self.max_turns,
                keep_games: false,
                positions: false,
            }
        };
        let mut matches: Vec<MatchSpec> = self
            .ladder
            .windows(2)
            .map(|pair| with(pair[1], pair[0]))
            .collect();
        matches.push(with(self.self_play, self.self_play));
        matches
    }

    /// Checks every match the evaluation will play.
    ///
    /// # Errors
    /// A ladder of fewer than two kinds, or a match that cannot be played (see
    /// [`MatchSpec::ready`]).
    pub fn ready(&self) -> Result<ReadyEvaluation, MatchError> {
        if self.ladder.len() < 2 {
            return Err(MatchError::Choice(format!(
                "--ladder {}: a ladder needs two kinds of player or more, weakest first",
                self.ladder_text()
            )));
        }
        let variant = self.setup.load()?;
        let rules = &variant.model.rules;
        let letters = [rules.player_letter(0), rules.player_letter(1)];
        let matches = self
            .matches(letters)
            .iter()
            .map(MatchSpec::ready)
            .collect::<Result<_, _>>()?;
        Ok(ReadyEvaluation { matches })
    }

    /// The ladder as `--ladder` takes it: its kinds, separated by commas.
    pub fn ladder_text(&self) -> String {
        let kinds: Vec<String> = self.ladder.iter().map(PlayerKind::to_string).collect();
        kinds.join(",")
    }
}

impl ReadyEvaluation {
    /// Its matches, each checked and loaded once: each ladder step, then the self-play
    /// match.
    pub fn matches(&self) -> &[ReadyMatch] {
        &self.matches
    }

    /// How many games it plays in all.
    pub fn games(&self) -> usize {
        self.matches.iter().map(|m| m.spec().games).sum()
    }

    /// Plays every match on `pool`, their games taken in turn (see
    /// [`super::tournament::play_together`]), calling `progress` with each game's record
    /// as it ends.
    ///
    /// # Errors
    /// A game fails; the message names the match.
    pub fn play_on(
        &self,
        pool: &rayon::ThreadPool,
        progress: &(dyn Fn(&GameRecord) + Sync),
    ) -> Result<Evaluation, MatchError> {
        let mut results = play_together(&self.matches, pool, progress)?;
        let self_play = results.pop().expect("the self-play match");
        Ok(Evaluation {
            steps: results,
            self_play,
        })
    }
}
