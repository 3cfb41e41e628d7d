//! Turn generation, in stages, one per part of a turn.
//!
//! For each group of turn forms (see [`crate::TurnForms`]): stage one picks a flip (or
//! none) and changes the tile in place; stage two picks a tile action (or none) and builds
//! the position it leaves; stage three generates the piece actions on that position.
//! Every turn is visited with that *staged* position, from which its [`Delta`] follows.
//! Stack moves are generated without allocating; callers de-duplicate by delta when they
//! need distinct turns.
//!
//! [`Delta`]: crate::Delta

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use crate::board_cache::NewBoard;
use crate::forms::{FormGroup, PieceForm, PieceForms, TileForm};
use crate::marks::Marks;
use crate::patch;
use crate::turn::MAX_LINKS;
use crate::{
    Board, CellId, GameModel, JunctionId, KindId, PieceAction, PlayerId, Position, Rules, Stack,
    TileAction, Turn,
};

/// What the generator calls for every turn: the turn, and the position its flip and tile
/// action leave (the board its piece action's junctions belong to).
pub(crate) type Visit<'a> = dyn FnMut(&Turn, &Staged) -> ControlFlow<()> + 'a;

/// The position a turn's flip and tile action leave, where its piece action is played.
/// A tile action builds a new board, so that position is built only when asked for: a
/// placement with no piece action after it never needs it.
pub struct Staged<'a> {
    rules: &'a Rules,
    /// The position with the flip made, before the tile action.
    before: &'a Position,
    tile: Option<TileAction>,
    built: std::cell::OnceCell<Position>,
}

impl<'a> Staged<'a> {
    fn new(rules: &'a Rules, before: &'a Position, tile: Option<TileAction>) -> Staged<'a> {
        Staged {
            rules,
            before,
            tile,
            built: std::cell::OnceCell::new(),
        }
    }

    /// The staged position.
    pub fn position(&self) -> &Position {
        match self.tile {
            None => self.before,
            Some(action) => self.built.get_or_init(|| {
                let mut staged = self.before.clone();
                patch::apply_tile(self.rules, &mut staged, action, NewBoard::Shared);
                staged
            }),
        }
    }
}

/// Reusable scratch space for generation: the junctions each stack can step to.
#[derive(Default)]
pub(crate) struct Scratch {
    visited: Marks,
    /// A single piece's reach and ends, for [`piece_moves`].
    empties: Vec<JunctionId>,
    ends: Vec<JunctionId>,
    /// The ends found so far (a long empty region has many, and looking each up in the
    /// list grew with its square).
    ended: Marks,
}

thread_local! {
    /// The generator's scratch space, kept between walks on a thread.
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
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
        let visited = &mut self.visited;
        visited.clear(stacks.len());
        visited.mark(start as usize);
        // Breadth first, the junctions found so far being the queue.
        let first = out.len();
        let mut at = start;
        let mut head = first;
        loop {
            for link in board.band_links(at) {
                let to = link.to as usize;
                if link.states & (1 << tiles[link.cell as usize]) != 0
                    && !visited.is_marked(to)
                    && stacks[to].is_empty()
                {
                    visited.mark(to);
                    out.push(link.to);
                }
            }
            if head == out.len() {
                break;
            }
            at = out[head];
            head += 1;
        }
    }

    /// Whether `start` has an empty junction band-linked to it: the first step of a
    /// reach, enough to know there is one.
    pub(crate) fn can_step(
        board: &Board,
        tiles: &[u8],
        stacks: &[Stack],
        start: JunctionId,
    ) -> bool {
        board.band_links(start).iter().any(|link| {
            link.states & (1 << tiles[link.cell as usize]) != 0
                && stacks[link.to as usize].is_empty()
        })
    }
}

/// Cells whose tile may flip now: no piece stands on any of their corners.
pub(crate) fn flippable_cells(position: &Position) -> impl Iterator<Item = CellId> + '_ {
    let board = position.board();
    (0..board.cell_count() as CellId).filter(move |&c| {
        board
            .cell_junctions(c)
            .iter()
            .all(|&j| position.stack(j).is_empty())
    })
}

/// Which flips a walk visits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flips {
    /// Turns with and without a flip.
    All,
    /// Only turns without a flip.
    None,
    /// Only turns that make this flip (or none).
    Only(Option<CellId>),
}

impl Flips {
    fn wants(self, flip: Option<CellId>) -> bool {
        match self {
            Flips::All => true,
            Flips::None => flip.is_none(),
            Flips::Only(only) => only == flip,
        }
    }
}

/// Which piece actions a walk visits, by where they land.
#[derive(Clone, Copy)]
pub(crate) enum Landings<'a> {
    /// Every one.
    Anywhere,
    /// Those landing on a junction marked true (by id): a walk for the turns that can
    /// take pieces skips the rest before it makes them.
    On(&'a [bool]),
}

impl Landings<'_> {
    fn allows(self, j: JunctionId) -> bool {
        match self {
            Landings::Anywhere => true,
            Landings::On(marked) => marked.get(j as usize).copied().unwrap_or(false),
        }
    }

    /// Whether an action landing on the neighbours of `j` could be visited.
    fn near(self, board: &Board, j: JunctionId) -> bool {
        matches!(self, Landings::Anywhere) || board.neighbours(j).iter().any(|&n| self.allows(n))
    }

    /// Whether this turn's piece action (or its lack of one) is visited.
    fn admits(self, piece: Option<&PieceAction>) -> bool {
        match (self, piece) {
            (Landings::Anywhere, _) => true,
            (Landings::On(_), None) => false,
            (Landings::On(_), Some(action)) => action.lands_on_any(|j| self.allows(j)),
        }
    }
}

/// Visits every turn of the side to move whose flip `flips` wants; turns that leave the
/// same position may be visited more than once.
pub(crate) fn for_each_turn(
    model: &GameModel,
    position: &Position,
    flips: Flips,
    visit: &mut Visit,
) -> ControlFlow<()> {
    with_scratch(|scratch| walk(model, position, flips, Landings::Anywhere, scratch, visit))
}

/// Visits, of the turns [`for_each_turn`] visits, those whose piece action lands as
/// `landings` asks and every turn with a tile action (its junctions belong to the board
/// the action builds), in the same order.
pub(crate) fn for_each_turn_landing(
    model: &GameModel,
    position: &Position,
    landings: Landings,
    visit: &mut Visit,
) -> ControlFlow<()> {
    with_scratch(|scratch| walk(model, position, Flips::All, landings, scratch, visit))
}

/// Visits the turns of one group of forms, in the order [`for_each_turn`] visits them;
/// `staged` is the position with `flip` already made.
pub(crate) fn for_each_turn_of_group(
    model: &GameModel,
    staged: &Position,
    group: &FormGroup,
    flip: Option<CellId>,
    visit: &mut Visit,
) -> ControlFlow<()> {
    with_scratch(|scratch| {
        tile_stage(
            model,
            staged,
            group,
            flip,
            Landings::Anywhere,
            scratch,
            visit,
        )
    })
}

impl Position {
    /// The empty junctions the stack on `from` could step to (along band links, through
    /// empty junctions only), pushed onto `out`: the walk the generator makes, for
    /// whoever weighs how free a stack is.
    pub fn step_reach(&self, from: JunctionId, out: &mut Vec<JunctionId>) {
        with_scratch(|scratch| scratch.reach(self.board(), self.tiles(), self.stacks(), from, out));
    }
}

/// Runs `f` with the thread's scratch space. A walk nested in a visit takes a fresh one;
/// the last one back is kept.
fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    let mut scratch = SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let result = f(&mut scratch);
    SCRATCH.with(|s| *s.borrow_mut() = scratch);
    result
}

fn walk(
    model: &GameModel,
    position: &Position,
    flips: Flips,
    landings: Landings,
    scratch: &mut Scratch,
    visit: &mut Visit,
) -> ControlFlow<()> {
    let groups = model.rules.forms.groups();
    // Turns without a flip are played on the position as it is.
    if flips.wants(None) {
        for group in groups.iter().filter(|g| !g.flip) {
            tile_stage(model, position, group, None, landings, scratch, visit)?;
        }
    }
    if !groups.iter().any(|g| g.flip) || flips == Flips::None || flips == Flips::Only(None) {
        return ControlFlow::Continue(());
    }
    // One copy, each flip made in it and undone again.
    let mut staged = position.clone();
    let tiles = position.board().tiles();
    let cells: Vec<CellId> = match flips {
        Flips::Only(Some(cell)) => vec![cell],
        _ => flippable_cells(position).collect(),
    };
    for cell in cells {
        let before = staged.tiles[cell as usize];
        staged.tiles[cell as usize] = tiles.flipped(before);
        for group in groups.iter().filter(|g| g.flip) {
            let flow = tile_stage(model, &staged, group, Some(cell), landings, scratch, visit);
            if flow.is_break() {
                staged.tiles[cell as usize] = before;
                return flow;
            }
        }
        staged.tiles[cell as usize] = before;
    }
    ControlFlow::Continue(())
}

/// Stage two: the group's tile actions (or none), each followed by stage three.
fn tile_stage(
    model: &GameModel,
    staged: &Position,
    group: &FormGroup,
    flip: Option<CellId>,
    landings: Landings,
    scratch: &mut Scratch,
    visit: &mut Visit,
) -> ControlFlow<()> {
    // A tile action's turns are all visited: their junctions are of the board it builds.
    let mut each = |action: TileAction| {
        let stage = Staged::new(&model.rules, staged, Some(action));
        let anywhere = Landings::Anywhere;
        piece_stage(
            model,
            &stage,
            group,
            flip,
            Some(action),
            anywhere,
            scratch,
            visit,
        )
    };
    match group.tile {
        None => {
            let stage = Staged::new(&model.rules, staged, None);
            piece_stage(model, &stage, group, flip, None, landings, scratch, visit)
        }
        // Placements are read off the board's open cells, with no list made.
        Some(TileForm::Place) => patch::placements(staged).try_for_each(&mut each),
        Some(TileForm::Remove) => patch::removals(&model.rules, staged)
            .into_iter()
            .try_for_each(&mut each),
    }
}

/// Stage three: the group's piece actions on the staged position (or none, where the
/// flip and tile action alone are a turn).
#[allow(clippy::too_many_arguments)]
fn piece_stage(
    model: &GameModel,
    stage: &Staged,
    group: &FormGroup,
    flip: Option<CellId>,
    tile: Option<TileAction>,
    landings: Landings,
    scratch: &mut Scratch,
    visit: &mut Visit,
) -> ControlFlow<()> {
    let mut emit = |piece: Option<PieceAction>| match landings.admits(piece.as_ref()) {
        true => visit(&Turn { flip, tile, piece }, stage),
        false => ControlFlow::Continue(()),
    };
    if group.bare {
        emit(None)?;
    }
    if group.pieces.is_empty() {
        return ControlFlow::Continue(());
    }
    let rules = &model.rules;
    let staged = stage.position();
    if group.pieces.moves_stacks() {
        stack_moves(rules, staged, group.pieces, landings, scratch, &mut |a| {
            emit(Some(a))
        })?;
    }
    for form in group.pieces.iter() {
        match form {
            // Made together above, from each stack's reach.
            PieceForm::Step
            | PieceForm::Merge
            | PieceForm::Split
            | PieceForm::StepThenMerge
            | PieceForm::StepThenSplit => {}
            PieceForm::Move => piece_moves(rules, staged, scratch, &mut |a| emit(Some(a)))?,
            PieceForm::Drop => drops(rules, staged, &mut |a| emit(Some(a)))?,
        }
    }
    ControlFlow::Continue(())
}

/// Drops: each kind of piece the mover holds, onto each empty junction the rules allow,
/// kinds in order, each one's junctions in id order.
fn drops(
    rules: &Rules,
    staged: &Position,
    emit: &mut dyn FnMut(PieceAction) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let side = staged.side();
    let board = staged.board();
    for kind in 0..rules.kinds.len() as KindId {
        if staged.supply_of(side, kind) == 0 {
            continue;
        }
        for to in 0..board.junction_count() as JunctionId {
            if staged.stack(to).is_empty() && rules.may_drop_on(side, board.junction(to).colour) {
                emit(PieceAction::Drop { kind, to })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Moves of single top pieces: through the region along bands and empty junctions, then
/// perhaps one step to an adjacent junction; landing on a stack with room pins it, and
/// ends the region part. Pieces in junction order, each one's ends in junction order.
fn piece_moves(
    rules: &Rules,
    staged: &Position,
    scratch: &mut Scratch,
    emit: &mut dyn FnMut(PieceAction) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut ends = std::mem::take(&mut scratch.ends);
    let flow = (|| {
        for from in movable_pieces(staged) {
            piece_ends(rules, staged, from, scratch, &mut ends);
            ends.sort_unstable();
            for &to in &ends {
                emit(PieceAction::Move { from, to })?;
            }
        }
        ControlFlow::Continue(())
    })();
    scratch.ends = ends;
    flow
}

/// The junctions whose top piece the side to move may move as a single piece, in
/// junction order.
pub(crate) fn movable_pieces(staged: &Position) -> impl Iterator<Item = JunctionId> + '_ {
    let side = staged.side();
    let stacks = staged.stacks();
    staged
        .held_junctions()
        .filter(move |&j| stacks[j as usize].is_owned_by(side))
}

/// Where the single piece on `from` may move to (see [`piece_moves`]), each once, onto
/// `ends` (cleared first), in no particular order.
pub(crate) fn piece_ends(
    rules: &Rules,
    staged: &Position,
    from: JunctionId,
    scratch: &mut Scratch,
    ends: &mut Vec<JunctionId>,
) {
    let board = staged.board();
    let stacks = staged.stacks();
    let tiles = staged.tiles();
    let kind = stacks[from as usize].top_kind();
    let mut empties = std::mem::take(&mut scratch.empties);
    let mut ended = std::mem::take(&mut scratch.ended);
    empties.clear();
    ends.clear();
    ended.clear(stacks.len());
    scratch.reach(board, tiles, stacks, from, &mut empties);
    let mut add = |ends: &mut Vec<JunctionId>, j: JunctionId| {
        if j != from && !ended.is_marked(j as usize) {
            ended.mark(j as usize);
            ends.push(j);
        }
    };
    // The region part: to an empty junction, or onto a stack band-linked to the path.
    for &j in std::iter::once(&from).chain(empties.iter()) {
        add(ends, j);
        for to in board.band_neighbours(j, tiles) {
            let there = stacks[to as usize];
            if !there.is_empty() && rules.may_pin(there, kind) {
                add(ends, to);
            }
        }
    }
    // Then one step from where the region part ended on an empty junction (or from the
    // start, with no region part at all).
    for &j in std::iter::once(&from).chain(empties.iter()) {
        for &to in board.neighbours(j) {
            let there = stacks[to as usize];
            if there.is_empty() || rules.may_pin(there, kind) {
                add(ends, to);
            }
        }
    }
    scratch.empties = empties;
    scratch.ended = ended;
}

/// The whole-stack moves of one staged position: steps, merges and splits, each perhaps
/// after a step, as the group's piece actions allow. Only stacks all of the mover's
/// pieces move whole (one pinning an enemy piece moves by its top piece alone).
fn stack_moves(
    rules: &Rules,
    staged: &Position,
    forms: PieceForms,
    landings: Landings,
    scratch: &mut Scratch,
    emit: &mut dyn FnMut(PieceAction) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let board: &Board = staged.board();
    let tiles = staged.tiles();
    let side = staged.side();
    let stacks = staged.stacks();
    let step = forms.contains(PieceForm::Step);
    let merge = forms.contains(PieceForm::Merge);
    let split = forms.contains(PieceForm::Split);
    let step_then_merge = forms.contains(PieceForm::StepThenMerge);
    let step_then_split = forms.contains(PieceForm::StepThenSplit);
    if !(step || merge || split || step_then_merge || step_then_split) {
        return ControlFlow::Continue(());
    }
    let mut emit = |action: PieceAction| emit(action);
    let kinds_matter = !rules.plain_pieces();

    let own: Vec<JunctionId> = staged
        .held_junctions()
        .filter(|&j| stacks[j as usize].is_all(side))
        .collect();
    // Where each own stack can step to, computed once per board of tiles.
    let needs_reach = forms.steps();
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

    if step {
        for (i, &from) in own.iter().enumerate() {
            for &to in reach_of(i).iter().filter(|&&to| landings.allows(to)) {
                emit(PieceAction::Step { from, to })?;
            }
        }
    }

    let mover = Mover {
        board,
        rules,
        side,
        stacks,
        kinds_matter,
        landings,
    };
    if split || step_then_split {
        mover.every_split(&own, &reach_of, split, step_then_split, &mut emit)?;
    }
    if merge {
        mover.every_merge(&mut emit)?;
    }
    if step_then_merge {
        mover.every_step_then_merge(&own, &reach_of, &mut emit)?;
    }
    ControlFlow::Continue(())
}

/// The side to move and what its whole-stack moves read, for the sections of
/// [`stack_moves`].
struct Mover<'a> {
    board: &'a Board,
    rules: &'a Rules,
    side: PlayerId,
    stacks: &'a [Stack],
    /// With kinds of piece, only stacks of one kind that stacks merge and split, and
    /// merged stacks are all of one kind.
    kinds_matter: bool,
    /// Where the actions visited land: the sections skip targets no action may land on
    /// (the visit is filtered whole by the caller).
    landings: Landings<'a>,
}

impl Mover<'_> {
    /// Splits of each own stack (`own`, whose steps `reach_of` gives by index): in place,
    /// after a step, or both, as `split` and `step_then_split` say.
    fn every_split<'r>(
        &self,
        own: &[JunctionId],
        reach_of: &impl Fn(usize) -> &'r [JunctionId],
        split: bool,
        step_then_split: bool,
        emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Mover {
            board,
            rules,
            side,
            stacks,
            kinds_matter,
            landings,
        } = *self;
        for (i, &j) in own.iter().enumerate() {
            let stack = stacks[j as usize];
            if stack.height() < 2 || (kinds_matter && rules.stacking_kind(stack).is_none()) {
                continue;
            }
            if split && landings.near(board, j) {
                splits(board, rules, side, stacks, stack.height(), j, None, emit)?;
            }
            if step_then_split {
                for &to in reach_of(i).iter().filter(|&&to| landings.near(board, to)) {
                    let step = Some((j, to));
                    splits(board, rules, side, stacks, stack.height(), to, step, emit)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Merges onto every junction that is not the mover's, from the mover's stacks next
    /// to it.
    fn every_merge(
        &self,
        emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Mover {
            board,
            rules,
            side,
            stacks,
            kinds_matter,
            landings,
        } = *self;
        for target in 0..stacks.len() as JunctionId {
            let content = stacks[target as usize];
            if content.is_owned_by(side) || !landings.allows(target) {
                continue;
            }
            let sources: ArrayVec<JunctionId, MAX_LINKS> = board
                .neighbours(target)
                .iter()
                .copied()
                .filter(|&n| stacks[n as usize].is_all(side))
                .collect();
            if kinds_matter {
                merges_by_kind(board, rules, side, stacks, target, content, &sources, emit)?;
            } else {
                merges(
                    board, rules, side, stacks, target, content, &sources, None, emit,
                )?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Merges after a step: each own stack steps (as `reach_of` gives by index), then
    /// merges with the mover's stacks next to a junction next to where it stepped.
    fn every_step_then_merge<'r>(
        &self,
        own: &[JunctionId],
        reach_of: &impl Fn(usize) -> &'r [JunctionId],
        emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Mover {
            board,
            rules,
            side,
            stacks,
            kinds_matter,
            landings,
        } = *self;
        for (i, &from) in own.iter().enumerate() {
            // With kinds, the stepped stack merges with stacks of its own kind only.
            let kind = match kinds_matter {
                true => match rules.stacking_kind(stacks[from as usize]) {
                    Some(kind) => Some(kind),
                    None => continue,
                },
                false => None,
            };
            let same_kind = |n: JunctionId| {
                kind.is_none_or(|k| rules.stacking_kind(stacks[n as usize]) == Some(k))
            };
            for &to in reach_of(i) {
                for &target in board.neighbours(to) {
                    // After the step, `from` is empty and `to` holds the stepped stack.
                    let content = if target == from {
                        Stack::EMPTY
                    } else {
                        stacks[target as usize]
                    };
                    if content.is_owned_by(side) || !landings.allows(target) {
                        continue;
                    }
                    let others: ArrayVec<JunctionId, MAX_LINKS> = board
                        .neighbours(target)
                        .iter()
                        .copied()
                        .filter(|&n| n != from && stacks[n as usize].is_all(side) && same_kind(n))
                        .collect();
                    let step = Some((from, to));
                    merges(
                        board, rules, side, stacks, target, content, &others, step, emit,
                    )?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Merges onto `target` from subsets of `candidates` that are all of one kind that
/// stacks: a kind at a time, in kind order.
#[allow(clippy::too_many_arguments)]
fn merges_by_kind(
    board: &Board,
    rules: &Rules,
    side: PlayerId,
    stacks: &[Stack],
    target: JunctionId,
    content: Stack,
    candidates: &[JunctionId],
    emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let kind_of = |j: JunctionId| rules.stacking_kind(stacks[j as usize]);
    let kinds: u32 = candidates
        .iter()
        .filter_map(|&j| kind_of(j))
        .fold(0, |mask, kind| mask | 1 << kind);
    for kind in (0..Stack::MAX_KINDS as KindId).filter(|k| kinds & 1 << k != 0) {
        let alike: ArrayVec<JunctionId, MAX_LINKS> = candidates
            .iter()
            .copied()
            .filter(|&j| kind_of(j) == Some(kind))
            .collect();
        merges(
            board, rules, side, stacks, target, content, &alike, None, emit,
        )?;
    }
    ControlFlow::Continue(())
}

/// Merges onto `target` from subsets of `candidates`; with a step, the stepped stack joins
/// every subset and one other stack is enough.
#[allow(clippy::too_many_arguments)]
pub(crate) fn merges(
    board: &Board,
    rules: &Rules,
    side: PlayerId,
    stacks: &[Stack],
    target: JunctionId,
    content: Stack,
    candidates: &[JunctionId],
    step: Option<(JunctionId, JunctionId)>,
    emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
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
        emit(PieceAction::Merge {
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
pub(crate) fn splits(
    board: &Board,
    rules: &Rules,
    side: PlayerId,
    stacks: &[Stack],
    height: u8,
    source: JunctionId,
    step: Option<(JunctionId, JunctionId)>,
    emit: &mut impl FnMut(PieceAction) -> ControlFlow<()>,
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
            emit(PieceAction::Split {
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

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use crate::testing::games::{along_a_game, each_mover_along_games, Draws};
    use crate::testing::{square_model, trugo_model};
    use crate::{GameModel, Position, Turn, TurnForms};

    /// The turns of the whole walk, in its order, that land on `marked` or have a tile
    /// action: what the walk by landings must visit, spelled out.
    fn landing_by_filter(model: &GameModel, position: &Position, marked: &[bool]) -> Vec<Turn> {
        let mut turns = Vec::new();
        let _ = model.for_each_turn(position, &mut |turn, _| {
            let lands = turn.piece.as_ref().is_some_and(|action| {
                action.lands_on_any(|j| marked.get(j as usize).copied().unwrap_or(false))
            });
            if turn.tile.is_some() || lands {
                turns.push(turn.clone());
            }
            ControlFlow::Continue(())
        });
        turns
    }

    fn landing_walk(model: &GameModel, position: &Position, marked: &[bool]) -> Vec<Turn> {
        let mut turns = Vec::new();
        let _ = model.for_each_turn_landing_on(position, marked, &mut |turn, _| {
            turns.push(turn.clone());
            ControlFlow::Continue(())
        });
        turns
    }

    /// Marks the other side's junctions (the walk for captures) and a random few.
    fn agrees(model: &GameModel, position: &Position, draws: &mut Draws) -> usize {
        let enemy = 1 - position.side();
        let held: Vec<bool> = position
            .stacks()
            .iter()
            .map(|s| s.pieces_of(enemy) > 0)
            .collect();
        let few: Vec<bool> = (0..held.len()).map(|_| draws.below(5) == 0).collect();
        let mut visited = 0;
        for marked in [held, few] {
            let expected = landing_by_filter(model, position, &marked);
            assert_eq!(
                landing_walk(model, position, &marked),
                expected,
                "{}",
                model.position_text(position)
            );
            visited += expected.len();
        }
        visited
    }

    /// Along random games, the walk by landings visits exactly the turns of the whole
    /// walk that land where asked, in its order: on Truchet's boards with several sets of
    /// turn forms, and on Trugo's, whose tile actions are all visited.
    #[test]
    fn the_walk_by_landings_is_the_whole_walk_filtered() {
        let mut draws = Draws(5);
        let mut visited = 0;
        for forms in [
            &["flip? step? merge", "flip? step? split", "flip? step"][..],
            &["step merge", "step split"],
            &["flip?", "step? split"],
        ] {
            let mut model = square_model(5, |a, d, home| if home { a > d } else { a >= d });
            model.rules.forms = TurnForms::parse(forms).unwrap();
            for seed in 0..3 {
                for position in along_a_game(&model, seed, 40) {
                    visited += agrees(&model, &position, &mut draws);
                }
            }
        }
        let trugo = trugo_model();
        each_mover_along_games(&trugo, 0..2, (8, 6), 12, |position| {
            visited += agrees(&trugo, position, &mut draws);
        });
        assert!(visited > 1000, "{visited}");
    }
}
