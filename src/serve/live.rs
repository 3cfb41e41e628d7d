//! A game being played on the page: the loaded ruleset, the game, and every position it
//! went through (to step back through them), with the turns as the page shows them.

use variant_run_core::{CellId, LegalTurn, Position};

use super::view::Frame;
use crate::draw::Highlight;
use crate::play::choices::ChoiceTable;
use crate::play::{Game, GameError, Notation};
use crate::ruleset::Variant;

/// A live game: the loaded ruleset, the game, and each position it went through.
pub(super) struct Live<'v> {
    pub(super) variant: &'v Variant,
    pub(super) game: Game<'v>,
    pub(super) notation: Notation<'v>,
    pub(super) frames: Vec<Frame>,
    /// Each turn as shown, in the game's notation.
    pub(super) shown: Vec<String>,
    pub(super) table: Option<(usize, ChoiceTable)>,
}

impl Live<'_> {
    /// The canonical texts of the turns played.
    pub(super) fn server_texts(&self) -> Vec<String> {
        self.game.history().iter().map(|p| p.text.clone()).collect()
    }

    /// The choices of the current position, made once per position.
    pub(super) fn table(&mut self) -> Result<&ChoiceTable, GameError> {
        let ply = self.game.history().len();
        if self.table.as_ref().is_none_or(|(p, _)| *p != ply) {
            let turns = self.game.legal_turns()?;
            let table = ChoiceTable::new(self.variant, self.game.position(), turns)?;
            self.table = Some((ply, table));
        }
        Ok(&self.table.as_ref().expect("made above").1)
    }

    /// Plays a turn as the game writes it (a replayed turn, a computer's turn).
    pub(super) fn play_server_text(&mut self, text: &str) -> Result<(), GameError> {
        if self.game.in_setup() {
            return self.play_typed(text).map(|_| ());
        }
        let before = self.game.position().clone();
        let turn = Notation::Server.read(self.variant, &before, text)?;
        let shown = self.notation.write(&self.variant.model, &before, &turn);
        self.play_legal(turn, shown)
    }

    /// Plays a turn typed in the game's notation, as the terminal's prompt does.
    pub(super) fn play_typed(&mut self, text: &str) -> Result<String, GameError> {
        let before = self.snapshot();
        let shown = self.notation.play(&mut self.game, text)?;
        self.record(before, shown.clone());
        Ok(shown)
    }

    pub(super) fn play_legal(&mut self, turn: LegalTurn, shown: String) -> Result<(), GameError> {
        if let Some(outcome) = self.game.outcome() {
            return Err(GameError::Over(outcome.reason.clone()));
        }
        let before = self.snapshot();
        self.game.play_legal(turn)?;
        self.record(before, shown);
        Ok(())
    }

    pub(super) fn snapshot(&self) -> (Position, Vec<CellId>) {
        (self.game.position().clone(), self.game.unplaced_cells())
    }

    /// The frame after a turn just played.
    pub(super) fn record(&mut self, before: (Position, Vec<CellId>), shown: String) {
        let number = self.game.history().len();
        let player = self.frames.last().map_or(0, |f| f.to_move);
        let letter = self.variant.model.rules.player_letter(player);
        let last = Highlight::between(
            &before.0,
            self.game.position(),
            &before.1,
            &self.game.unplaced_cells(),
            format!("{number}. {letter} {shown}"),
        );
        self.frames.push(Frame::of(&self.game, Some(last)));
        self.shown.push(shown);
    }
}
