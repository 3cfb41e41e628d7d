//! Error types of the model, one per kind of bad input.

use crate::Cell;
use thiserror::Error;

/// A tile set that cannot be built.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TileError {
    #[error("a tile needs 2 to 8 states, not {0}")]
    StateCount(usize),
    #[error("tile state letter `{0}` must be one letter or digit, different from the others")]
    Letter(String),
    #[error("a band of tile state `{0}` joins fewer than two corners")]
    ShortBand(char),
    #[error("unknown corner `{corner}` (corners of this lattice: {expected})")]
    Corner { corner: String, expected: String },
    #[error("a band of tile state `{0}` joins corners of different colours")]
    MixedBand(char),
    /// A band that names a corner twice, or two bands of one state that share a corner:
    /// a path would join a corner to itself.
    #[error("tile state `{letter}` names corner `{corner}` twice; a band cannot join a corner to itself")]
    RepeatedCorner { letter: char, corner: String },
    /// Two states whose bands join the same corners: a flip between them would change
    /// nothing, and the position text could not tell them apart on the board.
    #[error("tile states `{first}` and `{second}` have the same bands")]
    SameBands { first: char, second: char },
}

/// A board that cannot be built.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("the board has no cells")]
    NoCells,
    #[error("cell {0:?} is listed twice")]
    RepeatedCell(Cell),
    #[error("cell {0:?} is not on the board")]
    MissingCell(Cell),
    #[error("no corner is shared by enough cells to be a junction")]
    NoJunctions,
    #[error("the board is too large")]
    TooLarge,
}

/// A position text that does not describe a position of this board.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("bad position: {0}")]
pub struct PositionError(pub String);

/// A turn text that cannot be read at all.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("cannot read turn `{text}`: {reason}")]
pub struct TurnSyntaxError {
    pub text: String,
    pub reason: String,
}

/// A well-formed turn that the rules do not allow here.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("illegal turn `{text}`: {reason}")]
pub struct IllegalTurnError {
    pub text: String,
    pub reason: String,
}

/// Why a turn text was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TurnError {
    #[error(transparent)]
    Syntax(#[from] TurnSyntaxError),
    #[error(transparent)]
    Illegal(#[from] IllegalTurnError),
}
