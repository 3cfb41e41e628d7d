//! Groups a script is handed, and the changes it makes to pieces with them: shared by
//! the `game` API, which does them as the script asks, and by a remembered tree, which
//! does them again without the script (see `memo.rs`).
//!
//! A script cannot look inside a group except through its properties (`group.size`,
//! `group.junctions`), and it hands the group back whole (`game.remove_top(group)`). So
//! a run that is handed groups is told how many (the answer to `groups`), what it reads
//! of them (each read a question of its own), and does its changes to "the group handed
//! third": a tree can ask the same of another position, hand the groups found there in
//! the same order, and make the same changes to them.

use rhai::EvalAltResult;
use variant_run_core::{Board, Group, JunctionId, PlayerId, Position, Rules, Stack};

use super::answers::{Answer, CounterChange};

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
    /// `return_to_supply`: each whole stack goes back to its owners' supplies, each piece
    /// as its kind.
    ReturnToSupply,
}

impl Change {
    /// Makes the change on `junctions` of `position`.
    ///
    /// # Errors
    /// None today: every board keeps supplies.
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
                for &j in junctions {
                    let stack = position.stack(j);
                    for (owner, kind) in stack.pieces() {
                        let supply = position.supply_of(owner, kind);
                        position.set_supply_of(owner, kind, supply + 1);
                    }
                    position.set_stack(j, Stack::EMPTY);
                }
            }
        }
        Ok(())
    }
}

/// Changes counter `at` (its place among the position's counters) as a script asked,
/// within the counter's bounds.
///
/// # Errors
/// The new value would leave the counter's bounds; nothing is changed then.
pub fn change_counter(
    rules: &Rules,
    position: &mut Position,
    at: usize,
    change: CounterChange,
) -> Fallible<()> {
    let mut place = 0;
    let counter = rules
        .counters
        .iter()
        .find(|c| {
            place += if c.per_player { 2 } else { 1 };
            at < place
        })
        .ok_or("no such counter")?;
    let value = match change {
        CounterChange::Set(v) => v,
        CounterChange::Add(d) => position.counter(at).saturating_add(d),
    };
    if !(counter.min..=counter.max).contains(&value) {
        return Err(format!(
            "counter `{}` would be {value}, outside its bounds {}..{}",
            counter.name, counter.min, counter.max
        )
        .into());
    }
    position.set_counter(at, value);
    Ok(())
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
