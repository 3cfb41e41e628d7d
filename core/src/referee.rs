//! The referee: the rules that run once after every turn (captures by surrounding, in
//! some rulesets), and who, if anyone, has won. Rulesets supply it (the variant host
//! calls scripts); the core only asks.

use crate::{CellId, Delta, GameModel, PlayerId, Position};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<PlayerId>,
    /// Why, in the players' terms ("o has no legal turn").
    pub reason: String,
    /// A short name for this kind of ending ("most junctions"), where the reason's text
    /// varies from game to game (it holds the scores): what reports count endings by.
    pub key: Option<String>,
    /// Each player's score, where the rules score the game.
    pub scores: Option<[i64; 2]>,
}

impl Outcome {
    /// A win or a draw, without a key or scores.
    pub fn new(winner: Option<PlayerId>, reason: impl Into<String>) -> Outcome {
        Outcome {
            winner,
            reason: reason.into(),
            key: None,
            scores: None,
        }
    }

    /// What endings are counted by: the key, else the reason itself.
    pub fn ending(&self) -> &str {
        self.key.as_deref().unwrap_or(&self.reason)
    }
}

/// What a referee knows of every turn making one flip (see
/// [`Referee::every_turn_flipping`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipVerdict {
    /// Each turn must be asked.
    Unknown,
    AllowsEvery,
    RefusesEvery,
}

/// Runs the after-turn rules and decides whether the game is over in a position (the
/// side to move is about to play).
pub trait Referee {
    type Error;

    /// Whether [`Referee::after_turn`] does anything. When it does not, turns are told
    /// apart by their deltas alone, which is much cheaper.
    fn has_after_turn(&self) -> bool {
        false
    }

    /// The rules that run once after every turn, on the position it left (the player who
    /// moved is the one *not* to move now): captures that are not landings. They may
    /// change stacks, never tiles or the board, so turns that differ in their tiles stay
    /// apart (perft counts on that). By default, none.
    ///
    /// # Errors
    /// Whatever stops the rules from running (a failing script).
    fn after_turn(&self, model: &GameModel, position: &mut Position) -> Result<(), Self::Error> {
        let _ = (model, position);
        Ok(())
    }

    /// Whether [`Referee::refusal`] refuses any turn. When it may, turns are listed and
    /// each one asked, never counted without being made.
    fn filters_turns(&self) -> bool {
        false
    }

    /// Why the rules refuse a turn the forms allow (its change `delta` in `position`),
    /// or `None` when they allow it. By default, every turn is allowed.
    ///
    /// # Errors
    /// Whatever stops the rule from deciding (a failing script).
    fn refusal(
        &self,
        model: &GameModel,
        position: &Position,
        delta: &Delta,
    ) -> Result<Option<String>, Self::Error> {
        let _ = (model, position, delta);
        Ok(None)
    }

    /// What the rules answer every turn that flips the tile `flip` (with `None`, every
    /// turn that flips none), where they know it without making one of them: a rule
    /// that refuses flips once a player has made enough refuses them whatever the pieces
    /// do. The sampler drops a flip option refused whole at once, where drawing its
    /// turns one by one would find none allowed, and a listing asks nothing more of an
    /// option allowed whole. By default, never known.
    ///
    /// # Errors
    /// Whatever stops the rule from deciding (a failing script).
    fn every_turn_flipping(
        &self,
        model: &GameModel,
        position: &Position,
        flip: Option<CellId>,
    ) -> Result<FlipVerdict, Self::Error> {
        let _ = (model, position, flip);
        Ok(FlipVerdict::Unknown)
    }

    /// `None` while the game goes on.
    ///
    /// # Errors
    /// Whatever stops the referee from deciding (a failing script).
    fn outcome(
        &self,
        model: &GameModel,
        position: &Position,
    ) -> Result<Option<Outcome>, Self::Error>;
}
