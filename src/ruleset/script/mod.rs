//! The Rhai script host and the game API scripts see.
//!
//! Scripts are where designers write the rules that differ between rulesets. They are
//! called a few times per turn at most: the capture rule is tabulated when the ruleset
//! loads, and the end-of-game rule runs once after each turn, reading the position
//! through native helpers (`game.pieces("x")`, `game.has_legal_turn()`) instead of loops.

mod answers;
mod api;
pub mod board_edges;
mod budget;
pub mod catalogue;
mod closures;
pub mod compared;
mod handed;
mod host;
pub mod limits;
mod lint;
pub mod memo;
mod modules;
mod probe;
mod question;
pub mod questions;
pub mod replay;
pub mod shared_memory;
mod shown_path;
mod sizes;
mod stdlib;
mod strict;

pub use api::GameView;
pub use host::{map_str, toml_to_dynamic, Script, ScriptHost};
pub use limits::Limits;
pub use lint::{check_params_read, lines_the_lattice_lacks, require_hook};
pub use modules::ScriptDirs;
pub use shown_path::display_name;
pub use sizes::MAX_DEPTH;
