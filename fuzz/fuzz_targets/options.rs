//! Fuzz target `options`: see `variant_run_fuzz::options` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::options(data));
