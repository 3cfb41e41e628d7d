//! `perft --divide`: one count per turn, adding up to perft. (The perft tables are
//! tests/perft.rs.)

use crate::common::load;

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
