//! Follows the walkthrough in `variants/truchet-hex/README.md` literally, in a temporary
//! copy of the project's `variants/` and `scripts/` folders: every command it shows is run
//! with the `variant-run` binary, every file edit is made as written, and every output it
//! shows must be exactly what the command prints. If the README and the program drift
//! apart, this test says which step broke.
//!
//! The README marks its blocks with `<!-- walkthrough: <kind> [path] -->` comments:
//! `run` (shell commands), `output` / `last-line` (what the last command printed),
//! `write <path>` (a new file), `append <path>` (lines added at the end of a file, after a
//! blank line) and `snapshot-test` (a test file for the designer's own crate).

use std::path::PathBuf;
use std::process::Command;

use crate::common::copy::copy_dir;

use variant_run::play::game::opening;
use variant_run::{draw, Layout, Variant};

/// One marked block of the README.
struct Step {
    kind: String,
    argument: String,
    body: String,
    line: usize,
}

fn steps(readme: &str) -> Vec<Step> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(marker) = lines[i]
            .trim()
            .strip_prefix("<!-- walkthrough:")
            .and_then(|m| m.strip_suffix("-->"))
        else {
            i += 1;
            continue;
        };
        let mut words = marker.split_whitespace();
        let kind = words.next().unwrap_or_default().to_string();
        let argument = words.next().unwrap_or_default().to_string();
        let line = i + 1;
        // The block is the next fenced code block.
        let open = (i + 1..lines.len())
            .find(|&k| lines[k].starts_with("```"))
            .unwrap_or_else(|| panic!("README line {line}: no code block after the marker"));
        let close = (open + 1..lines.len())
            .find(|&k| lines[k].starts_with("```"))
            .unwrap_or_else(|| panic!("README line {line}: the code block is not closed"));
        let body = lines[open + 1..close].join("\n") + "\n";
        steps.push(Step {
            kind,
            argument,
            body,
            line,
        });
        i = close + 1;
    }
    steps
}

/// Splits a command line into words; double quotes group words, as in a shell.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quotes in `{command}`");
    if any {
        out.push(word);
    }
    out
}

#[test]
fn the_walkthrough_works_as_written() {
    let project = &crate::common::root();
    let readme = std::fs::read_to_string(project.join("variants/truchet-hex/README.md")).unwrap();
    let steps = steps(&readme);
    assert!(steps.len() >= 10, "the walkthrough lost its steps");

    let temp = tempfile::tempdir().unwrap();
    let root = temp.path();
    copy_dir(&project.join("variants"), &root.join("variants"));
    copy_dir(&project.join("scripts"), &root.join("scripts"));
    let in_root = |path: &str| -> PathBuf { root.join(path) };

    let mut output = String::new();
    let mut snapshot_tested = false;
    for step in &steps {
        let at = format!("README line {}", step.line);
        match step.kind.as_str() {
            "run" => {
                for command in step.body.lines().filter(|l| !l.trim().is_empty()) {
                    let words = words(command);
                    let words: Vec<&str> = words.iter().map(String::as_str).collect();
                    match words.as_slice() {
                        ["mkdir", "-p", path] => std::fs::create_dir_all(in_root(path)).unwrap(),
                        ["cargo", "run", "--release", "--", args @ ..] => {
                            let run = Command::new(env!("CARGO_BIN_EXE_variant-run"))
                                .args(args)
                                .current_dir(root)
                                .output()
                                .unwrap();
                            let stderr = String::from_utf8_lossy(&run.stderr);
                            assert!(run.status.success(), "{at}: `{command}` failed: {stderr}");
                            output = String::from_utf8(run.stdout).unwrap();
                        }
                        _ => panic!("{at}: the test does not know how to run `{command}`"),
                    }
                }
            }
            "output" => assert_eq!(output, step.body, "{at}: the output differs"),
            "last-line" => assert_eq!(
                output.lines().last().unwrap_or_default(),
                step.body.trim_end(),
                "{at}: the last line differs"
            ),
            "write" => {
                let path = in_root(&step.argument);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, &step.body).unwrap();
            }
            "append" => {
                let path = in_root(&step.argument);
                let mut text = std::fs::read_to_string(&path).unwrap();
                if !text.ends_with("\n\n") {
                    text.push('\n');
                }
                text.push_str(&step.body);
                std::fs::write(&path, text).unwrap();
            }
            "snapshot-test" => {
                // Building a second crate inside a test is too slow for the suite; the test
                // file's body is run here instead, on the variant the walkthrough made.
                for call in [
                    "Variant::load_named(\"variants/my-hex\", Some(2))",
                    "opening(&variant, Layout::Random, 1)",
                    "insta::assert_snapshot!(draw::board(&variant.model, &start))",
                ] {
                    assert!(
                        step.body.contains(call),
                        "{at}: the test no longer calls {call}"
                    );
                }
                let variant =
                    Variant::load_named(in_root("variants/my-hex").to_str().unwrap(), Some(2))
                        .unwrap();
                let start = opening(&variant, Layout::Random, 1).unwrap();
                insta::assert_snapshot!(
                    "hex_walkthrough_my_hex_opening",
                    draw::board(&variant.model, &start)
                );
                snapshot_tested = true;
            }
            other => panic!("{at}: unknown walkthrough step `{other}`"),
        }
    }
    assert!(
        snapshot_tested,
        "the walkthrough no longer ends with a snapshot"
    );
}
