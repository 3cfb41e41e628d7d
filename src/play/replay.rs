//! Replaying a game record: the ruleset and game its header chooses, then every turn
//! checked and played, in the record's notation, to the same result line.

use std::ffi::OsString;

use super::game::{Game, GameError};
use super::record::{Record, RecordedTurn};
use super::session::result_line;
use super::setup::GameSetup;
use crate::ruleset::{Variant, VariantError};

/// What makes a record unplayable, with the turn at fault where there is one.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the options line: {0}")]
    Options(String),
    #[error(transparent)]
    Ruleset(#[from] VariantError),
    #[error("start: {0}")]
    Start(String),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("line {line}: turn {number} `{text}`: {reason}")]
    Turn {
        line: usize,
        number: usize,
        text: String,
        reason: String,
    },
}

impl ReplayError {
    fn at(turn: &RecordedTurn, reason: String) -> ReplayError {
        ReplayError::Turn {
            line: turn.line,
            number: turn.number,
            text: turn.text.clone(),
            reason,
        }
    }
}

/// The game a record's header chooses, ready for its first turn. `read_options` reads the
/// options line as the command line reads options.
///
/// # Errors
/// The options do not read, the ruleset does not load, or the start does not fit it.
pub fn prepare(
    record: &Record,
    read_options: impl FnOnce(&str, &[OsString]) -> Result<GameSetup, String>,
) -> Result<(Variant, GameSetup), ReplayError> {
    let options: Vec<OsString> = record.options.iter().map(OsString::from).collect();
    let setup = read_options(&record.ruleset, &options).map_err(ReplayError::Options)?;
    let variant = setup.load()?;
    Ok((variant, setup))
}

/// The game of a prepared record: as the options start it, or from the record's own start
/// position when it has one that differs (a game begun with `--position`, or edited).
///
/// # Errors
/// The start position does not read, or a script fails on it.
pub fn start<'v>(
    record: &Record,
    variant: &'v Variant,
    setup: &GameSetup,
) -> Result<Game<'v>, ReplayError> {
    let game = setup.game(variant)?;
    let Some(start) = &record.start else {
        return Ok(game);
    };
    let model = &variant.model;
    if !game.in_setup() && model.position_text(game.position()) == *start {
        return Ok(game);
    }
    let position = model
        .parse_position(start)
        .map_err(|e| ReplayError::Start(e.to_string()))?;
    Ok(Game::from_position(variant, position)?)
}

/// Plays one recorded turn, checking that it is the recorded player's; returns the turn
/// as the game writes it.
///
/// # Errors
/// The game is over, it is the other player's turn, or the turn is not legal.
pub fn play_turn(
    game: &mut Game,
    setup: &GameSetup,
    turn: &RecordedTurn,
) -> Result<String, ReplayError> {
    let variant = game.variant();
    if let Some(outcome) = game.outcome() {
        return Err(ReplayError::at(
            turn,
            format!(
                "the game is already over ({})",
                result_line(variant, outcome)
            ),
        ));
    }
    let side = variant.model.rules.player_letter(game.to_move());
    if turn.player != side {
        return Err(ReplayError::at(
            turn,
            format!("it is {side}'s turn, not {}'s", turn.player),
        ));
    }
    let notation = setup.notation(variant)?;
    notation
        .play(game, &turn.text)
        .map_err(|e| ReplayError::at(turn, e.to_string()))
}

/// The line a replayed game ends with: its result, or, for a game that has none, the
/// record's own ending where it says why (a turn limit, a person who left), else who is
/// to move.
pub fn ending(game: &Game, record: &Record) -> String {
    match game.outcome() {
        Some(outcome) => result_line(game.variant(), outcome),
        None => match &record.result {
            Some(result) if !result.contains(" wins: ") && !result.starts_with("draw: ") => {
                result.clone()
            }
            _ => format!(
                "no result yet: {} to move",
                game.variant().model.rules.player_letter(game.to_move())
            ),
        },
    }
}
