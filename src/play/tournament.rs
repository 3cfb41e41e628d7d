//! A match: many seeded games between two kinds of computer player, played on all cores.
//!
//! Game `i` of a match with seed `S` is the game `variant-run <ruleset> play --seed
//! <game_seed(S, i)>` would play with the same players on the same sides: its seed draws
//! the tiles and seeds the players, so any game of a match can be played again alone and
//! watched. Where the two kinds differ, they change sides every game (game 0 as chosen,
//! game 1 swapped, ...), so each kind plays each seat about as often. Games run in
//! parallel with rayon, and their results are kept in game order, so the same seed gives
//! the same results on any number of threads.
//!
//! A game's record counts its turns, captures, positions and legal turns as it is
//! played (see [`super::game_record`]). Games are played in batches of
//! [`GAMES_AT_ONCE`], and each batch's records are added to the match's
//! [`super::tally::Tally`] in game order, then dropped: a match holds that many records
//! at most, however many games it plays.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use rayon::ThreadPool;

use super::computer_turn::play_computer_turn;
use super::game::{Game, GameError};
use super::game_count::GameCount;
pub use super::game_record::{End, GameRecord, PositionRecord};
use super::notation::Notation;
use super::player_kind::PlayerKind;
use super::samples::{samples, SampleGame};
use super::session::Seat;
use super::setup::{GameSetup, PlayerChoice, SetupError};
use super::tally::Tally;
use crate::ruleset::{Variant, VariantError};

/// Games that have not ended stop after this many turns unless told otherwise.
pub const DEFAULT_MAX_TURNS: usize = 2000;

/// How many games a match plays unless told otherwise.
pub const DEFAULT_GAMES: usize = 100;

/// How many games are played at once before their records are added to the tally (in
/// game order) and dropped: the records a match holds at a time, at a few hundred bytes
/// each. Each batch loads the ruleset again on each thread that takes part of it, which
/// this many games make up for.
pub const GAMES_AT_ONCE: usize = 65_536;

/// What a match plays.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// The ruleset with its options, the match's seed, and the chosen players (by letter,
    /// as for game 0; sides not chosen get the default kinds, as `play` gives them).
    pub setup: GameSetup,
    pub games: usize,
    /// A game still going after this many turns counts as unfinished.
    pub max_turns: usize,
    /// Whether to keep every game's record (for the JSON report's `game_list`), not
    /// only what the figures need: memory then grows with the games.
    pub keep_games: bool,
    /// Whether each game's record lists its positions ([`GameRecord::position_list`]):
    /// for a JSON report only, as it grows every kept game by its length. Results files
    /// never list them: a study's shards must record a game the same way every time.
    pub positions: bool,
}

/// Everything a match played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// The ruleset's name (its folder's name).
    pub ruleset: String,
    /// The ruleset as it was asked for: a name, or the path of a variant folder.
    pub source: String,
    /// The ruleset's options that load it and choose the start, as typed (no seed).
    pub options: Vec<String>,
    pub seed: u64,
    pub max_turns: usize,
    /// The players' letters, by player id.
    pub letters: [char; 2],
    /// The match's two players, by the side they take in game 0 (player id).
    pub kinds: [PlayerKind; 2],
    /// Whether the players change sides every game (they do when their kinds differ).
    pub alternate: bool,
    /// What the games add up to (and every game, if the spec kept them).
    pub tally: Tally,
    /// A few games to look at, with their final boards (see [`super::samples`]).
    pub samples: Vec<SampleGame>,
}

/// A match that cannot be played, or a game of it that failed.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    Load(#[from] VariantError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("{0}")]
    Choice(String),
    /// A game failed: named by its index and its seed, so it can be played again alone.
    #[error("game {index} (seed {seed}): {error}")]
    InGame {
        index: usize,
        seed: u64,
        error: Box<MatchError>,
    },
    /// A game of one of several matches played together failed: named by the players
    /// of the match it belongs to (`mcts:100 against greedy: game 3 ...`).
    #[error("{}: {error}", against(players))]
    InMatch {
        players: Vec<PlayerKind>,
        error: Box<MatchError>,
    },
}

/// A match's players as messages name it: `mcts:100 against greedy`.
fn against(players: &[PlayerKind]) -> String {
    let kinds: Vec<String> = players.iter().map(PlayerKind::to_string).collect();
    kinds.join(" against ")
}

/// The seed of game `index` of a match with seed `seed`: a SplitMix64 step from the
/// match's seed, plus the index, so games of one match are apart and two match seeds
/// share no game.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)).wrapping_add(index as u64)
}

impl MatchSpec {
    /// The set-up of game `index`: its seed, and the players on their sides.
    pub fn game_setup(
        &self,
        letters: [char; 2],
        kinds: &[PlayerKind; 2],
        index: usize,
    ) -> GameSetup {
        let swapped = swaps(kinds, index);
        let mut setup = self.setup.clone();
        setup.seed = game_seed(self.setup.seed, index);
        setup.players = (0..2)
            .map(|side| PlayerChoice {
                letter: letters[side],
                kind: kinds[side ^ usize::from(swapped)],
            })
            .collect();
        setup
    }
}

/// Whether the players take each other's sides in game `index`: in odd games, when they
/// are of different kinds.
fn swaps(kinds: &[PlayerKind; 2], index: usize) -> bool {
    kinds[0] != kinds[1] && index % 2 == 1
}

/// A match whose choices have been checked and whose ruleset is loaded: it will play,
/// barring a failure in a game. Checking first lets a command refuse a mistake before
/// it sets anything up (a report file, the other ruleset of a comparison).
pub struct ReadyMatch {
    spec: MatchSpec,
    variant: Variant,
    letters: [char; 2],
    kinds: [PlayerKind; 2],
}

impl MatchSpec {
    /// Checks the match's choices and loads its ruleset.
    ///
    /// # Errors
    /// No games, a turn limit of 0, the ruleset does not load, a player is not a
    /// computer player, or the choices do not fit the ruleset.
    pub fn ready(&self) -> Result<ReadyMatch, MatchError> {
        if self.games == 0 {
            return Err(MatchError::Choice("a match needs at least one game".into()));
        }
        if self.max_turns == 0 {
            return Err(MatchError::Choice(
                "--max-turns 0 stops every game before it starts".into(),
            ));
        }
        let variant = self.setup.load()?;
        let rules = &variant.model.rules;
        let letters = [rules.player_letter(0), rules.player_letter(1)];
        let kinds = self.setup.kinds(&variant)?;
        for (side, kind) in kinds.iter().enumerate() {
            if kind.is_human() {
                return Err(MatchError::Choice(format!(
                    "--player {}={kind}: a match is played by computer players ({})",
                    letters[side],
                    PlayerKind::computer_names().join(", ")
                )));
            }
        }
        // The choices are checked once here, so a mistake in them is one plain error
        // rather than a failure of every game.
        self.game_setup(letters, &kinds, 0).game(&variant)?;
        Ok(ReadyMatch {
            spec: self.clone(),
            variant,
            letters,
            kinds,
        })
    }
}

impl ReadyMatch {
    /// What the match plays.
    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }

    /// The ruleset, as loaded for the match (its notes, its name).
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Plays the match on rayon's thread pool (all cores, or the pool it is installed
    /// in), calling `progress` after each game (from any thread).
    ///
    /// # Errors
    /// A game fails (the first failing game in game order is reported).
    pub fn play(&self, progress: &(dyn Fn() + Sync)) -> Result<MatchResult, MatchError> {
        self.play_in(None, progress)
    }

    /// [`ReadyMatch::play`] on the threads of `pool`. The games and the result are the
    /// same whatever the pool: each game's seed follows from its index.
    ///
    /// # Errors
    /// As [`ReadyMatch::play`].
    pub fn play_on(
        &self,
        pool: &ThreadPool,
        progress: &(dyn Fn() + Sync),
    ) -> Result<MatchResult, MatchError> {
        self.play_in(Some(pool), progress)
    }

    fn play_in(
        &self,
        pool: Option<&ThreadPool>,
        progress: &(dyn Fn() + Sync),
    ) -> Result<MatchResult, MatchError> {
        let mut tally = self.empty_tally();
        let mut start = 0;
        while start < self.spec.games {
            let end = self.spec.games.min(start + GAMES_AT_ONCE);
            let indices: Vec<usize> = (start..end).collect();
            let results = self.play_games(pool, &indices, &|record| Ok(record), None, progress);
            for record in results.into_iter().flatten() {
                tally.add(record?);
            }
            start = end;
        }
        Ok(self.result(tally))
    }

    /// Plays the games `indices` of the match (each the game it is in a whole match) on
    /// `pool`, handing each record to `keep` as soon as its game ends (from any thread,
    /// in any order), and calling `progress` after each record kept.
    ///
    /// # Errors
    /// `keep` refuses a record (a write failed: a full disk): no game is started after
    /// that, and that error is reported (the games being played meanwhile end, and are
    /// offered to `keep` all the same). Or a game fails: the first failing game in the
    /// order of `indices` is reported, and the other games are played and kept.
    pub fn play_each(
        &self,
        pool: &ThreadPool,
        indices: &[usize],
        keep: &(dyn Fn(GameRecord) -> Result<(), MatchError> + Sync),
        progress: &(dyn Fn() + Sync),
    ) -> Result<(), MatchError> {
        let refused: Mutex<Option<MatchError>> = Mutex::new(None);
        let stop = AtomicBool::new(false);
        let keep_or_stop = |record| {
            keep(record).inspect_err(|e| {
                stop.store(true, Ordering::Relaxed);
                let mut first = refused.lock().unwrap_or_else(|e| e.into_inner());
                first.get_or_insert_with(|| MatchError::Choice(e.to_string()));
            })
        };
        let results = self.play_games(Some(pool), indices, &keep_or_stop, Some(&stop), progress);
        if let Some(error) = refused.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(error);
        }
        results.into_iter().flatten().collect()
    }

    /// The games `indices`, each record passed through `keep` (and `progress` called
    /// when it keeps it), the results in the order of `indices`; a game not started
    /// because `stop` was set is `None`.
    fn play_games<T: Send>(
        &self,
        pool: Option<&ThreadPool>,
        indices: &[usize],
        keep: &(dyn Fn(GameRecord) -> Result<T, MatchError> + Sync),
        stop: Option<&AtomicBool>,
        progress: &(dyn Fn() + Sync),
    ) -> Vec<Option<Result<T, MatchError>>> {
        let (spec, letters, kinds) = (&self.spec, self.letters, &self.kinds);
        // A ruleset holds its compiled scripts, which stay on the thread that loaded
        // them: each piece of work rayon hands a thread loads its own copy.
        let games = || {
            indices
                .par_iter()
                .map_init(
                    || spec.setup.load(),
                    |loaded, &index| {
                        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                            return None;
                        }
                        let setup = spec.game_setup(letters, kinds, index);
                        let record = match loaded {
                            Ok(variant) => {
                                let swapped = swaps(kinds, index);
                                let limits = (spec.max_turns, spec.positions);
                                play_game(variant, &setup, limits, index, swapped)
                            }
                            Err(e) => Err(MatchError::Load(e.clone())),
                        };
                        let kept = record
                            .map_err(|error| MatchError::InGame {
                                index,
                                seed: setup.seed,
                                error: Box::new(error),
                            })
                            .and_then(keep);
                        if kept.is_ok() {
                            progress();
                        }
                        Some(kept)
                    },
                )
                .collect::<Vec<Option<Result<T, MatchError>>>>()
        };
        match pool {
            Some(pool) => pool.install(games),
            None => games(),
        }
    }

    /// The tally the match's games are added to: keeping every game if the spec says.
    pub fn empty_tally(&self) -> Tally {
        if self.spec.keep_games {
            Tally::keeping_games()
        } else {
            Tally::new()
        }
    }

    /// The match's result from the tally of its games, added in game order (played here,
    /// or read back from a study's results files).
    pub fn result(&self, tally: Tally) -> MatchResult {
        let spec = &self.spec;
        let samples = samples(&self.variant, &tally);
        let mut options = spec.setup.record_options();
        options.drain(..2); // `--seed S`: the match's seed is a field of its own
        MatchResult {
            ruleset: self.variant.name.clone(),
            source: spec.setup.ruleset.clone(),
            options,
            seed: spec.setup.seed,
            max_turns: spec.max_turns,
            letters: self.letters,
            alternate: self.kinds[0] != self.kinds[1],
            kinds: self.kinds,
            tally,
            samples,
        }
    }
}

/// Plays the games of several matches of one ruleset together on `pool`, taking their
/// games in turn (game 0 of each, then game 1 of each, ...), so that at any moment the
/// games played so far mix every match alike: what is left takes about as long as the
/// games played so far took, whichever matches are cheap and which are dear. `progress`
/// is called with each game's record as it ends (from any thread). The results are
/// each match's, the same as [`ReadyMatch::play`] gives: each game's seed follows from
/// its index.
///
/// # Errors
/// A game fails: the first failing game, in the order the games are taken, is reported,
/// with its match's players (`mcts:100 against greedy: ...`).
pub fn play_together(
    matches: &[ReadyMatch],
    pool: &ThreadPool,
    progress: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<MatchResult>, MatchError> {
    let most = matches.iter().map(|m| m.spec.games).max().unwrap_or(0);
    let order: Vec<(usize, usize)> = (0..most)
        .flat_map(|index| {
            (0..matches.len())
                .filter(move |&m| index < matches[m].spec.games)
                .map(move |m| (m, index))
        })
        .collect();
    // What the threads need of each match (a loaded ruleset stays on its thread).
    let plans: Vec<(&MatchSpec, [char; 2], &[PlayerKind; 2])> = matches
        .iter()
        .map(|m| (&m.spec, m.letters, &m.kinds))
        .collect();
    let records: Vec<Result<(usize, GameRecord), MatchError>> = pool.install(|| {
        order
            .par_iter()
            .map_init(
                // Each match's ruleset, loaded on this thread when first needed.
                || (0..plans.len()).map(|_| None).collect(),
                |loaded: &mut Vec<Option<Result<Variant, VariantError>>>, &(m, index)| {
                    let (spec, letters, kinds) = plans[m];
                    let variant = loaded[m].get_or_insert_with(|| spec.setup.load());
                    let setup = spec.game_setup(letters, kinds, index);
                    let record = match variant {
                        Ok(variant) => {
                            let swapped = swaps(kinds, index);
                            let limits = (spec.max_turns, spec.positions);
                            play_game(variant, &setup, limits, index, swapped)
                        }
                        Err(e) => Err(MatchError::Load(e.clone())),
                    };
                    let record = record.map_err(|error| MatchError::InMatch {
                        players: spec.setup.players.iter().map(|p| p.kind).collect(),
                        error: Box::new(MatchError::InGame {
                            index,
                            seed: setup.seed,
                            error: Box::new(error),
                        }),
                    })?;
                    progress(&record);
                    Ok((m, record))
                },
            )
            .collect()
    });
    let mut tallies: Vec<Tally> = matches.iter().map(ReadyMatch::empty_tally).collect();
    let mut by_match: Vec<Vec<GameRecord>> = vec![Vec::new(); matches.len()];
    for record in records {
        let (m, record) = record?;
        by_match[m].push(record);
    }
    for (m, mut records) in by_match.into_iter().enumerate() {
        records.sort_by_key(|r| r.index);
        for record in records {
            tallies[m].add(record);
        }
    }
    Ok(matches
        .iter()
        .zip(tallies)
        .map(|(ready, tally)| ready.result(tally))
        .collect())
}

/// Checks and plays a match: [`MatchSpec::ready`], then [`ReadyMatch::play`].
///
/// # Errors
/// As those two.
pub fn play_match(
    spec: &MatchSpec,
    progress: &(dyn Fn() + Sync),
) -> Result<MatchResult, MatchError> {
    spec.ready()?.play(progress)
}

/// Plays one game between computer players, counting as it goes
/// ([`super::game_count`]): stopped after `max_turns`, and listing its positions if
/// `list_positions`.
fn play_game(
    variant: &Variant,
    setup: &GameSetup,
    (max_turns, list_positions): (usize, bool),
    index: usize,
    swapped: bool,
) -> Result<GameRecord, MatchError> {
    let mut game: Game = setup.game(variant)?;
    let mut seats = setup.seats(variant)?;
    let kinds = setup.kinds(variant)?.map(|kind| kind.to_string());
    let mut count = GameCount::new(variant, (index, setup.seed, swapped), kinds, list_positions);
    while game.outcome().is_none() && count.turns() < max_turns {
        let Seat::Computer { kind, player } = &mut seats[game.to_move() as usize] else {
            return Err(MatchError::Choice(
                "a match is played by computer players".into(),
            ));
        };
        let before = count.before(&game)?;
        play_computer_turn(&mut game, player.as_mut(), kind, &Notation::Server)?;
        count.after(&game, before, player.search_view())?;
    }
    let unfinished = format!("stopped after {max_turns} turns without a result");
    Ok(count.finish(&game, unfinished))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_game_of_matches_played_together_names_its_match_and_seed() {
        let error = MatchError::InMatch {
            players: vec!["mcts:100".parse().unwrap(), PlayerKind::Greedy],
            error: Box::new(MatchError::InGame {
                index: 3,
                seed: 7,
                error: Box::new(MatchError::Game(GameError::Stuck("mcts:100".into()))),
            }),
        };
        assert_eq!(
            error.to_string(),
            "mcts:100 against greedy: game 3 (seed 7): mcts:100 found no turn to play \
             although the game is not over"
        );
    }
}
