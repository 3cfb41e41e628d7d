//! Pictures of positions: ASCII boards for the terminal and transcripts.

mod ascii;

pub use ascii::{board, board_marked};
