//! Fuzz target `serve_names`: see `variant_run_fuzz::serve_names` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::serve_names(data));
