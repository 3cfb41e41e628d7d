//! A fact of truchet-browne that no rule script changes. (The move lists of its
//! hand-picked positions are snapshots: variants/truchet-browne/positions/, whose
//! comments hold the lists worked out by hand, and tests/suite/positions.rs.)

use crate::common::load;

/// A fact of the model that no rule script changes (a flip needs a tile with no piece on
/// its corners), stated in Browne's digest: in the opening only the middle row flips.
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
