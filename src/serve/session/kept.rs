//! The game as a record: downloaded, loaded from a file, and kept in the records folder
//! (`--records`) as people play.

use serde_json::json;
use variant_run_core::PlayerId;

use super::{refused, Exit, Live, Session};
use crate::play::player_kind::PlayerKind;
use crate::play::record::Record;
use crate::play::replay;
use crate::play::setup::StartChoice;
use crate::printable::printable;
use crate::ruleset::find_variant;
use crate::serve::kept_records::{self, RecordsFolder};
use crate::serve::reply::{Answer, Reply};

impl Session {
    /// Writes the game's record to the records folder, if one was asked for and a
    /// person has played in the game; `ending` ends an unfinished game (`game abandoned`).
    pub(super) fn keep_record(&mut self, live: &Live, ending: Option<&str>) {
        let Some(folder) = &self.records else {
            return;
        };
        if !self.played_by.iter().any(|p| p.starts_with("human")) {
            return;
        }
        let path = match &self.game_file {
            Some(path) => path.clone(),
            None => match folder.new_file() {
                Ok(path) => path,
                Err(e) => {
                    self.note = Some(format!("the game's record is not kept: {e}"));
                    return;
                }
            },
        };
        let mut record = self.record(live);
        if record.result.is_none() {
            record.result = ending.map(String::from);
        }
        match RecordsFolder::write(&path, &record) {
            Ok(()) => self.game_file = Some(path),
            Err(e) => self.note = Some(e.to_string()),
        }
    }

    /// Before the game is left for another: its record ends as abandoned, and the next
    /// game gets a file of its own.
    pub(super) fn leave_game(&mut self, live: &Live) {
        self.keep_record(live, Some("game abandoned"));
        self.game_file = None;
        self.played_by.clear();
    }

    /// A record of the game so far, as `play --record` writes one.
    pub(super) fn record(&self, live: &Live) -> Record {
        let model = &live.variant.model;
        let letter = |p: PlayerId| model.rules.player_letter(p);
        let start = &live.frames[0];
        let turns = live
            .shown
            .iter()
            .enumerate()
            .map(|(i, text)| crate::play::RecordedTurn {
                number: i + 1,
                player: letter(live.frames[i].to_move),
                text: text.clone(),
                line: 0,
            })
            .collect();
        let result = match live.game.outcome() {
            Some(outcome) => Some(crate::play::session::result_line(live.variant, outcome)),
            None if live.game.history().len() >= self.max_turns => Some(format!(
                "stopped after {} turns without a result",
                self.max_turns
            )),
            None => None,
        };
        Record {
            ruleset: self.setup.ruleset.clone(),
            options: self.setup.record_options(),
            players: (0..2).map(|p| self.players_word(live, p)).collect(),
            start: (!start.in_setup).then(|| model.position_text(&start.position)),
            turns,
            result,
        }
    }

    /// `x=human:Ada`: who played a side's turns, in the order they first did (joined by
    /// `+` when the side changed hands); who plays it now, if it has played none.
    pub(super) fn players_word(&self, live: &Live, side: PlayerId) -> String {
        let mut who: Vec<&str> = Vec::new();
        for (i, player) in self.played_by.iter().enumerate() {
            let played = live.frames.get(i).is_some_and(|f| f.to_move == side);
            if played && !who.contains(&player.as_str()) {
                who.push(player);
            }
        }
        let now = match self.kinds[side as usize] {
            PlayerKind::Human => kept_records::person(self.seats.holder(side)),
            kind => kind.to_string(),
        };
        let who = if who.is_empty() { now } else { who.join("+") };
        format!("{}={who}", live.variant.model.rules.player_letter(side))
    }

    /// Loads a record: checked turn by turn as `replay` checks it, and taken whole or not
    /// at all.
    pub(super) fn load_record(&mut self, live: &mut Live, text: &str) -> (Answer, Option<Exit>) {
        let refuse = |e: &dyn std::fmt::Display| (Ok(refused(&printable(&e.to_string()))), None);
        let record = match Record::parse(text) {
            Ok(record) => record,
            Err(e) => return refuse(&e),
        };
        let same = find_variant(&record.ruleset)
            .ok()
            .and_then(|d| d.canonicalize().ok())
            .zip(self.dir.canonicalize().ok())
            .is_some_and(|(a, b)| a == b);
        if !same {
            return refuse(&format!(
                "this record is a game of `{}`; this page plays {} (start `variant-run {} serve` \
                 to replay it)",
                record.ruleset, live.variant.name, record.ruleset
            ));
        }
        let (variant, mut setup) = match replay::prepare(&record, self.read_options) {
            Ok(prepared) => prepared,
            Err(e) => return refuse(&e),
        };
        let mut game = match replay::start(&record, &variant, &setup) {
            Ok(game) => game,
            Err(e) => return refuse(&e),
        };
        if let Some(start) = &record.start {
            let fresh = setup.game(&variant).ok();
            let differs = fresh.is_none_or(|g| {
                g.in_setup() || variant.model.position_text(g.position()) != *start
            });
            if differs && !game.in_setup() {
                setup.start = StartChoice::Position(start.clone());
            }
        }
        for turn in &record.turns {
            if let Err(e) = replay::play_turn(&mut game, &setup, turn) {
                return refuse(&e);
            }
        }
        let turns: Vec<String> = game.history().iter().map(|p| p.text.clone()).collect();
        drop(game);
        self.leave_game(live);
        // Each turn's player is the one the record names for its side.
        self.played_by = record
            .turns
            .iter()
            .map(|turn| {
                let side = format!("{}=", turn.player);
                record
                    .players
                    .iter()
                    .find_map(|p| p.strip_prefix(side.as_str()))
                    .unwrap_or("unknown")
                    .to_string()
            })
            .collect();
        setup.ruleset.clone_from(&self.setup.ruleset);
        setup.players.clear();
        self.setup = setup;
        self.turns = turns;
        self.game_id += 1;
        self.thinking = None;
        self.next_computer = None;
        self.paused = true;
        self.note = Some(format!("record loaded: {} turns", record.turns.len()));
        let ok = Ok(Reply::Json(
            json!({ "ok": true, "turns": record.turns.len() }),
        ));
        if variant.source().options == live.variant.source().options {
            drop(variant);
            let (_, exit) = self.rewind(live, self.turns.len());
            (ok, exit)
        } else {
            (ok, Some(Exit::Switch(Box::new(variant))))
        }
    }
}
