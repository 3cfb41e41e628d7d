//! Junction colours: the two-colouring of every lattice's junction graph.

use std::fmt;

/// The colour of a junction. Adjacent junctions always differ, so a tile never needs
/// re-colouring: a flip only changes which corners its bands join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
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
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Dark => "dark",
            Colour::Light => "light",
        })
    }
}
