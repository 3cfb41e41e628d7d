//! The few games of a match a report shows whole (their final boards, and the command
//! that plays them again): the games a designer would want to look at first.

use super::game_record::GameRecord;
use super::tally::{Pick, Tally};
use crate::draw;
use crate::ruleset::Variant;

/// A game shown at the end of a report: why it was picked and its final board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleGame {
    pub index: usize,
    /// At least one reason, in the order of [`Pick`].
    pub picks: Vec<Pick>,
    /// The board where the game ended, drawn as `play` draws it.
    pub board: String,
    /// The same board as an SVG picture, for pages.
    pub picture: String,
}

/// The games worth a look, as a tally picked them (see [`Tally::samples`]: the first win
/// of each player, the first draw, the first unfinished game, and the shortest and the
/// longest game; one to six games), with their final boards drawn.
pub fn samples(variant: &Variant, tally: &Tally) -> Vec<SampleGame> {
    tally
        .samples()
        .into_iter()
        .map(|(game, picks)| SampleGame {
            index: game.index,
            picks,
            board: final_board(variant, &game.final_position),
            picture: final_picture(variant, game),
        })
        .collect()
}

/// A game's final board as an SVG picture, its result in the legend (empty if the
/// position text does not read back; the ASCII board shows why).
fn final_picture(variant: &Variant, game: &GameRecord) -> String {
    match variant.model.parse_position(&game.final_position) {
        Ok(position) => {
            let picture = draw::Picture {
                marks: &variant.marks,
                result: Some(&game.result),
                ..draw::Picture::default()
            };
            draw::board_svg(&variant.model, &position, &picture)
        }
        Err(_) => String::new(),
    }
}

/// The board of a position text, as `play` draws it (the text itself if it does not read
/// back, which would be a bug worth seeing rather than hiding).
fn final_board(variant: &Variant, text: &str) -> String {
    match variant.model.parse_position(text) {
        Ok(position) => draw::board_marked(&variant.model, &variant.marks, &position),
        Err(e) => format!("{text}\n({e})\n"),
    }
}
