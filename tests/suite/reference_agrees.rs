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
use variant_run::core::{PieceForm, Position};
use variant_run::Variant;

/// The reference copies a position for every candidate turn; beyond this many leaves it
/// is too slow for the test suite.
const REFERENCE_NODE_LIMIT: u64 = 10_000;

/// The positions one turn leads to, by the reference, after the after-turn rules.
fn children(variant: &Variant, position: &Position) -> HashSet<Position> {
    let model = &variant.model;
    let forms = &model.rules.forms;
    let raw = if forms.has_tile_actions() || forms.has_piece(PieceForm::Move) {
        reference::trugo::children(model, position)
    } else {
        reference::children(model, position)
            .into_iter()
            .filter_map(|mut child| {
                // The ruleset's own legality rule, asked by its script, of the change
                // that led to the child; what the turn did, where the rules read it.
                let delta = reference::delta_between(model, position, &child);
                if model.rules.keep_last_turn {
                    child.set_last_turn(Some(model.turn_facts(position, &delta)));
                }
                let refused = variant.refusal_by_script(position, &delta).unwrap();
                refused.is_none().then_some(child)
            })
            .collect()
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

/// The designs that use the new parts of the model (kinds of piece that stand alone,
/// drops of taken pieces, a legality rule, counters changed by the after-turn rule):
/// along random games, the real generator's turns (remembered rules and all) lead to
/// exactly the positions the reference finds with the rules asked of the scripts.
#[test]
fn the_new_parts_of_the_model_agree_with_the_reference() {
    let designs = [
        "examples/designs/browne-king",
        "examples/designs/browne-tallest",
        "examples/designs/browne-flip-limit",
        "examples/designs/browne-drops",
    ];
    let mut checked = 0;
    for design in designs {
        let variant =
            Variant::load_named(crate::common::root().join(design).to_str().unwrap(), None)
                .unwrap();
        for seed in 0..3 {
            let mut rng = reference::Rng(seed * 7919 + 17);
            let mut position =
                variant_run::play::opening(&variant, variant_run::play::Layout::Random, seed)
                    .unwrap();
            for turn in 0..60 {
                if variant.judge(&position).unwrap().is_some() {
                    break;
                }
                let real: HashSet<Position> = variant
                    .legal_turns(&position)
                    .unwrap()
                    .iter()
                    .map(|t| variant.play(&position, &t.delta).unwrap())
                    .collect();
                let naive = children(&variant, &position);
                assert_eq!(
                    real.len(),
                    naive.len(),
                    "{design} seed {seed} turn {turn}: {}",
                    variant.model.position_text(&position)
                );
                assert!(real == naive, "{design} seed {seed} turn {turn}");
                // perft counts the same turns: a rule that refuses turns is asked of
                // each, at the last ply as well as before it.
                if turn % 20 == 0 {
                    for depth in 1..=2 {
                        let counted = variant.model.perft(&variant, &position, depth).unwrap();
                        if counted > REFERENCE_NODE_LIMIT {
                            break;
                        }
                        let by_reference = perft(&variant, &position, depth);
                        assert_eq!(
                            counted, by_reference,
                            "{design} seed {seed} turn {turn} perft {depth}"
                        );
                    }
                }
                // The changes the players list, where a rule asking only of the flip
                // answers a whole flip option at once, lead to the same positions.
                let listed: HashSet<Position> = variant
                    .distinct_deltas(&position)
                    .unwrap()
                    .iter()
                    .map(|delta| variant.play(&position, delta).unwrap())
                    .collect();
                assert!(listed == naive, "{design} seed {seed} turn {turn}: listed");
                // Playouts' draws, which drop an option refused whole unseen, draw
                // only turns the script allows.
                for draw in 0..8 {
                    let mut pick = reference::Rng(seed * 1009 + draw * 101 + turn as u64 + 1);
                    let drawn = variant
                        .model
                        .random_allowed_turn(&variant, &position, &mut |n| pick.next(n))
                        .unwrap();
                    let Some(drawn) = drawn else {
                        assert!(
                            naive.is_empty(),
                            "{design} seed {seed} turn {turn}: no draw"
                        );
                        break;
                    };
                    let refused = variant.refusal_by_script(&position, &drawn).unwrap();
                    assert!(
                        refused.is_none(),
                        "{design} seed {seed} turn {turn}: drew a refused turn"
                    );
                }
                checked += 1;
                if real.is_empty() {
                    break;
                }
                // A turn picked by the children's texts, so the game is the same on
                // every machine (a set's order is not).
                let mut sorted: Vec<(String, &Position)> = real
                    .iter()
                    .map(|p| (variant.model.position_text(p), p))
                    .collect();
                sorted.sort_by(|a, b| a.0.cmp(&b.0));
                position = sorted[rng.next(sorted.len())].1.clone();
            }
        }
    }
    assert!(checked >= 200, "only {checked} positions checked");
}
