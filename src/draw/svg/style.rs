//! Colours and proportions of the pictures, in one place.

use variant_run_core::Colour;

/// The page behind the board and the legend.
pub const PAGE: &str = "#fbf8f1";
/// A tile's ground, between its bands and cut-off corners.
pub const TILE: &str = "#cdbb95";
/// A cell whose tile is not laid yet.
pub const UNLAID: &str = "#efe8d8";
/// Cell outlines.
pub const EDGE: &str = "#6f6148";
/// The thin line round bands and cut-off corners.
pub const BAND_EDGE: &str = "#5a4d37";
/// Dark and light junctions, and the bands and corners of their colour.
pub const DARK: &str = "#3e5266";
pub const LIGHT: &str = "#f7f1e3";
/// Pieces of the player who owns dark junctions, and of the one who owns light ones.
pub const PIECE_DARK: &str = "#161616";
pub const PIECE_LIGHT: &str = "#ffffff";
/// Labels: row and column names, tile names.
pub const LABEL: &str = "#4a4030";
/// The last turn.
pub const LAST: &str = "#f25c05";
/// One colour per set of marked junctions, in the order the ruleset lists them.
pub const MARKS: [&str; 4] = ["#c2185b", "#1565c0", "#2e7d32", "#6a1b9a"];
pub const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// Proportions of a cell side: band width, cut-off corner radius, piece radius, and how
/// far each piece of a stack sits above the one under it.
pub const BAND: f64 = 0.26;
pub const CUT: f64 = 0.3;
pub const PIECE: f64 = 0.27;
pub const STACK_STEP: f64 = 0.12;
/// The width of the joint between two tiles.
pub const JOINT: f64 = 0.05;

pub fn colour(colour: Colour) -> &'static str {
    match colour {
        Colour::Dark => DARK,
        Colour::Light => LIGHT,
    }
}

pub fn piece(colour: Colour) -> (&'static str, &'static str) {
    match colour {
        Colour::Dark => (PIECE_DARK, PIECE_LIGHT),
        Colour::Light => (PIECE_LIGHT, PIECE_DARK),
    }
}
