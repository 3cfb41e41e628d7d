//! The terminal as a person uses it: `serve --open` on a machine where no browser
//! opens, `play --show`, the `moves` filter at the prompt and on the command line, and
//! laying the set-up tiles a few at a time.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::server::BIN;

/// An executable shell script in this test's folder.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// What `serve --open` prints on standard error with this environment, up to and with
/// its note that no browser opened (the server is then stopped).
fn open_failure(env: &[(&str, &str)], env_remove: &[&str]) -> Vec<String> {
    let mut command = Command::new(BIN);
    command
        .args(["truchet-browne", "serve", "--open", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for name in env_remove {
        command.env_remove(name);
    }
    let mut child = command.envs(env.iter().copied()).spawn().unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let started = Instant::now();
    let mut seen = Vec::new();
    while !seen
        .iter()
        .any(|l: &String| l.contains("no browser opened"))
    {
        let left = Duration::from_secs(20).saturating_sub(started.elapsed());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    // Anything the launcher printed after the note would show here too.
    std::thread::sleep(Duration::from_millis(200));
    seen.extend(lines.try_iter());
    let _ = child.kill();
    let _ = child.wait();
    seen
}

/// On a machine without a browser, `xdg-open` prints a line for every browser it tries:
/// a person sees one line instead, saying what failed and where the page is.
#[test]
fn serve_open_without_a_browser_says_so_in_one_line() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("open-without-browser");
    // A stand-in for xdg-open on a machine without a browser, found first on the PATH.
    script(
        &dir,
        "xdg-open",
        "for b in www-browser links2 elinks links lynx w3m; do\n  \
         echo \"/usr/bin/xdg-open: 882: $b: not found\" >&2\ndone\n\
         echo \"xdg-open: no method available for opening '$1'\" >&2\nexit 3",
    );
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap());
    let seen = open_failure(&[("PATH", &path)], &["BROWSER"]);
    assert_eq!(seen.len(), 1, "{seen:#?}");
    let line = &seen[0];
    assert!(
        line.starts_with(
            "variant-run: note: no browser opened (`xdg-open` exited with code 3); \
             open http://127.0.0.1:"
        ) && line.contains("/#host=")
            && line.ends_with(" by hand"),
        "{line}"
    );

    // A $BROWSER that is not there at all.
    let seen = open_failure(&[("BROWSER", "no-such-browser-here")], &[]);
    assert_eq!(seen.len(), 1, "{seen:#?}");
    assert!(
        seen[0].starts_with(
            "variant-run: note: no browser opened (`no-such-browser-here` was not found); \
             open http://127.0.0.1:"
        ),
        "{}",
        seen[0]
    );
}

/// Runs the program with `input` on standard input.
fn run(args: &[&str], input: &str) -> std::process::Output {
    crate::common::run_with_input(&crate::common::root(), args, input)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The lines `moves` prints, which must succeed.
fn moves(args: &[&str]) -> Vec<String> {
    let output = run(args, "");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        text(&output.stderr)
    );
    text(&output.stdout).lines().map(String::from).collect()
}

/// The places a turn text in the server's notation names: its flip's or tile action's
/// cell, and its junctions (`bc34:a1-c3;c3,c5-c4` names bc34, a1, c3, c5, c4). Read from
/// the text, apart from the code that filters turns by their structure.
fn named_places(turn: &str) -> (Option<String>, Vec<String>) {
    let (tile, rest) = match turn.split_once(':') {
        // A placement `b:c12` names its cell after the colon.
        Some((state, cell)) if state.len() == 1 => {
            let (cell, pieces) = cell.split_once(',').unwrap_or((cell, ""));
            (Some(cell.to_string()), pieces)
        }
        Some((flip, rest)) => (Some(flip.to_string()), rest),
        None => (None, turn),
    };
    let junctions = rest
        .split([',', ';', '-'])
        .filter(|t| !t.is_empty())
        .map(|t| match t.split_once('x') {
            // A substack `2xa4` of a split.
            Some((height, j)) if height.parse::<u32>().is_ok() => j.to_string(),
            _ => t.to_string(),
        })
        .collect();
    (tile, junctions)
}

/// `moves FILTER` on the command line lists exactly the turns that name the place, on
/// square and hexagonal boards and on a patch, in every way a place can be named.
#[test]
fn moves_filter_lists_the_turns_of_one_place() {
    let cases: &[(&[&str], &str, &str)] = &[
        // Browne's opening: a stack of x, a junction pieces can reach, a tile to flip.
        (
            &["truchet-browne", "moves", "--seed", "4"],
            "a1",
            "junction",
        ),
        (
            &["truchet-browne", "moves", "--seed", "4"],
            "b4",
            "junction",
        ),
        (&["truchet-browne", "moves", "--seed", "4"], "ab45", "tile"),
        // A hexagonal board: `b4` is a tile there, and `e1` a junction (and a tile
        // no turn flips).
        (&["truchet-hex", "moves"], "b4", "tile"),
        (&["truchet-hex", "moves"], "e1", "junction"),
    ];
    for (args, name, kind) in cases {
        let all = moves(args);
        let mut filtered_args = args.to_vec();
        filtered_args.push(name);
        let filtered = moves(&filtered_args);
        let expected: Vec<String> = all
            .iter()
            .filter(|t| {
                let (tile, junctions) = named_places(t);
                match *kind {
                    "tile" => tile.as_deref() == Some(name),
                    _ => junctions.iter().any(|j| j == name),
                }
            })
            .cloned()
            .collect();
        assert!(
            !expected.is_empty(),
            "{args:?} {name}: a case that lists turns"
        );
        assert_eq!(filtered, expected, "{args:?} {name}");
    }

    // `e5` is a junction and a tile on truchet-hex's board: the turns of both, in text
    // order; a word in front chooses one.
    let junction = moves(&["truchet-hex", "moves", "junction", "e5"]);
    let tile = moves(&["truchet-hex", "moves", "tile", "e5"]);
    assert!(!junction.is_empty() && !tile.is_empty());
    let mut both: Vec<String> = junction.iter().chain(&tile).cloned().collect();
    both.sort();
    both.dedup();
    assert_eq!(moves(&["truchet-hex", "moves", "e5"]), both);

    // Trugo's patch, in the Waning: a stack of x's is named by its spiral name or by its
    // key in the position text.
    let position = "-2,0c;-2,1a;-2,2b;-1,-1a;-1,0b;-1,1c;-1,2a;0,-2b;0,-1c;0,0a;0,1b;0,2c;\
                    1,-2a;1,-1b;1,0c;1,1a;2,-2c;2,-1a;2,0b -1,0e=x;-1,0w=x;-1,1e=x;0,0w=oo;\
                    1,0w=o 0 o=20,x=20 x";
    let all = moves(&["trugo", "moves", "--position", position]);
    let lattice = variant_run::core::Lattice::HexFlat;
    let stack = variant_run::core::names::parse_vertex_key(lattice, "-1,0e").unwrap();
    let name = variant_run::core::names::vertex_spiral(lattice, stack);
    let by_name = moves(&["trugo", "moves", &name, "--position", position]);
    let by_key = moves(&["trugo", "moves", "--position", position, "--", "-1,0e"]);
    let expected: Vec<String> = all
        .iter()
        .filter(|t| named_places(t).1.contains(&name))
        .cloned()
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(by_name, expected, "{name}");
    assert_eq!(by_key, expected, "-1,0e is {name}");
    // Removing a tile names it.
    let tile = moves(&["trugo", "moves", "b3", "--position", position]);
    let expected: Vec<String> = all.iter().filter(|t| *t == "b3").cloned().collect();
    assert_eq!(tile, expected);

    // Boardspace's own notation names places `B 2`, and writes merges by directions:
    // the same turns as in the server's notation. `stack` keeps the turns that move the
    // stack there: those that name it before a `-`.
    let list = |notation: &[&str], filter: &[&str]| {
        let mut args = vec!["truchet-boardspace", "moves"];
        args.extend(notation);
        args.extend(filter);
        moves(&args)
    };
    let from_a6 = list(&[], &["stack", "a6"]);
    let sources = |t: &String| -> Vec<String> {
        let piece = t.split_once(':').map_or(t.as_str(), |(_, p)| p);
        piece
            .split(';')
            .filter_map(|segment| segment.split_once('-'))
            .flat_map(|(from, _)| from.split(',').map(String::from))
            .collect()
    };
    let expected: Vec<String> = list(&[], &[])
        .into_iter()
        .filter(|t| sources(t).iter().any(|j| j == "a6"))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(from_a6, expected);
    let boardspace = ["--notation", "boardspace"];
    assert_eq!(list(&boardspace, &["stack", "A", "6"]).len(), from_a6.len());
    // Merges gather stacks on the empty A 7.
    let to_a7 = list(&boardspace, &["A", "7"]);
    assert!(!to_a7.is_empty());
    assert_eq!(to_a7.len(), list(&[], &["a7"]).len());
    assert!(to_a7.iter().all(|t| t.contains("Merge A 7")), "{to_a7:#?}");
}

/// A name that is no place of the board is an error naming it; a place no turn concerns
/// lists nothing and says why, and is no error.
#[test]
fn moves_filter_refuses_unknown_names_and_says_when_nothing_matches() {
    let output = run(&["truchet-browne", "moves", "zz9"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "variant-run: moves: `zz9` names no junction or tile of this board (junctions are \
         named like `a5`, tiles like `de45`)\n"
    );
    let output = run(&["truchet-browne", "moves", "tile", "a1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with("variant-run: moves: `a1` names no tile of this board"),
        "{}",
        text(&output.stderr)
    );
    // o's stacks cannot move on x's turn.
    let output = run(&["truchet-browne", "moves", "stack", "a8"], "");
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
    assert_eq!(
        text(&output.stderr),
        "variant-run: note: no legal turn moves the stack on a8 (junction a8, holding o); \
         x is to move\n"
    );
}

/// At the prompt, `moves` sums up a long list by where the turns act, `moves all` lists
/// them in columns, `moves a1` lists one stack's turns by what they do there, and a name
/// that is no place is refused without stopping the game.
#[test]
fn moves_at_the_prompt_is_readable_and_takes_a_filter() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("prompt-moves");
    let ruleset = browne_with_a_set_up_of_its_own(&dir);
    let ruleset = ruleset.to_str().unwrap();
    let all = moves(&[ruleset, "moves", "--seed", "4"]);
    let output = run(
        &[ruleset, "play", "--player", "x=human", "--seed", "4"],
        "random\nmoves\nmoves all\nmoves a1\nmoves zz9\nmoves tile a1\nquit\n",
    );
    assert!(output.status.success());
    let out = text(&output.stdout);
    let after = |marker: &str| -> String {
        let at = out
            .find(marker)
            .unwrap_or_else(|| panic!("{marker}: {out}"));
        out[at..].to_string()
    };
    let summary = after(&format!(
        "{} turns, too many to read in one list; by where they act:\n",
        all.len()
    ));
    // Each of x's twelve stacks with the number of turns that move it.
    let stacks = summary
        .lines()
        .nth(2)
        .unwrap_or_default()
        .split(", ")
        .count()
        + summary
            .lines()
            .nth(3)
            .unwrap_or_default()
            .split(", ")
            .count();
    assert_eq!(stacks, 12, "{summary}");
    let moving_a1 = all
        .iter()
        .filter(|t| named_places(t).1.first().is_some_and(|j| j == "a1"))
        .count();
    assert!(summary.contains(&format!("a1 {moving_a1}, ")), "{summary}");
    assert!(summary.contains(&format!(
        "`moves a1` lists the turns of one stack, junction or tile; `moves all` lists all {}",
        all.len()
    )));
    // `moves all`: every turn, in columns.
    let listed = after(&format!("{} turns:\n", all.len()));
    let shown: Vec<&str> = listed
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  ") && !l.contains("> "))
        .flat_map(str::split_whitespace)
        .collect();
    let mut sorted: Vec<&str> = all.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let mut shown_sorted = shown.clone();
    shown_sorted.sort_unstable();
    assert_eq!(shown_sorted, sorted);
    // `moves a1`: the stack moves, and pieces come to it.
    let one = after("junction a1, holding x: ");
    assert!(one
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("  the stack on a1 moves ("));
    assert!(out.contains(
        "`zz9` names no junction or tile of this board (junctions are named like `a5`, \
         tiles like `de45`)"
    ));
    assert!(out.contains("`a1` names no tile of this board"));
    assert!(out.ends_with("game abandoned\n"), "{out}");
}

/// The boards a transcript draws: `play --show` and `replay --show` draw the same ones in
/// the same places, and the record of a game replays to the same transcript.
#[test]
fn play_and_replay_show_the_same_boards() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("play-show");
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    let record_arg = record.to_str().unwrap();
    let game = [
        "truchet-browne",
        "--size",
        "5",
        "--seed",
        "4",
        "--max-turns",
        "12",
    ];
    let boards = |out: &str| out.matches("x owns dark (+), o owns light (-)").count();
    // (--show, boards drawn): 1 before any turn and 1 after each of 12 turns; where play
    // starts (after the 3 set-up turns) and at the end; at the end; after turn 7 and at
    // the end.
    for (show, expected) in [("all", 13), ("start", 2), ("end", 1), ("7", 2)] {
        let mut args = game.to_vec();
        args.extend(["--show", show, "--record", record_arg]);
        let played = run(&args, "");
        assert!(played.status.success(), "{}", text(&played.stderr));
        let played = text(&played.stdout);
        assert_eq!(boards(&played), expected, "--show {show}: {played}");
        let replayed = run(&["replay", record_arg, "--show", show], "");
        assert!(replayed.status.success());
        assert_eq!(text(&replayed.stdout), played, "--show {show}");
    }
    // Without --show: where play starts and at the end, as before; every board when a
    // person plays.
    let played = text(&run(&game, "").stdout);
    assert_eq!(boards(&played), 2);
    let mut args = game.to_vec();
    args.extend(["--player", "o=human"]);
    let played = text(&run(&args, "random\nrandom\n").stdout);
    // Before any turn, after x's set-up turn, after o's two set-up turns, after x's first
    // piece turn; then o's prompt meets the end of the input.
    assert_eq!(boards(&played), 5, "{played}");
    let output = run(&["truchet-browne", "--show", "twelve"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("expected `all`, `start`, `end` or a turn number"));
}

/// A ruleset written for a test in `dir`: `extends` with the set-up script `setup`, so
/// the test holds no fact of a shipped set-up rule, which a designer may change.
fn ruleset_with_a_set_up(dir: &Path, extends: &str, setup: &str) -> PathBuf {
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::write(
        dir.join("variant.toml"),
        format!(
            "extends = \"{extends}\"\n\n[setup]\ntiles = \"placement\"\nplacement = \
             \"rules/setup.rhai\"\n"
        ),
    )
    .unwrap();
    std::fs::write(dir.join("rules/setup.rhai"), setup).unwrap();
    dir.to_path_buf()
}

/// truchet-browne with a set-up of the test's own: x lays the rows below the middle and
/// the middle row's left half, o the rows above and the right half, then o one tile at
/// the centre.
fn browne_with_a_set_up_of_its_own(dir: &Path) -> PathBuf {
    ruleset_with_a_set_up(
        dir,
        "truchet-browne",
        "fn placement_turns(size) {\n\
         let middle = (size + 1) / 2;\n\
         let x = []; for row in 1..middle { for c in 1..=size { x.push([c, row]); } }\n\
         for c in 1..middle { x.push([c, middle]); }\n\
         let o = []; for row in range(size, middle, -1) { for c in 1..=size { o.push([c, row]); } }\n\
         for c in (middle + 1)..=size { o.push([c, middle]); }\n\
         [#{ player: \"x\", tiles: x }, #{ player: \"o\", tiles: o }, \
         #{ player: \"o\", tiles: [[middle, middle]] }]\n}\n",
    )
}

/// A person lays a set-up turn a few tiles at a time: the letters so far are shown on the
/// board with the next cell marked, taken back with `undo`, the rest drawn with `random`,
/// and the turn played once every tile is chosen and `done` is typed; the game records
/// the letters laid, and the record replays.
#[test]
fn a_set_up_turn_is_laid_a_few_tiles_at_a_time() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("laying");
    let ruleset = browne_with_a_set_up_of_its_own(&dir.join("ruleset"));
    let ruleset = ruleset.to_str().unwrap();
    let record = dir.join("game.txt");
    // Size 5: x lays 12 tiles (two rows of 5, then two of the middle row).
    let input = "rl rl r\nundo\nl\nrrrrrr\nzz\nllll\nundo\nl\ndone\nr\n\nquit\n";
    let output = run(
        &[
            ruleset,
            "--size",
            "5",
            "--player",
            "x=human",
            "--record",
            record.to_str().unwrap(),
        ],
        input,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    let said = [
        "set-up: x lays 12 tiles, in this order:\n  ab12  bc12  cd12  de12  ef12  ab23  bc23  \
         cd23  de23  ef23  ab34  bc34\ntiles: r = sw-ne, l = nw-se\n",
        // `rl rl r`: row 1 laid, the next tile marked.
        "  3  +   -   +   -   +   -   3\n       ?\n  2  -   x   -   x   -   x   2\n       /   \\   \
         /   \\   /\n",
        "5 of 12 tiles chosen; the next goes to ab23 (`?`)\n",
        // `undo`
        "       /   \\   /   \\   ?\n",
        "4 of 12 tiles chosen; the next goes to ef12 (`?`)\n",
        "11 of 12 tiles chosen; the next goes to bc34 (`?`)\n",
        "`z` is not a tile's letter (they are r or l), nor `random`, `undo`, `done`, `board`, \
         `help` or `quit`\n",
        "1 tile left to choose in this turn, and `llll` gives 4\n",
        "10 of 12 tiles chosen; the next goes to ab34 (`?`)\n",
        "1 tile still to choose (the next goes to bc34): type the letters, or `random`\n",
        "all 12 tiles chosen: `done` (or an empty line) lays them, `undo` takes the last back\n",
        "   1. x  rlrllrrrrrlr\n",
    ];
    let mut from = 0;
    for words in said {
        let at = out[from..]
            .find(words)
            .unwrap_or_else(|| panic!("{words:?} after {from}: {out}"));
        from += at + words.len();
    }
    let recorded = std::fs::read_to_string(&record).unwrap();
    assert!(recorded.contains("   1. x  rlrllrrrrrlr\n"), "{recorded}");
    // The rest of a turn drawn at random, as `random` draws it, and laid with an empty
    // line; a whole turn typed at once is laid at once, as always.
    let output = run(
        &[
            ruleset, "--size", "5", "--player", "x=human", "--player", "o=human",
        ],
        "rrr\nrandom\n\nllllllllllll\nl\nquit\n",
    );
    let out = text(&output.stdout);
    assert!(out.contains("all 12 tiles chosen"), "{out}");
    // The turn line follows the prompt the empty line answered.
    let first = out
        .split("   1. x  ")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(first.starts_with("rrr") && first.len() == 12, "{first}");
    assert!(out.contains("   2. o  llllllllllll\n"), "{out}");
    assert!(out.contains("   3. o  l\n"), "{out}");
    let replayed = run(&["replay", record.to_str().unwrap()], "");
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
}

/// Laying a set-up turn a few tiles at a time works on any board whose ruleset has
/// set-up turns: here truchet-hex with tiles laid by turns (a ruleset written for the
/// test), its next cell marked on the hexagonal drawing.
#[test]
fn a_set_up_turn_is_laid_on_a_hexagonal_board_too() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hex-setup");
    // Its 37 cells in rows of 4, 5, 6, 7, 6, 5, 4: x lays the lower three rows, o the
    // upper three, x the middle one.
    let ruleset = ruleset_with_a_set_up(
        &dir,
        "truchet-hex",
        "fn placement_turns(size) {\n\
         let lengths = [4, 5, 6, 7, 6, 5, 4];\n\
         let x = []; for row in 1..=3 { for c in 1..=lengths[row - 1] { x.push([c, row]); } }\n\
         let o = []; for row in 5..=7 { for c in 1..=lengths[row - 1] { o.push([c, row]); } }\n\
         let mid = []; for c in 1..=7 { mid.push([c, 4]); }\n\
         [#{ player: \"x\", tiles: x }, #{ player: \"o\", tiles: o }, \
         #{ player: \"x\", tiles: mid }]\n}\n",
    );
    let record = dir.join("game.txt");
    let output = run(
        &[
            ruleset.to_str().unwrap(),
            "--player",
            "x=human",
            "--max-turns",
            "3",
            "--record",
            record.to_str().unwrap(),
        ],
        "0101\nundo\n1\nrandom\ndone\n0000000\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(
        out.contains("set-up: x lays 15 tiles, in this order:\n  e1  g1  i1  k1  d2  f2"),
        "{out}"
    );
    // After `0101`: the row of four laid, the next cell (d2, in cell row 2) marked.
    assert!(out.contains("(2)           |   ?   |"), "{out}");
    assert!(
        out.contains("4 of 15 tiles chosen; the next goes to d2 (`?`)"),
        "{out}"
    );
    assert!(
        out.contains("3 of 15 tiles chosen; the next goes to k1 (`?`)"),
        "{out}"
    );
    assert!(out.contains("   3. x  0000000\n"), "{out}");
    let first = out
        .split("   1. x  ")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(first.starts_with("0101") && first.len() == 15, "{first}");
    let replayed = run(&["replay", record.to_str().unwrap()], "");
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
}
