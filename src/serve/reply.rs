//! What a request to the session gets back, for the session and the comparisons it
//! starts alike.

use axum::http::StatusCode;
use serde_json::Value;

use super::seats::SeatRefusal;
use crate::play::game::GameError;
use crate::play::player_kind::KindError;
use crate::printable::printable;

/// The answer to a request: something for the page, or a refusal.
pub type Answer = Result<Reply, Refusal>;

/// What the page gets back.
pub enum Reply {
    Json(Value),
    Svg(String),
    Text(String),
    Html(String),
}

/// Why a request gets no answer: each case holds what it is about, and its HTTP status
/// ([`Refusal::status`]) and sentence (`Display`) are made where the response is
/// written. A 4xx says the request itself was wrong; a turn or a seat the rules refuse is
/// an answer (`"ok": false`), not one of these.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    // A request the page should not have sent (400).
    #[error("`{}` is not an action", printable(.0))]
    NotAnAction(String),
    #[error("`{}` is not `cell` or `point`", printable(.0))]
    NotCellOrPoint(String),
    /// A click's place names no cell or point (`on`) of this board.
    #[error("`{}` names no {on} here", printable(at))]
    NamesNothing { at: String, on: String },
    #[error("`{}` names no cell or junction here", printable(.0))]
    NamesNoSpot(String),
    #[error("`{}` is not a height", printable(.0))]
    NotAHeight(String),
    #[error("`{}` is not a tile state", printable(.0))]
    NotATileState(String),
    #[error(
        "`{} {}` is not a tile laid on a cell of this set-up turn",
        printable(action),
        printable(at)
    )]
    NotASetupTile { action: String, at: String },
    /// A set-up turn lays the cell named twice.
    #[error("cell {0} is laid twice")]
    LaidTwice(String),
    #[error("`{}` is not a side of this game", printable(&.0.to_string()))]
    NotASide(char),
    #[error("give the kinds of both players")]
    KindsOfBoth,
    /// A player kind that does not read, in the reader's own sentence.
    #[error("{0}")]
    NotAKind(KindError),
    #[error("`{0}` is not a computer player")]
    NotAComputer(String),
    /// A game is cut back to a turn it has not reached.
    #[error("the game has {played} turns, not {asked}")]
    PastTheEnd { played: usize, asked: usize },
    /// A comparison with the base of a ruleset (named) that extends none.
    #[error("{0} extends no other ruleset")]
    NoBase(String),
    #[error("`{}` is not a ruleset `list` shows", printable(.0))]
    NotARuleset(String),
    #[error("a comparison plays 1 to {most} games")]
    GamesOutOfRange { most: usize },

    /// The caller may not ask this (403).
    #[error("{0}")]
    Seat(SeatRefusal),

    /// A picture of a turn the game has not reached (404).
    #[error("the game has {played} turns, not {asked}")]
    NoSuchTurn { played: usize, asked: usize },
    #[error("no comparison has finished yet")]
    NoComparisonReport,

    // Not now (409): the page may ask again.
    #[error("a comparison is already running")]
    ComparisonRunning,
    #[error("the ruleset does not load: fix the problems shown and save")]
    DoesNotLoad,
    #[error("the ruleset is loading again; try again")]
    Reloading,

    /// A record longer than the most a request may carry (413).
    #[error("a record is at most {most} bytes; this one is longer")]
    RecordTooLong { most: u64 },

    // The server's own failures (500, 503).
    #[error("{0}")]
    Game(GameError),
    #[error("cannot start the comparison: {0}")]
    CannotStartComparison(std::io::Error),
    #[error("the game has stopped")]
    Stopped,
}

impl Refusal {
    /// The HTTP status that says what kind of refusal this is.
    pub fn status(&self) -> StatusCode {
        use Refusal::*;
        match self {
            NotAnAction(_)
            | NotCellOrPoint(_)
            | NamesNothing { .. }
            | NamesNoSpot(_)
            | NotAHeight(_)
            | NotATileState(_)
            | NotASetupTile { .. }
            | LaidTwice(_)
            | NotASide(_)
            | KindsOfBoth
            | NotAKind(_)
            | NotAComputer(_)
            | PastTheEnd { .. }
            | NoBase(_)
            | NotARuleset(_)
            | GamesOutOfRange { .. } => StatusCode::BAD_REQUEST,
            Seat(_) => StatusCode::FORBIDDEN,
            NoSuchTurn { .. } | NoComparisonReport => StatusCode::NOT_FOUND,
            ComparisonRunning | DoesNotLoad | Reloading => StatusCode::CONFLICT,
            RecordTooLong { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Game(_) | CannotStartComparison(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Stopped => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}
