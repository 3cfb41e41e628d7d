//! `variant-run report DIR` on a folder of game records: games played with `play
//! --record` (computer players, a person who typed every turn, a person who quit, a game
//! stopped at its turn limit) are reported like a match, and the report's numbers are
//! those counted here from the records' own lines (players, turns, result), not by the
//! code under test. A record that does not replay, a record without its players, records
//! of two rulesets, and records mixed with a study's results files are refused, each
//! with the file and line at fault.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use serde_json::Value;

/// `variant-run <args>` run in `dir`, with `input` on standard input.
fn run_in(dir: &Path, args: &[&str], input: &str) -> Output {
    crate::common::run_with_input(dir, args, input)
}

fn ok(output: Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The message of a command that fails with exit code 2.
fn refused(output: Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// A folder to play in, with the test designer's copy of Browne's rules as
/// `variants/my-truchet` (rules that do not move when the shipped ones do) and an empty
/// `records/`.
fn playground() -> tempfile::TempDir {
    let scratch = tempfile::tempdir().unwrap();
    crate::common::copy::copy_dir(
        &crate::common::root().join("tests/fixtures/designer/my-truchet"),
        &scratch.path().join("variants/my-truchet"),
    );
    std::fs::create_dir_all(scratch.path().join("records")).unwrap();
    scratch
}

/// `play --record records/<name>.txt` on my-truchet with `--seed`, the players and any
/// other options (at size 5 unless they give one), typing `input` for a person.
fn record(dir: &Path, name: &str, seed: &str, extra: &[&str], input: &str) -> String {
    let file = format!("records/{name}.txt");
    let mut args = vec!["my-truchet", "play", "--seed", seed, "--record", &file];
    if !extra.contains(&"--size") {
        args.extend(["--size", "5"]);
    }
    args.extend(extra);
    ok(run_in(dir, &args, input));
    std::fs::read_to_string(dir.join(&file)).unwrap()
}

/// A record's lines, read here: its players by side, its turns, its last line.
struct Read {
    players: Vec<(String, String)>,
    turns: usize,
    result: String,
}

fn read(record: &str) -> Read {
    let players = record
        .lines()
        .find_map(|l| l.strip_prefix("players "))
        .unwrap()
        .split(' ')
        .map(|p| {
            let (side, name) = p.split_once('=').unwrap();
            (side.to_string(), name.to_string())
        })
        .collect();
    // `  12. x  a1-b2`
    let is_turn = |l: &str| {
        let l = l.trim_start();
        let digits = l.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && l[digits..].starts_with(". ") && l[digits + 3..].starts_with("  ")
    };
    Read {
        players,
        turns: record.lines().filter(|l| is_turn(l)).count(),
        result: record.lines().last().unwrap().to_string(),
    }
}

/// The records of a playtest: computer players of three kinds, a person who typed the
/// turns of greedy's game of seed 4 (so the game is that game, played by hand), a
/// person who quit at once, and a game stopped at 20 turns.
fn playtest(dir: &Path) -> BTreeMap<String, String> {
    let mut records = BTreeMap::new();
    let mut add = |name: &str, text: String| {
        records.insert(format!("records/{name}.txt"), text);
    };
    add(
        "g1",
        record(
            dir,
            "g1",
            "1",
            &["--player", "x=greedy", "--player", "o=random"],
            "",
        ),
    );
    add(
        "g2",
        record(
            dir,
            "g2",
            "2",
            &["--player", "x=random", "--player", "o=greedy"],
            "",
        ),
    );
    add(
        "g3",
        record(
            dir,
            "g3",
            "3",
            &["--player", "x=mcts:20", "--player", "o=greedy"],
            "",
        ),
    );
    let greedy = record(
        dir,
        "tmp",
        "4",
        &["--player", "x=greedy", "--player", "o=random"],
        "",
    );
    std::fs::remove_file(dir.join("records/tmp.txt")).unwrap();
    let typed: String = greedy
        .lines()
        .filter_map(|l| l.trim_start().split_once(". x  ").map(|(_, turn)| turn))
        .map(|turn| format!("{turn}\n"))
        .collect();
    let by_hand = record(
        dir,
        "g4",
        "4",
        &["--player", "x=human", "--player", "o=random"],
        &typed,
    );
    assert_eq!(read(&by_hand).result, read(&greedy).result);
    add("g4", by_hand);
    add(
        "g5",
        record(
            dir,
            "g5",
            "5",
            &["--player", "x=human", "--player", "o=greedy"],
            "quit\n",
        ),
    );
    add(
        "g6",
        record(
            dir,
            "g6",
            "6",
            &[
                "--player",
                "x=random",
                "--player",
                "o=random",
                "--max-turns",
                "20",
            ],
            "",
        ),
    );
    records
}

#[test]
fn a_folder_of_records_is_reported_like_a_match() {
    let scratch = playground();
    let dir = scratch.path();
    let records = playtest(dir);
    // A page the report wrote into the folder before is not a record.
    std::fs::write(dir.join("records/notes.html"), "<p>not a record</p>").unwrap();
    let json: Value =
        serde_json::from_str(&ok(run_in(dir, &["report", "records", "--json"], ""))).unwrap();

    // Counted from the records' own lines.
    let read: BTreeMap<&String, Read> = records.iter().map(|(f, t)| (f, read(t))).collect();
    let n = read.len() as u64;
    let wins_of = |side: &str| {
        read.values()
            .filter(|r| r.result.starts_with(&format!("{side} wins: ")))
            .count() as u64
    };
    let unfinished = read
        .values()
        .filter(|r| r.result == "game abandoned" || r.result.starts_with("stopped after "))
        .count() as u64;
    let draws = read
        .values()
        .filter(|r| r.result.starts_with("draw: "))
        .count() as u64;
    assert_eq!(wins_of("x") + wins_of("o") + draws + unfinished, n);
    assert_eq!(
        unfinished, 2,
        "the person who quit and the game stopped at 20 turns"
    );
    assert_eq!(json["games"], n);
    assert_eq!(json["ruleset"], "my-truchet");
    assert_eq!(json["options"], serde_json::json!(["--size", "5"]));
    assert_eq!(json["sides"][0]["side"], "x");
    assert_eq!(json["sides"][0]["wins"]["count"], wins_of("x"));
    assert_eq!(json["sides"][1]["wins"]["count"], wins_of("o"));
    assert_eq!(json["draws"]["count"], draws);
    assert_eq!(json["unfinished"]["count"], unfinished);
    let decisive = wins_of("x") + wins_of("o");
    assert_eq!(json["first_seat_advantage"]["of"], decisive);
    let seats = json["seats"][0]["wins"]["count"].as_u64().unwrap()
        + json["seats"][1]["wins"]["count"].as_u64().unwrap();
    assert_eq!(seats, decisive);

    // Each name: games (a side played), wins, losses, unfinished.
    let mut by_name: BTreeMap<String, [u64; 4]> = BTreeMap::new();
    for r in read.values() {
        for (side, name) in &r.players {
            let counts = by_name.entry(name.clone()).or_default();
            counts[0] += 1;
            if r.result.starts_with(&format!("{side} wins: ")) {
                counts[1] += 1;
            } else if r.result.contains(" wins: ") {
                counts[2] += 1;
            } else if !r.result.starts_with("draw: ") {
                counts[3] += 1;
            }
        }
    }
    let reported: BTreeMap<String, [u64; 4]> = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let count = |v: &Value| v.as_u64().unwrap();
            (
                p["name"].as_str().unwrap().to_string(),
                [
                    count(&p["games"]),
                    count(&p["wins"]["count"]),
                    count(&p["losses"]),
                    count(&p["unfinished"]),
                ],
            )
        })
        .collect();
    assert_eq!(reported, by_name);
    assert_eq!(
        by_name.keys().collect::<Vec<_>>(),
        ["greedy", "human", "mcts:20", "random"]
    );

    // Lengths: every turn line of each record.
    let lengths: Vec<u64> = read.values().map(|r| r.turns as u64).collect();
    assert_eq!(json["length"]["min"], *lengths.iter().min().unwrap());
    assert_eq!(json["length"]["max"], *lengths.iter().max().unwrap());
    let mean = lengths.iter().sum::<u64>() as f64 / n as f64;
    assert!((json["length"]["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
    assert!(json["length"]["low"].as_f64().unwrap() <= mean);

    // Endings: the reason after the result line's `: `, or the whole line.
    let mut endings: BTreeMap<String, u64> = BTreeMap::new();
    for r in read.values() {
        let reason = match r.result.split_once(": ") {
            Some((_, reason)) => reason,
            None => &r.result,
        };
        *endings.entry(reason.to_string()).or_default() += 1;
    }
    let reported: BTreeMap<String, u64> = json["endings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["reason"].as_str().unwrap().to_string(),
                e["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(reported, endings);

    // Every game, by its file, with its length.
    let games: Vec<(String, u64)> = json["game_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["file"].as_str().unwrap().to_string(),
                g["turns"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(String, u64)> = read
        .iter()
        .map(|(f, r)| (f.to_string(), r.turns as u64))
        .collect();
    assert_eq!(games, expected);
    assert_eq!(json["intervals"]["rates"], "wilson");
    assert_eq!(json["intervals"]["length"], "bootstrap");

    // The readable report, and the page.
    let text = ok(run_in(
        dir,
        &["report", "records", "--html", "page.html"],
        "",
    ));
    insta::assert_snapshot!(text);
    let page = std::fs::read_to_string(dir.join("page.html")).unwrap();
    for file in records.keys() {
        assert!(page.contains(file.as_str()), "{file} not on the page");
    }
    assert!(page.contains("<h2>Players</h2>") && page.contains("won as x"));
}

#[test]
fn records_that_cannot_be_reported_are_refused_with_file_and_line() {
    let scratch = playground();
    let dir = scratch.path();
    let good = record(
        dir,
        "good",
        "1",
        &["--player", "x=greedy", "--player", "o=random"],
        "",
    );
    let report = |args: &[&str]| refused(run_in(dir, args, ""));
    let put = |name: &str, text: &str| {
        let _ = std::fs::remove_dir_all(dir.join("bad"));
        std::fs::create_dir_all(dir.join("bad")).unwrap();
        std::fs::write(dir.join("bad").join(name), text).unwrap();
    };

    // A turn changed to one that is not legal: its line, the turn, and why.
    let lines: Vec<&str> = good.lines().collect();
    let line = lines.iter().position(|l| l.starts_with("   5. ")).unwrap();
    let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    changed[line] = "   5. x  a1-a2".into();
    put("changed.txt", &(changed.join("\n") + "\n"));
    assert_eq!(
        report(&["report", "bad"]),
        format!(
            "variant-run: bad/changed.txt: line {}: turn 5 `a1-a2`: illegal turn `a1-a2`: \
             no band joins a1 to a2 through empty junctions\n",
            line + 1
        )
    );

    // No players line.
    put(
        "anonymous.txt",
        &good.replace("players x=greedy o=random\n", ""),
    );
    assert_eq!(
        report(&["report", "bad"]),
        "variant-run: bad/anonymous.txt: no `players` line: a record names its players as \
         `players x=NAME o=NAME` (a name or a kind of player, without spaces), which a \
         report counts wins by\n"
    );
    put(
        "one.txt",
        &good.replace("players x=greedy o=random", "players x=greedy"),
    );
    assert!(report(&["report", "bad"])
        .starts_with("variant-run: bad/one.txt: line 3: `o` has no player: "));

    // A result the game does not reach.
    let result = lines.last().unwrap();
    put(
        "wrong.txt",
        &good.replace(result, "draw: both players agreed"),
    );
    assert_eq!(
        report(&["report", "bad"]),
        format!(
            "variant-run: bad/wrong.txt: line {}: the record ends `draw: both players \
             agreed`, but the game ends `{result}`\n",
            lines.len()
        )
    );

    // Another ruleset's game beside it.
    record(
        dir,
        "seven",
        "2",
        &[
            "--size", "7", "--player", "x=greedy", "--player", "o=random",
        ],
        "",
    );
    assert_eq!(
        report(&["report", "records/good.txt", "records/seven.txt"]),
        "variant-run: records/seven.txt: a game of `my-truchet --size 7`, but \
         records/good.txt is a game of `my-truchet --size 5`: a report adds up the games \
         of one ruleset (the same folder, size, tiles and params); put each ruleset's records \
         in a folder of their own\n"
    );

    // A study's results file beside a record.
    ok(run_in(
        dir,
        &[
            "my-truchet",
            "match",
            "--size",
            "5",
            "--games",
            "2",
            "--out",
            "records",
        ],
        "",
    ));
    let message = report(&["report", "records"]);
    assert!(
        message.contains(".jsonl is a study's results file and records/good.txt a game record: a report adds up the games of one study, or game records, not both; report them apart"),
        "{message}"
    );
    assert_eq!(
        report(&["report", "records/good.txt", "--partial"]),
        "variant-run: --partial: game records have no missing games; every record is \
         reported, and one that does not replay is an error\n"
    );
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    assert_eq!(
        report(&["report", "empty"]),
        "variant-run: empty: no results files (*.jsonl) or game records (*.txt) in this \
         folder\n"
    );
}
