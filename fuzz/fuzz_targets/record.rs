//! Fuzz target `record`: see `variant_run_fuzz::record` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::record(data));
