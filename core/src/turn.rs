//! Turns: an optional flip, an optional tile action, an optional piece action, and the
//! change a turn makes to a position.
//!
//! The piece action's junctions are those of the board as the flip and tile action leave
//! it (a placement can create the junction a piece then moves to).

use arrayvec::ArrayVec;

use crate::{Cell, CellId, JunctionId, KindId, PlayerId, Position, Stack};

/// The most stacks a merge can gather or a split can make: one per side of a cell corner.
pub const MAX_LINKS: usize = 6;

/// A step of a whole stack along band links, from the first junction to the second.
pub type Step = (JunctionId, JunctionId);

/// What a turn does to tiles, named by lattice cell (the cell of a placement is not on
/// the board yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileAction {
    /// A tile from the pool goes to an empty cell next to the patch, in `state`.
    Place { cell: Cell, state: u8 },
    /// A tile leaves the board, with every piece on a junction that stops being one.
    Remove { cell: Cell },
}

/// What a turn does with pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PieceAction {
    /// A whole stack moves along band links through empty junctions.
    Step { from: JunctionId, to: JunctionId },
    /// Stacks on junctions adjacent to `target` all move onto it. With a step first, the
    /// stepped stack is one of the sources (its source is the step's destination).
    Merge {
        step: Option<Step>,
        sources: ArrayVec<JunctionId, MAX_LINKS>,
        target: JunctionId,
    },
    /// The stack on `source` divides into substacks on adjacent junctions. With a step
    /// first, `source` is the step's destination.
    Split {
        step: Option<Step>,
        source: JunctionId,
        parts: ArrayVec<(JunctionId, u8), MAX_LINKS>,
    },
    /// The top piece of `from` moves through its region, and perhaps one step further,
    /// to `to`, landing on top of any piece there.
    Move { from: JunctionId, to: JunctionId },
    /// A piece of `kind` from the mover's supply goes to the empty junction `to`.
    Drop { kind: KindId, to: JunctionId },
}

/// A turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub flip: Option<CellId>,
    pub tile: Option<TileAction>,
    pub piece: Option<PieceAction>,
}

impl Turn {
    /// The kind of the piece the turn drops, if it drops one.
    #[inline]
    pub fn dropped(&self) -> Option<crate::KindId> {
        match self.piece {
            Some(PieceAction::Drop { kind, .. }) => Some(kind),
            Some(
                PieceAction::Step { .. }
                | PieceAction::Merge { .. }
                | PieceAction::Split { .. }
                | PieceAction::Move { .. },
            )
            | None => None,
        }
    }

    /// A turn that is only a piece action.
    pub fn piece(action: PieceAction) -> Turn {
        Turn {
            flip: None,
            tile: None,
            piece: Some(action),
        }
    }
}

/// What a turn changes: the flipped tile, the tile action, and the junctions whose stacks
/// differ afterwards (on the board the tile action leaves), sorted by junction. Two turns
/// with equal deltas leave the same position (before any after-turn rule), so the delta
/// is what tells turns apart.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delta {
    pub flip: Option<CellId>,
    pub tile: Option<TileAction>,
    pub changes: ArrayVec<(JunctionId, Stack), { MAX_LINKS + 2 }>,
    /// The kind of the piece a drop takes from the mover's supply.
    pub drop: Option<KindId>,
}

impl Delta {
    /// The change of flipping the tile `flip` (or none) and nothing else: what a rule
    /// that asks of a turn only its flip is asked about all the turns making that flip.
    pub fn flip_alone(flip: Option<CellId>) -> Delta {
        Delta {
            flip,
            tile: None,
            changes: ArrayVec::new(),
            drop: None,
        }
    }

    /// Whether the stack changes remove pieces of the mover's opponent from the board.
    pub fn captures(&self, position: &Position, mover: PlayerId) -> bool {
        let enemy = 1 - mover;
        self.changes
            .iter()
            .any(|&(j, after)| after.pieces_of(enemy) < position.stack(j).pieces_of(enemy))
    }

    /// How many pieces of the mover's opponent the stack changes take off the board (by
    /// landing; after-turn rules may take more): the search players try such turns first.
    pub fn pieces_taken(&self, position: &Position, mover: PlayerId) -> i64 {
        let enemy = 1 - mover;
        self.changes
            .iter()
            .map(|&(j, after)| {
                i64::from(position.stack(j).pieces_of(enemy)) - i64::from(after.pieces_of(enemy))
            })
            .sum()
    }
}

impl PieceAction {
    /// Whether `test` holds for a junction the action lands on: a step's or a move's
    /// end, a merge's target, a split's parts, a drop's junction. Only there can an
    /// action take pieces as it lands.
    pub fn lands_on_any(&self, mut test: impl FnMut(JunctionId) -> bool) -> bool {
        match self {
            PieceAction::Step { to, .. }
            | PieceAction::Move { to, .. }
            | PieceAction::Drop { to, .. } => test(*to),
            PieceAction::Merge { target, .. } => test(*target),
            PieceAction::Split { parts, .. } => parts.iter().any(|&(j, _)| test(j)),
        }
    }

    /// The stack changes this action makes to `staged` (the position as the flip and tile
    /// action leave it), assuming the action is legal there.
    pub fn changes(&self, staged: &Position) -> ArrayVec<(JunctionId, Stack), { MAX_LINKS + 2 }> {
        let mover = staged.side();
        let mut changes: ArrayVec<(JunctionId, Stack), { MAX_LINKS + 2 }> = ArrayVec::new();
        let mut set = |j: JunctionId, stack: Stack| match changes.iter_mut().find(|(k, _)| *k == j)
        {
            Some(entry) => entry.1 = stack,
            None => changes.push((j, stack)),
        };
        match self {
            PieceAction::Step { from, to } => {
                set(*from, Stack::EMPTY);
                set(*to, staged.stack(*from));
            }
            PieceAction::Merge {
                step,
                sources,
                target,
            } => {
                let before = |j: JunctionId| match step {
                    Some((from, to)) if *to == j => staged.stack(*from),
                    _ => staged.stack(j),
                };
                let total: u8 = sources.iter().map(|&s| before(s).height()).sum();
                // Only stacks of one kind merge: the merged stack is of that kind.
                let kind = before(sources[0]).top_kind();
                if let Some((from, _)) = step {
                    set(*from, Stack::EMPTY);
                }
                for &s in sources {
                    set(s, Stack::EMPTY);
                }
                set(*target, Stack::of_kind(mover, kind, total));
            }
            PieceAction::Split {
                step,
                source,
                parts,
            } => {
                // Only a stack of one kind splits: each part is of that kind.
                let kind = match step {
                    Some((from, _)) => staged.stack(*from),
                    None => staged.stack(*source),
                }
                .top_kind();
                if let Some((from, _)) = step {
                    set(*from, Stack::EMPTY);
                }
                set(*source, Stack::EMPTY);
                for &(j, h) in parts {
                    set(j, Stack::of_kind(mover, kind, h));
                }
            }
            PieceAction::Move { from, to } => {
                let start = staged.stack(*from);
                set(*from, start.popped());
                set(*to, staged.stack(*to).pushed_piece(mover, start.top_kind()));
            }
            PieceAction::Drop { kind, to } => {
                set(*to, staged.stack(*to).pushed_piece(mover, *kind));
            }
        }
        changes.retain(|(j, stack)| staged.stack(*j) != *stack);
        changes.sort_unstable_by_key(|(j, _)| *j);
        changes
    }
}
