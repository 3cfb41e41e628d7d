//! Quality criteria of one game, measured while a match plays it: how the game used its
//! board and its choices, and how the players' view of who would win moved over it.
//! `docs/criteria.md` defines each for designers; a match's report gives their means
//! over its games with 95% intervals ([`crate::report::summary`]).
//!
//! A game is watched position by position ([`CriteriaWatch::see`]: every position where a
//! piece turn was chosen) and summed up when it ends ([`CriteriaWatch::finish`]). What
//! it keeps grows with the game's length only (one value a position, and the positions
//! seen, for repetitions), never with the match.
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
use variant_run_core::{PlayerId, Position};

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
    LeadChanges,
    ValueVariance,
    Uncertainty,
    Drama,
    LoserBestChance,
    DecisivenessLag,
    Clarity,
}

impl Criterion {
    pub const ALL: [Criterion; 12] = [
        Criterion::DecisionMoves,
        Criterion::BoardCoverage,
        Criterion::PiecesOnBoard,
        Criterion::Repetition,
        Criterion::TreeComplexity,
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
            | Criterion::TreeComplexity => "board and choices",
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameCriteria {
    values: [Option<f64>; Criterion::ALL.len()],
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
    log_turns: f64,
    pieces: u64,
    repeated: u64,
    seen: HashSet<Position>,
    /// Every junction the game's boards had, by its place, and whether a piece stood
    /// on it (counted only, never listed, so the map's order reaches no output).
    used: HashMap<(i32, i32), bool>,
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
        if legal >= 1 {
            self.log_turns += (legal as f64).log10();
        }
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
        self.values.push((turn, first_chance.clamp(0.0, 1.0)));
        if let Some(focus) = focus {
            self.focus.push(focus);
        }
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
        criteria.set(Criterion::PiecesOnBoard, per_position(self.pieces as f64));
        criteria.set(Criterion::Repetition, per_position(self.repeated as f64));
        criteria.set(
            Criterion::TreeComplexity,
            (self.positions > 0).then_some(self.log_turns),
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
        let criteria = watch.finish(2, None, 0);
        assert_eq!(criteria.get(Criterion::Repetition), Some(0.5));
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
        assert_eq!(criteria.get(Criterion::TreeComplexity), Some(5f64.log10()));
        assert_eq!(criteria.get(Criterion::Clarity), Some(0.25));
        // A draw: nothing about a winner.
        assert_eq!(criteria.get(Criterion::Drama), None);
        assert_eq!(criteria.get(Criterion::DecisivenessLag), None);
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
