//! Every command the documents show runs as shown, so no document can go stale: the
//! project's README.md, TESTING.md and BENCHMARKS.md, docs/*.md and every ruleset's
//! README.md.
//!
//! A document's commands are the lines of its `sh` (or unmarked) code blocks, and the
//! lines starting with `$ ` in its `text` blocks, which are followed by the output the
//! command prints (standard output, then standard error; a line `...` stands for any
//! lines). Each command is one of:
//!
//! - a `variant-run` command (also written `cargo run --release -- ...` or
//!   `./target/release/variant-run ...`, maybe after `time` or `valgrind
//!   --tool=callgrind`): it is run with the built program. Where the document shows
//!   output, the output must be what it shows, and the exit code 2 if its last line is an
//!   error (`variant-run: ...`), else 0; where it shows none, it must exit with 0;
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
//! Commands run in a temporary copy of tests/fixtures/docs/ (so what they write stays
//! out of the repository), which holds the rulesets the documents talk about without
//! shipping (the README's `strict-truchet` and the `my-truchet` its `check`
//! example checks); the shipped rulesets are found by name as always. A file a document
//! shows whole, headed by its path (`# variants/strict-truchet/variant.toml`), must be
//! the fixture's file, so the document shows what is run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Commands run elsewhere or not at all, each with the reason.
const NOT_RUN_HERE: &[(&str, &str)] = &[
    (
        "variant-run truchet-browne serve --open",
        "serves until stopped: serve.rs readme_serve_open runs it",
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
        "cargo test --release --workspace --no-fail-fast",
        "the test command itself; rule_change.rs runs the suite again on a copy",
    ),
    (
        "INSTA_UPDATE=always cargo test --release --workspace",
        "the test command itself; rule_change.rs runs the suite with INSTA_UPDATE=always",
    ),
    (
        "git diff tests/ variants/",
        "shows the reader's own changes",
    ),
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
        "./target/release/variant-run trugo match --games 10 --player x=mcts --player o=random --seed S",
        "a template (S = 3 to 17); the line above is the same match",
    ),
    (
        "./target/release/variant-run trugo match --games 10 --player x=mcts --player o=greedy --seed S",
        "a template (S = 3 to 21); the line above is the same match",
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

/// A command a document shows, and the output it shows for it, if any.
#[derive(Debug)]
struct Shown {
    /// `document:line`.
    at: String,
    command: String,
    output: Option<Vec<String>>,
}

/// A fenced code block: its language, the line its first line of text is on, its lines,
/// and the nearest non-blank line above it.
struct Block<'a> {
    language: &'a str,
    first_line: usize,
    lines: Vec<&'a str>,
    above: &'a str,
}

fn blocks(text: &str) -> Vec<Block<'_>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(language) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let close = (i + 1..lines.len())
            .find(|&k| lines[k].trim_start().starts_with("```"))
            .unwrap_or(lines.len());
        let above = lines[..i]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .copied()
            .unwrap_or_default();
        found.push(Block {
            language: language.trim(),
            first_line: i + 2,
            lines: lines[i + 1..close].to_vec(),
            above,
        });
        i = close + 1;
    }
    found
}

/// A command line without a trailing `# comment` (a `#` after a space, outside quotes).
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        previous = c;
    }
    line.trim_end()
}

/// The commands a document shows. A block of the walkthrough is left to
/// hex_walkthrough.rs, in the one document that has it.
fn commands(document: &str, text: &str) -> Vec<Shown> {
    let mut found = Vec::new();
    for block in blocks(text) {
        let at = |k: usize| format!("{document}:{}", block.first_line + k);
        if block.above.trim_start().starts_with("<!-- walkthrough:") {
            assert_eq!(
                document,
                "variants/truchet-hex/README.md",
                "{}: only truchet-hex's walkthrough is followed by hex_walkthrough.rs",
                at(0)
            );
            continue;
        }
        match block.language {
            "sh" | "shell" | "bash" | "" => {
                for (k, line) in block.lines.iter().enumerate() {
                    let command = without_comment(line.trim());
                    if !command.is_empty() {
                        found.push(Shown {
                            at: at(k),
                            command: command.to_string(),
                            output: None,
                        });
                    }
                }
            }
            "text" | "console" => {
                for (k, line) in block.lines.iter().enumerate() {
                    let Some(command) = line.strip_prefix("$ ") else {
                        continue;
                    };
                    let output = block.lines[k + 1..]
                        .iter()
                        .take_while(|l| !l.starts_with("$ "))
                        .map(|l| l.to_string())
                        .collect();
                    found.push(Shown {
                        at: at(k),
                        command: without_comment(command.trim()).to_string(),
                        output: Some(output),
                    });
                }
            }
            _ => {}
        }
    }
    found
}

/// The arguments of a `variant-run` command in any of its written forms, after any
/// timing or profiling wrapper; `None` for any other command.
fn variant_run_arguments(command: &str) -> Option<Vec<String>> {
    let words = shell_words::split(command).ok()?;
    let mut words: &[String] = &words;
    for wrapper in [&["time"][..], &["valgrind", "--tool=callgrind"][..]] {
        if words.len() > wrapper.len() && words[..wrapper.len()] == *wrapper {
            words = &words[wrapper.len()..];
        }
    }
    let program: [&[&str]; 3] = [
        &["variant-run"],
        &["./target/release/variant-run"],
        &["cargo", "run", "--release", "--"],
    ];
    program.iter().find_map(|form| {
        (words.len() >= form.len() && words[..form.len()] == **form)
            .then(|| words[form.len()..].to_vec())
    })
}

/// Whether the output printed matches the output shown, where a line `...` stands for
/// any number of lines.
fn matches(printed: &[&str], shown: &[String]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=printed.len()).any(|skip| matches(&printed[skip..], rest))
        }
        Some((first, rest)) => {
            printed.first() == Some(&first.as_str()) && matches(&printed[1..], rest)
        }
    }
}

/// Runs one `variant-run` command as the document shows it, and says what is wrong.
fn check(shown: &Shown, arguments: &[String], options_only: bool, folder: &Path) -> Option<String> {
    let mut arguments = arguments.to_vec();
    if options_only {
        arguments.push("--help".to_string());
    }
    let run = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(&arguments)
        .current_dir(folder)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    let printed = format!("{stdout}{stderr}");
    let printed: Vec<&str> = printed.lines().collect();
    let expected_code = match &shown.output {
        Some(output)
            if output
                .last()
                .is_some_and(|l| l.starts_with("variant-run: ")) =>
        {
            2
        }
        _ => 0,
    };
    let how = if options_only {
        "reading the options of"
    } else {
        "running"
    };
    if run.status.code() != Some(expected_code) {
        return Some(format!(
            "{}: {how} `{}` exits with {:?}, not {expected_code}:\n{stderr}",
            shown.at,
            shown.command,
            run.status.code()
        ));
    }
    if let Some(output) = &shown.output {
        if !matches(&printed, output) {
            return Some(format!(
                "{}: `{}` prints\n{}\nnot what the document shows:\n{}",
                shown.at,
                shown.command,
                printed.join("\n"),
                output.join("\n")
            ));
        }
    }
    None
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
    let mut run = 0;
    for document in documents(&root) {
        let text = std::fs::read_to_string(root.join(&document)).unwrap();
        check_files_shown(&document, &text, &folder, &mut problems);
        for shown in commands(&document, &text) {
            if let Some((listed, _)) = NOT_RUN_HERE.iter().find(|(c, _)| *c == shown.command) {
                listed_and_seen.push(*listed);
                continue;
            }
            let Some(arguments) = variant_run_arguments(&shown.command) else {
                problems.push(format!(
                    "{}: `{}` is not a variant-run command: run it in this test, or list it \
                     in NOT_RUN_HERE with the reason",
                    shown.at, shown.command
                ));
                continue;
            };
            let options_only = OPTIONS_ONLY.iter().any(|(d, _)| *d == document);
            problems.extend(check(&shown, &arguments, options_only, &workdir));
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
    for block in blocks(text) {
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
    let found = commands("made-up.md", document);
    let lines: Vec<(&str, &str, Option<usize>)> = found
        .iter()
        .map(|s| {
            (
                s.at.as_str(),
                s.command.as_str(),
                s.output.as_ref().map(Vec::len),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("made-up.md:2", "cargo run --release -- trugo", None),
            (
                "made-up.md:4",
                "time ./target/release/variant-run list",
                None
            ),
            ("made-up.md:5", "npm test", None),
            ("made-up.md:8", "variant-run trugo position", Some(1)),
        ]
    );
    assert_eq!(
        variant_run_arguments("cargo run --release -- trugo"),
        Some(vec!["trugo".to_string()])
    );
    assert_eq!(
        variant_run_arguments("time ./target/release/variant-run list"),
        Some(vec!["list".to_string()])
    );
    assert_eq!(variant_run_arguments("npm test"), None);
    assert_eq!(
        variant_run_arguments("variant-run trugo moves --position \"a b\""),
        Some(vec![
            "trugo".to_string(),
            "moves".to_string(),
            "--position".to_string(),
            "a b".to_string()
        ])
    );
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&["a", "b", "c"], &shown(&["a", "...", "c"])));
    assert!(matches(&["a", "b", "c"], &shown(&["...", "b", "..."])));
    assert!(!matches(&["a", "b", "c"], &shown(&["a", "c"])));
    assert!(!matches(&["a", "b"], &shown(&["a", "b", "c"])));

    // An old player flag is refused by the program, so the check reports it.
    let old = Shown {
        at: "made-up.md:1".to_string(),
        command: "variant-run truchet-browne play --x human".to_string(),
        output: None,
    };
    let arguments = variant_run_arguments(&old.command).unwrap();
    let folder = crate::common::root().join("tests/fixtures/docs");
    let problem = check(&old, &arguments, false, &folder).expect("the old flag is refused");
    assert!(problem.contains("exits with Some(2), not 0"), "{problem}");
}
