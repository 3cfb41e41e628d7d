//! Fuzz target `turn_boardspace`: see `variant_run_fuzz::turn_boardspace` for what it checks.

#![no_main]

// The memory accounting the command line installs: without it the scripts' memory
// budget sees no growth and cannot stop a script.
#[global_allocator]
static ALLOCATOR: variant_run::memory::CountingAllocator = variant_run::memory::CountingAllocator;

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::turn_boardspace(data));
