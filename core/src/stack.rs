//! Stacks: a junction's pieces, bottom to top, each with its owner.
//!
//! The top piece owns the stack: it moves, and it is what groups and captures look at. A
//! piece under another of the other player is pinned. Rulesets where stacks only ever
//! merge with their own kind (Truchet) keep every stack uniform; the representation is
//! the same.
//!
//! ```
//! use variant_run_core::Stack;
//! let pinned = Stack::new(0, 1).pushed(1);       // player 1 lands on player 0's piece
//! assert_eq!((pinned.height(), pinned.owner()), (2, Some(1)));
//! assert_eq!(pinned.piece(0), 0);                // the pinned piece, at the bottom
//! assert_eq!(pinned.popped(), Stack::new(0, 1)); // the top piece leaves: released
//! ```

/// A player: 0 is the first player the ruleset lists, 1 the second.
pub type PlayerId = u8;

/// A junction's content in two bytes: the height (bits 0-3) and one owner bit per piece,
/// top first (bits 4-15), so the top piece's owner, which generation asks about most, is
/// always bit 4. Empty is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Stack(u16);

const HEIGHT_BITS: u16 = 0x000f;
const OWNER_SHIFT: u32 = 4;

impl Stack {
    pub const EMPTY: Stack = Stack(0);
    /// The greatest height a stack can have (one owner bit per piece); rulesets set
    /// their own, lower limit.
    pub const MAX_HEIGHT: u8 = 12;

    /// A stack of `height` (1..=12) pieces, all of `owner` (0 or 1).
    #[inline]
    pub fn new(owner: PlayerId, height: u8) -> Stack {
        debug_assert!(owner < 2 && (1..=Stack::MAX_HEIGHT).contains(&height));
        let owners = if owner == 1 { (1u16 << height) - 1 } else { 0 };
        Stack(owners << OWNER_SHIFT | height as u16)
    }

    /// The owner bits, top first.
    #[inline]
    fn owner_bits(self) -> u16 {
        self.0 >> OWNER_SHIFT
    }

    /// A stack of the given owners, bottom first.
    pub fn of(owners: &[PlayerId]) -> Stack {
        owners
            .iter()
            .fold(Stack::EMPTY, |stack, &owner| stack.pushed(owner))
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn height(self) -> u8 {
        (self.0 & HEIGHT_BITS) as u8
    }

    /// The owner of the top piece, or `None` for an empty junction.
    #[inline]
    pub fn owner(self) -> Option<PlayerId> {
        (self.0 != 0).then_some((self.owner_bits() & 1) as PlayerId)
    }

    /// Whether the top piece belongs to `player`.
    #[inline]
    pub fn is_owned_by(self, player: PlayerId) -> bool {
        self.0 != 0 && (self.owner_bits() & 1) as PlayerId == player
    }

    /// Whether every piece belongs to `player` (and there is one): a stack that may move
    /// whole. A stack holding a pinned piece of the other player moves only by its top
    /// piece.
    #[inline]
    pub fn is_all(self, player: PlayerId) -> bool {
        let h = self.height();
        h != 0 && self.owner_bits() == if player == 1 { (1 << h) - 1 } else { 0 }
    }

    /// The owner of piece `i`, counted from the bottom (0).
    #[inline]
    pub fn piece(self, i: u8) -> PlayerId {
        debug_assert!(i < self.height());
        ((self.owner_bits() >> (self.height() - 1 - i)) & 1) as PlayerId
    }

    /// How many of the stack's pieces belong to `player`.
    #[inline]
    pub fn pieces_of(self, player: PlayerId) -> u32 {
        let ones = self.owner_bits().count_ones();
        if player == 1 {
            ones
        } else {
            self.height() as u32 - ones
        }
    }

    /// Whether every piece belongs to the top piece's owner.
    pub fn is_uniform(self) -> bool {
        match self.owner() {
            None => true,
            Some(owner) => self.pieces_of(owner) == self.height() as u32,
        }
    }

    /// The stack with one more piece of `owner` on top.
    #[inline]
    pub fn pushed(self, owner: PlayerId) -> Stack {
        let h = self.height();
        debug_assert!(h < Stack::MAX_HEIGHT);
        let owners = (self.owner_bits() << 1) | owner as u16;
        Stack(owners << OWNER_SHIFT | (h + 1) as u16)
    }

    /// The stack without its top piece.
    #[inline]
    pub fn popped(self) -> Stack {
        let h = self.height();
        if h <= 1 {
            return Stack::EMPTY;
        }
        Stack((self.owner_bits() >> 1) << OWNER_SHIFT | (h - 1) as u16)
    }

    /// The owners of the pieces, bottom first.
    pub fn owners(self) -> impl Iterator<Item = PlayerId> {
        (0..self.height()).map(move |i| self.piece(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_stacks_read_back() {
        for owner in 0..2 {
            for height in 1..=Stack::MAX_HEIGHT {
                let s = Stack::new(owner, height);
                assert_eq!((s.owner(), s.height()), (Some(owner), height));
                assert!(s.is_uniform());
                assert!(s.is_all(owner) && !s.is_all(1 - owner));
                assert_eq!(s.pieces_of(owner), height as u32);
                assert_eq!(s.pieces_of(1 - owner), 0);
                assert_eq!(Stack::of(&vec![owner; height as usize]), s);
            }
        }
        assert_eq!(Stack::EMPTY.owner(), None);
    }

    #[test]
    fn pushing_and_popping_keep_the_order() {
        let s = Stack::of(&[1, 0, 1]);
        assert_eq!(s.owners().collect::<Vec<_>>(), [1, 0, 1]);
        assert_eq!(s.popped().owners().collect::<Vec<_>>(), [1, 0]);
        assert_eq!(s.popped().popped().popped(), Stack::EMPTY);
        assert!(!s.is_uniform());
        assert!(!s.is_all(0) && !s.is_all(1) && !Stack::EMPTY.is_all(0));
        assert_eq!((s.pieces_of(0), s.pieces_of(1)), (1, 2));
    }
}
