//! Trugo's turn generator (placements, removals, piece moves on a growing and shrinking
//! patch) held against the independent reference generator of `reference/trugo.rs`, on
//! positions from seeded random games, with stacking on and off; the worked example of
//! formats.md; and perft from the start.

use crate::reference;

use std::collections::HashSet;

use reference::{trugo, Rng};
use variant_run_core::testing::trugo_model;
use variant_run_core::{GameModel, Position};

/// What the sampled positions covered.
#[derive(Debug, Default)]
struct Coverage {
    waxing: usize,
    waning: usize,
    with_two_stacks: usize,
    with_piece_moves: usize,
    /// Waxing positions where a player's supply is below 3: a placement may create more
    /// junctions of its colour than the supply fills.
    short_supply: usize,
    /// Children compared, over all positions.
    children: usize,
}

/// Positions along a seeded random game from `start`, every `every` turns, for `turns`
/// turns or until the side to move has no turn. Turns are drawn uniformly among the
/// generator's distinct deltas.
fn sample(model: &GameModel, start: &str, seed: u64, turns: usize, every: usize) -> Vec<Position> {
    let mut rng = Rng(seed * 2 + 1);
    let mut position = model.parse_position(start).unwrap();
    let mut out = vec![position.clone()];
    for t in 1..=turns {
        let deltas = model.distinct_deltas(&position);
        if deltas.is_empty() {
            break;
        }
        position = model.after(&position, &deltas[rng.next(deltas.len())]);
        if t % every == 0 {
            out.push(position.clone());
        }
    }
    out
}

/// Asserts that the generator's distinct deltas lead to exactly the reference's children,
/// each to its own, listing the differences by position text when they do not.
fn assert_same_children(model: &GameModel, position: &Position, label: &str) -> usize {
    let deltas = model.distinct_deltas(position);
    let ours: HashSet<Position> = deltas.iter().map(|d| model.after(position, d)).collect();
    assert_eq!(
        ours.len(),
        deltas.len(),
        "{label}: two deltas leave one position in {}",
        model.position_text(position)
    );
    let theirs = trugo::children(model, position);
    if ours != theirs {
        let texts = |set: &mut dyn Iterator<Item = &Position>| -> Vec<String> {
            let mut texts: Vec<String> = set.map(|p| model.position_text(p)).collect();
            texts.sort();
            texts
        };
        panic!(
            "{label} {}\nextra (generator only): {:#?}\nmissing (reference only): {:#?}",
            model.position_text(position),
            texts(&mut ours.difference(&theirs)),
            texts(&mut theirs.difference(&ours))
        );
    }
    ours.len()
}

/// Random games: the start, the seeds, at most how many turns, and every how many turns
/// a position is compared. The default supplies, then short ones, so that placements
/// run a supply dry (the pieces then go in the new tile's corner order).
const GAMES: [(&str, std::ops::Range<u64>, usize, usize); 6] = [
    ("- - 6 o=25,x=25 o", 0..8, 200, 1),
    ("- - 10 o=25,x=25 o", 0..6, 200, 2),
    ("- - 20 o=25,x=25 o", 0..4, 200, 3),
    ("- - 36 o=25,x=25 o", 0..3, 200, 4),
    ("- - 20 o=3,x=4 o", 0..4, 200, 2),
    ("- - 36 o=7,x=5 o", 0..2, 200, 3),
];

/// Compares both generators along the random games of [`GAMES`] and returns what the
/// positions covered.
fn compare_along_random_games(model: &GameModel, label: &str) -> Coverage {
    let mut coverage = Coverage::default();
    for (start, seeds, turns, every) in GAMES {
        for seed in seeds {
            for position in sample(model, start, seed, turns, every) {
                let label = format!("{label}, from `{start}` seed {seed}:");
                coverage.children += assert_same_children(model, &position, &label);
                if position.pool() > 0 {
                    coverage.waxing += 1;
                    if position.supply(0).min(position.supply(1)) < 3 {
                        coverage.short_supply += 1;
                    }
                } else {
                    coverage.waning += 1;
                }
                if position.stacks().iter().any(|s| s.height() >= 2) {
                    coverage.with_two_stacks += 1;
                }
                if position
                    .stacks()
                    .iter()
                    .any(|s| s.is_owned_by(position.side()))
                {
                    coverage.with_piece_moves += 1;
                }
            }
        }
    }
    eprintln!("{label}: {coverage:?}");
    coverage
}

#[test]
fn distinct_turns_match_the_reference_along_random_games() {
    let model = trugo_model();
    assert_eq!(model.rules.max_height, 2);
    let coverage = compare_along_random_games(&model, "stacking");
    assert!(coverage.waxing >= 150, "{coverage:?}");
    assert!(coverage.waning >= 200, "{coverage:?}");
    assert!(coverage.with_two_stacks >= 150, "{coverage:?}");
    assert!(coverage.with_piece_moves >= 250, "{coverage:?}");
    assert!(coverage.short_supply >= 30, "{coverage:?}");
}

#[test]
fn distinct_turns_match_the_reference_without_stacking() {
    let mut model = trugo_model();
    model.rules.max_height = 1;
    let coverage = compare_along_random_games(&model, "no stacking");
    assert!(coverage.waxing >= 150, "{coverage:?}");
    assert!(coverage.waning >= 180, "{coverage:?}");
    assert_eq!(coverage.with_two_stacks, 0, "{coverage:?}");
    assert!(coverage.with_piece_moves >= 200, "{coverage:?}");
    assert!(coverage.short_supply >= 30, "{coverage:?}");
}

#[test]
fn the_worked_example_of_the_formats_has_eight_turns() {
    let model = trugo_model();
    let position = model
        .parse_position("-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 0 o=24,x=24 x")
        .unwrap();
    let children = trugo::children(&model, &position);
    let mut texts: Vec<String> = children.iter().map(|p| model.position_text(p)).collect();
    texts.sort();
    let steps: Vec<&String> = texts.iter().filter(|t| t.ends_with(" 1")).collect();
    assert_eq!(texts.len(), 8, "{texts:#?}");
    // Two steps (quiet 1), six removals (quiet 0).
    assert_eq!(steps.len(), 2, "{texts:#?}");
    for to in ["1,0w=x", "1,-1w=x"] {
        assert!(steps.iter().any(|t| t.contains(to)), "{to}: {texts:#?}");
    }
    // Removing 1,0 or 1,-1 takes X's piece off, removing -1,0 or -1,1 O's.
    let without = |player| children.iter().filter(|c| c.pieces(player) == 0).count();
    assert_eq!((without(0), without(1)), (2, 2));
    assert_eq!(model.distinct_deltas(&position).len(), 8);
    assert_eq!(assert_same_children(&model, &position, "worked example"), 8);
}

#[test]
fn perft_from_the_start_by_the_reference() {
    let model = trugo_model();
    let start = model.parse_position("- - 36 o=25,x=25 o").unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| trugo::perft(&model, &start, d)).collect();
    assert_eq!(counts, [3, 54, 1296]);
}
