//! Turns: an optional flip, then a stack move; and the change a turn makes to a position.

use arrayvec::ArrayVec;

use crate::{CellId, JunctionId, PlayerId, Position, Stack};

/// The most stacks a merge can gather or a split can make: one per side of a cell corner.
pub const MAX_LINKS: usize = 6;

/// A step of a whole stack along band links, from the first junction to the second.
pub type Step = (JunctionId, JunctionId);

/// The compulsory part of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StackMove {
    Step {
        from: JunctionId,
        to: JunctionId,
    },
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
}

/// A piece-phase turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub flip: Option<CellId>,
    pub stack_move: StackMove,
}

/// What a turn changes: the flipped tile and the junctions whose stacks differ afterwards,
/// sorted by junction. Two turns with equal deltas leave the same position, so the delta
/// is what identifies a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delta {
    pub flip: Option<CellId>,
    pub changes: ArrayVec<(JunctionId, Stack), { MAX_LINKS + 2 }>,
}

impl Delta {
    /// Whether the turn removes enemy pieces.
    pub fn captures(&self, position: &Position, mover: PlayerId) -> bool {
        self.changes.iter().any(|&(j, _)| {
            let before = position.stack(j);
            !before.is_empty() && !before.is_owned_by(mover)
        })
    }
}

impl Turn {
    /// The change this turn makes to `position`, assuming it is legal there.
    pub fn delta(&self, position: &Position) -> Delta {
        let mover = position.side();
        let mut changes: ArrayVec<(JunctionId, Stack), { MAX_LINKS + 2 }> = ArrayVec::new();
        let mut set = |j: JunctionId, stack: Stack| match changes.iter_mut().find(|(k, _)| *k == j)
        {
            Some(entry) => entry.1 = stack,
            None => changes.push((j, stack)),
        };
        match &self.stack_move {
            StackMove::Step { from, to } => {
                set(*from, Stack::EMPTY);
                set(*to, position.stack(*from));
            }
            StackMove::Merge {
                step,
                sources,
                target,
            } => {
                let height_at = |j: JunctionId| match step {
                    Some((from, to)) if *to == j => position.stack(*from).height(),
                    _ => position.stack(j).height(),
                };
                let total: u8 = sources.iter().map(|&s| height_at(s)).sum();
                if let Some((from, _)) = step {
                    set(*from, Stack::EMPTY);
                }
                for &s in sources {
                    set(s, Stack::EMPTY);
                }
                set(*target, Stack::new(mover, total));
            }
            StackMove::Split {
                step,
                source,
                parts,
            } => {
                if let Some((from, _)) = step {
                    set(*from, Stack::EMPTY);
                }
                set(*source, Stack::EMPTY);
                for &(j, h) in parts {
                    set(j, Stack::new(mover, h));
                }
            }
        }
        changes.retain(|(j, stack)| position.stack(*j) != *stack);
        changes.sort_unstable_by_key(|(j, _)| *j);
        Delta {
            flip: self.flip,
            changes,
        }
    }
}
