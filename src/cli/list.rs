//! `variant-run list`: the rulesets found, with their summaries, what they extend, and
//! their folders.

use std::io::Write;

use variant_run::list_variants;

use super::Failure;

pub fn list(out: &mut dyn Write) -> Result<(), Failure> {
    for listed in list_variants() {
        writeln!(out, "{:<20} {}", listed.name, listed.summary)?;
        if let Some(base) = &listed.extends {
            writeln!(out, "{:<20} extends {base}", "")?;
        }
        writeln!(out, "{:<20} {}", "", listed.dir.display())?;
    }
    Ok(())
}
