//! The model of the Truchet family of games: tiles whose bands join corners, junctions
//! where corners meet, regions, stacks, turns and positions.
//!
//! The core knows the model, never a ruleset: a ruleset fills in [`Rules`] and a
//! [`Referee`] (the variant host does this from TOML and Rhai), and picks a [`Lattice`],
//! a board shape and a [`TileSet`].
//!
//! Data flows one way: [`Board`] + [`Rules`] make a [`GameModel`]; a [`Position`] on it
//! yields [`LegalTurn`]s; a turn's [`Delta`] gives the next position.

mod action_text;
mod board;
mod colour;
mod error;
mod java_random;
mod lattice;
mod layout;
mod legality;
mod model;
mod movegen;
mod perft;
mod position;
mod referee;
mod rules;
mod stack;
mod text;
mod tile;
mod turn;

#[doc(hidden)]
pub mod testing;

pub use action_text::{ActionNotation, ActionNotationError, ActionWords, Direction, PlaceNames};
pub use board::{Board, CellId, Junction, JunctionId, Link};
pub use colour::Colour;
pub use error::{
    BoardError, IllegalTurnError, PositionError, TileError, TurnError, TurnSyntaxError,
};
pub use java_random::JavaRandom;
pub use lattice::{Cell, Lattice, Vertex};
pub use layout::{DrawOrder, KeyedLayout, LayoutError, LayoutGenerator, TextKey};
pub use model::{GameModel, LegalTurn};
pub use position::Position;
pub use referee::{Outcome, Referee};
pub use rules::{CaptureTable, PlayerSpec, Rules, TurnParts};
pub use stack::{PlayerId, Stack};
pub use tile::{TileSet, TileState, MAX_TILE_STATES};
pub use turn::{Delta, StackMove, Step, Turn, MAX_LINKS};
