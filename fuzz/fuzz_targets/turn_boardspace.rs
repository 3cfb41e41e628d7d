//! Fuzz target `turn_boardspace`: see `variant_run_fuzz::turn_boardspace` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::turn_boardspace(data));
