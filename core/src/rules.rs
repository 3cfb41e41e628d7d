//! Rules: what a turn may contain, when a landing captures, and how tiles are placed and
//! removed, as data.
//!
//! A ruleset's TOML and scripts fill these in; the core never asks which ruleset it plays.

use crate::{Colour, PlayerId, Stack, TurnForms};

/// A player as the model sees it: a letter for texts and the junction colour it owns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    pub letter: char,
    pub colour: Colour,
}

/// How a tile is placed from the pool: who receives a piece on each junction the
/// placement creates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacementRule {
    /// `receiver[owner][placer]`: the player who receives a piece, from their supply while
    /// it lasts, on a new junction of `owner`'s colour when `placer` places the tile; `None`
    /// leaves it empty. Tabulated when a ruleset loads (all `None`: placements give no
    /// pieces).
    pub receiver: [[Option<PlayerId>; 2]; 2],
}

impl PlacementRule {
    /// No pieces: a placement only lays a tile.
    pub const NO_PIECES: PlacementRule = PlacementRule {
        receiver: [[None; 2]; 2],
    };

    /// Every new junction receives a piece of its owner's, whoever placed the tile.
    pub const OWNERS_SUPPLY: PlacementRule = PlacementRule {
        receiver: [[Some(0), Some(0)], [Some(1), Some(1)]],
    };

    /// Whether any placement gives a piece.
    pub fn gives_pieces(&self) -> bool {
        self.receiver.iter().flatten().any(Option::is_some)
    }
}

/// Which tiles may be removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovalRule {
    /// The tile has at least this many consecutive sides with no neighbour tile.
    pub free_sides: u8,
    /// The tiles left stay connected.
    pub keep_connected: bool,
    /// Only once the pool is empty.
    pub when_pool_empty: bool,
}

impl Default for RemovalRule {
    fn default() -> RemovalRule {
        RemovalRule {
            free_sides: 0,
            keep_connected: true,
            when_pool_empty: false,
        }
    }
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

    /// A table in which no landing ever captures (rulesets without capture by landing).
    pub fn never(max_height: u8) -> CaptureTable {
        CaptureTable {
            max_height,
            table: vec![false; (max_height as usize).pow(2) * 2],
        }
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
    pub forms: TurnForms,
    /// No stack may be taller than this.
    pub max_height: u8,
    /// When a merged stack or a substack that lands on an enemy stack captures it.
    pub capture: CaptureTable,
    pub placement: PlacementRule,
    pub removal: RemovalRule,
}

impl Rules {
    // Inline, as `player_by_letter`: remembered script rules look letters up on every
    // read they replay.
    #[inline]
    pub fn player_letter(&self, player: PlayerId) -> char {
        self.players[player as usize].letter
    }

    #[inline]
    pub fn player_by_letter(&self, letter: char) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.letter == letter)
            .map(|p| p as PlayerId)
    }

    pub fn colour_of(&self, player: PlayerId) -> Colour {
        self.players[player as usize].colour
    }

    /// The player who owns junctions of `colour`.
    pub fn owner_of(&self, colour: Colour) -> PlayerId {
        if self.players[0].colour == colour {
            0
        } else {
            1
        }
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

    /// Whether a moving piece may end on `target`, on top of what is there: the stack
    /// stays within the height limit.
    #[inline]
    pub fn may_pin(&self, target: Stack) -> bool {
        target.height() < self.max_height
    }
}
