//! Which boards a transcript draws between its turn lines: `play --show` and `replay
//! --show` read the same choice and draw the same boards in the same places.

use std::str::FromStr;

use super::game::Game;
use crate::draw;

/// When boards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Before the first turn and after every turn, set-up turns included.
    All,
    /// Where play starts (after any set-up turns), and at the end.
    Start,
    /// Only at the end.
    End,
    /// After turn N (0: before the first turn), and at the end.
    After(usize),
}

impl Show {
    /// The values `--show` takes, for messages and help.
    pub const VALUES: &'static str = "`all`, `start`, `end` or a turn number";
}

impl FromStr for Show {
    type Err = String;

    fn from_str(text: &str) -> Result<Show, String> {
        match text {
            "all" => Ok(Show::All),
            "start" => Ok(Show::Start),
            "end" => Ok(Show::End),
            n => n
                .parse()
                .map(Show::After)
                .map_err(|_| format!("expected {}", Show::VALUES)),
        }
    }
}

/// The board of a game, tiles not laid yet drawn empty.
pub fn board(game: &Game) -> String {
    let variant = game.variant();
    draw::board_in_setup(
        &variant.model,
        &variant.marks,
        game.position(),
        &game.unplaced_cells(),
    )
}

/// The boards of one transcript, as its turns are written: each method gives the text to
/// write at its place, if a board goes there.
#[derive(Debug)]
pub struct Boards {
    show: Show,
    /// Whether the last thing drawn is the board as it stands (so the end draws none).
    current: bool,
}

impl Boards {
    pub fn new(show: Show) -> Boards {
        Boards {
            show,
            current: false,
        }
    }

    /// Whether the last board drawn is the game as it stands.
    pub fn current(&self) -> bool {
        self.current
    }

    /// Before the first turn, after the header.
    pub fn at_beginning(&mut self, game: &Game) -> Option<String> {
        let drawn = match self.show {
            Show::All | Show::After(0) => true,
            Show::Start => !game.in_setup(),
            Show::End | Show::After(_) => false,
        };
        self.framed(drawn, game)
    }

    /// After the line of turn `number`; `was_setup` says whether the game was in its
    /// set-up before that turn.
    pub fn after_turn(&mut self, number: usize, was_setup: bool, game: &Game) -> Option<String> {
        self.current = false;
        match self.show {
            Show::All => {
                self.current = true;
                Some(board(game))
            }
            Show::Start => self.framed(was_setup && !game.in_setup(), game),
            Show::After(n) => self.framed(n == number, game),
            Show::End => None,
        }
    }

    /// At the end, before the result line: the board as the game ended, unless it was
    /// just drawn.
    pub fn at_end(&mut self, game: &Game) -> Option<String> {
        if self.current {
            return None;
        }
        self.current = true;
        Some(format!("\n{}", board(game)))
    }

    /// A board with a blank line before and after, if `drawn`.
    fn framed(&mut self, drawn: bool, game: &Game) -> Option<String> {
        self.current = drawn;
        drawn.then(|| format!("\n{}\n", board(game)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_reads_its_words_and_turn_numbers() {
        assert_eq!("all".parse(), Ok(Show::All));
        assert_eq!("start".parse(), Ok(Show::Start));
        assert_eq!("end".parse(), Ok(Show::End));
        assert_eq!("12".parse(), Ok(Show::After(12)));
        assert_eq!(
            "twelve".parse::<Show>(),
            Err("expected `all`, `start`, `end` or a turn number".into())
        );
    }
}
