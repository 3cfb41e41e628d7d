//! One game of a match, as it ended: what a match's tally (`tally.rs`) adds up
//! and what a report shows of a sample game.
//!
//! While a game is played (in `tournament.rs`), its record counts:
//!
//! - its **turns**: every turn of its game record, set-up turns that lay tiles included
//!   (the turn numbers `play` writes, which `--max-turns` also counts);
//! - its **captures**: after each turn, how many pieces of the mover's opponent left the
//!   game during it (their pieces on the board plus those still to receive, before the
//!   turn minus after it). That counts pieces landed on and taken, pieces a surrounding
//!   capture takes, and pieces a tile removal takes off the board; a placement that
//!   brings the opponent new pieces takes none away, so it counts nothing, and the
//!   mover's own pieces lost (a suicide capture) are not captures;
//! - its **positions** and **legal turns**: every position where a player chose a piece
//!   turn, and the number of distinct legal turns there ([`crate::Variant::legal_turns`]:
//!   turns that leave different positions once the after-turn rules have run, the list
//!   the players choose from);
//! - its **quality criteria** ([`super::criteria`]), watched position by position;
//! - if the match was asked to list them (`--positions`), its **positions**: what each
//!   criterion's definition reads of each position ([`PositionRecord`]), so that the
//!   criteria can be worked out again from the record, by other definitions too
//!   (docs/criteria.md, "Compared with Ludii's definitions").

use serde::{Deserialize, Serialize};
use variant_run_core::PlayerId;

use super::criteria::GameCriteria;

/// How a game of a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// A player won (see [`GameRecord::winner`]).
    Win,
    Draw,
    /// The turn limit came first.
    Unfinished,
}

/// One game of a match. A sharded study writes each as a line of its results file
/// (serde), and its report reads them back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Its seed: `play --seed <seed>` with the same players plays it again.
    pub seed: u64,
    /// Whether the two kinds of player changed sides for this game (odd games, when they
    /// differ).
    pub swapped: bool,
    /// The kind of player of each side, by player id.
    pub kinds: [String; 2],
    /// The side that made the first piece turn: the first seat.
    pub first: PlayerId,
    pub end: End,
    pub winner: Option<PlayerId>,
    /// Why it ended, in the ruleset's words (`o has no legal turn`), or `stopped after N
    /// turns without a result`.
    pub reason: String,
    /// The short name of the kind of ending the ruleset gave with the reason (`most
    /// junctions held`), which endings are counted by; without one, the reason is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// Each side's score, by player id, where the ruleset scored the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<[i64; 2]>,
    /// The result line, as `play` ends a game: `x wins: o has no legal turn`.
    pub result: String,
    pub turns: usize,
    /// Pieces of the mover's opponent that left the game during the mover's turns.
    pub captures: u64,
    /// Positions where a piece turn was chosen.
    pub positions: u64,
    /// Legal turns summed over those positions.
    pub legal_turns: u64,
    /// The position text where the game ended.
    pub final_position: String,
    /// Its quality criteria (see [`super::criteria`]).
    pub criteria: GameCriteria,
    /// The first seat's chance over the game, (turn, ten-thousandths), a few dozen
    /// points at most ([`super::criteria::CriteriaWatch::curve`]): the sample games'
    /// value curves.
    pub curve: Vec<(u32, u16)>,
    /// Every position where a piece turn was chosen, in order, if the match lists them
    /// (empty otherwise, and then absent from a results file, whose games never list
    /// them: see `MatchSpec::positions` in `tournament.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub position_list: Vec<PositionRecord>,
}

/// One position of a game where a piece turn was chosen, as the match saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionRecord {
    /// Turns played before it (set-up turns included), as [`GameRecord::turns`] counts.
    pub turn: usize,
    /// The side to move.
    pub mover: PlayerId,
    /// Its distinct legal turns.
    pub legal: usize,
    /// The first seat's chance as the mover saw it: the value the state criteria read.
    pub value: f64,
    /// The share of the mover's search that went to the turn it chose, if it searched.
    pub focus: Option<f64>,
    /// The ruleset's `evaluate` of the position for each side, by player id, in pieces'
    /// worth: a static view from both sides, whoever moved and however it chose.
    pub evaluation: [i64; 2],
    /// Pieces on the board, stacked ones each counted.
    pub pieces: u32,
    /// The position text.
    pub position: String,
}

// `value` and `focus` are finite (the match clamps the one and searches give the other
// as a share), so equality is an equivalence, as a game record's needs to be.
impl Eq for PositionRecord {}

impl GameRecord {
    /// Which of the match's two players (0: the kind that took the first listed side in
    /// game 0) played `side`.
    pub fn player_of(&self, side: PlayerId) -> usize {
        (side as usize) ^ usize::from(self.swapped)
    }

    /// What the game's ending is counted by: its ending's key, else its reason.
    pub fn ending(&self) -> &str {
        self.ending.as_deref().unwrap_or(&self.reason)
    }

    /// Each of the match's two players' scores (see [`GameRecord::player_of`]), where
    /// the game was scored.
    pub fn player_scores(&self) -> Option<[i64; 2]> {
        // Player p played the side p, or the other when the game swapped sides.
        let swap = usize::from(self.swapped);
        self.scores
            .map(|by_side| [by_side[swap], by_side[1 ^ swap]])
    }

    /// The match's player who won, if one did.
    pub fn winning_player(&self) -> Option<usize> {
        self.winner.map(|w| self.player_of(w))
    }

    /// Whether the first seat won.
    pub fn first_seat_won(&self) -> bool {
        self.winner == Some(self.first)
    }
}
