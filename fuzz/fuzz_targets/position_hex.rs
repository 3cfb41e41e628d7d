//! Fuzz target `position_hex`: see `variant_run_fuzz::position_hex` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::position_hex(data));
