//! Error types of the model, one per kind of bad input.

use crate::unreadable::Unread;
use crate::{Cell, Illegal, NotOnBoard, TurnSyntax};
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

/// A turn text that cannot be read at all, whatever the board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("cannot read turn `{text}`: {reason}")]
pub struct TurnSyntaxError {
    pub text: String,
    pub reason: TurnSyntax,
}

/// A turn text that names what this board or position does not have.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("cannot read turn `{text}`: {reason}")]
pub struct TurnBoardError {
    pub text: String,
    pub reason: NotOnBoard,
}

/// Why a turn text cannot be read on this board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TurnReadError {
    #[error(transparent)]
    Syntax(#[from] TurnSyntaxError),
    #[error(transparent)]
    NotOnBoard(#[from] TurnBoardError),
}

impl TurnReadError {
    /// The reason, with the text it is about (trimmed, as it is shown).
    pub(crate) fn new(text: &str, reason: impl Into<Unread>) -> TurnReadError {
        let text = text.trim().to_string();
        match reason.into() {
            Unread::Syntax(reason) => TurnSyntaxError { text, reason }.into(),
            Unread::NotOnBoard(reason) => TurnBoardError { text, reason }.into(),
        }
    }
}

/// A well-formed turn that the rules do not allow here.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("illegal turn `{text}`: {reason}")]
pub struct IllegalTurnError {
    pub text: String,
    pub reason: Illegal,
}

/// Why a turn text was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TurnError {
    #[error(transparent)]
    Syntax(#[from] TurnSyntaxError),
    #[error(transparent)]
    NotOnBoard(#[from] TurnBoardError),
    #[error(transparent)]
    Illegal(#[from] IllegalTurnError),
}

impl From<TurnReadError> for TurnError {
    fn from(error: TurnReadError) -> TurnError {
        match error {
            TurnReadError::Syntax(e) => TurnError::Syntax(e),
            TurnReadError::NotOnBoard(e) => TurnError::NotOnBoard(e),
        }
    }
}
