//! The notations turns are read and written in: the play-by-mail server's syntax, which
//! every ruleset has and games record, and the action notations a ruleset describes in
//! its TOML (`[notation.<name>]`), chosen with `--notation <name>`.
//!
//! A game always records the canonical server text of each turn; another notation is a
//! way of reading and showing turns, so a transcript in one notation reads back as the
//! same game in the other.
//!
//! ```no_run
//! use variant_run::play::{notation::Notation, Game, Layout};
//! use variant_run::Variant;
//! let variant = Variant::load_named("truchet-boardspace", None).unwrap();
//! let boardspace = Notation::named(&variant, Some("boardspace")).unwrap();
//! let mut game = Game::new(&variant, Layout::Random, 1).unwrap();
//! let shown = boardspace.play(&mut game, "Move C 7 B 6").unwrap();
//! ```

use variant_run_core::{ActionNotation, GameModel, LegalTurn, Position, Turn, TurnReadError};

use super::game::{canonical_turn, Game, GameError};
use crate::ruleset::{Variant, SERVER_NOTATION as SERVER};

/// A notation to read and write turns in.
#[derive(Clone, Copy, Debug)]
pub enum Notation<'v> {
    /// The play-by-mail server's syntax (`bc34:a1-d6`), the default.
    Server,
    /// An action notation of the ruleset's TOML, with its name.
    Actions(&'v str, &'v ActionNotation),
}

impl<'v> Notation<'v> {
    /// The notation called `name` in a ruleset (`None` or `"server"`: the server syntax).
    ///
    /// # Errors
    /// The ruleset has no notation of that name; the message lists those it has.
    pub fn named(variant: &'v Variant, name: Option<&str>) -> Result<Notation<'v>, GameError> {
        match name {
            None | Some(SERVER) => Ok(Notation::Server),
            Some(name) => match variant.notations.get_key_value(name) {
                Some((name, notation)) => Ok(Notation::Actions(name, notation)),
                None => {
                    let mut known = vec![SERVER.to_string()];
                    known.extend(variant.notations.keys().cloned());
                    Err(GameError::Setup(format!(
                        "--notation: {} has no notation `{name}`; it has {}",
                        variant.name,
                        known.join(", ")
                    )))
                }
            },
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Notation::Server => SERVER,
            Notation::Actions(name, _) => name,
        }
    }

    /// Writes a legal turn of `before` (the position it is played in).
    pub fn write(&self, model: &GameModel, before: &Position, turn: &LegalTurn) -> String {
        match self {
            Notation::Server => turn.text.clone(),
            Notation::Actions(_, notation) => notation.write(model, before, &turn.turn),
        }
    }

    /// Reads a turn and checks it is legal in `position`.
    ///
    /// # Errors
    /// The text cannot be read, or the turn is illegal here.
    pub fn read(
        &self,
        variant: &Variant,
        position: &Position,
        text: &str,
    ) -> Result<LegalTurn, GameError> {
        let model = &variant.model;
        let turn = match self {
            Notation::Server => model.parse_turn_in(position, text)?,
            Notation::Actions(_, notation) => notation.parse_turn_in(model, position, text)?,
        };
        canonical_turn(variant, position, turn)
    }

    /// Reads a turn without checking it or looking up its canonical text: cheaper than
    /// [`Notation::read`], for tools that check many turns.
    ///
    /// # Errors
    /// The text cannot be read, or names what is not on this board.
    pub fn read_unchecked(
        &self,
        model: &GameModel,
        position: &Position,
        text: &str,
    ) -> Result<Turn, TurnReadError> {
        match self {
            Notation::Server => model.read_turn(position, text),
            Notation::Actions(_, notation) => notation.read_turn(model, position, text),
        }
    }

    /// Plays a turn typed in this notation and returns it written in this notation.
    /// Set-up turns are read as they always are. A refused turn leaves the game as it was.
    ///
    /// # Errors
    /// The text is not a legal turn here, the game is over, or a script fails.
    pub fn play(&self, game: &mut Game, text: &str) -> Result<String, GameError> {
        let variant = game.variant();
        let model = &variant.model;
        if let Some(outcome) = game.outcome() {
            return Err(GameError::Over(outcome.reason.clone()));
        }
        if game.in_setup() {
            return Ok(game.play(text)?.text.clone());
        }
        let before = game.position().clone();
        let turn = self.read(variant, &before, text)?;
        let shown = self.write(model, &before, &turn);
        game.play_legal(turn)?;
        Ok(shown)
    }

    /// Examples of the turns a ruleset has, for a player's help text.
    pub fn examples(&self, variant: &Variant) -> String {
        match self {
            Notation::Server => server_examples(&variant.model.rules.forms),
            Notation::Actions(_, notation) => notation.examples(),
        }
    }
}

/// One example per part of a turn the forms have, in the server's syntax.
fn server_examples(forms: &variant_run_core::TurnForms) -> String {
    use variant_run_core::{PieceForm, TileForm};
    let stepped =
        forms.has_piece(PieceForm::StepThenMerge) || forms.has_piece(PieceForm::StepThenSplit);
    let examples = [
        (
            forms.has_tile(TileForm::Place),
            "b:c12",
            "places tile b in cell c12",
        ),
        (
            forms.has_tile(TileForm::Remove),
            "e6",
            "removes the tile in e6",
        ),
        (forms.has_piece(PieceForm::Move), "b1e-c7w", "moves a piece"),
        (forms.has_piece(PieceForm::Step), "a1-d6", "steps"),
        (forms.has_piece(PieceForm::Merge), "c3,c5-c4", "merges"),
        (forms.has_piece(PieceForm::Split), "b4-b3,2xa4", "splits"),
        (stepped, "a1-c3;c3,c5-c4", "steps, then merges or splits"),
        (forms.has_flips(), "bc34:a1-d6", "flips a tile first"),
    ];
    let shown: Vec<String> = examples
        .iter()
        .filter(|(on, _, _)| *on)
        .map(|(_, example, meaning)| format!("`{example}` {meaning}"))
        .collect();
    shown.join(", ")
}
