//! Junction colours: the two-colouring of every lattice's junction graph.

use std::fmt;

/// The colour of a junction. Adjacent junctions always differ, so a tile never needs
/// re-colouring: a flip only changes which corners its bands join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Dark,
    Light,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Dark => Colour::Light,
            Colour::Light => Colour::Dark,
        }
    }

    /// Parses the word a ruleset's TOML uses (`dark` / `light`).
    pub fn from_word(word: &str) -> Option<Colour> {
        match word {
            "dark" => Some(Colour::Dark),
            "light" => Some(Colour::Light),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Dark => "dark",
            Colour::Light => "light",
        })
    }
}
