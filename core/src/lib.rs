//! The model of the Truchet family of games: tiles whose bands join corners, junctions
//! where corners meet, regions, stacks of pieces, turns and positions.
//!
//! The core knows the model, never a ruleset: a ruleset fills in [`Rules`] (which
//! [`TurnForms`] a turn takes, the height limit, when a landing captures, how tiles are
//! placed and removed) and a [`Referee`] (rules after each turn, the end of the game),
//! and picks a [`Lattice`], a board (a fixed shape, or a patch that grows and shrinks)
//! and a [`TileSet`]. The variant host does this from TOML and Rhai.
//!
//! Data flows one way: [`Board`] + [`Rules`] make a [`GameModel`]; a [`Position`] on it
//! yields [`LegalTurn`]s; a turn's [`Delta`] gives the next position, and the referee's
//! after-turn rules settle it.

mod action_text;
mod board;
mod board_cache;
mod colour;
mod deltas;
mod distinct_count;
mod empty_areas;
mod error;
mod forms;
mod groups;
mod illegal;
mod java_random;
mod lattice;
mod layout;
mod legality;
mod lines;
mod marks;
mod model;
mod movegen;
mod named;
pub mod names;
mod ordered_draw;
pub mod patch;
mod perft;
mod position;
mod position_error;
mod position_text;
mod referee;
mod region_ends;
mod rules;
mod sampler;
mod stack;
mod stack_count;
mod tile;
mod turn;
mod turn_facts;
mod turn_groups;
mod turn_text;
mod unreadable;

#[doc(hidden)]
pub mod testing;

pub use action_text::{ActionNotation, ActionNotationError, ActionWords, Direction, PlaceNames};
pub use board::{Board, CellId, Junction, JunctionId, Link, Naming};
pub use colour::Colour;
pub use error::{
    BoardError, IllegalTurnError, TileError, TurnBoardError, TurnError, TurnReadError,
    TurnSyntaxError,
};
pub use forms::{
    Action, Form, FormGroup, Part, PieceForm, PieceForms, TileForm, TurnFormError, TurnFormReason,
    TurnForms,
};
pub use groups::{Group, GroupJunctions};
pub use illegal::Illegal;
pub use java_random::JavaRandom;
pub use lattice::{Cell, Lattice, Vertex};
pub use layout::{DrawOrder, KeyedLayout, LayoutError, LayoutGenerator, TextKey};
pub use lines::Direction as LineDirection;
pub use model::{GameModel, LegalTurn};
pub use movegen::Staged;
pub use named::Named;
pub use position::{HeldJunctions, Position};
pub use position_error::{PiecesError, PositionError, PositionFault};
pub use referee::{FlipVerdict, Outcome, Referee};
pub use rules::{
    CaptureTable, Counter, DropTo, PieceKind, PlacementRule, PlayerSpec, RemovalRule, Rules,
    TakenPieces,
};
pub use stack::{KindId, PlayerId, Stack};
pub use tile::{TileSet, TileState, MAX_TILE_STATES};
pub use turn::{Delta, PieceAction, Step, TileAction, Turn, MAX_LINKS};
pub use turn_facts::TurnFacts;
pub use unreadable::{NotOnBoard, TurnSyntax};
