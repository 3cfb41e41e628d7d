//! A person's turn at the terminal: the prompt, the questions it answers (`moves`,
//! `board`, `help`), and a set-up turn's tiles laid a few at a time.

use std::io::{self, BufRead, Write};

use super::game::{Game, GameError};
use super::input::{read_line, Line};
use super::laying::{Laid, Laying};
use super::notation::Notation;
use super::show::board;
use super::turn_list;
use crate::draw;
use crate::printable::printable;

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Where a person types and reads.
pub struct Terminal<'t> {
    pub input: &'t mut dyn BufRead,
    pub out: &'t mut dyn Write,
}

impl Terminal<'_> {
    /// The next line a person types, or `None` at the end of the input. A line that is
    /// not text is refused here, with the reason, and the next one read.
    fn line(&mut self, number: usize, letter: char) -> io::Result<Option<String>> {
        loop {
            write!(self.out, "{number:>4}. {letter}> ")?;
            self.out.flush()?;
            match read_line(self.input)? {
                None => return Ok(None),
                Some(Line::Text(text)) => return Ok(Some(text)),
                Some(refused) => writeln!(self.out, "{}", refused.refusal().unwrap_or_default())?,
            }
        }
    }
}

/// Asks a person for turn `number` until one is legal; the turn as shown, or `None` when
/// they quit. `board_shown` says whether the board as it stands was just drawn.
///
/// # Errors
/// Reading or writing fails, or a script fails.
pub fn prompt_human(
    game: &mut Game,
    number: usize,
    notation: Notation,
    terminal: &mut Terminal,
    board_shown: bool,
) -> Result<Option<String>, SessionError> {
    if game.in_setup() {
        return lay_setup_turn(game, number, notation, terminal, board_shown);
    }
    let variant = game.variant();
    let model = &variant.model;
    let letter = model.rules.player_letter(game.to_move());
    loop {
        let Some(line) = terminal.line(number, letter)? else {
            return Ok(None);
        };
        let out = &mut *terminal.out;
        let text = line.trim();
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        match word {
            "" => continue,
            "quit" | "resign" => return Ok(None),
            "help" => writeln!(
                out,
                "type a turn ({}); `moves` to sum up the legal turns, `moves all` to list \
                 them, `moves a1` for those of one stack, junction or tile; `board` to \
                 draw the board; `quit` to stop",
                notation.examples(variant)
            )?,
            "moves" => {
                let turns = game.legal_turns()?;
                match turn_list::answer(model, notation, game.position(), &turns, rest) {
                    Ok(answer) => write!(out, "{answer}")?,
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            "board" => write!(out, "{}", board(game))?,
            _ => match notation.play(game, text) {
                Ok(shown) => return Ok(Some(shown)),
                Err(GameError::Script(e)) => return Err(GameError::Script(e).into()),
                // A refused turn changes nothing: say why and ask again. The message
                // repeats what was typed: escaped, as it may be anything.
                Err(e) => writeln!(out, "{}", printable(&e.to_string()))?,
            },
        }
    }
}

/// A set-up turn, laid a few tiles at a time (see [`Laying`]).
fn lay_setup_turn(
    game: &mut Game,
    number: usize,
    notation: Notation,
    terminal: &mut Terminal,
    board_shown: bool,
) -> Result<Option<String>, SessionError> {
    let letter = game.variant().model.rules.player_letter(game.to_move());
    let mut laying = Laying::new(game);
    writeln!(terminal.out, "{}", setup_help(game, &laying))?;
    if !board_shown {
        write!(terminal.out, "{}", laying.board(game))?;
    }
    loop {
        let Some(line) = terminal.line(number, letter)? else {
            return Ok(None);
        };
        let out = &mut *terminal.out;
        let text = line.trim();
        let read = match text {
            "quit" | "resign" => return Ok(None),
            "help" | "moves" => {
                writeln!(out, "{}", setup_help(game, &laying))?;
                continue;
            }
            "board" => {
                write!(out, "{}", laying.board(game))?;
                continue;
            }
            // An empty line lays a complete turn, and is passed over otherwise.
            "" if laying.next().is_some() => continue,
            _ => laying.read(game, text),
        };
        match read {
            Ok(Laid::Play(text)) => match notation.play(game, &text) {
                Ok(shown) => return Ok(Some(shown)),
                Err(GameError::Script(e)) => return Err(GameError::Script(e).into()),
                Err(e) => writeln!(out, "{}", printable(&e.to_string()))?,
            },
            Ok(Laid::Partly) => {
                write!(out, "{}", laying.board(game))?;
                writeln!(
                    out,
                    "{} of {} tiles chosen; the next goes to {} (`?`)",
                    laying.chosen(),
                    laying.len(),
                    laying.next_name(game)
                )?;
            }
            Ok(Laid::Complete) => {
                write!(out, "{}", laying.board(game))?;
                writeln!(
                    out,
                    "all {} tiles chosen: `done` (or an empty line) lays them, `undo` takes \
                     the last back",
                    laying.len()
                )?;
            }
            Err(e) => writeln!(out, "{e}")?,
        }
    }
}

/// What a set-up turn lays and how to type it.
fn setup_help(game: &Game, laying: &Laying) -> String {
    let variant = game.variant();
    let model = &variant.model;
    let letter = model.rules.player_letter(game.to_move());
    let cells: Vec<String> = game
        .placement_cells()
        .unwrap_or_default()
        .iter()
        .map(|&c| model.board.cell_name(c))
        .collect();
    let tiles = model.board.tiles();
    // An example that shows every state: `rlr`.
    let example: String = (0..laying.len().min(3))
        .map(|i| tiles.letter((i % tiles.len()) as u8))
        .collect();
    format!(
        "set-up: {letter} lays {} tiles, in this order:\n{}{}\
         type the letters of a few tiles at a time (`{example}`): the board shows them, `?` \
         where the next goes;\n`undo` takes the last back, `random` draws the rest, `done` \
         lays the turn;\n{} letters at once, or `random` first, lay the whole turn at once",
        laying.len(),
        wrapped(&cells),
        draw::tile_legend(model),
        laying.len(),
    )
}

/// Names in lines of at most 88 characters, each indented.
fn wrapped(names: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for name in names {
        if line.len() + 1 + name.len() > 88 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        line.push_str("  ");
        line.push_str(name);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
