//! Why the rules refuse a turn here, in the players' terms: each reason carries the
//! junctions, tiles, kinds and numbers it is about, and says itself as a sentence.

use thiserror::Error;

use crate::{Cell, CellId, Colour, Form, JunctionId, KindId, Named};

/// Why a well-formed turn is illegal in a position.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Illegal {
    /// The ruleset's turns take other forms (each listed).
    #[error("a turn here is {}, not `{form}`", quoted(.allowed))]
    Form { allowed: Vec<Form>, form: Form },
    #[error("tile {tile} has a piece on {piece}")]
    FlipUnderPiece {
        tile: Named<CellId>,
        piece: Named<JunctionId>,
    },

    // Placing and removing tiles.
    #[error("the pool is empty: no tile is left to place")]
    PoolEmpty,
    #[error("{0} already holds a tile")]
    CellTaken(Named<Cell>),
    /// On an empty patch, the first tile goes to the origin.
    #[error("the first tile goes to {0}")]
    FirstTileAt(Named<Cell>),
    #[error("{0} is not next to a tile")]
    NotNextToTile(Named<Cell>),
    #[error("{0} is not a tile state")]
    NoTileState(u8),
    #[error("tiles are removed only once the pool is empty ({0} left)")]
    PoolNotEmpty(u32),
    #[error("{0} holds no tile")]
    NoTile(Named<Cell>),
    #[error("tile {tile} has {free} free side(s) in a row; a removed tile needs {needed}")]
    TooFewFreeSides {
        tile: Named<Cell>,
        free: usize,
        needed: u8,
    },
    #[error("removing tile {0} would split the other tiles apart")]
    SplitsTiles(Named<Cell>),

    // Whose stack is where.
    #[error("{0} is empty")]
    Empty(Named<JunctionId>),
    #[error("{0} is not empty")]
    NotEmpty(Named<JunctionId>),
    #[error("{0} holds your opponent's stack")]
    OpponentsStack(Named<JunctionId>),
    #[error(
        "the stack on {0} holds a pinned piece of your opponent's: it moves only by its top piece"
    )]
    PinnedPiece(Named<JunctionId>),
    #[error("{0} holds your own stack")]
    OwnStack(Named<JunctionId>),
    #[error("a {height}-stack landing on {on} cannot capture the {there}-stack of {owner} there ({colour} junction)")]
    NoCapture {
        height: u8,
        on: Named<JunctionId>,
        there: u8,
        /// The letter of the player whose stack stands there.
        owner: char,
        colour: Colour,
    },
    #[error("no band joins {from} to {to} through empty junctions")]
    NoBand {
        from: Named<JunctionId>,
        to: Named<JunctionId>,
    },

    // Merges and splits.
    #[error("the stack that stepped to {0} must be one of the merging stacks")]
    StepperNotMerging(Named<JunctionId>),
    #[error("a merge needs two or more stacks")]
    MergeOfOne,
    #[error("{0} is named twice")]
    NamedTwice(Named<JunctionId>),
    #[error("{first} and {other} hold different kinds of piece, which do not merge")]
    KindsDiffer {
        first: Named<JunctionId>,
        other: Named<JunctionId>,
    },
    #[error("{junction} is not next to {centre}")]
    NotNextTo {
        junction: Named<JunctionId>,
        centre: Named<JunctionId>,
    },
    #[error("the merged stack would be {height} high; stacks may be at most {max} high")]
    MergeTooHigh { height: u8, max: u8 },
    #[error("the split must start where the step ended, on {0}")]
    SplitNotAtStep(Named<JunctionId>),
    #[error("the single piece on {0} cannot split")]
    SinglePiece(Named<JunctionId>),
    #[error("a split needs two or more substacks")]
    SplitInOne,
    #[error("the substacks add up to {total} but the stack on {stack} is {height} high")]
    SubstacksDoNotAdd {
        total: u8,
        stack: Named<JunctionId>,
        height: u8,
    },
    #[error("the substack for {0} is empty")]
    EmptySubstack(Named<JunctionId>),
    #[error("the {kind} on {on} does not stack: it neither merges nor splits")]
    DoesNotStack {
        kind: Named<KindId>,
        on: Named<JunctionId>,
    },
    #[error("the stack on {0} holds pieces of several kinds: it neither merges nor splits")]
    MixedKinds(Named<JunctionId>),

    // A single piece's move.
    #[error("the top piece on {0} is your opponent's")]
    OpponentsPiece(Named<JunctionId>),
    #[error("the piece must leave {0}")]
    StaysPut(Named<JunctionId>),
    #[error("a {kind} cannot stand on the {under} on {on}: {} does not stack", if *.mover_stacks { "that piece" } else { "it" })]
    CannotPin {
        kind: Named<KindId>,
        under: Named<KindId>,
        on: Named<JunctionId>,
        /// Whether the moving kind stacks (then it is the piece under it that does not).
        mover_stacks: bool,
    },
    #[error("{on} holds {height} piece(s); stacks may be at most {max} high")]
    Full {
        on: Named<JunctionId>,
        height: u8,
        max: u8,
    },
    #[error("no band joins {from} to {to} or to a junction next to it through empty junctions")]
    NoWay {
        from: Named<JunctionId>,
        to: Named<JunctionId>,
    },

    // Drops.
    #[error("there is no kind of piece number {0}")]
    NoKind(KindId),
    #[error("you hold no {0} to drop")]
    NoneToDrop(Named<KindId>),
    #[error("{0} is not empty: a piece is dropped on an empty junction")]
    DropOnStack(Named<JunctionId>),
    #[error("{on} is a {colour} junction; pieces are dropped on {} junctions", .colour.other())]
    DropColour {
        on: Named<JunctionId>,
        colour: Colour,
    },

    /// The ruleset's own legality rule refuses the turn, in its words.
    #[error("{0}")]
    ByRule(String),
}

/// Forms as a list of code: `` `step`, `merge` ``.
fn quoted(forms: &[Form]) -> String {
    forms
        .iter()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
