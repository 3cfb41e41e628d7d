//! Work spread over the cores with rayon: perft split at the root, and batches of games.
//!
//! A loaded ruleset keeps its compiled scripts on the thread that compiled them (Rhai's
//! values are not shared between threads), so every thread that works loads its own copy
//! from the ruleset's [`VariantSource`]; positions are plain data and go anywhere. Results
//! are put back in a fixed order, so a count or a batch of games comes out the same on
//! any number of threads.

use std::collections::BTreeMap;
use std::sync::mpsc;

use rayon::prelude::*;
use rayon::ThreadPool;
use variant_run_core::{LegalTurn, Position};

use crate::ruleset::{Variant, VariantError, VariantSource};

/// The stack of every thread the program runs scripts on: the pools' and the command
/// line's own. The deepest calls the sandbox allows (128 levels of script functions,
/// each through a native callback such as `map`) need between 512 KB and 1 MB, and a
/// value nested as deep as allowed little more to copy or drop; a fixed size makes that
/// margin the same on every machine, whatever `ulimit -s` or `RUST_MIN_STACK` say. The
/// memory is reserved, not used: only the pages a thread touches are.
pub const THREAD_STACK_BYTES: usize = 16 << 20;

/// The most threads a command may ask for. Work is shared out in a fixed order and put
/// back in order, so any number gives the same result; past the cores, more threads only
/// wait, each with its own copy of the ruleset and its stack.
pub const MAX_THREADS: usize = 256;

/// A pool of `threads` threads; `None` means one per core. Each has a stack of
/// [`THREAD_STACK_BYTES`].
///
/// # Errors
/// The operating system refuses the threads.
pub fn pool(threads: Option<usize>) -> Result<ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .stack_size(THREAD_STACK_BYTES)
        .build()
}

/// The copy of the ruleset a thread works with.
fn local(loaded: &Result<Variant, VariantError>) -> Result<&Variant, VariantError> {
    loaded.as_ref().map_err(|e| {
        VariantError::Choice(format!(
            "the ruleset did not load again on a worker thread: {e}"
        ))
    })
}

/// The distinct turns of `position` (as [`Variant::legal_turns`] lists them); none when
/// the game is over or `depth` is 0. The positions they leave are made by the thread that
/// counts from them, when it does: held all at once, a big patch's (a board each) took
/// gigabytes.
fn roots(
    variant: &Variant,
    position: &Position,
    depth: u32,
) -> Result<Vec<LegalTurn>, VariantError> {
    if depth == 0 || variant.judge(position)?.is_some() {
        return Ok(Vec::new());
    }
    Ok(variant.legal_turns(position)?)
}

/// The count of the sequences of `depth` turns that start with `turn`.
fn count_after(
    variant: &Variant,
    position: &Position,
    turn: &LegalTurn,
    depth: u32,
) -> Result<u64, VariantError> {
    let child = variant.play(position, &turn.delta)?;
    Ok(variant.model.perft(variant, &child, depth - 1)?)
}

/// perft on `pool`, split at the root: each distinct turn's count is made on some thread,
/// and they add up to [`variant_run_core::GameModel::perft`]'s count.
///
/// # Errors
/// A script fails.
pub fn perft(
    pool: &ThreadPool,
    variant: &Variant,
    position: &Position,
    depth: u32,
) -> Result<u64, VariantError> {
    if depth <= 1 {
        // Nothing to share out: the turns are the count.
        return Ok(variant.model.perft(variant, position, depth)?);
    }
    let turns = roots(variant, position, depth)?;
    let source = variant.source();
    let counts: Vec<u64> = pool.install(|| {
        turns
            .par_iter()
            .map_init(
                || source.load(),
                |loaded, turn| count_after(local(loaded)?, position, turn, depth),
            )
            .collect::<Result<Vec<u64>, VariantError>>()
    })?;
    Ok(counts.iter().sum())
}

/// Like [`variant_run_core::GameModel::perft_divide_each`] on `pool`: each distinct turn
/// with its own count, handed to `each` on the calling thread in canonical text order as
/// soon as it and every turn before it are counted (so progress shows while the threads
/// work).
///
/// # Errors
/// A script fails; the turns before the failing one have been handed over.
pub fn perft_divide_each(
    pool: &ThreadPool,
    variant: &Variant,
    position: &Position,
    depth: u32,
    each: &mut dyn FnMut(LegalTurn, u64),
) -> Result<(), VariantError> {
    let turns = roots(variant, position, depth)?;
    if depth == 1 {
        turns.into_iter().for_each(|turn| each(turn, 1));
        return Ok(());
    }
    let source = variant.source();
    let (sender, receiver) = mpsc::channel::<(usize, Result<u64, VariantError>)>();
    let shared = &turns;
    pool.in_place_scope(|scope| {
        scope.spawn(move |_| {
            shared.par_iter().enumerate().for_each_init(
                || (source.load(), sender.clone()),
                |(loaded, sender), (i, turn)| {
                    let count = local(loaded).and_then(|v| count_after(v, position, turn, depth));
                    // The receiver only goes away once every count is in.
                    let _ = sender.send((i, count));
                },
            );
        });
        // Counts arrive in any order; hand them over in turn order.
        let mut waiting: BTreeMap<usize, Result<u64, VariantError>> = BTreeMap::new();
        let mut next = 0;
        let mut failed = None;
        for (i, count) in receiver {
            waiting.insert(i, count);
            while let Some(count) = waiting.remove(&next) {
                next += 1;
                let turn = &shared[next - 1];
                match count {
                    Ok(count) if failed.is_none() => each(turn.clone(), count),
                    Ok(_) => {}
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                }
            }
        }
        failed.map_or(Ok(()), Err)
    })
}

/// Runs `work(variant, i)` for `i` in `0..count` on `pool`, each thread with its own copy
/// of the ruleset; the results in order of `i`.
///
/// # Errors
/// The first error in order of `i`.
pub fn map_indexed<T, E>(
    pool: &ThreadPool,
    source: &VariantSource,
    count: usize,
    work: impl Fn(&Variant, usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E>
where
    T: Send,
    E: From<VariantError> + Send,
{
    pool.install(|| {
        (0..count)
            .into_par_iter()
            .map_init(
                || source.load(),
                |loaded, i| work(local(loaded).map_err(E::from)?, i),
            )
            .collect()
    })
}
