//! What a turn did, as rules ask it: the tile it flipped, laid or took away, the
//! junctions its pieces left and reached, the piece it dropped, and the other player's
//! pieces it took. The rules that run after a turn read it as the position's last turn
//! (`game.last_turn`); a legality rule reads the same facts of a turn it weighs.
//!
//! The facts come from the turn's change alone, so two turns that leave the same
//! position have the same facts: a rule can tell turns apart only as the position does.
//!
//! ```
//! # let model = variant_run_core::testing::square_model(3, |a, d, _| a >= d);
//! let position = model.parse_position("rrr/rrr/rrr .o../..o./x2o../.x.. x").unwrap();
//! let turn = model.parse_turn_in(&position, "a2,b1-b2").unwrap();
//! let facts = model.turn_facts(&position, &turn.delta);
//! assert_eq!(facts.taken_total(), 1);
//! assert_eq!(facts.left.len(), 2);
//! ```

use arrayvec::ArrayVec;

use crate::turn::MAX_LINKS;
use crate::{Cell, Delta, GameModel, JunctionId, KindId, PlayerId, Position, Stack, TileAction};

/// What one turn did (see the module's notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnFacts {
    /// The player who made it.
    pub mover: PlayerId,
    /// The tile it flipped, by its place on the lattice.
    pub flip: Option<Cell>,
    /// The tile it laid or took away.
    pub tile: Option<TileAction>,
    /// Junctions that hold fewer of the mover's pieces after it, in id order, on the
    /// board it left.
    pub left: ArrayVec<JunctionId, { MAX_LINKS + 2 }>,
    /// Junctions that hold more of the mover's pieces after it, in id order.
    pub reached: ArrayVec<JunctionId, { MAX_LINKS + 2 }>,
    /// The height of the shortest stack it moved from a junction it left (1 for a single
    /// piece's move; 0 when no piece moved).
    pub height: u8,
    /// How many of the mover's pieces it moved.
    pub moved: u8,
    /// The kind of the piece it dropped from the supply.
    pub dropped: Option<KindId>,
    /// The other player's pieces it took off the board, by kind.
    pub taken: [u8; Stack::MAX_KINDS],
}

impl TurnFacts {
    /// The other player's pieces the turn took, of every kind.
    pub fn taken_total(&self) -> u32 {
        self.taken.iter().map(|&n| u32::from(n)).sum()
    }
}

impl GameModel {
    /// What `delta` does when played in `position`.
    pub fn turn_facts(&self, position: &Position, delta: &Delta) -> TurnFacts {
        let staged;
        let at = match delta.tile {
            None => position,
            Some(action) => {
                let mut copy = position.clone();
                crate::patch::apply_tile(
                    &self.rules,
                    &mut copy,
                    action,
                    crate::board_cache::NewBoard::Shared,
                );
                staged = copy;
                &staged
            }
        };
        let flipped = delta
            .flip
            .map(|cell| position.board().cells()[cell as usize]);
        facts_on_staged(position.side(), flipped, at, delta)
    }
}

/// The facts of `delta`, made by `mover`, flipping the tile at `flipped`, whose piece
/// changes are made on `staged` (the position its flip and tile action leave).
pub(crate) fn facts_on_staged(
    mover: PlayerId,
    flipped: Option<Cell>,
    staged: &Position,
    delta: &Delta,
) -> TurnFacts {
    let enemy = 1 - mover;
    let mut facts = TurnFacts {
        mover,
        flip: flipped,
        tile: delta.tile,
        left: ArrayVec::new(),
        reached: ArrayVec::new(),
        height: 0,
        moved: 0,
        dropped: delta.drop,
        taken: [0; Stack::MAX_KINDS],
    };
    for &(j, after) in &delta.changes {
        let was = staged.stack(j);
        let (mine_before, mine_after) = (was.pieces_of(mover), after.pieces_of(mover));
        if mine_after < mine_before {
            facts.left.push(j);
            // A single piece's move takes one piece off a stack; a stack's moves take
            // the whole stack.
            let from = if mine_after > 0 { 1 } else { was.height() };
            facts.height = match facts.height {
                0 => from,
                h => h.min(from),
            };
            facts.moved += (mine_before - mine_after) as u8;
        } else if mine_after > mine_before {
            facts.reached.push(j);
        }
        if after.pieces_of(enemy) < was.pieces_of(enemy) {
            for (owner, kind) in was.pieces() {
                if owner == enemy {
                    facts.taken[usize::from(kind)] += 1;
                }
            }
            for (owner, kind) in after.pieces() {
                if owner == enemy {
                    facts.taken[usize::from(kind)] -= 1;
                }
            }
        }
    }
    facts
}
