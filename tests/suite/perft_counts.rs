//! perft's own rules, whatever the ruleset: `--divide` gives one count per turn, adding
//! up to perft, and the last ply counted without being played is the turns listed. (The
//! perft tables are fixtures of the rulesets, `variants/<ruleset>/perft/`, run by
//! `variant-run test` and tests/suite/fixtures.rs.)

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

/// Where no two turns make one change, perft counts the last ply's bare placements and
/// removals without making them (core/src/perft.rs). Along seeded random Trugo games
/// (on the test designer's copy, tests/fixtures/designer/my-trugo),
/// in both phases, with and without a move after a placement, with and without stacks,
/// its count at depth 1 is the number of distinct turns `moves` lists, and at depth 2
/// the sum of those over the listed turns.
#[test]
fn the_last_ply_counted_is_the_turns_listed() {
    let settings: [(&str, &[(&str, &str)]); 3] = [
        ("- - 12 o=10,x=10 o", &[]),
        ("- - 8 o=6,x=6 o", &[("place_then_move", "true")]),
        ("- - 12 o=10,x=10 o", &[("stacking", "false")]),
    ];
    let (mut positions, mut removals) = (0, 0);
    for (start, params) in settings {
        let options = variant_run::LoadOptions {
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Default::default()
        };
        // The test designer's copy of Trugo: the counts of removals these games reach
        // are not to move when the shipped end rule or draw count does.
        let my_trugo = crate::common::root().join("tests/fixtures/designer/my-trugo");
        let variant = variant_run::Variant::load_with(&my_trugo, &options).unwrap();
        let model = &variant.model;
        assert!(model.rules.forms.turns_never_coincide());
        for seed in 1..=10u64 {
            let mut position = model.parse_position(start).unwrap();
            let mut rng = seed;
            while variant.judge(&position).unwrap().is_none() {
                let turns = variant.legal_turns(&position).unwrap();
                assert_eq!(
                    model.perft(&variant, &position, 1).unwrap(),
                    turns.len() as u64,
                    "{}",
                    model.position_text(&position)
                );
                if positions % 4 == 0 {
                    let mut listed = 0;
                    for turn in &turns {
                        let child = variant.play(&position, &turn.delta).unwrap();
                        if variant.judge(&child).unwrap().is_none() {
                            listed += variant.legal_turns(&child).unwrap().len() as u64;
                        }
                    }
                    assert_eq!(model.perft(&variant, &position, 2).unwrap(), listed);
                }
                positions += 1;
                removals += turns.iter().filter(|t| t.text.len() <= 3).count();
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = &turns[(rng >> 33) as usize % turns.len()];
                position = variant.play(&position, &pick.delta).unwrap();
            }
        }
    }
    assert!(
        positions > 200 && removals > 100,
        "{positions} positions, {removals} removals"
    );
}
