//! Running a game between seats (computer players or a person at a terminal) and writing
//! its transcript: a game record (see [`super::record`]) with the boards `--show` chooses
//! drawn between the turns. The same record, without boards, can go to a second writer
//! (`--record FILE`).

use std::io::{self, BufRead, Write};

use variant_run_core::{Outcome, PlayerId};

use super::computer_turn::play_computer_turn;
use super::game::Game;
use super::notation::Notation;
use super::player::Player;
use super::player_kind::PlayerKind;
pub use super::prompt::SessionError;
use super::prompt::{prompt_human, Terminal};
use super::record::{turn_line, Record};
pub use super::show::board;
use super::show::{Boards, Show};
use crate::ruleset::Variant;

/// Who plays one side.
pub enum Seat {
    Computer {
        kind: PlayerKind,
        player: Box<dyn Player>,
    },
    Human,
}

impl Seat {
    /// The kind of player in the seat.
    pub fn kind(&self) -> PlayerKind {
        match self {
            Seat::Computer { kind, .. } => *kind,
            Seat::Human => PlayerKind::Human,
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

/// What a session writes to: the transcript a person reads (record lines and boards),
/// and optionally the record alone.
pub struct Transcript<'w> {
    pub out: &'w mut dyn Write,
    pub record: Option<&'w mut dyn Write>,
}

impl Transcript<'_> {
    /// A line of the record: written to both.
    fn line(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        if let Some(record) = self.record.as_mut() {
            writeln!(record, "{text}")?;
        }
        Ok(())
    }

    /// A board or a blank line: for the person only.
    fn show(&mut self, text: &str) -> io::Result<()> {
        write!(self.out, "{text}")
    }
}

/// The result line of a finished game: `x wins: ...` or `draw: ...`.
pub fn result_line(variant: &Variant, outcome: &Outcome) -> String {
    match outcome.winner {
        Some(w) => format!(
            "{} wins: {}",
            variant.model.rules.player_letter(w),
            outcome.reason
        ),
        None => format!("draw: {}", outcome.reason),
    }
}

/// How a session plays and draws: the turn limit, the notation a person types in, and
/// the boards drawn between the turns.
#[derive(Clone, Copy, Debug)]
pub struct Options<'n> {
    pub max_turns: usize,
    pub notation: Notation<'n>,
    pub show: Show,
}

/// The boards drawn when none are chosen: every board when a person plays (they play
/// from it), else the board where play starts and the one where it ends.
pub fn default_show(a_person_plays: bool) -> Show {
    if a_person_plays {
        Show::All
    } else {
        Show::Start
    }
}

/// [`run_with`], drawing the boards [`default_show`] chooses.
///
/// # Errors
/// As [`run_with`].
pub fn run(
    game: &mut Game,
    seats: &mut [Seat; 2],
    header: &Record,
    max_turns: usize,
    notation: Notation,
    input: &mut dyn BufRead,
    transcript: &mut Transcript,
) -> Result<Ending, SessionError> {
    let humans = seats.iter().any(|s| matches!(s, Seat::Human));
    let options = Options {
        max_turns,
        notation,
        show: default_show(humans),
    };
    run_with(game, seats, header, &options, input, transcript)
}

/// Plays `game` to its end (or `max_turns` turns), writing its record, with the boards
/// `show` chooses, to the transcript and reading a person's turns from `input`, in
/// `notation`. `header` gives the ruleset and options lines; the players and start lines
/// are added here.
///
/// # Errors
/// Writing fails, or a script fails during the game.
pub fn run_with(
    game: &mut Game,
    seats: &mut [Seat; 2],
    header: &Record,
    options: &Options,
    input: &mut dyn BufRead,
    transcript: &mut Transcript,
) -> Result<Ending, SessionError> {
    let variant = game.variant();
    let model = &variant.model;
    let letter = |p: PlayerId| model.rules.player_letter(p);
    let mut header = header.clone();
    header.players = (0..2)
        .map(|p| format!("{}={}", letter(p), seats[p as usize].kind()))
        .collect();
    // Set-up turns are recorded; a game without them records where it started.
    if !game.in_setup() {
        header.start = Some(model.position_text(game.position()));
    }
    for line in header.header().lines() {
        transcript.line(line)?;
    }
    let mut boards = Boards::new(options.show);
    if let Some(board) = boards.at_beginning(game) {
        transcript.show(&board)?;
    }
    let mut number = 0;
    while game.outcome().is_none() {
        if number >= options.max_turns {
            if let Some(board) = boards.at_end(game) {
                transcript.show(&board)?;
            }
            let limit = options.max_turns;
            transcript.line(&format!("stopped after {limit} turns without a result"))?;
            return Ok(Ending::TurnLimit);
        }
        let side = game.to_move();
        number += 1;
        let was_setup = game.in_setup();
        let shown = match &mut seats[side as usize] {
            Seat::Computer { kind, player } => {
                play_computer_turn(game, player.as_mut(), kind, &options.notation)?
            }
            Seat::Human => {
                let mut terminal = Terminal {
                    input: &mut *input,
                    out: &mut *transcript.out,
                };
                let shown = boards.current();
                match prompt_human(game, number, options.notation, &mut terminal, shown)? {
                    Some(shown) => shown,
                    None => {
                        transcript.line("game abandoned")?;
                        return Ok(Ending::Abandoned);
                    }
                }
            }
        };
        transcript.line(&turn_line(number, letter(side), &shown))?;
        if let Some(board) = boards.after_turn(number, was_setup, game) {
            transcript.show(&board)?;
        }
    }
    if let Some(board) = boards.at_end(game) {
        transcript.show(&board)?;
    }
    if let Some(outcome) = game.outcome() {
        transcript.line(&result_line(variant, outcome))?;
    }
    Ok(Ending::Finished)
}
