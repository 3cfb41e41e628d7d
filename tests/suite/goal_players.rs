//! The computer players see goals that live only in a script: on the connection design
//! (examples/designs/truchet-connection, won by joining one's home edge to the far edge),
//! they take a win at once and keep the opponent from one.

use variant_run::play::players::{computer_player, Choice};
use variant_run::play::Game;
use variant_run::ruleset::Variant;
use variant_run_core::{LegalTurn, Position};

fn connection() -> Variant {
    let dir = crate::common::root().join("examples/designs/truchet-connection");
    Variant::load(&dir, Some(5)).unwrap()
}

/// 5 x 5, every tile `/` but ab34 `\`: x holds a1, a2, a3, a5, a6 and b3, one step along
/// ab34's band from a4, the gap in its chain from the bottom edge to the top; o holds a
/// zigzag in columns e and f that shares no tile side.
const GAP: &str = "rrrrr/rrrrr/lrrrr/rrrrr/rrrrr x...o./x....o/....o./xx...o/x...o./x....o";

fn position(variant: &Variant, side: char) -> Position {
    variant
        .model
        .parse_position(&format!("{GAP} {side}"))
        .unwrap()
}

fn chosen(variant: &Variant, kind: &str, seed: u64, start: &Position) -> LegalTurn {
    let game = Game::from_position(variant, start.clone()).unwrap();
    let mut player = computer_player(kind, seed).unwrap();
    match player.choose(&game).unwrap() {
        Choice::Turn(turn) => turn,
        Choice::Text(text) => panic!("{kind} chose the text {text:?}"),
    }
}

/// Whether the player to move after `turn` has a turn that wins at once: every reply
/// played and judged.
fn gives_a_win(variant: &Variant, start: &Position, turn: &LegalTurn) -> bool {
    let after = variant.play(start, &turn.delta).unwrap();
    let replier = after.side();
    variant.legal_turns(&after).unwrap().iter().any(|reply| {
        let end = variant.play(&after, &reply.delta).unwrap();
        variant
            .judge(&end)
            .unwrap()
            .is_some_and(|o| o.winner == Some(replier))
    })
}

#[test]
fn a_win_at_once_is_taken() {
    let variant = connection();
    let start = position(&variant, 'x');
    for kind in ["greedy", "mcts:50"] {
        for seed in 1..=5 {
            let turn = chosen(&variant, kind, seed, &start);
            let after = variant.play(&start, &turn.delta).unwrap();
            let outcome = variant.judge(&after).unwrap();
            assert_eq!(
                outcome.map(|o| o.reason),
                Some("x joins the bottom edge to the far edge".to_string()),
                "{kind} seed {seed} played {}",
                turn.text
            );
        }
    }
}

#[test]
fn a_turn_that_lets_the_opponent_win_at_once_is_avoided() {
    let variant = connection();
    let start = position(&variant, 'o');
    let turns = variant.legal_turns(&start).unwrap();
    let losing = turns
        .iter()
        .filter(|t| gives_a_win(&variant, &start, t))
        .count();
    assert!(
        losing > turns.len() / 2 && losing < turns.len(),
        "the test needs mostly losing turns and a safe one: {losing} of {}",
        turns.len()
    );
    for kind in ["greedy", "mcts:50"] {
        for seed in 1..=5 {
            let turn = chosen(&variant, kind, seed, &start);
            assert!(
                !gives_a_win(&variant, &start, &turn),
                "{kind} seed {seed} played {}, after which x wins at once",
                turn.text
            );
        }
    }
}
