//! The few games of a match a report shows whole (their final boards, and the command
//! that plays them again): the games a designer would want to look at first.

use super::tournament::{End, GameRecord};
use crate::draw;
use crate::ruleset::Variant;

/// Why a game was picked as a sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pick {
    /// The first game the match's player (0 or 1) won: what a win by each looks like.
    FirstWin(usize),
    FirstDraw,
    /// The first game stopped at the turn limit: often a position that loops.
    FirstUnfinished,
    /// The first of the shortest games: a start that ends at once is a rule to look at.
    Shortest,
    /// The first of the longest games.
    Longest,
}

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

/// The games worth a look, in game order, each with why it was picked: the first win of
/// each player, the first draw, the first unfinished game (those there are), and the
/// shortest and the longest game. One game can be picked for several reasons, so there
/// are one to six samples.
pub fn pick_samples(games: &[GameRecord]) -> Vec<(usize, Vec<Pick>)> {
    let first = |pick: Pick, found: Option<usize>| found.map(|index| (index, pick));
    let shortest = games.iter().map(|g| g.turns).min();
    let longest = games.iter().map(|g| g.turns).max();
    let picked = [
        first(
            Pick::FirstWin(0),
            games.iter().position(|g| g.winning_player() == Some(0)),
        ),
        first(
            Pick::FirstWin(1),
            games.iter().position(|g| g.winning_player() == Some(1)),
        ),
        first(
            Pick::FirstDraw,
            games.iter().position(|g| g.end == End::Draw),
        ),
        first(
            Pick::FirstUnfinished,
            games.iter().position(|g| g.end == End::Unfinished),
        ),
        first(
            Pick::Shortest,
            games.iter().position(|g| Some(g.turns) == shortest),
        ),
        first(
            Pick::Longest,
            games.iter().position(|g| Some(g.turns) == longest),
        ),
    ];
    let mut samples: Vec<(usize, Vec<Pick>)> = Vec::new();
    for (index, pick) in picked.into_iter().flatten() {
        match samples.iter_mut().find(|(i, _)| *i == index) {
            Some((_, picks)) => picks.push(pick),
            None => samples.push((index, vec![pick])),
        }
    }
    samples.sort_unstable();
    samples
}

/// The samples of a match's games, with their final boards drawn.
pub fn samples(variant: &Variant, games: &[GameRecord]) -> Vec<SampleGame> {
    pick_samples(games)
        .into_iter()
        .map(|(index, picks)| SampleGame {
            index,
            picks,
            board: final_board(variant, &games[index].final_position),
            picture: final_picture(variant, &games[index]),
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
