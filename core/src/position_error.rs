//! Why a position text does not describe a position of this board: one case per
//! mistake, holding the field's text and what the board expected there, so a caller can
//! tell the cases apart and the sentence is made only when the error is shown.

use thiserror::Error;

use crate::{BoardError, KindId, Named};

/// A position text that does not describe a position of this board.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("bad position: {0}")]
pub struct PositionError(pub PositionFault);

impl From<PositionFault> for PositionError {
    fn from(fault: PositionFault) -> PositionError {
        PositionError(fault)
    }
}

/// What is wrong with a position text, field by field. Texts are kept as written (and
/// escaped when shown); `players` are the two players' letters; `states` the board's
/// tile states as listed to the reader.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PositionFault {
    // ----- the fields as a whole -----
    #[error(
        "expected `<tiles> <stacks> <side> [<quiet>] [<name>:<value>]...`, found {0} field(s)"
    )]
    RowsFieldCount(usize),
    #[error(
        "expected `<tiles> <stacks> <pool> <supplies> <side> [<quiet>] [<name>:<value>]...`, \
         found {0} field(s)"
    )]
    PatchFieldCount(usize),
    #[error("side: `{}` is not a player; expected {} or {}", .field.escape_debug(), .players[0], .players[1])]
    NotASide { field: String, players: [char; 2] },
    #[error("quiet: `{}` is not a count of turns since the last capture", .0.escape_debug())]
    NotAQuietCount(String),

    // ----- tiles -----
    #[error("tiles: expected {expected} rows separated by `/`, found {found}")]
    TileRowCount { expected: usize, found: usize },
    /// Row `row` from the top (from 1).
    #[error("tiles: row {row} from the top has {letters} letters, expected {expected}")]
    TileRowLength {
        row: usize,
        letters: usize,
        expected: usize,
    },
    #[error("tiles: `{}` in row {row} from the top is not a tile state ({states})", .letter.escape_debug())]
    NotATileState {
        letter: char,
        row: usize,
        states: String,
    },
    #[error("tiles: `{}` is not a cell `q,r` followed by a tile state ({states})", .token.escape_debug())]
    NotACellTile { token: String, states: String },
    #[error("tiles: `{}` in `{token}` is not a tile state ({states})", .letter.escape_debug())]
    NotAPatchTileState {
        letter: char,
        token: String,
        states: String,
    },
    #[error("tiles: cell {0} is listed twice")]
    CellTwice(String),
    #[error("tiles: {tiles} tiles; a patch holds at most {most}")]
    TooManyTiles { tiles: usize, most: usize },
    #[error("tiles: {0}")]
    PatchBoard(BoardError),
    #[error("tiles: the tiles must form one patch, each sharing a side with another")]
    NotOnePatch,

    // ----- stacks -----
    #[error("stacks: expected {expected} junction rows separated by `/`, found {found}")]
    JunctionRowCount { expected: usize, found: usize },
    /// A row of stacks, `row` its name (from 1 at the bottom).
    #[error("stacks: row {row} has {junctions} junctions, found {tokens} tokens in `{text}`")]
    RowTokenCount {
        row: u16,
        junctions: usize,
        tokens: usize,
        text: String,
    },
    #[error("stacks: `({letters})` in row {row}: {why}")]
    StackPieces {
        letters: String,
        row: u16,
        why: PiecesError,
    },
    #[error("stacks: `{}` in row {row} is neither `.` nor a player ({} or {})", .letter.escape_debug(), .players[0], .players[1])]
    NeitherEmptyNorPlayer {
        letter: char,
        row: u16,
        players: [char; 2],
    },
    #[error("stacks: row {row}: {why}")]
    StackKind { row: u16, why: PiecesError },
    /// A stack's height written with `digits` after its owner's letter.
    #[error("stacks: `{owner}{digits}` in row {row}: a height is written only from 2 to {max}")]
    HeightWritten {
        owner: char,
        digits: String,
        row: u16,
        max: u8,
    },
    #[error("stacks: `{owner}{kind_letter}{digits}` in row {row}: a {kind} does not stack")]
    DoesNotStack {
        owner: char,
        kind_letter: char,
        digits: String,
        row: u16,
        kind: String,
    },
    #[error("stacks: `{}` is not `<junction>=<pieces>` such as `0,0e=x`", .0.escape_debug())]
    NotAStackEntry(String),
    #[error("stacks: `{}` is not a junction such as `0,0e` or `-1,2w`", .0.escape_debug())]
    NotAJunctionKey(String),
    #[error("stacks: {at} is not a junction: {min_tiles} tiles must meet there")]
    NotAJunction { at: String, min_tiles: usize },
    #[error("stacks: junction {0} is listed twice")]
    JunctionTwice(String),
    #[error("stacks: `{token}`: {why}")]
    PatchStackPieces { token: String, why: PiecesError },

    // ----- pool and supplies -----
    #[error("pool: `{}` is not a number of tiles", .0.escape_debug())]
    NotAPool(String),
    #[error(
        "pool: {tiles} tiles with {pool} more in the pool could grow to {at_most}; a patch \
         holds at most {most}"
    )]
    PoolTooLarge {
        tiles: usize,
        pool: u32,
        at_most: u64,
        most: usize,
    },
    #[error("supplies: `{}` is not `{}=<pieces>,{}=<pieces>`", .field.escape_debug(), .players[0], .players[1])]
    SupplyForm { field: String, players: [char; 2] },
    #[error("supplies: `{piece}`: {why}")]
    SupplyPiece { piece: String, why: PiecesError },
    #[error("supplies: {count} pieces for `{piece}`; a supply holds at most {most}")]
    SupplyTooLarge {
        count: u32,
        piece: String,
        most: u32,
    },

    // ----- named fields and counters -----
    #[error(
        "`{}` is not a named field `<name>:<value>` (the quiet count, a number, comes right \
         after the side)",
        .0.escape_debug()
    )]
    NotANamedField(String),
    #[error("the field `{0}` is given twice")]
    FieldTwice(String),
    /// A field no counter of the ruleset has, with the fields it has (`known`).
    #[error("`{}` is not a field of this ruleset's positions ({})", .name.escape_debug(), fields_known(.known))]
    UnknownField { name: String, known: Vec<String> },
    #[error("{counter}: `{}` is not a whole number", .text.escape_debug())]
    NotAWholeNumber { counter: String, text: String },
    #[error("{counter}: {value} is outside {min}..{max}")]
    CounterRange {
        counter: String,
        value: i64,
        min: i64,
        max: i64,
    },
    #[error("{counter}: `{}` is not `{}=<n>,{}=<n>` (either part may be left out)", .value.escape_debug(), .players[0], .players[1])]
    CounterForm {
        counter: String,
        value: String,
        players: [char; 2],
    },
}

/// The fields a ruleset's positions have, as an unknown field's message lists them.
fn fields_known(known: &[String]) -> String {
    if known.is_empty() {
        "it has none".to_string()
    } else {
        known.join(", ")
    }
}

/// Why the pieces of a stack or a supply, written as letters, cannot be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PiecesError {
    #[error("`{0}` is the first kind of piece ({1}), which is written without its letter")]
    FirstKindLetter(char, Named<KindId>),
    #[error("`{}` is not a kind of piece ({kinds})", .letter.escape_debug())]
    NotAKind { letter: char, kinds: String },
    #[error("`{}` is not a player ({} or {})", .letter.escape_debug(), .players[0], .players[1])]
    NotAPlayer { letter: char, players: [char; 2] },
    #[error("a stack needs at least one piece")]
    NoPiece,
    #[error("{pieces} pieces; stacks may be at most {max} high")]
    TooHigh { pieces: usize, max: u8 },
    #[error("a {0} does not stack, so it stands alone")]
    StandsAlone(Named<KindId>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{square_model, trugo_model};

    /// A caller tells the mistakes apart by their case, and the sentence shown is the
    /// one a designer reads.
    #[test]
    fn a_bad_position_is_a_value_with_its_sentence() {
        let model = square_model(3, |_, _, _| false);
        let error = model
            .parse_position("rrr/rrr/rrr o.o./.o.o/..../x.x. x many")
            .unwrap_err();
        assert_eq!(error.0, PositionFault::NotAQuietCount("many".into()));
        assert_eq!(
            error.to_string(),
            "bad position: quiet: `many` is not a count of turns since the last capture"
        );
        let error = model
            .parse_position("rrr/rrr/rrr o.o./.o.o/..../x.x. w")
            .unwrap_err();
        assert_eq!(
            error.0,
            PositionFault::NotASide {
                field: "w".into(),
                players: ['x', 'o']
            }
        );
        assert_eq!(
            error.to_string(),
            "bad position: side: `w` is not a player; expected x or o"
        );
        let error = trugo_model()
            .parse_position("0,0a;0,0a - 0 o=1,x=1 x")
            .unwrap_err();
        assert_eq!(error.0, PositionFault::CellTwice("0,0".into()));
        assert_eq!(
            error.to_string(),
            "bad position: tiles: cell 0,0 is listed twice"
        );
    }
}
