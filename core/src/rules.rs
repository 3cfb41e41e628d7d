//! Rules: what a turn may contain and when a landing captures, as data.
//!
//! A ruleset's TOML and scripts fill these in; the core never asks which ruleset it plays.

use crate::{Colour, PlayerId, Stack};

/// A player as the model sees it: a letter for texts and the junction colour it owns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    pub letter: char,
    pub colour: Colour,
}

/// Which parts a turn may have. A turn is an optional flip, then a stack move: a step, a
/// merge or a split, where the last two may be preceded by a step of one of their stacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnParts {
    pub flip: bool,
    pub step: bool,
    pub merge: bool,
    pub split: bool,
    pub step_then_merge: bool,
    pub step_then_split: bool,
}

/// Whether a landing stack captures a defender, for every pair of heights and both
/// junction colours. Tabulated once when a ruleset loads, so the rule can be written in a
/// script without a script call per candidate move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureTable {
    max_height: u8,
    /// Index: `(landing - 1) * max + (defender - 1)`, then `* 2 + at_home`.
    table: Vec<bool>,
}

impl CaptureTable {
    /// Tabulates `rule(landing, defender, defender_at_home)` for heights `1..=max_height`.
    pub fn tabulate<E>(
        max_height: u8,
        mut rule: impl FnMut(u8, u8, bool) -> Result<bool, E>,
    ) -> Result<CaptureTable, E> {
        let mut table = Vec::new();
        for landing in 1..=max_height {
            for defender in 1..=max_height {
                for at_home in [false, true] {
                    table.push(rule(landing, defender, at_home)?);
                }
            }
        }
        Ok(CaptureTable { max_height, table })
    }

    pub fn captures(&self, landing: u8, defender: u8, defender_at_home: bool) -> bool {
        let m = self.max_height as usize;
        if landing == 0 || defender == 0 || landing > self.max_height || defender > self.max_height
        {
            return false;
        }
        let i =
            ((landing as usize - 1) * m + (defender as usize - 1)) * 2 + defender_at_home as usize;
        self.table[i]
    }
}

/// Everything the turn generator needs to know about a ruleset.
#[derive(Clone, Debug)]
pub struct Rules {
    pub players: [PlayerSpec; 2],
    pub parts: TurnParts,
    /// No stack may be taller than this.
    pub max_height: u8,
    pub capture: CaptureTable,
}

impl Rules {
    pub fn player_letter(&self, player: PlayerId) -> char {
        self.players[player as usize].letter
    }

    pub fn player_by_letter(&self, letter: char) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.letter == letter)
            .map(|p| p as PlayerId)
    }

    pub fn colour_of(&self, player: PlayerId) -> Colour {
        self.players[player as usize].colour
    }

    /// Whether a stack of `height` owned by `mover` may land on a junction of `colour`
    /// that holds `target`: the junction is empty, or the landing captures its enemy stack.
    #[inline]
    pub fn may_land(&self, mover: PlayerId, height: u8, target: Stack, colour: Colour) -> bool {
        match target.owner() {
            None => true,
            Some(owner) if owner == mover => false,
            Some(owner) => {
                let at_home = self.colour_of(owner) == colour;
                self.capture.captures(height, target.height(), at_home)
            }
        }
    }
}
