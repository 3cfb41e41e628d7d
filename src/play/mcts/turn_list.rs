//! The turns a search node opens, in the order it opens them, and the window of them it
//! keeps.
//!
//! Progressive widening opens a few dozen of a Truchet position's hundreds of turns. A
//! node that listed and kept them all held a hundred kilobytes for the few it used, and
//! listing them (every change made, copied, hashed and told apart from the others) was
//! most of a search's work. The order is a key per turn instead: the turns that take the
//! most enemy pieces first, the rest by a random key drawn from the turn's change and the
//! node's seed. A node below the root keeps a window of the first turns of that order,
//! found in one walk over the turns the position has that keeps only the captures and the
//! turns of smallest key; when widening reaches past the window (a node visited about a
//! thousand times), the walk is made again for more, the same turns in the same order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;
use variant_run_core::{Delta, Position, Referee};

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

/// A turn's place in a node's random order: its change's hash mixed with the node's
/// seed (splitmix64's finaliser). Equal changes get equal keys, so a turn has one place
/// however often the walk meets it, and however the turns are listed.
fn key(seed: u64, delta: &Delta) -> u64 {
    let mut z = FxBuildHasher.hash_one(delta) ^ seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A turn's place in [`ordered_turns`]'s order: the most pieces taken first, then by key.
fn rank(position: &Position, seed: u64, delta: &Delta) -> (Reverse<i64>, u64) {
    let taken = delta.pieces_taken(position, position.side());
    (Reverse(taken), key(seed, delta))
}

/// The distinct turns of a position, the ones that take the most enemy pieces first (by
/// landing; after-turn captures are found by the search), the rest in a random order
/// drawn from `seed` (see [`key`]).
pub(super) fn ordered_turns(
    variant: &Variant,
    position: &Position,
    seed: u64,
) -> Result<Vec<Delta>, GameError> {
    let mut keyed: Vec<((Reverse<i64>, u64), Delta)> = variant
        .distinct_deltas(position)?
        .into_iter()
        .map(|d| (rank(position, seed, &d), d))
        .collect();
    keyed.sort_unstable_by_key(|(k, _)| *k);
    Ok(keyed.into_iter().map(|(_, d)| d).collect())
}

/// A turn that takes nothing, by its key: the largest on top of the heap that keeps the
/// smallest.
struct Quiet {
    key: u64,
    delta: Delta,
}

impl PartialEq for Quiet {
    fn eq(&self, other: &Quiet) -> bool {
        self.key == other.key
    }
}
impl Eq for Quiet {}
impl PartialOrd for Quiet {
    fn partial_cmp(&self, other: &Quiet) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Quiet {
    fn cmp(&self, other: &Quiet) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// The first `upto` turns of [`ordered_turns`]'s order, and how many turns there are in
/// all if that is all of them: one walk over the turns the position has, keeping the
/// captures and the `upto` turns of smallest key that take nothing. A ruleset with a
/// legality rule is asked about every turn, so its turns are listed whole.
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
    let mut captures: Vec<((Reverse<i64>, u64), Delta)> = Vec::new();
    let mut quiet: BinaryHeap<Quiet> = BinaryHeap::with_capacity(upto + 1);
    // Whether a turn that takes nothing was left out.
    let mut more = false;
    variant.model.for_each_delta(position, &mut |delta| {
        let place = rank(position, seed, delta);
        let (Reverse(taken), k) = place;
        if taken > 0 {
            if !captures.iter().any(|(p, d)| *p == place && d == delta) {
                captures.push((place, delta.clone()));
            }
            return;
        }
        if quiet.len() == upto && quiet.peek().is_none_or(|top| k > top.key) {
            more = true;
            return;
        }
        if quiet.iter().any(|q| q.key == k && q.delta == *delta) {
            return;
        }
        quiet.push(Quiet {
            key: k,
            delta: delta.clone(),
        });
        if quiet.len() > upto {
            quiet.pop();
            more = true;
        }
    });
    captures.sort_unstable_by_key(|(place, _)| *place);
    let found = captures.len() + quiet.len();
    let total = (!more && found <= upto).then_some(found);
    let mut first: Vec<Delta> = captures.into_iter().map(|(_, d)| d).collect();
    first.extend(quiet.into_sorted_vec().into_iter().map(|q| q.delta));
    first.truncate(upto);
    Ok((first, total))
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
