//! Who may ask what of the session, and the seats' own requests: the checks are
//! [`crate::serve::seats`]'s, answered here with the game's sides.

use serde_json::json;
use variant_run_core::PlayerId;

use super::{refused, Live, Request, SeatRequest, Session};
use crate::serve::kept_records;
use crate::serve::reply::{Answer, Refusal, Reply};
use crate::serve::seats::{Caller, SeatRefusal};

impl Session {
    /// What a request needs of its caller: the seat of the side to move for a turn, the
    /// host for what changes the table; nothing to watch or download.
    pub(super) fn permitted(
        &self,
        live: &Live,
        request: &Request,
        caller: Caller,
    ) -> Result<(), SeatRefusal> {
        let side = live.game.to_move();
        let letter = live.variant.model.rules.player_letter(side);
        match request {
            Request::Choose { .. } | Request::Play { .. } => {
                // A computer's side is refused by the turn itself, with its own reason.
                if self.kinds[side as usize].is_human() {
                    self.seats.may_move(caller, side, letter)?;
                }
                Ok(())
            }
            Request::Undo => self.seats.may_undo(caller),
            Request::Truncate { .. } => caller.host_only("play on from an earlier turn"),
            Request::New(_) => caller.host_only("start a new game"),
            Request::Players(_) => caller.host_only("set the players"),
            Request::Pause(_) => caller.host_only("pause the computers"),
            Request::Speed(_) => caller.host_only("set the computers' speed"),
            Request::LoadRecord(_) => caller.host_only("load a record"),
            Request::Compare(_) => caller.host_only("start a comparison"),
            Request::Seat(SeatRequest::Invitations) => {
                caller.host_only("see the seats' invitation links")
            }
            Request::Picture { .. }
            | Request::Record
            | Request::CompareReport
            | Request::CompareChoices
            | Request::Seat(_) => Ok(()),
        }
    }

    /// A person's turn's player, for the record: the holder of the seat they play from,
    /// or the host (no name) playing a free seat.
    pub(super) fn person(&self, caller: Caller) -> String {
        kept_records::person(caller.seat.and_then(|side| self.seats.holder(side)))
    }

    /// The side a letter names.
    pub(super) fn side_of(&self, live: &Live, letter: char) -> Result<PlayerId, Refusal> {
        let rules = &live.variant.model.rules;
        (0..2u8)
            .find(|&side| rules.player_letter(side) == letter)
            .ok_or(Refusal::NotASide(letter))
    }

    pub(super) fn take_seat(
        &mut self,
        live: &Live,
        caller: Caller,
        letter: char,
        name: &str,
    ) -> Answer {
        let side = self.side_of(live, letter)?;
        let computer = !self.kinds[side as usize].is_human();
        match self.seats.take(caller, side, letter, computer, name) {
            Ok(key) => Ok(Reply::Json(json!({ "ok": true, "key": key.text() }))),
            Err(refusal) => Ok(refused(&refusal.to_string())),
        }
    }

    /// The seats' own requests: who the caller is, the invitation links, a seat taken
    /// or freed.
    pub(super) fn seat_request(
        &mut self,
        live: &Live,
        request: SeatRequest,
        caller: Caller,
    ) -> Answer {
        match request {
            SeatRequest::Invitations => Ok(Reply::Json(json!({
                "seats": (0..2u8)
                    .map(|side| self.seats.seat_key(side).text())
                    .collect::<Vec<_>>(),
            }))),
            SeatRequest::Take { side, name } => self.take_seat(live, caller, side, &name),
            SeatRequest::Free { side } => {
                let side = self.side_of(live, side)?;
                Ok(match self.seats.free(caller, side) {
                    Ok(()) => Reply::Json(json!({ "ok": true })),
                    Err(refusal) => refused(&refusal.to_string()),
                })
            }
            SeatRequest::Me => {
                let letter = |side| live.variant.model.rules.player_letter(side).to_string();
                Ok(Reply::Json(json!({
                    "host": caller.host,
                    "seat": caller.seat.map(letter),
                    "name": caller.seat.and_then(|side| self.seats.holder(side)),
                })))
            }
        }
    }
}
