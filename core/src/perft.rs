//! perft: the number of distinct sequences of legal turns of a given length.
//!
//! Turns are identified by the position they leave, after the referee's after-turn rules.
//! A turn that ends the game has no continuation: it counts at depth 1 and adds nothing
//! deeper. A position whose game is already over has no turns.

use rustc_hash::FxHashSet;

use crate::{GameModel, LegalTurn, Position, Referee};

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

    /// perft of a position whose game is known to go on.
    fn perft_live<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        depth: u32,
    ) -> Result<u64, R::Error> {
        let deltas = self.distinct_deltas(position);
        if !referee.has_after_turn() {
            if depth == 1 {
                return Ok(deltas.len() as u64);
            }
            let mut total = 0;
            let mut child = position.clone();
            for delta in &deltas {
                child.clone_from(position);
                self.apply(&mut child, delta);
                if referee.outcome(self, &child)?.is_none() {
                    total += self.perft_live(referee, &child, depth - 1)?;
                }
            }
            return Ok(total);
        }
        // After-turn rules can make different changes leave one position: count the
        // positions, each once.
        let mut children = FxHashSet::default();
        for delta in &deltas {
            children.insert(self.play(referee, position, delta)?);
        }
        if depth == 1 {
            return Ok(children.len() as u64);
        }
        let mut total = 0;
        for child in &children {
            if referee.outcome(self, child)?.is_none() {
                total += self.perft_live(referee, child, depth - 1)?;
            }
        }
        Ok(total)
    }
}
