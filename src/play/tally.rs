//! What a match keeps of its games: a [`Tally`], to which each game's record is added in
//! game order as soon as it is played, in memory that does not grow with the number of
//! games. A match of ten million games keeps what its report needs (counts, sums, a
//! histogram of lengths, a few sample games), not ten million records.
//!
//! The report's figures ([`crate::report::summary`]) are all worked out from a tally:
//!
//! - the counts of wins (by player and by seat), draws and unfinished games;
//! - the game lengths as a histogram (turns -> games), from which the median and 90th
//!   percentile are exact, and as sums (of the lengths and their squares, in whole
//!   numbers) from which the mean and its interval are; the histogram has one entry per
//!   distinct length, so at most `--max-turns + 1`;
//! - the captures as sums the same way, and the branching factor's positions and legal
//!   turns as sums;
//! - the endings (result and reason) counted, up to [`MAX_REASONS`] distinct reasons:
//!   a ruleset whose reasons are all different (a turn count in each) would otherwise
//!   keep one per game, so past that, further reasons are counted together as
//!   `(other reasons)`;
//! - the sample games, picked as the games go by (the first win of each player, the
//!   first draw, the first unfinished game, the first of the shortest and of the
//!   longest), their records kept;
//! - each game's length, captures and criteria, for the bootstrap intervals of their
//!   means ([`crate::report::bootstrap`]), up to [`BOOTSTRAP_MAX_GAMES`] games (past
//!   that the report takes the normal approximation from the sums, and the tally
//!   lets the values go, so its memory stays bounded);
//! - and, only when asked ([`Tally::keeping_games`]), every game's record, for the
//!   JSON report's `game_list`, which holds every game by definition.
//!
//! Two tallies of consecutive runs of games merge ([`Tally::merge`]) into the tally of
//! both, so games played in parts (on several machines) add up to the same report.

use std::collections::BTreeMap;

use variant_run_core::PlayerId;

use super::criteria::Criterion;
use super::game_record::{End, GameRecord};

/// How many distinct (result, reason) pairs the endings count one by one.
pub const MAX_REASONS: usize = 256;

/// The most games whose values a tally keeps for the bootstrap: 120 bytes a game, and
/// a report's bootstrap work grows with them. Past it, intervals of means come from the
/// normal approximation, which with thousands of games is as close.
pub const BOOTSTRAP_MAX_GAMES: usize = 5000;

/// How many games ended with each (result, reason).
pub type GamesByEnding = BTreeMap<(End, String), u64>;

/// How many games had each result (the games whose reasons were not kept one by one).
pub type GamesByResult = BTreeMap<End, u64>;

/// What the games of a match add up to so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    games: u64,
    /// Wins of the match's two players (see [`GameRecord::winning_player`]).
    wins: [u64; 2],
    first_seat_wins: u64,
    draws: u64,
    unfinished: u64,
    first_side: FirstSide,
    /// Games by their length in turns.
    lengths: BTreeMap<u64, u64>,
    length_sums: Sums,
    capture_sums: Sums,
    positions: u64,
    legal_turns: u64,
    /// Each criterion's per-game values, in millionths, over the games it has one.
    criteria: [Sums; Criterion::ALL.len()],
    endings: GamesByEnding,
    /// Games whose reason came after [`MAX_REASONS`] distinct ones, by result.
    other_endings: GamesByResult,
    picks: Picks,
    per_game: PerGame,
    /// The scores of the games the ruleset scored.
    scores: Scores,
    /// Every game, when asked for.
    kept: Option<Vec<GameRecord>>,
}

/// The scores of scored games: each of the match's two players' and the margin (player
/// 0's less player 1's), each game's kept while there are at most
/// [`BOOTSTRAP_MAX_GAMES`], and summed (in whole numbers) always.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scores {
    /// Each scored game's (player 0, player 1, margin).
    games: Option<Vec<[i64; 3]>>,
    sums: [SignedSums; 3],
}

impl Default for Scores {
    fn default() -> Scores {
        Scores {
            games: Some(Vec::new()),
            sums: Default::default(),
        }
    }
}

impl Scores {
    fn add(&mut self, game: &GameRecord) {
        let Some([a, b]) = game.player_scores() else {
            return;
        };
        let values = [a, b, a - b];
        for (sums, &v) in self.sums.iter_mut().zip(&values) {
            sums.add(v);
        }
        if let Some(games) = &mut self.games {
            if games.len() < BOOTSTRAP_MAX_GAMES {
                games.push(values);
            } else {
                self.games = None;
            }
        }
    }

    fn merge(&mut self, later: Scores) {
        for (sums, later) in self.sums.iter_mut().zip(later.sums) {
            sums.merge(later);
        }
        self.games = match (self.games.take(), later.games) {
            (Some(mut mine), Some(theirs)) if mine.len() + theirs.len() <= BOOTSTRAP_MAX_GAMES => {
                mine.extend(theirs);
                Some(mine)
            }
            _ => None,
        };
    }

    /// How many games were scored.
    pub fn games(&self) -> u64 {
        self.sums[0].count
    }

    /// The values of figure `at` (0: player 0's score, 1: player 1's, 2: the margin), if
    /// every scored game's are kept.
    pub fn values(&self, at: usize) -> Option<Vec<i64>> {
        Some(self.games.as_ref()?.iter().map(|v| v[at]).collect())
    }

    pub fn sums(&self, at: usize) -> SignedSums {
        self.sums[at]
    }
}

/// Like [`Sums`], for values that may be below 0 (scores and their margins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SignedSums {
    pub count: u64,
    pub sum: i128,
    pub squares: i128,
}

impl SignedSums {
    fn add(&mut self, value: i64) {
        let value = i128::from(value);
        self.count += 1;
        self.sum += value;
        self.squares = self.squares.saturating_add(value * value);
    }

    fn merge(&mut self, other: SignedSums) {
        self.count += other.count;
        self.sum += other.sum;
        self.squares = self.squares.saturating_add(other.squares);
    }
}

/// Each game's figures whose mean has an interval: its criteria (in millionths), then
/// its length and its captures; [`NO_VALUE`] where a game has no value of a criterion.
type GameValues = [u64; Criterion::ALL.len() + 2];
const NO_VALUE: u64 = u64::MAX;
const LENGTH: usize = Criterion::ALL.len();
const CAPTURES: usize = Criterion::ALL.len() + 1;

/// Every game's [`GameValues`], in game order, while there are at most
/// [`BOOTSTRAP_MAX_GAMES`] games; `None` past that.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PerGame(Option<Vec<GameValues>>);

impl Default for PerGame {
    fn default() -> PerGame {
        PerGame(Some(Vec::new()))
    }
}

impl PerGame {
    fn add(&mut self, values: GameValues) {
        if let Some(games) = &mut self.0 {
            if games.len() < BOOTSTRAP_MAX_GAMES {
                games.push(values);
            } else {
                self.0 = None;
            }
        }
    }

    fn merge(&mut self, later: PerGame) {
        self.0 = match (self.0.take(), later.0) {
            (Some(mut mine), Some(theirs)) if mine.len() + theirs.len() <= BOOTSTRAP_MAX_GAMES => {
                mine.extend(theirs);
                Some(mine)
            }
            _ => None,
        };
    }

    /// The values at `at` of the games that have one, if every game's are kept.
    fn column(&self, at: usize) -> Option<Vec<u64>> {
        let games = self.0.as_ref()?;
        Some(
            games
                .iter()
                .map(|values| values[at])
                .filter(|&v| v != NO_VALUE)
                .collect(),
        )
    }
}

/// Which side had the first seat: the same in every game so far, or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum FirstSide {
    #[default]
    NoGame,
    Always(PlayerId),
    Varied,
}

impl FirstSide {
    fn and(self, other: FirstSide) -> FirstSide {
        match (self, other) {
            (FirstSide::NoGame, x) | (x, FirstSide::NoGame) => x,
            (FirstSide::Always(a), FirstSide::Always(b)) if a == b => self,
            _ => FirstSide::Varied,
        }
    }
}

/// Whole-number sums of some values: how many, their sum and the sum of their squares,
/// enough for the mean and the standard deviation, exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    pub count: u64,
    pub sum: u128,
    pub squares: u128,
}

impl Sums {
    fn add(&mut self, value: u64) {
        let value = u128::from(value);
        self.count += 1;
        self.sum += value;
        self.squares = self.squares.saturating_add(value * value);
    }

    fn merge(&mut self, other: Sums) {
        self.count += other.count;
        self.sum += other.sum;
        self.squares = self.squares.saturating_add(other.squares);
    }
}

/// Why a sample game was picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pick {
    /// The first game the match's player (0 or 1) won: what a win by each looks like.
    FirstWin(usize),
    FirstDraw,
    /// The first game stopped at the turn limit: often a position that loops.
    FirstUnfinished,
    /// The first of the shortest games: a start that ends at once is a rule to look at.
    Shortest,
    /// The first of the longest games.
    Longest,
}

/// The sample games picked so far, one record for each reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Picks {
    first_win: [Option<GameRecord>; 2],
    first_draw: Option<GameRecord>,
    first_unfinished: Option<GameRecord>,
    shortest: Option<GameRecord>,
    longest: Option<GameRecord>,
}

impl Picks {
    /// Takes `game` for every reason it is the best so far; games come in game order,
    /// so the first of equals stays.
    fn add(&mut self, game: &GameRecord) {
        let first = |slot: &mut Option<GameRecord>, wanted: bool| {
            if wanted && slot.is_none() {
                *slot = Some(game.clone());
            }
        };
        for (player, slot) in self.first_win.iter_mut().enumerate() {
            first(slot, game.winning_player() == Some(player));
        }
        first(&mut self.first_draw, game.end == End::Draw);
        first(&mut self.first_unfinished, game.end == End::Unfinished);
        if self.shortest.as_ref().is_none_or(|s| game.turns < s.turns) {
            self.shortest = Some(game.clone());
        }
        if self.longest.as_ref().is_none_or(|l| game.turns > l.turns) {
            self.longest = Some(game.clone());
        }
    }

    /// The picks of these games and of `later` ones after them.
    fn merge(&mut self, later: Picks) {
        let earlier_first = |slot: &mut Option<GameRecord>, other: Option<GameRecord>| {
            if slot.is_none() {
                *slot = other;
            }
        };
        let [win0, win1] = later.first_win;
        earlier_first(&mut self.first_win[0], win0);
        earlier_first(&mut self.first_win[1], win1);
        earlier_first(&mut self.first_draw, later.first_draw);
        earlier_first(&mut self.first_unfinished, later.first_unfinished);
        if let Some(s) = later.shortest {
            if self
                .shortest
                .as_ref()
                .is_none_or(|mine| s.turns < mine.turns)
            {
                self.shortest = Some(s);
            }
        }
        if let Some(l) = later.longest {
            if self
                .longest
                .as_ref()
                .is_none_or(|mine| l.turns > mine.turns)
            {
                self.longest = Some(l);
            }
        }
    }

    /// The picked games in game order, each once, with every reason it was picked for
    /// (in the order of [`Pick`]).
    fn games(&self) -> Vec<(&GameRecord, Vec<Pick>)> {
        let picked = [
            (Pick::FirstWin(0), &self.first_win[0]),
            (Pick::FirstWin(1), &self.first_win[1]),
            (Pick::FirstDraw, &self.first_draw),
            (Pick::FirstUnfinished, &self.first_unfinished),
            (Pick::Shortest, &self.shortest),
            (Pick::Longest, &self.longest),
        ];
        let mut games: Vec<(&GameRecord, Vec<Pick>)> = Vec::new();
        for (pick, game) in picked {
            let Some(game) = game else { continue };
            match games.iter_mut().find(|(g, _)| g.index == game.index) {
                Some((_, picks)) => picks.push(pick),
                None => games.push((game, vec![pick])),
            }
        }
        games.sort_by_key(|(g, _)| g.index);
        games
    }
}

impl Tally {
    /// An empty tally, keeping counts only.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// An empty tally that also keeps every game's record (memory then grows with the
    /// games: a few hundred bytes each).
    pub fn keeping_games() -> Tally {
        Tally {
            kept: Some(Vec::new()),
            ..Tally::default()
        }
    }

    /// Adds the next game of the match. Games must come in game order (the first win is
    /// the first one added, and a kept list is in order).
    pub fn add(&mut self, game: GameRecord) {
        self.games += 1;
        if let Some(player) = game.winning_player() {
            self.wins[player] += 1;
        }
        match game.end {
            End::Win if game.first_seat_won() => self.first_seat_wins += 1,
            End::Win => {}
            End::Draw => self.draws += 1,
            End::Unfinished => self.unfinished += 1,
        }
        self.first_side = self.first_side.and(FirstSide::Always(game.first));
        let turns = game.turns as u64;
        *self.lengths.entry(turns).or_default() += 1;
        self.length_sums.add(turns);
        self.capture_sums.add(game.captures);
        self.positions += game.positions;
        self.legal_turns += game.legal_turns;
        let mut values = [NO_VALUE; LENGTH + 2];
        for criterion in Criterion::ALL {
            if let Some(value) = game.criteria.get(criterion) {
                let millionths = to_millionths(value);
                self.criteria[criterion as usize].add(millionths);
                values[criterion as usize] = millionths;
            }
        }
        values[LENGTH] = turns;
        values[CAPTURES] = game.captures;
        self.per_game.add(values);
        self.count_ending(game.end, game.ending(), 1);
        self.scores.add(&game);
        self.picks.add(&game);
        if let Some(kept) = &mut self.kept {
            kept.push(game);
        }
    }

    /// Adds the tally of the games that follow these (`later`'s first game comes right
    /// after this tally's last): the result is the tally of all of them, as if each had
    /// been added here. Every game is kept only if both kept them.
    pub fn merge(&mut self, later: Tally) {
        self.games += later.games;
        self.wins[0] += later.wins[0];
        self.wins[1] += later.wins[1];
        self.first_seat_wins += later.first_seat_wins;
        self.draws += later.draws;
        self.unfinished += later.unfinished;
        self.first_side = self.first_side.and(later.first_side);
        for (turns, games) in later.lengths {
            *self.lengths.entry(turns).or_default() += games;
        }
        self.length_sums.merge(later.length_sums);
        self.capture_sums.merge(later.capture_sums);
        self.positions += later.positions;
        self.legal_turns += later.legal_turns;
        for (mine, theirs) in self.criteria.iter_mut().zip(later.criteria) {
            mine.merge(theirs);
        }
        for ((end, reason), count) in later.endings {
            self.count_ending(end, &reason, count);
        }
        for (end, count) in later.other_endings {
            *self.other_endings.entry(end).or_default() += count;
        }
        self.scores.merge(later.scores);
        self.picks.merge(later.picks);
        self.per_game.merge(later.per_game);
        self.kept = match (self.kept.take(), later.kept) {
            (Some(mut mine), Some(theirs)) => {
                mine.extend(theirs);
                Some(mine)
            }
            _ => None,
        };
    }

    fn count_ending(&mut self, end: End, reason: &str, count: u64) {
        let key = (end, reason.to_string());
        if let Some(n) = self.endings.get_mut(&key) {
            *n += count;
        } else if self.endings.len() < MAX_REASONS {
            self.endings.insert(key, count);
        } else {
            *self.other_endings.entry(end).or_default() += count;
        }
    }

    /// How many games were added.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The wins of the match's player 0 or 1.
    pub fn wins_of(&self, player: usize) -> u64 {
        self.wins[player]
    }

    /// Games the first seat won.
    pub fn first_seat_wins(&self) -> u64 {
        self.first_seat_wins
    }

    /// Games with a winner.
    pub fn decisive(&self) -> u64 {
        self.wins[0] + self.wins[1]
    }

    pub fn draws(&self) -> u64 {
        self.draws
    }

    pub fn unfinished(&self) -> u64 {
        self.unfinished
    }

    /// The side that had the first seat, when it was the same in every game.
    pub fn first_side(&self) -> Option<PlayerId> {
        match self.first_side {
            FirstSide::Always(side) => Some(side),
            _ => None,
        }
    }

    /// The games by length: (turns, games), shortest first.
    pub fn lengths(&self) -> &BTreeMap<u64, u64> {
        &self.lengths
    }

    pub fn length_sums(&self) -> Sums {
        self.length_sums
    }

    pub fn capture_sums(&self) -> Sums {
        self.capture_sums
    }

    /// Positions where a piece turn was chosen, over every game.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Legal turns summed over those positions.
    pub fn legal_turns(&self) -> u64 {
        self.legal_turns
    }

    /// The scores of the games the ruleset scored.
    pub fn scores(&self) -> &Scores {
        &self.scores
    }

    /// How many games ended each way, by (result, reason) in that order; then, by
    /// result, the games whose reasons came after [`MAX_REASONS`] distinct ones.
    pub fn endings(&self) -> (&GamesByEnding, &GamesByResult) {
        (&self.endings, &self.other_endings)
    }

    /// The sample games, in game order, with why each was picked.
    pub fn samples(&self) -> Vec<(&GameRecord, Vec<Pick>)> {
        self.picks.games()
    }

    /// A criterion's per-game values summed, in millionths: whole numbers, so that
    /// games added in any grouping give the same sums.
    pub fn criterion_sums(&self, criterion: Criterion) -> Sums {
        self.criteria[criterion as usize]
    }

    /// Each game's value of `criterion`, in millionths and game order, over the games
    /// that have one; `None` past [`BOOTSTRAP_MAX_GAMES`] games.
    pub fn criterion_values(&self, criterion: Criterion) -> Option<Vec<u64>> {
        self.per_game.column(criterion as usize)
    }

    /// Each game's length in turns, in game order; `None` past [`BOOTSTRAP_MAX_GAMES`].
    pub fn length_values(&self) -> Option<Vec<u64>> {
        self.per_game.column(LENGTH)
    }

    /// Each game's captures, in game order; `None` past [`BOOTSTRAP_MAX_GAMES`].
    pub fn capture_values(&self) -> Option<Vec<u64>> {
        self.per_game.column(CAPTURES)
    }

    /// Every game, in game order, if the tally kept them.
    pub fn kept_games(&self) -> Option<&[GameRecord]> {
        self.kept.as_deref()
    }
}

/// A criterion's value in millionths, as the tally sums it (every criterion is 0 or
/// more).
fn to_millionths(value: f64) -> u64 {
    (value.max(0.0) * 1e6).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: usize, end: End, winner: Option<PlayerId>, turns: usize) -> GameRecord {
        GameRecord {
            index,
            seed: index as u64,
            swapped: index % 2 == 1,
            kinds: ["greedy".into(), "random".into()],
            first: 0,
            end,
            winner,
            reason: format!("reason {}", turns % 3),
            ending: None,
            scores: None,
            result: String::new(),
            turns,
            captures: (turns / 2) as u64,
            positions: turns as u64,
            legal_turns: 3 * turns as u64,
            final_position: String::new(),
            criteria: Default::default(),
            curve: Vec::new(),
            position_list: Vec::new(),
        }
    }

    fn games() -> Vec<GameRecord> {
        (0..40)
            .map(|i| match i % 5 {
                0 => game(i, End::Win, Some(0), 10 + i % 7),
                1 => game(i, End::Win, Some(1), 3 + i % 11),
                2 => game(i, End::Draw, None, 20),
                3 => game(i, End::Unfinished, None, 50),
                _ => game(i, End::Win, Some(1), 1 + i),
            })
            .collect()
    }

    #[test]
    fn counts_add_up_and_samples_are_the_first_of_each_kind() {
        let mut tally = Tally::new();
        games().into_iter().for_each(|g| tally.add(g));
        assert_eq!(tally.games(), 40);
        assert_eq!(
            tally.decisive() + tally.draws() + tally.unfinished(),
            tally.games()
        );
        assert_eq!(tally.lengths().values().sum::<u64>(), 40);
        assert_eq!(tally.first_side(), Some(0));
        let picked: Vec<(usize, Vec<Pick>)> = tally
            .samples()
            .into_iter()
            .map(|(g, picks)| (g.index, picks))
            .collect();
        // Game 0: side 0 wins, player 0. Game 1 (swapped) is player 0's win again;
        // game 4 (side 1, not swapped) is player 1's first. Game 2 is the first draw,
        // game 3 the first unfinished game and the first of the longest (50 turns), game
        // 11 the shortest (3 turns).
        assert_eq!(
            picked,
            [
                (0, vec![Pick::FirstWin(0)]),
                (2, vec![Pick::FirstDraw]),
                (3, vec![Pick::FirstUnfinished, Pick::Longest]),
                (4, vec![Pick::FirstWin(1)]),
                (11, vec![Pick::Shortest]),
            ]
        );
        assert!(tally.kept_games().is_none());
    }

    /// The tally of a match played in two parts, merged, is the tally of the match.
    #[test]
    fn tallies_of_consecutive_games_merge_into_the_whole() {
        let all = games();
        for keep in [false, true] {
            let fresh = || {
                if keep {
                    Tally::keeping_games()
                } else {
                    Tally::new()
                }
            };
            let mut whole = fresh();
            all.iter().cloned().for_each(|g| whole.add(g));
            for split in [0, 1, 17, 39, 40] {
                let (mut first, mut second) = (fresh(), fresh());
                all[..split].iter().cloned().for_each(|g| first.add(g));
                all[split..].iter().cloned().for_each(|g| second.add(g));
                first.merge(second);
                assert_eq!(first, whole, "split at {split}");
            }
        }
    }

    /// Each game's values are kept, in game order, for the bootstrap while there are at
    /// most BOOTSTRAP_MAX_GAMES games, however the games were split and merged; past
    /// that, never, whichever way they came.
    #[test]
    fn values_for_the_bootstrap_are_kept_up_to_the_limit_only() {
        let many = |from: usize, count: usize| -> Tally {
            let mut tally = Tally::new();
            (from..from + count).for_each(|i| tally.add(game(i, End::Draw, None, i % 30)));
            tally
        };
        let lengths: Vec<u64> = (0..BOOTSTRAP_MAX_GAMES as u64).map(|i| i % 30).collect();
        let whole = many(0, BOOTSTRAP_MAX_GAMES);
        assert_eq!(whole.length_values(), Some(lengths.clone()));
        let mut halves = many(0, 1000);
        halves.merge(many(1000, BOOTSTRAP_MAX_GAMES - 1000));
        assert_eq!(halves, whole);
        assert_eq!(
            halves.capture_values().map(|c| c.len()),
            Some(lengths.len())
        );
        // A game with no value of a criterion has none in its list.
        assert_eq!(halves.criterion_values(Criterion::Drama), Some(Vec::new()));

        let past = many(0, BOOTSTRAP_MAX_GAMES + 1);
        assert_eq!(past.length_values(), None);
        let mut merged = many(0, BOOTSTRAP_MAX_GAMES);
        merged.merge(many(BOOTSTRAP_MAX_GAMES, 1));
        assert_eq!(merged, past);
    }

    #[test]
    fn reasons_past_the_limit_are_counted_together() {
        let mut tally = Tally::new();
        for i in 0..MAX_REASONS + 10 {
            let mut g = game(i, End::Draw, None, 5);
            g.reason = format!("draw number {i}");
            tally.add(g);
        }
        let (each, others) = tally.endings();
        assert_eq!(each.len(), MAX_REASONS);
        assert_eq!(others.get(&End::Draw), Some(&10));
    }
}
