//! The turns a search node opens, in the order it opens them, and the window of them it
//! keeps.
//!
//! Progressive widening opens a few dozen of a Truchet position's hundreds of turns. A
//! node that listed and kept them all held a hundred kilobytes for the few it used, and
//! listing them (every change made, copied, hashed and told apart from the others) was
//! most of a search's work. The order is a key per turn instead: the turns that take the
//! most enemy pieces first, the rest by a random key drawn from the turn and the node's
//! seed. A node below the root keeps a window of the first turns of that order, found in
//! one walk over the turns the position has that keeps only the captures and the turns of
//! smallest key; when widening reaches past the window (a node visited about a thousand
//! times), the walk is made again for more, the same turns in the same order. The walk
//! makes the change of a turn only where the turn could take a piece or its key is small
//! enough to be kept: about one turn in seven.

use std::cmp::Reverse;
use std::hash::BuildHasher;
use std::ops::ControlFlow;

use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
use variant_run_core::{Delta, PieceAction, PlayerId, Position, Referee, Step, Turn};

use crate::play::game::GameError;
use crate::ruleset::Variant;

/// Turns a window holds below the root: enough for a node's first thousand visits
/// (widening opens `2 + 1.5 sqrt(visits)`).
pub(super) const WINDOW: usize = 48;

/// Which order a node's turns are opened in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// Captures first, the rest in random order ([`ordered_turns`]).
    Captures,
    /// The evaluation's gains and the captures in turn ([`root_turns`]): a root's, where
    /// the ruleset has an `evaluate`.
    Evaluation,
}

/// A node's turns: the window it keeps of its whole ordered list.
pub(super) struct TurnList {
    /// The turns from `from` on.
    window: Vec<Delta>,
    from: usize,
    /// How many turns the whole list holds, where the window reaches its end.
    total: Option<usize>,
    seed: u64,
    order: Order,
}

impl TurnList {
    /// The turns of `position` in `order`, drawn from `seed`: the first `keep` of them,
    /// or all with `None`.
    pub(super) fn new(
        variant: &Variant,
        position: &Position,
        seed: u64,
        order: Order,
        keep: Option<usize>,
    ) -> Result<TurnList, GameError> {
        let (window, total) = match (order, keep) {
            (Order::Captures, Some(keep)) => first_turns(variant, position, seed, keep)?,
            _ => {
                let whole = listed(variant, position, seed, order)?;
                let total = whole.len();
                (whole, Some(total))
            }
        };
        Ok(TurnList {
            window,
            from: 0,
            total,
            seed,
            order,
        })
    }

    /// How many turns it has: as many as it may open where the window does not reach
    /// the end of its list.
    pub(super) fn len(&self) -> usize {
        self.total.unwrap_or(usize::MAX)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.total == Some(0)
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<TurnList>() + self.window.capacity() * std::mem::size_of::<Delta>()
    }

    /// Turn `index` of the whole list (below [`TurnList::len`]). Past the window, the
    /// walk is made again and the window starts at `index`: the bytes it holds may change.
    pub(super) fn get(
        &mut self,
        variant: &Variant,
        position: &Position,
        index: usize,
    ) -> Result<&Delta, GameError> {
        let inside = index >= self.from && index < self.from + self.window.len();
        if !inside {
            let keep = self.window.len().max(WINDOW);
            let (first, total) = match self.order {
                Order::Captures => first_turns(variant, position, self.seed, index + keep)?,
                Order::Evaluation => {
                    let whole = listed(variant, position, self.seed, self.order)?;
                    let total = whole.len();
                    (whole, Some(total))
                }
            };
            self.window = first.into_iter().skip(index).take(keep).collect();
            self.from = index;
            self.total = total;
        }
        Ok(&self.window[index - self.from])
    }

    /// The whole list, made again if the window does not hold it all (a root that was a
    /// node below the root of the turn before).
    pub(super) fn whole(
        &self,
        variant: &Variant,
        position: &Position,
    ) -> Result<std::borrow::Cow<'_, [Delta]>, GameError> {
        if self.from == 0 && self.total == Some(self.window.len()) {
            Ok(std::borrow::Cow::Borrowed(&self.window))
        } else {
            Ok(std::borrow::Cow::Owned(listed(
                variant, position, self.seed, self.order,
            )?))
        }
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

/// A turn's place in a node's random order: a hash of the turn mixed with the node's
/// seed (splitmix64's finaliser). A change several turns make takes the smallest key
/// among theirs, so it has one place however often and in whatever order the walk meets
/// it. Keyed by the turn, the walk makes the changes of only the turns it keeps.
fn key(seed: u64, turn: &Turn) -> u64 {
    let mut z = turn_hash(turn) ^ seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of every part of a turn, folded by hand: a search walks about fifteen hundred
/// turns a node, and the derived `Hash` through a hasher took a sixth more (95
/// instructions a turn against 82, callgrind).
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

/// Whether each junction of `position` holds a piece of `enemy`.
fn held_by(position: &Position, enemy: PlayerId) -> Vec<bool> {
    position
        .stacks()
        .iter()
        .map(|stack| stack.pieces_of(enemy) > 0)
        .collect()
}

/// Whether `turn` can take pieces of the enemy, whose junctions `enemy` marks: a junction
/// its piece action names holds one. A turn with a tile action names junctions of the
/// board it builds, so it is always asked about by its change.
fn may_take(enemy: &[bool], turn: &Turn) -> bool {
    turn.tile.is_some()
        || turn.piece.as_ref().is_some_and(|action| {
            action.names_any(|j| enemy.get(j as usize).copied().unwrap_or(true))
        })
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
    let mut placed: Vec<_> = keyed
        .into_iter()
        .map(|(delta, k)| (place(delta.pieces_taken(position, mover), k), delta))
        .collect();
    placed.sort_unstable_by_key(|(at, _)| *at);
    Ok(placed.into_iter().map(|(_, delta)| delta).collect())
}

/// The first `upto` turns of [`ordered_turns`]'s order, and how many turns there are in
/// all if that is all of them: one walk over the turns the position has that keeps the
/// captures and the `upto` changes of smallest key that take nothing. Only a turn that
/// can take a piece, or whose key is small enough to be kept, has its change made. A
/// ruleset with a legality rule is asked about every turn, so its turns are listed whole.
fn first_turns(
    variant: &Variant,
    position: &Position,
    seed: u64,
    upto: usize,
) -> Result<(Vec<Delta>, Option<usize>), GameError> {
    if variant.filters_turns() {
        let mut whole = ordered_turns(variant, position, seed)?;
        let total = whole.len();
        whole.truncate(upto);
        return Ok((whole, (total <= upto).then_some(total)));
    }
    let mover = position.side();
    let mut captures: Vec<(i64, u64, Delta)> = Vec::new();
    let mut quiet = Quiet::new(upto);
    let enemy = held_by(position, 1 - mover);
    let _ = variant.model.for_each_turn(position, &mut |turn, staged| {
        let k = key(seed, turn);
        let may = may_take(&enemy, turn);
        if !may && quiet.beyond(k) {
            quiet.more = true;
            return ControlFlow::Continue(());
        }
        let delta = staged.delta(turn);
        let taken = if may {
            delta.pieces_taken(position, mover)
        } else {
            0
        };
        if taken > 0 {
            match captures.iter_mut().find(|(_, _, d)| *d == delta) {
                Some(known) => known.1 = known.1.min(k),
                None => captures.push((taken, k, delta)),
            }
        } else {
            quiet.keep(k, delta);
        }
        ControlFlow::Continue(())
    });
    captures.sort_unstable_by_key(|&(taken, k, _)| place(taken, k));
    let found = captures.len() + quiet.by_key.len();
    let total = (!quiet.more && found <= upto).then_some(found);
    let mut first: Vec<Delta> = captures.into_iter().map(|(_, _, d)| d).collect();
    first.extend(quiet.into_sorted());
    first.truncate(upto);
    Ok((first, total))
}

/// The `upto` changes of smallest key that take nothing, as a walk meets them. The
/// changes stay where they were first put, and only their keys and places are sorted:
/// moving the changes themselves on every insertion was a twentieth of a search.
struct Quiet {
    upto: usize,
    /// Key and place in `changes`, smallest key first.
    by_key: Vec<(u64, usize)>,
    changes: Vec<Delta>,
    /// Each change's hash, by place: a change is looked for among the kept ones by it
    /// first.
    hashes: Vec<u64>,
    /// A place in `changes` whose change was dropped, for the next one kept.
    free: Option<usize>,
    /// Whether a change was left out.
    more: bool,
}

impl Quiet {
    fn new(upto: usize) -> Quiet {
        Quiet {
            upto,
            by_key: Vec::with_capacity(upto + 1),
            changes: Vec::with_capacity(upto + 1),
            hashes: Vec::with_capacity(upto + 1),
            free: None,
            more: false,
        }
    }

    /// Whether a change of key `k` would not be kept.
    fn beyond(&self, k: u64) -> bool {
        self.by_key.len() == self.upto && self.by_key.last().is_none_or(|&(last, _)| k >= last)
    }

    /// Keeps `delta` at key `k`: at its smaller key where it is kept already, dropping the
    /// largest where one is too many.
    fn keep(&mut self, k: u64, delta: Delta) {
        if self.beyond(k) {
            self.more = true;
            return;
        }
        let hash = FxBuildHasher.hash_one(&delta);
        let known = self
            .by_key
            .iter()
            .position(|&(_, at)| self.hashes[at] == hash && self.changes[at] == delta);
        let at = match known {
            Some(i) if self.by_key[i].0 <= k => return,
            Some(i) => self.by_key.remove(i).1,
            None => match self.free.take() {
                Some(at) => {
                    self.changes[at] = delta;
                    self.hashes[at] = hash;
                    at
                }
                None => {
                    self.changes.push(delta);
                    self.hashes.push(hash);
                    self.changes.len() - 1
                }
            },
        };
        let i = self.by_key.partition_point(|&(known, _)| known < k);
        self.by_key.insert(i, (k, at));
        if self.by_key.len() > self.upto {
            self.free = self.by_key.pop().map(|(_, at)| at);
            self.more = true;
        }
    }

    /// The kept changes, smallest key first.
    fn into_sorted(self) -> impl Iterator<Item = Delta> {
        let mut changes: Vec<Option<Delta>> = self.changes.into_iter().map(Some).collect();
        self.by_key
            .into_iter()
            .map(move |(_, at)| changes[at].take().expect("each place is kept once"))
    }
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

    /// A window of a few turns gives, turn by turn, what the whole list gives, past its
    /// end too, and holds a fraction of its bytes.
    #[test]
    fn a_window_gives_the_whole_lists_turns_in_order() {
        let variant = Variant::load_named("truchet-browne", None).unwrap();
        let game = Game::new(&variant, Layout::Random, 4).unwrap();
        let position = game.position();
        let whole = TurnList::new(&variant, position, 7, Order::Captures, None).unwrap();
        let mut window = TurnList::new(&variant, position, 7, Order::Captures, Some(5)).unwrap();
        assert!(whole.len() > 100, "{}", whole.len());
        assert_eq!(window.len(), usize::MAX, "the window does not know the end");
        assert!(window.bytes() * 10 < whole.bytes());
        let listed = whole.whole(&variant, position).unwrap();
        assert_eq!(window.whole(&variant, position).unwrap(), listed);
        for (i, turn) in listed.iter().enumerate() {
            assert_eq!(window.get(&variant, position, i).unwrap(), turn, "turn {i}");
        }
        assert_eq!(window.len(), whole.len(), "the last window reaches the end");
        // The captures come first, the most pieces taken first.
        let taken: Vec<i64> = listed
            .iter()
            .map(|d| d.pieces_taken(position, position.side()))
            .collect();
        assert!(taken.windows(2).all(|w| w[0] >= w[1]), "{taken:?}");
        // Another seed, another order of the turns that take nothing.
        let other = TurnList::new(&variant, position, 8, Order::Captures, None).unwrap();
        assert_ne!(other.whole(&variant, position).unwrap(), listed);
    }

    /// Under a legality rule the window holds only turns the rule allows, in the order
    /// of the whole list.
    #[test]
    fn a_window_under_a_legality_rule_keeps_only_allowed_turns() {
        let variant = Variant::load_named("examples/designs/browne-flip-limit", None).unwrap();
        assert!(variant.filters_turns());
        let game = Game::new(&variant, Layout::Random, 4).unwrap();
        let position = game.position();
        let allowed = variant.distinct_deltas(position).unwrap();
        let whole = TurnList::new(&variant, position, 3, Order::Captures, None).unwrap();
        let mut window = TurnList::new(&variant, position, 3, Order::Captures, Some(6)).unwrap();
        let listed = whole.whole(&variant, position).unwrap();
        assert_eq!(listed.len(), allowed.len());
        for (i, turn) in listed.iter().enumerate() {
            assert_eq!(window.get(&variant, position, i).unwrap(), turn, "turn {i}");
            assert!(allowed.contains(turn));
        }
    }
}
