//! The benchmark a designer runs on their own ruleset (`variant-run <ruleset> bench`):
//! how fast its random playouts and perft run, and what a position costs in memory.
//!
//! Every figure starts from the position where play starts (after any set-up turns).
//! Playouts draw each turn with the staged sampler and run the ruleset's after-turn and
//! end-of-game rules after it, restarting when a game ends; where the ruleset has a
//! native twin ([`Variant::native_twin`]), the same playouts run again with the end rule
//! in Rust, so the cost of the script boundary shows. perft counts at the deepest depth
//! that fits the time given (or the depth asked for), repeated until the time is used.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::ThreadPool;
use serde::Serialize;
use variant_run_core::{Position, Referee};

use crate::parallel;
use crate::play::playout::{play_out, PlayoutEnd};
use crate::ruleset::{Variant, VariantError};
use crate::Diagnostic;

/// What to measure, and for how long.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Seconds each figure runs for.
    pub seconds: f64,
    /// The perft depth; by default the deepest whose count fits in `seconds`.
    pub depth: Option<u32>,
    /// Play exactly this many playout turns per figure instead of filling the time, and
    /// count perft once: equal work for instruction counts (valgrind --tool=callgrind).
    pub turns: Option<u64>,
}

impl Default for BenchOptions {
    fn default() -> BenchOptions {
        BenchOptions {
            seconds: 2.0,
            depth: None,
            turns: None,
        }
    }
}

/// The figures. Rates are per second of wall-clock time, all threads together.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub ruleset: String,
    /// The board size, `None` on a patch.
    pub size: Option<u32>,
    /// The position every figure starts from.
    pub start: String,
    pub threads: usize,
    /// The start position's board: its tiles and junctions (a patch grows with play).
    pub cells: usize,
    pub junctions: usize,
    /// A position's size in memory: the struct itself plus its tiles and stacks.
    pub position_bytes: usize,
    pub playout_turns_per_s: f64,
    pub playout_turns: u64,
    pub playout_games: u64,
    /// The same playouts with the end rule in Rust, where the ruleset has a native twin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playout_turns_per_s_native: Option<f64>,
    pub perft_depth: u32,
    /// Leaves of one count at `perft_depth`.
    pub perft_leaves: u64,
    pub perft_leaves_per_s: f64,
}

/// Runs the benchmark from `start` on every thread of `pool`.
///
/// # Errors
/// A script of the ruleset fails.
pub fn run(
    pool: &ThreadPool,
    variant: &Variant,
    start: &Position,
    options: &BenchOptions,
) -> Result<BenchReport, VariantError> {
    let budget = Duration::from_secs_f64(options.seconds.max(0.0));
    // A game already over has no playouts to time.
    let over = variant.judge(start)?.is_some();
    let (turns, games, rate) = if over {
        (0, 0, 0.0)
    } else {
        on_every_thread(pool, variant, start, options, budget, Rules::Scripts)?
            .expect("every ruleset has its scripts")
    };
    let native = match variant.native_twin() {
        Some(_) if !over => {
            on_every_thread(pool, variant, start, options, budget, Rules::NativeTwin)?
                .map(|(_, _, rate)| rate)
        }
        _ => None,
    };
    let (perft_depth, perft_leaves, perft_leaves_per_s) =
        perft(pool, variant, start, options, budget)?;
    Ok(BenchReport {
        ruleset: variant.name.clone(),
        size: variant.size,
        start: variant.model.position_text(start),
        threads: pool.current_num_threads(),
        cells: start.board().cell_count(),
        junctions: start.board().junction_count(),
        position_bytes: position_bytes(start),
        playout_turns_per_s: rate,
        playout_turns: turns,
        playout_games: games,
        playout_turns_per_s_native: native,
        perft_depth,
        perft_leaves,
        perft_leaves_per_s,
    })
}

/// Which rules decide the playouts.
#[derive(Clone, Copy)]
enum Rules {
    /// The ruleset's own: its scripts.
    Scripts,
    /// The end rule's native twin.
    NativeTwin,
}

/// Playouts on every thread of `pool` at once, each thread with its own copy of the
/// ruleset and its own seed: turns played, games finished, turns per second, summed over
/// the threads; `None` for a native twin the ruleset does not have.
fn on_every_thread(
    pool: &ThreadPool,
    variant: &Variant,
    start: &Position,
    options: &BenchOptions,
    budget: Duration,
    rules: Rules,
) -> Result<Option<(u64, u64, f64)>, VariantError> {
    let source = variant.source();
    let threads = pool.current_num_threads() as u64;
    let timer = Instant::now();
    let results = pool.broadcast(|context| -> Result<Option<(u64, u64)>, VariantError> {
        let local = source.load()?;
        // Fixed work is shared out: the first threads take one turn more.
        let index = context.index() as u64;
        let share = options
            .turns
            .map(|n| n / threads + u64::from(index < n % threads));
        let seed = 7 + index;
        Ok(match rules {
            Rules::Scripts => Some(timed_playouts(&local, &local, start, budget, share, seed)?),
            Rules::NativeTwin => match local.native_twin() {
                Some(twin) => Some(timed_playouts(&local, &twin, start, budget, share, seed)?),
                None => None,
            },
        })
    });
    let seconds = timer.elapsed().as_secs_f64().max(1e-9);
    let mut sum: Option<(u64, u64)> = None;
    for result in results {
        if let Some((turns, games)) = result? {
            let (t, g) = sum.unwrap_or((0, 0));
            sum = Some((t + turns, g + games));
        }
    }
    Ok(sum.map(|(turns, games)| (turns, games, turns as f64 / seconds)))
}

/// The struct, its tiles and its stacks (the board is shared by every position on it).
pub fn position_bytes(position: &Position) -> usize {
    std::mem::size_of::<Position>()
        + std::mem::size_of_val(position.tiles())
        + std::mem::size_of_val(position.stacks())
}

/// Plays random games from `start` for `budget` (or exactly `fixed` turns), restarting
/// each time one ends: turns played and games finished.
fn timed_playouts<R: Referee<Error = Diagnostic>>(
    variant: &Variant,
    referee: &R,
    start: &Position,
    budget: Duration,
    fixed: Option<u64>,
    seed: u64,
) -> Result<(u64, u64), Diagnostic> {
    let model = &variant.model;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut turns, mut games) = (0u64, 0u64);
    let mut position = start.clone();
    let timer = Instant::now();
    loop {
        let left = match fixed {
            Some(n) if turns >= n => break,
            Some(n) => n - turns,
            None if timer.elapsed() >= budget => break,
            // Games are short next to a budget: check the time between them.
            None => u64::MAX,
        };
        position.clone_from(start);
        let cap = u32::try_from(left).unwrap_or(u32::MAX);
        let playout = play_out(model, referee, &mut position, &mut rng, cap)?;
        turns += u64::from(playout.turns);
        if matches!(playout.end, PlayoutEnd::Over { .. } | PlayoutEnd::Stuck) {
            games += 1;
        }
    }
    Ok((turns, games))
}

/// perft at the chosen depth, counted again until the time is used: depth, leaves of one
/// count, leaves per second.
fn perft(
    pool: &ThreadPool,
    variant: &Variant,
    start: &Position,
    options: &BenchOptions,
    budget: Duration,
) -> Result<(u32, u64, f64), VariantError> {
    let count = |depth: u32| -> Result<(u64, Duration), VariantError> {
        let timer = Instant::now();
        let leaves = parallel::perft(pool, variant, start, depth)?;
        Ok((leaves, timer.elapsed()))
    };
    let depth = match (options.depth, options.turns) {
        (Some(depth), _) => depth,
        (None, Some(_)) => 2,
        // The deepest count whose time, guessed from the one before it and the growth
        // of the leaves, fits in the budget.
        (None, None) => {
            let mut depth = 1;
            let (mut leaves, mut took) = count(1)?;
            let mut before = 1u64;
            loop {
                let growth = leaves as f64 / before.max(1) as f64;
                if leaves == 0 || took.as_secs_f64() * growth.max(1.0) > budget.as_secs_f64() {
                    break depth;
                }
                before = leaves;
                (leaves, took) = count(depth + 1)?;
                depth += 1;
                if took > budget {
                    break depth;
                }
            }
        }
    };
    let timer = Instant::now();
    let mut total = 0u64;
    let leaves = loop {
        let leaves = count(depth)?.0;
        total += leaves;
        if options.turns.is_some() || timer.elapsed() >= budget {
            break leaves;
        }
    };
    let seconds = timer.elapsed().as_secs_f64();
    Ok((depth, leaves, total as f64 / seconds.max(1e-9)))
}

impl BenchReport {
    /// The figures in words.
    pub fn text(&self) -> String {
        let board = match self.size {
            Some(size) => format!("size {size}"),
            None => "a patch that grows and shrinks".to_string(),
        };
        let mut out = format!(
            "{} ({board}), from the position where play starts:\n  {}\n",
            self.ruleset, self.start
        );
        out.push_str(&format!(
            "threads: {}\nboard: {} tiles, {} junctions; a position takes {} bytes (the board is \
             shared)\n",
            self.threads, self.cells, self.junctions, self.position_bytes
        ));
        out.push_str(&format!(
            "random playouts (staged), rules as the ruleset has them: {} turns/s \
             ({} turns, {} games finished)\n",
            grouped(self.playout_turns_per_s),
            self.playout_turns,
            self.playout_games
        ));
        if let Some(native) = self.playout_turns_per_s_native {
            out.push_str(&format!(
                "random playouts (staged), end rule in Rust (native twin): {} turns/s; \
                 the scripts run at {:.0}% of that speed\n",
                grouped(native),
                100.0 * self.playout_turns_per_s / native.max(1e-9)
            ));
        } else {
            // Said, not left out: a shipped rule edited without its twin loses the
            // figure, and a reader should see why it is missing.
            out.push_str(
                "no native twin: the rules are not, to the letter, scripts a twin copies \
                 (or a rule refuses turns), so the scripts' cost is not measured apart\n",
            );
        }
        out.push_str(&format!(
            "perft {}: {} leaves, {} leaves/s\n",
            self.perft_depth,
            self.perft_leaves,
            grouped(self.perft_leaves_per_s)
        ));
        out
    }
}

/// A rate rounded to a whole number, thousands apart: `1,234,567`.
fn grouped(rate: f64) -> String {
    let digits = format!("{:.0}", rate.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
