//! Fuzz target `turn_server`: see `variant_run_fuzz::turn_server` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_run_fuzz::turn_server(data));
