//! Groups a script is handed, and the changes it makes to pieces with them: shared by
//! the `game` API, which does them as the script asks, and by a remembered tree, which
//! does them again without the script (see [`super::memo`]).
//!
//! A script cannot look inside a group except through its properties (`group.size`,
//! `group.junctions`), and it hands the group back whole (`game.remove_top(group)`). So
//! a run that is handed groups is told how many (the answer to `groups`), what it reads
//! of them (each read a question of its own), and does its changes to "the group handed
//! third": a tree can ask the same of another position, hand the groups found there in
//! the same order, and make the same changes to them.

use rhai::EvalAltResult;
use variant_run_core::{Board, Group, JunctionId, PlayerId, Position, Rules, Stack};

use super::questions::Answer;

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// What a script reads of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// The letter of the player whose pieces top it.
    Player,
    /// How many junctions it has.
    Size,
    Liberties,
    TouchesEdge,
    /// The names of its junctions, in board order.
    Junctions,
}

impl Fact {
    /// A fact of a group on `board`, as the script receives it.
    pub fn of(self, group: &Group, board: &Board, rules: &Rules) -> Answer {
        match self {
            Fact::Player => Answer::Letter(Some(rules.player_letter(group.player))),
            Fact::Size => Answer::Int(group.junctions.len() as i64),
            Fact::Liberties => Answer::Int(group.liberties as i64),
            Fact::TouchesEdge => Answer::Bool(group.touches_edge),
            Fact::Junctions => Answer::Names(
                group
                    .junctions
                    .iter()
                    .map(|&j| board.junction_name(j))
                    .collect(),
            ),
        }
    }
}

/// A change a script makes to the stacks of a group's junctions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// `remove_top`: each top piece leaves the game.
    RemoveTop,
    /// `remove_stack`: each whole stack leaves the game.
    RemoveStack,
    /// `return_to_supply`: each whole stack goes back to its owners' supplies.
    ReturnToSupply,
}

impl Change {
    /// Makes the change on `junctions` of `position`.
    ///
    /// # Errors
    /// Returning pieces to a supply on a fixed board, which keeps none; nothing is
    /// changed then.
    pub fn make(self, position: &mut Position, junctions: &[JunctionId]) -> Fallible<()> {
        match self {
            Change::RemoveTop => {
                for &j in junctions {
                    let stack = position.stack(j);
                    position.set_stack(j, stack.popped());
                }
            }
            Change::RemoveStack => {
                for &j in junctions {
                    position.set_stack(j, Stack::EMPTY);
                }
            }
            Change::ReturnToSupply => {
                no_supplies_on_fixed_boards(position)?;
                for &j in junctions {
                    let stack = position.stack(j);
                    for owner in stack.owners() {
                        let supply = position.supply(owner);
                        position.set_supply(owner, supply + 1);
                    }
                    position.set_stack(j, Stack::EMPTY);
                }
            }
        }
        Ok(())
    }
}

/// `held_by`: of the junctions, those the player's pieces top now, as a group (with no
/// liberties counted, and not touching the edge: it is a set of junctions, not a group
/// found on the board).
pub fn held_by(position: &Position, junctions: &[JunctionId], player: PlayerId) -> Group {
    Group {
        player,
        junctions: junctions
            .iter()
            .copied()
            .filter(|&j| position.stack(j).is_owned_by(player))
            .collect(),
        liberties: 0,
        touches_edge: false,
    }
}

/// Supplies are counters of patch games (their position texts carry them); a fixed
/// board's position text has none, so pieces moved to or from one would be lost.
pub fn no_supplies_on_fixed_boards(position: &Position) -> Fallible<()> {
    if position.board().is_patch() {
        Ok(())
    } else {
        Err(
            "a fixed board keeps no supplies of pieces (only a patch does); `give` puts \
             a piece on the board from outside the game, `remove_stack` takes one off"
                .into(),
        )
    }
}
