//! `variant-run check [RULESET]...`: load and lint rulesets, print what was found.

use std::io::Write;

use variant_run::check::{check as check_ruleset, CheckReport};
use variant_run::find_variant;
use variant_run::ruleset::library::variant_dirs;

use super::args::CheckArgs;
use super::Failure;

pub fn check(args: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let dirs = if args.rulesets.is_empty() {
        variant_dirs().into_values().collect()
    } else {
        args.rulesets
            .iter()
            .map(|name| find_variant(name))
            .collect::<Result<Vec<_>, _>>()?
    };
    let mut failed = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let report = check_ruleset(dir);
        print_report(&report, out)?;
        if report.errors() > 0 {
            failed.push(report.name);
        }
    }
    match failed.len() {
        0 => Ok(()),
        1 if dirs.len() == 1 => Err(format!("{} has problems", failed[0]).into()),
        _ => Err(format!(
            "{} of {} rulesets have problems: {}",
            failed.len(),
            dirs.len(),
            failed.join(", ")
        )
        .into()),
    }
}

fn print_report(report: &CheckReport, out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(
        out,
        "{} ({}): {}",
        report.name,
        report.dir.display(),
        report.verdict()
    )?;
    for problem in &report.problems {
        writeln!(out, "{}: {problem}", problem.severity)?;
    }
    for tried in &report.tried {
        writeln!(out, "  {tried}")?;
    }
    Ok(())
}
