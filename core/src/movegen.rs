//! Turn generation: every flip-and-stack-move combination, in stages.
//!
//! Stage one picks a flip (or none) and changes the tile in place; stage two generates the
//! stack moves of that board. The generator visits structural turns without allocating;
//! callers de-duplicate by [`Delta`](crate::Delta) when they need distinct turns.

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use crate::turn::MAX_LINKS;
use crate::{Board, CellId, JunctionId, PlayerId, Position, Rules, Stack, StackMove, Turn};

/// Reusable scratch space for generation: the junctions each stack can step to.
#[derive(Default)]
pub(crate) struct Scratch {
    visited: Vec<u32>,
    stamp: u32,
    queue: Vec<JunctionId>,
}

impl Scratch {
    /// Empty junctions reachable from `start` along band links through empty junctions,
    /// pushed onto `out` (not `start` itself).
    pub(crate) fn reach(
        &mut self,
        board: &Board,
        tiles: &[u8],
        stacks: &[Stack],
        start: JunctionId,
        out: &mut Vec<JunctionId>,
    ) {
        if self.visited.len() != stacks.len() {
            self.visited = vec![0; stacks.len()];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.visited.iter_mut().for_each(|v| *v = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.visited[start as usize] = stamp;
        self.queue.clear();
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let j = self.queue[head];
            head += 1;
            for link in board.band_links(j) {
                let to = link.to as usize;
                if link.states & (1 << tiles[link.cell as usize]) != 0
                    && self.visited[to] != stamp
                    && stacks[to].is_empty()
                {
                    self.visited[to] = stamp;
                    self.queue.push(link.to);
                    out.push(link.to);
                }
            }
        }
    }
}

/// Cells whose tile may flip now: no piece stands on any of their corners.
pub(crate) fn flippable_cells<'a>(
    board: &'a Board,
    position: &'a Position,
) -> impl Iterator<Item = CellId> + 'a {
    (0..board.cell_count() as CellId).filter(move |&c| {
        board
            .cell_junctions(c)
            .iter()
            .all(|&j| position.stack(j).is_empty())
    })
}

/// Visits every turn of the side to move, flips included when the rules allow them;
/// turns that leave the same position may be visited more than once.
pub(crate) fn for_each_turn(
    board: &Board,
    rules: &Rules,
    position: &Position,
    with_flips: bool,
    visit: &mut dyn FnMut(&Turn) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut scratch = Scratch::default();
    let mut tiles = position.tiles.clone();
    stack_moves(board, rules, position, &tiles, &mut scratch, None, visit)?;
    if !(with_flips && rules.parts.flip) {
        return ControlFlow::Continue(());
    }
    for cell in flippable_cells(board, position) {
        let before = tiles[cell as usize];
        tiles[cell as usize] = board.tiles().flipped(before);
        let flow = stack_moves(
            board,
            rules,
            position,
            &tiles,
            &mut scratch,
            Some(cell),
            visit,
        );
        tiles[cell as usize] = before;
        flow?;
    }
    ControlFlow::Continue(())
}

/// Visits the turns that make one given flip (or none) first: stage two alone, as a
/// playout needs it after choosing the flip.
pub(crate) fn for_each_turn_with_flip(
    board: &Board,
    rules: &Rules,
    position: &Position,
    flip: Option<CellId>,
    visit: &mut dyn FnMut(&Turn) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut tiles = position.tiles.clone();
    if let Some(cell) = flip {
        tiles[cell as usize] = board.tiles().flipped(tiles[cell as usize]);
    }
    stack_moves(
        board,
        rules,
        position,
        &tiles,
        &mut Scratch::default(),
        flip,
        visit,
    )
}

/// Stage two: the stack moves on one board of tiles (after the flip, if any).
fn stack_moves(
    board: &Board,
    rules: &Rules,
    position: &Position,
    tiles: &[u8],
    scratch: &mut Scratch,
    flip: Option<CellId>,
    visit: &mut dyn FnMut(&Turn) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let side = position.side();
    let stacks = position.stacks();
    let parts = rules.parts;
    let mut emit = |stack_move: StackMove| visit(&Turn { flip, stack_move });

    let own: Vec<JunctionId> = (0..stacks.len() as JunctionId)
        .filter(|&j| stacks[j as usize].is_owned_by(side))
        .collect();
    // Where each own stack can step to, computed once per board of tiles.
    let needs_reach = parts.step || parts.step_then_merge || parts.step_then_split;
    let mut reach_start = Vec::with_capacity(own.len() + 1);
    let mut reach: Vec<JunctionId> = Vec::new();
    for &j in &own {
        reach_start.push(reach.len());
        if needs_reach {
            scratch.reach(board, tiles, stacks, j, &mut reach);
        }
    }
    reach_start.push(reach.len());
    let reach_of = |i: usize| &reach[reach_start[i]..reach_start[i + 1]];

    if parts.step {
        for (i, &from) in own.iter().enumerate() {
            for &to in reach_of(i) {
                emit(StackMove::Step { from, to })?;
            }
        }
    }

    if parts.split || parts.step_then_split {
        for (i, &j) in own.iter().enumerate() {
            let stack = stacks[j as usize];
            if stack.height() < 2 {
                continue;
            }
            if parts.split {
                splits(
                    board,
                    rules,
                    side,
                    stacks,
                    stack.height(),
                    j,
                    None,
                    &mut emit,
                )?;
            }
            if parts.step_then_split {
                for &to in reach_of(i) {
                    splits(
                        board,
                        rules,
                        side,
                        stacks,
                        stack.height(),
                        to,
                        Some((j, to)),
                        &mut emit,
                    )?;
                }
            }
        }
    }

    if parts.merge {
        for target in 0..stacks.len() as JunctionId {
            let content = stacks[target as usize];
            if content.is_owned_by(side) {
                continue;
            }
            let sources: ArrayVec<JunctionId, MAX_LINKS> = board
                .neighbours(target)
                .iter()
                .copied()
                .filter(|&n| stacks[n as usize].is_owned_by(side))
                .collect();
            merges(
                board, rules, side, stacks, target, content, &sources, None, &mut emit,
            )?;
        }
    }

    if parts.step_then_merge {
        for (i, &from) in own.iter().enumerate() {
            for &to in reach_of(i) {
                for &target in board.neighbours(to) {
                    // After the step, `from` is empty and `to` holds the stepped stack.
                    let content = if target == from {
                        Stack::EMPTY
                    } else {
                        stacks[target as usize]
                    };
                    if content.is_owned_by(side) {
                        continue;
                    }
                    let others: ArrayVec<JunctionId, MAX_LINKS> = board
                        .neighbours(target)
                        .iter()
                        .copied()
                        .filter(|&n| n != from && stacks[n as usize].is_owned_by(side))
                        .collect();
                    merges(
                        board,
                        rules,
                        side,
                        stacks,
                        target,
                        content,
                        &others,
                        Some((from, to)),
                        &mut emit,
                    )?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Merges onto `target` from subsets of `candidates`; with a step, the stepped stack joins
/// every subset and one other stack is enough.
#[allow(clippy::too_many_arguments)]
fn merges(
    board: &Board,
    rules: &Rules,
    side: PlayerId,
    stacks: &[Stack],
    target: JunctionId,
    content: Stack,
    candidates: &[JunctionId],
    step: Option<(JunctionId, JunctionId)>,
    emit: &mut impl FnMut(StackMove) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (base_height, base_count) = match step {
        Some((from, _)) => (stacks[from as usize].height(), 1),
        None => (0, 0),
    };
    let colour = board.junction(target).colour;
    for mask in 1u32..(1 << candidates.len()) {
        if base_count + mask.count_ones() < 2 {
            continue;
        }
        let mut total = base_height;
        let mut sources: ArrayVec<JunctionId, MAX_LINKS> = ArrayVec::new();
        for (k, &c) in candidates.iter().enumerate() {
            if mask & (1 << k) != 0 {
                total += stacks[c as usize].height();
                sources.push(c);
            }
        }
        if total > rules.max_height || !rules.may_land(side, total, content, colour) {
            continue;
        }
        if let Some((_, to)) = step {
            if sources.is_full() {
                continue;
            }
            sources.push(to);
            sources.sort_unstable();
        }
        emit(StackMove::Merge {
            step,
            sources,
            target,
        })?;
    }
    ControlFlow::Continue(())
}

/// Every division of a stack of `height` on `source` into two or more substacks on
/// distinct adjacent junctions where each may land.
#[allow(clippy::too_many_arguments)]
fn splits(
    board: &Board,
    rules: &Rules,
    side: PlayerId,
    stacks: &[Stack],
    height: u8,
    source: JunctionId,
    step: Option<(JunctionId, JunctionId)>,
    emit: &mut impl FnMut(StackMove) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let content = |j: JunctionId| match step {
        Some((from, _)) if from == j => Stack::EMPTY,
        _ => stacks[j as usize],
    };
    let targets: ArrayVec<JunctionId, MAX_LINKS> = board
        .neighbours(source)
        .iter()
        .copied()
        .filter(|&n| !content(n).is_owned_by(side))
        .collect();
    let mut parts: ArrayVec<(JunctionId, u8), MAX_LINKS> = ArrayVec::new();
    distribute(
        board,
        rules,
        side,
        &content,
        &targets,
        height,
        &mut parts,
        &mut |parts| {
            if parts.len() < 2 {
                return ControlFlow::Continue(());
            }
            emit(StackMove::Split {
                step,
                source,
                parts: parts.clone(),
            })
        },
    )
}

/// Assigns the `remaining` pieces to the targets in order, each target taking none or a
/// substack that may land there.
#[allow(clippy::too_many_arguments)]
fn distribute(
    board: &Board,
    rules: &Rules,
    side: PlayerId,
    content: &impl Fn(JunctionId) -> Stack,
    targets: &[JunctionId],
    remaining: u8,
    parts: &mut ArrayVec<(JunctionId, u8), MAX_LINKS>,
    done: &mut impl FnMut(&ArrayVec<(JunctionId, u8), MAX_LINKS>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if remaining == 0 {
        return done(parts);
    }
    let Some((&target, rest)) = targets.split_first() else {
        return ControlFlow::Continue(());
    };
    // The target takes nothing...
    distribute(board, rules, side, content, rest, remaining, parts, done)?;
    // ...or a substack of 1..=remaining that may land on it.
    let colour = board.junction(target).colour;
    let there = content(target);
    for h in 1..=remaining {
        if rules.may_land(side, h, there, colour) {
            parts.push((target, h));
            let flow = distribute(
                board,
                rules,
                side,
                content,
                rest,
                remaining - h,
                parts,
                done,
            );
            parts.pop();
            flow?;
        }
    }
    ControlFlow::Continue(())
}
