//! The perft table of truchet-browne, counted by the real generator with the rules
//! loaded from the ruleset's TOML and Rhai. The table's counts come from an independent
//! reference generator (core/tests/perft_data.rs), so this test holds the ruleset, the
//! scripts and the generator against it.

mod common;

use common::load;

/// Entries above this many leaves are skipped here to keep the suite fast; the
/// benchmark and `variant-run truchet-browne perft` run them in release mode.
const NODE_LIMIT: u64 = 3_000_000;

#[test]
fn perft_table_of_truchet_browne() {
    let mut checked = 0;
    for entry in common::perft_table("perft/truchet-browne.perft") {
        let size = entry.setting("size").expect("size").parse().unwrap();
        let variant = load("truchet-browne", Some(size));
        let position = variant.model.parse_position(&entry.position).unwrap();
        for &(depth, nodes) in &entry.counts {
            if nodes > NODE_LIMIT {
                continue;
            }
            let counted = variant.model.perft(&variant, &position, depth).unwrap();
            assert_eq!(counted, nodes, "{} perft {depth}", entry.id);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

#[test]
fn divide_adds_up_to_perft() {
    let variant = load("truchet-browne", Some(5));
    let position = variant
        .model
        .parse_position(
            "llrll/rlrrr/rlllr/rlrrl/rrlll ...xo./.....o/.o2.x../..x.../.o...x/..o... x 10",
        )
        .unwrap();
    let rows = variant.model.perft_divide(&variant, &position, 2).unwrap();
    let total: u64 = rows.iter().map(|(_, n)| n).sum();
    assert_eq!(total, variant.model.perft(&variant, &position, 2).unwrap());
    let texts: Vec<&String> = rows.iter().map(|(t, _)| &t.text).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted, "divide lists turns in canonical text order");
}
