//! Output files are never seen half-written: each is written to a temporary file beside
//! it and renamed into place (`variant_run::output_file`). Several programs writing one
//! path leave one whole file, a reader never sees part of a record, and a program
//! stopped in the middle leaves the old file as it was.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use variant_run::play::Record;

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_variant-run"));
    command
        .args(args)
        .current_dir(crate::common::root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Six matches writing their pages to one path at once leave one of the six pages,
/// whole (once, parts of two pages were found in the file in five rounds of five).
#[test]
fn concurrent_matches_leave_one_whole_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("same.html");
    let page_arg = page.to_str().unwrap().to_string();
    let seeds = ["1", "2", "3", "4", "5", "6"];
    let children: Vec<Child> = seeds
        .iter()
        .map(|seed| {
            command(&[
                "truchet-browne",
                "match",
                "--size",
                "5",
                "--games",
                "6",
                "--max-turns",
                "40",
                "--threads",
                "1",
                "--seed",
                seed,
                "--html",
                &page_arg,
            ])
            .spawn()
            .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"), "{}", &text[..100]);
    assert!(text.ends_with("</html>\n"));
    assert_eq!(text.matches("</html>").count(), 1);
    let seed_line = |seed: &str| format!("6 games, seed {seed};");
    assert_eq!(
        seeds
            .iter()
            .filter(|s| text.contains(&seed_line(s)))
            .count(),
        1,
        "one match's page"
    );
    assert_eq!(names(dir.path()), ["same.html"], "no temporary file left");
}

/// A computer game's record appears whole when the game ends: a reader polling the path
/// meanwhile sees the old record, then the new one, never an empty or partial file.
#[test]
fn a_record_is_never_seen_partial() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let old = "ruleset truchet-browne\noptions --seed 3\n";
    std::fs::write(&record, old).unwrap();
    let mut child = command(&[
        "truchet-browne",
        "play",
        "--seed",
        "3",
        "--max-turns",
        "300",
        "--record",
        record.to_str().unwrap(),
    ])
    .spawn()
    .unwrap();
    let mut seen_old = 0;
    loop {
        let done = child.try_wait().unwrap().is_some();
        let text = std::fs::read_to_string(&record).unwrap();
        if text != old {
            let parsed = Record::parse(&text).unwrap();
            assert!(parsed.result.is_some(), "a whole record: {text}");
        } else {
            seen_old += 1;
        }
        if done {
            break;
        }
    }
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.ends_with("turns without a result\n") || text.contains(" wins: "),
        "{text}"
    );
    assert!(seen_old > 0, "the reader looked while the game was played");
    assert_eq!(names(dir.path()), ["game.txt"]);
}

/// In a game a person plays, the record is put in place after every line: it always
/// reads as the game so far, and holds the whole game however it ends.
#[test]
fn a_person_s_game_is_recorded_turn_by_turn() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args([
            "truchet-browne",
            "play",
            "--size",
            "3",
            "--layout",
            "rrr/rrr/rrr",
            "--player",
            "x=human",
            "--record",
            record.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Before the person types anything, the record holds the header.
    let waited = Instant::now();
    while !record.exists() {
        assert!(waited.elapsed() < Duration::from_secs(20), "no record");
        std::thread::sleep(Duration::from_millis(20));
    }
    let header = Record::parse(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(header.ruleset, "truchet-browne");
    assert!(header.turns.is_empty());
    use std::io::Write;
    writeln!(stdin, "a1-b2").unwrap();
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&record).unwrap();
    let played = Record::parse(&text).unwrap();
    assert_eq!(played.turns[0].text, "a1-b2", "{text}");
    assert_eq!(played.result.as_deref(), Some("game abandoned"));
}

/// A match stopped while it plays leaves an older page at its `--html` path as it was,
/// and nothing beside it (once, it was left empty).
#[test]
fn an_interrupted_match_leaves_the_old_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    std::fs::write(&page, "the old page").unwrap();
    let mut child = command(&[
        "truchet-browne",
        "match",
        "--games",
        "100000",
        "--threads",
        "1",
        "--html",
        page.to_str().unwrap(),
    ])
    .spawn()
    .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none(), "still playing");
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "the old page");
    assert_eq!(names(dir.path()), ["report.html"]);
}

/// A path that cannot be written is refused before any game is played, and the message
/// names the option.
#[test]
fn an_unwritable_output_path_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/folder/report.html");
    for args in [
        vec![
            "truchet-browne",
            "match",
            "--games",
            "100000",
            "--html",
            missing.to_str().unwrap(),
        ],
        vec![
            "truchet-browne",
            "play",
            "--record",
            missing.to_str().unwrap(),
        ],
        vec![
            "truchet-browne",
            "match",
            "--games",
            "100000",
            "--html",
            dir.path().to_str().unwrap(),
        ],
    ] {
        let started = Instant::now();
        let output = command(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("variant-run: --html ")
                || stderr.starts_with("variant-run: --record "),
            "{stderr}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "refused before playing"
        );
    }
}
