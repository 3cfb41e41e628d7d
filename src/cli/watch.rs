//! `--watch` for `play` and `show`: the command runs, then again whenever the ruleset's
//! files change (its folder, the folders it extends, the shared scripts), until stopped.
//! A run that fails says why, as a run without `--watch` would, and the watch goes on.

use std::io::Write;

use variant_run::play::setup::GameSetup;
use variant_run::printable::printable_lines;
use variant_run::ruleset::find_variant;
use variant_run::serve::watch::Changes;

use super::Failure;

pub fn watch(
    setup: &GameSetup,
    out: &mut dyn Write,
    run: &mut dyn FnMut(&mut dyn Write) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let dir = find_variant(&setup.ruleset)?;
    let mut changes = Changes::new(&dir).map_err(|e| format!("--watch: {e}"))?;
    let folders: Vec<String> = changes
        .folders()
        .iter()
        .map(|f| f.display().to_string())
        .collect();
    let mut round = 1;
    loop {
        if let Err(e) = run(out) {
            out.flush()?;
            eprintln!("variant-run: {}", printable_lines(&e.to_string()));
        }
        out.flush()?;
        eprintln!(
            "variant-run: watching {} for changes (Ctrl-C to stop)",
            folders.join(", ")
        );
        if !changes.wait(&dir) {
            return Ok(());
        }
        round += 1;
        writeln!(out, "\n== the ruleset's files changed: run {round}\n")?;
    }
}
