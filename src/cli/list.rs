//! `variant-run list`: the rulesets found, with their summaries and folders.

use std::io::Write;

use variant_run::list_variants;

use super::Failure;

pub fn list(out: &mut dyn Write) -> Result<(), Failure> {
    for (name, path, summary) in list_variants() {
        writeln!(out, "{name:<20} {summary}")?;
        writeln!(out, "{:<20} {}", "", path.display())?;
    }
    Ok(())
}
