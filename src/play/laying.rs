//! A person laying a set-up turn's tiles at the prompt a few at a time, rather than as
//! one line of a letter per tile (Browne's first turn lays 24).
//!
//! The tiles typed so far are only a choice: the board shows them, `undo` takes the last
//! back, `random` draws the rest as a `random` turn draws them, and when every tile of
//! the turn is chosen the whole turn is played as the letters it lays, so the game (and
//! the ruleset's set-up) judges it exactly as if it had been typed at once.

use variant_run_core::CellId;

use super::game::Game;
use crate::draw;

/// The tiles of the current set-up turn chosen so far.
#[derive(Debug, Default)]
pub struct Laying {
    /// The cells the turn lays, in its order.
    cells: Vec<CellId>,
    /// A state for each of the first cells.
    chosen: Vec<u8>,
}

/// What a line typed while laying asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Laid {
    /// Tiles were chosen or taken back; more are to come.
    Partly,
    /// Every tile is chosen: the turn waits for `done` (or an empty line).
    Complete,
    /// Play this text as the turn.
    Play(String),
}

impl Laying {
    /// The laying of the game's current set-up turn (none chosen yet).
    pub fn new(game: &Game) -> Laying {
        Laying {
            cells: game.placement_cells().unwrap_or_default().to_vec(),
            chosen: Vec::new(),
        }
    }

    /// How many tiles the turn lays.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the turn lays no tile at all.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// How many tiles are chosen.
    pub fn chosen(&self) -> usize {
        self.chosen.len()
    }

    /// The cell whose tile is chosen next.
    pub fn next(&self) -> Option<CellId> {
        self.cells.get(self.chosen.len()).copied()
    }

    /// Reads a line: letters (spaces between them are ignored) choose the next tiles,
    /// `random` draws the rest, `undo` takes the last one back, `done` plays a complete
    /// turn. A whole turn typed at once, or `random` before any tile is chosen, is played
    /// at once, as it always was.
    ///
    /// # Errors
    /// The line is none of these, or asks for more tiles than are left; nothing is
    /// chosen then.
    pub fn read(&mut self, game: &mut Game, line: &str) -> Result<Laid, String> {
        let left = self.cells.len() - self.chosen.len();
        match line.trim() {
            "random" if self.chosen.is_empty() => Ok(Laid::Play("random".into())),
            "random" if left == 0 => Err("every tile is chosen: `done` lays them".into()),
            "random" => {
                let drawn = game.random_tiles(left);
                self.chosen.extend(drawn);
                Ok(Laid::Complete)
            }
            "undo" => match self.chosen.pop() {
                Some(_) => Ok(Laid::Partly),
                None => Err("no tile of this turn is chosen yet: nothing to undo".into()),
            },
            "done" | "" if left == 0 => Ok(Laid::Play(self.letters(game))),
            "done" => Err(format!(
                "{} still to choose (the next goes to {}): type the letters, or `random`",
                tiles(left),
                self.next_name(game)
            )),
            "" => Ok(Laid::Partly),
            text => {
                let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                if self.chosen.is_empty() && letters.len() == self.cells.len() {
                    return Ok(Laid::Play(letters.into_iter().collect()));
                }
                let states = self.states(game, &letters)?;
                if states.len() > left {
                    return Err(format!(
                        "{} left to choose in this turn, and `{}` gives {}",
                        tiles(left),
                        crate::printable::printable(text),
                        states.len()
                    ));
                }
                self.chosen.extend(states);
                Ok(if self.chosen.len() == self.cells.len() {
                    Laid::Complete
                } else {
                    Laid::Partly
                })
            }
        }
    }

    /// The name of the cell laid next (`-` when none is).
    pub fn next_name(&self, game: &Game) -> String {
        self.next()
            .map_or("-".into(), |c| game.variant().model.board.cell_name(c))
    }

    /// The board with the chosen tiles laid and the next cell marked `?`.
    pub fn board(&self, game: &Game) -> String {
        let variant = game.variant();
        let mut position = game.position().clone();
        for (&cell, &state) in self.cells.iter().zip(&self.chosen) {
            position.set_tile(cell, state);
        }
        let laid = &self.cells[..self.chosen.len()];
        let unplaced: Vec<CellId> = game
            .unplaced_cells()
            .into_iter()
            .filter(|c| !laid.contains(c))
            .collect();
        draw::board_laying(
            &variant.model,
            &variant.marks,
            &position,
            &unplaced,
            self.next(),
        )
    }

    /// The states of typed letters, each checked against the tile set.
    fn states(&self, game: &Game, letters: &[char]) -> Result<Vec<u8>, String> {
        let tiles = game.variant().model.board.tiles();
        letters
            .iter()
            .map(|&letter| {
                tiles.state_by_letter(letter).ok_or_else(|| {
                    format!(
                        "`{}` is not a tile's letter (they are {}), nor `random`, `undo`, \
                         `done`, `board`, `help` or `quit`",
                        crate::printable::printable(&letter.to_string()),
                        tiles.letters()
                    )
                })
            })
            .collect()
    }

    /// The chosen tiles as the turn's text: a letter per tile.
    fn letters(&self, game: &Game) -> String {
        let tiles = game.variant().model.board.tiles();
        self.chosen.iter().map(|&s| tiles.letter(s)).collect()
    }
}

/// `1 tile`, `5 tiles`.
fn tiles(n: usize) -> String {
    match n {
        1 => "1 tile".into(),
        n => format!("{n} tiles"),
    }
}
