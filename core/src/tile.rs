//! Tiles: the states a tile can be in, each a set of bands joining some of its corners.
//!
//! ```
//! use variant_run_core::{Lattice, TileSet};
//! let tiles = TileSet::new(Lattice::Square, &[("r", &[&["sw", "ne"]]), ("l", &[&["nw", "se"]])]).unwrap();
//! assert_eq!(tiles.flipped(0), 1);
//! assert_eq!(tiles.state_by_letter('l'), Some(1));
//! ```

use crate::{Lattice, TileError};

/// One state of a tile: its letter in position text and the bands it draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileState {
    pub letter: char,
    /// Each band is a list of corner indices (see [`Lattice::corner_names`]) that it joins.
    pub bands: Vec<Vec<u8>>,
}

/// The states every tile of a board can take. A flip moves a tile to the next state, in
/// the order the states are listed (`0 -> 1 -> 2 -> 0` for three states).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    states: Vec<TileState>,
}

/// At most this many states, so a set of states fits in a byte mask.
pub const MAX_TILE_STATES: usize = 8;

/// Whether two lists of bands join the same corners, whatever order the bands and their
/// corners are written in.
fn same_bands(a: &[Vec<u8>], b: &[Vec<u8>]) -> bool {
    let canonical = |bands: &[Vec<u8>]| {
        let mut sorted: Vec<Vec<u8>> = bands
            .iter()
            .map(|band| {
                let mut band = band.clone();
                band.sort_unstable();
                band
            })
            .collect();
        sorted.sort_unstable();
        sorted
    };
    canonical(a) == canonical(b)
}

impl TileSet {
    /// Builds a tile set from `(letter, bands)` pairs whose bands name corners of the
    /// lattice.
    ///
    /// # Errors
    /// An unknown corner name, an empty or repeated letter, a band of fewer than two
    /// corners, a band joining corners of different colours, a corner named twice in one
    /// state, two states with the same bands, or a wrong number of states.
    pub fn new(lattice: Lattice, states: &[(&str, &[&[&str]])]) -> Result<TileSet, TileError> {
        if states.len() < 2 || states.len() > MAX_TILE_STATES {
            return Err(TileError::StateCount(states.len()));
        }
        let names = lattice.corner_names();
        let mut built: Vec<TileState> = Vec::new();
        for (name, bands) in states {
            let mut chars = name.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphanumeric() => c,
                _ => return Err(TileError::Letter(name.to_string())),
            };
            if built.iter().any(|s| s.letter == letter) {
                return Err(TileError::Letter(name.to_string()));
            }
            let mut corner_bands = Vec::new();
            let mut used = Vec::new();
            for band in bands.iter() {
                if band.len() < 2 {
                    return Err(TileError::ShortBand(letter));
                }
                let mut corners = Vec::new();
                for corner in band.iter() {
                    let index = names.iter().position(|n| n == corner).ok_or_else(|| {
                        TileError::Corner {
                            corner: corner.to_string(),
                            expected: names.join(", "),
                        }
                    })?;
                    if used.contains(&index) {
                        return Err(TileError::RepeatedCorner {
                            letter,
                            corner: corner.to_string(),
                        });
                    }
                    used.push(index);
                    corners.push(index as u8);
                }
                corner_bands.push(corners);
            }
            if let Some(twin) = built.iter().find(|s| same_bands(&s.bands, &corner_bands)) {
                return Err(TileError::SameBands {
                    first: twin.letter,
                    second: letter,
                });
            }
            built.push(TileState {
                letter,
                bands: corner_bands,
            });
        }
        let set = TileSet { states: built };
        set.check_colouring(lattice)?;
        Ok(set)
    }

    /// A band must join corners of one colour, or regions would not have a colour.
    /// Corner colours depend on the cell, but corners `i` and `j` of any cell have the same
    /// colour relation everywhere on a lattice, so checking one cell suffices.
    fn check_colouring(&self, lattice: Lattice) -> Result<(), TileError> {
        let corners = lattice.corners(crate::Cell::new(0, 0));
        for state in &self.states {
            for band in &state.bands {
                let first = lattice.colour(corners[band[0] as usize]);
                if band
                    .iter()
                    .any(|&c| lattice.colour(corners[c as usize]) != first)
                {
                    return Err(TileError::MixedBand(state.letter));
                }
            }
        }
        Ok(())
    }

    pub fn states(&self) -> &[TileState] {
        &self.states
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The state a flip turns `state` into.
    pub fn flipped(&self, state: u8) -> u8 {
        ((state as usize + 1) % self.states.len()) as u8
    }

    pub fn letter(&self, state: u8) -> char {
        self.states[state as usize].letter
    }

    pub fn state_by_letter(&self, letter: char) -> Option<u8> {
        self.states
            .iter()
            .position(|s| s.letter == letter)
            .map(|i| i as u8)
    }

    /// The letters of all states, for error messages ("r or l").
    pub fn letters(&self) -> String {
        let letters: Vec<String> = self.states.iter().map(|s| s.letter.to_string()).collect();
        letters.join(" or ")
    }
}
