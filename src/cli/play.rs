//! `variant-run <ruleset> [play]`: a game between the chosen seats, its record printed
//! with the boards (and written to `--record FILE`).

use std::fs::File;
use std::io::{self, BufWriter, Write};

use variant_run::play::session::{self, Transcript};
use variant_run::play::setup::GameSetup;
use variant_run::play::tournament::DEFAULT_MAX_TURNS;
use variant_run::play::Record;
use variant_run::Variant;

use super::args::GameOptions;
use super::Failure;

pub fn play(
    variant: &Variant,
    setup: &GameSetup,
    options: &GameOptions,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let notation = setup.notation(variant)?;
    let mut game = setup.game(variant)?;
    let mut seats = setup.seats(variant)?;
    let header = Record {
        ruleset: setup.ruleset.clone(),
        options: setup.record_options(),
        ..Record::default()
    };
    let mut record_file = match &options.record {
        Some(path) => Some(BufWriter::new(
            File::create(path).map_err(|e| format!("--record {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut transcript = Transcript {
        out,
        record: record_file.as_mut().map(|f| f as &mut dyn Write),
    };
    session::run(
        &mut game,
        &mut seats,
        &header,
        options.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
        notation,
        &mut input,
        &mut transcript,
    )?;
    if let Some(mut file) = record_file {
        file.flush()?;
    }
    Ok(())
}
