//! Full seeded games of truchet-browne, as the transcript the CLI prints.

use crate::common;

use variant_run::play::session::Ending;
use variant_run::play::setup::GameSetup;

fn transcript(size: Option<u32>, seed: u64, kinds: [&str; 2]) -> (String, Ending) {
    let setup = GameSetup {
        ruleset: "truchet-browne".into(),
        size,
        seed,
        ..GameSetup::default()
    };
    common::transcript(&setup, kinds, 2000)
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
