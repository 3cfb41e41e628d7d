//! Studies split into shards (`--shard K/N --out DIR`) and merged (`variant-run report`):
//! the merged report is byte for byte what one machine prints, at any number of threads
//! per shard; a shard killed at any moment loses only the games it was playing; and
//! results that do not belong together are refused with a message that says why.
//!
//! Commands run in a fresh temporary folder with relative paths, so messages read the
//! same on every machine.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common::copy::{copy_variant, edit};

/// A small match: random against greedy on a 5x5 Truchet, about a second of games.
const MATCH: &[&str] = &[
    "truchet-browne",
    "match",
    "--size",
    "5",
    "--games",
    "40",
    "--player",
    "x=random",
    "--player",
    "o=greedy",
];

fn variant_run(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_variant-run"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .env_remove("SLURM_ARRAY_TASK_MIN")
        .stdin(Stdio::null());
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    variant_run(dir, args).output().unwrap()
}

/// Standard output of a command that must succeed.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The one message of a command that must fail with exit code 2.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = run(dir, args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} did not fail as expected"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    let last = stderr.lines().last().unwrap_or_default().to_string();
    assert!(last.starts_with("variant-run: "), "{args:?}: {stderr}");
    last
}

/// Two reports are the same; if not, the first line that differs.
fn same(got: &str, want: &str, what: &str) {
    if got != want {
        let at = got.lines().zip(want.lines()).position(|(a, b)| a != b);
        let line = |text: &str| {
            at.and_then(|i| text.lines().nth(i))
                .unwrap_or("(ends)")
                .to_string()
        };
        panic!(
            "{what}: the reports differ at line {}:\n  got:  {}\n  want: {}",
            at.map_or(0, |i| i + 1),
            line(got),
            line(want)
        );
    }
}

fn with(base: &[&str], more: &[&str]) -> Vec<String> {
    base.iter().chain(more).map(|s| s.to_string()).collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Plays `study` in `n` shards into `results`, shard `k` on `threads[k % len]` threads,
/// and returns the merged report with `report_flags`.
fn sharded(
    dir: &Path,
    study: &[&str],
    n: usize,
    threads: &[&str],
    report_flags: &[&str],
) -> String {
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let t = threads[k % threads.len()];
        let out = ok(
            dir,
            &strs(&with(
                study,
                &["--shard", &shard, "--out", "results", "--threads", t],
            )),
        );
        assert!(out.starts_with(&format!("shard {shard}: ")), "{out}");
    }
    let report = ok(dir, &strs(&with(&["report", "results"], report_flags)));
    std::fs::remove_dir_all(dir.join("results")).unwrap();
    report
}

#[test]
fn four_shards_merged_print_the_one_machine_report() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let compare: &[&str] = &[
        "compare",
        "truchet-browne",
        "truchet-hex",
        "--games",
        "12",
        "--max-turns",
        "80",
        "--player",
        "x=greedy",
        "--player",
        "o=random",
    ];
    let evaluate: &[&str] = &[
        "truchet-browne",
        "evaluate",
        "--size",
        "5",
        "--games",
        "6",
        "--ladder",
        "random,greedy",
        "--budget",
        "20",
    ];
    for study in [MATCH, compare, evaluate] {
        // Played at once, as text and as JSON; played in shards and reported both ways.
        let one = ok(dir, study);
        let one_json = ok(dir, &strs(&with(study, &["--json"])));
        for (k, threads) in [(1, "1"), (2, "2"), (3, "3"), (4, "2")] {
            let shard = format!("{k}/4");
            let out = ok(
                dir,
                &strs(&with(
                    study,
                    &["--shard", &shard, "--out", "results", "--threads", threads],
                )),
            );
            assert!(out.starts_with(&format!("shard {shard}: ")), "{out}");
        }
        same(
            &ok(dir, &["report", "results"]),
            &one,
            &format!("{study:?}"),
        );
        same(
            &ok(dir, &["report", "results", "--json"]),
            &one_json,
            &format!("{study:?} --json"),
        );
        std::fs::remove_dir_all(dir.join("results")).unwrap();
        // The whole study as one shard that could be resumed prints the report itself.
        let whole = ok(dir, &strs(&with(study, &["--out", "whole"])));
        same(&whole, &one, &format!("{study:?} as one shard"));
        std::fs::remove_dir_all(dir.join("whole")).unwrap();
    }
    // The HTML page too.
    let one_page = dir.join("one.html");
    ok(dir, &strs(&with(MATCH, &["--html", "one.html"])));
    sharded(dir, MATCH, 3, &["2"], &["--html", "merged.html"]);
    assert_eq!(
        std::fs::read(one_page).unwrap(),
        std::fs::read(dir.join("merged.html")).unwrap()
    );
}

/// The kill moments, from a tiny portable random sequence (SplitMix64) so the test is
/// the same run after run: after how many of the shard's 13 games have been written (0:
/// during its start), then how many milliseconds more. Counting games, not time from
/// the start, keeps the moments inside the games on a slow or busy machine.
fn moments(count: usize) -> Vec<(usize, u64)> {
    let mut state: u64 = 2026;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..count)
        .map(|_| ((next() % 13) as usize, next() % 40))
        .collect()
}

/// Every whole line of a results file reads as JSON; only the last may be cut short.
fn lines_are_whole_or_last_cut(path: &Path) -> usize {
    let text = std::fs::read(path).unwrap_or_default();
    let mut whole = 0;
    for line in text.split_inclusive(|&b| b == b'\n') {
        if line.ends_with(b"\n") {
            serde_json::from_slice::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{}: a whole line does not read: {e}", path.display()));
            whole += 1;
        }
    }
    whole
}

/// A shard killed with SIGKILL at 20 moments (in its start, and after 1 to 12 of its 13
/// games), then resumed, merges into the one-machine report every time: nothing lost,
/// nothing counted twice.
#[test]
fn a_shard_killed_at_any_moment_and_resumed_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let one = ok(dir, MATCH);
    let shard = with(MATCH, &["--shard", "2/3", "--out", "results"]);
    // Shards 1 and 3 whole, played once: each round starts from copies of them.
    for k in ["1/3", "3/3"] {
        ok(dir, &strs(&with(MATCH, &["--shard", k, "--out", "whole"])));
    }
    for (round, (games, wait)) in moments(20).into_iter().enumerate() {
        let _ = std::fs::remove_dir_all(dir.join("results"));
        std::fs::create_dir_all(dir.join("results")).unwrap();
        for k in ["1", "3"] {
            let name = format!("shard-{k}-of-3.jsonl");
            std::fs::copy(
                dir.join("whole").join(&name),
                dir.join("results").join(&name),
            )
            .unwrap();
        }
        // Shard 2 killed, then played again.
        let file = dir.join("results/shard-2-of-3.jsonl");
        let mut child = variant_run(dir, &strs(&shard))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Until `games` games are written (the header is one line), or the shard ends.
        for _ in 0..20_000 {
            if games == 0
                || lines_are_whole_or_last_cut(&file) > games
                || child.try_wait().unwrap().is_some()
            {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(wait));
        let _ = child.kill(); // SIGKILL on Unix
        child.wait().unwrap();
        lines_are_whole_or_last_cut(&file);
        let resumed = ok(dir, &strs(&shard));
        assert!(
            resumed.starts_with("shard 2/3: 13 games"),
            "round {round}: {resumed}"
        );
        let merged = ok(dir, &["report", "results"]);
        same(
            &merged,
            &one,
            &format!("round {round}, killed {wait} ms after game {games}"),
        );
        // Every game once: 14 + 13 + 13 games, and three headers.
        let total: usize = ["1", "2", "3"]
            .iter()
            .map(|k| {
                lines_are_whole_or_last_cut(&dir.join(format!("results/shard-{k}-of-3.jsonl")))
            })
            .sum();
        assert_eq!(total, 40 + 3, "round {round}");
    }
}

/// Every way results may not belong together, refused with a message that names the
/// files, the games or the difference; then `--partial`.
#[test]
fn results_that_do_not_belong_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let mut messages = Vec::new();
    let mut note = |what: &str, message: String| messages.push(format!("{what}:\n  {message}"));

    // Options that cannot make a shard.
    note(
        "--shard without --out",
        refused(dir, &strs(&with(MATCH, &["--shard", "2/4"]))),
    );
    note(
        "--shard 5/4",
        refused(dir, &strs(&with(MATCH, &["--shard", "5/4", "--out", "r"]))),
    );
    note(
        "--shard slurm outside a job array",
        refused(
            dir,
            &strs(&with(MATCH, &["--shard", "slurm", "--out", "r"])),
        ),
    );
    note(
        "--json on one shard of several",
        refused(
            dir,
            &strs(&with(MATCH, &["--shard", "1/2", "--out", "r", "--json"])),
        ),
    );

    // A Slurm task finds its shard in the variables Slurm gives it.
    let out = variant_run(
        dir,
        &strs(&with(MATCH, &["--shard", "slurm", "--out", "slurm"])),
    )
    .env("SLURM_ARRAY_TASK_ID", "3")
    .env("SLURM_ARRAY_TASK_MIN", "1")
    .env("SLURM_ARRAY_TASK_COUNT", "4")
    .output()
    .unwrap();
    assert!(out.status.success());
    assert!(dir.join("slurm/shard-3-of-4.jsonl").is_file());

    // Missing games: refused, then reported with --partial. (One thread: the games end
    // in game order, so the first line of each file, used below, is the same every run.)
    for k in ["1/3", "3/3"] {
        let shard = ["--shard", k, "--out", "results", "--threads", "1"];
        ok(dir, &strs(&with(MATCH, &shard)));
    }
    note("two shards of three", refused(dir, &["report", "results"]));
    let partial = run(dir, &["report", "results", "--partial"]);
    assert!(partial.status.success());
    let stdout = String::from_utf8(partial.stdout).unwrap();
    assert!(stdout.contains("27 games"), "{stdout}");
    note(
        "--partial (standard error)",
        String::from_utf8(partial.stderr)
            .unwrap()
            .trim_end()
            .replace('\n', "\n  "),
    );

    // Another study in the same folder.
    note(
        "another seed, same --out",
        refused(
            dir,
            &strs(&with(
                MATCH,
                &["--shard", "2/3", "--out", "results", "--seed", "9"],
            )),
        ),
    );
    note(
        "another start, same --out",
        refused(
            dir,
            &strs(&with(
                MATCH,
                &["--shard", "2/3", "--out", "results", "--layout", "random"],
            )),
        ),
    );
    ok(
        dir,
        &strs(&with(
            MATCH,
            &["--shard", "2/3", "--out", "other", "--seed", "9"],
        )),
    );
    note(
        "files of two studies",
        refused(
            dir,
            &[
                "report",
                "results/shard-1-of-3.jsonl",
                "other/shard-2-of-3.jsonl",
            ],
        ),
    );

    // A game recorded two ways: shard 1's first game, changed, in another file.
    let first = std::fs::read_to_string(dir.join("results/shard-1-of-3.jsonl")).unwrap();
    let mut lines = first.lines();
    let header = lines.next().unwrap().replace("\"1/3\"", "\"1/1\"");
    let game = lines.next().unwrap();
    let changed = game.replacen("\"captures\":", "\"captures\":1", 1);
    assert_ne!(changed, game);
    std::fs::create_dir(dir.join("twice")).unwrap();
    std::fs::write(dir.join("twice/copy.jsonl"), format!("{header}\n{game}\n")).unwrap();
    std::fs::write(
        dir.join("twice/changed.jsonl"),
        format!("{header}\n{changed}\n"),
    )
    .unwrap();
    // The same game twice, the same way, is fine (a shard played twice).
    ok(dir, &["report", "--partial", "results", "twice/copy.jsonl"]);
    note(
        "one game recorded two ways",
        refused(
            dir,
            &["report", "--partial", "results", "twice/changed.jsonl"],
        ),
    );

    // A line changed by hand, and a file that is not a study's.
    std::fs::write(
        dir.join("twice/broken.jsonl"),
        format!("{header}\n{{\"part\":0}}\n"),
    )
    .unwrap();
    note(
        "a line changed by hand",
        refused(dir, &["report", "twice/broken.jsonl"]),
    );
    std::fs::write(dir.join("twice/notes.jsonl"), "{\"hello\":1}\n").unwrap();
    note(
        "not a results file",
        refused(dir, &["report", "twice/notes.jsonl"]),
    );
    note("an empty folder", {
        std::fs::create_dir(dir.join("empty")).unwrap();
        refused(dir, &["report", "empty"])
    });

    // A shard stopped as it wrote a line: the cut line is not a game; the shard cuts it
    // off and plays the game again.
    // One thread: the games end in game order, so the cut game is the same every run.
    ok(
        dir,
        &strs(&with(
            MATCH,
            &["--shard", "2/3", "--out", "results", "--threads", "1"],
        )),
    );
    let shard2 = dir.join("results/shard-2-of-3.jsonl");
    let text = std::fs::read_to_string(&shard2).unwrap();
    let cut_at = text.trim_end().rfind('\n').unwrap() + 30;
    std::fs::write(&shard2, &text[..cut_at]).unwrap();
    note(
        "a last line cut short",
        refused(dir, &["report", "results"]),
    );
    let resumed = ok(
        dir,
        &strs(&with(MATCH, &["--shard", "2/3", "--out", "results"])),
    );
    assert!(
        resumed.contains("(1 played now, 12 there before)"),
        "{resumed}"
    );
    assert_eq!(ok(dir, &["report", "results"]), ok(dir, MATCH));

    // The ruleset's files changed since the games were played.
    let copy = copy_variant("truchet-browne", "shards-fingerprint");
    let copy = copy.to_str().unwrap();
    let study = ["--games", "4", "--size", "5", "--out", "edited"];
    ok(dir, &strs(&with(&[copy, "match"], &study)));
    edit(
        &Path::new(copy).join("variant.toml"),
        "\n",
        "\n# a comment\n",
    );
    let message = refused(dir, &["report", "edited"]);
    note("the ruleset edited since", message.replace(copy, "<copy>"));
    let message = refused(dir, &strs(&with(&[copy, "match"], &study)));
    note(
        "the ruleset edited, then resumed",
        message.replace(copy, "<copy>"),
    );

    // The fingerprints change with any edit of the ruleset: named, not pinned.
    insta::assert_snapshot!(without_fingerprints(&messages.join("\n")));
}

/// Every word of 16 hexadecimal digits (a fingerprint, `b310c53abe44e8b3`) becomes
/// `<fingerprint>`.
fn without_fingerprints(text: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let hex = word.len() == 16 && word.chars().all(|c| c.is_ascii_hexdigit());
        out.push_str(if hex { "<fingerprint>" } else { word });
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Two copies of one shard at once (a task started twice): the second stops at once
/// with a message, and the first finishes its games, each once.
#[test]
fn a_shard_started_twice_runs_once() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let mut args = with(MATCH, &["--shard", "1/1", "--out", "results"]);
    args[5] = "80".to_string(); // --games: seconds of games, for the second to start in
    let mut first = variant_run(dir, &strs(&args))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let file = dir.join("results/shard-1-of-1.jsonl");
    for _ in 0..500 {
        if lines_are_whole_or_last_cut(&file) > 1 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let second = refused(dir, &strs(&args));
    assert!(
        second.contains("another variant-run is writing this shard's results"),
        "{second}"
    );
    assert!(first.wait().unwrap().success());
    assert_eq!(lines_are_whole_or_last_cut(&file), 81);
}

/// A tmpfs of a few KiB mounted for one test, unmounted when dropped.
struct TinyDisk {
    path: std::path::PathBuf,
}

impl TinyDisk {
    /// Mounts one, or says why not: mounting needs root (CI runs the suite as root).
    fn mount(at: &Path, kib: u32) -> Result<TinyDisk, String> {
        std::fs::create_dir_all(at).unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(at)
            .output()
            .map_err(|e| format!("mount: {e}"))?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
        }
        Ok(TinyDisk {
            path: at.to_path_buf(),
        })
    }

    /// Makes it larger, keeping its files.
    fn grow(&self, kib: u32) {
        let out = Command::new("mount")
            .args(["-o", &format!("remount,size={kib}k")])
            .arg(&self.path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.path).status();
    }
}

/// A study whose `--out` fills the disk stops at the first write that fails, with that
/// error, instead of playing on and claiming every game kept (a 200-game study once
/// printed "200 of 200 games" with its file stopped at 20 KB). The file holds whole
/// games only, and the same command resumes it once there is room, to the report one
/// machine prints. Needs root to mount a tmpfs; without it the test says it is skipped.
#[test]
fn a_full_disk_stops_the_study_at_the_first_failed_write() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let disk = match TinyDisk::mount(&dir.join("disk"), 16) {
        Ok(disk) => disk,
        Err(why) => {
            eprintln!("SKIPPED a_full_disk_stops_the_study_at_the_first_failed_write: {why}");
            return;
        }
    };
    let study = [
        "truchet-browne",
        "match",
        "--size",
        "5",
        "--games",
        "200",
        "--max-turns",
        "30",
        "--player",
        "x=random",
        "--player",
        "o=random",
        "--threads",
        "2",
    ];
    let args = with(&study, &["--out", "disk/results"]);
    let out = run(dir, &strs(&args));
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.contains("No space left on device") && last.contains("shard-1-of-1.jsonl"),
        "{stderr}"
    );
    let file = dir.join("disk/results/shard-1-of-1.jsonl");
    // The header, then one line a game.
    let kept = lines_are_whole_or_last_cut(&file) - 1;
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.ends_with('\n'), "no line left cut short");
    assert!((1..200).contains(&kept), "{kept} games kept");
    // The progress never counted a game that was not kept: the last count it printed is
    // at most the games in the file.
    let counted = stderr
        .lines()
        .filter_map(|line| line.split(" of 200 games").next()?.rsplit(' ').next())
        .filter_map(|n| n.parse::<usize>().ok())
        .max()
        .unwrap_or(0);
    assert!(counted <= kept, "counted {counted}, kept {kept}: {stderr}");
    assert!(!stderr.contains("200 of 200"), "{stderr}");
    // Room again: the same command plays the rest, and the report is the one-machine one.
    disk.grow(4096);
    let resumed = ok(dir, &strs(&args));
    let one = ok(dir, &study);
    same(&resumed, &one, "resumed after the disk filled");
}
