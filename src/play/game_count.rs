//! Counting a game as its turns are played, into its [`GameRecord`]: the one way a
//! match counts the games its computer players play (`tournament.rs`) and a report
//! counts the games of a folder of records (`record_games.rs`), so the two reports mean
//! the same. (Named, not linked: those files build on this one.)
//!
//! Around each turn, [`GameCount::before`] looks at the position the turn is chosen in
//! and [`GameCount::after`] at the one it left; [`GameCount::finish`] reads the end.
//! What is counted is described in [`super::game_record`].

use variant_run_core::{PlayerId, Position};

use super::criteria::{CriteriaWatch, SearchView};
use super::game::{Game, GameError};
use super::game_record::{End, GameRecord, PositionRecord};
use super::lead::lead_chance;
use super::session::result_line;
use crate::ruleset::Variant;

/// A game's record being counted.
pub struct GameCount<'v> {
    variant: &'v Variant,
    record: GameRecord,
    watch: CriteriaWatch,
    first_seen: bool,
    list_positions: bool,
}

/// What [`GameCount::before`] saw of a turn's position, for [`GameCount::after`].
pub struct Before {
    side: PlayerId,
    /// The opponent's pieces on the board and still to receive.
    held: u64,
    /// For a piece turn: the position it is chosen in and its distinct legal turns.
    piece_turn: Option<(Position, usize)>,
}

impl<'v> GameCount<'v> {
    /// The count of game `index` (with its seed, whether the match's players swapped
    /// sides, and the kind or name of the player of each side), listing its positions
    /// if `list_positions`.
    pub fn new(
        variant: &'v Variant,
        (index, seed, swapped): (usize, u64, bool),
        kinds: [String; 2],
        list_positions: bool,
    ) -> GameCount<'v> {
        GameCount {
            variant,
            record: GameRecord {
                index,
                seed,
                swapped,
                kinds,
                first: variant.first,
                end: End::Unfinished,
                winner: None,
                reason: String::new(),
                ending: None,
                scores: None,
                result: String::new(),
                turns: 0,
                captures: 0,
                positions: 0,
                legal_turns: 0,
                final_position: String::new(),
                criteria: Default::default(),
                curve: Vec::new(),
                position_list: Vec::new(),
            },
            watch: CriteriaWatch::new(),
            first_seen: false,
            list_positions,
        }
    }

    /// Turns counted so far.
    pub fn turns(&self) -> usize {
        self.record.turns
    }

    /// The first seat is the side to move when the set-up is over.
    fn look(&mut self, game: &Game) {
        if !game.in_setup() && !self.first_seen {
            self.record.first = game.to_move();
            self.first_seen = true;
        }
    }

    /// Looks at the position a turn is about to be chosen in.
    ///
    /// # Errors
    /// A script fails while the legal turns are counted.
    pub fn before(&mut self, game: &Game) -> Result<Before, GameError> {
        self.look(game);
        let side = game.to_move();
        let piece_turn = if game.in_setup() {
            None
        } else {
            let legal = game.legal_turn_count()?;
            self.record.positions += 1;
            self.record.legal_turns += legal as u64;
            Some((game.position().clone(), legal))
        };
        Ok(Before {
            side,
            held: held(game, 1 - side),
            piece_turn,
        })
    }

    /// Counts the turn just played: `view` is what the mover's search made of it, if it
    /// searched; without one the position is valued by the ruleset's `evaluate`.
    ///
    /// # Errors
    /// A script fails while the position is valued.
    pub fn after(
        &mut self,
        game: &Game,
        before: Before,
        view: Option<SearchView>,
    ) -> Result<(), GameError> {
        let Before {
            side,
            held: held_before,
            piece_turn,
        } = before;
        if let Some((position, legal)) = piece_turn {
            self.piece_turn(game, &position, legal, side, view)?;
        }
        self.record.turns += 1;
        self.record.captures += held_before.saturating_sub(held(game, 1 - side));
        Ok(())
    }

    /// Watches the criteria of a piece turn chosen in `position` by `side`.
    fn piece_turn(
        &mut self,
        game: &Game,
        position: &Position,
        legal: usize,
        side: PlayerId,
        view: Option<SearchView>,
    ) -> Result<(), GameError> {
        let variant = self.variant;
        // The mover's view of its chances: its search's, or the static evaluation's.
        let mover_chance = match view {
            Some(view) => view.chance,
            None => lead_chance(variant.evaluate(position, side)? as f64),
        };
        let first_chance = if side == self.record.first {
            mover_chance
        } else {
            1.0 - mover_chance
        };
        let focus = view.and_then(|v| v.focus);
        self.watch
            .see(position, self.record.turns, legal, first_chance, focus);
        self.watch.moved(position, game.position(), side);
        if self.list_positions {
            let evaluate = |player| variant.evaluate(position, player);
            self.record.position_list.push(PositionRecord {
                turn: self.record.turns,
                mover: side,
                legal,
                value: first_chance.clamp(0.0, 1.0),
                focus,
                evaluation: [evaluate(0)?, evaluate(1)?],
                pieces: position.piece_count(),
                position: variant.model.position_text(position),
            });
        }
        Ok(())
    }

    /// The record of the game as it stands: its result if it has one, else unfinished
    /// for the reason `unfinished` gives (`stopped after 2000 turns without a result`).
    pub fn finish(mut self, game: &Game, unfinished: String) -> GameRecord {
        self.look(game);
        let variant = self.variant;
        let record = &mut self.record;
        match game.outcome() {
            Some(outcome) => {
                record.end = match outcome.winner {
                    Some(_) => End::Win,
                    None => End::Draw,
                };
                record.winner = outcome.winner;
                record.reason = outcome.reason.clone();
                record.ending = outcome.key.clone();
                record.scores = outcome.scores;
                record.result = result_line(variant, outcome);
            }
            None => {
                record.reason = unfinished.clone();
                record.result = unfinished;
            }
        }
        record.final_position = variant.model.position_text(game.position());
        self.watch.ended(game.position());
        record.criteria = self.watch.finish(record.turns, record.winner, record.first);
        record.curve = self.watch.curve();
        self.record
    }
}

/// `player`'s pieces on the board and still to receive.
fn held(game: &Game, player: PlayerId) -> u64 {
    let position = game.position();
    u64::from(position.pieces(player)) + u64::from(position.supply_total(player))
}
