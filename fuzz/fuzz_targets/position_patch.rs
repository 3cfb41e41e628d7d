//! Fuzz target `position_patch`: see `variant_run_fuzz::position_patch` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::position_patch(data));
