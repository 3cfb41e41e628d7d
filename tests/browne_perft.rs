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
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/truchet-browne.perft"
    ))
    .unwrap();
    let mut variant = None;
    let mut position = None;
    let mut id = String::new();
    let mut checked = 0;
    for line in text.lines() {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => id = rest.to_string(),
            "size" => variant = Some(load("truchet-browne", Some(rest.parse().unwrap()))),
            "position" => {
                let v = variant.as_ref().unwrap();
                position = Some(v.model.parse_position(rest).unwrap());
            }
            "perft" => {
                let (depth, nodes) = rest.split_once(' ').unwrap();
                let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
                if nodes > NODE_LIMIT {
                    continue;
                }
                let v = variant.as_ref().unwrap();
                let counted = v.model.perft(v, position.as_ref().unwrap(), depth).unwrap();
                assert_eq!(counted, nodes, "{id} perft {depth}");
                checked += 1;
            }
            _ => {}
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
    let texts: Vec<&String> = rows.iter().map(|(t, _)| t).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted, "divide lists turns in canonical text order");
}
