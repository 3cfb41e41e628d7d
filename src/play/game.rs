//! A game: the set-up turns that lay tiles (if the ruleset has them), then piece turns,
//! each checked and applied whole, the end-of-game script asked after every turn.

use std::cell::RefCell;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use thiserror::Error;
use variant_run_core::{
    CellId, Illegal, IllegalTurnError, LegalTurn, Outcome, PlayerId, Position, TurnError,
};

use super::layouts::{seeded_layout, Layout, LayoutChoiceError};
use crate::diagnostic::Diagnostic;
use crate::ruleset::{TileSetup, Variant};

/// A turn that was played, as the transcript shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub player: PlayerId,
    /// The canonical text: for set-up turns the letters actually laid.
    pub text: String,
}

#[derive(Debug, Error)]
pub enum GameError {
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error("{0}")]
    Setup(String),
    #[error("the game is over: {0}")]
    Over(String),
    #[error(transparent)]
    Script(#[from] Diagnostic),
    #[error(transparent)]
    Layout(#[from] LayoutChoiceError),
    /// A computer player (named by its kind) chose nothing in a game that is not over.
    #[error("{0} found no turn to play although the game is not over")]
    Stuck(String),
}

/// A turn read from a text, refused where the ruleset's legality rule refuses it, and
/// written as the canonical turn of the position it leaves: with after-turn rules
/// (captures), turns that differ before them can leave one position.
///
/// # Errors
/// The legality rule refuses the turn (with its reason), or a script fails.
pub fn canonical_turn(
    variant: &Variant,
    position: &Position,
    turn: LegalTurn,
) -> Result<LegalTurn, GameError> {
    use variant_run_core::Referee;
    if let Some(reason) = variant.refusal(&variant.model, position, &turn.delta)? {
        return Err(GameError::Turn(TurnError::Illegal(IllegalTurnError {
            text: turn.text,
            reason: Illegal::ByRule(reason),
        })));
    }
    if !variant.has_after_turn() {
        return Ok(turn);
    }
    // After-turn rules never change tiles: the turns leaving the same position make the
    // same flip, and only those are listed.
    let next = variant.play(position, &turn.delta)?;
    let flip = turn.delta.flip;
    for candidate in variant
        .model
        .distinct_turns_flipping(variant, position, flip)?
    {
        if candidate.delta == turn.delta || variant.play(position, &candidate.delta)? == next {
            return Ok(candidate);
        }
    }
    Ok(turn)
}

/// Draws a tile layout: every cell a uniformly random state.
pub fn random_layout(variant: &Variant, rng: &mut impl Rng) -> Vec<u8> {
    let states = variant.model.board.tiles().len() as u8;
    (0..variant.model.board.cell_count())
        .map(|_| rng.gen_range(0..states))
        .collect()
}

pub struct Game<'v> {
    variant: &'v Variant,
    /// Index of the next placement turn; equal to their number once the pieces move.
    placement: usize,
    position: Position,
    history: Vec<Played>,
    outcome: Option<Outcome>,
    /// Draws the tiles of `random` set-up turns.
    rng: Pcg64Mcg,
    /// The legal turns of `position`, once asked for: a player and a match's statistics
    /// both ask in the same position, and generating them is the dear part of a turn.
    legal: RefCell<Option<Vec<LegalTurn>>>,
}

impl<'v> Game<'v> {
    /// Starts a game; `seed` decides every random draw of the set-up.
    ///
    /// # Errors
    /// The end-of-game script fails on the start position.
    pub fn new(variant: &'v Variant, layout: Layout, seed: u64) -> Result<Game<'v>, GameError> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let placement_setup = layout == Layout::Setup && variant.tile_setup == TileSetup::Placement;
        if variant.tile_setup == TileSetup::Pool && layout != Layout::Setup {
            return Err(LayoutChoiceError(format!(
                "{} has no tile layout to choose: its tiles come from the pool during play",
                variant.name
            ))
            .into());
        }
        let tiles = match layout {
            _ if variant.tile_setup == TileSetup::Pool => Vec::new(),
            Layout::Given(tiles) => tiles,
            _ if placement_setup => vec![0; variant.model.board.cell_count()],
            // A ruleset that deals keyed layouts deals its seeded games with the seed as key.
            _ => match &variant.keyed_layout {
                Some(keyed) => seeded_layout(keyed, &variant.model.board, seed),
                None => random_layout(variant, &mut rng),
            },
        };
        let mut game = Game {
            variant,
            placement: if placement_setup {
                0
            } else {
                variant.placement_turns.len()
            },
            position: variant.start_position(&tiles),
            history: Vec::new(),
            outcome: None,
            rng,
            legal: RefCell::new(None),
        };
        if !game.in_setup() {
            game.outcome = variant.judge(&game.position)?;
        }
        Ok(game)
    }

    /// A game that starts from a given position, with no set-up turns.
    ///
    /// # Errors
    /// The end-of-game script fails on the position.
    pub fn from_position(variant: &'v Variant, position: Position) -> Result<Game<'v>, GameError> {
        let outcome = variant.judge(&position)?;
        Ok(Game {
            variant,
            placement: variant.placement_turns.len(),
            position,
            history: Vec::new(),
            outcome,
            rng: Pcg64Mcg::seed_from_u64(0),
            legal: RefCell::new(None),
        })
    }

    pub fn variant(&self) -> &'v Variant {
        self.variant
    }

    /// Whether tiles are still being laid.
    pub fn in_setup(&self) -> bool {
        self.placement < self.variant.placement_turns.len()
    }

    /// The position (during set-up: tiles laid so far, others in their first state).
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn history(&self) -> &[Played] {
        &self.history
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> PlayerId {
        match self.variant.placement_turns.get(self.placement) {
            Some(turn) => turn.player,
            None => self.position.side(),
        }
    }

    /// The cells no set-up turn has laid yet (none once the pieces move).
    pub fn unplaced_cells(&self) -> Vec<CellId> {
        self.variant.placement_turns[self.placement.min(self.variant.placement_turns.len())..]
            .iter()
            .flat_map(|t| t.cells.iter().copied())
            .collect()
    }

    /// The cells the current set-up turn lays, in order.
    pub fn placement_cells(&self) -> Option<&[CellId]> {
        self.variant
            .placement_turns
            .get(self.placement)
            .map(|t| t.cells.as_slice())
    }

    /// The legal turns after set-up (none during set-up or once the game is over), in
    /// canonical text order.
    ///
    /// # Errors
    /// The after-turn script fails.
    pub fn legal_turns(&self) -> Result<Vec<LegalTurn>, GameError> {
        self.with_legal_turns(|turns| turns.to_vec())
    }

    /// The number of [`Game::legal_turns`].
    ///
    /// # Errors
    /// The after-turn script fails.
    pub fn legal_turn_count(&self) -> Result<usize, GameError> {
        self.with_legal_turns(<[LegalTurn]>::len)
    }

    /// Calls `f` with the legal turns, generated once per position.
    fn with_legal_turns<T>(&self, f: impl FnOnce(&[LegalTurn]) -> T) -> Result<T, GameError> {
        if self.in_setup() || self.outcome.is_some() {
            return Ok(f(&[]));
        }
        let mut cache = self.legal.borrow_mut();
        if cache.is_none() {
            *cache = Some(self.variant.legal_turns(&self.position)?);
        }
        Ok(f(cache.as_deref().unwrap_or_default()))
    }

    /// Plays a turn given as text. A refused turn leaves the game as it was.
    ///
    /// # Errors
    /// The text is not a legal turn here, the game is over, or a script fails.
    pub fn play(&mut self, text: &str) -> Result<&Played, GameError> {
        if let Some(outcome) = &self.outcome {
            return Err(GameError::Over(outcome.reason.clone()));
        }
        if self.in_setup() {
            return self.place(text);
        }
        let turn = self.variant.model.parse_turn_in(&self.position, text)?;
        let turn = canonical_turn(self.variant, &self.position, turn)?;
        self.play_legal(turn)
    }

    /// Plays a turn known to be legal (one of [`Game::legal_turns`]).
    ///
    /// # Errors
    /// The end-of-game script fails; the turn is then not played.
    pub fn play_legal(&mut self, turn: LegalTurn) -> Result<&Played, GameError> {
        let next = self.variant.play(&self.position, &turn.delta)?;
        let outcome = self.variant.judge(&next)?;
        let player = self.position.side();
        self.position = next;
        self.outcome = outcome;
        *self.legal.get_mut() = None;
        self.history.push(Played {
            player,
            text: turn.text,
        });
        Ok(self.history.last().expect("just pushed"))
    }

    /// Tile states drawn as a `random` set-up turn draws them, from the game's own seeded
    /// generator: a person laying a set-up turn a few tiles at a time draws the rest so.
    pub fn random_tiles(&mut self, count: usize) -> Vec<u8> {
        let states = self.variant.model.board.tiles().len() as u8;
        (0..count).map(|_| self.rng.gen_range(0..states)).collect()
    }

    /// A set-up turn: `random`, or one state letter per tile of this turn.
    fn place(&mut self, text: &str) -> Result<&Played, GameError> {
        let variant = self.variant;
        let turn = &variant.placement_turns[self.placement];
        let tiles = variant.model.board.tiles();
        let text = text.trim();
        let states: Vec<u8> = if text == "random" {
            let count = turn.cells.len();
            self.random_tiles(count)
        } else {
            let letters: Vec<char> = text.chars().collect();
            if letters.len() != turn.cells.len() {
                return Err(GameError::Setup(format!(
                    "this set-up turn lays {} tiles: type `random` or {} letters ({}), not {}",
                    turn.cells.len(),
                    turn.cells.len(),
                    tiles.letters(),
                    letters.len()
                )));
            }
            let mut states = Vec::new();
            for (i, &letter) in letters.iter().enumerate() {
                let state = tiles.state_by_letter(letter).ok_or_else(|| {
                    GameError::Setup(format!(
                        "letter {} `{}` is not a tile state ({})",
                        i + 1,
                        letter,
                        tiles.letters()
                    ))
                })?;
                states.push(state);
            }
            states
        };
        let mut next = self.position.clone();
        for (&cell, &state) in turn.cells.iter().zip(&states) {
            next.set_tile(cell, state);
        }
        let outcome = if self.placement + 1 == self.variant.placement_turns.len() {
            self.variant.judge(&next)?
        } else {
            None
        };
        let player = turn.player;
        let text: String = states.iter().map(|&s| tiles.letter(s)).collect();
        self.position = next;
        self.outcome = outcome;
        *self.legal.get_mut() = None;
        self.placement += 1;
        self.history.push(Played { player, text });
        Ok(self.history.last().expect("just pushed"))
    }
}

/// The position at the start of the piece phase: set-up turns, if any, are played as
/// `random`, exactly as two computer players would play them with this seed.
///
/// # Errors
/// A script fails.
pub fn opening(variant: &Variant, layout: Layout, seed: u64) -> Result<Position, GameError> {
    let mut game = Game::new(variant, layout, seed)?;
    while game.in_setup() {
        game.play("random")?;
    }
    Ok(game.position().clone())
}
