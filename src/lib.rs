//! variant-run: write, run and snapshot-test rule variants of the Truchet family.
//!
//! A ruleset is a folder with a `variant.toml` and Rhai scripts. [`Variant::load`] reads
//! it into a [`variant_run_core::GameModel`] and a referee; a [`Game`] plays it, turn by
//! turn; [`render`] draws positions. The binary `variant-run` is a thin shell around this.

pub mod config;
mod error;
pub mod game;
mod game_view;
pub mod keys;
pub mod notation;
pub mod players;
pub mod render;
pub mod script;
pub mod session;
pub mod variant;

pub use error::VariantError;
pub use game::{Game, GameError, Layout, Played};
pub use script::ScriptError;
pub use variant::{find_variant, list_variants, Variant};
pub use variant_run_core as core;
