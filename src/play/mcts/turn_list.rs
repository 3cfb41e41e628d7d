//! The turns a search node opens, in the order it opens them.
//!
//! Progressive widening opens a few dozen of a Truchet position's hundreds of turns, and
//! most nodes only two or three. Listing every turn of a node (each change made, hashed
//! and told apart from the others) was most of a search's work, so a node below the root
//! lists only its captures, found by a walk that skips every turn not landing on an
//! enemy piece before making it, and draws the rest one at a time as widening asks for
//! them, the way playouts draw their turns. Only where draws keep meeting turns it holds
//! already (a position with few turns left) are the rest listed whole. The root, whose
//! choice looks past the turns it opened, lists all of its turns.

use std::cmp::Reverse;
use std::hash::BuildHasher;
use std::ops::ControlFlow;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
use variant_run_core::{Delta, PieceAction, PlayerId, Position, Referee, Step, Turn};

use crate::play::game::GameError;
use crate::ruleset::Variant;

/// Draws in a row that meet turns a list holds already before it lists the rest whole.
const MISSES: usize = 12;
/// Captures a drawn list holds at a time: a crowded middle game of truchet-boardspace
/// has hundreds (each capture beside each flip), a hundred kilobytes a node, where
/// widening opens 49 turns of a node in its first thousand visits.
const CAPTURES_HELD: usize = 48;

/// Which order a node's turns are opened in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// Captures first, the rest in random order ([`ordered_turns`]).
    Captures,
    /// The evaluation's gains and the captures in turn ([`root_turns`]): a root's, where
    /// the ruleset has an `evaluate`.
    Evaluation,
}

/// How much of its turns a node lists when it is first opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Listing {
    /// Every turn, in its order.
    Whole,
    /// The captures, most pieces taken first; the rest drawn at random as they are
    /// asked for (in [`Order::Captures`]; in the evaluation's order, whole).
    Drawn,
}

/// A node's turns, in the order it opens them.
pub(super) struct TurnList {
    /// The turns listed so far: all of them where `total` is known.
    turns: Vec<Delta>,
    /// Each listed turn's hash, by place: a drawn turn is looked for among them by it.
    hashes: Vec<u64>,
    /// How many turns there are in all, once known.
    total: Option<usize>,
    /// Where the turns after the captures are drawn, the draws go on from here.
    draws: Option<Pcg64Mcg>,
    /// Whether there are captures past those listed (they come before any drawn turn).
    captures_left: bool,
    seed: u64,
    order: Order,
}

impl TurnList {
    /// The turns of `position` in `order`, drawn from `seed`, listed as `listing` says.
    pub(super) fn new(
        variant: &Variant,
        position: &Position,
        seed: u64,
        order: Order,
        listing: Listing,
    ) -> Result<TurnList, GameError> {
        let drawn = listing == Listing::Drawn && order == Order::Captures;
        let mut list = TurnList {
            turns: Vec::new(),
            hashes: Vec::new(),
            total: None,
            draws: None,
            captures_left: false,
            seed,
            order,
        };
        if drawn {
            list.draws = Some(Pcg64Mcg::seed_from_u64(seed));
            list.list_captures(variant, position)?;
        } else {
            let whole = listed(variant, position, seed, order)?;
            list.hold(whole);
            list.total = Some(list.turns.len());
        }
        Ok(list)
    }

    /// How many turns it has: as many as it may open while the count is not known.
    pub(super) fn len(&self) -> usize {
        self.total.unwrap_or(usize::MAX)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.total == Some(0)
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<TurnList>()
            + self.turns.capacity() * std::mem::size_of::<Delta>()
            + self.hashes.capacity() * std::mem::size_of::<u64>()
    }

    /// Turn `index` of its order, drawn if need be, or `None` where it has no more
    /// turns than that. The bytes it holds may grow.
    pub(super) fn get(
        &mut self,
        variant: &Variant,
        position: &Position,
        index: usize,
    ) -> Result<Option<&Delta>, GameError> {
        while self.turns.len() <= index && self.total.is_none() {
            if self.captures_left {
                self.list_captures(variant, position)?;
            } else {
                self.draw(variant, position)?;
            }
        }
        Ok(self.turns.get(index))
    }

    /// Appends these turns.
    fn hold(&mut self, turns: Vec<Delta>) {
        self.hashes
            .extend(turns.iter().map(|d| FxBuildHasher.hash_one(d)));
        self.turns.extend(turns);
    }

    /// The next [`CAPTURES_HELD`] captures the ruleset allows, after those it holds (all
    /// it holds are captures until they run out).
    fn list_captures(&mut self, variant: &Variant, position: &Position) -> Result<(), GameError> {
        let listed = self.turns.len();
        let all = variant.allowed_of(position, captures(variant, position, self.seed))?;
        self.captures_left = all.len() > listed + CAPTURES_HELD;
        self.hold(all.into_iter().skip(listed).take(CAPTURES_HELD).collect());
        Ok(())
    }

    /// One more turn, drawn as playouts draw theirs; after [`MISSES`] draws of turns it
    /// holds already, every turn it lacks, in [`ordered_turns`]'s order.
    fn draw(&mut self, variant: &Variant, position: &Position) -> Result<(), GameError> {
        let rng = self.draws.as_mut().expect("a list that is not whole draws");
        for _ in 0..MISSES {
            let mut choose = |n| rng.gen_range(0..n);
            let Some(delta) = variant
                .model
                .random_allowed_turn(variant, position, &mut choose)?
            else {
                break;
            };
            let hash = FxBuildHasher.hash_one(&delta);
            let held =
                (self.hashes.iter().zip(&self.turns)).any(|(&h, d)| h == hash && *d == delta);
            if !held {
                self.turns.push(delta);
                self.hashes.push(hash);
                return Ok(());
            }
        }
        let rest = self.rest(variant, position)?;
        self.hold(rest);
        self.total = Some(self.turns.len());
        self.draws = None;
        Ok(())
    }

    /// The turns it does not hold yet, in [`listed`]'s order.
    fn rest(&self, variant: &Variant, position: &Position) -> Result<Vec<Delta>, GameError> {
        let held: FxHashSet<&Delta> = self.turns.iter().collect();
        let mut whole = listed(variant, position, self.seed, self.order)?;
        whole.retain(|delta| !held.contains(delta));
        Ok(whole)
    }

    /// The whole list: the turns it holds, then any it has not drawn (a root that was a
    /// node below the root of the turn before).
    pub(super) fn whole(
        &self,
        variant: &Variant,
        position: &Position,
    ) -> Result<std::borrow::Cow<'_, [Delta]>, GameError> {
        if self.total.is_some() {
            return Ok(std::borrow::Cow::Borrowed(&self.turns));
        }
        let mut whole = self.turns.clone();
        whole.extend(self.rest(variant, position)?);
        Ok(std::borrow::Cow::Owned(whole))
    }
}

fn listed(
    variant: &Variant,
    position: &Position,
    seed: u64,
    order: Order,
) -> Result<Vec<Delta>, GameError> {
    match order {
        Order::Captures => ordered_turns(variant, position, seed),
        Order::Evaluation => root_turns(variant, position, seed),
    }
}

/// The distinct turns of `position` that take pieces of the enemy as they land, the most
/// first, then by [`key`]: the head of [`ordered_turns`]'s order. Only the turns landing
/// on an enemy piece, and those with a tile action, are made.
fn captures(variant: &Variant, position: &Position, seed: u64) -> Vec<Delta> {
    let mover = position.side();
    let enemy = held_by(position, 1 - mover);
    let mut found: FxHashMap<Delta, (i64, u64)> = FxHashMap::default();
    let _ = variant
        .model
        .for_each_turn_landing_on(position, &enemy, &mut |turn, staged| {
            let delta = staged.delta(turn);
            let taken = delta.pieces_taken(position, mover);
            if taken > 0 {
                let k = key(seed, turn);
                found
                    .entry(delta)
                    .and_modify(|(_, known)| *known = (*known).min(k))
                    .or_insert((taken, k));
            }
            ControlFlow::Continue(())
        });
    in_place_order(
        found
            .into_iter()
            .map(|(delta, (taken, k))| (taken, k, delta)),
    )
}

/// A turn's place in a node's random order: a hash of the turn mixed with the node's
/// seed (splitmix64's finaliser). A change several turns make takes the smallest key
/// among theirs, so it has one place however often and in whatever order a walk meets
/// it.
fn key(seed: u64, turn: &Turn) -> u64 {
    let mut z = turn_hash(turn) ^ seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of every part of a turn, folded by hand: a whole list keys about fifteen
/// hundred turns of a Truchet position, and the derived `Hash` through a hasher took a
/// sixth more (95 instructions a turn against 82, callgrind).
fn turn_hash(turn: &Turn) -> u64 {
    let mut h = Fold(0);
    h.add(turn.flip.map_or(0, |cell| u64::from(cell) + 1));
    if let Some(tile) = turn.tile {
        h.add(FxBuildHasher.hash_one(tile));
    }
    let step = |h: &mut Fold, step: &Option<Step>| {
        h.add(step.map_or(0, |(from, to)| (u64::from(from) << 17 | u64::from(to)) + 1));
    };
    match &turn.piece {
        None => h.add(0),
        Some(PieceAction::Step { from, to }) => {
            h.add(1 << 40 | u64::from(*from) << 17 | u64::from(*to))
        }
        Some(PieceAction::Move { from, to }) => {
            h.add(2 << 40 | u64::from(*from) << 17 | u64::from(*to))
        }
        Some(PieceAction::Drop { kind, to }) => {
            h.add(3 << 40 | u64::from(*kind) << 17 | u64::from(*to))
        }
        Some(PieceAction::Merge {
            step: first,
            sources,
            target,
        }) => {
            h.add(4 << 40 | u64::from(*target));
            step(&mut h, first);
            for &source in sources {
                h.add(u64::from(source));
            }
        }
        Some(PieceAction::Split {
            step: first,
            source,
            parts,
        }) => {
            h.add(5 << 40 | u64::from(*source));
            step(&mut h, first);
            for &(j, height) in parts {
                h.add(u64::from(j) << 8 | u64::from(height));
            }
        }
    }
    h.0
}

/// FxHash's step: rotate, mix in, multiply.
struct Fold(u64);

impl Fold {
    fn add(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A change's place in [`ordered_turns`]'s order: the most pieces taken first, then by
/// key.
fn place(taken: i64, key: u64) -> (Reverse<i64>, u64) {
    (Reverse(taken.max(0)), key)
}

/// Changes, each with the pieces it takes and its key, in [`place`]'s order.
fn in_place_order(changes: impl Iterator<Item = (i64, u64, Delta)>) -> Vec<Delta> {
    let mut placed: Vec<_> = changes
        .map(|(taken, k, delta)| (place(taken, k), delta))
        .collect();
    placed.sort_unstable_by_key(|(at, _)| *at);
    placed.into_iter().map(|(_, delta)| delta).collect()
}

/// Whether each junction of `position` holds a piece of `enemy`.
fn held_by(position: &Position, enemy: PlayerId) -> Vec<bool> {
    position
        .stacks()
        .iter()
        .map(|stack| stack.pieces_of(enemy) > 0)
        .collect()
}

/// The distinct turns of a position, the ones that take the most enemy pieces first (by
/// landing; after-turn captures are found by the search), the rest in a random order
/// drawn from `seed` (see [`key`]).
pub(super) fn ordered_turns(
    variant: &Variant,
    position: &Position,
    seed: u64,
) -> Result<Vec<Delta>, GameError> {
    let mut keys: FxHashMap<Delta, u64> = FxHashMap::default();
    let _ = variant.model.for_each_turn(position, &mut |turn, staged| {
        let k = key(seed, turn);
        keys.entry(staged.delta(turn))
            .and_modify(|known| *known = (*known).min(k))
            .or_insert(k);
        ControlFlow::Continue(())
    });
    let mut keyed: Vec<(Delta, u64)> = keys.into_iter().collect();
    if variant.filters_turns() {
        let every = keyed.iter().map(|(delta, _)| delta.clone()).collect();
        let allowed: FxHashSet<Delta> = variant.allowed_of(position, every)?.into_iter().collect();
        keyed.retain(|(delta, _)| allowed.contains(delta));
    }
    let mover = position.side();
    Ok(in_place_order(keyed.into_iter().map(|(delta, k)| {
        (delta.pieces_taken(position, mover), k, delta)
    })))
}

/// The root's turns where the ruleset has an `evaluate`: taken in turn from two orders,
/// the turns after which the evaluation scores the position better for the mover than
/// before, best first (the most pieces taken breaking ties), and the turns that take the
/// most pieces, each turn once; when no turn gains by the evaluation, captures first.
///
/// Progressive widening opens only a few dozen of a root's hundreds of turns in a search
/// of a thousand playouts, so the order is what the search sees. Captures first, it
/// finds the captures that end a game the other way, but not the steps toward a goal the
/// hook scores; the evaluation first, it finds the goal but misses the captures that win
/// or save the game (on the connection design against greedy, most wins came by the
/// chain but a game in eight ended drawn; on the bases design a third of the games were
/// drawn). Taken in turn, both are opened. A turn the evaluation scores no better than
/// the position now is no step toward the goal: where a flat evaluation (the bases
/// design's) ties many, they would only crowd out captures (BENCHMARKS.md, "The root's
/// turns from two orders"). One `play` and one `evaluate` a root turn: a few hundred
/// calls a search, beside its thousand playouts.
pub(super) fn root_turns(
    variant: &Variant,
    position: &Position,
    seed: u64,
) -> Result<Vec<Delta>, GameError> {
    let by_captures = ordered_turns(variant, position, seed)?;
    let mover = position.side();
    // Indices into `by_captures` of the turns the evaluation says gain on the position,
    // best first; a stable sort keeps the capture order among equals.
    let mut scores = Vec::with_capacity(by_captures.len());
    for delta in &by_captures {
        scores.push(variant.evaluate(&variant.play(position, delta)?, mover)?);
    }
    let now = variant.evaluate(position, mover)?;
    let mut by_evaluation: Vec<usize> = (0..by_captures.len())
        .filter(|&i| scores[i] > now)
        .collect();
    by_evaluation.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
    let n = by_captures.len();
    let mut orders = [
        by_evaluation.into_iter(),
        (0..n).collect::<Vec<_>>().into_iter(),
    ];
    let mut opened = vec![false; n];
    let mut turns = Vec::with_capacity(n);
    while turns.len() < n {
        for order in &mut orders {
            if let Some(i) = order.find(|&i| !opened[i]) {
                opened[i] = true;
                turns.push(by_captures[i].clone());
            }
        }
    }
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Game, Layout};

    /// A drawn list gives its captures first, in the whole list's order, then distinct
    /// turns of the position, each once, until it has given every one; its whole list
    /// is the turns it gave, then the rest; it holds a fraction of the whole's bytes
    /// while it has given few.
    #[test]
    fn a_drawn_list_gives_every_turn_once_captures_first() {
        let variant = Variant::load_named("truchet-boardspace", None).unwrap();
        let mut game = Game::new(&variant, Layout::Random, 4).unwrap();
        // Into a middle game, where there are captures to be had: turns picked by a
        // fixed rule until one can take a piece.
        let takes = |game: &Game| {
            let (position, mover) = (game.position(), game.position().side());
            variant
                .distinct_deltas(position)
                .unwrap()
                .iter()
                .any(|d| d.pieces_taken(position, mover) > 0)
        };
        while game.history().len() < 10 || !takes(&game) {
            let turns = game.legal_turns().unwrap();
            let pick = (game.history().len() * 7919) % turns.len();
            game.play_legal(turns[pick].clone()).unwrap();
        }
        let position = game.position();
        let whole = TurnList::new(&variant, position, 7, Order::Captures, Listing::Whole).unwrap();
        let listed = whole.whole(&variant, position).unwrap();
        let mut drawn =
            TurnList::new(&variant, position, 7, Order::Captures, Listing::Drawn).unwrap();
        assert!(listed.len() > 100, "{}", listed.len());
        assert_eq!(
            drawn.len(),
            usize::MAX,
            "a drawn list does not know its end"
        );
        let mover = position.side();
        let taken = |d: &Delta| d.pieces_taken(position, mover);
        let captures = listed.iter().take_while(|d| taken(d) > 0).count();
        assert!(
            captures > CAPTURES_HELD,
            "{captures}: more than a list holds at once"
        );
        drawn.get(&variant, position, 5).unwrap();
        assert!(drawn.bytes() * 10 < whole.bytes());
        for i in 0..captures {
            assert_eq!(drawn.get(&variant, position, i).unwrap(), Some(&listed[i]));
        }
        for i in captures..captures + 5 {
            drawn.get(&variant, position, i).unwrap();
        }
        // The whole list so far: the turns given, then the rest.
        let given = drawn.whole(&variant, position).unwrap().into_owned();
        assert_eq!(given.len(), listed.len());
        let mut sorted = given.clone();
        sorted.sort_by_key(|d| format!("{d:?}"));
        let mut expected = listed.to_vec();
        expected.sort_by_key(|d| format!("{d:?}"));
        assert_eq!(sorted, expected, "each turn of the position once");
        // Drawn to the end, every turn once, the given ones where they were.
        let mut gotten = Vec::new();
        while let Some(turn) = drawn.get(&variant, position, gotten.len()).unwrap() {
            gotten.push(turn.clone());
        }
        assert_eq!(gotten[..captures + 5], given[..captures + 5]);
        assert_eq!(drawn.len(), listed.len(), "the end is known once reached");
        gotten.sort_by_key(|d| format!("{d:?}"));
        assert_eq!(gotten, expected);
        // Another seed, another order of the turns that take nothing.
        let mut other =
            TurnList::new(&variant, position, 8, Order::Captures, Listing::Drawn).unwrap();
        let firsts = |list: &mut TurnList| -> Vec<Delta> {
            (captures..captures + 5)
                .map(|i| list.get(&variant, position, i).unwrap().unwrap().clone())
                .collect()
        };
        let mut again =
            TurnList::new(&variant, position, 7, Order::Captures, Listing::Drawn).unwrap();
        assert_ne!(firsts(&mut other), firsts(&mut again));
        assert_eq!(
            firsts(&mut again),
            given[captures..captures + 5],
            "the same seed, the same"
        );
    }

    /// Under a legality rule a drawn list gives only turns the rule allows, each once,
    /// until it has given them all.
    #[test]
    fn a_list_under_a_legality_rule_gives_only_allowed_turns() {
        let variant = Variant::load_named("examples/designs/browne-flip-limit", None).unwrap();
        assert!(variant.filters_turns());
        let game = Game::new(&variant, Layout::Random, 4).unwrap();
        let position = game.position();
        let mut allowed = variant.distinct_deltas(position).unwrap();
        let mut drawn =
            TurnList::new(&variant, position, 3, Order::Captures, Listing::Drawn).unwrap();
        let mut gotten = Vec::new();
        while let Some(turn) = drawn.get(&variant, position, gotten.len()).unwrap() {
            gotten.push(turn.clone());
        }
        assert_eq!(drawn.len(), allowed.len());
        gotten.sort_by_key(|d| format!("{d:?}"));
        allowed.sort_by_key(|d| format!("{d:?}"));
        assert_eq!(gotten, allowed);
    }
}
