//! What a folder of game records adds up to (`variant-run report DIR` on the records
//! of games people played, as `play --record` writes them): the figures of a match
//! report, worked out the same way from the same counts ([`crate::play::record_games`]
//! counts each record's game as a match counts the games it plays), with the two sides
//! in the place of a match's two players, and the players by name.
//!
//! # The figures, besides a match's
//!
//! - **sides**: the wins of each side (`x wins`), a proportion of all the games;
//! - **players by name**: each name the records' `players` lines give (`alice`,
//!   `human`, `mcts:200`), with the games it played, won, lost, drew and left
//!   unfinished, and its wins as a proportion of its games with their 95% Wilson
//!   interval; also its games and wins on each side. A game counts once for each side a
//!   name played: two people both recorded as `human` make one game of `human` as `x`
//!   and one as `o`, one won and one lost;
//! - **unfinished** games are those whose record has no win or draw: stopped at a turn
//!   limit, abandoned (`game abandoned`), or a record that stops before the end; each
//!   counted in the endings by its reason. There is no turn limit, no seed and no
//!   sides changing: each game is what its record says.
//! - **samples**: a few games to look at (each side's first win, the first draw, the
//!   first unfinished game, the shortest and the longest; "first" in the order of the
//!   files), each with `variant-run replay FILE`.
//!
//! The criteria of "who leads" value every position by the ruleset's `evaluate`: a
//! record does not keep what a computer player's search thought (see
//! [`crate::play::record_games`]), so clarity has no value.
//!
//! # JSON
//!
//! `report DIR --json` on records prints one object: `ruleset`, `options` (those that
//! load it), `paths` (as named), `games`, `sides[]` (`side`, `wins`), `players[]`
//! (below), and then the match report's `seats`, `draws`, `unfinished`,
//! `first_seat_advantage`, `length`, `captures`, `branching`, `scores` (by side, where
//! scored), `endings`, `criteria`, `intervals` and `samples`, as [`super::summary`]
//! describes them; `game_list[]` holds every game as a match's does, with its `file`
//! first (and `sides` naming each side's player). A player is `name`, `games`, `wins`
//! (a proportion of its games), `losses`, `draws`, `unfinished`, and `sides[]`: `side`,
//! `games`, `wins` (a count).

use serde::Serialize;

use super::stats::Proportion;
use super::summary::{
    game_line, samples_of, Ending, GameLine, LengthSummary, PlayerSummary, Sample, ScoresSummary,
    SeatSummary, Summary,
};
use crate::play::game_record::{End, GameRecord};
use crate::play::record_games::RecordedGames;
use crate::play::samples::samples;
use crate::play::tally::Tally;

/// The report of a folder of records.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordsSummary {
    /// The folders and files the records were read from, as named.
    pub paths: Vec<String>,
    /// The ruleset as the records name it (a name or a path).
    pub source: String,
    /// The figures, as a match's; its two players are the two sides (`x`, `o`), its
    /// ruleset and options the records', and it has no turn limit and no seed.
    pub outcome: Summary,
    /// Each player by name, most games first.
    pub players: Vec<NamedPlayer>,
    /// Every game, in the order of the files.
    pub game_list: Vec<RecordLine>,
}

/// A player, by the name the records give it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NamedPlayer {
    pub name: String,
    /// Games it played (a game where it played both sides counts twice).
    pub games: u64,
    /// Its wins, of its games.
    pub wins: Proportion,
    pub losses: u64,
    pub draws: u64,
    pub unfinished: u64,
    /// Its games and wins on each side it played.
    pub sides: Vec<SideGames>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideGames {
    pub side: char,
    pub games: u64,
    pub wins: u64,
}

/// One record's game, for scripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordLine {
    pub file: String,
    #[serde(flatten)]
    pub game: GameLine,
}

/// A side's wins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideWins {
    pub side: char,
    pub wins: Proportion,
}

impl RecordsSummary {
    /// The report of the records' games, read from `paths`.
    pub fn of(records: &RecordedGames, paths: Vec<String>) -> RecordsSummary {
        let variant = &records.variant;
        let rules = &variant.model.rules;
        let letters = [rules.player_letter(0), rules.player_letter(1)];
        let mut tally = Tally::new();
        for recorded in &records.games {
            tally.add(recorded.game.clone());
        }
        let sides: Vec<PlayerSummary> = (0..2)
            .map(|side| PlayerSummary {
                label: letters[side].to_string(),
                kind: letters[side].to_string(),
                side: letters[side],
                wins: Proportion::new(tally.wins_of(side), tally.games()),
            })
            .collect();
        let mut outcome = Summary::of_tally(&tally, letters, sides, None);
        outcome.ruleset = variant.name.clone();
        outcome.options = records.options.clone();
        let file_of = |g: &GameRecord| records.games[g.index].file.display().to_string();
        let describe = |g: &GameRecord| {
            let file = file_of(g);
            let command = super::shell_line(["variant-run", "replay", &file]);
            (file, command)
        };
        outcome.samples = samples_of(
            &tally,
            &samples(variant, &tally),
            &outcome.players,
            letters,
            &describe,
        );
        RecordsSummary {
            paths,
            source: records.source.clone(),
            players: named_players(records, letters),
            game_list: records
                .games
                .iter()
                .map(|r| RecordLine {
                    file: r.file.display().to_string(),
                    game: game_line(letters, &r.game),
                })
                .collect(),
            outcome,
        }
    }

    /// `truchet-browne --size 5`: the ruleset as the records name it, with its options.
    pub fn ruleset_words(&self) -> String {
        let mut words = vec![self.source.clone()];
        words.extend(self.outcome.options.iter().cloned());
        super::shell_line(words)
    }
}

/// Each name's games, most games first, then by name.
fn named_players(records: &RecordedGames, letters: [char; 2]) -> Vec<NamedPlayer> {
    let mut players: Vec<NamedPlayer> = Vec::new();
    for recorded in &records.games {
        let game = &recorded.game;
        for side in 0..2u8 {
            let name = &game.kinds[side as usize];
            let at = match players.iter().position(|p| p.name == *name) {
                Some(at) => at,
                None => {
                    players.push(NamedPlayer {
                        name: name.clone(),
                        games: 0,
                        wins: Proportion::new(0, 0),
                        losses: 0,
                        draws: 0,
                        unfinished: 0,
                        sides: letters
                            .iter()
                            .map(|&side| SideGames {
                                side,
                                games: 0,
                                wins: 0,
                            })
                            .collect(),
                    });
                    players.len() - 1
                }
            };
            let player = &mut players[at];
            let won = game.winner == Some(side);
            player.games += 1;
            player.sides[side as usize].games += 1;
            match game.end {
                End::Win if won => {
                    player.wins.count += 1;
                    player.sides[side as usize].wins += 1;
                }
                End::Win => player.losses += 1,
                End::Draw => player.draws += 1,
                End::Unfinished => player.unfinished += 1,
            }
        }
    }
    for player in &mut players {
        player.wins = Proportion::new(player.wins.count, player.games);
        player.sides.retain(|s| s.games > 0);
    }
    players.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.name.cmp(&b.name)));
    players
}

/// The JSON of a records report: the fields of [`RecordsSummary`] in the order the
/// module's documentation gives.
#[derive(Serialize)]
struct RecordsJson<'a> {
    ruleset: &'a str,
    options: &'a [String],
    paths: &'a [String],
    games: u64,
    sides: Vec<SideWins>,
    players: &'a [NamedPlayer],
    seats: &'a [SeatSummary],
    draws: Proportion,
    unfinished: Proportion,
    first_seat_advantage: Proportion,
    length: &'a LengthSummary,
    captures: &'a super::summary::CapturesSummary,
    branching: &'a super::summary::BranchingSummary,
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<&'a ScoresSummary>,
    endings: &'a [Ending],
    criteria: &'a [super::summary::CriterionSummary],
    intervals: &'a super::intervals::IntervalMethods,
    samples: &'a [Sample],
    game_list: &'a [RecordLine],
}

impl Serialize for RecordsSummary {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = &self.outcome;
        RecordsJson {
            ruleset: &s.ruleset,
            options: &s.options,
            paths: &self.paths,
            games: s.games,
            sides: s
                .players
                .iter()
                .map(|p| SideWins {
                    side: p.side,
                    wins: p.wins,
                })
                .collect(),
            players: &self.players,
            seats: &s.seats,
            draws: s.draws,
            unfinished: s.unfinished,
            first_seat_advantage: s.first_seat_advantage,
            length: &s.length,
            captures: &s.captures,
            branching: &s.branching,
            scores: s.scores.as_ref(),
            endings: &s.endings,
            criteria: &s.criteria,
            intervals: &s.intervals,
            samples: &s.samples,
            game_list: &self.game_list,
        }
        .serialize(serializer)
    }
}
