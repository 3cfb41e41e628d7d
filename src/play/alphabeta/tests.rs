use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::*;
use crate::play::{Game, Layout};

/// The same values with no pruning, no table and no ordering: what the search must find,
/// however it prunes. Half-turn steps as the search takes them.
fn minimax(
    search: &Search,
    position: &Position,
    step: Step,
    depth: u32,
    ply: usize,
) -> Option<i64> {
    let variant = search.variant;
    match step {
        Step::Flip => {
            if let Some(score) = search.finished_score(position, ply).unwrap() {
                return Some(score);
            }
            let flips = variant.model.flippable(position);
            if flips.is_empty() {
                return Some(
                    minimax(search, position, Step::Move(None), depth, ply)
                        .unwrap_or_else(|| search.appraise(position).unwrap()),
                );
            }
            if depth == 0 {
                return Some(search.appraise(position).unwrap());
            }
            let options = std::iter::once(None).chain(flips.into_iter().map(Some));
            Some(
                options
                    .filter_map(|f| minimax(search, position, Step::Move(f), depth - 1, ply))
                    .max()
                    .unwrap_or_else(|| search.appraise(position).unwrap()),
            )
        }
        Step::Move(flip) => {
            if depth == 0 {
                let mut staged = position.clone();
                if let Some(cell) = flip {
                    let tiles = position.board().tiles();
                    staged.set_tile(cell, tiles.flipped(position.tile(cell)));
                }
                return Some(search.appraise(&staged).unwrap());
            }
            variant
                .model
                .distinct_deltas_flipping(position, flip)
                .iter()
                .map(|delta| {
                    let next = variant.play(position, delta).unwrap();
                    -minimax(search, &next, Step::Flip, depth - 1, ply + 1).unwrap()
                })
                .max()
        }
    }
}

/// Positions of a random game, every few turns.
fn positions(variant: &Variant, seed: u64, count: usize) -> Vec<Game<'_>> {
    let mut game = Game::new(variant, Layout::Random, seed).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count && game.outcome().is_none() {
        let turns = game.legal_turns().unwrap();
        let Some(turn) = turns.choose(&mut rng) else {
            break;
        };
        game.play_legal(turn.clone()).unwrap();
        if game.history().len().is_multiple_of(3) && game.outcome().is_none() {
            found.push(Game::from_position(variant, game.position().clone()).unwrap());
        }
    }
    found
}

/// The robot's value of a position, and of the turn it chooses, are the values a search
/// without pruning, table or ordering gives: the pruning, the table, the killers and the
/// history lose nothing (the reductions of late turns, which are meant to, are off).
#[test]
fn pruning_finds_the_minimax_value() {
    // Small boards, so that the search without pruning lists every line quickly.
    let cases = [
        ("truchet-browne", 3, 4),
        ("truchet-hex", 2, 4),
        ("truchet-browne", 5, 3),
        ("truchet-boardspace", 7, 2),
    ];
    for (ruleset, size, depth) in cases {
        let variant = Variant::load_named(ruleset, Some(size)).unwrap();
        let appraiser = Appraiser::new(&variant);
        for (k, game) in positions(&variant, 7, 2).iter().enumerate() {
            let position = game.position();
            let mut table = Table::new(10);
            let mut reference_table = Table::new(1);
            let seen = FxHashSet::default();
            let mut reference = Search::new(
                &variant,
                &appraiser,
                None,
                &mut reference_table,
                &seen,
                Limit::Depth(1),
            );
            // Drawn games score for the side searched for, as `root` sets it.
            reference.root_side = position.side();
            let exact = minimax(&reference, position, Step::Flip, depth, 0).unwrap();
            let mut search = Search::new(
                &variant,
                &appraiser,
                None,
                &mut table,
                &seen,
                Limit::Depth(depth),
            );
            // Looking at late turns less is the one thing meant to change a value.
            search.reductions = false;
            let (delta, score) = search.root(position).unwrap();
            assert_eq!(score, exact, "{ruleset}, position {k}, depth {depth}");
            // The chosen move is worth what the root is worth.
            let next = variant.play(position, &delta).unwrap();
            let steps = if variant.model.flippable(position).is_empty() {
                1
            } else {
                2
            };
            let chosen = -minimax(&reference, &next, Step::Flip, depth - steps, 1).unwrap();
            assert_eq!(chosen, exact, "{ruleset}, position {k}: the chosen move");
        }
    }
}

/// Late flips and moves searched shallower first spare at least a third of the nodes of
/// the same depth on a full Truchet board (1.6 to 3.3 times fewer in twelve positions
/// of this random game tried, every third turn; four are checked here), where a side's
/// flips times its stack moves run to thousands of turns.
#[test]
fn late_turns_are_looked_at_less() {
    let variant = Variant::load_named("truchet-browne", Some(7)).unwrap();
    let appraiser = Appraiser::new(&variant);
    let seen = FxHashSet::default();
    for (k, game) in positions(&variant, 5, 4).iter().enumerate() {
        let nodes = |reductions: bool| {
            let mut table = Table::new(16);
            let mut search = Search::new(
                &variant,
                &appraiser,
                None,
                &mut table,
                &seen,
                Limit::Depth(5),
            );
            search.reductions = reductions;
            search.root(game.position()).unwrap();
            search.nodes
        };
        let (selective, whole) = (nodes(true), nodes(false));
        assert!(
            selective * 3 < whole * 2,
            "position {k}: {selective} nodes with reductions, {whole} without"
        );
    }
}

/// However little time it has, the timed robot plays a legal turn.
#[test]
fn a_timed_search_always_answers() {
    let variant = Variant::load_named("truchet-browne", Some(7)).unwrap();
    for game in positions(&variant, 3, 3) {
        let Choice::Turn(turn) = AlphaBetaPlayer::new(Limit::Millis(1))
            .choose(&game)
            .unwrap()
        else {
            panic!("a turn")
        };
        assert!(game.legal_turns().unwrap().contains(&turn));
    }
}

#[test]
fn limits_read_as_written() {
    assert_eq!(parse_limit("3"), Ok(Limit::Depth(3)));
    assert_eq!(parse_limit("12"), Ok(Limit::Depth(12)));
    assert_eq!(parse_limit("250ms"), Ok(Limit::Millis(250)));
    for bad in ["0", "13", "0ms", "ms", "", "2.5", "-1", "3600001ms", "deep"] {
        assert!(parse_limit(bad).is_err(), "{bad}");
    }
}

/// A drawn game costs the side the robot searches for half a piece, and is worth as much
/// to the other side: from a level position it plays on rather than let the draw rule end
/// the game.
#[test]
fn a_draw_costs_the_robots_own_side() {
    // Browne's Truchet drawn after one turn without a capture: the first turn draws.
    let options = crate::ruleset::LoadOptions {
        size: Some(3),
        params: vec![("draw_after_quiet_turns".into(), "1".into())],
        ..Default::default()
    };
    let dir = crate::ruleset::find_variant("truchet-browne").unwrap();
    let variant = Variant::load_with(&dir, &options).unwrap();
    let start = Game::new(&variant, Layout::Random, 1).unwrap();
    let drawn = start
        .legal_turns()
        .unwrap()
        .iter()
        .map(|turn| variant.play(start.position(), &turn.delta).unwrap())
        .find(|next| {
            variant
                .judge(next)
                .unwrap()
                .is_some_and(|o| o.winner.is_none())
        })
        .expect("a turn without a capture draws");
    let appraiser = Appraiser::new(&variant);
    let mut table = Table::new(1);
    let seen = FxHashSet::default();
    let mut search = Search::new(
        &variant,
        &appraiser,
        None,
        &mut table,
        &seen,
        Limit::Depth(1),
    );
    let mover = start.position().side();
    // The robot moves for the side that drew it: that side to move next sees a gift.
    search.root_side = mover;
    assert_eq!(drawn.side(), 1 - mover);
    assert_eq!(search.finished_score(&drawn, 1).unwrap(), Some(CONTEMPT));
    search.root_side = 1 - mover;
    assert_eq!(search.finished_score(&drawn, 1).unwrap(), Some(-CONTEMPT));
    assert_eq!(CONTEMPT, PIECE as i64 / 2);
}

/// A board the game has already been through is scored as a draw wherever the search
/// meets it again, for the side the robot moves for as a drawn game is; a board it has
/// not been through is searched.
#[test]
fn a_board_met_again_is_a_draw() {
    let variant = Variant::load_named("truchet-browne", Some(3)).unwrap();
    let appraiser = Appraiser::new(&variant);
    let start = Game::new(&variant, Layout::Random, 1).unwrap();
    let position = start.position();
    let turns = start.legal_turns().unwrap();
    let next = |k: usize| variant.play(position, &turns[k].delta).unwrap();
    let (been, new) = (next(0), next(1));
    assert_ne!(board_key(&been), board_key(&new));
    let seen: FxHashSet<u64> = [board_key(&been)].into_iter().collect();
    let mut table = Table::new(1);
    let mut search = Search::new(
        &variant,
        &appraiser,
        None,
        &mut table,
        &seen,
        Limit::Depth(2),
    );
    search.root_side = position.side();
    let value = |search: &mut Search, at: &Position| {
        search
            .node(at, Step::Flip, 2, -INFINITY, INFINITY, 1)
            .unwrap()
            .unwrap()
    };
    // The other side moves next there: the robot's draw is their gain.
    assert_eq!(value(&mut search, &been), CONTEMPT);
    let searched = value(&mut search, &new);
    let alone = FxHashSet::default();
    let mut table = Table::new(1);
    let mut fresh = Search::new(
        &variant,
        &appraiser,
        None,
        &mut table,
        &alone,
        Limit::Depth(2),
    );
    fresh.root_side = position.side();
    assert_eq!(searched, value(&mut fresh, &new));
    assert_ne!(value(&mut fresh, &been), CONTEMPT, "not a draw by itself");
}

/// The robot finds a ruleset's quiet-turn limit by asking its end rule: Browne's 100 (and
/// whatever `draw_after_quiet_turns` is set to), none for Boardspace's rules, which have
/// no draw rule, unless it is set; Trugo's 100 on its growing board.
#[test]
fn the_quiet_turn_limit_is_the_end_rules_own() {
    let load = |name: &str, limit: Option<&str>| {
        let options = crate::ruleset::LoadOptions {
            params: limit
                .map(|l| vec![("draw_after_quiet_turns".into(), l.into())])
                .unwrap_or_default(),
            ..Default::default()
        };
        Variant::load_with(&crate::ruleset::find_variant(name).unwrap(), &options).unwrap()
    };
    assert_eq!(quiet_limit(&load("truchet-browne", None)), Some(100));
    assert_eq!(quiet_limit(&load("truchet-browne", Some("7"))), Some(7));
    assert_eq!(quiet_limit(&load("truchet-browne", Some("0"))), None);
    assert_eq!(quiet_limit(&load("truchet-boardspace", None)), None);
    assert_eq!(
        quiet_limit(&load("truchet-boardspace", Some("40"))),
        Some(40)
    );
    assert_eq!(quiet_limit(&load("trugo", None)), Some(100));
}

/// A leaf's worth fades with the turns without a capture: three quarters of it halfway to
/// the limit, half at the limit; where the ruleset has no limit, not at all.
#[test]
fn a_quiet_lead_fades_toward_the_limit() {
    let variant = Variant::load_named("truchet-browne", None).unwrap();
    let appraiser = Appraiser::new(&variant);
    let mut table = Table::new(1);
    let seen = FxHashSet::default();
    let game = &positions(&variant, 3, 1)[0];
    let mut position = game.position().clone();
    position.set_quiet_turns(0);
    let worth = |search: &Search, position: &Position| search.appraise(position).unwrap();
    let search = Search::new(
        &variant,
        &appraiser,
        Some(100),
        &mut table,
        &seen,
        Limit::Depth(1),
    );
    let full = worth(&search, &position);
    assert_ne!(full, 0, "a position with something to fade");
    position.set_quiet_turns(50);
    let half_way = worth(&search, &position);
    assert!(
        (half_way - full * 3 / 4).abs() <= 1,
        "{half_way} against {full}"
    );
    position.set_quiet_turns(100);
    assert!((worth(&search, &position) - full / 2).abs() <= 1);
    let mut table = Table::new(1);
    let search = Search::new(
        &variant,
        &appraiser,
        None,
        &mut table,
        &seen,
        Limit::Depth(1),
    );
    assert_eq!(worth(&search, &position), full);
}
