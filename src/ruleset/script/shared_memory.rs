//! One memory budget for the scripts of the whole process, shared by its threads.
//!
//! Each call of a script may take `memory_mb` itself (`budget.rs` stops it past
//! that, the same way on any machine). But a match runs a game on every thread, each
//! with its own copy of the ruleset, so a budget per call alone lets a ruleset hold
//! `memory_mb` on each of 256 threads. So the calls running at once also share one
//! budget of `memory_mb`: a call reserves from it what it holds, plus room for the most
//! one operation can take ([`Limits::largest_step`], from the size limits: memory is
//! looked at between operations, so the room must be there before the operation). A
//! call starts, and grows, only when its reservation fits in what the others leave;
//! otherwise it waits until other calls give memory back (end, or free what they built).
//!
//! Waiting, rather than failing, keeps games the same on any number of threads: no call
//! fails because of what other threads hold. The oldest call running never waits (it is
//! limited by its own `memory_mb` only), so some call always goes on, and every waiting
//! call becomes the oldest in turn. All the scripts of the process then hold at most the
//! budget (what the calls let in reserved) and what the oldest call reserved beyond it:
//! about twice the largest `memory_mb` of the rulesets loaded, whatever the number of
//! threads. The cost is that fewer calls run at once when one operation may take much
//! of the budget (a ruleset whose arrays may hold a million items, with a small
//! `memory_mb`, runs its calls one at a time).
//!
//! A call of a script made from inside another call on the same thread (an expression
//! evaluated by a native function) counts as old as the outer one, so it never waits for
//! the call it is part of.
//!
//! [`Limits::largest_step`]: super::Limits::largest_step

use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Memory is reserved in steps of this many bytes: the shared budget is looked at once
/// per step a call grows or shrinks, not after every operation.
pub const STEP: u64 = 64 << 10;

/// What the running calls hold.
struct Shared {
    /// Bytes reserved by the calls running now.
    held: u64,
    /// The tickets of the calls running now (one per thread: a call inside a call
    /// shares the outer one's); the smallest is the oldest.
    running: BTreeSet<u64>,
    next_ticket: u64,
    /// Calls waiting for memory, which a call giving some back wakes.
    waiting: usize,
}

static SHARED: Mutex<Shared> = Mutex::new(Shared {
    held: 0,
    running: BTreeSet::new(),
    next_ticket: 0,
    waiting: 0,
});
/// Signalled when memory is given back or a call ends, if a call waits.
static GIVEN_BACK: Condvar = Condvar::new();

thread_local! {
    /// This thread's ticket, and how many calls deep it is.
    static THREAD_TICKET: Cell<Option<(u64, u32)>> = const { Cell::new(None) };
}

fn shared() -> MutexGuard<'static, Shared> {
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Rounds up to a whole number of [`STEP`]s.
fn in_steps(bytes: u64) -> u64 {
    bytes.div_ceil(STEP).saturating_mul(STEP)
}

/// One call's share of the process's budget, given back when it is dropped.
pub struct CallMemory {
    ticket: u64,
    reserved: Cell<u64>,
    /// The room kept for one operation, above what the call holds.
    room: u64,
    budget: u64,
}

impl CallMemory {
    /// Starts a call on this thread, of a ruleset whose calls share `budget` bytes and
    /// whose one operation may take `room`: waits until that room is free, unless this
    /// call is the oldest running.
    pub fn enter(budget: u64, room: u64) -> CallMemory {
        let ticket = THREAD_TICKET.with(|slot| match slot.get() {
            Some((ticket, depth)) => {
                slot.set(Some((ticket, depth + 1)));
                ticket
            }
            None => {
                let mut shared = shared();
                let ticket = shared.next_ticket;
                shared.next_ticket += 1;
                shared.running.insert(ticket);
                slot.set(Some((ticket, 1)));
                ticket
            }
        });
        let call = CallMemory {
            ticket,
            reserved: Cell::new(0),
            room: in_steps(room.min(budget)),
            budget,
        };
        call.reserve(call.room);
        call
    }

    /// Keeps the reservation at what the call holds now, `grown` bytes, plus the room for
    /// one operation: reserves more when it holds more (waiting while that would take the
    /// process's scripts past the budget and this call is not the oldest running), and
    /// gives back what it no longer holds.
    pub fn cover(&self, grown: u64) {
        let wanted = in_steps(grown.saturating_add(self.room));
        let reserved = self.reserved.get();
        if wanted > reserved {
            self.reserve(wanted);
        } else if wanted.saturating_add(2 * STEP) < reserved {
            let mut shared = shared();
            shared.held -= reserved - wanted;
            self.reserved.set(wanted);
            wake(shared);
        }
    }

    fn reserve(&self, wanted: u64) {
        let more = wanted.saturating_sub(self.reserved.get());
        let mut shared = shared();
        loop {
            let oldest = shared.running.first() == Some(&self.ticket);
            if oldest || shared.held.saturating_add(more) <= self.budget {
                shared.held += more;
                self.reserved.set(wanted);
                return;
            }
            shared.waiting += 1;
            // A timeout as well as the signal: a wait can never outlast a lost wake-up
            // by long.
            shared = GIVEN_BACK
                .wait_timeout(shared, Duration::from_millis(50))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            shared.waiting -= 1;
        }
    }
}

/// Wakes the waiting calls, if any, after `shared` changed.
fn wake(shared: MutexGuard<'_, Shared>) {
    let waiting = shared.waiting > 0;
    drop(shared);
    if waiting {
        GIVEN_BACK.notify_all();
    }
}

impl Drop for CallMemory {
    fn drop(&mut self) {
        let mut shared = shared();
        shared.held -= self.reserved.get();
        THREAD_TICKET.with(|slot| match slot.get() {
            Some((ticket, depth)) if depth > 1 => slot.set(Some((ticket, depth - 1))),
            _ => {
                shared.running.remove(&self.ticket);
                slot.set(None);
            }
        });
        wake(shared);
    }
}

/// The bytes the running calls of every thread have reserved now.
pub fn held_now() -> u64 {
    shared().held
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    /// Calls on many threads growing at once never reserve more together than the
    /// budget plus the oldest call's share, and all of them finish.
    #[test]
    fn threads_share_one_budget_and_all_finish() {
        let budget = 40 * STEP;
        let peak = Arc::new(AtomicU64::new(0));
        let threads: Vec<_> = (0..16)
            .map(|_| {
                let peak = Arc::clone(&peak);
                std::thread::spawn(move || {
                    for _ in 0..5 {
                        let call = CallMemory::enter(budget, 2 * STEP);
                        for step in 1..=30 {
                            call.cover(step * STEP);
                            peak.fetch_max(held_now(), Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let peak = peak.load(Ordering::Relaxed);
        assert!(peak <= budget + 32 * STEP, "{peak}");
        assert!(peak >= 32 * STEP, "calls ran: {peak}");
        assert_eq!(held_now(), 0, "everything given back");
    }
}
