//! What one call of a script has used so far, against its [`Limits`]: operations,
//! memory, output, and a CPU-time backstop. Rhai counts operations, call depth and sizes
//! itself; the rest is checked here, between operations (Rhai's progress hook) and on
//! every `print` and `debug`.
//!
//! The memory (a thread-local read) and any size refused meanwhile are looked at after
//! every operation: one operation can copy a value, and a value a script copies over and
//! over (a function pointer curried with itself) doubles each time, so a check spread
//! out over several operations could find many times the budget. What a call holds is
//! also reserved from the process's one budget ([`super::shared_memory`]), so threads
//! together hold no more than one ruleset may.
//!
//! The limit on a call's work is its operations: a count, the same on every machine
//! however busy. Time is only a backstop against single operations so slow that the
//! count says little (a comparison of two long arrays is one operation): the CPU time of
//! the thread ([`crate::cpu_time`]), read every [`CLOCK_EVERY`] operations, against
//! [`Limits::cpu_backstop`], which is far above what the operations allowed can take.

use std::cell::{Cell, RefCell};
use std::io::Write;
use std::rc::Rc;
use std::time::Duration;

use rhai::{Dynamic, Engine};

use super::limits::{raise_hint, Limits};
use super::shared_memory::CallMemory;
use super::sizes::SizeWatch;
use crate::cpu_time::thread_cpu_time;
use crate::memory::{thread_bytes, Reading};
use crate::printable::printable;

/// The CPU clock is read at most once per this many operations: reading it is a system
/// call, and a thousand operations take some tens of microseconds. It is read more often
/// while operations are slow (see [`Budget::clock_due`]), so that a call of slow
/// operations passes its backstop by little.
const CLOCK_EVERY: u64 = 1024;
/// Operations are slow when this much CPU time passed between two readings of the clock.
const SLOW_STRETCH: Duration = Duration::from_millis(1);

/// The budget of the call running now, and the output of all calls so far.
pub(super) struct Budget {
    limits: Limits,
    /// The thread's CPU time when the call started.
    started: Cell<Option<Duration>>,
    /// When the clock is read next (an operation count), every how many operations,
    /// and what it said last.
    clock_at: Cell<u64>,
    clock_every: Cell<u64>,
    clock_last: Cell<Option<Duration>>,
    memory_at_start: Cell<Option<Reading>>,
    /// The running call's share of the process's memory budget.
    shared: RefCell<Option<CallMemory>>,
    printed_in_call: Cell<u64>,
    printed_in_all: Cell<u64>,
    sizes: SizeWatch,
}

impl Budget {
    pub(super) fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            started: Cell::new(None),
            clock_at: Cell::new(1),
            clock_every: Cell::new(1),
            clock_last: Cell::new(None),
            memory_at_start: Cell::new(None),
            shared: RefCell::new(None),
            printed_in_call: Cell::new(0),
            printed_in_all: Cell::new(0),
            sizes: SizeWatch::new(limits),
        }
    }

    /// Starts the budget of a new call: the CPU time, the memory and the output per call
    /// start again from here. The call ends when the guard is dropped, which gives its
    /// memory back to the process's budget.
    #[must_use = "the call ends when the guard is dropped"]
    pub(super) fn start_call(&self) -> CallGuard<'_> {
        let now = thread_cpu_time();
        self.started.set(now);
        self.clock_last.set(now);
        self.clock_at.set(1);
        self.clock_every.set(1);
        let memory = thread_bytes();
        self.memory_at_start.set(memory);
        // Only where memory is counted; a call inside a call on this thread keeps the
        // outer one's share until it ends.
        let shared = memory
            .map(|_| CallMemory::enter(self.limits.memory_bytes(), self.limits.largest_step()));
        let outer = self.shared.replace(shared);
        self.printed_in_call.set(0);
        self.sizes.start_call();
        CallGuard {
            budget: self,
            outer: Some(outer),
        }
    }

    /// Why the running call must stop now, if it must; `operations` is how many it has
    /// run.
    fn exceeded(&self, operations: u64) -> Option<String> {
        // A size refused by a check the script caught stops the call now, for good.
        if let Some(refused) = self.sizes.refused() {
            return Some(refused);
        }
        if let (Some(start), Some(now)) = (self.memory_at_start.get(), thread_bytes()) {
            let grown = now.grown_since(start);
            if grown > self.limits.memory_bytes() {
                return Some(format!(
                    "the script took more than {} MB of memory; {}",
                    self.limits.memory_mb,
                    raise_hint("memory_mb")
                ));
            }
            if let Some(shared) = &*self.shared.borrow() {
                shared.cover(grown);
            }
        }
        if let Some(now) = self.clock_due(operations) {
            let backstop = self.limits.cpu_backstop();
            if let Some(start) = self.started.get() {
                if now.saturating_sub(start) > backstop {
                    return Some(format!(
                        "the call ran longer than {} ms of CPU time, a backstop that \
                         operations as quick as most stay far below: some of its \
                         operations are very slow (comparing, searching or copying long \
                         arrays or texts over and over); {}",
                        backstop.as_millis(),
                        raise_hint("time_ms")
                    ));
                }
            }
        }
        None
    }

    /// The thread's CPU time, when it is time to read it at this operation: every
    /// operation at first, then twice as far apart each time the operations between two
    /// readings took under [`SLOW_STRETCH`], up to [`CLOCK_EVERY`]; back to every one
    /// when they took longer.
    fn clock_due(&self, operations: u64) -> Option<Duration> {
        if operations < self.clock_at.get() {
            return None;
        }
        let now = thread_cpu_time()?;
        let quick = self
            .clock_last
            .get()
            .is_some_and(|last| now.saturating_sub(last) < SLOW_STRETCH);
        let every = if quick {
            (self.clock_every.get() * 2).min(CLOCK_EVERY)
        } else {
            1
        };
        self.clock_every.set(every);
        self.clock_at.set(operations + every);
        self.clock_last.set(Some(now));
        Some(now)
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

/// A call of a script under way; dropping it ends the call.
pub(super) struct CallGuard<'a> {
    budget: &'a Budget,
    /// The share of the call this one runs inside of (on this host), put back at the end.
    outer: Option<Option<CallMemory>>,
}

impl Drop for CallGuard<'_> {
    fn drop(&mut self) {
        let outer = self.outer.take().flatten();
        // Dropping this call's share gives its memory back.
        drop(self.budget.shared.replace(outer));
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
