//! What one call of a script has used so far, against its [`Limits`]: CPU time, memory
//! and output. Rhai counts operations, call depth and sizes itself; the rest is checked
//! here, between operations (Rhai's progress hook) and on every `print` and `debug`.
//!
//! The memory (a thread-local read) and any size refused meanwhile are looked at after
//! every operation: one operation can copy a value, and a value a script copies over and
//! over (a function pointer curried with itself) doubles each time, so a check spread
//! out over several operations could find many times the budget. The thread's CPU time
//! costs a system call to read and is read every [`CLOCK_EVERY`] operations.
//!
//! Time is the CPU time of the thread running the script ([`crate::cpu_time`]), not the
//! wall clock: a call's limit must not depend on how busy the machine is.

use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;
use std::time::Duration;

use rhai::{Dynamic, Engine};

use super::limits::{raise_hint, Limits};
use super::sizes::SizeWatch;
use crate::cpu_time::thread_cpu_time;
use crate::memory::{thread_bytes, Reading};
use crate::printable::printable;

/// The CPU clock is read once per this many operations: reading it is a system call,
/// and a thousand operations take some tens of microseconds.
const CLOCK_EVERY: u64 = 1024;

/// The budget of the call running now, and the output of all calls so far.
pub(super) struct Budget {
    limits: Limits,
    /// The thread's CPU time when the call started.
    started: Cell<Option<Duration>>,
    /// The count of operations at which the clock is read next.
    clock_due: Cell<u64>,
    memory_at_start: Cell<Option<Reading>>,
    printed_in_call: Cell<u64>,
    printed_in_all: Cell<u64>,
    sizes: SizeWatch,
}

impl Budget {
    pub(super) fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            started: Cell::new(None),
            clock_due: Cell::new(0),
            memory_at_start: Cell::new(None),
            printed_in_call: Cell::new(0),
            printed_in_all: Cell::new(0),
            sizes: SizeWatch::new(limits),
        }
    }

    /// Starts the budget of a new call: the CPU time, the memory and the output per call
    /// start again from here.
    pub(super) fn start_call(&self) {
        self.started.set(thread_cpu_time());
        self.clock_due.set(0);
        self.memory_at_start.set(thread_bytes());
        self.printed_in_call.set(0);
        self.sizes.start_call();
    }

    /// Why the running call must stop now, if it must; `operations` is how many it has
    /// run.
    fn exceeded(&self, operations: u64) -> Option<String> {
        // A size refused by a check the script caught stops the call now, for good.
        if let Some(refused) = self.sizes.refused() {
            return Some(refused);
        }
        if let (Some(start), Some(now)) = (self.memory_at_start.get(), thread_bytes()) {
            if now.grown_since(start) > self.limits.memory_bytes() {
                return Some(format!(
                    "the script took more than {} MB of memory; {}",
                    self.limits.memory_mb,
                    raise_hint("memory_mb")
                ));
            }
        }
        // Not at multiples of CLOCK_EVERY: the hook does not see every count (a loop of
        // string interpolations never stopped at the time limit when it was read at
        // multiples only).
        if operations >= self.clock_due.get() {
            self.clock_due.set(operations.saturating_add(CLOCK_EVERY));
            if let (Some(start), Some(now)) = (self.started.get(), thread_cpu_time()) {
                if now.saturating_sub(start) > Duration::from_millis(self.limits.time_ms) {
                    return Some(format!(
                        "the call ran longer than {} ms of CPU time; {}",
                        self.limits.time_ms,
                        raise_hint("time_ms")
                    ));
                }
            }
        }
        None
    }

    /// Writes a line of a script's output to standard error, within the output limits; the
    /// first line over a limit is replaced by one notice, and later ones are dropped.
    fn write(&self, line: &str) {
        let size = line.len() as u64 + 1;
        let in_call = self.printed_in_call.get();
        let in_all = self.printed_in_all.get();
        let (call_limit, all_limit) = (
            self.limits.print_bytes_per_call,
            self.limits.print_bytes_per_game,
        );
        let notice = if in_all > all_limit || in_call > call_limit {
            return;
        } else if in_all + size > all_limit {
            self.printed_in_all.set(all_limit + 1);
            format!(
                "script: (output dropped from here on: the scripts wrote more than {all_limit} \
                 bytes in all; {})",
                raise_hint("print_bytes_per_game")
            )
        } else if in_call + size > call_limit {
            self.printed_in_call.set(call_limit + 1);
            format!(
                "script: (output dropped for the rest of this call: it wrote more than \
                 {call_limit} bytes; {})",
                raise_hint("print_bytes_per_call")
            )
        } else {
            self.printed_in_call.set(in_call + size);
            self.printed_in_all.set(in_all + size);
            line.to_string()
        };
        let _ = writeln!(std::io::stderr().lock(), "{notice}");
    }
}

/// Sets the engine's limits and hooks the budget into it: operations are checked against
/// the memory and time limits, and `print` and `debug` go to standard error, escaped and
/// within the output limits.
pub(super) fn install(engine: &mut Engine, budget: &Rc<Budget>) {
    let limits = budget.limits;
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    engine
        .set_max_operations(limits.operations)
        .set_max_call_levels(size(limits.call_depth))
        .set_max_expr_depths(size(limits.expression_depth), size(limits.expression_depth))
        .set_max_string_size(size(limits.string_bytes))
        .set_max_array_size(size(limits.array_items))
        .set_max_map_size(size(limits.map_entries));
    // Rhai checks a value's size when most operations build it, but not the map or array
    // an element is assigned into: the sizes are checked again when a variable is read.
    // Rhai marks `on_var` volatile, not deprecated; the pinned minor version of rhai
    // keeps it stable here.
    let watched = Rc::clone(budget);
    #[allow(deprecated)]
    engine
        .on_var(move |name, _, context| watched.sizes.check(name, context.scope()).map(|()| None));
    let progress = Rc::clone(budget);
    engine.on_progress(move |operations| progress.exceeded(operations).map(Dynamic::from));
    let printed = Rc::clone(budget);
    // Printing is a side effect: a call that prints is never remembered (see memo).
    engine.on_print(move |text| {
        super::memo::note_side_effect();
        printed.write(&format!("script: {}", printable(text)))
    });
    let debugged = Rc::clone(budget);
    engine.on_debug(move |text, source, pos| {
        super::memo::note_side_effect();
        debugged.write(&format!(
            "script debug {}:{pos}: {}",
            printable(source.unwrap_or("?")),
            printable(text)
        ));
    });
}
