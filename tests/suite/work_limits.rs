//! The sandbox's limits count work, not the machine's load, and bound the whole process:
//! a ruleset at 80% of its operations passes on a loaded machine however many threads
//! play, and the same ruleset past its operations fails the same way every time; and a
//! ruleset's memory allowance is one budget for all the threads of a process, so what a
//! match holds at its peak does not grow with `--threads`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use variant_run::ruleset::script::{Limits, ScriptHost};

const BIN: &str = env!("CARGO_BIN_EXE_variant-run");

/// A copy of truchet-browne whose end rule is `end` and whose `[limits]` are `limits`.
fn browne_with_end(end: &str, limits: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/truchet-browne"),
        dir.path(),
    );
    std::fs::write(dir.path().join("rules/end.rhai"), end).unwrap();
    let toml = dir.path().join("variant.toml");
    crate::common::copy::edit(&toml, "\"truchet/end.rhai\"", "\"rules/end.rhai\"");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, format!("{text}\n[limits]\n{limits}\n")).unwrap();
    dir
}

/// Work for the end rule: a loop of `rounds` in every call, then no result. It prints
/// (a line to standard error), so the program never remembers its answers and runs it
/// after every turn.
fn burning(rounds: u64) -> String {
    format!(
        "fn burn() {{\n    let n = 0;\n    while n < {rounds} {{ n += 1; }}\n    n\n}}\n\n\
         fn game_result(game) {{\n    print(\"burn\");\n    burn();\n    ()\n}}\n"
    )
}

/// The operations the end rule `script` runs in a call: the least operation limit a
/// game of it passes, found by playing one (on the real path, where the program may
/// remember the rule's answers and watch what it asks, which takes operations too).
fn operations_of(script: &str) -> u64 {
    let passes = |operations: u64| {
        let dir = browne_with_end(script, &format!("operations = {operations}"));
        let args = one_game(dir.path().to_str().unwrap());
        run(&strs(&args)).status.success()
    };
    let (mut low, mut high) = (1u64, 10_000_000u64);
    assert!(passes(high) && !passes(low));
    while high - low > 1 {
        let middle = (low + high) / 2;
        if passes(middle) {
            high = middle;
        } else {
            low = middle;
        }
    }
    high
}

/// A match of random players (who ask the end rule once a turn, not once for each turn
/// they consider), on a small board with its tiles laid at once.
fn random_match(ruleset: &str, games: &str, threads: &str) -> [String; 16] {
    [
        ruleset,
        "match",
        "--size",
        "5",
        "--layout",
        "random",
        "--player",
        "x=random",
        "--player",
        "o=random",
        "--games",
        games,
        "--max-turns",
        "4",
        "--threads",
        threads,
    ]
    .map(String::from)
}

fn one_game(ruleset: &str) -> [String; 16] {
    random_match(ruleset, "1", "1")
}

/// Busy threads, two for each core, until dropped: a loaded machine.
struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn start() -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = (0..2 * cores)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 1u64;
                    while !stop.load(Ordering::Relaxed) {
                        for _ in 0..10_000 {
                            x = std::hint::black_box(x.wrapping_mul(6364136223846793005) ^ 7);
                        }
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// A ruleset whose end rule uses 80% of its operations on every call, with a time limit
/// a tenth of what those operations take (a time limit once decided such calls, and 4
/// runs in 7 of one command failed on a busy machine): on 64 threads, beside busy
/// threads, every run finishes, with the report one thread gives. Past its operations
/// (125%), every run fails with the same message.
#[test]
fn a_ruleset_at_80_percent_of_its_operations_passes_under_load() {
    let script = burning(20_000);
    let used = operations_of(&script);
    let budget = used * 5 / 4;
    let dir = browne_with_end(&script, &format!("operations = {budget}\ntime_ms = 1"));
    let over = browne_with_end(
        &script,
        &format!("operations = {}\ntime_ms = 1", used * 4 / 5),
    );
    let ruleset = dir.path().to_str().unwrap();
    let match_args = |ruleset: &str, threads: &str| {
        let mut args = random_match(ruleset, "64", threads).to_vec();
        args.push("--json".into());
        args
    };
    let quiet = run(&strs(&match_args(ruleset, "1")));
    assert!(
        quiet.status.success(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
    let load = Load::start();
    for _ in 0..2 {
        let loaded = run(&strs(&match_args(ruleset, "64")));
        assert!(
            loaded.status.success(),
            "{}",
            String::from_utf8_lossy(&loaded.stderr)
        );
        assert_eq!(loaded.stdout, quiet.stdout, "the report on 64 threads");
    }
    let over = over.path().to_str().unwrap();
    let failures: Vec<String> = (0..2)
        .map(|_| {
            let failed = run(&strs(&match_args(over, "64")));
            assert_eq!(failed.status.code(), Some(2));
            String::from_utf8_lossy(&failed.stderr).to_string()
        })
        .collect();
    drop(load);
    assert!(
        failures[0].contains("in `game_result`: the script ran more than"),
        "{}",
        failures[0]
    );
    assert_eq!(failures[0], failures[1], "the same failure every time");
}

/// A script whose operations are slow (a search of a million-item array is one
/// operation) is still stopped, by the CPU-time backstop, with a message saying so.
#[test]
fn slow_operations_meet_the_time_backstop() {
    let script = "fn search() {\n    let a = [];\n    a.pad(1000000, 1);\n    \
                  loop { a.contains(2); }\n}\n";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("slow.rhai"), script).unwrap();
    let limits = Limits {
        operations: 5_000,
        array_items: 1_000_000,
        memory_mb: 64,
        time_ms: 200,
        ..Limits::default()
    };
    let mut host = ScriptHost::new(&[dir.path().to_path_buf()], None, limits);
    let compiled = host.compile(&dir.path().join("slow.rhai")).unwrap();
    let started = variant_run::cpu_time::thread_cpu_time().unwrap();
    let error = host.call::<()>(&compiled, "search", ()).unwrap_err();
    let spent = variant_run::cpu_time::thread_cpu_time().unwrap() - started;
    assert!(
        error.message.contains("ran longer than 200 ms of CPU time")
            && error.message.contains("time_ms"),
        "{error}"
    );
    // Stopped near the backstop, not thousands of slow operations later.
    assert!(spent < std::time::Duration::from_secs(2), "{spent:?}");
}

/// A finished child's output and its peak resident memory (its own high water mark,
/// read while it runs).
// The child is waited for with `wait4` on its process id, after the pipes are read.
#[allow(clippy::zombie_processes)]
fn run_measured(args: &[&str]) -> (std::process::Output, u64) {
    let child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    // The child's own peak, read from /proc while it runs: VmHWM is its memory's high
    // water mark, which starts afresh at exec, whereas wait4's ru_maxrss counts the
    // test process's own size at the fork (Linux keeps it across exec), so a suite grown
    // past the child's peak would hide it. The mark only rises, so the last reading
    // before the child exits holds the whole peak of its run.
    let peak = std::thread::spawn(move || {
        let mut highest = 0u64;
        loop {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status"));
            let mark = status.ok().and_then(|text| {
                text.lines()
                    .find_map(|line| line.strip_prefix("VmHWM:"))
                    .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            });
            match mark {
                Some(kb) => highest = highest.max(kb * 1024),
                None => return highest,
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    });
    let mut stdout = child.stdout.unwrap();
    let mut stderr = child.stderr.unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut text).unwrap();
        text
    });
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut out).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 waits for our own child and writes its status and usage into the
    // two values, which live for the call.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    let output = std::process::Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stdout: out,
        stderr: errors.join().unwrap(),
    };
    (output, peak.join().unwrap())
}

/// An end rule holding an array of a million items (16 MB) and a copy, with
/// `memory_mb = 48`: on one thread a match peaks well above a match whose rule holds
/// nothing; on 8 and 16 threads (once 8 and 16 times as much: 260 and 510 MB), no more
/// than the budget shared by all threads allows, twice `memory_mb`, above it. The
/// reports are the same on any number of threads.
#[test]
fn one_memory_budget_for_the_whole_process() {
    let holding = "fn game_result(game) {\n    let big = [];\n    big.pad(1000000, 0);\n    \
                   let copy = big;\n    copy[0] = 1;\n    \
                   if big.len() + copy.len() == 0 { return 1; }\n    ()\n}\n";
    let limits = "memory_mb = 48\narray_items = 1_000_000";
    let heavy = browne_with_end(holding, limits);
    let light = browne_with_end("fn game_result(game) { () }\n", limits);
    let args = |dir: &tempfile::TempDir, threads: &str| {
        [
            dir.path().to_str().unwrap().to_string(),
            "match".into(),
            "--size".into(),
            "5".into(),
            "--layout".into(),
            "random".into(),
            "--games".into(),
            "32".into(),
            "--max-turns".into(),
            "6".into(),
            "--json".into(),
            "--threads".into(),
            threads.into(),
        ]
    };
    let measure = |dir: &tempfile::TempDir, threads: &str| {
        let args = args(dir, threads);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (output, peak) = run_measured(&args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        (output.stdout, peak)
    };
    const MB: u64 = 1 << 20;
    let (_, light_one) = measure(&light, "1");
    let (_, base) = measure(&light, "16");
    let (one_report, one) = measure(&heavy, "1");
    assert!(
        one > light_one + 12 * MB,
        "the rule holds memory: {one} vs {light_one}"
    );
    for threads in ["8", "16"] {
        let (report, peak) = measure(&heavy, threads);
        assert_eq!(report, one_report, "the report on {threads} threads");
        assert!(
            peak <= base + 2 * 48 * MB + 16 * MB,
            "{threads} threads peaked at {} MB, {} MB above the same match holding nothing",
            peak / MB,
            peak.saturating_sub(base) / MB
        );
    }
}
