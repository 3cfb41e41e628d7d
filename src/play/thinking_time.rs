//! How long a computer player has been thinking about its turn, for the players whose
//! budget is in milliseconds (`mcts:500ms`, `alphabeta:500ms`).
//!
//! The clock is the CPU time of the thread that thinks, not the wall clock: a match on
//! every core, or beside a compiler, leaves a thread waiting for a core, and a budget on
//! the wall clock would then buy fewer playouts for one side than for the other. Counting
//! the thread's own work gives both sides of an equal-time match the same work whatever
//! the load. Where the system has no per-thread clock, the wall clock stands in.

use std::time::{Duration, Instant};

use crate::cpu_time::thread_cpu_time;

/// The longest a player with a time budget may think about one turn: an hour.
pub const MAX_MILLIS: u64 = 3_600_000;

/// Started when a player starts thinking; says how much of its budget it has used.
pub struct ThinkingClock {
    started_cpu: Option<Duration>,
    started_wall: Instant,
}

impl ThinkingClock {
    pub fn start() -> ThinkingClock {
        ThinkingClock {
            started_cpu: thread_cpu_time(),
            started_wall: Instant::now(),
        }
    }

    /// The thinking time spent since [`ThinkingClock::start`].
    pub fn spent(&self) -> Duration {
        match (self.started_cpu, thread_cpu_time()) {
            (Some(start), Some(now)) => now.saturating_sub(start),
            _ => self.started_wall.elapsed(),
        }
    }

    /// Whether `millis` milliseconds of thinking are used up.
    pub fn used_up(&self, millis: u64) -> bool {
        self.spent() >= Duration::from_millis(millis)
    }
}
