//! Speed figures for BENCHMARKS.md: perft and random playouts on a ruleset's standard
//! board, in release mode.
//!
//! ```text
//! cargo run --release --example benchmark -- [variant] [seconds-per-figure] [perft-depth]
//! ```
//!
//! Playouts pick a uniformly random distinct turn, apply it and ask the end-of-game rule,
//! once through the ruleset's Rhai script and once through the same rule written in Rust
//! (for Browne-style rules), so the cost of the script boundary shows.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use variant_run::core::{GameModel, Position};
use variant_run::play::{opening, Layout};
use variant_run::{Diagnostic, Variant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str).unwrap_or("truchet-browne");
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let budget = Duration::from_secs(seconds);
    let variant = Variant::load_named(name, None)?;
    let model = &variant.model;
    let start = opening(&variant, Layout::Setup, 1)?;
    println!("{name}, standard board, start position of seed 1:");
    println!("  {}", model.position_text(&start));

    let heap = start.tiles().len() + std::mem::size_of_val(start.stacks());
    println!(
        "position size: {} bytes inline + {} bytes of tiles and stacks",
        std::mem::size_of::<Position>(),
        heap
    );

    let max_depth: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    for depth in 1..=max_depth {
        let timer = Instant::now();
        let nodes = model.perft(&variant, &start, depth)?;
        let elapsed = timer.elapsed();
        println!(
            "perft({depth}) = {nodes} in {:.3} s ({:.2} M leaves/s)",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
    }

    let judge_in_rhai = |p: &Position| variant.judge(p).map(|o| o.is_some());
    let judge_in_rust = |p: &Position| Ok(browne_end_in_rust(model, p));
    for (sampler, staged) in [
        ("uniform over distinct turns", false),
        ("staged: flip, then stack move", true),
    ] {
        // With a fixed number of turns (for instruction counts), only the staged sampler.
        if !staged && std::env::var("BENCH_TURNS").is_ok() {
            continue;
        }
        let scripted = playouts(&variant, &start, budget, staged, judge_in_rhai)?;
        report(
            &format!("playouts, {sampler}, end rule in Rhai"),
            scripted,
            budget,
        );
        // Browne's end rule in Rust is the yardstick for the script boundary; it means
        // nothing for a tile-laying game.
        if model.rules.forms.has_tile_actions() {
            continue;
        }
        let native = playouts(&variant, &start, budget, staged, judge_in_rust)?;
        report(
            &format!("playouts, {sampler}, end rule in Rust"),
            native,
            budget,
        );
    }
    Ok(())
}

fn report(what: &str, (turns, games): (u64, u64), budget: Duration) {
    let per_second = turns as f64 / budget.as_secs_f64();
    println!("{what}: {per_second:.0} turns/s ({turns} turns, {games} games finished)");
}

/// Plays random games from `start` for `budget`, restarting whenever one ends.
fn playouts(
    variant: &Variant,
    start: &Position,
    budget: Duration,
    staged: bool,
    mut over: impl FnMut(&Position) -> Result<bool, Diagnostic>,
) -> Result<(u64, u64), Diagnostic> {
    let model = &variant.model;
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut position = start.clone();
    let (mut turns, mut games) = (0u64, 0u64);
    let timer = Instant::now();
    // BENCH_TURNS=N plays exactly N turns instead of filling the time budget, so that
    // instruction counts (valgrind --tool=callgrind) compare builds on equal work.
    let fixed: Option<u64> = std::env::var("BENCH_TURNS")
        .ok()
        .and_then(|t| t.parse().ok());
    while fixed.map_or(timer.elapsed() < budget, |n| turns < n) {
        for _ in 0..64 {
            let pick = if staged {
                model.random_turn(&position, &mut |n| rng.gen_range(0..n))
            } else {
                let mut deltas = model.distinct_deltas(&position);
                let n = deltas.len();
                (n > 0).then(|| deltas.swap_remove(rng.gen_range(0..n)))
            };
            let Some(pick) = pick else {
                position = start.clone();
                games += 1;
                continue;
            };
            model.apply(&mut position, &pick);
            model.settle(variant, &mut position)?;
            turns += 1;
            if over(&position)? {
                position = start.clone();
                games += 1;
            }
        }
    }
    Ok((turns, games))
}

/// Browne's end rule as native code, the yardstick for the script's cost.
fn browne_end_in_rust(model: &GameModel, position: &Position) -> bool {
    position.pieces(position.side()) == 0
        || !model.has_turn(position, true)
        || position.quiet_turns() >= 100
}
