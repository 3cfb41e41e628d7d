//! Pictures of positions: ASCII boards for the terminal and transcripts.

mod ascii;
mod patch;

pub use ascii::{board, board_in_setup, board_marked};
