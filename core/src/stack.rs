//! Stacks: a junction's pieces, bottom to top, each with its owner and its kind.
//!
//! The top piece owns the stack: it moves, and it is what groups and captures look at. A
//! piece under another of the other player is pinned. Rulesets where stacks only ever
//! merge with their own kind (Truchet) keep every stack uniform; the representation is
//! the same. A ruleset with one kind of piece never sees kinds: every piece is kind 0.
//!
//! ```
//! use variant_run_core::Stack;
//! let pinned = Stack::new(0, 1).pushed(1);       // player 1 lands on player 0's piece
//! assert_eq!((pinned.height(), pinned.owner()), (2, Some(1)));
//! assert_eq!(pinned.piece(0), 0);                // the pinned piece, at the bottom
//! assert_eq!(pinned.popped(), Stack::new(0, 1)); // the top piece leaves: released
//! let king = Stack::of_kind(1, 2, 1);            // one piece of player 1, of kind 2
//! assert_eq!((king.top_kind(), king.uniform_kind()), (2, Some(2)));
//! ```

/// A player: 0 is the first player the ruleset lists, 1 the second.
pub type PlayerId = u8;

/// A kind of piece: its place in the ruleset's list of kinds, 0 the first (and, in most
/// rulesets, only) one.
pub type KindId = u8;

/// A junction's content in eight bytes: the height (bits 0-3), one owner bit per piece,
/// top first (bits 4-15), and four kind bits per piece, top first (bits 16-63). The top
/// piece's owner, which generation asks about most, is always bit 4, and its kind bits
/// 16-19. Empty is 0; a ruleset with one kind keeps every kind bit 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Stack(u64);

const HEIGHT_BITS: u64 = 0x000f;
const OWNER_SHIFT: u32 = 4;
const OWNER_MASK: u64 = 0x0fff;
const KIND_SHIFT: u32 = 16;
const KIND_BITS: u32 = 4;
const KIND_MASK: u64 = 0xf;

impl Stack {
    pub const EMPTY: Stack = Stack(0);
    /// The greatest height a stack can have (one owner bit per piece); rulesets set
    /// their own, lower limit.
    pub const MAX_HEIGHT: u8 = 12;
    /// The most kinds of piece a ruleset may have (four kind bits per piece).
    pub const MAX_KINDS: usize = 16;

    /// A stack of `height` (1..=12) pieces, all of `owner` (0 or 1) and of kind 0.
    #[inline]
    pub fn new(owner: PlayerId, height: u8) -> Stack {
        debug_assert!(owner < 2 && (1..=Stack::MAX_HEIGHT).contains(&height));
        let owners = if owner == 1 { (1u64 << height) - 1 } else { 0 };
        Stack(owners << OWNER_SHIFT | u64::from(height))
    }

    /// A stack of `height` pieces, all of `owner` and of `kind`.
    #[inline]
    pub fn of_kind(owner: PlayerId, kind: KindId, height: u8) -> Stack {
        debug_assert!(usize::from(kind) < Stack::MAX_KINDS);
        let kinds = (0..height).fold(0u64, |bits, _| bits << KIND_BITS | u64::from(kind));
        Stack(kinds << KIND_SHIFT | Stack::new(owner, height).0)
    }

    /// The owner bits, top first.
    #[inline]
    fn owner_bits(self) -> u64 {
        (self.0 >> OWNER_SHIFT) & OWNER_MASK
    }

    /// The kind bits, top first.
    #[inline]
    fn kind_bits(self) -> u64 {
        self.0 >> KIND_SHIFT
    }

    /// A stack of the given owners, bottom first, every piece of kind 0.
    pub fn of(owners: &[PlayerId]) -> Stack {
        owners
            .iter()
            .fold(Stack::EMPTY, |stack, &owner| stack.pushed(owner))
    }

    /// A stack of the given pieces (owner and kind), bottom first.
    pub fn of_pieces(pieces: &[(PlayerId, KindId)]) -> Stack {
        pieces.iter().fold(Stack::EMPTY, |stack, &(owner, kind)| {
            stack.pushed_piece(owner, kind)
        })
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

    /// The kind of piece `i`, counted from the bottom (0).
    #[inline]
    pub fn kind_at(self, i: u8) -> KindId {
        debug_assert!(i < self.height());
        let from_top = u32::from(self.height() - 1 - i);
        ((self.kind_bits() >> (from_top * KIND_BITS)) & KIND_MASK) as KindId
    }

    /// The kind of the top piece (0 for an empty junction).
    #[inline]
    pub fn top_kind(self) -> KindId {
        (self.kind_bits() & KIND_MASK) as KindId
    }

    /// The kind every piece is of, or `None` when the pieces are of different kinds (or
    /// there are none).
    pub fn uniform_kind(self) -> Option<KindId> {
        let h = self.height();
        if h == 0 {
            return None;
        }
        let kind = self.top_kind();
        let all = (0..h).fold(0u64, |bits, _| bits << KIND_BITS | u64::from(kind));
        (self.kind_bits() == all).then_some(kind)
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

    /// How many of the stack's pieces belong to `player` and are of `kind`.
    pub fn pieces_of_kind(self, player: PlayerId, kind: KindId) -> u32 {
        self.pieces().filter(|&p| p == (player, kind)).count() as u32
    }

    /// Whether every piece belongs to the top piece's owner.
    pub fn is_uniform(self) -> bool {
        match self.owner() {
            None => true,
            Some(owner) => self.pieces_of(owner) == self.height() as u32,
        }
    }

    /// The stack with one more piece of `owner`, of kind 0, on top.
    #[inline]
    pub fn pushed(self, owner: PlayerId) -> Stack {
        self.pushed_piece(owner, 0)
    }

    /// The stack with one more piece of `owner` and `kind` on top.
    #[inline]
    pub fn pushed_piece(self, owner: PlayerId, kind: KindId) -> Stack {
        let h = self.height();
        debug_assert!(h < Stack::MAX_HEIGHT && usize::from(kind) < Stack::MAX_KINDS);
        let owners = (self.owner_bits() << 1) | u64::from(owner);
        let kinds = (self.kind_bits() << KIND_BITS) | u64::from(kind);
        Stack(kinds << KIND_SHIFT | owners << OWNER_SHIFT | u64::from(h + 1))
    }

    /// The stack without its top piece.
    #[inline]
    pub fn popped(self) -> Stack {
        let h = self.height();
        if h <= 1 {
            return Stack::EMPTY;
        }
        let kinds = self.kind_bits() >> KIND_BITS;
        Stack(kinds << KIND_SHIFT | (self.owner_bits() >> 1) << OWNER_SHIFT | u64::from(h - 1))
    }

    /// The owners of the pieces, bottom first.
    pub fn owners(self) -> impl Iterator<Item = PlayerId> {
        (0..self.height()).map(move |i| self.piece(i))
    }

    /// The pieces, bottom first: each one's owner and kind.
    pub fn pieces(self) -> impl Iterator<Item = (PlayerId, KindId)> {
        (0..self.height()).map(move |i| (self.piece(i), self.kind_at(i)))
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
                assert_eq!(s.uniform_kind(), Some(0));
            }
        }
        assert_eq!(Stack::EMPTY.owner(), None);
        assert_eq!(Stack::EMPTY.uniform_kind(), None);
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

    /// Kinds travel with their pieces through pushes and pops, at every height, with the
    /// owners unchanged, and the tallest stack of the highest kind fits its bits.
    #[test]
    fn kinds_stay_with_their_pieces() {
        let pieces: Vec<(PlayerId, KindId)> = (0..Stack::MAX_HEIGHT)
            .map(|i| (i % 2, (i * 5 + 3) % Stack::MAX_KINDS as u8))
            .collect();
        let stack = Stack::of_pieces(&pieces);
        assert_eq!(stack.pieces().collect::<Vec<_>>(), pieces);
        assert_eq!(stack.top_kind(), pieces.last().unwrap().1);
        let mut popped = stack;
        for h in (1..pieces.len()).rev() {
            popped = popped.popped();
            assert_eq!(popped.pieces().collect::<Vec<_>>(), pieces[..h]);
        }
        let top = Stack::of_kind(0, 15, Stack::MAX_HEIGHT);
        assert_eq!(top.uniform_kind(), Some(15));
        assert_eq!(top.pieces_of_kind(0, 15), 12);
        assert_eq!(Stack::of_pieces(&[(0, 1), (0, 2)]).uniform_kind(), None);
        // Kind 0 is the plain stack: rulesets with one kind see no difference.
        assert_eq!(Stack::of_kind(1, 0, 3), Stack::new(1, 3));
        assert_eq!(
            Stack::new(0, 2).pushed_piece(1, 0),
            Stack::new(0, 2).pushed(1)
        );
    }
}
