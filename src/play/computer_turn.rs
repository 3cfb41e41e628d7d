//! One computer turn: the player chooses, the game plays what it chose. `play` (a
//! session), `match` (a tournament's games) and `serve` (the page's computer, on its
//! worker thread) all take their computer turns here, so they cannot drift apart in how a
//! choice is played or what a stuck player means.

use super::game::{Game, GameError};
use super::notation::Notation;
use super::player::{Choice, Player};
use super::player_kind::PlayerKind;

/// Asks `player` (of kind `kind`, named in errors) for the side to move's turn and plays
/// it; returns the turn as `notation` writes it (a set-up turn as the letters laid).
///
/// # Errors
/// A script fails while the player weighs the turns or while the turn is played (the game
/// is then as it was), or the player finds no turn although the game is not over.
pub fn play_computer_turn(
    game: &mut Game,
    player: &mut dyn Player,
    kind: &PlayerKind,
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
        // `random` is the set-up turn as a person types it: the game draws the tiles.
        Choice::RandomSetUp => Ok(game.play("random")?.text.clone()),
        Choice::NoTurn => Err(GameError::Stuck(kind.to_string())),
    }
}
