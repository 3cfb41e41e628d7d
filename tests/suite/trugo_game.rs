//! A whole seeded game of Trugo, as `variant-run trugo` plays it: tiles laid until the
//! pool is empty, then taken away, to a result with its reason.

use crate::common;

use variant_run::play::session::Ending;
use variant_run::play::setup::GameSetup;

fn trugo(seed: u64) -> GameSetup {
    GameSetup {
        ruleset: "trugo".into(),
        seed,
        ..GameSetup::default()
    }
}

#[test]
fn seeded_game_transcript() {
    let (text, ending) = common::transcript(&trugo(1), ["greedy", "random"], 2000);
    assert_eq!(ending, Ending::Finished);
    // Both phases were played: the pool ran out (a removal is a bare cell name).
    assert!(text.contains(" 0 tiles in the pool"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn games_between_random_players_end_with_a_result() {
    for seed in 1..=6 {
        let (text, ending) = common::transcript(&trugo(seed), ["random", "random"], 2000);
        assert_eq!(ending, Ending::Finished, "seed {seed}");
        let last = text.lines().last().unwrap();
        assert!(
            last.contains(" wins: ") || last.starts_with("draw: "),
            "seed {seed} ends with `{last}`"
        );
    }
}
