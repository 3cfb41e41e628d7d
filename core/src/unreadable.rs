//! Why a turn text cannot be read, in two kinds kept apart as a chess library keeps a
//! move's notation apart from the position: what the **text alone** gets wrong (its
//! syntax: a missing part, a word that is no action, a bad height), and what it names
//! that **this board or position** does not have (a junction off the board, a merge's
//! letters that count more pieces than stand there).

use thiserror::Error;

use crate::{JunctionId, Named};

/// What a turn text gets wrong whatever the board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TurnSyntax {
    #[error("the turn is empty")]
    Empty,

    // The server's syntax.
    #[error("`{}` is not a cell name such as `c12`", .0.escape_debug())]
    NotACellName(String),
    #[error("`{}` is not a tile to place ({letters})", .text.escape_debug())]
    NotATileLetter {
        text: String,
        /// The tile set's state letters.
        letters: String,
    },
    #[error("a piece action such as `a1-c3` is missing")]
    NoPieceAction,
    #[error("before `;` comes a step such as `a1-c3`")]
    NoStepBeforeSemicolon,
    #[error("expected `from-to`, `a,b-target` or `source-a,2xb`")]
    NoDash,
    #[error("more than one `-`")]
    TwoDashes,
    #[error("after `;` comes a merge or a split, not a step")]
    StepAfterStep,
    #[error("`{}`: a substack height is written `2x`, `3x`, ...", .0.escape_debug())]
    SubstackHeight(String),
    #[error("a turn moves one stack to many junctions or many stacks to one")]
    ManyToMany,
    #[error("`{}` before `*` is not the letter of a kind of piece ({kinds})", .text.escape_debug())]
    NotAKindBeforeStar {
        text: String,
        /// The kinds, each its letter and name.
        kinds: String,
    },

    // Action notations.
    #[error("`{token}` is not an action; expected {expected}")]
    NotAnAction { token: String, expected: String },
    #[error("`{0}` ends the turn; nothing may follow it")]
    AfterDone(String),
    #[error("`{0}` gives the game up; it is not a turn (type `resign` at the prompt)")]
    Resign(String),
    #[error("a turn has one move, split or merge, and a flip comes before it")]
    AfterMove,
    #[error("a turn has at most one flip")]
    TwoFlips,
    /// No move, split or merge: the notation's words for them.
    #[error("a turn needs a {}, {} or {} (or {}/{})", .0[0], .0[1], .0[2], .0[3], .0[4])]
    NoMove(Box<[String; 5]>),
    #[error("the turn ends where a kind of piece ({0}) was expected")]
    EndsBeforeKind(String),
    #[error("`{}` is not a kind of piece ({letters})", .token.escape_debug())]
    NotAKind { token: String, letters: String },
    #[error("the turn ends where a place such as `B 2` was expected")]
    EndsBeforePlace,
    #[error("`{0}` needs a row number, as in `{0} 2`")]
    NoRow(String),
    #[error("the turn ends where direction letters ({0}), one per piece, were expected")]
    EndsBeforeLetters(String),
    #[error("`{letter}` in `{word}` is not a direction letter ({known})")]
    NotADirection {
        letter: char,
        word: String,
        known: String,
    },

    // Either syntax.
    #[error("too many stacks")]
    TooManyStacks,
    #[error("too many substacks")]
    TooManySubstacks,
}

/// What a turn text names that this board or position does not have.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NotOnBoard {
    #[error("`{}` is not a tile of this board", .0.escape_debug())]
    Tile(String),
    #[error("`{}` is not a junction of this board", .0.escape_debug())]
    Junction(String),
    /// A place as an action notation writes it (`B 2`).
    #[error("`{0}` is not a place on this board")]
    Place(String),
    #[error("no tile is named `{0}` on this board")]
    TileNamed(String),
    /// A direction letter leads off the board.
    #[error("{from} has no junction to the {letter}")]
    NoNeighbour {
        from: Named<JunctionId>,
        letter: char,
    },
    /// A merge's direction letters count other pieces than stand there.
    #[error("the letters name {count} piece(s) to the {letter} of {target}, but {}", there(.at, *.height))]
    LetterCount {
        count: u8,
        letter: char,
        target: Named<JunctionId>,
        /// The junction the letter leads to.
        at: Named<JunctionId>,
        /// The height of the stack there.
        height: u8,
    },
}

/// The stack a merge's letter points at, as the letters miscount it.
fn there(at: &Named<JunctionId>, height: u8) -> String {
    match height {
        0 => format!("{at} is empty"),
        h => format!("the stack there ({at}) is {h} high"),
    }
}

/// Either kind of reason, before the text it is about is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    Syntax(TurnSyntax),
    NotOnBoard(NotOnBoard),
}

impl From<TurnSyntax> for Unread {
    fn from(reason: TurnSyntax) -> Unread {
        Unread::Syntax(reason)
    }
}

impl From<NotOnBoard> for Unread {
    fn from(reason: NotOnBoard) -> Unread {
        Unread::NotOnBoard(reason)
    }
}
