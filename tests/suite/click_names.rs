//! The page's clicks name their spots (`c3`, a cell; `b2`, a junction), and the server
//! reads the name back against the position. On every geometry, over seeded random
//! games, every first click a person's turn offers must read back as the spot it was
//! offered for, and must start a turn: a lit tile that a click cannot flip (as once on
//! truchet-hex, where a cell off the board took a board cell's name) is a page that
//! cannot be played.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use variant_run::play::choices::ChoiceTable;
use variant_run::play::{Game, Layout};
use variant_run::ruleset::LoadOptions;
use variant_run::Variant;

fn load(ruleset: &str, size: Option<u32>, params: &[(&str, &str)]) -> Variant {
    let options = LoadOptions {
        size,
        params: params
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        ..LoadOptions::default()
    };
    Variant::load_named_with(ruleset, &options).unwrap()
}

/// A ruleset, its size, its params, and where its games start.
type Setting = (
    &'static str,
    Option<u32>,
    &'static [(&'static str, &'static str)],
    Layout,
);

#[test]
fn every_first_click_reads_back_and_starts_a_turn() {
    // Boards start from a random layout; Trugo's patch has none (its tiles come from
    // the pool as the game goes).
    let settings: [Setting; 5] = [
        ("truchet-browne", Some(5), &[], Layout::Random),
        ("truchet-boardspace", None, &[], Layout::Random),
        ("truchet-hex", Some(2), &[], Layout::Random),
        ("truchet-hex", Some(4), &[], Layout::Random),
        ("trugo", None, &[("pool", "8")], Layout::Setup),
    ];
    let mut positions = 0;
    for (ruleset, size, params, layout) in settings {
        let variant = load(ruleset, size, params);
        for seed in 1..=6u64 {
            let mut rng = Pcg64::seed_from_u64(seed);
            let mut game = Game::new(&variant, layout.clone(), seed).unwrap();
            for _ in 0..30 {
                if game.outcome().is_some() {
                    break;
                }
                let turns = game.legal_turns().unwrap();
                let table = ChoiceTable::new(&variant, game.position(), turns.clone()).unwrap();
                let board = game.position().board();
                for choice in table.next(&[]).choices {
                    let name = choice.spot.name(board);
                    let at = format!("{ruleset} seed {seed} turn {}", game.history().len() + 1);
                    assert_eq!(
                        table.spot(choice.action.on_cell(), &name),
                        Some(choice.spot),
                        "{at}: `{name}` reads back as another spot"
                    );
                    let next = table.next(&[choice]);
                    assert!(
                        !next.choices.is_empty() || next.complete.is_some(),
                        "{at}: {:?} at `{name}` starts no turn",
                        choice.action
                    );
                }
                positions += 1;
                let pick = rng.gen_range(0..turns.len());
                game.play_legal(turns[pick].clone()).unwrap();
            }
        }
    }
    assert!(positions > 400, "{positions} positions");
}
