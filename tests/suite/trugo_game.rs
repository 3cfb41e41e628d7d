//! Seeded games of Trugo, as `variant-run trugo` plays them: tiles laid, then taken away,
//! and the transcript's last line says how the game ended, whatever the rules make of
//! it. (Whole games of it are the ruleset's own fixtures, `variants/trugo/games/`.)

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
fn a_transcript_ends_with_how_the_game_ended() {
    for seed in 1..=6 {
        let (text, ending) = common::transcript(&trugo(seed), ["random", "random"], 2000);
        let last = text.lines().last().unwrap();
        match ending {
            Ending::Finished => assert!(
                last.contains(" wins: ") || last.starts_with("draw: "),
                "seed {seed} ends with `{last}`"
            ),
            Ending::TurnLimit => assert_eq!(last, "stopped after 2000 turns without a result"),
            Ending::Abandoned => panic!("seed {seed}: no person plays"),
        }
    }
}
