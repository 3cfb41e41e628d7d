//! The staged sampler's draw for a flip option whose turns the stack categories cannot
//! count (tile actions, single-piece moves): the turn at a random index of the order
//! the generator visits them in, made without listing the others where a group of forms
//! can be counted.
//!
//! The draw is the one listing every turn would make (the same count asked of `choose`,
//! the same turn at each index), so seeded games do not change; only the work does. A
//! Trugo turn listed every placement (each open cell in each tile state) and every
//! single-piece move to draw one, and the open cells and the empty regions the pieces
//! run along grow with the patch. Now:
//! - placements are counted from the open cells and the drawn one read off them;
//! - removals are read off the cells the board keeps as removable (found once a board);
//! - single-piece moves are counted piece by piece from the empty regions each touches
//!   (see [`crate::region_ends`]), and the drawn piece's end is read off the same
//!   regions, in id order as the generator's ends sorted;
//! - any other group (a placement followed by a move, stack moves beside single-piece
//!   moves, drops, moves among kinds of piece that do not stack) is listed as before.

use std::ops::ControlFlow;

use crate::forms::{FormGroup, PieceForm, PieceForms, TileForm};
use crate::movegen::{for_each_turn_of_group, movable_pieces};
use crate::region_ends::RegionEnds;
use crate::{patch, CellId, GameModel, JunctionId, PieceAction, Position, TileAction, Turn};

/// Buffers reused from one draw to the next.
#[derive(Default)]
pub(crate) struct DrawBuffers {
    /// How the turns of each group are counted, in group order.
    counts: Vec<(GroupCount, u64)>,
    /// The cells of the removals, by id.
    removals: Vec<CellId>,
    /// Each movable piece and how many single-piece moves it has, in generation order.
    pieces: Vec<(JunctionId, u64)>,
    regions: RegionEnds,
    /// Turns of the groups that are listed.
    turns: Vec<Turn>,
}

/// How a group's turns were counted, and where to find the drawn one.
#[derive(Clone, Copy)]
enum GroupCount {
    /// Placements alone: read off the open cells.
    Placements,
    /// Removals alone: `removals[start..start + count]`.
    Removals { start: usize },
    /// Single-piece moves (after the bare turn, if the group has one):
    /// `pieces[start..end]`.
    Moves {
        bare: bool,
        start: usize,
        end: usize,
    },
    /// Listed: `turns[start..start + count]`.
    Listed { start: usize },
}

/// Whether a group's piece actions are single-piece moves and nothing else.
fn moves_only(pieces: PieceForms) -> bool {
    let mut only = PieceForms::default();
    only.insert(PieceForm::Move);
    pieces == only
}

/// The turn at index `choose(n)` of the `n` turns the generator visits for this flip
/// option (`groups` are the option's groups of forms, in order), or `None` when it has
/// none.
pub(crate) fn draw<'g>(
    model: &GameModel,
    position: &Position,
    flip: Option<CellId>,
    groups: impl Iterator<Item = &'g FormGroup>,
    choose: &mut dyn FnMut(usize) -> usize,
    buffers: &mut DrawBuffers,
) -> Option<Turn> {
    // The position with the flip made, as the generator stages it.
    let flipped;
    let staged = match flip {
        None => position,
        Some(cell) => {
            let mut copy = position.clone();
            copy.tiles[cell as usize] = position.board().tiles().flipped(position.tile(cell));
            flipped = copy;
            &flipped
        }
    };
    buffers.counts.clear();
    buffers.removals.clear();
    buffers.pieces.clear();
    buffers.turns.clear();
    for group in groups {
        let counted = buffers.count_group(model, staged, group, flip);
        buffers.counts.push(counted);
    }
    let DrawBuffers {
        counts,
        removals,
        pieces,
        turns,
        regions,
    } = buffers;
    let total: u64 = counts.iter().map(|&(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    let mut k = choose(total as usize) as u64;
    for &(count, n) in counts.iter() {
        if k >= n {
            k -= n;
            continue;
        }
        let k = k as usize;
        let (tile, piece) = match count {
            GroupCount::Placements => (Some(patch::nth_placement(staged, k)), None),
            GroupCount::Removals { start } => {
                let cell = staged.board().cells()[removals[start + k] as usize];
                (Some(TileAction::Remove { cell }), None)
            }
            GroupCount::Listed { start } => return Some(turns[start + k].clone()),
            GroupCount::Moves { bare: true, .. } if k == 0 => (None, None),
            GroupCount::Moves { bare, start, end } => {
                let (from, k) = nth_piece(&pieces[start..end], (k - usize::from(bare)) as u64);
                let to = regions.nth_end(&model.rules, staged, from, k);
                (None, Some(PieceAction::Move { from, to }))
            }
        };
        return Some(Turn { flip, tile, piece });
    }
    unreachable!("k is below the total")
}

impl DrawBuffers {
    /// How the generator's turns of one group are counted for a draw, and how many there
    /// are; the tables the count fills (removable cells, pieces' move counts, listed turns)
    /// grow at their ends.
    fn count_group(
        &mut self,
        model: &GameModel,
        staged: &Position,
        group: &FormGroup,
        flip: Option<CellId>,
    ) -> (GroupCount, u64) {
        let DrawBuffers {
            removals,
            pieces,
            turns,
            regions,
            ..
        } = self;
        match (group.tile, group.pieces.is_empty()) {
            (Some(TileForm::Place), true) => {
                let n = if group.bare {
                    patch::placement_count(staged)
                } else {
                    0
                };
                (GroupCount::Placements, n as u64)
            }
            (Some(TileForm::Remove), true) => {
                let start = removals.len();
                if group.bare {
                    removals.extend_from_slice(&patch::removable_now(&model.rules, staged));
                }
                let n = removals.len() - start;
                (GroupCount::Removals { start }, n as u64)
            }
            // The regions' counts know nothing of kinds that do not stack.
            (None, false) if moves_only(group.pieces) && model.rules.plain_pieces() => {
                let start = pieces.len();
                regions.clear(staged);
                for from in movable_pieces(staged) {
                    let n = regions.count(&model.rules, staged, from);
                    if n > 0 {
                        pieces.push((from, n));
                    }
                }
                let moves: u64 = pieces[start..].iter().map(|&(_, n)| n).sum();
                let bare = group.bare;
                let end = pieces.len();
                (
                    GroupCount::Moves { bare, start, end },
                    u64::from(bare) + moves,
                )
            }
            _ => {
                let start = turns.len();
                let _ = for_each_turn_of_group(model, staged, group, flip, &mut |turn, _| {
                    turns.push(turn.clone());
                    ControlFlow::Continue(())
                });
                (GroupCount::Listed { start }, (turns.len() - start) as u64)
            }
        }
    }
}

/// The piece whose moves hold index `k` of all the pieces' moves, and the index among
/// its own.
fn nth_piece(pieces: &[(JunctionId, u64)], mut k: u64) -> (JunctionId, u64) {
    for &(from, n) in pieces {
        if k < n {
            return (from, k);
        }
        k -= n;
    }
    unreachable!("k is below the pieces' moves")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{for_each_turn, Flips};
    use crate::testing::games::{empty_patch, Draws};
    use crate::testing::trugo_model;
    use crate::TurnForms;

    /// Every index draws the turn the generator lists at that index, and the count asked
    /// of `choose` is the number it lists, along random Trugo games through both phases
    /// (placements, then removals), with and without a move after a placement.
    #[test]
    fn each_index_draws_the_turn_listed_there() {
        for forms in [
            &["place", "remove", "move"][..],
            &["place", "remove", "move", "place move"][..],
        ] {
            let mut model = trugo_model();
            model.rules.forms = TurnForms::parse(forms).unwrap();
            let groups = || model.rules.forms.groups().iter().filter(|g| !g.flip);
            let mut buffers = DrawBuffers::default();
            // Removals, placements with a move, placements, moves.
            let mut checked = [0; 4];
            for seed in 0..6 {
                let mut draws = Draws(seed);
                let mut position = empty_patch(&model, 14, 8);
                for _ in 0..80 {
                    let mut listed = Vec::new();
                    let _ = for_each_turn(&model, &position, Flips::Only(None), &mut |t, _| {
                        listed.push(t.clone());
                        ControlFlow::Continue(())
                    });
                    for k in 0..listed.len() {
                        let mut choose = |n: usize| {
                            assert_eq!(n, listed.len());
                            k
                        };
                        let drawn =
                            draw(&model, &position, None, groups(), &mut choose, &mut buffers);
                        assert_eq!(drawn.as_ref(), Some(&listed[k]), "turn {k}");
                        let kind = match listed[k] {
                            Turn {
                                tile: Some(TileAction::Remove { .. }),
                                ..
                            } => 0,
                            Turn {
                                tile: Some(_),
                                piece: Some(_),
                                ..
                            } => 1,
                            Turn { tile: Some(_), .. } => 2,
                            _ => 3,
                        };
                        checked[kind] += 1;
                    }
                    if listed.is_empty() {
                        let mut never = |_: usize| unreachable!("no turn to count");
                        let none =
                            draw(&model, &position, None, groups(), &mut never, &mut buffers);
                        assert!(none.is_none());
                        break;
                    }
                    let turn = &listed[draws.below(listed.len())];
                    let delta = model.delta(&position, turn);
                    model.apply(&mut position, &delta);
                }
            }
            let place_move = forms.len() == 4;
            assert!(
                checked[0] > 50
                    && (checked[1] > 50) == place_move
                    && checked[2] > 50
                    && checked[3] > 50,
                "turns checked: {checked:?}"
            );
        }
    }
}
