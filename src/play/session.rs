//! Running a game between seats — computer players or a person at a terminal — and
//! writing its transcript: the board at the start, each turn in the ruleset's notation,
//! the board at the end, and the result with its reason.

use std::io::{self, BufRead, Write};

use variant_run_core::PlayerId;

use super::game::{Game, GameError};
use super::notation::Notation;
use super::players::{Choice, Player};
use crate::draw;

/// Who plays one side.
pub enum Seat {
    Computer {
        kind: String,
        player: Box<dyn Player>,
    },
    Human,
}

impl Seat {
    fn describe(&self) -> &str {
        match self {
            Seat::Computer { kind, .. } => kind,
            Seat::Human => "human",
        }
    }
}

/// How a session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ending {
    Finished,
    /// The turn limit was reached with no result.
    TurnLimit,
    /// A person quit or closed the input.
    Abandoned,
}

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Io(#[from] io::Error),
    #[error("{0} found no turn to play although the game is not over")]
    Stuck(String),
}

/// Plays `game` to its end (or `max_turns` turns), writing the transcript to `out` and
/// reading a person's turns from `input`.
///
/// # Errors
/// Writing fails, or a script fails during the game.
pub fn run(
    game: &mut Game,
    seats: &mut [Seat; 2],
    header: &str,
    max_turns: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Ending, SessionError> {
    run_in(game, seats, header, max_turns, Notation::Server, input, out)
}

/// Like [`run`], with turns written, and a person's turns read, in `notation`.
///
/// # Errors
/// Writing fails, or a script fails during the game.
pub fn run_in(
    game: &mut Game,
    seats: &mut [Seat; 2],
    header: &str,
    max_turns: usize,
    notation: Notation,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Ending, SessionError> {
    let variant = game.variant();
    let model = &variant.model;
    let draw =
        |position: &variant_run_core::Position| draw::board_marked(model, &variant.marks, position);
    let letter = |p: PlayerId| model.rules.player_letter(p);
    writeln!(
        out,
        "{header}: {} {}, {} {}",
        letter(0),
        seats[0].describe(),
        letter(1),
        seats[1].describe()
    )?;
    let humans = seats.iter().any(|s| matches!(s, Seat::Human));
    let mut shown_start = false;
    let mut number = 0;
    loop {
        if !game.in_setup() && !shown_start {
            writeln!(out)?;
            write!(out, "{}", draw(game.position()))?;
            writeln!(out)?;
            shown_start = true;
        }
        if game.outcome().is_some() {
            break;
        }
        if number >= max_turns {
            writeln!(out)?;
            write!(out, "{}", draw(game.position()))?;
            writeln!(out, "stopped after {max_turns} turns without a result")?;
            return Ok(Ending::TurnLimit);
        }
        let side = game.to_move();
        number += 1;
        match &mut seats[side as usize] {
            Seat::Computer { kind, player } => {
                let piece_turn = !game.in_setup();
                let (mover, shown) = match player.choose(game)? {
                    // Games record server texts; piece turns are shown in the chosen
                    // notation, written from the turn itself before it is played.
                    Choice::Turn(turn) => {
                        let shown = notation.write(model, game.position(), &turn);
                        (game.play_legal(turn)?.player, shown)
                    }
                    // Computer players answer set-up turns with text, shown as laid.
                    Choice::Text(text) if !text.is_empty() => {
                        let played = game.play(&text)?;
                        (played.player, played.text.clone())
                    }
                    Choice::Text(_) => return Err(SessionError::Stuck(kind.clone())),
                };
                writeln!(out, "{:>4}. {}  {}", number, letter(mover), shown)?;
                // A person watches every board; the first one is drawn as the start.
                if humans && piece_turn {
                    write!(out, "{}", draw(game.position()))?;
                }
            }
            Seat::Human => {
                let piece_turn = !game.in_setup();
                if !prompt_human(game, number, notation, input, out)? {
                    writeln!(out, "game abandoned")?;
                    return Ok(Ending::Abandoned);
                }
                if piece_turn {
                    write!(out, "{}", draw(game.position()))?;
                }
            }
        }
    }
    if !humans {
        writeln!(out)?;
        write!(out, "{}", draw(game.position()))?;
    }
    if let Some(outcome) = game.outcome() {
        match outcome.winner {
            Some(w) => writeln!(out, "{} wins: {}", letter(w), outcome.reason)?,
            None => writeln!(out, "draw: {}", outcome.reason)?,
        }
    }
    Ok(Ending::Finished)
}

/// Asks a person for a turn until one is legal. `false` when they quit.
fn prompt_human(
    game: &mut Game,
    number: usize,
    notation: Notation,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<bool, SessionError> {
    let model = &game.variant().model;
    let side = game.to_move();
    let letter = model.rules.player_letter(side);
    if let Some(cells) = game.placement_cells() {
        let names: Vec<String> = cells.iter().map(|&c| model.board.cell_name(c)).collect();
        writeln!(
            out,
            "set-up: {letter} lays {} tiles in this order: {}",
            cells.len(),
            names.join(" ")
        )?;
        writeln!(
            out,
            "type `random` or one letter per tile ({})",
            model.board.tiles().letters()
        )?;
    }
    loop {
        write!(out, "{:>4}. {}> ", number, letter)?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(false);
        }
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "resign" => return Ok(false),
            "help" => {
                writeln!(
                    out,
                    "type a turn ({}), \
                     `moves` to list the legal turns, `board` to draw the board, `quit` to stop",
                    notation.examples(game.variant())
                )?;
            }
            "moves" => {
                let position = game.position();
                let turns: Vec<String> = game
                    .legal_turns()?
                    .iter()
                    .map(|t| notation.write(model, position, t))
                    .collect();
                // Texts with spaces (other notations) are listed one per line.
                let separator = if turns.iter().any(|t| t.contains(' ')) {
                    "\n"
                } else {
                    " "
                };
                writeln!(out, "{}", turns.join(separator))?;
            }
            "board" => write!(
                out,
                "{}",
                draw::board_marked(model, &game.variant().marks, game.position())
            )?,
            _ => match notation.play(game, text) {
                Ok(_) => return Ok(true),
                // A refused turn changes nothing: say why and ask again.
                Err(GameError::Script(e)) => return Err(GameError::Script(e).into()),
                Err(e) => writeln!(out, "{e}")?,
            },
        }
    }
}
