//! `variant-run <ruleset> [play]`: a game between the chosen seats, its record printed
//! with the boards `--show` chooses (and written to `--record FILE`).
//!
//! The `--record` file is never seen half-written ([`variant_run::output_file`]): it is
//! put in place whole when the game ends, stops at its turn limit, or stops with an
//! error (the record up to the turn that failed). In a game a person plays, which may
//! last long and end any way, it is also put in place after every line, so it always
//! holds the game so far, readable by `replay`.

use std::io::{self, Write};

use variant_run::output_file::GrowingFile;
use variant_run::play::player_kind::PlayerKind;
use variant_run::play::session::{self, Transcript};
use variant_run::play::setup::GameSetup;
use variant_run::play::Record;
use variant_run::Variant;

use super::args::PlayArgs;
use super::Failure;

pub fn play(
    variant: &Variant,
    setup: &GameSetup,
    options: &PlayArgs,
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
    let a_person_plays = setup.kinds(variant)?.iter().any(PlayerKind::is_human);
    let record_failure = |e: &dyn std::fmt::Display| {
        let path = options
            .record
            .as_deref()
            .unwrap_or(std::path::Path::new(""));
        format!("--record {}: {e}", path.display())
    };
    let mut record_file = match &options.record {
        Some(path) => Some(GrowingFile::new(path, a_person_plays).map_err(|e| record_failure(&e))?),
        None => None,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut transcript = Transcript {
        out: &mut *out,
        record: record_file.as_mut().map(|f| f as &mut dyn Write),
    };
    let session_options = session::Options {
        max_turns: options.players.limit.max_turns(),
        notation,
        show: options
            .show
            .unwrap_or_else(|| session::default_show(a_person_plays)),
    };
    let played = session::run_with(
        &mut game,
        &mut seats,
        &header,
        &session_options,
        &mut input,
        &mut transcript,
    );
    // The record of a game that failed is kept too, up to the turn that failed. What was
    // printed goes out first: the record may go to the same place (`/dev/stdout`).
    if let Some(file) = &mut record_file {
        let _ = out.flush();
        file.commit().map_err(|e| record_failure(&e))?;
    }
    played?;
    Ok(())
}
