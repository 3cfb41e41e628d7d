//! Work on several threads counts and plays as on one: perft split at the root over one
//! and two threads against the core's own count, `--divide` rows in the same order, and
//! a batch of seeded games with the same results.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use variant_run::parallel;
use variant_run::play::{opening, Layout};
use variant_run::Variant;

use crate::common::perft_positions;

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// Every perft table entry of `ruleset` up to `max_depth`, on 1 and 2 threads.
fn counts_agree(ruleset: &str, max_depth: u32) {
    let pools = [
        parallel::pool(Some(1)).unwrap(),
        parallel::pool(Some(2)).unwrap(),
    ];
    for (entry, variant, position) in perft_positions(ruleset) {
        for depth in 1..=entry.depth.min(max_depth) {
            let serial = variant.model.perft(&variant, &position, depth).unwrap();
            for pool in &pools {
                let threads = pool.current_num_threads();
                let split = parallel::perft(pool, &variant, &position, depth).unwrap();
                assert_eq!(
                    split, serial,
                    "{} perft {depth}, {threads} threads",
                    entry.id
                );
            }
        }
    }
}

#[test]
fn perft_counts_the_same_on_one_and_two_threads() {
    counts_agree("truchet-browne", 2);
    counts_agree("trugo", 3);
    counts_agree("truchet-hex", 2);
}

#[test]
fn divide_hands_the_turns_over_in_their_order() {
    let variant = Variant::load_named("truchet-browne", Some(5)).unwrap();
    let position = opening(&variant, Layout::Setup, 3).unwrap();
    let serial = variant.model.perft_divide(&variant, &position, 3).unwrap();
    let pool = parallel::pool(Some(2)).unwrap();
    let mut rows = Vec::new();
    parallel::perft_divide_each(&pool, &variant, &position, 3, &mut |turn, count| {
        rows.push((turn, count))
    })
    .unwrap();
    assert_eq!(rows, serial);
}

#[test]
fn a_batch_of_games_is_the_same_on_one_and_two_threads() {
    let variant = Variant::load_named("truchet-browne", Some(5)).unwrap();
    let source = variant.source();
    // A random game per seed, to its end: its last position.
    let game = |variant: &Variant, i: usize| -> Result<String, Failure> {
        let model = &variant.model;
        let mut position = opening(variant, Layout::Setup, i as u64)?;
        let mut rng = Pcg64Mcg::seed_from_u64(i as u64);
        while variant.judge(&position)?.is_none() {
            let delta = model
                .random_turn(&position, &mut |n| rng.gen_range(0..n))
                .unwrap();
            position = variant.play(&position, &delta)?;
        }
        Ok(model.position_text(&position))
    };
    let batches: Vec<Vec<String>> = [1, 2]
        .map(|threads| {
            let pool = parallel::pool(Some(threads)).unwrap();
            parallel::map_indexed(&pool, &source, 16, game).unwrap()
        })
        .into();
    assert_eq!(batches[0], batches[1]);
    assert_eq!(
        batches[0][5],
        game(&variant, 5).unwrap(),
        "game 5 is seed 5's"
    );
}

/// The soak: a match of every shipped ruleset on 64 threads (far more than the cores of
/// the machine running it) gives the report it gives on one thread, byte for byte. The
/// scripts' time limit counts CPU time, so waiting for a core fails no call; the games
/// are put back in order, so nothing else may differ. Twenty turns a game keep it short;
/// TESTING.md has a longer run. A minute or more on two cores: `.ci/run` runs it (the
/// suite itself compares one and two threads in every test above and in matches.rs,
/// criteria.rs and cli.rs).
#[test]
#[ignore = "the soak, a minute or more: .ci/run runs it with --ignored"]
fn a_match_on_64_threads_reports_what_it_reports_on_one() {
    let report = |ruleset: &str, threads: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .args([ruleset, "match", "--games", "64", "--max-turns", "20"])
            .args(["--seed", "19", "--json", "--threads", threads])
            .current_dir(crate::common::root())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{ruleset} on {threads}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    for ruleset in [
        "truchet-browne",
        "truchet-boardspace",
        "truchet-hex",
        "trugo",
    ] {
        let one = report(ruleset, "1");
        assert!(one.contains("\"games\": 64"), "{ruleset}: {one}");
        assert_eq!(report(ruleset, "64"), one, "{ruleset}");
    }
}
