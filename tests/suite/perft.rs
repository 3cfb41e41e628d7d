//! perft of every table in `tests/perft/<ruleset>.perft`, counted with the ruleset as it
//! loads from its TOML and Rhai, one snapshot per table. A rule change that changes the
//! counts shows as a snapshot diff to review; tests/reference_agrees.rs holds the counts
//! against an independent generator.

use crate::common::{load_for, read_perft_table};

#[test]
fn perft_tables() {
    insta::glob!("../perft", "*.perft", |path| {
        let ruleset = path.file_stem().and_then(|s| s.to_str()).unwrap();
        let mut report = String::new();
        for entry in read_perft_table(path) {
            let variant = load_for(ruleset, &entry);
            let position = variant
                .model
                .parse_position(&entry.position)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            report.push_str(&format!("{}\n", entry.id));
            for depth in 1..=entry.depth {
                let count = variant.model.perft(&variant, &position, depth).unwrap();
                report.push_str(&format!("  perft {depth}: {count}\n"));
            }
        }
        insta::assert_snapshot!(report);
    });
}

/// Where no two turns make one change, perft counts the last ply's bare placements and
/// removals without making them (core/src/perft.rs). Along seeded random Trugo games,
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
        let variant = variant_run::Variant::load_named_with("trugo", &options).unwrap();
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
        positions > 400 && removals > 200,
        "{positions} positions, {removals} removals"
    );
}
