//! Fuzz target `output_path`: see `variant_run_fuzz::output_path` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::output_path(data));
