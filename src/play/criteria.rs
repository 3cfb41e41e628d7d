//! Quality criteria of one game, measured while a match plays it: how the game used its
//! board and its choices, and how the players' view of who would win moved over it.
//! `docs/criteria.md` defines each for designers; a match's report gives their means
//! over its games with 95% intervals ([`crate::report::summary`]).
//!
//! A game is watched position by position ([`CriteriaWatch::see`]: every position where a
//! piece turn was chosen; [`CriteriaWatch::ended`]: the one the game ended in) and summed
//! up when it ends ([`CriteriaWatch::finish`]). What it keeps grows with the game's length
//! only (one value a position, and the positions seen, for repetitions), never with the
//! match.
//!
//! **The value of a position** is the chance the first seat wins from it, as the side to
//! move sees it: a search player's own estimate of the turn it chose (mcts: the share of
//! playouts it won through that turn; the classical robot: its score through the same
//! curve), or else the ruleset's `evaluate` (without one, the material lead) through the
//! logistic curve the search uses to score a playout it cuts off. So a match of search
//! players measures the state criteria with the search's eyes, as Ludii does; a match
//! of random or greedy players measures them with the static evaluation's.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use variant_run_core::{Lattice, PlayerId, Position};

/// Chances within this of one half count as even: nobody leads. A search's value of
/// an even position wanders a few hundredths either side of one half (fewer playouts,
/// more), and a lead that is only that noise would count a change of the lead at
/// nearly every turn.
const EVEN: f64 = 0.05;

/// The per-game criteria, in the order reports list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Criterion {
    DecisionMoves,
    BoardCoverage,
    PiecesOnBoard,
    Repetition,
    TreeComplexity,
    MoveDistance,
    LeadChanges,
    ValueVariance,
    Uncertainty,
    Drama,
    LoserBestChance,
    DecisivenessLag,
    Clarity,
}

impl Criterion {
    pub const ALL: [Criterion; 13] = [
        Criterion::DecisionMoves,
        Criterion::BoardCoverage,
        Criterion::PiecesOnBoard,
        Criterion::Repetition,
        Criterion::TreeComplexity,
        Criterion::MoveDistance,
        Criterion::LeadChanges,
        Criterion::ValueVariance,
        Criterion::Uncertainty,
        Criterion::Drama,
        Criterion::LoserBestChance,
        Criterion::DecisivenessLag,
        Criterion::Clarity,
    ];

    /// The name in JSON and in `docs/criteria.md`.
    pub fn key(self) -> &'static str {
        match self {
            Criterion::DecisionMoves => "decision_moves",
            Criterion::BoardCoverage => "board_coverage",
            Criterion::PiecesOnBoard => "pieces_on_board",
            Criterion::Repetition => "repetition",
            Criterion::TreeComplexity => "tree_complexity",
            Criterion::MoveDistance => "move_distance",
            Criterion::LeadChanges => "lead_changes",
            Criterion::ValueVariance => "value_variance",
            Criterion::Uncertainty => "uncertainty",
            Criterion::Drama => "drama",
            Criterion::LoserBestChance => "loser_best_chance",
            Criterion::DecisivenessLag => "decisiveness_lag",
            Criterion::Clarity => "clarity",
        }
    }

    /// The report's words for it.
    pub fn label(self) -> &'static str {
        match self {
            Criterion::DecisionMoves => "positions with a choice (share)",
            Criterion::BoardCoverage => "junctions ever used (share)",
            Criterion::PiecesOnBoard => "pieces on the board, mean",
            Criterion::Repetition => "positions repeated (share)",
            Criterion::TreeComplexity => "game tree size along a game, log10",
            Criterion::MoveDistance => "move distance, in tile sides",
            Criterion::LeadChanges => "lead changes",
            Criterion::ValueVariance => "value variance (stability)",
            Criterion::Uncertainty => "uncertainty of the result",
            Criterion::Drama => "drama: winner behind by",
            Criterion::LoserBestChance => "loser's best chance",
            Criterion::DecisivenessLag => "turns from decided to end",
            Criterion::Clarity => "clarity: search's share on its choice",
        }
    }

    /// The largest value it can take, where it has one (every criterion is 0 or more):
    /// intervals are cut to the range.
    pub fn most(self) -> Option<f64> {
        match self {
            Criterion::DecisionMoves
            | Criterion::BoardCoverage
            | Criterion::Repetition
            | Criterion::Uncertainty
            | Criterion::Drama
            | Criterion::LoserBestChance
            | Criterion::Clarity => Some(1.0),
            Criterion::ValueVariance => Some(0.25),
            Criterion::PiecesOnBoard
            | Criterion::TreeComplexity
            | Criterion::MoveDistance
            | Criterion::LeadChanges
            | Criterion::DecisivenessLag => None,
        }
    }

    /// The group it is shown in.
    pub fn group(self) -> &'static str {
        match self {
            Criterion::DecisionMoves
            | Criterion::BoardCoverage
            | Criterion::PiecesOnBoard
            | Criterion::Repetition
            | Criterion::TreeComplexity
            | Criterion::MoveDistance => "board and choices",
            Criterion::LeadChanges
            | Criterion::ValueVariance
            | Criterion::Uncertainty
            | Criterion::Drama
            | Criterion::LoserBestChance
            | Criterion::DecisivenessLag
            | Criterion::Clarity => "who leads (the players' view)",
        }
    }
}

/// One game's criteria: a value for each, or none where it means nothing for the game
/// (drama in a draw, clarity where no search chose).
///
/// In a study's results files it is a map from each criterion's key to its value, the
/// criteria without one left out: readable, and a criterion added later is simply
/// absent from older games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GameCriteria {
    values: [Option<f64>; Criterion::ALL.len()],
}

impl Serialize for GameCriteria {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let present = Criterion::ALL.iter().filter(|c| self.get(**c).is_some());
        let mut map = serializer.serialize_map(Some(present.clone().count()))?;
        for &criterion in present {
            map.serialize_entry(criterion.key(), &self.get(criterion))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for GameCriteria {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let read = std::collections::BTreeMap::<String, f64>::deserialize(deserializer)?;
        let mut criteria = GameCriteria::default();
        for (key, value) in read {
            let criterion = Criterion::ALL
                .into_iter()
                .find(|c| c.key() == key)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown criterion `{key}`")))?;
            criteria.set(criterion, Some(value));
        }
        Ok(criteria)
    }
}

// No value is NaN (`set` keeps finite values only), so equality is an equivalence.
impl Eq for GameCriteria {}

impl GameCriteria {
    pub fn get(&self, criterion: Criterion) -> Option<f64> {
        self.values[criterion as usize]
    }

    fn set(&mut self, criterion: Criterion, value: Option<f64>) {
        self.values[criterion as usize] = value.filter(|v| v.is_finite());
    }
}

/// What a search player knew when it chose, for the state criteria.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchView {
    /// The chance the side it moved for wins, through the turn it chose.
    pub chance: f64,
    /// How much of its search went to that turn (0 to 1), where it can say.
    pub focus: Option<f64>,
}

/// The most points a game's value curve keeps (see [`CriteriaWatch::curve`]).
pub const CURVE_POINTS: usize = 64;

/// The positions of one game as it is played.
#[derive(Default)]
pub struct CriteriaWatch {
    positions: u64,
    with_choice: u64,
    legal: u64,
    /// The board criteria count the final position too, as Ludii counts every state of
    /// a game: a junction first reached by the last turn was used, a position repeated
    /// by it was repeated. `states` is `positions` and that one.
    states: u64,
    pieces: u64,
    repeated: u64,
    seen: HashSet<Position>,
    /// Every junction the game's boards had, by its place, and whether a piece stood
    /// on it (counted only, never listed, so the map's order reaches no output).
    used: HashMap<(i32, i32), bool>,
    /// The distances of the turns that moved pieces (see [`CriteriaWatch::moved`]).
    move_distance: f64,
    moves: u64,
    /// Per position: the turn number it came at and the first seat's chance there.
    values: Vec<(usize, f64)>,
    focus: Vec<f64>,
}

impl CriteriaWatch {
    pub fn new() -> CriteriaWatch {
        CriteriaWatch::default()
    }

    /// A position where a piece turn is chosen: `turn` turns into the game, `legal` legal
    /// turns, `first_chance` the first seat's chance as the mover sees it, `focus` the
    /// search's share on its choice if a search chose.
    pub fn see(
        &mut self,
        position: &Position,
        turn: usize,
        legal: usize,
        first_chance: f64,
        focus: Option<f64>,
    ) {
        self.positions += 1;
        if legal >= 2 {
            self.with_choice += 1;
        }
        self.legal += legal as u64;
        self.state(position);
        self.values.push((turn, first_chance.clamp(0.0, 1.0)));
        if let Some(focus) = focus {
            self.focus.push(focus);
        }
    }

    /// The position the game ended in (or stopped in, at the turn limit): a state of the
    /// game for the board criteria, though nobody chose a turn in it.
    pub fn ended(&mut self, position: &Position) {
        self.state(position);
    }

    /// What the board criteria count of every state of the game.
    fn state(&mut self, position: &Position) {
        self.states += 1;
        self.pieces += u64::from(position.piece_count());
        // Junctions by their place on the lattice, which stays when a patch grows or
        // shrinks (their numbers do not).
        let board = position.board();
        for (junction, stack) in board.junctions().iter().zip(position.stacks()) {
            let place = (junction.vertex.x, junction.vertex.y);
            *self.used.entry(place).or_default() |= stack.height() > 0;
        }
        // The count of quiet turns is a counter, not part of the situation: two visits
        // of one situation differ in it.
        let mut situation = position.clone();
        situation.set_quiet_turns(0);
        if !self.seen.insert(situation) {
            self.repeated += 1;
        }
    }

    /// A piece turn of `mover` that left `after` from `before`: if pieces of the mover
    /// left some junctions and arrived at others (a move, not a placement or a loss),
    /// how far they went. The distance is the Hausdorff distance between the junctions
    /// left and those arrived at, in tile sides: a step is its length as the crow flies,
    /// a merge of neighbours or a split onto them 1, a step followed by a merge or a
    /// split the step's start to the farthest landing.
    pub fn moved(&mut self, before: &Position, after: &Position, mover: PlayerId) {
        let pieces = |position: &Position| -> std::collections::BTreeMap<(i32, i32), u32> {
            let board = position.board();
            board
                .junctions()
                .iter()
                .zip(position.stacks())
                .filter(|(_, stack)| stack.pieces_of(mover) > 0)
                .map(|(j, stack)| ((j.vertex.x, j.vertex.y), stack.pieces_of(mover)))
                .collect()
        };
        let (was, now) = (pieces(before), pieces(after));
        let left: Vec<(i32, i32)> = was
            .iter()
            .filter(|(place, n)| now.get(place).is_none_or(|m| m < n))
            .map(|(place, _)| *place)
            .collect();
        let arrived: Vec<(i32, i32)> = now
            .iter()
            .filter(|(place, n)| was.get(place).is_none_or(|m| m < n))
            .map(|(place, _)| *place)
            .collect();
        if left.is_empty() || arrived.is_empty() {
            return;
        }
        let lattice = before.board().lattice();
        let far = |from: &[(i32, i32)], to: &[(i32, i32)]| {
            from.iter()
                .map(|&a| {
                    to.iter()
                        .map(|&b| tile_sides(lattice, a, b))
                        .fold(f64::INFINITY, f64::min)
                })
                .fold(0.0, f64::max)
        };
        self.move_distance += far(&left, &arrived).max(far(&arrived, &left));
        self.moves += 1;
    }

    /// The first seat's chance over the game, for a chart: (turn, chance in
    /// ten-thousandths), at most [`CURVE_POINTS`] points, evenly spread over the
    /// positions and always holding the last, so a kept game costs a few hundred bytes
    /// however long it ran.
    pub fn curve(&self) -> Vec<(u32, u16)> {
        let n = self.values.len();
        let point = |&(turn, v): &(usize, f64)| (turn as u32, (v * 10_000.0).round() as u16);
        if n <= CURVE_POINTS {
            return self.values.iter().map(point).collect();
        }
        (0..CURVE_POINTS)
            .map(|k| point(&self.values[k * (n - 1) / (CURVE_POINTS - 1)]))
            .collect()
    }

    /// The game's criteria, once it ended after `turns` turns: won by `winner` (None: a
    /// draw or unfinished; `decided` says whether it had a result), `first` the first
    /// seat.
    pub fn finish(&self, turns: usize, winner: Option<PlayerId>, first: PlayerId) -> GameCriteria {
        let mut criteria = GameCriteria::default();
        let n = self.positions as f64;
        let per_position = |sum: f64| (self.positions > 0).then(|| sum / n);
        let per_state = |sum: f64| (self.states > 0).then(|| sum / self.states as f64);
        criteria.set(
            Criterion::DecisionMoves,
            per_position(self.with_choice as f64),
        );
        let junctions = self.used.len();
        criteria.set(
            Criterion::BoardCoverage,
            (junctions > 0)
                .then(|| self.used.values().filter(|&&u| u).count() as f64 / junctions as f64),
        );
        criteria.set(Criterion::PiecesOnBoard, per_state(self.pieces as f64));
        criteria.set(Criterion::Repetition, per_state(self.repeated as f64));
        // The classic estimate (Allis; Ludii's GameTreeComplexity): the game's mean
        // branching factor to the power of its length, b^d, in log10. Chess's 123 is
        // this figure (35 turns a position, 80 positions).
        criteria.set(
            Criterion::TreeComplexity,
            (self.legal > 0).then(|| n * (self.legal as f64 / n).log10()),
        );
        criteria.set(
            Criterion::MoveDistance,
            (self.moves > 0).then(|| self.move_distance / self.moves as f64),
        );
        let chances: Vec<f64> = self.values.iter().map(|&(_, v)| v).collect();
        criteria.set(
            Criterion::LeadChanges,
            (!chances.is_empty()).then(|| lead_changes(&chances) as f64),
        );
        criteria.set(Criterion::ValueVariance, variance(&chances));
        criteria.set(
            Criterion::Uncertainty,
            per_position(chances.iter().map(|v| 1.0 - (2.0 * v - 1.0).abs()).sum()),
        );
        if let Some(winner) = winner {
            // The winner's chance at each position.
            let theirs: Vec<(usize, f64)> = self
                .values
                .iter()
                .map(|&(t, v)| (t, if winner == first { v } else { 1.0 - v }))
                .collect();
            criteria.set(
                Criterion::Drama,
                per_position(theirs.iter().map(|&(_, w)| (1.0 - 2.0 * w).max(0.0)).sum()),
            );
            criteria.set(
                Criterion::LoserBestChance,
                theirs.iter().map(|&(_, w)| 1.0 - w).reduce(f64::max),
            );
            criteria.set(
                Criterion::DecisivenessLag,
                Some(decisiveness_lag(&theirs, turns) as f64),
            );
        }
        criteria.set(
            Criterion::Clarity,
            (!self.focus.is_empty())
                .then(|| self.focus.iter().sum::<f64>() / self.focus.len() as f64),
        );
        criteria
    }
}

/// The straight distance between two junctions' places on the lattice's drawing grid,
/// in tile sides ([`Lattice::grid_step`]).
fn tile_sides(lattice: Lattice, a: (i32, i32), b: (i32, i32)) -> f64 {
    let (x, y) = lattice.grid_step();
    let (dx, dy) = (f64::from(a.0 - b.0) * x, f64::from(a.1 - b.1) * y);
    dx.hypot(dy)
}

/// Who leads at a chance `v` of the first seat: 1 the first seat, -1 the second, 0 nobody.
fn leader(v: f64) -> i8 {
    if v > 0.5 + EVEN {
        1
    } else if v < 0.5 - EVEN {
        -1
    } else {
        0
    }
}

/// How many times the lead passes from one side to the other. Positions where nobody
/// leads are skipped: a static evaluation is exactly even whenever the material is, and
/// counting each step into and out of "even" would count noise (Ludii counts its tie
/// set as a leader of its own, which with continuous search values rarely happens).
fn lead_changes(chances: &[f64]) -> usize {
    let mut last = 0;
    let mut changes = 0;
    for &v in chances {
        let now = leader(v);
        if now != 0 {
            if last != 0 && now != last {
                changes += 1;
            }
            last = now;
        }
    }
    changes
}

/// The population variance of the first seat's chances over the game.
fn variance(chances: &[f64]) -> Option<f64> {
    if chances.is_empty() {
        return None;
    }
    let n = chances.len() as f64;
    let mean = chances.iter().sum::<f64>() / n;
    Some(chances.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n)
}

/// Turns from the moment the result was clear to the end: the game was decided at the
/// first position from which the winner led at every position after (by its turn
/// number), and at the end if it did not lead at the last one.
fn decisiveness_lag(winner_chances: &[(usize, f64)], turns: usize) -> usize {
    let mut decided_at = turns;
    for &(turn, chance) in winner_chances.iter().rev() {
        if leader(chance) != 1 {
            break;
        }
        decided_at = turn;
    }
    turns - decided_at.min(turns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lead_changes_count_the_lead_passing() {
        assert_eq!(lead_changes(&[0.5, 0.7, 0.3, 0.8]), 2);
        assert_eq!(lead_changes(&[0.9, 0.8, 0.6]), 0);
        assert_eq!(lead_changes(&[0.5]), 0);
        // Through even: one change, not two.
        assert_eq!(lead_changes(&[0.4, 0.5, 0.5, 0.6]), 1);
        // Back to the same leader after even: none.
        assert_eq!(lead_changes(&[0.6, 0.5, 0.7, 0.2]), 1);
    }

    #[test]
    fn the_lag_runs_from_the_last_time_the_winner_did_not_lead() {
        // Led from the first position: the whole game.
        assert_eq!(decisiveness_lag(&[(0, 0.9), (1, 0.8), (2, 0.99)], 3), 3);
        // Behind at turn 1, ahead from turn 2 on, ended after 5 turns: 3 turns.
        let winner = [(0, 0.6), (1, 0.4), (2, 0.7), (3, 0.8), (4, 0.9)];
        assert_eq!(decisiveness_lag(&winner, 5), 3);
        // Never ahead before the last turn: decided by it, no lag.
        assert_eq!(decisiveness_lag(&[(0, 0.5), (1, 0.2)], 2), 0);
    }

    /// A position seen again counts as repeated, whatever its count of quiet turns;
    /// the board criteria count by hand.
    #[test]
    fn a_watched_game_counts_repeats_choices_and_coverage() {
        let variant = crate::ruleset::Variant::load_named("truchet-browne", Some(3)).unwrap();
        let game = crate::play::Game::new(&variant, crate::play::Layout::Random, 1).unwrap();
        let start = game.position().clone();
        let mut later = start.clone();
        later.set_quiet_turns(7);
        let mut watch = CriteriaWatch::new();
        watch.see(&start, 0, 5, 0.5, None);
        watch.see(&later, 1, 1, 0.5, Some(0.25));
        // The game ends where it started: a third state, a second repeat.
        watch.ended(&start);
        let criteria = watch.finish(2, None, 0);
        assert_eq!(criteria.get(Criterion::Repetition), Some(2.0 / 3.0));
        assert_eq!(criteria.get(Criterion::DecisionMoves), Some(0.5));
        assert_eq!(
            criteria.get(Criterion::PiecesOnBoard),
            Some(f64::from(start.piece_count()))
        );
        let occupied = start.stacks().iter().filter(|s| s.height() > 0).count();
        assert_eq!(
            criteria.get(Criterion::BoardCoverage),
            Some(occupied as f64 / start.stacks().len() as f64)
        );
        // Two positions, three legal turns each on average: 3^2 games.
        assert_eq!(
            criteria.get(Criterion::TreeComplexity),
            Some(2.0 * 3f64.log10())
        );
        assert_eq!(criteria.get(Criterion::Clarity), Some(0.25));
        // A draw: nothing about a winner.
        assert_eq!(criteria.get(Criterion::Drama), None);
        assert_eq!(criteria.get(Criterion::DecisivenessLag), None);
    }

    /// Moves on Truchet 3x3 (junctions 0-3 by 0-3), worked by hand: a step three sides
    /// up, a merge of two neighbours, a placement and a loss (neither is a move).
    #[test]
    fn moves_are_measured_from_where_pieces_left_to_where_they_arrived() {
        use variant_run_core::Stack;
        let variant = crate::ruleset::Variant::load_named("truchet-browne", Some(3)).unwrap();
        let game = crate::play::Game::new(&variant, crate::play::Layout::Random, 1).unwrap();
        let mut empty = game.position().clone();
        let board = empty.board().clone();
        let at = |x: i32, y: i32| {
            board
                .junctions()
                .iter()
                .position(|j| (j.vertex.x, j.vertex.y) == (x, y))
                .unwrap() as variant_run_core::JunctionId
        };
        for j in 0..board.junctions().len() {
            empty.set_stack(j as variant_run_core::JunctionId, Stack::default());
        }
        let with = |stacks: &[((i32, i32), Stack)]| {
            let mut p = empty.clone();
            for &((x, y), stack) in stacks {
                p.set_stack(at(x, y), stack);
            }
            p
        };
        let x = |h| Stack::new(0, h);
        let o = |h| Stack::new(1, h);
        let mut watch = CriteriaWatch::new();
        // A step from (0,0) to (0,3), past an enemy piece that stays.
        watch.moved(
            &with(&[((0, 0), x(1)), ((2, 2), o(1))]),
            &with(&[((0, 3), x(1)), ((2, 2), o(1))]),
            0,
        );
        // A merge of (0,1) and (2,1) onto (1,1), taking the enemy stack there.
        watch.moved(
            &with(&[((0, 1), x(1)), ((2, 1), x(2)), ((1, 1), o(2))]),
            &with(&[((1, 1), x(3))]),
            0,
        );
        // A placement (pieces arrive, none leave), and o's loss seen as its own turn.
        watch.moved(&with(&[]), &with(&[((3, 3), x(1))]), 0);
        watch.moved(&with(&[((1, 1), o(2))]), &with(&[]), 1);
        let criteria = watch.finish(4, None, 0);
        assert_eq!(
            criteria.get(Criterion::MoveDistance),
            Some((3.0 + 1.0) / 2.0)
        );
        // A split after a diagonal step: (0,0) steps to (2,2) and splits onto (2,3) and
        // (3,2): the start is sqrt(13) from its nearest landing.
        let mut split = CriteriaWatch::new();
        split.moved(
            &with(&[((0, 0), x(2))]),
            &with(&[((2, 3), x(1)), ((3, 2), x(1))]),
            0,
        );
        let got = split
            .finish(1, None, 0)
            .get(Criterion::MoveDistance)
            .unwrap();
        assert!((got - 13f64.sqrt()).abs() < 1e-12, "{got}");
        // No move at all (a Trugo game): no value.
        assert_eq!(
            CriteriaWatch::new()
                .finish(0, None, 0)
                .get(Criterion::MoveDistance),
            None
        );
    }

    /// Every tile side is 1 on each lattice's drawing grid (see [`Lattice`]).
    #[test]
    fn tile_sides_are_one_on_every_lattice() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(tile_sides(Lattice::Square, (0, 0), (0, 1)), 1.0));
        assert!(close(tile_sides(Lattice::Square, (0, 0), (3, 4)), 5.0));
        // Pointy-top: a cell centred at (0,0) has corners (0,2), (1,1), (1,-1).
        assert!(close(tile_sides(Lattice::Hex, (0, 2), (1, 1)), 1.0));
        assert!(close(tile_sides(Lattice::Hex, (1, 1), (1, -1)), 1.0));
        // Opposite corners of a hexagon are two sides apart.
        assert!(close(tile_sides(Lattice::Hex, (0, 2), (0, -2)), 2.0));
        // Flat-top: corners (2,0), (1,1), (-1,1).
        assert!(close(tile_sides(Lattice::HexFlat, (2, 0), (1, 1)), 1.0));
        assert!(close(tile_sides(Lattice::HexFlat, (1, 1), (-1, 1)), 1.0));
        assert!(close(tile_sides(Lattice::HexFlat, (2, 0), (-2, 0)), 2.0));
    }

    #[test]
    fn a_long_game_keeps_a_short_curve_with_its_ends() {
        let mut watch = CriteriaWatch {
            values: (0..1000).map(|t| (t, t as f64 / 1000.0)).collect(),
            ..CriteriaWatch::default()
        };
        let curve = watch.curve();
        assert_eq!(curve.len(), CURVE_POINTS);
        assert_eq!(curve[0], (0, 0));
        assert_eq!(curve[CURVE_POINTS - 1], (999, 9990));
        watch.values.truncate(3);
        assert_eq!(watch.curve(), vec![(0, 0), (1, 10), (2, 20)]);
    }

    /// A three-position game worked by hand: the first seat (the winner) at 50%, 30%,
    /// then 80%, the game over after 3 turns.
    #[test]
    fn the_state_criteria_of_a_comeback() {
        let watch = CriteriaWatch {
            positions: 3,
            values: vec![(0, 0.5), (1, 0.3), (2, 0.8)],
            ..CriteriaWatch::default()
        };
        let c = watch.finish(3, Some(0), 0);
        let close = |got: Option<f64>, want: f64| (got.unwrap() - want).abs() < 1e-12;
        // Behind by 1 - 2w: 0, 0.4, 0.
        assert!(close(c.get(Criterion::Drama), 0.4 / 3.0));
        // The loser's chance: 0.5, 0.7, 0.2.
        assert!(close(c.get(Criterion::LoserBestChance), 0.7));
        // 1 - |2v - 1|: 1, 0.6, 0.4.
        assert!(close(c.get(Criterion::Uncertainty), 2.0 / 3.0));
        // Nobody, the second seat, the first: the lead passed once.
        assert!(close(c.get(Criterion::LeadChanges), 1.0));
        // Decided at turn 2, over after turn 3.
        assert!(close(c.get(Criterion::DecisivenessLag), 1.0));
        // Mean 1.6 / 3; squared deviations 1/900, 49/900, 64/900.
        assert!(close(c.get(Criterion::ValueVariance), 114.0 / 900.0 / 3.0));
        // The same game won by the second seat: behind at 50% and 80%, not at 30%.
        let lost = watch.finish(3, Some(1), 0);
        assert!(close(lost.get(Criterion::Drama), 0.6 / 3.0));
        assert!(close(lost.get(Criterion::LoserBestChance), 0.8));
        assert!(close(lost.get(Criterion::DecisivenessLag), 0.0));
    }

    #[test]
    fn variance_of_known_values() {
        assert_eq!(variance(&[0.5, 0.5]), Some(0.0));
        assert_eq!(variance(&[0.0, 1.0]), Some(0.25));
        assert_eq!(variance(&[]), None);
    }
}
