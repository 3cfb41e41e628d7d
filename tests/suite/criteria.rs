//! The quality criteria on games whose course is known before they are played: the
//! `won-on-turn` fixture is won by whoever makes turn `win_on_turn`, and a search
//! player sees it coming (a win at once, or only losing turns). So the values are known
//! by hand: the first seat wins all (turn 1) or none (turn 2), the lead never changes,
//! the winner leads from the first piece turn on (the lag is every piece turn of the
//! game), the loser never had a chance, and nothing was uncertain.

use std::process::Command;

use serde_json::Value;

use crate::common::{root, run_json};

fn match_json(win_on_turn: u32) -> Value {
    let fixture = root().join("tests/fixtures/criteria/won-on-turn");
    let win_on_turn = format!("win_on_turn={win_on_turn}");
    let mut args: Vec<&std::ffi::OsStr> = vec![fixture.as_os_str()];
    args.extend(
        [
            "match",
            "--games",
            "4",
            "--size",
            "5",
            "--json",
            "--player",
            "x=mcts:20",
            "--player",
            "o=mcts:20",
            "--param",
            &win_on_turn,
        ]
        .map(std::ffi::OsStr::new),
    );
    run_json(args)
}

fn criterion<'a>(report: &'a Value, key: &str) -> &'a Value {
    report["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == key)
        .unwrap_or_else(|| panic!("no criterion {key}"))
}

fn mean(report: &Value, key: &str) -> f64 {
    criterion(report, key)["mean"].as_f64().unwrap()
}

#[test]
fn a_game_decided_before_it_starts_has_known_criteria() {
    for (win_on_turn, first_seat_share) in [(1, 1.0), (2, 0.0)] {
        let report = match_json(win_on_turn);
        let games = report["games"].as_f64().unwrap();
        assert_eq!(
            report["first_seat_advantage"]["rate"].as_f64(),
            Some(first_seat_share)
        );
        // One position a piece turn, win_on_turn of them in each game.
        assert_eq!(
            report["branching"]["positions"].as_f64(),
            Some(games * f64::from(win_on_turn))
        );
        let exact = [
            ("lead_changes", 0.0),
            ("value_variance", 0.0),
            ("uncertainty", 0.0),
            ("drama", 0.0),
            ("loser_best_chance", 0.0),
            ("decisiveness_lag", f64::from(win_on_turn)),
            ("decision_moves", 1.0),
            ("repetition", 0.0),
        ];
        for (key, want) in exact {
            assert_eq!(mean(&report, key), want, "win_on_turn {win_on_turn}: {key}");
            assert_eq!(
                criterion(&report, key)["games"].as_f64(),
                Some(games),
                "{key}"
            );
        }
        // The tree along a game: the sum of log10 of the legal turns at its positions,
        // which the branching figures give (one position per game on turn 1).
        if win_on_turn == 1 {
            let turns = report["branching"]["legal_turns"].as_f64().unwrap();
            let logs = mean(&report, "tree_complexity");
            assert!(
                logs > 0.0 && logs <= (turns / games).log10() + 1e-6,
                "{logs}"
            );
        }
    }
}

fn evaluate(ladder: &str, extra: &[&str]) -> std::process::Output {
    let fixture = root().join("tests/fixtures/criteria/won-on-turn");
    Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .arg(&fixture)
        .args(["evaluate", "--size", "5", "--games", "4"])
        .args(["--ladder", ladder, "--budget", "20"])
        .args(extra)
        .output()
        .unwrap()
}

/// Where whoever moves first wins, skill cannot show: with sides alternating, each
/// stronger player wins exactly half its decisive games, no step counts, the depth is 0.
#[test]
fn a_game_of_pure_first_move_has_no_skill_depth() {
    let out = evaluate("random,greedy,mcts:20", &["--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let card: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["skill_depth"], 0);
    let ladder = card["ladder"].as_array().unwrap();
    assert_eq!(ladder.len(), 2);
    for step in ladder {
        assert_eq!(step["share"]["rate"].as_f64(), Some(0.5), "{step}");
        assert_eq!(step["significant"], false);
    }
    assert_eq!(card["self_play_kind"], "mcts:20");
    assert_eq!(
        card["self_play"]["first_seat_advantage"]["rate"].as_f64(),
        Some(1.0)
    );
}

/// The report card as a designer reads it.
#[test]
fn readable_report_card() {
    let out = evaluate("random,greedy,mcts:20", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

/// The card of a seed is the same on one thread and on several: every match's games
/// follow from their numbers, and their criteria are summed as whole numbers.
#[test]
fn the_report_card_is_the_same_on_any_number_of_threads() {
    let on = |threads: &str| {
        let out = evaluate("random,greedy,mcts:20", &["--json", "--threads", threads]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let one = on("1");
    assert_eq!(one, on("2"));
    assert_eq!(one, on("5"));
}

/// A ladder of one kind, or a kind that is not one, is refused in one sentence.
#[test]
fn a_bad_ladder_is_refused() {
    for (ladder, says) in [
        ("greedy", "a ladder needs two kinds of player or more"),
        ("random,gredy", "--ladder: `gredy` is not a kind of player"),
    ] {
        let out = evaluate(ladder, &[]);
        assert_eq!(out.status.code(), Some(2), "{ladder}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{ladder}: {err}");
    }
}
