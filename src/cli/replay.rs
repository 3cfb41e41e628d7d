//! `variant-run replay FILE`: plays a game record again, checking every turn, and ends
//! with the same result line as the game that wrote it. A turn that is not legal stops
//! the replay with its number, its line and the reason; nothing after it is played.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::Parser;
use variant_run::draw::{self, Highlight};
use variant_run::output_file;
use variant_run::play::record::{turn_line, MAX_RECORD_BYTES};
use variant_run::play::replay;
use variant_run::play::session::result_line;
use variant_run::play::show::Boards;
use variant_run::play::{Game, Record};

use super::args::{RecordOptions, ReplayArgs};
use super::Failure;

pub fn replay(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let shown = args.file.display().to_string();
    // Read one byte more than a record may hold, to tell one that is too long.
    let mut bytes = Vec::new();
    let limit = MAX_RECORD_BYTES + 1;
    if shown == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(&args.file)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .map_err(|e| format!("{shown}: {e}"))?;
    }
    let at = |e: &dyn std::fmt::Display| format!("{shown}: {e}");
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(at(&format!(
            "a record is at most {MAX_RECORD_BYTES} bytes; this one is longer"
        ))
        .into());
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        at(&format!(
            "not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        ))
    })?;
    let record = Record::parse(&text).map_err(|e| at(&e))?;
    let (variant, setup) = replay::prepare(&record, read_options).map_err(|e| at(&e))?;
    let mut game = replay::start(&record, &variant, &setup).map_err(|e| at(&e))?;
    let pictures = match &args.svg {
        Some(dir) => Some(Pictures::new(dir, &record)?),
        None => None,
    };
    if let Some(pictures) = &pictures {
        pictures.write(0, &game, None)?;
    }
    out.write_all(record.header().as_bytes())?;
    let mut boards = Boards::new(args.show);
    if let Some(board) = boards.at_beginning(&game) {
        write!(out, "{board}")?;
    }
    for turn in &record.turns {
        let was_setup = game.in_setup();
        let before = pictures
            .as_ref()
            .map(|_| (game.position().clone(), game.unplaced_cells()));
        let played = replay::play_turn(&mut game, &setup, turn).map_err(|e| at(&e))?;
        writeln!(out, "{}", turn_line(turn.number, turn.player, &played))?;
        if let (Some(pictures), Some((position, unplaced))) = (&pictures, &before) {
            let last = Highlight::between(
                position,
                game.position(),
                unplaced,
                &game.unplaced_cells(),
                format!("{}. {} {}", turn.number, turn.player, played),
            );
            pictures.write(turn.number, &game, Some(&last))?;
        }
        if let Some(board) = boards.after_turn(turn.number, was_setup, &game) {
            write!(out, "{board}")?;
        }
    }
    if let Some(board) = boards.at_end(&game) {
        write!(out, "{board}")?;
    }
    let ending = replay::ending(&game, &record);
    writeln!(out, "{ending}")?;
    match &record.result {
        Some(result) if *result != ending => Err(at(&format!(
            "the record ends `{result}`, but the game ends `{ending}`"
        ))
        .into()),
        _ => Ok(()),
    }
}

/// `--svg DIR`: one picture per position of the replayed game.
struct Pictures {
    dir: PathBuf,
    ruleset: String,
    /// Digits in a file name: at least 3 (`000.svg`), more for longer games, so that the
    /// names sort in the order of the game.
    digits: usize,
}

impl Pictures {
    /// Makes the folder if it is missing.
    fn new(dir: &Path, record: &Record) -> Result<Pictures, Failure> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--svg: cannot make the folder {}: {e}", dir.display()))?;
        Ok(Pictures {
            dir: dir.to_path_buf(),
            ruleset: record.ruleset.clone(),
            digits: record.turns.len().to_string().len().max(3),
        })
    }

    /// The picture of the game as it is after turn `number` (0: the start).
    fn write(&self, number: usize, game: &Game, last: Option<&Highlight>) -> Result<(), Failure> {
        let variant = game.variant();
        let title = match number {
            0 => format!("{}: the start", self.ruleset),
            n => format!("{}: after turn {n}", self.ruleset),
        };
        let over = game
            .outcome()
            .map(|outcome| format!("game over, {}", result_line(variant, outcome)));
        let unplaced = game.unplaced_cells();
        let picture = draw::Picture {
            title: Some(&title),
            marks: &variant.marks,
            unplaced: &unplaced,
            last,
            to_move: Some(game.to_move()),
            result: over.as_deref(),
        };
        let text = draw::board_svg(&variant.model, game.position(), &picture);
        let file = self
            .dir
            .join(format!("{number:0width$}.svg", width = self.digits));
        output_file::write_whole(&file, text.as_bytes())
            .map_err(|e| format!("--svg: cannot write {}: {e}", file.display()))?;
        Ok(())
    }
}

/// Reads a record's options exactly as the command line reads a ruleset's options.
pub fn read_options(
    ruleset: &str,
    options: &[OsString],
) -> Result<variant_run::play::setup::GameSetup, String> {
    let options = RecordOptions::try_parse_from(
        std::iter::once(OsString::from("options")).chain(options.iter().cloned()),
    )
    .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())?;
    options.choice().setup(ruleset).map_err(|e| e.to_string())
}
