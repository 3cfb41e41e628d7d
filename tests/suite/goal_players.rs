//! The computer players see goals that live only in a script: on the connection design
//! (examples/designs/truchet-connection, won by joining one's home edge to the far edge
//! with a chain of pieces, each sharing a tile with the next),
//! they take a win at once and keep the opponent from one.

use variant_run::play::player_kind::computer_player;
use variant_run::play::players::Choice;
use variant_run::play::{opening, Game, Layout};
use variant_run::ruleset::Variant;
use variant_run_core::{LegalTurn, Position};

fn connection() -> Variant {
    let dir = crate::common::root().join("examples/designs/truchet-connection");
    Variant::load(&dir, Some(5)).unwrap()
}

/// 5 x 5, every tile `/` but ab34 `\`: x holds a1, a2, a3, a5, a6 and b3, which steps
/// along ab34's band to a4, the gap in its chain from the bottom edge to the top (b4, the
/// other junction that would close it, no x piece can reach); o holds b5, one step from
/// a4 along ab45's band, and e6 and e2, far from everything.
const GAP: &str = "rrrrr/rrrrr/lrrrr/rrrrr/rrrrr x...o./xo..../....../xx..../x...o./x.....";

fn position(variant: &Variant, side: char) -> Position {
    variant
        .model
        .parse_position(&format!("{GAP} {side}"))
        .unwrap()
}

fn chosen(variant: &Variant, kind: &str, seed: u64, start: &Position) -> LegalTurn {
    let game = Game::from_position(variant, start.clone()).unwrap();
    let mut player = computer_player(&kind.parse().unwrap(), seed).unwrap();
    match player.choose(&game).unwrap() {
        Choice::Turn(turn) => turn,
        other => panic!("{kind} chose {other:?}"),
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

/// The hexagonal prototype with Boardspace's bases (examples/designs/hex-bases) names no
/// junction, so every size plays it: its bases are found on the board. Size 2 drawn by
/// hand: x's home edge (row 1) holds c1 and e1, o's (row 8) c8 and e8; with
/// `bases_to_win = 2`, o holding c1 and e1 has won.
#[test]
fn the_bases_design_finds_its_bases_at_every_size() {
    let dir = crate::common::root().join("examples/designs/hex-bases");
    let options = variant_run::ruleset::LoadOptions {
        size: Some(2),
        params: vec![("bases_to_win".into(), "2".into())],
        ..variant_run::ruleset::LoadOptions::default()
    };
    let variant = Variant::load_with(&dir, &options).unwrap();
    let start = opening(&variant, Layout::Random, 1).unwrap();
    let text = variant.model.position_text(&start);
    // The stacks field lists rows from the top: its last two x's are c1 and e1.
    let (tiles, rest) = text.split_once(' ').unwrap();
    let (stacks, side) = rest.split_once(' ').unwrap();
    let mut stacks: Vec<char> = stacks.chars().collect();
    for _ in 0..2 {
        let last_x = stacks.iter().rposition(|&c| c == 'x').unwrap();
        stacks[last_x] = 'o';
    }
    let won = format!("{tiles} {} {side}", stacks.iter().collect::<String>());
    let position = variant.model.parse_position(&won).unwrap();
    let c1 = position.board().junction_by_name("c1").unwrap();
    assert_eq!(
        position.stack(c1).owner(),
        Some(1),
        "o is the second player"
    );
    let outcome = variant.judge(&position).unwrap().unwrap();
    assert_eq!(outcome.reason, "o holds 2 of x's home bases");
    for size in [3, 6, 9] {
        let variant = Variant::load(&dir, Some(size)).unwrap();
        let start = opening(&variant, Layout::Random, 1).unwrap();
        assert!(variant.judge(&start).unwrap().is_none(), "size {size}");
    }
}
