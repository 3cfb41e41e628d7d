//! perft: the number of distinct sequences of legal turns of a given length.
//!
//! Turns are identified by the position they leave, after the referee's after-turn rules.
//! A turn that ends the game has no continuation: it counts at depth 1 and adds nothing
//! deeper. A position whose game is already over has no turns.

use std::ops::ControlFlow;

use rustc_hash::FxHashSet;

use crate::board_cache::NewBoard;
use crate::deltas::{same_tiles, tile_key};
use crate::forms::TileForm;
use crate::movegen::for_each_turn_of_group;
use crate::{patch, Delta, GameModel, LegalTurn, Position, Referee};

impl GameModel {
    /// Counts the turn sequences of length `depth` from `position`.
    ///
    /// # Errors
    /// An error of the referee (a failing script).
    pub fn perft<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        depth: u32,
    ) -> Result<u64, R::Error> {
        if depth == 0 {
            return Ok(1);
        }
        if referee.outcome(self, position)?.is_some() {
            return Ok(0);
        }
        self.perft_live(referee, position, depth)
    }

    /// Like [`GameModel::perft`], but for each distinct turn (in canonical text order) its
    /// own count.
    ///
    /// # Errors
    /// An error of the referee.
    pub fn perft_divide<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        depth: u32,
    ) -> Result<Vec<(LegalTurn, u64)>, R::Error> {
        let mut rows = Vec::new();
        self.perft_divide_each(referee, position, depth, &mut |turn, count| {
            rows.push((turn, count))
        })?;
        Ok(rows)
    }

    /// Like [`GameModel::perft_divide`], handing each turn's count over as soon as it is
    /// known, so a long count can show its progress.
    ///
    /// # Errors
    /// An error of the referee.
    pub fn perft_divide_each<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        depth: u32,
        each: &mut dyn FnMut(LegalTurn, u64),
    ) -> Result<(), R::Error> {
        if depth == 0 || referee.outcome(self, position)?.is_some() {
            return Ok(());
        }
        for turn in self.distinct_turns(referee, position)? {
            let child = self.play(referee, position, &turn.delta)?;
            let count = self.perft(referee, &child, depth - 1)?;
            each(turn, count);
        }
        Ok(())
    }

    /// perft of a position whose game is known to go on, counted one flip option at a
    /// time, so that a big board's turns are never all held at once.
    fn perft_live<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        depth: u32,
    ) -> Result<u64, R::Error> {
        // A rule that refuses turns must be asked of each, so none is counted unmade.
        let filters = referee.filters_turns();
        // Without after-turn rules the last ply's turns are counted, never listed.
        if !referee.has_after_turn() && depth == 1 && !filters {
            return Ok(self.count_distinct(position));
        }
        if depth == 1 && self.rules.forms.turns_never_coincide() && !filters {
            return self.count_last_ply(referee, position);
        }
        let mut total = 0;
        let mut failed = None;
        let mut allowed = Vec::new();
        let _ = self.for_each_delta_group(position, &mut |deltas| match self
            .allowed_deltas_if(referee, position, deltas, filters, &mut allowed)
            .and_then(|deltas| self.perft_group(referee, position, deltas, depth))
        {
            Ok(count) => {
                total += count;
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(total),
        }
    }

    /// The changes the referee allows, where `filters` says it may refuse some (kept in
    /// `allowed`), else the changes as they are.
    fn allowed_deltas_if<'d, R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        deltas: &'d [Delta],
        filters: bool,
        allowed: &'d mut Vec<Delta>,
    ) -> Result<&'d [Delta], R::Error> {
        if !filters {
            return Ok(deltas);
        }
        *allowed = self.allowed_deltas(referee, position, deltas)?;
        Ok(allowed)
    }

    /// The part of perft that starts with the distinct changes of one flip option.
    fn perft_group<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        deltas: &[Delta],
        depth: u32,
    ) -> Result<u64, R::Error> {
        if !referee.has_after_turn() {
            // Distinct changes leave distinct positions when no rule runs after them:
            // the last ply counts them (a rule that refuses turns has already dropped
            // its own, which is how this ply is reached with `depth` 1).
            if depth == 1 {
                return Ok(deltas.len() as u64);
            }
            let mut total = 0;
            let mut child = position.clone();
            for delta in deltas {
                child.clone_from(position);
                self.change(&mut child, delta, NewBoard::Shared);
                if referee.outcome(self, &child)?.is_none() {
                    total += self.perft_live(referee, &child, depth - 1)?;
                }
            }
            return Ok(total);
        }
        if depth == 1 {
            return self.count_settled(referee, position, deltas);
        }
        // After-turn rules can make different changes leave one position: count the
        // positions, each once. They never touch tiles, so only changes that do the same
        // to tiles can meet: one such family's positions are held at a time (on a big
        // patch, every placement's position at once took gigabytes).
        let deltas = self.by_tile_family(deltas);
        let mut total = 0;
        for family in deltas.chunk_by(|a, b| same_tiles(a, b)) {
            // A family of one change (a placement, a removal) leaves one position.
            if let [delta] = family {
                let child = self.play(referee, position, delta)?;
                if referee.outcome(self, &child)?.is_none() {
                    total += self.perft_live(referee, &child, depth - 1)?;
                }
                continue;
            }
            let mut children = FxHashSet::default();
            for delta in family {
                children.insert(self.play(referee, position, delta)?);
            }
            for child in &children {
                if referee.outcome(self, child)?.is_none() {
                    total += self.perft_live(referee, child, depth - 1)?;
                }
            }
        }
        Ok(total)
    }

    /// How many distinct positions the changes leave once the after-turn rules have run.
    /// Those rules never touch tiles, so changes with different flips or tile actions
    /// always leave different positions; only changes sharing them are played out.
    fn count_settled<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        deltas: &[Delta],
    ) -> Result<u64, R::Error> {
        let deltas = self.by_tile_family(deltas);
        let mut count = 0;
        for group in deltas.chunk_by(|a, b| same_tiles(a, b)) {
            if group.len() == 1 {
                count += 1;
                continue;
            }
            let mut children = FxHashSet::default();
            for delta in group {
                children.insert(self.play(referee, position, delta)?);
            }
            count += children.len() as u64;
        }
        Ok(count)
    }

    /// The last ply's count where no two turns make one change (see
    /// [`crate::TurnForms::turns_never_coincide`]). After-turn rules never touch tiles,
    /// so a tile action that no piece action may follow leaves a position no other turn
    /// leaves: those are counted, not made (from the start of Trugo, nearly every leaf
    /// is a placement). The turns of the other form groups are made and settled.
    fn count_last_ply<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
    ) -> Result<u64, R::Error> {
        let mut count = 0;
        let mut deltas = Vec::new();
        for group in self.rules.forms.groups() {
            match group.tile {
                Some(TileForm::Place) if group.pieces.is_empty() => {
                    count += patch::placement_count(position) as u64;
                }
                Some(TileForm::Remove) if group.pieces.is_empty() => {
                    count += patch::removable_now(&self.rules, position).len() as u64;
                }
                _ => {
                    deltas.clear();
                    let _ =
                        for_each_turn_of_group(self, position, group, None, &mut |turn, staged| {
                            deltas.push(staged.delta(turn));
                            ControlFlow::Continue(())
                        });
                    count += self.count_settled(referee, position, &deltas)?;
                }
            }
        }
        Ok(count)
    }

    /// The changes of one group of [`GameModel::for_each_delta_group`] ordered so that
    /// those doing the same to tiles come together: sorted, unless the generator already
    /// gave them so (sorting them was a tenth of Trugo's perft).
    fn by_tile_family<'d>(&self, deltas: &'d [Delta]) -> Vec<&'d Delta> {
        let mut deltas: Vec<&Delta> = deltas.iter().collect();
        if !self.rules.forms.turns_never_coincide() {
            deltas.sort_unstable_by_key(|delta| tile_key(delta));
        }
        deltas
    }
}
