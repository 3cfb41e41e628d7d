//! What a computer player is: something that chooses a turn for the game's player to
//! move. The built-in players and the searches they name are built on it.

use variant_run_core::LegalTurn;

use super::criteria::SearchView;
use super::game::{Game, GameError};

/// A computer player.
pub trait Player {
    /// A turn for the game's player to move: a legal turn, or during set-up a set-up
    /// turn.
    ///
    /// # Errors
    /// A script fails while the player weighs the turns.
    fn choose(&mut self, game: &Game) -> Result<Choice, GameError>;

    /// What its search made of the turn it last chose, for the quality criteria; none
    /// for a player that does not search, or when it chose without searching.
    fn search_view(&self) -> Option<SearchView> {
        None
    }
}

/// What a computer player decided.
// One is made per turn a player chooses and moved straight into the game, never held in
// bulk: boxing the turn would cost an allocation a turn for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Choice {
    /// A piece turn, one of the game's legal turns.
    Turn(LegalTurn),
    /// During set-up: lay the set-up tiles at random, as the seed draws them (the set-up
    /// turn a person types as `random`).
    RandomSetUp,
    /// Nothing to play: the player found no legal turn.
    NoTurn,
}
