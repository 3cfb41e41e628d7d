//! A whole seeded game of Trugo, as `variant-run trugo` plays it: tiles laid until the
//! pool is empty, then taken away, to a result with its reason.

mod common;

use common::load;
use variant_run::play::session::Ending;
use variant_run::Layout;

#[test]
fn seeded_game_transcript() {
    let variant = load("trugo", None);
    let (text, ending) = common::transcript(
        &variant,
        Layout::Setup,
        1,
        ["greedy", "random"],
        "trugo seed 1",
    );
    assert_eq!(ending, Ending::Finished);
    // Both phases were played: the pool ran out (a removal is a bare cell name).
    assert!(text.contains(" 0 tiles in the pool"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn games_between_random_players_end_with_a_result() {
    let variant = load("trugo", None);
    for seed in 1..=6 {
        let (text, ending) =
            common::transcript(&variant, Layout::Setup, seed, ["random", "random"], "trugo");
        assert_eq!(ending, Ending::Finished, "seed {seed}");
        let last = text.lines().last().unwrap();
        assert!(
            last.contains(" wins: ") || last.starts_with("draw: "),
            "seed {seed} ends with `{last}`"
        );
    }
}
