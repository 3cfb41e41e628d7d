//! Pictures of positions: ASCII boards for the terminal and transcripts, SVG pictures
//! for files.

mod ascii;
mod grid;
mod patch;
mod sentences;
mod svg;

pub use ascii::{board, board_in_setup, board_laying, board_marked};
pub use grid::tile_legend;
pub use svg::{board_svg, clickable_svg, Highlight, Picture, TileChange};
