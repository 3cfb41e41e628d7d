//! What a match's games add up to: the figures of a report, and the JSON that `--json`
//! prints (this module's types, serialized by serde with the field names below).
//!
//! # The figures
//!
//! - **wins of each player**: the match has two players, named by their kind (`greedy`,
//!   `random`; `greedy (x)` and `greedy (o)` when both are of one kind). Player 0 is the
//!   one that took the first listed side (`x` in the Truchet rulesets, `o` in Trugo) in
//!   game 0; where the kinds differ they change sides every game.
//! - **wins of each seat**: the first seat is the side that made the first piece turn
//!   (after any tile-laying set-up turns), the second seat the other.
//! - **draws**, and **unfinished** games (stopped at the turn limit, `--max-turns`).
//!   Each player's wins, the draws and the unfinished games add up to the number of
//!   games, and so do each seat's wins, the draws and the unfinished games.
//! - each of these is a count, a rate (of all games) and the rate's 95% Wilson score
//!   interval ([`super::stats::wilson`]);
//! - **first-seat advantage**: the first seat's share of the decisive games (those with
//!   a winner), with its Wilson interval: 50% is a fair game, and draws and unfinished
//!   games do not dilute it. The first seat's rate of all games is in `seats`.
//! - **game length**: turns per game, every turn of the game record (tile-laying set-up
//!   turns included, as `play` numbers them; an unfinished game counts at the limit):
//!   mean with a 95% interval, median, 90th percentile (both interpolated as numpy
//!   does), shortest and longest.
//! - every mean's 95% interval (game length, captures, scores, criteria) is the
//!   bootstrap over games while the tally keeps each game's values, up to
//!   [`crate::play::tally::BOOTSTRAP_MAX_GAMES`] games, and the normal approximation past
//!   that ([`super::intervals`], which the `intervals` field names).
//! - **captures per game**: after each turn, the pieces of the mover's opponent that left
//!   the game during it (the opponent's pieces on the board and still to receive, before
//!   the turn minus after it), summed over the game's turns of both players; mean with a
//!   95% interval. That counts pieces landed on and taken, pieces taken by surrounding,
//!   and pieces a tile removal takes off the board; a placement that brings the opponent
//!   pieces takes none, and a player's own pieces lost in their turn do not count.
//! - **branching factor**: the mean number of distinct legal turns
//!   ([`crate::Variant::legal_turns`]: turns that leave different positions once the
//!   after-turn rules have run, the list the players choose from) over every position
//!   of every game where a piece turn was chosen, each position weighing the same; no
//!   interval (it pools the positions of all games).
//! - **scores**, where the ruleset scores its games (a result's `score`): each player's
//!   mean score and the margin (player 0's less player 1's), with 95% intervals (over
//!   the scored games).
//! - **endings**: how the games ended, counted by the ending's key where the result
//!   names one (`most junctions held: 31`), else by its reason (`o has no legal turn:
//!   31`); the counts add up to the number of games. Up to 256 distinct reasons
//!   are counted one by one; the games of any further reasons are counted together, by
//!   result, as `(other reasons)` (see [`crate::play::tally`]).
//!
//! Every figure is worked out from the match's [`Tally`], which adds the games up as they
//! are played, in memory that does not grow with their number: counts, sums in whole
//! numbers (the means and their intervals are exact, then rounded once), and a histogram
//! of the lengths (the median and 90th percentile are exact).
//!
//! # JSON
//!
//! `match --json` prints one [`Summary`], `compare --json` one [`Comparison`]. A rate
//! or interval out of no games is `null`; rates and bounds are fractions (0.25, not 25).
//!
//! ```text
//! ruleset            the ruleset's name (its folder's name)
//! options            its options as typed, without the seed: ["--size", "5"]
//! seed               the match's seed; game i's seed is in game_list
//! games              the number of games, N
//! max_turns          the turn limit
//! sides_alternate    whether the players changed sides every game
//! players[]          the two players: label, kind, side (the letter it had in game 0),
//!                    wins (a proportion)
//! seats[]            first, then second: seat ("first"|"second"), letter (the side, when
//!                    it was the same in every game, else null), wins
//! draws, unfinished  proportions
//! first_seat_advantage  a proportion of the decisive games (of = their number)
//! length             mean, low, high (the mean's interval), median, p90, min, max
//! captures           mean, low, high, total
//! branching          mean, positions, legal_turns (their sum), source (what is
//!                    counted: "distinct legal turns")
//! scores             where games were scored: games (how many), players (each player's
//!                    mean score: mean, low, high), margin (player 0's less player 1's)
//! endings[]          result ("win"|"draw"|"unfinished"), reason (the ending's key,
//!                    where the result names one), count
//! criteria[]         the quality criteria of docs/criteria.md: key, label, group, games
//!                    (how many games it has a value for), mean, low, high (the mean's
//!                    95% interval over those games, cut to the criterion's range)
//! intervals          the method of each kind of figure's 95% interval, by kind (rates,
//!                    length, captures, scores where scored, criteria): "wilson",
//!                    "bootstrap" or "normal_approximation"
//! samples[]          a few games to look at (the first win of each player, the first
//!                    draw, the first unfinished game, the shortest and the longest
//!                    game): game (its index), seed, picked_for (why: ["greedy's first
//!                    win", "the shortest game"]), turns, players ("x=greedy o=random"),
//!                    result (its result line), command (plays it again alone), board
//!                    (the final board as `play` draws it), value_curve (the first
//!                    seat's chance over the game: [turn, chance] pairs, at most 64)
//! game_list[]        every game (the JSON report keeps each game's line while the match
//!                    plays, a few hundred bytes a game; the table and the HTML page do
//!                    not): index, seed, sides (the kind of each side, by letter, in the
//!                    ruleset's player order: [["x", "greedy"], ["o", "random"]]),
//!                    first (letter), result ("win"|"draw"|"unfinished"), winner (letter
//!                    or null), winning_player (0, 1 or null), reason, ending (its key,
//!                    where named), scores (by letter, where scored), turns, captures,
//!                    positions, legal_turns, final_position (the position text),
//!                    criteria (the game's own value of each criterion that has one,
//!                    by key); with `--positions` also position_list: each position
//!                    where a piece turn was chosen, in order: turn, mover (letter),
//!                    legal (distinct legal turns), value (the first seat's chance
//!                    as the mover saw it), focus (the search's share on its choice,
//!                    or null), evaluation (the ruleset's `evaluate` for each side, in
//!                    the ruleset's player order), pieces, position (its text)
//! a proportion       count, of, rate, low, high
//! ```
//!
//! A [`Comparison`] is `{ "a": Summary, "b": Summary, "differences": [...] }`, where
//! `differences` lists the figures whose 95% intervals do not overlap, by `key` (the
//! Summary field: `players[0].wins`, `seats[1].wins`, `draws`, `unfinished`,
//! `first_seat_advantage`, `length.mean`, `captures.mean`, `criteria.<key>`) and
//! `label`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::bootstrap::bootstrap_mean;
use super::intervals::{FigureKind, IntervalMethods};
use super::stats::{percentile_of_counts, Interval, Mean, Proportion};
use crate::play::criteria::{Criterion, GameCriteria};
use crate::play::game_record::{End, GameRecord, PositionRecord};
use crate::play::samples::SampleGame;
use crate::play::tally::{Pick, Sums, Tally};
use crate::play::tournament::{MatchResult, DEFAULT_MAX_TURNS};
use crate::ruleset::referee::MAX_SCORE;

/// What the branching factor counts, in the report's words: the turns of
/// [`crate::Variant::legal_turns`], those that leave different positions.
pub const BRANCHING_SOURCE: &str = "distinct legal turns";

/// One of the match's two players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// The kind, told apart by the side it had in game 0 when both are of one kind.
    pub label: String,
    pub kind: String,
    /// The side it took in game 0.
    pub side: char,
    pub wins: Proportion,
}

/// The first or the second seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    pub seat: &'static str,
    /// The side that had this seat, when it was the same in every game.
    pub letter: Option<char>,
    pub wins: Proportion,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LengthSummary {
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub median: Option<f64>,
    pub p90: Option<f64>,
    pub min: Option<u64>,
    pub max: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CapturesSummary {
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub total: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BranchingSummary {
    pub mean: Option<f64>,
    pub positions: u64,
    pub legal_turns: u64,
    pub source: &'static str,
}

/// A quality criterion's mean over a match's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CriterionSummary {
    pub key: &'static str,
    pub label: &'static str,
    pub group: &'static str,
    /// The games it has a value for (drama and the decisiveness figures: games with a
    /// winner; clarity: games where a search player chose).
    pub games: u64,
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// The scores of the games the ruleset scored: each player's and the margin, means with
/// their intervals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoresSummary {
    /// How many games were scored.
    pub games: u64,
    /// Each player's mean score, in the order of `players`.
    pub players: Vec<Mean>,
    /// Player 0's score less player 1's.
    pub margin: Mean,
}

/// How many games ended one way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    pub result: &'static str,
    pub reason: String,
    pub count: u64,
}

/// A game shown at the end of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sample {
    pub game: usize,
    pub seed: u64,
    /// Why it is shown: `greedy's first win`, `the shortest game`.
    pub picked_for: Vec<String>,
    pub turns: u64,
    /// Who played which side: `x=greedy o=random`.
    pub players: String,
    /// Its result line: `x wins: o has no legal turn`.
    pub result: String,
    /// The command that plays it again, alone, with its record and every board.
    pub command: String,
    /// What the page calls it: `Game 3` of a match, the file of a record (not in the
    /// JSON: `game`, or a record's `command`, says it).
    #[serde(skip)]
    pub name: String,
    /// The final board, as `play` draws it.
    pub board: String,
    /// The final board as an SVG picture, for the HTML page (not in the JSON: the text
    /// board says the same to a script).
    #[serde(skip)]
    pub picture: String,
    /// The first seat's chance over the game: (turn, chance), a few dozen points.
    pub value_curve: Vec<(u32, f64)>,
}

/// One game, for scripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLine {
    pub index: usize,
    pub seed: u64,
    pub sides: Vec<(char, String)>,
    pub first: char,
    pub result: &'static str,
    pub winner: Option<char>,
    pub winning_player: Option<usize>,
    pub reason: String,
    /// The kind of ending the ruleset named, where it named one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// Each side's score, by letter, where the game was scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<BTreeMap<char, i64>>,
    pub turns: u64,
    pub captures: u64,
    pub positions: u64,
    pub legal_turns: u64,
    pub final_position: String,
    pub criteria: GameCriteria,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub position_list: Vec<PositionLine>,
}

impl GameLine {
    /// Its result line, as `play` ends the game: `x wins: o has no legal turn`,
    /// `draw: ...`, or the reason it is unfinished (`game abandoned`).
    pub fn result_line(&self) -> String {
        match (self.winner, self.result) {
            (Some(w), _) => format!("{w} wins: {}", self.reason),
            (None, "draw") => format!("draw: {}", self.reason),
            (None, _) => self.reason.clone(),
        }
    }
}

/// One position of a game, for scripts (`--positions`): see [`PositionRecord`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionLine {
    pub turn: usize,
    pub mover: char,
    pub legal: usize,
    pub value: f64,
    pub focus: Option<f64>,
    pub evaluation: [i64; 2],
    pub pieces: u32,
    pub position: String,
}

// As a [`PositionRecord`]'s, its values are finite.
impl Eq for PositionLine {}

/// The report of one match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub ruleset: String,
    pub options: Vec<String>,
    pub seed: u64,
    pub games: u64,
    /// The turn limit the games were played to (none for games of records).
    pub max_turns: Option<u64>,
    pub sides_alternate: bool,
    pub players: Vec<PlayerSummary>,
    pub seats: Vec<SeatSummary>,
    pub draws: Proportion,
    pub unfinished: Proportion,
    pub first_seat_advantage: Proportion,
    pub length: LengthSummary,
    pub captures: CapturesSummary,
    pub branching: BranchingSummary,
    /// The scores, where the ruleset scored games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<ScoresSummary>,
    pub endings: Vec<Ending>,
    /// The quality criteria (`docs/criteria.md`): each one's mean over the games it
    /// means something for, with its 95% interval.
    pub criteria: Vec<CriterionSummary>,
    /// The method of each kind of figure's 95% interval.
    pub intervals: IntervalMethods,
    pub samples: Vec<Sample>,
    /// Every game, when the match kept them (for `--json`); empty otherwise.
    pub game_list: Vec<GameLine>,
    /// The games by length, (turns, games), shortest first: the histogram of the HTML
    /// page (not in the JSON: `game_list` has each game's length).
    #[serde(skip)]
    pub length_counts: Vec<(u64, u64)>,
}

/// Two matches on the same seeds and players, and the figures where they differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub a: Summary,
    pub b: Summary,
    pub differences: Vec<Difference>,
}

/// A figure whose 95% intervals in A and B do not overlap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub key: String,
    pub label: String,
}

/// A figure with an interval, as reports list them.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Its place in the JSON (`players[0].wins`).
    pub key: String,
    /// Its name in the readable report (`greedy wins`).
    pub label: String,
    pub value: FigureValue,
    /// Decimals a mean is shown with: 1 for turns and pieces, 3 for the criteria,
    /// many of which are shares or chances between 0 and 1.
    pub decimals: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum FigureValue {
    Proportion(Proportion),
    Mean(Mean),
}

impl FigureValue {
    pub fn interval(&self) -> Option<Interval> {
        match self {
            FigureValue::Proportion(p) => p.interval(),
            FigureValue::Mean(m) => m.interval(),
        }
    }
}

pub(super) fn end_name(end: End) -> &'static str {
    match end {
        End::Win => "win",
        End::Draw => "draw",
        End::Unfinished => "unfinished",
    }
}

impl Summary {
    /// The report of a match: its tally's figures, its samples and (if kept) its games.
    pub fn of(result: &MatchResult) -> Summary {
        let tally = &result.tally;
        let mut summary = Summary::of_tally(
            tally,
            result.letters,
            players(result),
            Some(result.max_turns as u64),
        );
        summary.ruleset = result.ruleset.clone();
        summary.options = result.options.clone();
        summary.seed = result.seed;
        summary.sides_alternate = result.alternate;
        summary.samples = samples(result, &summary.players);
        summary.game_list = tally
            .kept_games()
            .unwrap_or_default()
            .iter()
            .map(|g| game_line(result.letters, g))
            .collect();
        summary
    }

    /// What the games of a tally add up to, for the two `players` (of the letters by
    /// player id), with the turn limit they were played to if there was one: every
    /// figure, without the ruleset, options, seed, samples and game list, which say
    /// what the games were (a match's or a folder of records') and are the caller's.
    pub(super) fn of_tally(
        tally: &Tally,
        letters: [char; 2],
        players: Vec<PlayerSummary>,
        max_turns: Option<u64>,
    ) -> Summary {
        let n = tally.games();
        Summary {
            ruleset: String::new(),
            options: Vec::new(),
            seed: 0,
            games: n,
            max_turns,
            sides_alternate: false,
            seats: seats(tally, letters),
            draws: Proportion::new(tally.draws(), n),
            unfinished: Proportion::new(tally.unfinished(), n),
            first_seat_advantage: Proportion::new(tally.first_seat_wins(), tally.decisive()),
            length: length(tally),
            captures: captures(tally),
            branching: BranchingSummary {
                mean: (tally.positions() > 0)
                    .then(|| tally.legal_turns() as f64 / tally.positions() as f64),
                positions: tally.positions(),
                legal_turns: tally.legal_turns(),
                source: BRANCHING_SOURCE,
            },
            scores: scores(tally),
            endings: endings(tally),
            criteria: criteria(tally),
            intervals: interval_methods(tally),
            samples: Vec::new(),
            game_list: Vec::new(),
            length_counts: tally.lengths().iter().map(|(&t, &g)| (t, g)).collect(),
            players,
        }
    }

    /// The unfinished games' label: `unfinished (2000 turns)`, the turn limit they
    /// reached, or `unfinished (no result)` for games without one.
    pub fn unfinished_label(&self) -> String {
        match self.max_turns {
            Some(limit) => format!("unfinished ({limit} turns)"),
            None => "unfinished (no result)".into(),
        }
    }

    /// The figures with intervals, in the order reports list them.
    pub fn figures(&self) -> Vec<Figure> {
        let mut figures = Vec::new();
        let mut add = |key: String, label: String, value: FigureValue| {
            figures.push(Figure {
                key,
                label,
                value,
                decimals: 1,
            });
        };
        for (i, p) in self.players.iter().enumerate() {
            add(
                format!("players[{i}].wins"),
                format!("{} wins", p.label),
                FigureValue::Proportion(p.wins),
            );
        }
        for (i, s) in self.seats.iter().enumerate() {
            let side = s.letter.map(|l| format!(" ({l})")).unwrap_or_default();
            add(
                format!("seats[{i}].wins"),
                format!("{} seat{side} wins", s.seat),
                FigureValue::Proportion(s.wins),
            );
        }
        add(
            "draws".into(),
            "draws".into(),
            FigureValue::Proportion(self.draws),
        );
        add(
            "unfinished".into(),
            self.unfinished_label(),
            FigureValue::Proportion(self.unfinished),
        );
        add(
            "first_seat_advantage".into(),
            "first seat's share of decisive games".into(),
            FigureValue::Proportion(self.first_seat_advantage),
        );
        add(
            "length.mean".into(),
            "game length, mean turns".into(),
            FigureValue::Mean(Mean {
                mean: self.length.mean,
                low: self.length.low,
                high: self.length.high,
            }),
        );
        add(
            "captures.mean".into(),
            "captures per game, mean".into(),
            FigureValue::Mean(Mean {
                mean: self.captures.mean,
                low: self.captures.low,
                high: self.captures.high,
            }),
        );
        if let Some(scores) = &self.scores {
            for (i, (p, mean)) in self.players.iter().zip(&scores.players).enumerate() {
                add(
                    format!("scores.players[{i}]"),
                    format!("{}'s score, mean", p.label),
                    FigureValue::Mean(*mean),
                );
            }
            add(
                "scores.margin".into(),
                format!(
                    "score margin ({} less {}), mean",
                    self.players[0].label, self.players[1].label
                ),
                FigureValue::Mean(scores.margin),
            );
        }
        for c in &self.criteria {
            figures.push(Figure {
                key: format!("criteria.{}", c.key),
                label: c.label.to_string(),
                value: FigureValue::Mean(Mean {
                    mean: c.mean,
                    low: c.low,
                    high: c.high,
                }),
                decimals: 3,
            });
        }
        figures
    }
}

/// The match's two players, named by their kind (and their side in game 0, when both
/// are of one kind), with their wins.
fn players(result: &MatchResult) -> Vec<PlayerSummary> {
    let same_kind = result.kinds[0] == result.kinds[1];
    (0..2)
        .map(|p| PlayerSummary {
            label: if same_kind {
                format!("{} ({})", result.kinds[p], result.letters[p])
            } else {
                result.kinds[p].to_string()
            },
            kind: result.kinds[p].to_string(),
            side: result.letters[p],
            wins: Proportion::new(result.tally.wins_of(p), result.tally.games()),
        })
        .collect()
}

/// The first and the second seat, with the side that had each when it was always the
/// same.
fn seats(tally: &Tally, letters: [char; 2]) -> Vec<SeatSummary> {
    let n = tally.games();
    let letter = |side: u8| letters[side as usize];
    let first = tally.first_side();
    vec![
        SeatSummary {
            seat: "first",
            letter: first.map(letter),
            wins: Proportion::new(tally.first_seat_wins(), n),
        },
        SeatSummary {
            seat: "second",
            letter: first.map(|f| letter(1 - f)),
            wins: Proportion::new(tally.decisive() - tally.first_seat_wins(), n),
        },
    ]
}

/// A mean with its interval: by the bootstrap over the games while the tally keeps
/// each game's value, else by the normal approximation from the sums
/// ([`FigureKind::method`] names which).
fn mean_of(values: Option<Vec<u64>>, sums: Sums) -> Mean {
    match values {
        Some(values) => bootstrap_mean(&values, 1.0),
        None => Mean::of_sums(sums),
    }
}

/// The method of each kind of figure's interval in a report of this tally: as
/// [`mean_of`] chooses it, by whether the tally kept every game's values.
pub(super) fn interval_methods(tally: &Tally) -> IntervalMethods {
    let kinds = FigureKind::ALL
        .into_iter()
        .filter(|&kind| kind != FigureKind::Scores || tally.scores().games() > 0);
    IntervalMethods(
        kinds
            .map(|kind| {
                let kept = match kind {
                    FigureKind::Rates => true,
                    FigureKind::Length => tally.length_values().is_some(),
                    FigureKind::Captures => tally.capture_values().is_some(),
                    FigureKind::Scores => tally.scores().values(0).is_some(),
                    FigureKind::Criteria => Criterion::ALL
                        .iter()
                        .all(|&c| tally.criterion_values(c).is_some()),
                };
                (kind, kind.method(kept))
            })
            .collect(),
    )
}

/// Added to a score to make it a whole number at or above 0 for the sums and the
/// bootstrap, and taken off the results: scores are within ±[`MAX_SCORE`], so sums of
/// millions of games stay exact.
const SCORE_OFFSET: i64 = MAX_SCORE;

/// The scores' means and intervals, where games were scored.
fn scores(tally: &Tally) -> Option<ScoresSummary> {
    let scores = tally.scores();
    if scores.games() == 0 {
        return None;
    }
    let mean = |at: usize| {
        // The margin spans twice a score's range.
        let offset = if at == 2 {
            2 * SCORE_OFFSET
        } else {
            SCORE_OFFSET
        };
        let shifted = scores
            .values(at)
            .map(|values| values.iter().map(|&v| (v + offset) as u64).collect());
        let signed = scores.sums(at);
        let (n, o) = (i128::from(signed.count), i128::from(offset));
        let sums = Sums {
            count: signed.count,
            sum: (signed.sum + n * o) as u128,
            squares: signed
                .squares
                .saturating_add(2 * o * signed.sum)
                .saturating_add(n * o * o) as u128,
        };
        let back = |v: Option<f64>| v.map(|v| v - offset as f64);
        let m = mean_of(shifted, sums);
        Mean {
            mean: back(m.mean),
            low: back(m.low),
            high: back(m.high),
        }
    };
    Some(ScoresSummary {
        games: scores.games(),
        players: vec![mean(0), mean(1)],
        margin: mean(2),
    })
}

fn length(tally: &Tally) -> LengthSummary {
    let mean = mean_of(tally.length_values(), tally.length_sums());
    let lengths = tally.lengths();
    LengthSummary {
        mean: mean.mean,
        low: mean.low,
        high: mean.high,
        median: percentile_of_counts(lengths, 0.5),
        p90: percentile_of_counts(lengths, 0.9),
        min: lengths.keys().next().copied(),
        max: lengths.keys().next_back().copied(),
    }
}

/// Each criterion's mean and interval, from the tally's sums in millionths.
fn criteria(tally: &Tally) -> Vec<CriterionSummary> {
    Criterion::ALL
        .iter()
        .map(|&criterion| {
            let sums = tally.criterion_sums(criterion);
            let millionths = mean_of(tally.criterion_values(criterion), sums);
            // Back to units, the interval cut to the criterion's range.
            let most = criterion.most().unwrap_or(f64::INFINITY);
            let scale = |v: Option<f64>| v.map(|v| (v / 1e6).clamp(0.0, most));
            CriterionSummary {
                key: criterion.key(),
                label: criterion.label(),
                group: criterion.group(),
                games: sums.count,
                mean: scale(millionths.mean),
                low: scale(millionths.low),
                high: scale(millionths.high),
            }
        })
        .collect()
}

fn captures(tally: &Tally) -> CapturesSummary {
    let sums = tally.capture_sums();
    let mean = mean_of(tally.capture_values(), sums);
    CapturesSummary {
        mean: mean.mean,
        low: mean.low,
        high: mean.high,
        total: sums.sum as u64,
    }
}

/// How the games ended, most frequent first; ties in the order of the result (wins,
/// draws, unfinished), then of the reason's text.
fn endings(tally: &Tally) -> Vec<Ending> {
    let (each, others) = tally.endings();
    let mut counted: BTreeMap<(End, &str), u64> = each
        .iter()
        .map(|((end, reason), &count)| ((*end, reason.as_str()), count))
        .collect();
    for (&end, &count) in others {
        *counted.entry((end, OTHER_REASONS)).or_default() += count;
    }
    let mut endings: Vec<Ending> = counted
        .into_iter()
        .map(|((end, reason), count)| Ending {
            result: end_name(end),
            reason: reason.to_string(),
            count,
        })
        .collect();
    endings.sort_by_key(|e| std::cmp::Reverse(e.count));
    endings
}

/// The reason counted for games whose reasons came after the tally's distinct ones.
const OTHER_REASONS: &str = "(other reasons)";

/// The sample games of a match: the tally's records of them, with the boards drawn for
/// them and the command that plays each again.
fn samples(result: &MatchResult, players: &[PlayerSummary]) -> Vec<Sample> {
    let describe = |g: &GameRecord| (format!("Game {}", g.index), replay_command(result, g));
    samples_of(
        &result.tally,
        &result.samples,
        players,
        result.letters,
        &describe,
    )
}

/// The sample games `picked` of a tally's games, for its `players` (of the letters by
/// player id), each with its name and the command that plays it again (`describe`).
pub(super) fn samples_of(
    tally: &Tally,
    picked: &[SampleGame],
    players: &[PlayerSummary],
    letters: [char; 2],
    describe: &dyn Fn(&GameRecord) -> (String, String),
) -> Vec<Sample> {
    let records = tally.samples();
    picked
        .iter()
        .filter_map(|s| Some((s, records.iter().find(|(g, _)| g.index == s.index)?.0)))
        .map(|(s, g)| (s, g, describe(g)))
        .map(|(s, g, (name, command))| Sample {
            game: s.index,
            seed: g.seed,
            picked_for: s
                .picks
                .iter()
                .map(|&pick| pick_words(pick, players))
                .collect(),
            turns: g.turns as u64,
            players: (0..2)
                .map(|p| format!("{}={}", letters[p], g.kinds[p]))
                .collect::<Vec<_>>()
                .join(" "),
            result: g.result.clone(),
            command,
            name,
            board: s.board.clone(),
            picture: s.picture.clone(),
            value_curve: g
                .curve
                .iter()
                .map(|&(turn, v)| (turn, f64::from(v) / 10_000.0))
                .collect(),
        })
        .collect()
}

/// A game of a tally as the JSON lists it, by the letters of the sides (by player id).
pub(super) fn game_line(letters: [char; 2], g: &GameRecord) -> GameLine {
    let letter = |side: u8| letters[side as usize];
    GameLine {
        index: g.index,
        seed: g.seed,
        sides: (0..2).map(|s| (letters[s], g.kinds[s].clone())).collect(),
        first: letter(g.first),
        result: end_name(g.end),
        winner: g.winner.map(letter),
        winning_player: g.winning_player(),
        reason: g.reason.clone(),
        ending: g.ending.clone(),
        scores: g
            .scores
            .map(|by_side| (0..2).map(|side| (letters[side], by_side[side])).collect()),
        turns: g.turns as u64,
        captures: g.captures,
        positions: g.positions,
        legal_turns: g.legal_turns,
        final_position: g.final_position.clone(),
        criteria: g.criteria,
        position_list: g
            .position_list
            .iter()
            .map(|p| position_line(letters, p))
            .collect(),
    }
}

fn position_line(letters: [char; 2], p: &PositionRecord) -> PositionLine {
    PositionLine {
        turn: p.turn,
        mover: letters[p.mover as usize],
        legal: p.legal,
        value: p.value,
        focus: p.focus,
        evaluation: p.evaluation,
        pieces: p.pieces,
        position: p.position.clone(),
    }
}

/// Why a sample was picked, in words.
fn pick_words(pick: Pick, players: &[PlayerSummary]) -> String {
    match pick {
        Pick::FirstWin(p) => format!("{}'s first win", players[p].label),
        Pick::FirstDraw => "the first draw".into(),
        Pick::FirstUnfinished => "the first unfinished game".into(),
        Pick::Shortest => "the shortest game".into(),
        Pick::Longest => "the longest game".into(),
    }
}

/// `variant-run <ruleset> play --seed ... --player ...`: one game of a match, alone.
fn replay_command(result: &MatchResult, game: &GameRecord) -> String {
    let mut words: Vec<String> = vec![
        "variant-run".into(),
        result.source.clone(),
        "play".into(),
        "--seed".into(),
        game.seed.to_string(),
    ];
    words.extend(result.options.iter().cloned());
    for p in 0..2 {
        words.push("--player".into());
        words.push(format!("{}={}", result.letters[p], game.kinds[p]));
    }
    if result.max_turns != DEFAULT_MAX_TURNS {
        words.push("--max-turns".into());
        words.push(result.max_turns.to_string());
    }
    super::shell_line(words)
}

impl Comparison {
    /// Puts two summaries side by side and finds the figures whose intervals do not
    /// overlap.
    pub fn of(a: Summary, b: Summary) -> Comparison {
        let differences = a
            .figures()
            .into_iter()
            .zip(b.figures())
            .filter(
                |(fa, fb)| match (fa.value.interval(), fb.value.interval()) {
                    (Some(x), Some(y)) => !x.overlaps(y),
                    _ => false,
                },
            )
            .map(|(fa, _)| Difference {
                key: fa.key,
                label: fa.label,
            })
            .collect();
        Comparison { a, b, differences }
    }

    /// Whether the figure with this key differs.
    pub fn differs(&self, key: &str) -> bool {
        self.differences.iter().any(|d| d.key == key)
    }
}
