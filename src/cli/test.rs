//! `variant-run test [RULESET|DIR]... [--accept] [--only NAME]`: rulesets' own tests, in
//! the release binary, in seconds. Every fixture's report is made and compared with its
//! snapshot, and every example a document shows is run and compared with the output it
//! shows; each one that differs is printed as a diff, and the exit code is 1.
//! `--accept` writes the new reports as the snapshots, and the new outputs into the
//! documents, instead.

use std::io::Write;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use variant_run::fixtures::diff::unified;
use variant_run::fixtures::documents::{
    examples, follow_walkthrough, run_example, stale_outputs, walkthrough, with_new_outputs,
    Printed, Shown, Stale, Step,
};
use variant_run::fixtures::scope::{DocumentScope, Scope};
use variant_run::fixtures::{Outcome, RulesetTests, Verdict};
use variant_run::parallel;

use super::args::TestArgs;
use super::Failure;

/// Some report differs from its snapshot (or has none, or failed): exit code 1, as
/// `diff` says that its files differ.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TestsDiffer(pub String);

/// What a run found, counted.
#[derive(Default)]
struct Tally {
    holds: usize,
    changed: usize,
    new: usize,
    failed: usize,
    unused: usize,
    written: usize,
}

pub fn test(args: &TestArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let scope = if args.rulesets.is_empty() {
        Scope::everything()
    } else {
        Scope::named(&args.rulesets, args.accept)?
    };
    let suites = scope
        .rulesets
        .iter()
        .map(|dir| RulesetTests::find(dir))
        .collect::<Result<Vec<_>, _>>()?;
    let documents = Documents::read(&scope, &args.only)?;
    let pool = parallel::pool(None)?;
    let program = std::env::current_exe()?;
    let (outcomes, examples) = run_all(&suites, &documents, &args.only, &program, &pool);

    let mut tally = Tally::default();
    for (tests, outcomes) in suites.iter().zip(&outcomes) {
        writeln!(
            out,
            "{}: {}",
            shown(&tests.dir),
            counted(outcomes.len(), "report")
        )?;
        print_outcomes(tests, outcomes, args.accept, &mut tally, out)?;
        if args.only.is_empty() {
            print_unused(&tests.orphans()?, args.accept, &mut tally, out)?;
        }
    }
    for (i, document) in documents.0.iter().enumerate() {
        let results: Vec<(usize, &Result<Vec<Stale>, String>)> = examples
            .iter()
            .filter(|(d, _, _)| *d == i)
            .map(|(_, line, result)| (*line, result))
            .collect();
        print_document(document, &results, args.accept, &mut tally, out)?;
    }
    if !args.rulesets.is_empty() && !args.accept {
        note_project_examples(&args.rulesets, out)?;
    }
    writeln!(out, "\n{}", tally.summary())?;
    let differ = tally.changed + tally.new + tally.unused;
    if tally.failed > 0 || (differ > 0 && !args.accept) {
        let advice = if differ > 0 && !args.accept {
            "; read the diffs above: `--accept` writes the new snapshots and outputs"
        } else {
            ""
        };
        return Err(TestsDiffer(format!("the reports do not hold{advice}")).into());
    }
    Ok(())
}

/// The documents a run covers, read, with the examples it runs.
struct Documents(Vec<(DocumentScope, String, Vec<Vec<Shown>>)>);

impl Documents {
    fn read(scope: &Scope, only: &[String]) -> Result<Documents, Failure> {
        let mut read = Vec::new();
        for document in &scope.documents {
            let path = shown(&document.path);
            if !only.is_empty() && !only.iter().any(|o| path.contains(o.as_str())) {
                continue;
            }
            let text =
                std::fs::read_to_string(&document.path).map_err(|e| format!("{path}: {e}"))?;
            let all = examples(&text);
            let chosen = document
                .examples
                .iter()
                .filter_map(|&i| all.get(i).cloned())
                .collect();
            read.push((document.clone(), text, chosen));
        }
        Ok(Documents(read))
    }
}

/// The outcome of every fixture of every ruleset, and of every example (by document,
/// with the example's first line), made on the pool's threads together: examples first,
/// as they take longest. An example shown in several documents, alike and run in the
/// same folder, is run once.
#[allow(clippy::type_complexity)]
fn run_all(
    suites: &[RulesetTests],
    documents: &Documents,
    only: &[String],
    program: &Path,
    pool: &rayon::ThreadPool,
) -> (
    Vec<Vec<Outcome>>,
    Vec<(usize, usize, Result<Vec<Stale>, String>)>,
) {
    let mut distinct: Vec<(&[Shown], Option<&Path>)> = Vec::new();
    let mut uses = Vec::new();
    for (d, (document, _, examples)) in documents.0.iter().enumerate() {
        for example in examples {
            let folder = document.run_in.as_deref();
            let same = |(e, f): &(&[Shown], Option<&Path>)| {
                *f == folder
                    && e.len() == example.len()
                    && e.iter().zip(example).all(|(a, b)| a.command == b.command)
            };
            let k = distinct.iter().position(same).unwrap_or_else(|| {
                distinct.push((example.as_slice(), folder));
                distinct.len() - 1
            });
            uses.push((d, example, k));
        }
    }
    let fixtures: Vec<(usize, &variant_run::fixtures::Fixture)> = suites
        .iter()
        .enumerate()
        .flat_map(|(s, tests)| {
            tests
                .fixtures
                .iter()
                .filter(|f| f.chosen_by(only))
                .map(move |f| (s, f))
        })
        .collect();
    let walkthroughs: Vec<(usize, &Path, Vec<Step>)> = documents
        .0
        .iter()
        .enumerate()
        .filter_map(|(d, (document, text, _))| {
            let project = document.walkthrough_in.as_deref()?;
            Some((d, project, walkthrough(text)))
        })
        .collect();
    #[allow(clippy::type_complexity)]
    let ((ran, followed), outcomes): (
        (
            Vec<Result<Vec<Printed>, String>>,
            Vec<Result<Vec<Stale>, String>>,
        ),
        Vec<Outcome>,
    ) = pool.install(|| {
        rayon::join(
            || {
                rayon::join(
                    || {
                        distinct
                            .par_iter()
                            .map(|(example, folder)| run_example(program, example, *folder))
                            .collect()
                    },
                    || {
                        walkthroughs
                            .par_iter()
                            .map(|(_, project, steps)| follow_walkthrough(program, steps, project))
                            .collect()
                    },
                )
            },
            || {
                fixtures
                    .par_iter()
                    .map(|(s, fixture)| suites[*s].outcome(fixture))
                    .collect()
            },
        )
    });
    let mut by_suite: Vec<Vec<Outcome>> = suites.iter().map(|_| Vec::new()).collect();
    for ((s, _), outcome) in fixtures.iter().zip(outcomes) {
        by_suite[*s].push(outcome);
    }
    let mut examples: Vec<(usize, usize, Result<Vec<Stale>, String>)> = uses
        .into_iter()
        .map(|(d, example, k)| {
            let result = ran[k]
                .as_ref()
                .map(|printed| stale_outputs(example, printed))
                .map_err(String::clone);
            (d, example[0].line, result)
        })
        .collect();
    // A walkthrough counts as one example, at its first step.
    for ((d, _, steps), result) in walkthroughs.iter().zip(followed) {
        examples.push((*d, steps.first().map_or(0, |s| s.line), result));
    }
    (by_suite, examples)
}

/// A path as the user would type it: from the current folder when below it.
fn shown(path: &Path) -> String {
    let relative = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf));
    relative
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// Prints a ruleset's outcomes: a diff for each report that changed, the whole of each
/// new one, the error of each that failed; with `accept`, writes the snapshots.
fn print_outcomes(
    tests: &RulesetTests,
    outcomes: &[Outcome],
    accept: bool,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    for outcome in outcomes {
        let snapshot = shown(&tests.snapshot_path(&outcome.fixture));
        let name = &outcome.fixture.name;
        match &outcome.verdict {
            Verdict::Holds => tally.holds += 1,
            Verdict::Changed { expected, report } => {
                tally.changed += 1;
                writeln!(out, "\nchanged: {name} ({snapshot})")?;
                write!(out, "{}", unified(expected, report))?;
            }
            Verdict::New { report } => {
                tally.new += 1;
                writeln!(out, "\nnew: {name} (no {snapshot} yet)")?;
                write!(out, "{}", unified("", report))?;
            }
            Verdict::Failed(error) => {
                tally.failed += 1;
                writeln!(out, "\nfailed: {name}: {error}")?;
            }
        }
        if let (true, Some(report)) = (accept, outcome.verdict.report()) {
            tests.accept(&outcome.fixture, report)?;
            tally.written += 1;
        }
    }
    Ok(())
}

/// Snapshots no fixture makes any more; removed when accepting.
fn print_unused(
    unused: &[PathBuf],
    accept: bool,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    for path in unused {
        tally.unused += 1;
        writeln!(
            out,
            "\nunused: {}: no fixture makes this snapshot any more",
            shown(path)
        )?;
        if accept {
            std::fs::remove_file(path).map_err(|e| format!("{}: {e}", shown(path)))?;
            tally.written += 1;
        }
    }
    Ok(())
}

/// Prints each output of a document's examples that moved as a diff of the lines
/// shown, and with `accept` writes the new outputs into it.
fn print_document(
    (document, text, _): &(DocumentScope, String, Vec<Vec<Shown>>),
    results: &[(usize, &Result<Vec<Stale>, String>)],
    accept: bool,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let path = shown(&document.path);
    writeln!(out, "{path}: {}", counted(results.len(), "example"))?;
    let mut stale = Vec::new();
    for (line, result) in results {
        match result {
            Ok(found) if found.is_empty() => tally.holds += 1,
            Ok(found) => {
                tally.changed += 1;
                for s in found {
                    let shown_lines = s.shown.output.clone().unwrap_or_default();
                    writeln!(
                        out,
                        "\nchanged: {path}:{} `{}`",
                        s.shown.line, s.shown.command
                    )?;
                    write!(
                        out,
                        "{}",
                        unified(&shown_lines.join("\n"), &s.new_output.join("\n"))
                    )?;
                }
                stale.extend(found.iter().cloned());
            }
            Err(e) => {
                tally.failed += 1;
                writeln!(out, "\nfailed: {path}:{line}: {e}")?;
            }
        }
    }
    if accept && !stale.is_empty() {
        variant_run::output_file::write_whole(
            &document.path,
            with_new_outputs(text, &stale).as_bytes(),
        )
        .map_err(|e| format!("{path}: {e}"))?;
        tally.written += stale.len();
    }
    Ok(())
}

/// Names the examples of the project's documents that run the rulesets checked, which a
/// check leaves for `--accept` or a run of everything.
fn note_project_examples(names: &[String], out: &mut dyn Write) -> Result<(), Failure> {
    let with = Scope::named(names, true)?;
    let without = Scope::named(names, false)?;
    let left: Vec<String> = with
        .documents
        .iter()
        .filter(|d| !without.documents.contains(d))
        .map(|d| format!("{} ({})", shown(&d.path), d.examples.len()))
        .collect();
    if !left.is_empty() {
        writeln!(
            out,
            "\nnot run: examples of {} run these rulesets; `--accept` runs them too and \
             writes any output that moved, and `variant-run test` with no names checks them",
            left.join(", ")
        )?;
    }
    Ok(())
}

/// `1 example`, `3 examples`.
fn counted(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

impl Tally {
    /// `6 reports and examples: 4 hold, 1 changed, 1 new (2 written)`.
    fn summary(&self) -> String {
        let all = self.holds + self.changed + self.new + self.failed;
        let mut parts = vec![format!("{all} reports and examples: {} hold", self.holds)];
        for (count, what) in [
            (self.changed, "changed"),
            (self.new, "new"),
            (self.failed, "failed"),
            (self.unused, "snapshots unused"),
        ] {
            if count > 0 {
                parts.push(format!("{count} {what}"));
            }
        }
        let mut summary = parts.join(", ");
        if self.written > 0 {
            summary.push_str(&format!(" ({} written)", self.written));
        }
        summary
    }
}
