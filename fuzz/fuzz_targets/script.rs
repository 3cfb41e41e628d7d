//! Fuzz target `script`: see `variant_run_fuzz::script` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::script(data));
