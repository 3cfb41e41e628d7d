//! The turns a search node opens, in the order it opens them, and the window of them it
//! keeps.
//!
//! Progressive widening opens a few dozen of a Truchet position's hundreds of turns, so a
//! node that kept its whole list held a hundred kilobytes for the few it used: most of
//! a search's memory. A node keeps a window of its list instead, from the next turn to
//! open on, and the seed its order was drawn with; when widening reaches past the window
//! (a node visited more than about a thousand times), the list is made again from that
//! seed, the same turns in the same order, and the window moves on. So what the search
//! opens is what a whole list would have given it.

use std::borrow::Cow;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use variant_run_core::{Delta, Position};

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
    /// How many turns the whole list holds.
    total: usize,
    seed: u64,
    order: Order,
}

impl TurnList {
    /// The turns of `position` in `order`, drawn from `seed`; `keep` of them kept (all
    /// with `None`).
    pub(super) fn new(
        variant: &Variant,
        position: &Position,
        seed: u64,
        order: Order,
        keep: Option<usize>,
    ) -> Result<TurnList, GameError> {
        let mut whole = listed(variant, position, seed, order)?;
        let total = whole.len();
        if let Some(keep) = keep {
            whole.truncate(keep);
            whole.shrink_to_fit();
        }
        Ok(TurnList {
            window: whole,
            from: 0,
            total,
            seed,
            order,
        })
    }

    pub(super) fn len(&self) -> usize {
        self.total
    }

    pub(super) fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<TurnList>() + self.window.capacity() * std::mem::size_of::<Delta>()
    }

    /// Turn `index` of the whole list (below [`TurnList::len`]). Past the window, the
    /// list is made again and the window starts at `index`: the bytes it holds may change.
    pub(super) fn get(
        &mut self,
        variant: &Variant,
        position: &Position,
        index: usize,
    ) -> Result<&Delta, GameError> {
        let inside = index >= self.from && index < self.from + self.window.len();
        if !inside {
            let keep = self.window.len().max(WINDOW);
            let whole = listed(variant, position, self.seed, self.order)?;
            self.window = whole.into_iter().skip(index).take(keep).collect();
            self.from = index;
        }
        Ok(&self.window[index - self.from])
    }

    /// The whole list, made again if the window does not hold it all (a root that was a
    /// node below the root of the turn before).
    pub(super) fn whole(
        &self,
        variant: &Variant,
        position: &Position,
    ) -> Result<Cow<'_, [Delta]>, GameError> {
        if self.from == 0 && self.window.len() == self.total {
            Ok(Cow::Borrowed(&self.window))
        } else {
            Ok(Cow::Owned(listed(
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
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    match order {
        Order::Captures => ordered_turns(variant, position, &mut rng),
        Order::Evaluation => root_turns(variant, position, &mut rng),
    }
}

/// The distinct turns of a position, the ones that take the most enemy pieces first (by
/// landing; after-turn captures are found by the search), the rest in random order.
pub(super) fn ordered_turns(
    variant: &Variant,
    position: &Position,
    rng: &mut Pcg64Mcg,
) -> Result<Vec<Delta>, GameError> {
    let mut turns = variant.distinct_deltas(position)?;
    turns.shuffle(rng);
    turns.sort_by_cached_key(|d| std::cmp::Reverse(d.pieces_taken(position, position.side())));
    Ok(turns)
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
    rng: &mut Pcg64Mcg,
) -> Result<Vec<Delta>, GameError> {
    let by_captures = ordered_turns(variant, position, rng)?;
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
        assert_eq!(window.len(), whole.len());
        assert!(window.bytes() * 10 < whole.bytes());
        let listed = whole.whole(&variant, position).unwrap();
        assert_eq!(window.whole(&variant, position).unwrap(), listed);
        for (i, turn) in listed.iter().enumerate() {
            assert_eq!(window.get(&variant, position, i).unwrap(), turn, "turn {i}");
        }
        // Another seed, another order of the turns that take nothing.
        let other = TurnList::new(&variant, position, 8, Order::Captures, None).unwrap();
        assert_ne!(other.whole(&variant, position).unwrap(), listed);
    }
}
