//! Who may do what at a `serve` table: the host (the person who started the server), a
//! seat's holder, and spectators.
//!
//! Every role is a secret in a link. The host's link is printed when the server starts;
//! each side's seat has a link of its own, which the host hands out to invite a
//! playtester, or which a spectator gets by taking a free seat. A page keeps its keys in
//! the link's fragment (after `#`), which browsers never send to a server or put in a
//! `Referer`, and presents them on every request in a header. A request without a key
//! is a spectator's: it may watch and download, never change the game.
//!
//! - a seat's turns come only from its holder's link; while a person's seat is not
//!   held, the host plays it (a designer alone at the page plays every person's side);
//! - the host alone sets the players, starts games, pauses, loads records and compares;
//! - a seat freed (by its holder or the host), or turned into a computer's, gets a new
//!   key, so an old link no longer plays.

use std::fmt;

use variant_run_core::PlayerId;

/// The header a page presents the host's key in.
pub const HOST_HEADER: &str = "x-variant-run-host";
/// The header a page presents a seat's key in.
pub const SEAT_HEADER: &str = "x-variant-run-seat";

/// The longest name a seat's holder may give, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A secret: 128 random bits from the operating system, written as 32 hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Key(String);

impl Key {
    /// A new key.
    ///
    /// # Errors
    /// The operating system gives no random bytes.
    pub fn new() -> Result<Key, getrandom::Error> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        Ok(Key(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// The key as the link writes it.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// Whether `presented` is this key, compared in time that does not depend on where
    /// they differ.
    fn matches(&self, presented: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), presented.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
    }
}

// A key is never printed by accident (in a log, a panic, a debug dump).
impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Key(..)")
    }
}

/// The keys a request presents, as its headers carry them.
#[derive(Clone, Debug, Default)]
pub struct Presented {
    pub host: Option<String>,
    pub seat: Option<String>,
}

/// Who a request comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    pub host: bool,
    /// The side whose seat's key it presents.
    pub seat: Option<PlayerId>,
}

impl Caller {
    pub const SPECTATOR: Caller = Caller {
        host: false,
        seat: None,
    };

    /// Whether the caller is the host, who alone may `what`.
    ///
    /// # Errors
    /// The caller is not the host.
    pub fn host_only(self, what: &'static str) -> Result<(), SeatRefusal> {
        if self.host {
            Ok(())
        } else {
            Err(SeatRefusal::HostOnly(what))
        }
    }
}

/// Why a request may not do what it asks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatRefusal {
    #[error(
        "this link's key is not one of this table's (the seat may have been freed, or the \
         server started again): ask the host for a new link"
    )]
    UnknownKey,
    #[error("only the host's link may {0}")]
    HostOnly(&'static str),
    #[error("{letter}'s seat is held by {holder}: only their link plays its turns")]
    HeldByOther { letter: char, holder: String },
    #[error(
        "{letter}'s seat is the host's to play until someone takes it: take it with its \
         link, or ask the host"
    )]
    NotYours { letter: char },
    #[error("{letter}'s seat is already taken by {holder}")]
    Taken { letter: char, holder: String },
    #[error("{letter} is played by a computer: only a person's seat can be taken")]
    Computer { letter: char },
    #[error("the operating system gives no random bytes for a new key")]
    NoRandomness,
    #[error("give a name of 1 to {MAX_NAME_CHARS} letters, digits, spaces or `-_.'`")]
    BadName,
}

/// One side's seat.
#[derive(Clone, Debug)]
struct Seat {
    key: Key,
    holder: Option<String>,
}

/// The table's keys and who holds each seat.
#[derive(Debug)]
pub struct Seats {
    host: Key,
    seats: [Seat; 2],
}

impl Seats {
    /// A table with every seat free.
    ///
    /// # Errors
    /// The operating system gives no random bytes.
    pub fn new() -> Result<Seats, getrandom::Error> {
        let seat = || -> Result<Seat, getrandom::Error> {
            Ok(Seat {
                key: Key::new()?,
                holder: None,
            })
        };
        Ok(Seats {
            host: Key::new()?,
            seats: [seat()?, seat()?],
        })
    }

    /// The host's key, for the link printed when the server starts.
    pub fn host_key(&self) -> &Key {
        &self.host
    }

    /// A side's seat key, for the host's invitation link.
    pub fn seat_key(&self, side: PlayerId) -> &Key {
        &self.seats[side as usize].key
    }

    /// Who holds a side's seat, by the name they gave.
    pub fn holder(&self, side: PlayerId) -> Option<&str> {
        self.seats[side as usize].holder.as_deref()
    }

    /// Who presents these keys.
    ///
    /// # Errors
    /// A key is presented that is none of this table's.
    pub fn caller(&self, presented: &Presented) -> Result<Caller, SeatRefusal> {
        let mut caller = Caller::SPECTATOR;
        if let Some(key) = nonempty(&presented.host) {
            if !self.host.matches(key) {
                return Err(SeatRefusal::UnknownKey);
            }
            caller.host = true;
        }
        if let Some(key) = nonempty(&presented.seat) {
            let side = (0..2u8).find(|&s| self.seats[s as usize].key.matches(key));
            caller.seat = Some(side.ok_or(SeatRefusal::UnknownKey)?);
        }
        Ok(caller)
    }

    /// Whether `caller` may play `side`'s turn, `side` being a person's.
    ///
    /// # Errors
    /// The seat is held by someone else, or not held and the caller is not the host.
    pub fn may_move(
        &self,
        caller: Caller,
        side: PlayerId,
        letter: char,
    ) -> Result<(), SeatRefusal> {
        if caller.seat == Some(side) {
            return Ok(());
        }
        match &self.seats[side as usize].holder {
            Some(holder) => Err(SeatRefusal::HeldByOther {
                letter,
                holder: holder.clone(),
            }),
            None if caller.host => Ok(()),
            None => Err(SeatRefusal::NotYours { letter }),
        }
    }

    /// Whether `caller` may take back a turn: the host may; a seat's holder may while no
    /// one else holds a seat (they play against a computer, or the host).
    ///
    /// # Errors
    /// Someone else holds a seat too, or the caller holds none and is not the host.
    pub fn may_undo(&self, caller: Caller) -> Result<(), SeatRefusal> {
        if caller.host {
            return Ok(());
        }
        let Some(side) = caller.seat else {
            return Err(SeatRefusal::HostOnly("take back a turn"));
        };
        let other = 1 - side;
        match &self.seats[other as usize].holder {
            Some(_) => Err(SeatRefusal::HostOnly(
                "take back a turn while two people play",
            )),
            None => Ok(()),
        }
    }

    /// `name` takes `side`'s seat: with the seat's own key (an invitation followed), or
    /// without a key while the seat is free. Returns the seat's key, for the taker's link.
    ///
    /// # Errors
    /// The name is not one a page can show, the side is a computer's, or someone else
    /// holds the seat.
    pub fn take(
        &mut self,
        caller: Caller,
        side: PlayerId,
        letter: char,
        computer: bool,
        name: &str,
    ) -> Result<&Key, SeatRefusal> {
        let name = checked_name(name)?;
        if computer {
            return Err(SeatRefusal::Computer { letter });
        }
        let seat = &mut self.seats[side as usize];
        if let Some(holder) = &seat.holder {
            if caller.seat != Some(side) {
                return Err(SeatRefusal::Taken {
                    letter,
                    holder: holder.clone(),
                });
            }
        }
        if caller.seat != Some(side) {
            // Taken without its link: the key is new, so an invitation handed out for the
            // seat before no longer plays it.
            seat.key = Key::new().map_err(|_| SeatRefusal::NoRandomness)?;
        }
        seat.holder = Some(name);
        Ok(&seat.key)
    }

    /// Frees `side`'s seat, with a new key: its holder leaving, or the host freeing it.
    ///
    /// # Errors
    /// The caller is neither the host nor the seat's holder, or no random bytes.
    pub fn free(&mut self, caller: Caller, side: PlayerId) -> Result<(), SeatRefusal> {
        if !caller.host && caller.seat != Some(side) {
            return Err(SeatRefusal::HostOnly("free someone else's seat"));
        }
        self.renew(side);
        Ok(())
    }

    /// A side turned into a computer's: its seat is no one's, and its old link dead.
    pub fn renew(&mut self, side: PlayerId) {
        let seat = &mut self.seats[side as usize];
        seat.holder = None;
        // Without fresh random bytes the old key stays, and the seat is freed anyway.
        if let Ok(key) = Key::new() {
            seat.key = key;
        }
    }
}

fn nonempty(key: &Option<String>) -> Option<&str> {
    key.as_deref().map(str::trim).filter(|k| !k.is_empty())
}

/// A holder's name as the page shows it, and the record writes it.
fn checked_name(name: &str) -> Result<String, SeatRefusal> {
    let name = name.trim();
    let fits = (1..=MAX_NAME_CHARS).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || " -_.'".contains(c));
    if fits {
        Ok(name.to_string())
    } else {
        Err(SeatRefusal::BadName)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(seats: &Seats, host: bool, seat: Option<PlayerId>) -> Presented {
        Presented {
            host: host.then(|| seats.host_key().text().to_string()),
            seat: seat.map(|s| seats.seat_key(s).text().to_string()),
        }
    }

    #[test]
    fn a_key_is_32_hex_digits_and_keys_differ() {
        let (a, b) = (Key::new().unwrap(), Key::new().unwrap());
        assert_eq!(a.text().len(), 32);
        assert!(a.text().chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a.text(), b.text());
        assert_eq!(format!("{a:?}"), "Key(..)");
    }

    #[test]
    fn a_seat_plays_only_from_its_holders_link() {
        let mut seats = Seats::new().unwrap();
        let host = seats.caller(&keys(&seats, true, None)).unwrap();
        let spectator = seats.caller(&Presented::default()).unwrap();
        assert_eq!(spectator, Caller::SPECTATOR);
        // Free seats are the host's to play.
        assert!(seats.may_move(host, 1, 'o').is_ok());
        assert!(seats.may_move(spectator, 1, 'o').is_err());
        let taker = Caller {
            host: false,
            seat: Some(1),
        };
        seats.take(taker, 1, 'o', false, "Ada").unwrap();
        let ada = seats.caller(&keys(&seats, false, Some(1))).unwrap();
        assert_eq!(ada.seat, Some(1));
        assert!(seats.may_move(ada, 1, 'o').is_ok());
        assert!(seats.may_move(ada, 0, 'x').is_err(), "x is the host's");
        assert_eq!(
            seats.may_move(host, 1, 'o').unwrap_err().to_string(),
            "o's seat is held by Ada: only their link plays its turns"
        );
        // A stranger cannot take a held seat; a freed seat's old link stops working, and
        // so does an invitation once someone else took the seat without it.
        assert!(seats.take(spectator, 1, 'o', false, "Eve").is_err());
        let old = keys(&seats, false, Some(1));
        seats.free(host, 1).unwrap();
        assert_eq!(seats.caller(&old), Err(SeatRefusal::UnknownKey));
        let invitation = keys(&seats, false, Some(1));
        seats.take(spectator, 1, 'o', false, "Eve").unwrap();
        assert_eq!(seats.caller(&invitation), Err(SeatRefusal::UnknownKey));
    }

    #[test]
    fn undo_is_the_hosts_while_two_people_play() {
        let mut seats = Seats::new().unwrap();
        let x = Caller {
            host: false,
            seat: Some(0),
        };
        let o = Caller {
            host: false,
            seat: Some(1),
        };
        seats.take(x, 0, 'x', false, "Ada").unwrap();
        assert!(
            seats.may_undo(x).is_ok(),
            "alone against the host or a computer"
        );
        seats.take(o, 1, 'o', false, "Bo").unwrap();
        assert!(seats.may_undo(x).is_err());
        assert!(seats.may_undo(Caller::SPECTATOR).is_err());
    }

    #[test]
    fn names_are_short_and_plain() {
        let mut seats = Seats::new().unwrap();
        let c = Caller::SPECTATOR;
        for bad in ["", "   ", "<script>", &"a".repeat(41), "tab\there"] {
            assert_eq!(
                seats.take(c, 0, 'x', false, bad).unwrap_err(),
                SeatRefusal::BadName,
                "{bad:?}"
            );
        }
        assert!(
            seats.take(c, 0, 'x', true, "Ada").is_err(),
            "a computer's side"
        );
        assert!(seats.take(c, 0, 'x', false, " Ada O'Neil-2 ").is_ok());
        assert_eq!(seats.holder(0), Some("Ada O'Neil-2"));
    }
}
