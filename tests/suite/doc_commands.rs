//! Every command the documents show runs as shown, so no document can go stale: the
//! project's README.md, TESTING.md and BENCHMARKS.md, docs/*.md and every ruleset's
//! README.md.
//!
//! A document's commands are the lines of its `sh` (or unmarked) code blocks, and the
//! lines starting with `$ ` in its `text` blocks, which are followed by the output the
//! command prints (standard output, then standard error; a line `...` stands for any
//! lines); the library reads them (`variant_run::fixtures::documents`), as
//! `variant-run test` does. Each command is one of:
//!
//! - a `variant-run` command (also written `cargo run --release -- ...` or
//!   `./target/release/variant-run ...`, maybe after `time` or `valgrind
//!   --tool=callgrind`): it is run with the built program. The commands of a `text`
//!   block with `$ ` lines are an example of their own: run in order in a fresh copy of
//!   the folder the document names (`<!-- commands run in tests/fixtures/docs -->`),
//!   each printing what the block shows, with exit code 2 if its last line is an error
//!   (`variant-run: ...`), else 0. An output that differs is written into the document
//!   by the accept step (`variant-run test --accept`, or `INSTA_UPDATE=always` here),
//!   as a snapshot would be. The commands of `sh` blocks run in order, in one copy of
//!   tests/fixtures/docs/ per run, and must exit with 0;
//! - a measurement listed in [`OPTIONS_ONLY`] (seconds to minutes each): its options are
//!   read, and the command not run, by running it with `--help` after them (the command
//!   line stops at `--help` once everything before it has been read);
//! - a command listed in [`NOT_RUN_HERE`], with the reason (commands that run until
//!   stopped, which tests/suite/serve.rs runs; the test command itself; tools the suite
//!   does not have);
//! - the steps of the truchet-hex walkthrough, marked `<!-- walkthrough: ... -->`, which
//!   tests/suite/hex_walkthrough.rs follows.
//!
//! Anything else fails the test, so a command added to a document is run or listed here.
//!
//! tests/fixtures/docs/ holds the rulesets the documents talk about without shipping
//! (the README's `strict-truchet` and the `my-truchet` its `check` example checks); the
//! shipped rulesets are found by name as always. A file a document shows whole, headed by
//! its path (`# variants/strict-truchet/variant.toml`), must be the fixture's file, so the
//! document shows what is run.

use std::path::{Path, PathBuf};

use variant_run::fixtures::documents::{self, Shown};

/// Commands run elsewhere or not at all, each with the reason.
const NOT_RUN_HERE: &[(&str, &str)] = &[
    (
        "variant-run truchet-browne serve --open",
        "serves until stopped: serve.rs readme_serve_open runs it",
    ),
    (
        "variant-run truchet-browne serve --host 0.0.0.0 --records playtest/",
        "serves until stopped: serve_seats.rs readme_serve_for_playtesters runs it",
    ),
    (
        "variant-run trugo serve --port 0 --player x=mcts:200",
        "serves until stopped: serve.rs readme_serve_against_mcts runs it",
    ),
    (
        "variant-run ./my-truchet show --watch",
        "watches until stopped: serve.rs readme_show_and_play_watch runs it",
    ),
    (
        "variant-run ./my-truchet play --watch",
        "watches until stopped: serve.rs readme_show_and_play_watch runs it",
    ),
    (
        "cargo test --release --workspace",
        "the test command itself",
    ),
    (
        "variant-run test --accept",
        "writes snapshots and documents: rule_change.rs runs it on a copy of the project",
    ),
    ("git diff", "shows the reader's own changes"),
    (
        "cd tests/browser && npm ci && npm test",
        "the browser tests need chromium and npm; .ci/run runs them",
    ),
    (
        "cargo run --release --example many_results -- four million 1000 4",
        "writes 1.2 GB of copied games for timing the merge; shards.rs tests the merge",
    ),
    (
        "cargo build --release",
        "builds the program this test runs",
    ),
    (
        "cd fuzz",
        "the fuzz runs need nightly and cargo-fuzz; fuzz_properties.rs runs the targets' \
         checks over their corpora",
    ),
    (
        "cargo +nightly fuzz run position_square -- -max_total_time=600",
        "ten minutes of fuzzing with nightly and cargo-fuzz; fuzz_properties.rs runs the \
         targets' checks over their corpora",
    ),
    (
        "cargo test --release -- --ignored invariants_hold_over_100000_games --nocapture",
        "the long run of invariants.rs (100,000 games), ignored in the suite",
    ),
    (
        "SOAK_MINUTES=10 cargo test --release -- --ignored hostile_soak --nocapture",
        "the long hostile soak (ten minutes), ignored in the suite",
    ),
    (
        "for r in truchet-browne truchet-boardspace truchet-hex trugo; do",
        "the soak loop: 8 matches of 256 games, minutes; parallel.rs checks thread counts agree",
    ),
    ("for t in 1 64; do", "the soak loop"),
    (
        "variant-run $r match --games 256 --max-turns 60 --seed 7 --json --threads $t > soak-$r-$t.json",
        "the soak loop, with the loop's variables",
    ),
    ("done", "the soak loop"),
    ("cmp soak-$r-1.json soak-$r-64.json", "the soak loop"),
    (
        "callgrind_annotate --inclusive=yes callgrind.out.* | grep -E 'playout::play_out( \\[|$)|::judge( \\[|$)|NativeTwin.*outcome( \\[|$)'",
        "reads the output of valgrind, which the suite does not have",
    ),
    (
        "callgrind_annotate --inclusive=yes callgrind.out.* | grep 'ScriptHost::call \\['",
        "reads the output of valgrind, which the suite does not have",
    ),
    (
        "variant-run <ruleset> perft <depth> --position \"<position text>\"",
        "a template; the examples below it are run",
    ),
    (
        "variant-run <ruleset> perft <depth> --divide --position \"<position text>\"",
        "a template; the examples below it are run",
    ),
];

/// The commands of `sh` blocks that are studies of many games (`match`, `compare`,
/// `evaluate`: seconds to minutes each) have their options read, and are not played:
/// no document shows their output (an example that does is run whole), and matches.rs,
/// criteria.rs and shards.rs play each kind of study.
fn is_a_study(arguments: &[String]) -> bool {
    let command = |i: usize| arguments.get(i).map(String::as_str);
    command(0) == Some("compare") || matches!(command(1), Some("match" | "evaluate"))
}

/// Measurements, whose options are read but which are not run, with the reason.
const OPTIONS_ONLY: &[(&str, &str)] = &[(
    "BENCHMARKS.md",
    "speed figures: each command measures for seconds (bench --seconds, perft 3 of the \
     opening, matches of mcts) to minutes (valgrind); bench.rs runs `bench` briefly",
)];

/// The documents whose commands are checked, as paths from the project folder.
fn documents(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    // rule_change.rs runs the suite on a copy holding only variants/, scripts/ and
    // tests/: there the project's own documents are not part of the copy, and only the
    // rulesets' READMEs are checked. In the checkout, every one must be there.
    let on_checkout = std::env::var_os("VARIANT_RUN_HOME").is_none();
    for name in ["README.md", "TESTING.md", "BENCHMARKS.md"] {
        if root.join(name).exists() {
            found.push(name.to_string());
        } else {
            assert!(!on_checkout, "{name} is missing");
        }
    }
    for (folder, inner) in [("docs", ""), ("variants", "README.md")] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            assert!(!on_checkout, "{folder}/ is missing");
            continue;
        };
        let mut names: Vec<String> = entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let path = if inner.is_empty() {
                format!("{folder}/{name}")
            } else {
                format!("{folder}/{name}/{inner}")
            };
            if path.ends_with(".md") && root.join(&path).is_file() {
                found.push(path);
            }
        }
    }
    found
}

/// Runs one command of an `sh` block as the document shows it (it must exit with 0), and
/// says what is wrong.
fn check(shown: &Shown, arguments: &[String], options_only: bool, folder: &Path) -> Option<String> {
    let mut arguments = arguments.to_vec();
    if options_only {
        arguments.push("--help".to_string());
    }
    let program = Path::new(env!("CARGO_BIN_EXE_variant-run"));
    let run = documents::run(program, &arguments, folder).unwrap();
    let how = if options_only {
        "reading the options of"
    } else {
        "running"
    };
    (run.code != Some(0)).then(|| {
        format!(
            "line {}: {how} `{}` exits with {:?}, not 0:\n{}",
            shown.line,
            shown.command,
            run.code,
            run.lines.join("\n")
        )
    })
}

/// What the examples run so far printed, by their commands and folder: an example two
/// documents show alike is run once.
type Ran = Vec<((Vec<String>, Option<PathBuf>), Vec<documents::Printed>)>;

/// The examples of a document (its `text` blocks with `$ ` commands), each run in a
/// fresh copy of the folder the document names; the outputs that differ from what is
/// shown are written into the document under `INSTA_UPDATE=always`, else reported.
fn check_examples(
    root: &Path,
    document: &str,
    text: &str,
    ran: &mut Ran,
    problems: &mut Vec<String>,
) -> usize {
    let program = Path::new(env!("CARGO_BIN_EXE_variant-run"));
    let folder = documents::run_in(text).map(|dir| root.join(dir));
    let mut stale = Vec::new();
    let examples = documents::examples(text);
    for example in &examples {
        let key = (
            example
                .iter()
                .map(|s| s.command.clone())
                .collect::<Vec<_>>(),
            folder.clone(),
        );
        let printed = match ran.iter().find(|(k, _)| *k == key) {
            Some((_, printed)) => printed.clone(),
            None => match documents::run_example(program, example, folder.as_deref()) {
                Ok(printed) => {
                    ran.push((key, printed.clone()));
                    printed
                }
                Err(e) => {
                    problems.push(format!("{document}: {e}"));
                    continue;
                }
            },
        };
        stale.extend(documents::stale_outputs(example, &printed));
    }
    if stale.is_empty() {
        return examples.len();
    }
    if crate::common::update_documents() {
        let path = root.join(document);
        std::fs::write(path, documents::with_new_outputs(text, &stale)).unwrap();
        return examples.len();
    }
    for s in stale {
        problems.push(format!(
            "{document}:{}: `{}` prints (exit code {:?})\n{}\nnot what the document shows:\n{}",
            s.shown.line,
            s.shown.command,
            s.printed.code,
            s.printed.lines.join("\n"),
            s.shown.output.unwrap_or_default().join("\n")
        ));
    }
    examples.len()
}

#[test]
fn every_command_in_the_documents_runs_as_shown() {
    let root = crate::common::root();
    let folder = root.join("tests/fixtures/docs");
    // Commands run in a copy, so the files they write (records, pages, results
    // folders) land in a temporary folder, not in the repository.
    let scratch = tempfile::tempdir().unwrap();
    let workdir = scratch.path().join("docs");
    crate::common::copy::copy_dir(&folder, &workdir);
    let mut problems = Vec::new();
    let mut listed_and_seen = Vec::new();
    let mut ran = Ran::new();
    let mut run = 0;
    for document in documents(&root) {
        let text = std::fs::read_to_string(root.join(&document)).unwrap();
        check_files_shown(&document, &text, &folder, &mut problems);
        assert!(
            document == "variants/truchet-hex/README.md"
                || documents::walkthrough(&text).is_empty(),
            "{document}: only truchet-hex's walkthrough is followed by hex_walkthrough.rs"
        );
        run += check_examples(&root, &document, &text, &mut ran, &mut problems);
        let skip = |above: &str| documents::is_walkthrough_step(above);
        for shown in documents::commands(&text, &skip) {
            if shown.output.is_some() {
                continue;
            }
            if let Some((listed, _)) = NOT_RUN_HERE.iter().find(|(c, _)| *c == shown.command) {
                listed_and_seen.push(*listed);
                continue;
            }
            let Some(arguments) = documents::variant_run_arguments(&shown.command) else {
                problems.push(format!(
                    "{document}:{}: `{}` is not a variant-run command: run it in this test, \
                     or list it in NOT_RUN_HERE with the reason",
                    shown.line, shown.command
                ));
                continue;
            };
            let options_only =
                OPTIONS_ONLY.iter().any(|(d, _)| *d == document) || is_a_study(&arguments);
            problems.extend(
                check(&shown, &arguments, options_only, &workdir)
                    .map(|problem| format!("{document}:{problem}")),
            );
            run += 1;
        }
    }
    if std::env::var_os("VARIANT_RUN_HOME").is_none() {
        assert!(
            run >= 40,
            "only {run} commands found: the documents lost their commands"
        );
        for (command, _) in NOT_RUN_HERE {
            if !listed_and_seen.contains(command) {
                problems.push(format!(
                    "NOT_RUN_HERE lists `{command}`, which no document shows any more"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// A code block whose first line is a comment naming a file under `variants/` shows
/// that file whole: it must be the fixture's, so what the document shows is what runs.
fn check_files_shown(document: &str, text: &str, folder: &Path, problems: &mut Vec<String>) {
    for block in documents::blocks(text) {
        let Some(path) = block.lines.first().and_then(|l| {
            l.strip_prefix("# variants/")
                .or(l.strip_prefix("// variants/"))
        }) else {
            continue;
        };
        let fixture: PathBuf = folder.join("variants").join(path.trim());
        let shown = block.lines.join("\n") + "\n";
        match std::fs::read_to_string(&fixture) {
            Ok(file) if file == shown => {}
            Ok(_) => problems.push(format!(
                "{document}:{}: the file shown differs from {}",
                block.first_line,
                fixture.display()
            )),
            Err(_) => problems.push(format!(
                "{document}:{}: the file shown is not in {}",
                block.first_line,
                folder.display()
            )),
        }
    }
}

/// The harness's own rules, on made-up documents: every kind of line is recognised, and
/// an unknown command is never silently passed over.
#[test]
fn the_harness_reads_commands_outputs_and_refuses_unknown_ones() {
    let document = "```sh\n\
                    cargo run --release -- trugo   # a game\n\
                    # a comment line\n\
                    time ./target/release/variant-run list\n\
                    npm test\n\
                    ```\n\
                    ```text\n\
                    $ variant-run trugo position\n\
                    - - 36 o=25,x=25 o\n\
                    ```\n\
                    ```toml\n\
                    name = \"not a command\"\n\
                    ```\n";
    let found = documents::commands(document, &|_| false);
    let lines: Vec<(usize, &str, Option<usize>)> = found
        .iter()
        .map(|s| (s.line, s.command.as_str(), s.output.as_ref().map(Vec::len)))
        .collect();
    assert_eq!(
        lines,
        [
            (2, "cargo run --release -- trugo", None),
            (4, "time ./target/release/variant-run list", None),
            (5, "npm test", None),
            (8, "variant-run trugo position", Some(1)),
        ]
    );
    assert_eq!(
        documents::variant_run_arguments("cargo run --release -- trugo"),
        Some(vec!["trugo".to_string()])
    );
    assert_eq!(
        documents::variant_run_arguments("time ./target/release/variant-run list"),
        Some(vec!["list".to_string()])
    );
    assert_eq!(documents::variant_run_arguments("npm test"), None);
    assert_eq!(
        documents::variant_run_arguments("variant-run trugo moves --position \"a b\""),
        Some(vec![
            "trugo".to_string(),
            "moves".to_string(),
            "--position".to_string(),
            "a b".to_string()
        ])
    );
    let matches = |printed: &[&str], shown: &[&str]| documents::matches(printed, shown);
    assert!(matches(&["a", "b", "c"], &["a", "...", "c"]));
    assert!(matches(&["a", "b", "c"], &["...", "b", "..."]));
    assert!(!matches(&["a", "b", "c"], &["a", "c"]));
    assert!(!matches(&["a", "b"], &["a", "b", "c"]));

    // An old player flag is refused by the program, so the check reports it.
    let old = Shown {
        line: 1,
        command: "variant-run truchet-browne play --x human".to_string(),
        output: None,
        block: 0,
    };
    let arguments = documents::variant_run_arguments(&old.command).unwrap();
    let folder = crate::common::root().join("tests/fixtures/docs");
    let problem = check(&old, &arguments, false, &folder).expect("the old flag is refused");
    assert!(problem.contains("exits with Some(2), not 0"), "{problem}");

    // An example's output that moved is rewritten in place, its `...` kept.
    let example = "```text\n$ variant-run trugo position\n...\nold last line\n```\n";
    let shown = &documents::examples(example)[0];
    let printed = documents::Printed {
        lines: vec!["first".into(), "new last line".into()],
        code: Some(0),
    };
    let stale = documents::stale_outputs(shown, std::slice::from_ref(&printed));
    assert_eq!(
        documents::with_new_outputs(example, &stale),
        "```text\n$ variant-run trugo position\n...\nnew last line\n```\n"
    );
}
