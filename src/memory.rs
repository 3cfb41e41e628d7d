//! Memory a thread holds, for the script sandbox's memory budget.
//!
//! Rhai checks the sizes of most values it builds, but not every container a value is
//! put into (`m[key] = list` checks the list, not the map that keeps growing), so sizes
//! alone do not bound what a script can hold. A program that runs rulesets installs
//! [`CountingAllocator`] as its global allocator; the script host then reads
//! [`thread_bytes`] between a script's operations and stops the script when what it
//! holds has grown past its budget.
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: variant_run::memory::CountingAllocator = variant_run::memory::CountingAllocator;
//! ```
//!
//! The counts are per thread (a script runs on the thread that calls it) and cost one
//! thread-local addition per allocation, so games running on other threads neither pay
//! for nor disturb each other's counts. What the scripts of all threads hold together
//! is bounded by one budget for the process (`ruleset::script::shared_memory`); for the
//! system to see that bound, freed memory must go back to it:
//! [`return_large_blocks_when_freed`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Bytes this thread has allocated and freed since it started. Two counters that only
    /// grow, so a block freed on another thread than the one that allocated it cannot make
    /// either go below zero.
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
    static FREED: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting the bytes each thread allocates and frees.
pub struct CountingAllocator;

fn count(counter: &'static std::thread::LocalKey<Cell<u64>>, bytes: usize) {
    // `try_with`: a thread being torn down may still free memory.
    let _ = counter.try_with(|c| c.set(c.get().wrapping_add(bytes as u64)));
}

// SAFETY: every call is passed on to the system allocator unchanged; the counters are
// thread-local cells that never allocate.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(&ALLOCATED, layout.size());
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(&ALLOCATED, layout.size());
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(&FREED, layout.size());
        System.dealloc(ptr, layout);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(&FREED, layout.size());
        count(&ALLOCATED, new_size);
        System.realloc(ptr, layout, new_size)
    }
}

/// A reading of this thread's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    allocated: u64,
    freed: u64,
}

/// This thread's counters now, or `None` when the program does not count (its global
/// allocator is not [`CountingAllocator`]): then nothing has ever been counted.
pub fn thread_bytes() -> Option<Reading> {
    let allocated = ALLOCATED.try_with(Cell::get).ok()?;
    let freed = FREED.try_with(Cell::get).ok()?;
    (allocated > 0).then_some(Reading { allocated, freed })
}

impl Reading {
    /// How much more this thread holds now than at `earlier` (0 if it holds less).
    pub fn grown_since(self, earlier: Reading) -> u64 {
        let now = self.allocated.wrapping_sub(self.freed) as i64;
        let then = earlier.allocated.wrapping_sub(earlier.freed) as i64;
        now.wrapping_sub(then).max(0) as u64
    }
}

/// The largest block the system allocator keeps for reuse when it is freed; larger
/// blocks are given back to the system at once.
pub const LARGEST_KEPT_BLOCK: usize = 1 << 20;

/// Tells the system allocator (glibc's) to give blocks of [`LARGEST_KEPT_BLOCK`] or more
/// back to the system when they are freed. By default it raises that threshold as large
/// blocks come and go (to 32 MB), and each thread's arena then keeps what it freed: a
/// match whose scripts build a 24 MB array in turn on 16 threads peaked at 480 MB while
/// holding under 60 MB at any moment. Called once, at the start of the program, before
/// other threads start; elsewhere than glibc it does nothing.
pub fn return_large_blocks_when_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; it is called before any
    // other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LARGEST_KEPT_BLOCK as libc::c_int);
    }
}
