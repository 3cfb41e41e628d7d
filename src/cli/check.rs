//! `variant-run check [RULESET]...`: load and lint rulesets, print what was found.

use std::io::Write;

use variant_run::check::{check as check_ruleset, CheckReport};
use variant_run::diagnostic::Severity;
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
    let errors = report.errors();
    let warnings = report.problems.len() - errors;
    let verdict = match (errors, warnings) {
        (0, 0) => "ok".to_string(),
        (0, w) => format!("ok, {w} warning{}", plural(w)),
        (e, 0) => format!("{e} problem{}", plural(e)),
        (e, w) => format!("{e} problem{}, {w} warning{}", plural(e), plural(w)),
    };
    writeln!(out, "{} ({}): {verdict}", report.name, report.dir.display())?;
    for problem in &report.problems {
        let kind = match problem.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        writeln!(out, "{kind}: {problem}")?;
    }
    for tried in &report.tried {
        writeln!(out, "  {tried}")?;
    }
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
