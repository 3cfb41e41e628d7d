//! Input pasted from anywhere never crashes the program: arguments that are not UTF-8,
//! standard input that is not text or has endless lines, control characters in a
//! ruleset's names and reasons or in a record. Each is refused with a message, or shown
//! escaped, and the program ends normally.

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Output, Stdio};

fn run(args: &[&OsStr], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(crate::common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from another thread: the program may stop reading before the end.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn args<'a>(words: &'a [&'a str]) -> Vec<&'a OsStr> {
    words.iter().map(OsStr::new).collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn arguments_that_are_not_utf8_are_refused_with_a_message() {
    let bad = OsStr::from_bytes(b"\xff");
    let cases: Vec<Vec<&OsStr>> = vec![
        vec![OsStr::new("list"), bad],
        vec![bad],
        vec![OsStr::new("truchet-browne"), OsStr::new("--position"), bad],
        vec![OsStr::new("truchet-browne"), OsStr::new("--seed"), bad],
        vec![OsStr::new("truchet-browne"), OsStr::new("--game-id"), bad],
        vec![
            OsStr::new("truchet-browne"),
            OsStr::new("show"),
            OsStr::new("--layout"),
            bad,
        ],
        vec![
            OsStr::new("replay"),
            OsStr::new("-"),
            OsStr::new("--show"),
            bad,
        ],
    ];
    for case in cases {
        let output = run(&case, b"");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{case:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{case:?}: {stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error: ") && (first.contains("UTF-8") || first.contains('\u{fffd}')),
            "{case:?}: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

/// A person's line that is not text, or is endless, is refused like an illegal turn:
/// the game goes on, and the long line costs no memory and is not echoed.
#[test]
fn a_line_that_is_not_text_or_too_long_is_refused_and_play_goes_on() {
    let mut input = b"\xff\xfe turn\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 10_000_000));
    input.extend_from_slice(b"\nboard\nquit\n");
    let output = run(
        &args(&[
            "truchet-browne",
            "play",
            "--player",
            "x=human",
            "--layout",
            "random",
        ]),
        &input,
    );
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.contains("that line is not UTF-8 text; it was ignored"));
    assert!(stdout.contains("a line of 10000000 bytes is not a turn"));
    assert!(
        !stdout.contains("aaaaaaaaaa"),
        "the long line is not echoed"
    );
    assert!(stdout.ends_with("game abandoned\n"));
    assert!(stdout.len() < 20_000);
}

#[test]
fn a_layout_is_trimmed_like_a_position() {
    let plain = run(
        &args(&[
            "truchet-browne",
            "position",
            "--size",
            "3",
            "--layout",
            "rrr/lrr/rrr",
        ]),
        b"",
    );
    let padded = run(
        &args(&[
            "truchet-browne",
            "position",
            "--size",
            "3",
            "--layout",
            " rrr/lrr/rrr\n",
        ]),
        b"",
    );
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    assert_eq!(text(&plain.stdout), text(&padded.stdout));
}

/// A ruleset with escape sequences in its names and in the reason its end rule gives,
/// characters that turn the text around or break its line, and a script that prints
/// them: every one is shown escaped, in the record, in `describe` and in the script's
/// output.
#[test]
fn control_characters_from_a_ruleset_are_shown_escaped() {
    let fixture = "tests/fixtures/sandbox/control-characters";
    let unsafe_chars = [
        '\u{1b}', '\u{7}', '\u{202e}', '\u{2028}', '\u{2029}', '\u{2066}',
    ];
    for command in ["play", "describe"] {
        let output = run(&args(&[fixture, command]), b"");
        assert!(output.status.success(), "{}", text(&output.stderr));
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        for c in unsafe_chars {
            assert!(!stdout.contains(c), "{command}: {c:?} in {stdout}");
            assert!(!stderr.contains(c), "{command}: {c:?} in {stderr}");
        }
        assert!(stdout.contains("\\u{1b}[2J"), "{command}: {stdout}");
    }
    let played = run(&args(&[fixture, "play"]), b"");
    assert!(
        text(&played.stdout).ends_with(
            "x wins: cleared \\u{1b}[2J the screen \\u{7} \\u{202e} turned \\u{2029} broken\n"
        ),
        "{}",
        text(&played.stdout)
    );
    assert!(
        text(&played.stderr)
            .contains("script: turned \\u{202e} around \\u{2028} broken \\u{2066} isolated\n"),
        "{}",
        text(&played.stderr)
    );
    let described = text(&run(&args(&[fixture, "describe"]), b"").stdout);
    assert!(
        described.contains("\\u{1b}[2J\\u{7}\\u{202e}\\u{2028}, for the sandbox tests"),
        "{described}"
    );
}

#[test]
fn records_with_control_characters_or_too_long_are_refused() {
    let record = b"ruleset truchet-browne\noptions --seed 2\n   1. x  random\x1b[2J\n";
    let output = run(&args(&["replay", "-"]), record);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "variant-run: -: line 3: a control character (U+001B) is not part of a record\n"
    );
    let mut long = b"ruleset truchet-browne\n".to_vec();
    long.extend(std::iter::repeat_n(b'#', 17 << 20));
    let output = run(&args(&["replay", "-"]), &long);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("a record is at most 16777216 bytes"),
        "{}",
        text(&output.stderr)
    );
    let output = run(
        &args(&["replay", "-"]),
        "ruleset truchet-browne\noptions --seed 2\nplayers x=\u{202e}greedy\n".as_bytes(),
    );
    assert_eq!(
        text(&output.stderr),
        "variant-run: -: line 3: a character that turns text around (U+202E) is not part of a \
         record\n"
    );
    let output = run(&args(&["replay", "-"]), b"ruleset truchet-browne\n\xff\n");
    assert_eq!(
        text(&output.stderr),
        "variant-run: -: not UTF-8 text (byte 24 is not)\n"
    );
}

/// An option's value that reaches a record (and the ruleset's name) must be one line of
/// safe text: a newline in `--param` once split the record's options line, so that the
/// record did not read back, and the rest of the value was silently dropped. Each is
/// refused with one line naming the option, its value shown escaped, before anything is
/// played or written.
#[test]
fn option_values_with_control_characters_are_refused() {
    let record = std::env::temp_dir().join(format!("variant-run-{}.rec", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let cases: [(&[&str], &str); 8] = [
        (
            &["play", "--param", "draw_after_quiet_turns=7\nfoo = 1"],
            "--param `draw_after_quiet_turns=7\\nfoo = 1`",
        ),
        (
            &["play", "--param", "draw\u{1b}=7"],
            "--param `draw\\u{1b}=7`",
        ),
        (&["play", "--game-id", "a\rb"], "--game-id `a\\rb`"),
        (
            &["play", "--layout", "rrr/\nrrr/rrr"],
            "--layout `rrr/\\nrrr/rrr`",
        ),
        (&["play", "--tiles", "x\u{202e}"], "--tiles `x\\u{202e}`"),
        (
            &["play", "--notation", "server\u{7}"],
            "--notation `server\\u{7}`",
        ),
        (
            &["show", "--position", "rrr\u{2028} x"],
            "--position `rrr\\u{2028} x`",
        ),
        (
            &[
                "match",
                "--games",
                "2",
                "--param",
                "draw_after_quiet_turns=7\n",
            ],
            "--param `draw_after_quiet_turns=7\\n`",
        ),
    ];
    for (words, shown) in cases {
        let mut all = vec!["truchet-browne"];
        all.extend_from_slice(words);
        if words[0] == "play" {
            all.extend_from_slice(&["--record", record.to_str().unwrap()]);
        }
        let output = run(&args(&all), b"");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{words:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{words:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("variant-run: {shown}: ")),
            "{words:?}: {stderr}"
        );
        assert!(stderr.contains("is one line of text"), "{stderr}");
        assert!(output.stdout.is_empty(), "{words:?}");
        assert!(!record.exists(), "{words:?}: nothing is written");
    }
    // A layout's surrounding blanks are trimmed, as before; only what is kept must be
    // one line.
    let output = run(
        &args(&[
            "truchet-browne",
            "position",
            "--size",
            "3",
            "--layout",
            "rrr/lrr/rrr\n",
        ]),
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
}

/// A line that starts as a turn does but cannot be read stops the replay with its line,
/// instead of being skipped (the turns after it would then be numbered wrong, or a turn
/// silently lost); and a 16 MB line is quoted short.
#[test]
fn turn_lines_that_do_not_read_stop_the_replay() {
    for (line, error) in [
        (
            "  -1. x  a1-b2",
            "line 3: `-1` is not a turn number: turns are numbered from 1",
        ),
        (
            "   12345678901234567890123. x  a1-b2",
            "line 3: `12345678901234567890123` is too large to be a turn number",
        ),
    ] {
        let record = format!("ruleset truchet-browne\noptions --seed 2\n{line}\n");
        let output = run(&args(&["replay", "-"]), record.as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(text(&output.stderr), format!("variant-run: -: {error}\n"));
    }
    let mut record =
        b"ruleset truchet-browne\noptions --seed 2 --layout random\n   1. x  a1-".to_vec();
    record.extend(std::iter::repeat_n(b'b', 16_000_000));
    record.push(b'\n');
    let output = run(&args(&["replay", "-"]), &record);
    let stderr = text(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{}",
        &stderr[..stderr.len().min(300)]
    );
    assert_eq!(stderr.lines().count(), 1);
    assert!(
        stderr.len() < 600,
        "{} bytes: {}",
        stderr.len(),
        &stderr[..300]
    );
    assert!(stderr.contains("... (16000003 bytes in all)`"), "{stderr}");
}

/// `moves` on a position where the game is over lists nothing and says why, as an error:
/// an empty list with exit code 0 reads as a position where a player has no turn.
#[test]
fn moves_on_a_finished_game_is_an_error() {
    let output = run(
        &args(&["tests/fixtures/sandbox/control-characters", "moves"]),
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    // The fixture's end rule prints a line each time it is asked.
    let stderr = text(&output.stderr);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.starts_with("script: "))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].starts_with("variant-run: no turns: the game is over, x wins: cleared"),
        "{stderr}"
    );
}
