//! Property test: many seeded random games of Browne's rules, checked after every turn.
//! Stacks stay 1..4 high (a stack has one owner by construction), no piece appears,
//! the mover never loses pieces, the quiet count follows captures, and the position
//! text round-trips. The rules are the test designer's copy of Browne's
//! (tests/fixtures/designer/my-truchet), whose rules these are, whatever a designer
//! makes of the shipped truchet-browne.

use variant_run::play::players::{Choice, Player, RandomPlayer};
use variant_run::play::{parse_layout, Game};
use variant_run::Variant;

#[test]
fn random_games_keep_the_invariants() {
    let designer = crate::common::root().join("tests/fixtures/designer/my-truchet");
    for size in [3u32, 5] {
        let variant = Variant::load(&designer, Some(size)).unwrap();
        let model = &variant.model;
        for seed in 0..6u64 {
            let mut game =
                Game::new(&variant, parse_layout(&variant, None).unwrap(), seed).unwrap();
            let mut players = [
                RandomPlayer::new(seed * 7 + 1),
                RandomPlayer::new(seed * 7 + 2),
            ];
            let mut turns = 0;
            while game.outcome().is_none() && turns < 400 {
                let side = game.to_move() as usize;
                let before = game.position().clone();
                let in_setup = game.in_setup();
                match players[side].choose(&game).unwrap() {
                    Choice::Turn(turn) => game.play_legal(turn).unwrap(),
                    Choice::RandomSetUp => game.play("random").unwrap(),
                    Choice::NoTurn => panic!("no turn in a game not over"),
                };
                turns += 1;
                let after = game.position();
                for stack in after.stacks() {
                    assert!(stack.is_empty() || (1..=4).contains(&stack.height()));
                }
                if in_setup {
                    continue;
                }
                let mover = before.side();
                assert_eq!(
                    after.pieces(mover),
                    before.pieces(mover),
                    "the mover keeps every piece"
                );
                let enemy = 1 - mover;
                assert!(
                    after.pieces(enemy) <= before.pieces(enemy),
                    "no piece appears"
                );
                let captured = after.pieces(enemy) < before.pieces(enemy);
                let quiet = if captured {
                    0
                } else {
                    before.quiet_turns() + 1
                };
                assert_eq!(after.quiet_turns(), quiet);
                let text = model.position_text(after);
                assert_eq!(
                    model.position_text(&model.parse_position(&text).unwrap()),
                    text
                );
                assert_eq!(&model.parse_position(&text).unwrap(), after);
            }
        }
    }
}
