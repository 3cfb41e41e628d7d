//! Facts of truchet-browne's fixtures (variants/truchet-browne/positions/) worked out by
//! hand; tests/positions.rs snapshots the fixtures' whole move lists.

mod common;

use common::{load, read_fixture};

/// The canonical texts of a fixture's legal turns.
fn turns_of(file: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants/truchet-browne/positions")
        .join(file);
    let fixture = read_fixture(&path);
    let variant = load("truchet-browne", fixture.size);
    let position = variant.model.parse_position(&fixture.position).unwrap();
    variant
        .model
        .legal_turns(&position)
        .into_iter()
        .map(|t| t.text)
        .collect()
}

#[test]
fn hand_counted_positions_have_the_hand_counted_turns() {
    // The lists in the fixtures' comments, worked out without the program.
    assert_eq!(
        turns_of("captures-by-colour.pos"),
        ["a2,b1-a1", "a2,b1-b2", "a2-b3", "a2-c4", "c1,d2-d1"]
    );
    let texts = turns_of("height-limit-and-splits.pos");
    assert_eq!(texts.len(), 18);
    for merge in ["b2,c1-c2", "c1,d2-c2", "c1,d2-d1", "b2,c1-b1"] {
        assert!(texts.contains(&merge.to_string()), "{merge}");
    }
    assert!(!texts
        .iter()
        .any(|t| t.starts_with("b2,d2") || t.starts_with("b2,c1,d2")));
}

#[test]
fn only_the_middle_row_flips_in_the_opening() {
    let variant = load("truchet-browne", None);
    let start = variant
        .model
        .parse_position("rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x")
        .unwrap();
    let names: Vec<String> = variant
        .model
        .flippable(&start)
        .into_iter()
        .map(|c| variant.model.board.cell_name(c))
        .collect();
    assert_eq!(
        names,
        ["ab45", "bc45", "cd45", "de45", "ef45", "fg45", "gh45"]
    );
}
