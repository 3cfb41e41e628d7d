//! Seeded games of truchet-browne, as the transcript the CLI prints: the same seed gives
//! the same game. (Whole games of it are the ruleset's own fixtures,
//! `variants/truchet-browne/games/`.)

use crate::common;

use variant_run::play::setup::GameSetup;

fn transcript(
    size: Option<u32>,
    seed: u64,
    kinds: [&str; 2],
) -> (String, variant_run::play::session::Ending) {
    let setup = GameSetup {
        ruleset: "truchet-browne".into(),
        size,
        seed,
        ..GameSetup::default()
    };
    common::transcript(&setup, kinds, 2000)
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
