//! The quality criteria against Ludii's definitions (its `Evaluation/src/metrics`), worked
//! out here, inside the test, from what a user gets: a match's `--json --positions`
//! report, whose `game_list` holds each game's positions (legal turns, value, pieces,
//! position text) and each game's own criteria. Where docs/criteria.md says a criterion
//! is Ludii's, the two must agree; where it says they differ, the documented relation
//! must hold. Nothing expected here comes from the program: each figure is computed from
//! the per-position data by the definition, then compared with what the program reported.
//!
//! Ludii values a state for each player on [-1, 1]. A record gives one value per position,
//! the first seat's chance `v` as the mover saw it; on Ludii's scale that is
//! `2v - 1` for the first seat and `1 - 2v` for the second (the two views of a zero-sum
//! value), which is what these definitions are given.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::Value;

/// Small games on Browne's Truchet 3x3, so a test run stays short: self-play of a search
/// (its values are its own), then static players (values from the material, which is
/// exactly even at times: ties), then self-play stopped after 10 turns, so that games
/// without a winner are always among them whatever the search's games come to. The rules
/// are the test designer's copy of Browne's (tests/fixtures/designer/my-truchet), so that
/// a change to the shipped rules does not change which games these are.
fn reports() -> Vec<Value> {
    let ruleset = crate::common::root().join("tests/fixtures/designer/my-truchet");
    let ruleset = ruleset.to_str().unwrap();
    let runs: [(&[&str], &str); 3] = [
        (&["--player", "x=mcts:40", "--player", "o=mcts:40"], "60"),
        (&["--player", "x=greedy", "--player", "o=random"], "60"),
        (&["--player", "x=mcts:40", "--player", "o=mcts:40"], "10"),
    ];
    runs.iter()
        .map(|(players, max_turns)| {
            let mut args = vec![ruleset, "match", "--size", "3", "--games", "6"];
            args.extend(["--max-turns", max_turns, "--seed", "5", "--threads", "1"]);
            args.extend(*players);
            args.extend(["--json", "--positions"]);
            crate::common::run_json(args)
        })
        .collect()
}

/// One game's positions, as the definitions read them.
struct Game<'a> {
    line: &'a Value,
    legal: Vec<f64>,
    /// The first seat's value on Ludii's scale, per position; the second seat's is its
    /// negation.
    first: Vec<f64>,
    /// The winner's value on Ludii's scale, per position, if someone won.
    winner: Option<Vec<f64>>,
    /// Every state of the game (each position a turn was chosen in, then the final one)
    /// as (situation, stacks per junction).
    states: Vec<(String, Vec<u32>)>,
}

impl<'a> Game<'a> {
    fn of(line: &'a Value) -> Game<'a> {
        let positions = line["position_list"].as_array().unwrap();
        assert_eq!(positions.len() as u64, line["positions"].as_u64().unwrap());
        let legal = positions
            .iter()
            .map(|p| p["legal"].as_f64().unwrap())
            .collect();
        let first: Vec<f64> = positions
            .iter()
            .map(|p| 2.0 * p["value"].as_f64().unwrap() - 1.0)
            .collect();
        let winner = line["winner"].as_str().map(|w| {
            let sign = if w == line["first"].as_str().unwrap() {
                1.0
            } else {
                -1.0
            };
            first.iter().map(|e| sign * e).collect()
        });
        let mut states: Vec<(String, Vec<u32>)> = positions
            .iter()
            .map(|p| state(p["position"].as_str().unwrap()))
            .collect();
        states.push(state(line["final_position"].as_str().unwrap()));
        // The position list holds the pieces the program counted; the text must agree.
        for (p, (_, stacks)) in positions.iter().zip(&states) {
            assert_eq!(
                p["pieces"].as_u64(),
                Some(stacks.iter().sum::<u32>().into())
            );
        }
        Game {
            line,
            legal,
            first,
            winner,
            states,
        }
    }

    fn n(&self) -> f64 {
        self.legal.len() as f64
    }

    /// The game's own value of a criterion, as the report gave it.
    fn ours(&self, key: &str) -> Option<f64> {
        self.line["criteria"][key].as_f64()
    }
}

/// A Browne position text (`tiles stacks side [quiet turns]`): the situation (without the
/// count of quiet turns, which repetition does not compare) and each junction's pieces.
fn state(text: &str) -> (String, Vec<u32>) {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut stacks = Vec::new();
    for row in fields[1].split('/') {
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '.' {
                stacks.push(0);
                continue;
            }
            assert!(c == 'x' || c == 'o', "{text}");
            let mut height = String::new();
            while let Some(d) = chars.next_if(|d| d.is_ascii_digit()) {
                height.push(d);
            }
            stacks.push(if height.is_empty() {
                1
            } else {
                height.parse().unwrap()
            });
        }
    }
    // A 3x3 board has 4x4 junctions: a text read wrongly would not.
    assert_eq!(stacks.len(), 16, "{text}");
    (fields[..3].join(" "), stacks)
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// Population variance, as Ludii's metrics take it.
fn variance(values: &[f64]) -> f64 {
    let m = mean(values);
    values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / values.len() as f64
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-9, "{what}: {got} against {want}");
}

/// Ludii's LeadChange of one game, before its division by the number of moves: how many
/// times the set of players with the highest value changes from one position to the next,
/// the first position counting as a change (the set starts empty) and a tie being a set
/// of two.
fn ludii_lead_set_changes(first: &[f64]) -> usize {
    let mut last: BTreeSet<u8> = BTreeSet::new();
    let mut changes = 0;
    for &e in first {
        let (e1, e2) = (e, -e);
        let top = e1.max(e2);
        let leaders: BTreeSet<u8> = [(1, e1), (2, e2)]
            .into_iter()
            .filter(|&(_, v)| v == top)
            .map(|(p, _)| p)
            .collect();
        if leaders != last {
            changes += 1;
        }
        last = leaders;
    }
    changes
}

/// Our LeadChange, by docs/criteria.md's words: a player leads where its chance is above
/// 55%; positions within 5 points of even are skipped; a change is a position led by the
/// other player than the last that had a leader.
fn our_lead_changes(first: &[f64]) -> usize {
    let mut last = 0;
    let mut changes = 0;
    for &e in first {
        let v = (e + 1.0) / 2.0;
        let now = if v > 0.55 {
            1
        } else if v < 0.45 {
            -1
        } else {
            continue;
        };
        if last != 0 && now != last {
            changes += 1;
        }
        last = now;
    }
    changes
}

#[test]
fn each_game_meets_ludii_definitions_where_docs_say_so() {
    let reports = reports();
    let mut decisive = 0;
    let mut undecided = 0;
    for report in &reports {
        for line in report["game_list"].as_array().unwrap() {
            let g = Game::of(line);
            let n = g.n();
            let what = |key: &str| format!("game {} {key}", line["index"]);

            // DecisionMoves: the share of positions with more than one legal move.
            let choices = g.legal.iter().filter(|&&l| l > 1.0).count() as f64;
            assert_close(
                g.ours("decision_moves").unwrap(),
                choices / n,
                &what("DecisionMoves"),
            );

            // GameTreeComplexity: the number of moves times log10 of the mean branching.
            let ludii = n * (g.legal.iter().sum::<f64>() / n).log10();
            assert_close(
                g.ours("tree_complexity").unwrap(),
                ludii,
                &what("GameTreeComplexity"),
            );

            // PieceNumber (average): pieces over every state, the final one included.
            let pieces: Vec<f64> = g
                .states
                .iter()
                .map(|(_, s)| f64::from(s.iter().sum::<u32>()))
                .collect();
            assert_close(
                g.ours("pieces_on_board").unwrap(),
                mean(&pieces),
                &what("PieceNumber"),
            );

            // BoardCoverage: the share of the board's sites that held a piece in some state.
            let junctions = g.states[0].1.len();
            let used = (0..junctions)
                .filter(|&j| g.states.iter().any(|(_, s)| s[j] > 0))
                .count();
            assert_close(
                g.ours("board_coverage").unwrap(),
                used as f64 / junctions as f64,
                &what("BoardCoverage"),
            );

            // SituationalRepetition: 1 - unique states / all states (as a fraction: see
            // docs/criteria.md on Ludii's whole-number division).
            let unique: BTreeSet<&String> = g.states.iter().map(|(s, _)| s).collect();
            let ludii = 1.0 - unique.len() as f64 / g.states.len() as f64;
            assert_close(
                g.ours("repetition").unwrap(),
                ludii,
                &what("SituationalRepetition"),
            );

            // Stability: each player's variance of its value, summed over the players.
            let second: Vec<f64> = g.first.iter().map(|e| -e).collect();
            let ludii = variance(&g.first) + variance(&second);
            let ours = g.ours("value_variance").unwrap();
            assert_close(8.0 * ours, ludii, &what("Stability is 8 x ours"));

            // LeadChange: Ludii's count of leader-set changes is at least one more than
            // ours (its first position counts, and every change of leader ours counts
            // passes through at least one change of Ludii's set).
            let ludii = ludii_lead_set_changes(&g.first);
            let ours = our_lead_changes(&g.first);
            assert_close(
                g.ours("lead_changes").unwrap(),
                ours as f64,
                &what("lead changes"),
            );
            assert!(
                ludii > ours,
                "{}: {ludii} against {ours}",
                what("LeadChange")
            );

            match &g.winner {
                Some(winner) => {
                    decisive += 1;
                    // Drama (average): the highest value minus the winner's, per position.
                    let ludii = mean(&winner.iter().map(|w| w.max(-w) - w).collect::<Vec<f64>>());
                    let ours = g.ours("drama").unwrap();
                    assert_close(2.0 * ours, ludii, &what("Drama is 2 x ours"));
                    // DecisivenessThreshold: the loser's highest value.
                    let ludii = winner.iter().map(|w| -w).fold(-1.0, f64::max);
                    let ours = g.ours("loser_best_chance").unwrap();
                    assert_close(
                        2.0 * ours - 1.0,
                        ludii,
                        &what("DecisivenessThreshold is 2 x ours - 1"),
                    );
                }
                None => {
                    undecided += 1;
                    // Without a winner Ludii ranks both players first: its drama is the
                    // mean distance from even, one minus our uncertainty; its threshold
                    // stays at -1. Ours has neither figure.
                    let ludii = mean(&g.first.iter().map(|e| e.abs()).collect::<Vec<f64>>());
                    let ours = g.ours("uncertainty").unwrap();
                    assert_close(1.0 - ours, ludii, &what("Drama of a draw"));
                    assert_eq!(g.ours("drama"), None);
                    assert_eq!(g.ours("loser_best_chance"), None);
                }
            }
        }
    }
    // Both kinds of game were looked at.
    assert!(decisive > 0 && undecided > 0, "{decisive} {undecided}");
}

/// A static player's value is the material lead through the search's logistic curve:
/// on Ludii's scale, tanh(lead / 4), the form of Ludii's own tanh of a heuristic
/// difference. The position list's `evaluation` says it from both sides.
#[test]
fn a_static_value_is_the_tanh_of_the_lead() {
    let report = &reports()[1];
    let mut seen = 0;
    for line in report["game_list"].as_array().unwrap() {
        let first = line["first"].as_str().unwrap();
        let first_index = if first == "x" { 0 } else { 1 };
        for p in line["position_list"].as_array().unwrap() {
            let evaluation = p["evaluation"].as_array().unwrap();
            let lead = evaluation[first_index].as_f64().unwrap();
            // The material lead is zero-sum.
            assert_eq!(lead, -evaluation[1 - first_index].as_f64().unwrap());
            let e = 2.0 * p["value"].as_f64().unwrap() - 1.0;
            assert_close(e, (lead / 4.0).tanh(), "static value");
            seen += 1;
        }
    }
    assert!(seen > 0);
}

/// The match's outcome figures against Ludii's outcome metrics over the same games.
#[test]
fn the_outcome_figures_are_ludii_outcome_metrics() {
    for report in reports() {
        let games = report["game_list"].as_array().unwrap();
        let count = games.len() as f64;
        let share =
            |f: &dyn Fn(&Value) -> bool| games.iter().filter(|g| f(g)).count() as f64 / count;
        let rate = |v: &Value| v["rate"].as_f64().unwrap();
        // Completion, Drawishness, Timeouts.
        let completion = share(&|g| g["result"] == "win");
        let draws = share(&|g| g["result"] == "draw");
        let timeouts = share(&|g| g["result"] == "unfinished");
        assert_close(
            1.0 - rate(&report["draws"]) - rate(&report["unfinished"]),
            completion,
            "Completion",
        );
        assert_close(rate(&report["draws"]), draws, "Drawishness");
        assert_close(rate(&report["unfinished"]), timeouts, "Timeouts");
        // AdvantageP1: the first seat's wins over all games, the report's first seat's
        // rate (its first-seat advantage is that over the decisive games only).
        let first_wins = share(&|g| g["winner"] == g["first"]);
        let seats = report["seats"].as_array().unwrap();
        assert_close(rate(&seats[0]["wins"]), first_wins, "AdvantageP1");
        // Balance: one minus the gap between the seats' win rates over all games.
        let second_wins = share(&|g| !g["winner"].is_null() && g["winner"] != g["first"]);
        assert_close(
            1.0 - (rate(&seats[0]["wins"]) - rate(&seats[1]["wins"])).abs(),
            1.0 - (first_wins - second_wins).abs(),
            "Balance",
        );
        // OutcomeUniformity: one minus each seat's variance of its utility (1, 0, -1),
        // averaged over the seats; docs/criteria.md gives it from the seats' rates.
        let utility = |g: &Value, seat_is_first: bool| -> f64 {
            if g["winner"].is_null() {
                0.0
            } else if (g["winner"] == g["first"]) == seat_is_first {
                1.0
            } else {
                -1.0
            }
        };
        let ludii = 1.0
            - [true, false]
                .iter()
                .map(|&s| variance(&games.iter().map(|g| utility(g, s)).collect::<Vec<f64>>()))
                .sum::<f64>()
                / 2.0;
        let (w, l) = (rate(&seats[0]["wins"]), rate(&seats[1]["wins"]));
        let from_rates = 1.0 - (w + l - (w - l) * (w - l));
        assert_close(from_rates, ludii, "OutcomeUniformity");
        // DurationTurns: the mean number of turns.
        let turns: Vec<f64> = games.iter().map(|g| g["turns"].as_f64().unwrap()).collect();
        assert_close(
            report["length"]["mean"].as_f64().unwrap(),
            mean(&turns),
            "Duration",
        );
        // BranchingFactor (average): Ludii's is the mean of each game's mean; ours pools
        // the positions of all games (a long game weighs more).
        let (legal, positions) = games.iter().fold((0.0, 0.0), |(l, p), g| {
            (
                l + g["legal_turns"].as_f64().unwrap(),
                p + g["positions"].as_f64().unwrap(),
            )
        });
        assert_close(
            report["branching"]["mean"].as_f64().unwrap(),
            legal / positions,
            "branching factor, pooled",
        );
    }
}

/// The positions are for the JSON report of a match played at once.
#[test]
fn positions_need_json_and_no_results_folder() {
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .args(["truchet-browne", "match", "--size", "3", "--games", "1"])
            .args(["--positions"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(run(&[]).contains("add --json"));
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().to_str().unwrap();
    assert!(run(&["--json", "--out", out]).contains("not with --out or --shard"));
}
