//! CPU time the running thread has used, for the script sandbox's time limit.
//!
//! A limit on the wall clock fails a correct ruleset on a busy machine: a match on a
//! thousand threads, or beside other work, leaves each thread waiting for a core, and a
//! call that needs 5 ms of work could take seconds to finish. The time a thread has
//! spent running counts its own work only, whatever the load, so a script's time limit
//! is measured in it.

use std::time::Duration;

/// The CPU time this thread has used since it started.
///
/// Where the system cannot say (no per-thread CPU clock), `None`: the time limit then
/// does not apply, and the operation limit still stops a script that runs away.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `clock_gettime` writes the time into the timespec it is given, which
        // lives for the call; it reads nothing else.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
        if status != 0 {
            return None;
        }
        let seconds = u64::try_from(now.tv_sec).ok()?;
        let nanos = u32::try_from(now.tv_nsec).ok()?;
        Some(Duration::new(seconds, nanos))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waiting is not working: a sleeping thread's CPU time does not advance, and a busy
    /// one's does.
    #[test]
    fn only_work_counts() {
        let start = thread_cpu_time().expect("a CPU clock on this system");
        std::thread::sleep(Duration::from_millis(300));
        let slept = thread_cpu_time().unwrap() - start;
        assert!(slept < Duration::from_millis(100), "{slept:?}");
        let start = thread_cpu_time().unwrap();
        let mut x = 1u64;
        while thread_cpu_time().unwrap() - start < Duration::from_millis(50) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_time().unwrap() - start >= Duration::from_millis(50));
    }
}
