//! The command line as a designer uses it: the README's commands, perft and moves
//! output, a person typing turns, and errors on standard error with exit code 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

const OPENING: &str = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x";

#[test]
fn list_shows_the_rulesets() {
    let output = run(&["list"], "");
    assert!(output.status.success());
    assert!(stdout(&output).contains("truchet-browne"));
}

#[test]
fn the_main_command_plays_a_whole_game_with_a_result() {
    let output = run(&["truchet-browne", "--seed", "3"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("x wins: ") || last.starts_with("o wins: ") || last.starts_with("draw: "),
        "{last}"
    );
    assert_eq!(
        text,
        stdout(&run(&["truchet-browne", "--seed", "3"], "")),
        "same seed, same game"
    );
}

#[test]
fn perft_prints_the_count_last_and_divide_adds_up() {
    let plain = stdout(&run(
        &["truchet-browne", "perft", "2", "--position", OPENING],
        "",
    ));
    assert_eq!(plain.trim(), "492487");
    let divide = stdout(&run(
        &[
            "truchet-browne",
            "perft",
            "2",
            "--divide",
            "--position",
            OPENING,
        ],
        "",
    ));
    let lines: Vec<&str> = divide.lines().collect();
    let (total, rows) = lines.split_last().unwrap();
    let sum: u64 = rows
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(total.parse::<u64>().unwrap(), sum);
    assert_eq!(rows.len(), 678);
}

#[test]
fn moves_lists_one_turn_per_line_and_position_feeds_the_other_commands() {
    let start = stdout(&run(&["truchet-browne", "position", "--seed", "4"], ""));
    let moves = stdout(&run(
        &["truchet-browne", "moves", "--position", start.trim()],
        "",
    ));
    let perft = stdout(&run(
        &["truchet-browne", "perft", "1", "--position", start.trim()],
        "",
    ));
    assert_eq!(moves.lines().count().to_string(), perft.trim());
    let default = stdout(&run(&["truchet-browne", "moves", "--seed", "4"], ""));
    assert_eq!(
        moves, default,
        "without --position, the seed's start position"
    );
}

#[test]
fn a_person_gets_a_reason_for_an_illegal_turn_and_plays_on() {
    let input = "moves\na1-h8\nc3-d4\nquit\n";
    let output = run(
        &[
            "truchet-browne",
            "play",
            "--player",
            "x=human",
            "--player",
            "o=random",
            "--layout",
            &["rrrrrrr"; 7].join("/"),
        ],
        input,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("illegal turn `a1-h8`: no band joins a1 to h8 through empty junctions"),
        "{text}"
    );
    assert!(text.contains("game abandoned"));
    // The refused turn changed nothing: the next one was played from the same board.
    assert!(text.contains("a1,a3,b2-a2"), "the move list was shown");
    let _ = text.find("c3-d4").expect("c3-d4 was accepted");
}

#[test]
fn errors_go_to_stderr_with_exit_code_2() {
    let output = run(&["no-such-ruleset"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("variant-run: no ruleset `no-such-ruleset`"));
    let output = run(&["truchet-browne", "show", "--position", "rrr x"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bad position: expected `<tiles> <stacks> <side> [<quiet>]`"));
    let output = run(&["truchet-browne", "--size", "4"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("needs an odd number of tiles per side"));
}
