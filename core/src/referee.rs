//! The referee: who, if anyone, has won after a turn. Rulesets supply it (the variant
//! host calls a script); the core only asks.

use crate::{GameModel, PlayerId, Position};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<PlayerId>,
    /// Why, in the players' terms ("o has no legal turn").
    pub reason: String,
}

/// Decides whether the game is over in a position (the side to move is about to play).
pub trait Referee {
    type Error;

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
