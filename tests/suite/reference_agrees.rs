//! The naive reference generators of `core/tests/reference/` (whole-position copies,
//! sharing no code with the real generator) count the perft tables again, with the
//! rules taken from the ruleset as it loads: its capture table, its after-turn script
//! and its end-of-game script. A rule change moves both generators together, so they
//! still agree; a bug in either shows as a disagreement.

#[allow(dead_code)]
#[path = "../../core/tests/reference/mod.rs"]
mod reference;

use std::collections::HashSet;

use crate::common::perft_positions;
use variant_run::core::{PieceKind, Position};
use variant_run::Variant;

/// The reference copies a position for every candidate turn; beyond this many leaves it
/// is too slow for the test suite.
const REFERENCE_NODE_LIMIT: u64 = 10_000;

/// The positions one turn leads to, by the reference, after the after-turn rules.
fn children(variant: &Variant, position: &Position) -> HashSet<Position> {
    let model = &variant.model;
    let forms = &model.rules.forms;
    let raw = if forms.has_tile_actions() || forms.has_piece(PieceKind::Move) {
        reference::trugo::children(model, position)
    } else {
        reference::children(model, position)
    };
    raw.into_iter()
        .map(|mut child| {
            // The rules written in the ruleset's own script; pieces they take are a
            // capture for the quiet-turn count.
            let before = child.piece_count();
            variant.after_turn(&mut child).unwrap();
            if child.piece_count() < before {
                child.set_quiet_turns(0);
            }
            child
        })
        .collect()
}

/// perft by the reference, the game's end decided by the ruleset's end script.
fn perft(variant: &Variant, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if variant.judge(position).unwrap().is_some() {
        return 0;
    }
    let next = children(variant, position);
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter().map(|c| perft(variant, c, depth - 1)).sum()
}

#[test]
fn reference_counts_the_perft_tables_alike() {
    let mut checked = 0;
    for ruleset in [
        "truchet-boardspace",
        "truchet-browne",
        "truchet-hex",
        "trugo",
    ] {
        for (entry, variant, position) in perft_positions(ruleset) {
            for depth in 1..=entry.depth {
                let real = variant.model.perft(&variant, &position, depth).unwrap();
                if real > REFERENCE_NODE_LIMIT {
                    break;
                }
                let naive = perft(&variant, &position, depth);
                assert_eq!(real, naive, "{ruleset} {} perft {depth}", entry.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}
