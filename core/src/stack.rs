//! Stacks: a junction's pieces, all of one owner (every turn keeps stacks uniform).

/// A player: 0 is the first player the ruleset lists, 1 the second.
pub type PlayerId = u8;

/// A junction's content in one byte: empty, or an owner and a height of 1 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Stack(u8);

impl Stack {
    pub const EMPTY: Stack = Stack(0);
    /// The greatest height a stack can be written with; rulesets set their own, lower limit.
    pub const MAX_HEIGHT: u8 = 15;

    /// A stack of `height` (1..=15) pieces of `owner` (0 or 1).
    pub fn new(owner: PlayerId, height: u8) -> Stack {
        debug_assert!(owner < 2 && (1..=Stack::MAX_HEIGHT).contains(&height));
        Stack(owner << 4 | height)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn height(self) -> u8 {
        self.0 & 0x0f
    }

    /// The owner, or `None` for an empty junction.
    pub fn owner(self) -> Option<PlayerId> {
        (self.0 != 0).then_some(self.0 >> 4)
    }

    pub fn is_owned_by(self, player: PlayerId) -> bool {
        self.0 != 0 && self.0 >> 4 == player
    }
}
