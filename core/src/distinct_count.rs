//! Counting distinct turns without listing them: the leaves of perft.
//!
//! Turns are told apart by the position they leave. Listing every generated turn and
//! hashing its change finds the distinct ones, but most of that work can be skipped by
//! knowing which kinds of whole-stack move can leave the same position. Write a move's
//! change as the junctions it empties, the junctions where a new stack of the mover's
//! lands (empty or enemy before), and the mover's stacks that grow or shrink in place:
//!
//! - a **step** empties its start and lands on an empty junction; no two steps agree;
//! - a **merge** empties two or more junctions and lands on its target; a merge after a
//!   step is the same as a plain merge when every stack it empties stands next to the
//!   target, and otherwise is told by the one emptied junction not next to it: the
//!   stepped stack's start, so only merges after steps of the same stack can agree;
//!   one that lands back where the stepped stack stood grows that stack in place;
//! - a **split** empties one junction and lands on two or more; a split after a step
//!   is the same as a plain split of that stack when its parts all stand next to the
//!   stack and none lands back where it stood (one that does shrinks that stack in
//!   place); otherwise only splits after steps of the same stack can agree.
//!
//! These shapes never meet across kinds, and turns with different flips never agree.
//! So steps and plain merges and splits are counted; moves after a step are listed only
//! per stepping stack, and only those that are not plain moves, and told apart by a
//! small key. Flips change only the bands of one tile whose corners are all empty: a
//! stack whose reach touches none of them moves as without the flip, so its share is
//! worked out once.

use std::ops::ControlFlow;

use crate::forms::{PieceForm, PieceForms};
use crate::movegen::{flippable_cells, Scratch};
use crate::sampler::{countable, staged_tiles};
use crate::stack_count::{count_splits, merge_sources, OwnStacks, StagedBoard};
use crate::{GameModel, JunctionId, PieceAction, Position};

/// A stepping stack's share of a flip option's distinct turns.
#[derive(Clone, Copy, Default)]
struct Share {
    /// Where it can step.
    steps: u64,
    /// Its merges and splits after a step that no plain move leaves the same way.
    stepped: u64,
}

impl GameModel {
    /// How many distinct changes the side to move can make: `distinct_deltas(position)
    /// .len()`, counted without listing them where the forms allow it.
    pub fn count_distinct(&self, position: &Position) -> u64 {
        let groups = self.rules.forms.groups();
        // Without plain merges, merges after steps of different stacks can agree.
        let by_shape = groups.iter().all(|g| {
            countable(&self.rules, g)
                && (g.pieces.contains(PieceForm::Merge)
                    || !g.pieces.contains(PieceForm::StepThenMerge))
        });
        if !by_shape {
            return self.distinct_deltas(position).len() as u64;
        }
        let mut scratch = Scratch::default();
        let mut own = OwnStacks::default();
        let mut copy = Vec::new();
        let at = StagedBoard::new(&self.rules, position, position.tiles());
        own.compute(&at, true, &mut scratch);
        let plain = |forms: PieceForms| plain_moves(&at, forms, &own);
        let mut total = 0;
        let unflipped = groups.iter().find(|g| !g.flip);
        let flipped = groups.iter().find(|g| g.flip);
        // The shares without a flip, for the forms with a flip.
        let base = flipped.map(|g| shares(&at, g.pieces, &own));
        if let Some(group) = unflipped {
            let own_shares = match (&base, flipped) {
                (Some(base), Some(f)) if f.pieces == group.pieces => sum(base),
                _ => sum(&shares(&at, group.pieces, &own)),
            };
            total += u64::from(group.bare) + plain(group.pieces) + own_shares;
        }
        let (Some(group), Some(base)) = (flipped, base) else {
            return total;
        };
        let base_total = sum(&base);
        // Which stacks reach each junction without the flip.
        let mut reached_by: Vec<Vec<usize>> = vec![Vec::new(); at.stacks.len()];
        for i in 0..own.own.len() {
            for &j in own.of(i) {
                reached_by[j as usize].push(i);
            }
        }
        let per_flip = u64::from(group.bare) + plain(group.pieces);
        let mut flipped_own = OwnStacks::default();
        let mut affected: Vec<usize> = Vec::new();
        for cell in flippable_cells(position) {
            affected.clear();
            for &corner in position.board().cell_junctions(cell) {
                affected.extend_from_slice(&reached_by[corner as usize]);
            }
            affected.sort_unstable();
            affected.dedup();
            let mut count = per_flip + base_total;
            if !affected.is_empty() {
                let tiles = staged_tiles(position, Some(cell), &mut copy);
                let staged = StagedBoard { tiles, ..at };
                flipped_own.compute_for(&staged, &own.own, &affected, &mut scratch);
                for (k, &i) in affected.iter().enumerate() {
                    let before = base[i];
                    let after = share(&staged, group.pieces, &flipped_own, k);
                    count = count - before.steps - before.stepped + after.steps + after.stepped;
                }
            }
            total += count;
        }
        total
    }
}

fn sum(shares: &[Share]) -> u64 {
    shares.iter().map(|s| s.steps + s.stepped).sum()
}

/// Plain merges and splits: no step, so the same under every flip.
fn plain_moves(at: &StagedBoard, forms: PieceForms, own: &OwnStacks) -> u64 {
    let mut count = 0;
    if forms.contains(PieceForm::Split) {
        for &j in &own.own {
            let height = at.stacks[j as usize].height();
            if height >= 2 {
                count += count_splits(at, height, j, None);
            }
        }
    }
    if forms.contains(PieceForm::Merge) {
        for target in 0..at.stacks.len() as JunctionId {
            let content = at.stacks[target as usize];
            if content.is_owned_by(at.side) {
                continue;
            }
            let sources = merge_sources(at, target, None);
            if sources.len() < 2 {
                continue;
            }
            let _ = at.merges(target, content, &sources, None, &mut |_| {
                count += 1;
                ControlFlow::Continue(())
            });
        }
    }
    count
}

/// Every own stack's share.
fn shares(at: &StagedBoard, forms: PieceForms, own: &OwnStacks) -> Vec<Share> {
    (0..own.own.len())
        .map(|i| share(at, forms, own, i))
        .collect()
}

/// The `i`-th stack of `own`'s share: its steps, and its distinct merges and splits after
/// a step that are not plain ones.
fn share(at: &StagedBoard, forms: PieceForms, own: &OwnStacks, i: usize) -> Share {
    let from = own.own[i];
    let reach = own.of(i);
    let mut share = Share::default();
    if forms.contains(PieceForm::Step) {
        share.steps = reach.len() as u64;
    }
    let height = at.stacks[from as usize].height();
    let plain_merge = forms.contains(PieceForm::Merge);
    let plain_split = forms.contains(PieceForm::Split);
    let beside_from = at.board.neighbours(from);
    let mut keys: Vec<u128> = Vec::new();
    if forms.contains(PieceForm::StepThenMerge) {
        for &to in reach {
            for &target in at.board.neighbours(to) {
                let content = if target == from {
                    crate::Stack::EMPTY
                } else {
                    at.stacks[target as usize]
                };
                if content.is_owned_by(at.side) {
                    continue;
                }
                let others = merge_sources(at, target, Some(from));
                if others.is_empty() {
                    continue;
                }
                // Next to the target, the stepped stack could have merged without a step.
                if target != from && plain_merge && beside_from.contains(&target) {
                    continue;
                }
                let _ = at.merges(target, content, &others, Some((from, to)), &mut |action| {
                    if let PieceAction::Merge { sources, .. } = &action {
                        keys.push(merge_key(target, sources.iter().filter(|&&s| s != to)));
                    }
                    ControlFlow::Continue(())
                });
            }
        }
    }
    if forms.contains(PieceForm::StepThenSplit) && height >= 2 {
        for &to in reach {
            let _ = at.splits(height, to, Some((from, to)), &mut |action| {
                if let PieceAction::Split { parts, .. } = &action {
                    let plain = plain_split
                        && parts
                            .iter()
                            .all(|&(j, _)| j != from && beside_from.contains(&j));
                    if !plain {
                        keys.push(split_key(parts));
                    }
                }
                ControlFlow::Continue(())
            });
        }
    }
    keys.sort_unstable();
    keys.dedup();
    share.stepped = keys.len() as u64;
    share
}

/// A merge after a step of a given stack, told by its target and the other stacks it
/// gathers (sorted, at most five of sixteen bits each), marked apart from splits.
fn merge_key<'a>(target: JunctionId, others: impl Iterator<Item = &'a JunctionId>) -> u128 {
    let mut key = 1u128 << 127 | u128::from(target);
    for (k, &j) in others.enumerate() {
        key |= u128::from(j) << (16 * (k + 1));
    }
    key
}

/// A split after a step of a given stack, told by its parts (sorted by junction, at most
/// six of twenty bits each).
fn split_key(parts: &[(JunctionId, u8)]) -> u128 {
    let mut key = 0u128;
    for (k, &(j, h)) in parts.iter().enumerate() {
        key |= (u128::from(j) << 4 | u128::from(h)) << (20 * k);
    }
    key
}

#[cfg(test)]
mod tests {
    use crate::testing::games::along_a_game;
    use crate::testing::{model, square_model};
    use crate::{Board, Colour, GameModel, Lattice, TileSet, TurnForms};

    fn agrees(model: &GameModel, seeds: u64, turns: usize) {
        for seed in 0..seeds {
            for position in along_a_game(model, seed, turns) {
                assert_eq!(
                    model.count_distinct(&position),
                    model.distinct_deltas(&position).len() as u64,
                    "{}",
                    model.position_text(&position)
                );
            }
        }
    }

    fn with_forms(mut model: GameModel, forms: &[&str]) -> GameModel {
        model.rules.forms = TurnForms::parse(forms).unwrap();
        model
    }

    #[test]
    fn counts_agree_with_the_list_on_square_boards() {
        for size in [3, 5, 7] {
            let browne = square_model(size, |a, d, home| if home { a > d } else { a >= d });
            agrees(&browne, 4, 60);
            let boardspace = square_model(size, |a, d, _| a >= d);
            agrees(&boardspace, 2, 60);
        }
    }

    #[test]
    fn counts_agree_for_other_forms() {
        let browne = || square_model(5, |a, d, home| if home { a > d } else { a >= d });
        for forms in [
            &["flip? step"][..],
            &["step merge", "step split"],
            &["flip step? merge", "split"],
            &["flip?", "step? split"],
            &["flip? step", "step merge"],
        ] {
            agrees(&with_forms(browne(), forms), 3, 50);
        }
    }

    #[test]
    fn counts_agree_on_hexagons() {
        let tiles = TileSet::new(
            Lattice::Hex,
            &[("0", &[&["ne", "s", "nw"]]), ("1", &[&["n", "se", "sw"]])],
        )
        .unwrap();
        let board = Board::new(Lattice::Hex, Lattice::Hex.shape(3), tiles, 1).unwrap();
        let hex = model(
            board,
            [('x', Colour::Dark), ('o', Colour::Light)],
            |a, d, home| {
                if home {
                    a > d
                } else {
                    a >= d
                }
            },
        );
        agrees(&hex, 3, 60);
    }
}
