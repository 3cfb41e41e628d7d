//! The ASCII board of truchet-browne's opening for several layouts and sizes.

use crate::common::load;
use variant_run::draw;
use variant_run::play::{opening, parse_layout};

fn opening_board(size: Option<u32>, layout: Option<&str>, seed: u64) -> String {
    let variant = load("truchet-browne", size);
    let layout = parse_layout(&variant, layout).unwrap();
    let position = opening(&variant, layout, seed).unwrap();
    format!(
        "{}\n{}",
        variant.model.position_text(&position),
        draw::board(&variant.model, &position)
    )
}

#[test]
fn standard_opening_every_tile_r() {
    let all_r = ["rrrrrrr"; 7].join("/");
    insta::assert_snapshot!(opening_board(None, Some(&all_r), 1));
}

#[test]
fn opening_after_seeded_set_up_turns() {
    insta::assert_snapshot!("seed-1", opening_board(None, None, 1));
    insta::assert_snapshot!("seed-2", opening_board(None, None, 2));
}

#[test]
fn opening_with_a_seeded_random_layout() {
    insta::assert_snapshot!(opening_board(None, Some("random"), 3));
}

#[test]
fn openings_on_other_sizes() {
    insta::assert_snapshot!("size-3", opening_board(Some(3), None, 1));
    insta::assert_snapshot!("size-5", opening_board(Some(5), None, 1));
    insta::assert_snapshot!("size-9", opening_board(Some(9), None, 1));
}

#[test]
fn pieces_per_side_follow_the_digest() {
    // (n - 1)(n + 1) / 4 pieces each, on the owner's colour in the nearest (n-1)/2 rows.
    for size in [3u32, 5, 7, 9, 11] {
        let variant = load("truchet-browne", Some(size));
        let position =
            opening(&variant, parse_layout(&variant, Some("random")).unwrap(), 1).unwrap();
        let expected = (size - 1) * (size + 1) / 4;
        assert_eq!(position.pieces(0), expected, "x on {size}x{size}");
        assert_eq!(position.pieces(1), expected, "o on {size}x{size}");
        let board = &variant.model.board;
        for j in 0..board.junction_count() as u16 {
            if let Some(owner) = position.stack(j).owner() {
                assert_eq!(
                    board.junction(j).colour,
                    variant.model.rules.colour_of(owner)
                );
                let row = board.junction(j).row as u32 + 1;
                let near = if owner == 0 {
                    row <= (size - 1) / 2
                } else {
                    row > size + 1 - (size - 1) / 2
                };
                assert!(near, "piece on row {row}");
            }
        }
    }
}

#[test]
fn even_sizes_are_refused_in_the_rulesets_words() {
    let error = variant_run::Variant::load_named("truchet-browne", Some(6))
        .err()
        .unwrap();
    assert_eq!(
        error.to_string(),
        "truchet-browne cannot be played at size 6: it needs an odd number of tiles per side, 3 or more"
    );
}
