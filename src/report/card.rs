//! A ruleset's report card, as `evaluate` prints it: the skill ladder and its depth, then
//! the self-play match's outcome figures and quality criteria, each with a one-line
//! reading in a designer's terms. `--json` prints the [`ReportCard`] itself.

use serde::Serialize;

use super::stats::Proportion;
use super::summary::{CriterionSummary, Summary};
use crate::play::evaluation::Evaluation;

/// One step of the skill ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderStep {
    pub stronger: String,
    pub weaker: String,
    pub games: u64,
    pub stronger_wins: u64,
    pub weaker_wins: u64,
    pub draws: u64,
    pub unfinished: u64,
    /// The stronger player's share of the decisive games, with its Wilson interval.
    pub share: Proportion,
    /// Whether the interval lies above one half: the stronger player wins significantly.
    pub significant: bool,
}

/// A figure's reading: its key (a criterion's, or `first_seat_advantage`, `draws`,
/// `unfinished`, `skill_depth`) and a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub key: String,
    pub reading: String,
}

/// The whole report card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReportCard {
    pub ruleset: String,
    pub options: Vec<String>,
    pub seed: u64,
    /// Games of each ladder step and of the self-play match.
    pub games: u64,
    pub ladder: Vec<LadderStep>,
    /// Steps that count, from the bottom, before the first that does not.
    pub skill_depth: usize,
    pub self_play_kind: String,
    pub self_play: Summary,
    pub readings: Vec<Reading>,
}

impl ReportCard {
    pub fn of(evaluation: &Evaluation) -> ReportCard {
        let ladder: Vec<LadderStep> = evaluation.steps.iter().map(step).collect();
        let skill_depth = ladder.iter().take_while(|s| s.significant).count();
        let self_play = Summary::of(&evaluation.self_play);
        let mut readings = vec![Reading {
            key: "skill_depth".into(),
            reading: depth_reading(skill_depth, ladder.len()),
        }];
        readings.extend(outcome_readings(&self_play));
        for c in &self_play.criteria {
            if let Some(text) = criterion_reading(c, &self_play) {
                readings.push(Reading {
                    key: c.key.to_string(),
                    reading: text,
                });
            }
        }
        let result = &evaluation.self_play;
        ReportCard {
            ruleset: result.ruleset.clone(),
            options: result.options.clone(),
            seed: result.seed,
            games: result.tally.games(),
            ladder,
            skill_depth,
            self_play_kind: result.kinds[0].to_string(),
            self_play,
            readings,
        }
    }

    /// The reading of a figure, if it has one.
    pub fn reading(&self, key: &str) -> Option<&str> {
        self.readings
            .iter()
            .find(|r| r.key == key)
            .map(|r| r.reading.as_str())
    }
}

fn step(result: &crate::play::tournament::MatchResult) -> LadderStep {
    let tally = &result.tally;
    let share = Proportion::new(tally.wins_of(0), tally.decisive());
    LadderStep {
        stronger: result.kinds[0].to_string(),
        weaker: result.kinds[1].to_string(),
        games: tally.games(),
        stronger_wins: tally.wins_of(0),
        weaker_wins: tally.wins_of(1),
        draws: tally.draws(),
        unfinished: tally.unfinished(),
        significant: share.low.is_some_and(|low| low > 0.5),
        share,
    }
}

fn depth_reading(depth: usize, steps: usize) -> String {
    match depth {
        0 => "the first step already fails: more skill does not reliably win".into(),
        d if d == steps => "every step counts: each stronger player reliably beats the one \
                            below; a longer ladder may find more"
            .into(),
        _ => "above that level, more search no longer reliably wins".into(),
    }
}

fn outcome_readings(s: &Summary) -> Vec<Reading> {
    let mut readings = Vec::new();
    let advantage = &s.first_seat_advantage;
    if let (Some(rate), Some(low), Some(high)) = (advantage.rate, advantage.low, advantage.high) {
        let text = if low > 0.5 {
            format!(
                "the first seat wins {:.0}% of decisive games: a first-move advantage",
                rate * 100.0
            )
        } else if high < 0.5 {
            format!(
                "the second seat wins {:.0}% of decisive games: moving first is a handicap",
                (1.0 - rate) * 100.0
            )
        } else {
            "no advantage of either seat can be seen at this many games".into()
        };
        readings.push(Reading {
            key: "first_seat_advantage".into(),
            reading: text,
        });
    }
    if let Some(rate) = s.draws.rate {
        let text = if rate >= 0.3 {
            "many draws: the game struggles to produce a winner"
        } else if rate > 0.0 {
            "a few draws"
        } else {
            "no draws"
        };
        readings.push(Reading {
            key: "draws".into(),
            reading: text.into(),
        });
    }
    if s.unfinished.count > 0 {
        readings.push(Reading {
            key: "unfinished".into(),
            reading: format!(
                "{} game{} reached the turn limit: positions that loop or stall",
                s.unfinished.count,
                if s.unfinished.count == 1 { "" } else { "s" }
            ),
        });
    }
    readings
}

fn criterion_reading(c: &CriterionSummary, s: &Summary) -> Option<String> {
    let v = c.mean?;
    let text = match c.key {
        "decision_moves" if v >= 0.9 => "nearly every turn is a real choice",
        "decision_moves" => "many turns are forced: the game plays itself for stretches",
        "board_coverage" if v >= 0.75 => "games use most of the board",
        "board_coverage" => "games happen on part of the board: a smaller one may do",
        "pieces_on_board" => return Some(format!("{v:.1} pieces on the board on average")),
        "repetition" if v > 0.01 => "positions recur: players can undo each other's progress",
        "repetition" => "positions almost never recur",
        "tree_complexity" => {
            return Some(format!(
                "about 10^{v:.0} ways a game can branch along its course"
            ))
        }
        "move_distance" if v >= 2.0 => {
            return Some(format!(
                "a move carries pieces {v:.1} tile sides on average: play reaches across \
                 the board"
            ))
        }
        "move_distance" => {
            return Some(format!(
                "a move carries pieces {v:.1} tile sides on average: play is local"
            ))
        }
        "lead_changes" if v < 0.5 => "the lead rarely changes hands: whoever leads first wins",
        "lead_changes" if v < 2.0 => "the lead changes hands now and then",
        "lead_changes" => "the lead changes hands often: comebacks are common",
        "value_variance" if v < 0.01 => "the players' view of the game barely moves",
        "value_variance" => "the players' view of the game swings",
        "uncertainty" if v >= 0.5 => "the result stays open for much of the game",
        "uncertainty" => "the result looks clear early",
        "drama" if v >= 0.05 => "winners often come back from behind",
        "drama" => "winners are seldom behind",
        "loser_best_chance" if v >= 0.6 => "losers often looked like winning at some point",
        "loser_best_chance" => "losers rarely looked like winning",
        "decisiveness_lag" => {
            let length = s.length.mean?;
            return Some(if v > 0.5 * length {
                format!(
                    "games go on {v:.0} of their {length:.0} turns after they are decided: \
                     a quicker end would help"
                )
            } else {
                format!("games end {v:.0} of their {length:.0} turns after they are decided")
            });
        }
        "clarity" if v >= 0.3 => "the best turn usually stands out to the search",
        "clarity" => "many turns look alike to the search",
        _ => return None,
    };
    Some(text.into())
}
