//! The command line as a designer uses it: the README's commands, perft and moves
//! output, a person typing turns, and errors on standard error with exit code 2.

use std::process::Output;

fn run(args: &[&str], input: &str) -> Output {
    crate::common::run_with_input(&crate::common::root(), args, input)
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
    // The count itself is the ruleset's, pinned by its perft table
    // (variants/truchet-browne/perft/): here the command's own rules.
    let count: u64 = plain.trim().parse().unwrap();
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
    assert_eq!(sum, count);
    let moves = stdout(&run(
        &["truchet-browne", "moves", "--position", OPENING],
        "",
    ));
    assert_eq!(rows.len(), moves.lines().count(), "one row for each turn");
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
    let input = "moves\nmoves a1\na1-h8\nc3-d4\nquit\n";
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
    // Too many turns to list at once: summed up by the stack each moves, and one
    // stack's turns listed on asking. The counts are the `moves` command's, so the test
    // holds no fact of the capture or height rules a designer may change.
    let turns = stdout(&run(
        &["truchet-browne", "moves", "--position", OPENING],
        "",
    ));
    let moving_a1 = turns
        .lines()
        .filter(|turn| {
            // `bc45:a1,a3-a2` flips bc45, then moves the stack on a1.
            let stack_move = turn.split_once(':').map_or(*turn, |(_, m)| m);
            stack_move.split([',', '-']).next() == Some("a1")
        })
        .count();
    assert!(
        text.contains(&format!(
            "{} turns, too many to read in one list",
            turns.lines().count()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("junction a1, holding x: {moving_a1} turns")),
        "{text}"
    );
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
    assert!(stderr(&output).contains(
        "bad position: expected `<tiles> <stacks> <side> [<quiet>] [<name>:<value>]...`"
    ));
    let output = run(&["truchet-browne", "--size", "4"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("needs an odd number of tiles per side"));
}

/// Every option means the same wherever it stands: before the command or after it.
#[test]
fn options_mean_the_same_before_and_after_the_command() {
    let pairs: [(&[&str], &[&str]); 4] = [
        (
            &["truchet-browne", "--seed", "2", "position"],
            &["truchet-browne", "position", "--seed", "2"],
        ),
        (
            &["truchet-browne", "--size", "5", "moves"],
            &["truchet-browne", "moves", "--size", "5"],
        ),
        (
            &["truchet-hex", "--tiles", "trugo", "show"],
            &["truchet-hex", "show", "--tiles", "trugo"],
        ),
        (
            &["truchet-browne", "--max-turns", "3", "play"],
            &["truchet-browne", "play", "--max-turns", "3"],
        ),
    ];
    for (before, after) in pairs {
        let (a, b) = (run(before, ""), run(after, ""));
        assert!(a.status.success(), "{before:?}: {}", stderr(&a));
        assert_eq!(stdout(&a), stdout(&b), "{before:?}");
    }
    // And they do what they say: seed 2 is not seed 1's opening, a 5x5 board has 6
    // junction rows, --max-turns stops the game.
    let seed_1 = stdout(&run(&["truchet-browne", "position"], ""));
    assert_ne!(stdout(&run(pairs[0].0, "")), seed_1);
    let stopped = stdout(&run(pairs[3].0, ""));
    assert!(
        stopped.ends_with("stopped after 3 turns without a result\n"),
        "{stopped}"
    );
    // An option a command has no use for is refused, not dropped.
    let refused = run(&["truchet-browne", "--divide", "position"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        stderr(&refused),
        "variant-run: --divide has no meaning for `position`; it goes with perft\n"
    );
}

/// Each command's `--help` lists the options it takes and no other: every option it lists
/// is read, and one of another command's is refused.
#[test]
fn each_command_s_help_lists_exactly_its_own_options() {
    let flags = |command: &str| -> Vec<String> {
        let help = stdout(&run(&["truchet-browne", command, "--help"], ""));
        help.lines()
            .filter_map(|line| line.trim_start().strip_prefix("--"))
            .map(|rest| format!("--{}", rest.split([' ', ',']).next().unwrap()))
            .filter(|flag| flag != "--help")
            .collect()
    };
    let game = "--size --tiles --param --seed --layout --key --game-id --position";
    let expected = [
        (
            "play",
            "--record --show --watch --notation --player --max-turns",
        ),
        ("position", ""),
        ("show", "--svg --watch"),
        ("moves", "--notation"),
        ("perft", "--divide --threads --notation"),
        ("describe", ""),
        (
            "match",
            "--player --max-turns --games --json --positions --html --threads --shard --out",
        ),
        (
            "evaluate",
            "--ladder --budget --games --json --threads --max-turns --shard --out",
        ),
        ("bench", "--seconds --depth --turns --json --threads"),
        (
            "serve",
            "--port --host --open --client-timeout --records --notation --player --max-turns",
        ),
    ];
    for (command, own) in expected {
        let mut want: Vec<&str> = own.split_whitespace().collect();
        if command == "describe" {
            want.extend(["--size", "--tiles", "--param"]);
        } else {
            want.extend(game.split_whitespace());
        }
        let mut listed = flags(command);
        listed.sort();
        want.sort();
        assert_eq!(listed, want, "{command} --help");
    }
    // The player kinds are all named, in `--player`'s help and in the list after it.
    let help = stdout(&run(&["truchet-browne", "play", "--help"], ""));
    assert!(
        help.contains("kind one of random, greedy, mcts, mcts-lead, alphabeta, human"),
        "{help}"
    );
    for kind in [
        "random",
        "greedy",
        "mcts",
        "mcts-lead",
        "alphabeta",
        "human",
    ] {
        assert!(help.contains(&format!("\n  {kind} ")), "{kind} in:\n{help}");
    }
    // Before any command, a flag is clap's own refusal.
    let refused = run(&["--seed", "3"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).starts_with("error: unexpected argument '--seed' found"),
        "{}",
        stderr(&refused)
    );
    // A flag no command takes is clap's own refusal, with its tip.
    let refused = run(&["truchet-browne", "show", "--sed", "2"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("tip: a similar argument exists: '--seed'"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn a_misspelt_ruleset_is_named_whatever_options_follow() {
    let output = run(&["truchet-brown", "--player", "x=human"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("variant-run: no ruleset `truchet-brown`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_position_text_gives_the_board_size() {
    let position = "rrr/rrr/rrr .o../..o./xo2o2x/.xx. x";
    let output = run(&["truchet-browne", "moves", "--position", position], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let sized = run(
        &[
            "truchet-browne",
            "moves",
            "--size",
            "3",
            "--position",
            position,
        ],
        "",
    );
    assert_eq!(stdout(&output), stdout(&sized));
    assert!(!stdout(&output).is_empty());
    let clash = run(
        &[
            "truchet-browne",
            "moves",
            "--size",
            "5",
            "--position",
            position,
        ],
        "",
    );
    assert_eq!(clash.status.code(), Some(2));
    assert!(
        stderr(&clash).contains("3 tile rows make size 3"),
        "{}",
        stderr(&clash)
    );
}

/// `play --record` writes a record; `replay` checks it and ends the same way; a record
/// with an illegal turn stops at that turn with its line and reason.
#[test]
fn a_recorded_game_replays() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-records");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let file = file.to_str().unwrap();
    let played = run(
        &[
            "trugo", "--seed", "4", "--param", "pool=8", "--record", file,
        ],
        "",
    );
    assert!(played.status.success(), "{}", stderr(&played));
    let last = |text: &str| text.lines().last().unwrap_or_default().to_string();
    let replayed = run(&["replay", file], "");
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert_eq!(last(&stdout(&replayed)), last(&stdout(&played)));
    // The transcript play printed is itself a record.
    let transcript = dir.join("transcript.txt");
    std::fs::write(&transcript, stdout(&played)).unwrap();
    let again = run(&["replay", transcript.to_str().unwrap()], "");
    assert!(again.status.success(), "{}", stderr(&again));
    // Break turn 2 (x's first placement) and replay stops there.
    let record = std::fs::read_to_string(file).unwrap();
    let broken = dir.join("broken.txt");
    let line = record.lines().find(|l| l.starts_with("   2. x  ")).unwrap();
    std::fs::write(&broken, record.replace(line, "   2. x  a:z9")).unwrap();
    let stopped = run(&["replay", broken.to_str().unwrap()], "");
    assert_eq!(stopped.status.code(), Some(2));
    assert!(
        stderr(&stopped)
            .contains(": line 6: turn 2 `a:z9`: illegal turn `a:z9`: z9 is not next to a tile"),
        "{}",
        stderr(&stopped)
    );
    assert!(
        !stdout(&stopped).contains("   3. "),
        "nothing after the bad turn is played"
    );
}

#[test]
fn a_match_reports_the_same_on_one_and_two_threads() {
    let report = |threads: &str| {
        let args = [
            "truchet-browne",
            "match",
            "--size",
            "5",
            "--games",
            "6",
            "--player",
            "x=greedy",
            "--json",
            "--threads",
            threads,
        ];
        let output = run(&args, "");
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let one = report("1");
    assert!(one.contains("\"games\": 6"), "{one}");
    assert_eq!(one, report("2"));
}

/// A thousand threads on a small machine once made the scripts' time limit (then on the
/// wall clock) fail a correct ruleset; the count is capped, with a message.
#[test]
fn threads_are_capped_with_a_message() {
    let output = run(&["truchet-browne", "match", "--threads", "1000"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        stderr(&output),
        "variant-run: --threads 1000: at most 256 (threads beyond the cores only wait their \
         turn, and each holds its own copy of the ruleset)\n"
    );
}

/// `serve --client-timeout` is how long the server waits on a client; the README's
/// figures (10 seconds, 30 for a response) are its default, and a timeout of none is
/// refused before anything listens.
#[test]
fn serve_s_client_timeout_defaults_to_the_readme_s_and_is_bounded() {
    let help = stdout(&run(&["truchet-browne", "serve", "--help"], ""));
    let line = help
        .lines()
        .find(|line| line.contains("--client-timeout <SECONDS>"))
        .unwrap_or_else(|| panic!("no --client-timeout in:\n{help}"));
    assert!(line.contains("three times as long [default: 10]"), "{line}");
    for bad in ["0", "3601", "ten"] {
        let output = run(&["truchet-browne", "serve", "--client-timeout", bad], "");
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(output.stdout.is_empty());
        assert!(
            stderr(&output).contains(&format!("invalid value '{bad}' for '--client-timeout")),
            "{}",
            stderr(&output)
        );
    }
}

/// A `--param` value passes the size checks a `[params]` value gets in variant.toml, and
/// is refused before play with a message that names `--param`, not in the middle of a
/// game blaming the script that read it.
#[test]
fn a_param_given_on_the_command_line_gets_the_size_checks_of_the_toml() {
    let items = vec!["1"; 20_000].join(", ");
    let in_toml = crate::common::copy::copy_variant("truchet-boardspace", "big-param");
    crate::common::copy::edit(
        &in_toml.join("variant.toml"),
        "w_targets = [\"a1\", \"c1\", \"e1\", \"g1\"]",
        &format!("w_targets = [{items}]"),
    );
    let refused = run(&[in_toml.to_str().unwrap(), "play"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused)
            .contains("[params] w_targets holds 20000 array items; scripts may hold at most 10000"),
        "{}",
        stderr(&refused)
    );

    let param = format!("w_targets=[{items}]");
    let refused = run(&["truchet-boardspace", "play", "--param", &param], "");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(stdout(&refused), "", "refused before the game starts");
    assert_eq!(
        stderr(&refused),
        "variant-run: param w_targets given with --param holds 20000 array items; scripts \
         may hold at most 10000; `array_items` in the [limits] table of variant.toml raises it\n"
    );

    let nested = format!("w_targets={}{}", "[".repeat(70), "]".repeat(70));
    let refused = run(&["truchet-boardspace", "play", "--param", &nested], "");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        stderr(&refused),
        "variant-run: param w_targets given with --param nests arrays and tables 70 levels \
         deep; scripts may nest values at most 64 levels deep\n"
    );
}
