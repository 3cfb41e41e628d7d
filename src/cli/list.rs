//! `variant-run list`: the rulesets found, with their summaries, what they extend, and
//! their folders.

use std::io::Write;

use variant_run::list_variants;
use variant_run::printable::printable;

use super::Failure;

pub fn list(out: &mut dyn Write) -> Result<(), Failure> {
    // Folder names and summaries are anyone's text: control characters are escaped.
    for listed in list_variants() {
        writeln!(
            out,
            "{:<20} {}",
            printable(&listed.name),
            printable(&listed.summary)
        )?;
        if let Some(base) = &listed.extends {
            writeln!(out, "{:<20} extends {}", "", printable(base))?;
        }
        writeln!(
            out,
            "{:<20} {}",
            "",
            printable(&listed.dir.display().to_string())
        )?;
    }
    Ok(())
}
