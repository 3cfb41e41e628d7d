//! Trugo's texts read back: along seeded random games (with and without the
//! place-then-move option), every legal turn's canonical text reads back as the same
//! turn, and every position's text as the same position.

use variant_run::play::Notation;
use variant_run::{LoadOptions, Variant};

fn trugo(params: &[(&str, &str)]) -> Variant {
    let options = LoadOptions {
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..LoadOptions::default()
    };
    Variant::load_named_with("trugo", &options).unwrap()
}

/// Plays a seeded random game, checking the texts of every position and legal turn.
fn round_trip_along_a_game(variant: &Variant, pool: u32, seed: u64) -> usize {
    let model = &variant.model;
    let mut position = model
        .parse_position(&format!("- - {pool} o=25,x=25 o"))
        .unwrap();
    let mut rng = seed;
    let mut checked = 0;
    while variant.judge(&position).unwrap().is_none() {
        let text = model.position_text(&position);
        assert_eq!(
            model.position_text(&model.parse_position(&text).unwrap()),
            text
        );
        let turns = variant.legal_turns(&position).unwrap();
        for turn in &turns {
            let read = Notation::Server
                .read(variant, &position, &turn.text)
                .unwrap_or_else(|e| panic!("{text}: `{}` does not read back: {e}", turn.text));
            assert_eq!(read.text, turn.text, "{text}");
            assert_eq!(
                variant.play(&position, &read.delta).unwrap(),
                variant.play(&position, &turn.delta).unwrap(),
                "{text}: `{}`",
                turn.text
            );
            checked += 1;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = &turns[(rng >> 33) as usize % turns.len()];
        position = variant.play(&position, &pick.delta).unwrap();
    }
    checked
}

#[test]
fn turn_and_position_texts_read_back() {
    let standard = trugo(&[]);
    let checked: usize = (1..=4)
        .map(|seed| round_trip_along_a_game(&standard, 8, seed))
        .sum();
    assert!(checked > 300, "only {checked} turns checked");
}

#[test]
fn place_then_move_texts_read_back() {
    let variant = trugo(&[("place_then_move", "true")]);
    // With the option, a placement may be followed by a move: `c:e6,b1e-c7w`.
    let checked: usize = (1..=2)
        .map(|seed| round_trip_along_a_game(&variant, 8, seed))
        .sum();
    assert!(checked > 300, "only {checked} turns checked");
}

#[test]
fn params_are_type_checked() {
    let refused = |params: &[(&str, &str)]| {
        let options = LoadOptions {
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..LoadOptions::default()
        };
        match Variant::load_named_with("trugo", &options) {
            Ok(_) => panic!("{params:?} was accepted"),
            Err(e) => e.to_string(),
        }
    };
    insta::assert_snapshot!([
        refused(&[("stacking", "yes")]),
        refused(&[("pool", "many")]),
        refused(&[("pool", "\"36\"")]),
        refused(&[("stack", "false")]),
    ]
    .join("\n"));
}
