//! `variant-run <ruleset> bench`: the ruleset's speed, in words or as JSON.

use std::io::Write;

use variant_run::bench::{self, BenchOptions};
use variant_run::play::setup::GameSetup;
use variant_run::Variant;

use super::args::BenchArgs;
use super::Failure;

pub fn bench(
    pool: &rayon::ThreadPool,
    variant: &Variant,
    setup: &GameSetup,
    args: &BenchArgs,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err(format!(
            "--seconds {}: give a number of seconds above 0",
            args.seconds
        )
        .into());
    }
    let start = setup.start_position(variant)?;
    let options = BenchOptions {
        seconds: args.seconds,
        depth: args.depth,
        turns: args.turns,
    };
    let report = bench::run(pool, variant, &start, &options)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", report.text())?;
    }
    Ok(())
}
