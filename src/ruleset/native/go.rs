//! truchet-go's capture (`examples/designs/truchet-go/rules/surround.rhai`): Go's
//! capture of whole stacks.

use variant_run_core::{Group, PlayerId, Position, Stack};

/// The script this copies.
pub(super) const SURROUND: &str = include_str!("scripts/go_surround.rhai");

/// After every turn, each group with no liberty leaves the board with its stacks (the
/// edge gives no safety): the mover's enemies' groups first, then the mover's own on the
/// board that leaves.
pub(super) fn capture(position: &mut Position) {
    let mover = 1 - position.side();
    take_surrounded(position, 1 - mover);
    take_surrounded(position, mover);
}

/// `take_surrounded` in surround.rhai: the groups are found once, as the script's
/// `game.groups(player, #{ liberties: 0 })` finds them, and `game.remove_stack` empties
/// their junctions.
fn take_surrounded(position: &mut Position, player: PlayerId) {
    for group in Group::all(position, player) {
        if group.liberties == 0 {
            for &j in &group.junctions {
                position.set_stack(j, Stack::EMPTY);
            }
        }
    }
}
