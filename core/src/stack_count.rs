//! The whole-stack moves of one staged board (steps, merges and splits, each perhaps after
//! a step), counted without being listed, and the k-th of them made on its own.
//!
//! A random playout needs one turn, drawn uniformly from what the generator would list:
//! listing them all (a tall stack splits hundreds of ways, and each split is a turn to
//! build) costs far more than counting them. The counts here are exactly the numbers of
//! turns `movegen::stack_moves` emits, duplicates included, category by category; the
//! k-th turn is found by skipping whole categories by their counts and listing only the
//! one it falls in.

use std::ops::ControlFlow;

use crate::forms::{PieceKind, PieceKinds};
use arrayvec::ArrayVec;

use crate::movegen::{merges, splits, Scratch};
use crate::turn::MAX_LINKS;
use crate::{Board, JunctionId, PieceAction, PlayerId, Rules, Stack};

/// A staged board as the stack moves see it: tiles after the flip, and the stacks.
#[derive(Clone, Copy)]
pub(crate) struct StagedBoard<'a> {
    pub board: &'a Board,
    pub rules: &'a Rules,
    pub tiles: &'a [u8],
    pub stacks: &'a [Stack],
    pub side: PlayerId,
}

/// The side's stacks that move whole (all of their pieces the side's): the empty
/// junctions each can step to along bands, and which of them stand next to each junction
/// (the stacks a merge onto it can gather).
#[derive(Default)]
pub(crate) struct OwnStacks {
    pub own: Vec<JunctionId>,
    start: Vec<usize>,
    to: Vec<JunctionId>,
    /// For each junction, the own stacks next to it; only `touched` ones are filled.
    beside: Vec<ArrayVec<JunctionId, MAX_LINKS>>,
    /// The junctions next to an own stack, in ascending order.
    touched: Vec<JunctionId>,
}

impl OwnStacks {
    /// Finds the own stacks, and their reaches when `steps` (else every reach is empty).
    pub fn compute(&mut self, at: &StagedBoard, steps: bool, scratch: &mut Scratch) {
        self.own.clear();
        self.own.extend(
            (0..at.stacks.len() as JunctionId).filter(|&j| at.stacks[j as usize].is_all(at.side)),
        );
        self.start.clear();
        self.to.clear();
        for &j in &self.own {
            self.start.push(self.to.len());
            if steps {
                scratch.reach(at.board, at.tiles, at.stacks, j, &mut self.to);
            }
        }
        self.start.push(self.to.len());
        for &t in &self.touched {
            if let Some(list) = self.beside.get_mut(t as usize) {
                list.clear();
            }
        }
        self.touched.clear();
        self.beside.resize(at.stacks.len(), ArrayVec::new());
        for &j in &self.own {
            for &t in at.board.neighbours(j) {
                let list = &mut self.beside[t as usize];
                if list.is_empty() {
                    self.touched.push(t);
                }
                list.push(j);
            }
        }
        self.touched.sort_unstable();
    }

    /// Only some of the own stacks (`which`, indices into `all`), with their reaches:
    /// the `k`-th of them is `all[which[k]]`. Nothing is known of who stands beside whom.
    pub fn compute_for(
        &mut self,
        at: &StagedBoard,
        all: &[JunctionId],
        which: &[usize],
        scratch: &mut Scratch,
    ) {
        self.own.clear();
        self.own.extend(which.iter().map(|&i| all[i]));
        self.start.clear();
        self.to.clear();
        for &j in &self.own {
            self.start.push(self.to.len());
            scratch.reach(at.board, at.tiles, at.stacks, j, &mut self.to);
        }
        self.start.push(self.to.len());
    }

    /// The own stacks next to `target`, but for `without`.
    fn beside(
        &self,
        target: JunctionId,
        without: Option<JunctionId>,
    ) -> impl Iterator<Item = JunctionId> + '_ {
        self.beside[target as usize]
            .iter()
            .copied()
            .filter(move |&j| Some(j) != without)
    }

    /// Where the `i`-th own stack can step to.
    pub fn of(&self, i: usize) -> &[JunctionId] {
        &self.to[self.start[i]..self.start[i + 1]]
    }

    /// Every step there is.
    pub fn steps(&self) -> usize {
        self.to.len()
    }
}

/// How many ways [`splits`] divides a stack of `height` on `source` (after `step`, if
/// any): the same turns it emits, counted. Each target takes nothing or a substack that
/// may land on it; the parts use every piece, and there are at least two of them.
pub(crate) fn count_splits(
    at: &StagedBoard,
    height: u8,
    source: JunctionId,
    step: Option<(JunctionId, JunctionId)>,
) -> u64 {
    let h = height as usize;
    // Empty targets take any part; enemy stacks only parts that capture them.
    let mut empty = 0;
    let mut enemies: ArrayVec<(JunctionId, Stack), MAX_LINKS> = ArrayVec::new();
    for &target in at.board.neighbours(source) {
        let there = match step {
            Some((from, _)) if from == target => Stack::EMPTY,
            _ => at.stacks[target as usize],
        };
        if there.is_empty() {
            empty += 1;
        } else if !there.is_owned_by(at.side) {
            enemies.push((target, there));
        }
    }
    // ways[r]: how many ways the targets so far can take r pieces. The empty ones take
    // r pieces in C(r + e - 1, e - 1) ways (stars and bars).
    let mut ways = [0u64; Stack::MAX_HEIGHT as usize + 1];
    for (r, w) in ways.iter_mut().enumerate().take(h + 1) {
        *w = if empty == 0 {
            u64::from(r == 0)
        } else {
            binomial(r + empty - 1, empty - 1)
        };
    }
    // Targets that could take the whole stack alone: one part only, no split.
    let mut whole = empty as u32;
    for (target, there) in enemies {
        let colour = at.board.junction(target).colour;
        let mut allowed = 0u32;
        for part in 1..=h {
            if at.rules.may_land(at.side, part as u8, there, colour) {
                allowed |= 1 << part;
            }
        }
        whole += (allowed >> h) & 1;
        // In place, largest totals first, so each sum reads the counts before this
        // target.
        for r in (1..=h).rev() {
            let mut more = 0;
            let mut parts = allowed & ((2 << r) - 1);
            while parts != 0 {
                let part = parts.trailing_zeros() as usize;
                parts &= parts - 1;
                more += ways[r - part];
            }
            ways[r] += more;
        }
    }
    ways[h] - u64::from(whole)
}

/// n choose k, for the small numbers of stack heights and junction sides.
fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64)
}

/// Counts the merges [`merges`] emits onto `target`: subsets of the `candidates` (with
/// the stepped stack of height `stepped`, if any) of two or more stacks, whose total
/// height is within the limit and may land on `content`.
fn count_merges(
    at: &StagedBoard,
    target: JunctionId,
    content: Stack,
    candidates: impl Iterator<Item = JunctionId>,
    stepped: Option<u8>,
) -> u64 {
    let (base_height, base_count) = stepped.map_or((0, 0), |h| (h, 1));
    // The total height of each subset, built from the subset without its lowest member.
    let mut totals = [0u8; 1 << MAX_LINKS];
    let mut size = 0;
    for j in candidates {
        let height = at.stacks[j as usize].height();
        for mask in 0..(1 << size) {
            totals[mask | 1 << size] = totals[mask] + height;
        }
        size += 1;
    }
    let colour = at.board.junction(target).colour;
    let mut count = 0;
    for (mask, &total) in totals.iter().enumerate().take(1 << size).skip(1) {
        let taken = mask.count_ones();
        // A stepped merge lists its sources and the stepped stack: at most MAX_LINKS.
        if base_count + taken < 2 || (stepped.is_some() && taken as usize >= MAX_LINKS) {
            continue;
        }
        let total = base_height + total;
        if total <= at.rules.max_height && at.rules.may_land(at.side, total, content, colour) {
            count += 1;
        }
    }
    count
}

/// The side's stacks next to `target` that may join a merge onto it, leaving out the
/// stepped stack's old place.
pub(crate) fn merge_sources(
    at: &StagedBoard,
    target: JunctionId,
    without: Option<JunctionId>,
) -> ArrayVec<JunctionId, MAX_LINKS> {
    at.board
        .neighbours(target)
        .iter()
        .copied()
        .filter(|&n| Some(n) != without && at.stacks[n as usize].is_all(at.side))
        .collect()
}

/// What a stepped merge lands on: the target's stack, or nothing where the stepped stack
/// left it.
fn content_after_step(at: &StagedBoard, target: JunctionId, from: JunctionId) -> Stack {
    if target == from {
        Stack::EMPTY
    } else {
        at.stacks[target as usize]
    }
}

/// One group of stack moves: what `stack_moves` emits for one kind, one stack (or one
/// target), counted.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Category {
    Steps {
        own: usize,
    },
    Splits {
        own: usize,
    },
    SteppedSplits {
        own: usize,
        to: JunctionId,
    },
    Merges {
        target: JunctionId,
    },
    SteppedMerges {
        own: usize,
        to: JunctionId,
        target: JunctionId,
    },
}

/// Walks the categories of the board's stack moves in emission order with their counts,
/// until `visit` breaks.
fn for_each_category(
    at: &StagedBoard,
    kinds: PieceKinds,
    reaches: &OwnStacks,
    visit: &mut dyn FnMut(Category, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if kinds.contains(PieceKind::Step) {
        for own in 0..reaches.own.len() {
            visit(Category::Steps { own }, reaches.of(own).len() as u64)?;
        }
    }
    let split = kinds.contains(PieceKind::Split);
    let step_then_split = kinds.contains(PieceKind::StepThenSplit);
    if split || step_then_split {
        for (own, &j) in reaches.own.iter().enumerate() {
            let height = at.stacks[j as usize].height();
            if height < 2 {
                continue;
            }
            if split {
                visit(Category::Splits { own }, count_splits(at, height, j, None))?;
            }
            if step_then_split {
                for &to in reaches.of(own) {
                    let count = count_splits(at, height, to, Some((j, to)));
                    visit(Category::SteppedSplits { own, to }, count)?;
                }
            }
        }
    }
    if kinds.contains(PieceKind::Merge) {
        // Only a junction next to two own stacks can be merged onto.
        for &target in &reaches.touched {
            let content = at.stacks[target as usize];
            if content.is_owned_by(at.side) || reaches.beside[target as usize].len() < 2 {
                continue;
            }
            let count = count_merges(at, target, content, reaches.beside(target, None), None);
            visit(Category::Merges { target }, count)?;
        }
    }
    if kinds.contains(PieceKind::StepThenMerge) {
        for (own, &from) in reaches.own.iter().enumerate() {
            // A stepped merge's count depends on the stack and the target, not on where
            // the step ended: targets next to several steps' ends are counted once.
            let mut known: ArrayVec<(JunctionId, u64), 32> = ArrayVec::new();
            for &to in reaches.of(own) {
                for &target in at.board.neighbours(to) {
                    let beside = &reaches.beside[target as usize];
                    if beside.is_empty() || (beside.len() == 1 && beside[0] == from) {
                        continue;
                    }
                    let count = match known.iter().find(|(t, _)| *t == target) {
                        Some(&(_, count)) => count,
                        None => {
                            let content = content_after_step(at, target, from);
                            let count = if content.is_owned_by(at.side) {
                                0
                            } else {
                                let others = reaches.beside(target, Some(from));
                                let stepped = Some(at.stacks[from as usize].height());
                                count_merges(at, target, content, others, stepped)
                            };
                            let _ = known.try_push((target, count));
                            count
                        }
                    };
                    if count > 0 {
                        visit(Category::SteppedMerges { own, to, target }, count)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// How many stack moves `stack_moves` emits for these piece kinds; the categories that
/// have any are added to `tally` with their counts, for [`nth_stack_move`].
pub(crate) fn count_stack_moves(
    at: &StagedBoard,
    kinds: PieceKinds,
    reaches: &OwnStacks,
    tally: &mut Vec<(Category, u64)>,
) -> u64 {
    let mut total = 0;
    let _ = for_each_category(at, kinds, reaches, &mut |category, count| {
        if count > 0 {
            tally.push((category, count));
            total += count;
        }
        ControlFlow::Continue(())
    });
    total
}

/// Whether there is any stack move at all (cheaper than counting: a step is enough).
pub(crate) fn any_stack_move(at: &StagedBoard, kinds: PieceKinds, reaches: &OwnStacks) -> bool {
    if kinds.contains(PieceKind::Step) && reaches.steps() > 0 {
        return true;
    }
    for_each_category(at, kinds, reaches, &mut |_, count| {
        if count > 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// The `k`-th stack move in emission order, of the categories [`count_stack_moves`]
/// tallied (`k` below their total).
pub(crate) fn nth_stack_move(
    at: &StagedBoard,
    reaches: &OwnStacks,
    tally: &[(Category, u64)],
    mut k: u64,
) -> PieceAction {
    let mut found = None;
    for &(category, count) in tally {
        if k < count {
            found = Some(category);
            break;
        }
        k -= count;
    }
    let category = found.expect("k is below the number of stack moves");
    // List the one category, stopping at its k-th move.
    let mut picked = None;
    let mut take = |action: PieceAction| {
        if k == 0 {
            picked = Some(action);
            return ControlFlow::Break(());
        }
        k -= 1;
        ControlFlow::Continue(())
    };
    let stack_of = |own: usize| (reaches.own[own], at.stacks[reaches.own[own] as usize]);
    match category {
        Category::Steps { own } => {
            let from = reaches.own[own];
            let to = reaches.of(own)[k as usize];
            return PieceAction::Step { from, to };
        }
        Category::Splits { own } => {
            let (j, stack) = stack_of(own);
            let _ = splits(
                at.board,
                at.rules,
                at.side,
                at.stacks,
                stack.height(),
                j,
                None,
                &mut take,
            );
        }
        Category::SteppedSplits { own, to } => {
            let (j, stack) = stack_of(own);
            let _ = splits(
                at.board,
                at.rules,
                at.side,
                at.stacks,
                stack.height(),
                to,
                Some((j, to)),
                &mut take,
            );
        }
        Category::Merges { target } => {
            let content = at.stacks[target as usize];
            let sources = merge_sources(at, target, None);
            let _ = merges(
                at.board, at.rules, at.side, at.stacks, target, content, &sources, None, &mut take,
            );
        }
        Category::SteppedMerges { own, to, target } => {
            let from = reaches.own[own];
            let content = content_after_step(at, target, from);
            let others = merge_sources(at, target, Some(from));
            let _ = merges(
                at.board,
                at.rules,
                at.side,
                at.stacks,
                target,
                content,
                &others,
                Some((from, to)),
                &mut take,
            );
        }
    }
    picked.expect("the category holds its counted moves")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{flippable_cells, for_each_turn, Flips};
    use crate::sampler::staged_tiles;
    use crate::testing::games::{start, Draws};
    use crate::testing::square_model;
    use crate::Turn;

    /// The counts and the k-th moves agree with the generator's list, flip option by
    /// flip option, on positions along random games (tall stacks, captures and all).
    #[test]
    fn counts_and_picks_follow_the_generator() {
        // Which kinds of move the positions had: stepped splits and merges must be among
        // them for the test to mean something.
        let mut seen = [false; 4];
        for size in [3, 5, 7] {
            let model = square_model(size, |a, d, home| if home { a > d } else { a >= d });
            for seed in 0..4 {
                let mut draws = Draws(seed * 97 + size as u64);
                let mut position = start(&model, &mut draws);
                for _ in 0..80 {
                    let options: Vec<Option<u16>> = std::iter::once(None)
                        .chain(flippable_cells(&position).map(Some))
                        .collect();
                    let mut copy = Vec::new();
                    let mut scratch = Scratch::default();
                    let mut reaches = OwnStacks::default();
                    let mut all = Vec::new();
                    for flip in options {
                        let mut listed: Vec<Turn> = Vec::new();
                        let _ = for_each_turn(&model, &position, Flips::Only(flip), &mut |t, _| {
                            listed.push(t.clone());
                            ControlFlow::Continue(())
                        });
                        let at = StagedBoard {
                            board: position.board(),
                            rules: &model.rules,
                            tiles: staged_tiles(&position, flip, &mut copy),
                            stacks: position.stacks(),
                            side: position.side(),
                        };
                        reaches.compute(&at, true, &mut scratch);
                        let group = model
                            .rules
                            .forms
                            .groups()
                            .iter()
                            .find(|g| g.flip == flip.is_some())
                            .unwrap();
                        let mut tally = Vec::new();
                        let count = count_stack_moves(&at, group.pieces, &reaches, &mut tally);
                        assert_eq!(count as usize, listed.len());
                        assert_eq!(any_stack_move(&at, group.pieces, &reaches), count > 0);
                        for (k, turn) in listed.iter().enumerate() {
                            let picked = nth_stack_move(&at, &reaches, &tally, k as u64);
                            assert_eq!(Some(picked), turn.piece);
                        }
                        for turn in &listed {
                            match &turn.piece {
                                Some(PieceAction::Split { step: None, .. }) => seen[0] = true,
                                Some(PieceAction::Split { step: Some(_), .. }) => seen[1] = true,
                                Some(PieceAction::Merge { step: None, .. }) => seen[2] = true,
                                Some(PieceAction::Merge { step: Some(_), .. }) => seen[3] = true,
                                _ => {}
                            }
                        }
                        all.extend(listed);
                    }
                    if all.is_empty() {
                        break;
                    }
                    let turn = &all[draws.below(all.len())];
                    let delta = model.delta(&position, turn);
                    model.apply(&mut position, &delta);
                }
            }
        }
        assert_eq!(
            seen, [true; 4],
            "splits and merges, with and without a step"
        );
    }
}
