//! An independent, deliberately naive turn generator written straight from the rules
//! digest, for checking the real one. It reads adjacency from the petgraph junction graph
//! (not the generator's flat tables), copies whole positions for every candidate, and
//! shares no code with `movegen.rs` or `legality.rs`.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use variant_run_core::{
    Board, Delta, GameModel, JunctionId, KindId, Link, PieceForm, Position, Stack, TakenPieces,
};
pub mod trugo;

type JunctionGraph = UnGraph<JunctionId, Link>;

/// The board's junction graph, made once per board: the board is held, so no other
/// board is made at its address while the graph is kept. (Made again for every question,
/// the graph cost a check of the designs most of a minute.)
pub fn graph_of(board: &Arc<Board>) -> Rc<JunctionGraph> {
    thread_local! {
        static LAST: RefCell<Option<(Arc<Board>, Rc<JunctionGraph>)>> =
            const { RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((held, graph)) = last.as_ref() {
            if Arc::ptr_eq(held, board) {
                return Rc::clone(graph);
            }
        }
        let graph = Rc::new(board.graph());
        *last = Some((Arc::clone(board), Rc::clone(&graph)));
        graph
    })
}

fn edge_neighbours(model: &GameModel, j: JunctionId) -> Vec<JunctionId> {
    let graph = graph_of(&model.board);
    graph
        .edges(NodeIndex::new(j as usize))
        .filter(|e| matches!(e.weight(), Link::Edge))
        .map(|e| other_end(e.source().index(), e.target().index(), j))
        .collect()
}

fn other_end(a: usize, b: usize, j: JunctionId) -> JunctionId {
    if a == j as usize {
        b as JunctionId
    } else {
        a as JunctionId
    }
}

fn band_neighbours(model: &GameModel, tiles: &[u8], j: JunctionId) -> Vec<JunctionId> {
    let graph = graph_of(&model.board);
    graph
        .edges(NodeIndex::new(j as usize))
        .filter(|e| match e.weight() {
            Link::Band { cell, states } => states & (1 << tiles[*cell as usize]) != 0,
            Link::Edge => false,
        })
        .map(|e| other_end(e.source().index(), e.target().index(), j))
        .collect()
}

/// Empty junctions reachable from `from` through empty junctions along bands.
fn reach(
    model: &GameModel,
    tiles: &[u8],
    stacks: &[Stack],
    from: JunctionId,
) -> BTreeSet<JunctionId> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from];
    while let Some(j) = todo.pop() {
        for n in band_neighbours(model, tiles, j) {
            if n != from && stacks[n as usize].is_empty() && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}

fn can_land(model: &GameModel, stacks: &[Stack], side: u8, j: JunctionId, height: u8) -> bool {
    let there = stacks[j as usize];
    match there.owner() {
        None => true,
        Some(o) if o == side => false,
        Some(o) => {
            let home = model.board.junction(j).colour == model.rules.colour_of(o);
            model.rules.capture.captures(height, there.height(), home)
        }
    }
}

fn finish(model: &GameModel, position: &Position, tiles: &[u8], stacks: Vec<Stack>) -> Position {
    let mut next = position.clone();
    let side = position.side();
    let captured = (0..stacks.len()).any(|j| {
        position.stacks()[j].owner() == Some(1 - side) && !stacks[j].is_owned_by(1 - side)
    });
    // Taken pieces go where the rules say: each enemy piece gone from a junction.
    let keeper = match model.rules.taken {
        TakenPieces::Out => None,
        TakenPieces::ToOwner => Some(1 - side),
        TakenPieces::ToTaker => Some(side),
    };
    if let Some(keeper) = keeper {
        for (j, after) in stacks.iter().enumerate() {
            let before = position.stacks()[j];
            for kind in 0..model.rules.kinds.len() as KindId {
                let gone = before.pieces_of_kind(1 - side, kind) as i64
                    - after.pieces_of_kind(1 - side, kind) as i64;
                if gone > 0 {
                    let held = next.supply_of(keeper, kind);
                    next.set_supply_of(keeper, kind, held + gone as u32);
                }
            }
        }
    }
    for (cell, &state) in tiles.iter().enumerate() {
        next.set_tile(cell as u16, state);
    }
    for (j, &s) in stacks.iter().enumerate() {
        next.set_stack(j as JunctionId, s);
    }
    next.set_side(1 - side);
    next.set_quiet_turns(if captured {
        0
    } else {
        position.quiet_turns() + 1
    });
    next
}

/// Every way to give `height` pieces to `targets`, each getting 0..=height.
fn assignments(targets: usize, height: u8) -> Vec<Vec<u8>> {
    if targets == 0 {
        return if height == 0 { vec![vec![]] } else { vec![] };
    }
    let mut out = Vec::new();
    for first in 0..=height {
        for mut rest in assignments(targets - 1, height - first) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every position one legal turn leads to (all turn parts enabled, as in Browne's rules).
pub fn children(model: &GameModel, position: &Position) -> HashSet<Position> {
    let side = position.side();
    let board = &model.board;
    let n = board.junction_count() as JunctionId;
    let mut out = HashSet::new();
    let mut flips: Vec<Option<u16>> = vec![None];
    for cell in 0..board.cell_count() as u16 {
        if board
            .cell_junctions(cell)
            .iter()
            .all(|&j| position.stack(j).is_empty())
        {
            flips.push(Some(cell));
        }
    }
    for flip in flips {
        let mut tiles = position.tiles().to_vec();
        if let Some(c) = flip {
            tiles[c as usize] = board.tiles().flipped(tiles[c as usize]);
        }
        let start = position.stacks().to_vec();
        // (stacks after the optional step, the stepped stack's junction)
        let mut after_steps: Vec<(Vec<Stack>, Option<JunctionId>)> = vec![(start.clone(), None)];
        for a in 0..n {
            if !start[a as usize].is_all(side) {
                continue;
            }
            for b in reach(model, &tiles, &start, a) {
                let mut s = start.clone();
                s[b as usize] = s[a as usize];
                s[a as usize] = Stack::EMPTY;
                out.insert(finish(model, position, &tiles, s.clone())); // the step alone
                after_steps.push((s, Some(b)));
            }
        }
        for (stacks, stepped) in &after_steps {
            // Merges onto every target.
            for t in 0..n {
                if stacks[t as usize].is_owned_by(side) {
                    continue;
                }
                let around: Vec<JunctionId> = edge_neighbours(model, t)
                    .into_iter()
                    .filter(|&s| stacks[s as usize].is_all(side))
                    .collect();
                for mask in 0u32..(1 << around.len()) {
                    let chosen: Vec<JunctionId> = (0..around.len())
                        .filter(|k| mask & (1 << k) != 0)
                        .map(|k| around[k])
                        .collect();
                    if chosen.len() < 2 {
                        continue;
                    }
                    if let Some(b) = stepped {
                        if !chosen.contains(b) {
                            continue;
                        }
                    }
                    // Only stacks of one kind, a kind that stacks, merge.
                    let Some(kind) = one_stacking_kind(
                        model,
                        &chosen
                            .iter()
                            .map(|&c| stacks[c as usize])
                            .collect::<Vec<_>>(),
                    ) else {
                        continue;
                    };
                    let total: u8 = chosen.iter().map(|&s| stacks[s as usize].height()).sum();
                    if total > model.rules.max_height || !can_land(model, stacks, side, t, total) {
                        continue;
                    }
                    let mut s = stacks.clone();
                    for &c in &chosen {
                        s[c as usize] = Stack::EMPTY;
                    }
                    s[t as usize] = Stack::of_kind(side, kind, total);
                    out.insert(finish(model, position, &tiles, s));
                }
            }
            // Splits of every own stack (after a step: only of the stepped stack).
            for src in 0..n {
                let stack = stacks[src as usize];
                if !stack.is_all(side) || stack.height() < 2 {
                    continue;
                }
                let Some(kind) = one_stacking_kind(model, &[stack]) else {
                    continue;
                };
                if stepped.is_some_and(|b| b != src) {
                    continue;
                }
                let around = edge_neighbours(model, src);
                for parts in assignments(around.len(), stack.height()) {
                    if parts.iter().filter(|&&p| p > 0).count() < 2 {
                        continue;
                    }
                    let ok = around
                        .iter()
                        .zip(&parts)
                        .all(|(&t, &p)| p == 0 || can_land(model, stacks, side, t, p));
                    if !ok {
                        continue;
                    }
                    let mut s = stacks.clone();
                    s[src as usize] = Stack::EMPTY;
                    for (&t, &p) in around.iter().zip(&parts) {
                        if p > 0 {
                            s[t as usize] = Stack::of_kind(side, kind, p);
                        }
                    }
                    out.insert(finish(model, position, &tiles, s));
                }
            }
        }
    }
    if model.rules.forms.has_piece(PieceForm::Drop) {
        drops(model, position, &mut out);
    }
    out
}

/// The kind all these stacks' pieces are of, when it is one kind and a kind that
/// stacks: what a merge or split needs.
fn one_stacking_kind(model: &GameModel, stacks: &[Stack]) -> Option<KindId> {
    let mut kinds = BTreeSet::new();
    for stack in stacks {
        kinds.extend(stack.pieces().map(|(_, kind)| kind));
    }
    match kinds.into_iter().collect::<Vec<_>>()[..] {
        [kind] if model.rules.kinds[kind as usize].stacks => Some(kind),
        _ => None,
    }
}

/// Drops: each kind the side to move holds, on each empty junction of a colour the rules
/// allow, with no flip.
fn drops(model: &GameModel, position: &Position, out: &mut HashSet<Position>) {
    let side = position.side();
    let board = &model.board;
    for kind in 0..model.rules.kinds.len() as KindId {
        let held = position.supply_of(side, kind);
        if held == 0 {
            continue;
        }
        for j in 0..board.junction_count() as JunctionId {
            if !position.stack(j).is_empty()
                || !model.rules.may_drop_on(side, board.junction(j).colour)
            {
                continue;
            }
            let mut stacks = position.stacks().to_vec();
            stacks[j as usize] = Stack::of_kind(side, kind, 1);
            let mut next = finish(model, position, position.tiles(), stacks);
            next.set_supply_of(side, kind, held - 1);
            out.insert(next);
        }
    }
}

/// The change that leads from `before` to `after` (a fixed board's position one turn
/// on): the tile that differs, the junctions whose stacks differ, and the kind whose
/// supply went down by one (a drop), as the model writes a turn's change.
pub fn delta_between(model: &GameModel, before: &Position, after: &Position) -> Delta {
    let flip = (0..before.tiles().len())
        .find(|&c| before.tiles()[c] != after.tiles()[c])
        .map(|c| c as u16);
    let changes = (0..before.stacks().len())
        .filter(|&j| before.stacks()[j] != after.stacks()[j])
        .map(|j| (j as JunctionId, after.stacks()[j]))
        .collect();
    let side = before.side();
    let drop = (0..model.rules.kinds.len() as KindId)
        .find(|&k| after.supply_of(side, k) + 1 == before.supply_of(side, k));
    Delta {
        flip,
        tile: None,
        changes,
        drop,
    }
}

/// perft by the reference generator (no end-of-game rule: every position goes on).
pub fn perft(model: &GameModel, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    children(model, position)
        .iter()
        .map(|c| perft(model, c, depth - 1))
        .sum()
}

/// Whether Browne's game is over in a position, read straight from the digest: the
/// player to move has no pieces (the mover took the last), or `draw_after` turns passed
/// without a capture. ("No legal turn" needs no test: such a position has no children.)
fn browne_game_over(position: &Position, draw_after: u32) -> bool {
    position.pieces(position.side()) == 0
        || (draw_after > 0 && position.quiet_turns() >= draw_after)
}

/// perft with Browne's end of the game: a turn that ends it counts at depth 1 and adds
/// nothing deeper; a position whose game is over has no turns.
pub fn perft_browne(model: &GameModel, position: &Position, depth: u32, draw_after: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if browne_game_over(position, draw_after) {
        return 0;
    }
    children(model, position)
        .iter()
        .map(|c| {
            if depth == 1 {
                1
            } else {
                perft_browne(model, c, depth - 1, draw_after)
            }
        })
        .sum()
}

/// A small portable generator for picking layouts and turns in tests (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Positions along a random game from `start`, every `every` turns, until `turns` turns
/// are played or a side has no piece or no turn left.
pub fn positions_along_a_random_game(
    model: &GameModel,
    start: Position,
    rng: &mut Rng,
    turns: usize,
    every: usize,
) -> Vec<Position> {
    let mut position = start;
    let mut out = vec![position.clone()];
    for t in 1..=turns {
        let deltas = model.distinct_deltas(&position);
        if deltas.is_empty() || position.pieces(0) == 0 || position.pieces(1) == 0 {
            break;
        }
        position = model.after(&position, &deltas[rng.next(deltas.len())]);
        if t % every == 0 {
            out.push(position.clone());
        }
    }
    out
}

/// Asserts that the generator's distinct turns lead to exactly the positions the
/// reference finds, listing the differences by position text when they do not.
pub fn assert_same_children(model: &GameModel, position: &Position, label: &str) {
    let deltas = model.distinct_deltas(position);
    let ours: HashSet<Position> = deltas.iter().map(|d| model.after(position, d)).collect();
    assert_eq!(
        ours.len(),
        deltas.len(),
        "{label}: two deltas leave one position"
    );
    let theirs = children(model, position);
    if ours != theirs {
        let texts = |set: &mut dyn Iterator<Item = &Position>| -> Vec<String> {
            set.map(|p| model.position_text(p)).collect()
        };
        panic!(
            "{label} {}\nextra: {:#?}\nmissing: {:#?}",
            model.position_text(position),
            texts(&mut ours.difference(&theirs)),
            texts(&mut theirs.difference(&ours))
        );
    }
}
