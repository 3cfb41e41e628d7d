//! perft of truchet-boardspace: the ruleset (its TOML and Rhai end rule) against the table
//! in tests/boardspace/perft.txt. The table's counts are recomputed independently by
//! core/tests/boardspace_reference.rs: a naive generator and a referee written from the
//! digest, on a model built by hand; this file also checks that the ruleset loads exactly
//! that model's rules.

mod common;

use variant_run::core::testing::truchet_forms;
use variant_run::core::{Colour, PlayerSpec};
use variant_run::Variant;

#[test]
fn perft_table_matches_the_generator_and_the_rhai_rules() {
    let variant = Variant::load_named("truchet-boardspace", None).unwrap();
    let mut rows = 0;
    for case in common::perft_table("boardspace/perft.txt") {
        let position = variant.model.parse_position(&case.position).unwrap();
        for &(depth, expected) in &case.counts {
            let counted = variant.model.perft(&variant, &position, depth).unwrap();
            assert_eq!(counted, expected, "{} perft {depth}", case.id);
            rows += 1;
        }
    }
    assert!(rows >= 12, "{rows} rows");
}

/// The reference check runs on a model built from the digest; this ties it to the
/// ruleset: the same players, turn parts, height limit and capture rule (a >= d).
#[test]
fn the_ruleset_loads_the_digest_rules() {
    let variant = Variant::load_named("truchet-boardspace", None).unwrap();
    let rules = &variant.model.rules;
    assert_eq!(
        rules.players,
        [
            PlayerSpec {
                letter: 'w',
                colour: Colour::Light
            },
            PlayerSpec {
                letter: 'b',
                colour: Colour::Dark
            },
        ]
    );
    assert_eq!(rules.forms, truchet_forms());
    assert_eq!(rules.max_height, 4);
    for a in 1..=4 {
        for d in 1..=4 {
            for home in [false, true] {
                assert_eq!(rules.capture.captures(a, d, home), a >= d);
            }
        }
    }
    assert_eq!(variant.model.board.junction_count(), 64);
    assert_eq!(variant.model.board.cell_count(), 49);
    assert_eq!(variant.first, 0);
}
