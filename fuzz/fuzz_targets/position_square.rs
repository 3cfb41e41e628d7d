//! Fuzz target `position_square`: see `variant_run_fuzz::position_square` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::position_square(data));
