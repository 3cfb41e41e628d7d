//! variant-run: write, run and snapshot-test rule variants of the Truchet family.
//!
//! Data flows one way through the modules: a [`ruleset`] folder (TOML and Rhai) is
//! lowered into a [`variant_run_core::GameModel`] and a referee; [`play`] runs games on
//! it, turn by turn, and plays matches of many games; [`report`] adds a match up into
//! figures and writes them; [`draw`] pictures positions. The binary `variant-run` is a thin
//! shell around this.

pub mod bench;
pub mod check;
pub mod cpu_time;
pub mod diagnostic;
pub mod draw;
pub mod fixtures;
pub mod markup;
pub mod memory;
pub mod output_file;
pub mod parallel;
pub mod play;
pub mod printable;
pub mod report;
pub mod ruleset;
pub mod serve;
pub mod study;

pub use diagnostic::Diagnostic;
pub use play::{Game, GameError, Layout, Played};
pub use ruleset::{find_variant, list_variants, LoadOptions, Variant, VariantError, VariantSource};
pub use variant_run_core as core;
