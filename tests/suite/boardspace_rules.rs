//! A fact of truchet-boardspace's board and tiles that its end rule leans on. (Each rule
//! difference of the digest, against truchet-browne, is a position fixture of the
//! ruleset: `variants/truchet-boardspace/positions/`, run by `variant-run test`.)

use variant_run::Variant;

fn load(name: &str) -> Variant {
    Variant::load_named(name, None).unwrap_or_else(|e| panic!("{name} loads: {e}"))
}

/// A flip never opens a move on this board: a stack's first band link runs through a tile
/// at its own junction, and a tile with a piece on a corner cannot flip; merges and splits
/// ignore the tiles. So "cannot move without flipping" and "cannot move at all" agree
/// here. This checks it on positions along seeded games, each also cut down to a single
/// stack of the player to move, so that many of them have no turn at all.
#[test]
fn no_flip_ever_opens_a_move() {
    let boardspace = load("truchet-boardspace");
    let model = &boardspace.model;
    let (mut checked, mut stuck) = (0, 0);
    for seed in 0..6u64 {
        let mut game =
            variant_run::Game::new(&boardspace, variant_run::Layout::Random, seed).unwrap();
        let mut players = variant_run::play::players::RandomPlayer::new(seed);
        while game.outcome().is_none() && game.history().len() < 150 {
            let position = game.position();
            let side = position.side();
            let own: Vec<u16> = (0..model.board.junction_count() as u16)
                .filter(|&j| position.stack(j).is_owned_by(side))
                .collect();
            for &keep in &own {
                let mut alone = position.clone();
                for &j in own.iter().filter(|&&j| j != keep) {
                    alone.set_stack(j, variant_run::core::Stack::EMPTY);
                }
                let with_flips = model.has_turn(&alone, true);
                assert_eq!(
                    with_flips,
                    model.has_turn(&alone, false),
                    "{}",
                    model.position_text(&alone)
                );
                checked += 1;
                stuck += usize::from(!with_flips);
            }
            match variant_run::play::players::Player::choose(&mut players, &game).unwrap() {
                variant_run::play::players::Choice::Turn(turn) => {
                    game.play_legal(turn).unwrap();
                }
                variant_run::play::players::Choice::RandomSetUp
                | variant_run::play::players::Choice::NoTurn => break,
            }
        }
    }
    // However the rules end the games, enough positions are looked at, some with no
    // turn at all.
    assert!(
        checked > 300 && stuck > 10,
        "{checked} positions, {stuck} stuck"
    );
}
