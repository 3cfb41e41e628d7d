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

use crate::forms::{PieceForm, PieceForms};
use arrayvec::ArrayVec;

use crate::empty_areas::EmptyAreas;
use crate::movegen::{merges, splits, Scratch};
use crate::position::held_in;
use crate::turn::MAX_LINKS;
use crate::{Board, JunctionId, PieceAction, PlayerId, Position, Rules, Stack};

/// A staged board as the stack moves see it: tiles after the flip, and the stacks.
#[derive(Clone, Copy)]
pub(crate) struct StagedBoard<'a> {
    pub board: &'a Board,
    pub rules: &'a Rules,
    pub tiles: &'a [u8],
    pub stacks: &'a [Stack],
    /// Which junctions hold a piece ([`Position::held_junctions`]' bits).
    pub held: &'a [u64],
    pub side: PlayerId,
}

impl<'a> StagedBoard<'a> {
    /// The position's board, stacks and side to move, with these tiles (the position's
    /// own, or a copy with a tile flipped).
    pub fn new(rules: &'a Rules, position: &'a Position, tiles: &'a [u8]) -> StagedBoard<'a> {
        StagedBoard {
            board: position.board(),
            rules,
            tiles,
            stacks: position.stacks(),
            held: position.held_bits(),
            side: position.side(),
        }
    }

    /// The generator's splits of a stack of `height` on `source` (after `step`), on this
    /// board.
    pub fn splits(
        &self,
        height: u8,
        source: JunctionId,
        step: Option<(JunctionId, JunctionId)>,
        emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        splits(
            self.board,
            self.rules,
            self.side,
            self.stacks,
            height,
            source,
            step,
            emit,
        )
    }

    /// The generator's merges of `sources` (and the stepped stack, after `step`) onto
    /// `target`, which holds `content`, on this board.
    pub fn merges(
        &self,
        target: JunctionId,
        content: Stack,
        sources: &[JunctionId],
        step: Option<(JunctionId, JunctionId)>,
        emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        merges(
            self.board,
            self.rules,
            self.side,
            self.stacks,
            target,
            content,
            sources,
            step,
            emit,
        )
    }
}

/// The side's stacks that move whole (all of their pieces the side's): which of them
/// stand next to each junction (the stacks a merge onto it can gather), and where each
/// can step to along bands, as the empty areas next to it ([`OwnStacks::compute_areas`],
/// for counting) or as lists in the order the generator steps ([`OwnStacks::compute`]).
pub(crate) struct OwnStacks {
    pub own: Vec<JunctionId>,
    start: Vec<usize>,
    to: Vec<JunctionId>,
    /// The empty areas next to each own stack (after `compute_areas`).
    areas: EmptyAreas,
    /// From what size an area's sums are shared (see [`SHARED_AREA`]); tests vary it.
    shared_area: usize,
    /// For each junction, the own stacks next to it; only `touched` ones are filled.
    beside: Vec<ArrayVec<JunctionId, MAX_LINKS>>,
    /// The junctions next to an own stack, in ascending order.
    touched: Vec<JunctionId>,
    /// The same junctions as bits, to list them in order without sorting.
    touched_bits: Vec<u64>,
}

impl Default for OwnStacks {
    fn default() -> Self {
        OwnStacks {
            own: Vec::new(),
            start: Vec::new(),
            to: Vec::new(),
            areas: EmptyAreas::default(),
            shared_area: SHARED_AREA,
            beside: Vec::new(),
            touched: Vec::new(),
            touched_bits: Vec::new(),
        }
    }
}

impl OwnStacks {
    /// Finds the own stacks, and their reaches as lists when `steps` (else every reach is
    /// empty).
    pub fn compute(&mut self, at: &StagedBoard, steps: bool, scratch: &mut Scratch) {
        self.find_own(at);
        self.start.clear();
        self.to.clear();
        for &j in &self.own {
            self.start.push(self.to.len());
            if steps {
                scratch.reach(at.board, at.tiles, at.stacks, j, &mut self.to);
            }
        }
        self.start.push(self.to.len());
    }

    /// Finds the own stacks, and the empty areas next to them when `steps` (else none):
    /// what counting needs, without listing any stack's reach.
    pub fn compute_areas(&mut self, at: &StagedBoard, steps: bool) {
        self.find_own(at);
        self.areas
            .compute(at.board, at.tiles, at.stacks, &self.own, steps);
    }

    /// The own stacks, and who stands beside each junction.
    fn find_own(&mut self, at: &StagedBoard) {
        self.own.clear();
        self.own
            .extend(held_in(at.held).filter(|&j| at.stacks[j as usize].is_all(at.side)));
        for &t in &self.touched {
            if let Some(list) = self.beside.get_mut(t as usize) {
                list.clear();
            }
        }
        self.touched.clear();
        self.beside.resize(at.stacks.len(), ArrayVec::new());
        self.touched_bits.clear();
        self.touched_bits.resize(at.stacks.len().div_ceil(64), 0);
        for &j in &self.own {
            for &t in at.board.neighbours(j) {
                self.beside[t as usize].push(j);
                self.touched_bits[t as usize / 64] |= 1 << (t % 64);
            }
        }
        for (word, &bits) in self.touched_bits.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                self.touched
                    .push((word * 64) as JunctionId + bits.trailing_zeros() as JunctionId);
                bits &= bits - 1;
            }
        }
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

/// What stands on `target` once a stack has stepped away `from` its old place (which
/// the step leaves empty).
fn content_after_step(at: &StagedBoard, target: JunctionId, from: Option<JunctionId>) -> Stack {
    if Some(target) == from {
        Stack::EMPTY
    } else {
        at.stacks[target as usize]
    }
}

/// How many merges a stack of `height` that stepped makes onto `target`, with the own
/// stacks beside it: the stepped stack came `from` there, or (`None`) from a junction
/// neither beside `target` nor on it, which gives every such stack the same count.
fn stepped_merges_onto(
    at: &StagedBoard,
    beside: &[ArrayVec<JunctionId, MAX_LINKS>],
    target: JunctionId,
    height: u8,
    from: Option<JunctionId>,
) -> u64 {
    let near = &beside[target as usize];
    if near.iter().all(|&j| Some(j) == from) {
        return 0;
    }
    let content = content_after_step(at, target, from);
    if content.is_owned_by(at.side) {
        return 0;
    }
    let others = near.iter().copied().filter(|&j| Some(j) != from);
    count_merges(at, target, content, others, Some(height))
}

/// Keys of the sums [`EmptyAreas::area_sum`] remembers, one per kind and height.
fn splits_key(height: u8) -> u32 {
    u32::from(height)
}

fn merges_key(height: u8) -> u32 {
    0x100 | u32::from(height)
}

/// Areas at least this big have their sums added up once and shared by the stacks next
/// to them; the junctions of smaller ones are visited stack by stack, which costs less
/// than correcting a shared sum for each stack. (Instructions per playout turn and
/// junction on 7x7 and 21x21: 12 gave 424 and 603, 24 gave 410 and 605, 48 gave 410
/// and 635.)
const SHARED_AREA: usize = 24;

/// How many splits the `own`-th stack (of `height`) makes after a step: the sum, over
/// the junctions it reaches, of the splits there. A big area's sum is shared by the
/// stacks of that height next to it, corrected where the step's end is next to this
/// stack's old place, which the step leaves empty.
fn stepped_splits(at: &StagedBoard, reaches: &mut OwnStacks, own: usize, height: u8) -> u64 {
    let from = reaches.own[own];
    let shared_area = reaches.shared_area;
    let areas = &mut reaches.areas;
    let mut total = 0;
    for i in 0..areas.next_to(own).len() {
        let area = areas.next_to(own)[i];
        if areas.members(area).len() < shared_area {
            for &to in areas.members(area) {
                total += count_splits(at, height, to, Some((from, to)));
            }
            continue;
        }
        total += areas.area_sum(area, splits_key(height), |to| {
            count_splits(at, height, to, None)
        });
        for &to in at.board.neighbours(from) {
            if areas.area_at(to) == Some(area) {
                total += count_splits(at, height, to, Some((from, to)));
                total -= count_splits(at, height, to, None);
            }
        }
    }
    total
}

/// How many merges the `own`-th stack makes after a step: for each junction it reaches,
/// the merges onto each junction next to it. As for [`stepped_splits`], a big area's sum
/// is shared, and corrected for the targets next to this stack's old place, or on it.
fn stepped_merges(at: &StagedBoard, reaches: &mut OwnStacks, own: usize) -> u64 {
    let from = reaches.own[own];
    let height = at.stacks[from as usize].height();
    let OwnStacks {
        areas,
        beside,
        shared_area,
        ..
    } = reaches;
    let shared_area = *shared_area;
    let onto = |target: JunctionId, from: Option<JunctionId>| {
        stepped_merges_onto(at, beside, target, height, from)
    };
    let mut total = 0;
    // A target next to several step ends has one count: remembered, not counted again.
    let mut known: ArrayVec<(JunctionId, u64), 32> = ArrayVec::new();
    for i in 0..areas.next_to(own).len() {
        let area = areas.next_to(own)[i];
        if areas.members(area).len() < shared_area {
            for &to in areas.members(area) {
                for &target in at.board.neighbours(to) {
                    if beside[target as usize].is_empty() {
                        continue;
                    }
                    total += match known.iter().find(|(t, _)| *t == target) {
                        Some(&(_, count)) => count,
                        None => {
                            let count = onto(target, Some(from));
                            let _ = known.try_push((target, count));
                            count
                        }
                    };
                }
            }
            continue;
        }
        total += areas.area_sum(area, merges_key(height), |to| {
            let targets = at.board.neighbours(to).iter();
            let near = targets.filter(|&&target| !beside[target as usize].is_empty());
            near.map(|&target| onto(target, None)).sum()
        });
        let near = at.board.neighbours(from).iter().copied();
        for target in near.chain(std::iter::once(from)) {
            let ends = at
                .board
                .neighbours(target)
                .iter()
                .filter(|&&to| areas.area_at(to) == Some(area))
                .count() as u64;
            // The shared sum counts nothing onto the stack's old place, which holds an own
            // stack for every stack but this one.
            if ends > 0 {
                total += ends * onto(target, Some(from));
                if target != from {
                    total -= ends * onto(target, None);
                }
            }
        }
    }
    total
}

/// One group of stack moves: what `stack_moves` emits for one kind and one stack (or
/// one target), counted.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Category {
    Steps { own: usize },
    Splits { own: usize },
    SteppedSplits { own: usize },
    Merges { target: JunctionId },
    SteppedMerges { own: usize },
}

/// Walks the categories of the board's stack moves in emission order with their counts,
/// until `visit` breaks. `reaches` must come from [`OwnStacks::compute_areas`].
fn for_each_category(
    at: &StagedBoard,
    forms: PieceForms,
    reaches: &mut OwnStacks,
    visit: &mut dyn FnMut(Category, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let stacks = reaches.own.len();
    if forms.contains(PieceForm::Step) {
        for own in 0..stacks {
            visit(
                Category::Steps { own },
                reaches.areas.reach_size(own) as u64,
            )?;
        }
    }
    let split = forms.contains(PieceForm::Split);
    let step_then_split = forms.contains(PieceForm::StepThenSplit);
    if split || step_then_split {
        for own in 0..stacks {
            let j = reaches.own[own];
            let height = at.stacks[j as usize].height();
            if height < 2 {
                continue;
            }
            if split {
                visit(Category::Splits { own }, count_splits(at, height, j, None))?;
            }
            if step_then_split {
                let count = stepped_splits(at, reaches, own, height);
                visit(Category::SteppedSplits { own }, count)?;
            }
        }
    }
    if forms.contains(PieceForm::Merge) {
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
    if forms.contains(PieceForm::StepThenMerge) {
        for own in 0..stacks {
            let count = stepped_merges(at, reaches, own);
            visit(Category::SteppedMerges { own }, count)?;
        }
    }
    ControlFlow::Continue(())
}

/// How many stack moves `stack_moves` emits for these piece forms; the categories that
/// have any are added to `tally` with their counts, for [`nth_stack_move`].
pub(crate) fn count_stack_moves(
    at: &StagedBoard,
    forms: PieceForms,
    reaches: &mut OwnStacks,
    tally: &mut Vec<(Category, u64)>,
) -> u64 {
    let mut total = 0;
    let _ = for_each_category(at, forms, reaches, &mut |category, count| {
        if count > 0 {
            tally.push((category, count));
            total += count;
        }
        ControlFlow::Continue(())
    });
    total
}

/// Whether there is any stack move at all (cheaper than counting: a step is enough).
pub(crate) fn any_stack_move(at: &StagedBoard, forms: PieceForms, reaches: &mut OwnStacks) -> bool {
    let stepping = (0..reaches.own.len()).any(|own| !reaches.areas.next_to(own).is_empty());
    if forms.contains(PieceForm::Step) && stepping {
        return true;
    }
    for_each_category(at, forms, reaches, &mut |_, count| {
        if count > 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// The `k`-th stack move in emission order, of the categories [`count_stack_moves`]
/// tallied (`k` below their total). Only the stack it falls to has its reach listed,
/// into `reach`.
pub(crate) fn nth_stack_move(
    at: &StagedBoard,
    reaches: &OwnStacks,
    tally: &[(Category, u64)],
    mut k: u64,
    scratch: &mut Scratch,
    reach: &mut Vec<JunctionId>,
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
    let mut list_reach = |own: usize| {
        let from = reaches.own[own];
        reach.clear();
        scratch.reach(at.board, at.tiles, at.stacks, from, reach);
        (from, at.stacks[from as usize].height())
    };
    match category {
        Category::Steps { own } => {
            let (from, _) = list_reach(own);
            PieceAction::Step {
                from,
                to: reach[k as usize],
            }
        }
        Category::Splits { own } => {
            let j = reaches.own[own];
            let height = at.stacks[j as usize].height();
            kth(k, |mut take| at.splits(height, j, None, &mut take))
        }
        Category::SteppedSplits { own } => {
            let (from, height) = list_reach(own);
            // Skip whole step ends by their counts; list the splits at the one k is in.
            for &to in reach.iter() {
                let step = Some((from, to));
                let here = count_splits(at, height, to, step);
                if k < here {
                    return kth(k, |mut take| at.splits(height, to, step, &mut take));
                }
                k -= here;
            }
            unreachable!("the stack's stepped splits hold k")
        }
        Category::Merges { target } => {
            let content = at.stacks[target as usize];
            let sources = merge_sources(at, target, None);
            kth(k, |mut take| {
                at.merges(target, content, &sources, None, &mut take)
            })
        }
        Category::SteppedMerges { own } => {
            let (from, height) = list_reach(own);
            for &to in reach.iter() {
                for &target in at.board.neighbours(to) {
                    let here = stepped_merges_onto(at, &reaches.beside, target, height, Some(from));
                    if k < here {
                        let content = content_after_step(at, target, Some(from));
                        let others = merge_sources(at, target, Some(from));
                        let step = Some((from, to));
                        return kth(k, |mut take| {
                            at.merges(target, content, &others, step, &mut take)
                        });
                    }
                    k -= here;
                }
            }
            unreachable!("the stack's stepped merges hold k")
        }
    }
}

/// The `k`-th action a listing emits (it emits more than `k`).
fn kth(
    mut k: u64,
    list: impl FnOnce(&mut dyn FnMut(PieceAction) -> ControlFlow<()>) -> ControlFlow<()>,
) -> PieceAction {
    let mut picked = None;
    let _ = list(&mut |action| {
        if k == 0 {
            picked = Some(action);
            return ControlFlow::Break(());
        }
        k -= 1;
        ControlFlow::Continue(())
    });
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
                    let mut reach = Vec::new();
                    let mut all = Vec::new();
                    for flip in options {
                        let mut listed: Vec<Turn> = Vec::new();
                        let _ = for_each_turn(&model, &position, Flips::Only(flip), &mut |t, _| {
                            listed.push(t.clone());
                            ControlFlow::Continue(())
                        });
                        let tiles = staged_tiles(&position, flip, &mut copy);
                        let at = StagedBoard::new(&model.rules, &position, tiles);
                        let group = model
                            .rules
                            .forms
                            .groups()
                            .iter()
                            .find(|g| g.flip == flip.is_some())
                            .unwrap();
                        // Every area's sums shared, the default, none shared: the same.
                        for shared_area in [1, SHARED_AREA, usize::MAX] {
                            reaches.shared_area = shared_area;
                            reaches.compute_areas(&at, true);
                            let mut tally = Vec::new();
                            let count =
                                count_stack_moves(&at, group.pieces, &mut reaches, &mut tally);
                            assert_eq!(count as usize, listed.len());
                            let any = any_stack_move(&at, group.pieces, &mut reaches);
                            assert_eq!(any, count > 0);
                            for (k, turn) in listed.iter().enumerate() {
                                let picked = nth_stack_move(
                                    &at,
                                    &reaches,
                                    &tally,
                                    k as u64,
                                    &mut scratch,
                                    &mut reach,
                                );
                                assert_eq!(Some(picked), turn.piece);
                            }
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
