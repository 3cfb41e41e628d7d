//! Full seeded games of truchet-browne, as the transcript the CLI prints.

mod common;

use common::load;
use variant_run::game::{parse_layout, Game};
use variant_run::players::computer_player;
use variant_run::session::{self, Ending, Seat};

fn transcript(size: Option<u32>, seed: u64, kinds: [&str; 2]) -> (String, Ending) {
    let variant = load("truchet-browne", size);
    let mut game = Game::new(&variant, parse_layout(&variant, None).unwrap(), seed).unwrap();
    let mut seats = [0u64, 1].map(|p| Seat::Computer {
        kind: kinds[p as usize].to_string(),
        player: computer_player(kinds[p as usize], seed * 2 + p + 1).unwrap(),
    });
    let mut out = Vec::new();
    let ending = session::run(
        &mut game,
        &mut seats,
        &format!("truchet-browne seed {seed}"),
        2000,
        &mut std::io::empty(),
        &mut out,
    )
    .unwrap();
    (String::from_utf8(out).unwrap(), ending)
}

#[test]
fn seeded_game_transcript() {
    let (text, ending) = transcript(None, 1, ["greedy", "random"]);
    assert_eq!(ending, Ending::Finished);
    insta::assert_snapshot!(text);
}

#[test]
fn seeded_game_on_a_small_board() {
    let (text, ending) = transcript(Some(5), 4, ["random", "greedy"]);
    assert_eq!(ending, Ending::Finished);
    insta::assert_snapshot!(text);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    assert_eq!(
        transcript(None, 9, ["random", "random"]),
        transcript(None, 9, ["random", "random"])
    );
    assert_ne!(
        transcript(None, 9, ["random", "random"]).0,
        transcript(None, 10, ["random", "random"]).0
    );
}
