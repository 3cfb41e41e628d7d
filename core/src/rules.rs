//! Rules: what a turn may contain, when a landing captures, and how tiles are placed and
//! removed, as data.
//!
//! A ruleset's TOML and scripts fill these in; the core never asks which ruleset it plays.

use crate::{Colour, KindId, PlayerId, Stack, TurnForms};

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

/// A kind of piece: its name and letter for texts and pictures, and whether it may
/// stand in a stack with other pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    pub name: String,
    /// Written after the owner's letter in position texts (`xK`); the first kind's is
    /// never written.
    pub letter: char,
    /// Whether pieces of this kind merge into stacks, split from them, and land on or
    /// are landed on by a single piece's move. A kind that does not stands alone.
    pub stacks: bool,
}

impl PieceKind {
    /// The one kind of a ruleset that names none.
    pub fn plain() -> PieceKind {
        PieceKind {
            name: "piece".into(),
            letter: 'p',
            stacks: true,
        }
    }
}

/// Which empty junctions a drop may go to, by their colour seen from the player who
/// drops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DropTo {
    /// Any empty junction.
    #[default]
    Any,
    /// Only junctions of the dropping player's own colour.
    Own,
    /// Only junctions of the other player's colour.
    Other,
}

/// Where pieces that a landing takes go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TakenPieces {
    /// Out of the game.
    #[default]
    Out,
    /// Back to their owner's supply, to be dropped again.
    ToOwner,
    /// To the supply of the player who took them, as pieces of their own.
    ToTaker,
}

/// A number the game keeps beside the board: one for the game, or one per player. The
/// ruleset's scripts read and change it; it is part of the position (its text, its
/// equality), so a rule may depend on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub name: String,
    /// One value per player (player 0's first), or one for the game.
    pub per_player: bool,
    /// The value a game starts with.
    pub start: i64,
    /// The smallest and largest values it may take.
    pub min: i64,
    pub max: i64,
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
    /// The kinds of piece, at least one; a piece's [`KindId`] is its place here.
    pub kinds: Vec<PieceKind>,
    /// Where drops may go.
    pub drop_to: DropTo,
    /// Where pieces a landing takes go.
    pub taken: TakenPieces,
    /// The counters a position keeps, in order.
    pub counters: Vec<Counter>,
    /// Whether a position keeps what the turn that led to it did
    /// ([`crate::Position::last_turn`]): only where the rules ask, since it costs a
    /// little on every turn.
    pub keep_last_turn: bool,
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

    /// Whether a moving piece of `kind` may end on `target`, on top of what is there:
    /// the stack stays within the height limit, and both pieces are of kinds that stack.
    #[inline]
    pub fn may_pin(&self, target: Stack, kind: KindId) -> bool {
        target.height() < self.max_height
            && (self.plain_pieces() || (self.stacks(kind) && self.stacks(target.top_kind())))
    }

    /// Whether pieces of `kind` stand in stacks with others.
    #[inline]
    pub fn stacks(&self, kind: KindId) -> bool {
        self.kinds[usize::from(kind)].stacks
    }

    /// Whether every piece is of one kind that stacks: then kinds change nothing, and the
    /// generator's counts of stack moves (which know nothing of kinds) hold.
    #[inline]
    pub fn plain_pieces(&self) -> bool {
        self.kinds.len() == 1 && self.kinds[0].stacks
    }

    /// The kind of stack `stack` is, for a merge or a split: its pieces' one kind when
    /// they are all of one that stacks, `None` when it may not merge or split.
    #[inline]
    pub fn stacking_kind(&self, stack: Stack) -> Option<KindId> {
        if self.plain_pieces() {
            return Some(0);
        }
        stack.uniform_kind().filter(|&kind| self.stacks(kind))
    }

    /// The kind whose letter this is.
    pub fn kind_by_letter(&self, letter: char) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .map(|k| k as KindId)
    }

    /// The kind with this name.
    pub fn kind_by_name(&self, name: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|k| k as KindId)
    }

    /// The counters' values at the start of a game, as a position keeps them.
    pub fn start_counters(&self) -> Vec<i64> {
        let mut values = Vec::new();
        for counter in &self.counters {
            let places = if counter.per_player { 2 } else { 1 };
            values.extend(std::iter::repeat_n(counter.start, places));
        }
        values
    }

    /// Where counter `name`'s value for `player` (or the game's) stands among a
    /// position's counters, and the counter.
    pub fn counter_place(&self, name: &str, player: Option<PlayerId>) -> Option<(usize, &Counter)> {
        let mut at = 0;
        for counter in &self.counters {
            if counter.name == name {
                let offset = match (counter.per_player, player) {
                    (true, Some(p)) => usize::from(p),
                    (false, None) => 0,
                    _ => return None,
                };
                return Some((at + offset, counter));
            }
            at += if counter.per_player { 2 } else { 1 };
        }
        None
    }

    /// Whether `player` may drop a piece on a junction of `colour` (its emptiness
    /// apart).
    #[inline]
    pub fn may_drop_on(&self, player: PlayerId, colour: Colour) -> bool {
        match self.drop_to {
            DropTo::Any => true,
            DropTo::Own => self.colour_of(player) == colour,
            DropTo::Other => self.colour_of(player) != colour,
        }
    }
}
