//! Distinct turns one flip option at a time.
//!
//! A big board has tens of millions of turns (a hexagonal board of size 40 has about 50
//! million at its opening), far more than fit in memory as a list. They need not be held
//! all at once: turns are told apart by the change they make, and a change includes its
//! flip, so turns with different flips (or none) are always different turns. The
//! generator visits turns grouped by their flip, so each group can be made distinct on
//! its own and dropped before the next: only the largest group is ever held (a few
//! thousand turns on such a board).
//!
//! After-turn rules change stacks, never tiles, so groups stay apart after them too.

use std::hash::BuildHasher;
use std::ops::ControlFlow;

use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::movegen::{for_each_turn, Flips};
use crate::{CellId, Delta, FlipVerdict, GameModel, LegalTurn, Position, Referee, Turn};

impl GameModel {
    /// Of these turns, those the referee allows (all, where it filters none).
    ///
    /// # Errors
    /// An error of the referee's rule.
    pub(crate) fn allowed_only<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        mut turns: Vec<LegalTurn>,
    ) -> Result<Vec<LegalTurn>, R::Error> {
        if !referee.filters_turns() {
            return Ok(turns);
        }
        let mut failed = None;
        turns.retain(|turn| match referee.refusal(self, position, &turn.delta) {
            Ok(refusal) => refusal.is_none(),
            Err(e) => {
                failed.get_or_insert(e);
                false
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(turns),
        }
    }

    /// Of these changes, those the referee allows (see [`GameModel::allowed_only`]).
    ///
    /// # Errors
    /// An error of the referee's rule.
    pub fn allowed_deltas<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        deltas: &[Delta],
    ) -> Result<Vec<Delta>, R::Error> {
        let mut allowed = Vec::with_capacity(deltas.len());
        // What the referee knows of each flip option (no flip at 0, a tile at its id
        // and one), asked once: a rule that asks of a turn only its flip is then asked
        // nothing more of the option's turns.
        let mut verdicts: Vec<Option<FlipVerdict>> = vec![None; position.board().cell_count() + 1];
        for delta in deltas {
            let option = delta.flip.map_or(0, |cell| usize::from(cell) + 1);
            let verdict = match verdicts[option] {
                Some(verdict) => verdict,
                None => {
                    let verdict = referee.every_turn_flipping(self, position, delta.flip)?;
                    verdicts[option] = Some(verdict);
                    verdict
                }
            };
            let allows = match verdict {
                FlipVerdict::AllowsEvery => true,
                FlipVerdict::RefusesEvery => false,
                FlipVerdict::Unknown => referee.refusal(self, position, delta)?.is_none(),
            };
            if allows {
                allowed.push(delta.clone());
            }
        }
        Ok(allowed)
    }

    /// Visits the distinct changes of the side to move, one flip option at a time (no
    /// flip first, then each flippable tile), each group in the order turns are
    /// generated (so, where [`crate::TurnForms::turns_never_coincide`], the changes
    /// doing the same to tiles come one after another). Together the groups are
    /// [`GameModel::distinct_deltas`]. `visit` may stop the walk by returning
    /// `ControlFlow::Break`.
    pub fn for_each_delta_group(
        &self,
        position: &Position,
        visit: &mut dyn FnMut(&[Delta]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let hasher = FxBuildHasher;
        // Where no two turns make one change, repeats need not be looked for: that
        // search was a fifth of Trugo's perft.
        let once = self.rules.forms.turns_never_coincide();
        // Room for a typical group from the start, so it is not grown step by step
        // (none where it is not used: the allocation showed in perft).
        let mut seen: HashTable<usize> = HashTable::with_capacity(if once { 0 } else { 64 });
        let mut deltas: Vec<Delta> = Vec::with_capacity(64);
        let mut flip: Option<CellId> = None;
        for_each_turn(self, position, Flips::All, &mut |turn, staged| {
            if turn.flip != flip {
                flip = turn.flip;
                if !deltas.is_empty() {
                    visit(&deltas)?;
                }
                deltas.clear();
                seen.clear();
            }
            let delta = staged.delta(turn);
            if once {
                deltas.push(delta);
                return ControlFlow::Continue(());
            }
            let hash = hasher.hash_one(&delta);
            if seen.find(hash, |&i| deltas[i] == delta).is_none() {
                seen.insert_unique(hash, deltas.len(), |&i| hasher.hash_one(&deltas[i]));
                deltas.push(delta);
            }
            ControlFlow::Continue(())
        })?;
        if deltas.is_empty() {
            return ControlFlow::Continue(());
        }
        visit(&deltas)
    }

    /// Visits the distinct legal turns of the side to move, one flip option at a time (no
    /// flip first, then each flippable tile), told apart by the position they leave once
    /// the referee's after-turn rules have run, each with its canonical text, each group
    /// sorted by that text. Together the groups are [`GameModel::distinct_turns`].
    ///
    /// # Errors
    /// An error of the referee's after-turn rules.
    pub fn for_each_turn_group<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        visit: &mut dyn FnMut(Vec<LegalTurn>) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, R::Error> {
        let mut failed = None;
        let mut best: FxHashMap<Delta, (Turn, String)> = FxHashMap::default();
        let mut flip: Option<CellId> = None;
        let mut flush = |best: &mut FxHashMap<Delta, (Turn, String)>| {
            if best.is_empty() {
                return ControlFlow::Continue(());
            }
            let turns = best
                .drain()
                .map(|(delta, (turn, text))| LegalTurn { turn, text, delta })
                .collect();
            let settled = self
                .allowed_only(referee, position, turns)
                .and_then(|turns| self.settle_distinct(referee, position, turns));
            match settled {
                Ok(turns) => visit(turns),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        };
        let mut flow = for_each_turn(self, position, Flips::All, &mut |turn, staged| {
            if turn.flip != flip {
                flip = turn.flip;
                flush(&mut best)?;
            }
            let delta = staged.delta(turn);
            let text = self.turn_text_staged(position, staged, turn);
            keep_shortest(&mut best, delta, turn, text);
            ControlFlow::Continue(())
        });
        if flow.is_continue() {
            flow = flush(&mut best);
        }
        match failed {
            Some(e) => Err(e),
            None => Ok(flow),
        }
    }

    /// The distinct legal turns that make this flip (or none), as one group of
    /// [`GameModel::for_each_turn_group`] gives them.
    ///
    /// # Errors
    /// An error of the referee's after-turn rules.
    pub fn distinct_turns_flipping<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        flip: Option<CellId>,
    ) -> Result<Vec<LegalTurn>, R::Error> {
        let turns =
            self.allowed_only(referee, position, self.legal_turns_flipping(position, flip))?;
        self.settle_distinct(referee, position, turns)
    }

    /// The distinct legal turns that make this flip (or none), told apart by the position
    /// they leave before any after-turn rule, each with its canonical text, sorted by it.
    /// A flip the position does not allow gives turns that are not legal.
    pub fn legal_turns_flipping(
        &self,
        position: &Position,
        flip: Option<CellId>,
    ) -> Vec<LegalTurn> {
        let mut best: FxHashMap<Delta, (Turn, String)> = FxHashMap::default();
        let _ = for_each_turn(self, position, Flips::Only(flip), &mut |turn, staged| {
            let delta = staged.delta(turn);
            let text = self.turn_text_staged(position, staged, turn);
            keep_shortest(&mut best, delta, turn, text);
            ControlFlow::Continue(())
        });
        sorted_by_text(best)
    }
}

/// The kept turns, each with its change, sorted by canonical text.
pub(crate) fn sorted_by_text(best: FxHashMap<Delta, (Turn, String)>) -> Vec<LegalTurn> {
    let mut turns: Vec<LegalTurn> = best
        .into_iter()
        .map(|(delta, (turn, text))| LegalTurn { turn, text, delta })
        .collect();
    turns.sort_by(|a, b| a.text.cmp(&b.text));
    turns
}

/// Keeps the canonical text of each change: the shortest, ties broken by character order.
pub(crate) fn keep_shortest(
    best: &mut FxHashMap<Delta, (Turn, String)>,
    delta: Delta,
    turn: &Turn,
    text: String,
) {
    match best.get_mut(&delta) {
        Some(entry) => {
            if (text.len(), &text) < (entry.1.len(), &entry.1) {
                *entry = (turn.clone(), text);
            }
        }
        None => {
            best.insert(delta, (turn.clone(), text));
        }
    }
}

#[cfg(test)]
mod tests {
    use rustc_hash::FxHashSet;

    use crate::deltas::tile_key;
    use crate::testing::games::each_mover_along_games;
    use crate::testing::{truchet_forms, trugo_model};
    use crate::{TileAction, TurnForms};

    use super::*;

    /// What `for_each_delta_group` takes on trust where the forms say turns never
    /// coincide: every change the generator visits is visited once, and those doing the
    /// same to tiles one after another. Held along random Trugo games, with and without
    /// a move after a placement, in both phases, for both sides.
    #[test]
    fn turns_of_forms_that_never_coincide_are_distinct_and_grouped() {
        assert!(!truchet_forms().turns_never_coincide());
        let (mut checked, mut removals, mut moves_after_placing) = (0, 0, 0);
        for forms in [
            &["place", "remove", "move"][..],
            &["place", "remove", "move", "place move"][..],
        ] {
            let mut model = trugo_model();
            model.rules.forms = TurnForms::parse(forms).expect("valid forms");
            assert!(model.rules.forms.turns_never_coincide(), "{forms:?}");
            each_mover_along_games(&model, 0..4, (24, 12), 120, |mover| {
                let mut deltas = Vec::new();
                let _ = for_each_turn(&model, mover, Flips::All, &mut |turn, staged| {
                    if turn.tile.is_some() && turn.piece.is_some() {
                        moves_after_placing += 1;
                    }
                    deltas.push(staged.delta(turn));
                    ControlFlow::Continue(())
                });
                let distinct: FxHashSet<&Delta> = deltas.iter().collect();
                assert_eq!(distinct.len(), deltas.len(), "a change visited twice");
                let mut runs = FxHashSet::default();
                for run in deltas.chunk_by(|a, b| tile_key(a) == tile_key(b)) {
                    assert!(
                        runs.insert(tile_key(&run[0])),
                        "a tile action's turns apart"
                    );
                }
                checked += deltas.len();
                removals += deltas
                    .iter()
                    .filter(|d| matches!(d.tile, Some(TileAction::Remove { .. })))
                    .count();
            });
        }
        assert!(
            checked > 50_000 && removals > 1_000 && moves_after_placing > 1_000,
            "{checked} changes, {removals} removals, {moves_after_placing} placements with a move"
        );
    }
}
