//! One computer turn: the player chooses, the game plays what it chose. `play` (a
//! session) and `match` (a tournament's games) both take their computer turns here, so
//! the two cannot drift apart in how a choice is played or what a stuck player means.

use super::game::{Game, GameError};
use super::notation::Notation;
use super::players::{Choice, Player};

/// Asks `player` (of kind `kind`, named in errors) for the side to move's turn and plays
/// it; returns the turn as `notation` writes it (a set-up turn as the letters laid).
///
/// # Errors
/// A script fails while the player weighs the turns or while the turn is played (the game
/// is then as it was), or the player finds no turn although the game is not over.
pub fn play_computer_turn(
    game: &mut Game,
    player: &mut dyn Player,
    kind: &str,
    notation: &Notation,
) -> Result<String, GameError> {
    match player.choose(game)? {
        // A piece turn is written before it is played: notations read the position the
        // turn starts from.
        Choice::Turn(turn) => {
            let variant = game.variant();
            let shown = notation.write(&variant.model, game.position(), &turn);
            game.play_legal(turn)?;
            Ok(shown)
        }
        Choice::Text(text) if !text.is_empty() => Ok(game.play(&text)?.text.clone()),
        Choice::Text(_) => Err(GameError::Stuck(kind.to_string())),
    }
}
