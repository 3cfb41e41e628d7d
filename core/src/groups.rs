//! Groups: maximal sets of adjacent junctions whose top pieces belong to one player, with
//! what surround rules ask of them (their liberties, and whether they touch the edge).
//!
//! ```
//! # let model = variant_run_core::testing::trugo_model();
//! let p = model.parse_position("-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 0 o=24,x=24 x").unwrap();
//! let groups = variant_run_core::Group::all(&p, 0); // player 0 is o here
//! assert_eq!(groups.len(), 1);
//! assert!(groups[0].touches_edge);
//! ```

use std::cell::RefCell;

use smallvec::SmallVec;

use crate::marks::Marks;
use crate::{JunctionId, PlayerId, Position};

/// A group's junctions: up to eight without a heap allocation.
pub type GroupJunctions = SmallVec<[JunctionId; 8]>;

/// A group of one player's pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub player: PlayerId,
    /// The group's junctions, in id order.
    pub junctions: GroupJunctions,
    /// How many empty junctions are adjacent to the group.
    pub liberties: usize,
    /// Whether one of the group's junctions touches the edge of the board.
    pub touches_edge: bool,
}

thread_local! {
    /// The junctions seen, and those counted as a liberty of the group being grown: kept
    /// between calls, since a capture rule asks for the groups after every turn.
    static MARKS: RefCell<(Marks, Marks)> = RefCell::default();
}

impl Group {
    /// The groups of `player`'s top pieces, in order of their lowest junction.
    pub fn all(position: &Position, player: PlayerId) -> Vec<Group> {
        MARKS.with(|marks| match marks.try_borrow_mut() {
            Ok(mut marks) => {
                let (seen, liberty) = &mut *marks;
                Group::all_marking(position, player, seen, liberty)
            }
            Err(_) => Group::all_marking(
                position,
                player,
                &mut Marks::default(),
                &mut Marks::default(),
            ),
        })
    }

    fn all_marking(
        position: &Position,
        player: PlayerId,
        seen: &mut Marks,
        liberty: &mut Marks,
    ) -> Vec<Group> {
        let board = position.board();
        let n = board.junction_count();
        seen.clear(n);
        // Room for a patch's usual count, so the list seldom grows as groups are found.
        let mut groups = Vec::with_capacity(16);
        // Only the junctions that hold a piece, which the position keeps.
        for start in position.held_junctions() {
            if !position.stack(start).is_owned_by(player) || seen.is_marked(start as usize) {
                continue;
            }
            liberty.clear(n);
            let mut junctions: GroupJunctions = smallvec::smallvec![start];
            seen.mark(start as usize);
            let (mut liberties, mut touches_edge) = (0, false);
            let mut i = 0;
            while i < junctions.len() {
                let j = junctions[i];
                i += 1;
                touches_edge |= board.touches_edge(j);
                for &n in board.neighbours(j) {
                    let there = position.stack(n);
                    if there.is_empty() {
                        if !liberty.is_marked(n as usize) {
                            liberty.mark(n as usize);
                            liberties += 1;
                        }
                    } else if there.is_owned_by(player) && !seen.is_marked(n as usize) {
                        seen.mark(n as usize);
                        junctions.push(n);
                    }
                }
            }
            junctions.sort_unstable();
            groups.push(Group {
                player,
                junctions,
                liberties,
                touches_edge,
            });
        }
        groups
    }
}
