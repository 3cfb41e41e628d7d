//! The fuzz targets' checks, on stable and bounded: every seed in `fuzz/corpus/<target>/`
//! and a few hundred seeded mutations of them (bytes flipped, inserted, deleted, runs
//! copied, inputs spliced), for each target. The fuzzer (TESTING.md) runs the same checks
//! for millions of inputs; this keeps them running in every test run, in seconds.

#[path = "../../fuzz/src/lib.rs"]
mod checks;

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The seed corpus of a target, in file-name order.
fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    let seeds: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
    assert!(!seeds.is_empty(), "{target}: an empty corpus");
    seeds
}

/// One mutation of a seed, as a fuzzer makes them.
fn mutate(rng: &mut Pcg64Mcg, seed: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let at = rng.gen_range(0..=data.len());
        match rng.gen_range(0..6) {
            0 if at < data.len() => data[at] ^= 1 << rng.gen_range(0..8),
            1 => data.insert(at, rng.gen()),
            2 if at < data.len() => {
                data.remove(at);
            }
            3 => {
                // A byte that often means something in texts.
                let interesting = b" -,:;/.0123456789xo=()\n%";
                data.insert(at, interesting[rng.gen_range(0..interesting.len())]);
            }
            4 if !data.is_empty() => {
                let from = rng.gen_range(0..data.len());
                let len = rng.gen_range(1..=(data.len() - from).min(16));
                let run: Vec<u8> = data[from..from + len].to_vec();
                data.splice(at..at, run);
            }
            _ => {
                let other = &corpus[rng.gen_range(0..corpus.len())];
                let cut = rng.gen_range(0..=other.len());
                data.truncate(at);
                data.extend_from_slice(&other[cut..]);
            }
        }
    }
    data
}

/// Runs a check on every seed and on `mutations` mutations of them.
fn run(target: &str, check: fn(&[u8]), mutations: usize) {
    let seeds = corpus(target);
    for seed in &seeds {
        check(seed);
    }
    let mut rng = Pcg64Mcg::seed_from_u64(0x5eed);
    for _ in 0..mutations {
        let seed = &seeds[rng.gen_range(0..seeds.len())];
        let input = mutate(&mut rng, seed, &seeds);
        check(&input);
    }
}

#[test]
fn square_position_texts_read_back() {
    run("position_square", checks::position_square, 600);
}

#[test]
fn hex_position_texts_read_back() {
    run("position_hex", checks::position_hex, 600);
}

#[test]
fn patch_position_texts_read_back() {
    run("position_patch", checks::position_patch, 600);
}

#[test]
fn server_turn_texts_read_back() {
    run("turn_server", checks::turn_server, 600);
}

#[test]
fn boardspace_turn_texts_read_back() {
    run("turn_boardspace", checks::turn_boardspace, 600);
}

#[test]
fn records_read_back_and_replay() {
    run("record", checks::record, 200);
}

#[test]
fn fuzzed_rulesets_load_or_are_refused() {
    run("variant", checks::variant, 60);
}

#[test]
fn options_a_record_keeps_read_back_or_are_refused() {
    run("options", checks::options, 300);
}

#[test]
fn scripts_from_the_grammar_end_within_the_limits() {
    run("script", checks::script, 300);
}

#[test]
fn outputs_to_paths_of_every_kind_keep_what_is_there() {
    run("output_path", checks::output_path, 400);
}

#[test]
fn the_server_answers_only_its_own_names() {
    run("serve_names", checks::serve_names, 2000);
}
