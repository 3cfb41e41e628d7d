//! Game records round-trip: for every ruleset, seeded games between computer players are
//! written as records (the transcript `play` prints, boards and all), read back, and
//! replayed turn by turn to the same final position and result line; where a ruleset has
//! a second notation, the same game recorded in each replays through the same positions.

use std::ffi::OsString;

use variant_run::play::replay;
use variant_run::play::session::{self, result_line, Transcript};
use variant_run::play::setup::{GameSetup, PlayerChoice, StartChoice};
use variant_run::play::Record;

/// Plays the game of `setup` and returns its record text and its final position text.
fn play(setup: &GameSetup) -> (String, String, String) {
    let variant = setup.load().unwrap();
    let mut game = setup.game(&variant).unwrap();
    let mut seats = setup.seats(&variant).unwrap();
    let header = Record {
        ruleset: setup.ruleset.clone(),
        options: setup.record_options(),
        ..Record::default()
    };
    let mut out = Vec::new();
    session::run(
        &mut game,
        &mut seats,
        &header,
        300,
        setup.notation(&variant).unwrap(),
        &mut std::io::empty(),
        &mut Transcript {
            out: &mut out,
            record: None,
        },
    )
    .unwrap();
    let ending = game
        .outcome()
        .map(|o| result_line(&variant, o))
        .unwrap_or_else(|| "stopped after 300 turns without a result".into());
    (
        String::from_utf8(out).unwrap(),
        variant.model.position_text(game.position()),
        ending,
    )
}

/// Replays a record; the position text after every turn, and the ending line.
fn replay_positions(text: &str, setup: &GameSetup) -> (Vec<String>, String) {
    let record = Record::parse(text).unwrap();
    // The options line is what the game's setup writes; read it back as that setup.
    let reader = |ruleset: &str, options: &[OsString]| {
        assert_eq!(ruleset, setup.ruleset);
        let written: Vec<OsString> = setup.record_options().into_iter().map(Into::into).collect();
        assert_eq!(options, written);
        Ok(setup.clone())
    };
    let (variant, setup) = replay::prepare(&record, reader).unwrap();
    let mut game = replay::start(&record, &variant, &setup).unwrap();
    let mut positions = Vec::new();
    for turn in &record.turns {
        replay::play_turn(&mut game, &setup, turn)
            .unwrap_or_else(|e| panic!("{}: {e}", setup.ruleset));
        positions.push(variant.model.position_text(game.position()));
    }
    (positions, replay::ending(&game, &record))
}

fn setup(ruleset: &str, seed: u64, players: [&str; 2]) -> GameSetup {
    let variant = variant_run::Variant::load_named(ruleset, None).unwrap();
    GameSetup {
        ruleset: ruleset.into(),
        seed,
        players: (0..2)
            .map(|p| PlayerChoice {
                letter: variant.model.rules.player_letter(p),
                kind: players[p as usize].parse().unwrap(),
            })
            .collect(),
        ..GameSetup::default()
    }
}

#[test]
fn every_ruleset_replays_its_records() {
    let mut replayed = 0;
    for ruleset in [
        "truchet-browne",
        "truchet-boardspace",
        "truchet-hex",
        "trugo",
    ] {
        for seed in 1..=4 {
            let mut setup = setup(ruleset, seed, ["greedy", "random"]);
            if seed % 2 == 0 {
                // Small boards too, where a ruleset has a size.
                let variant = setup.load().unwrap();
                setup.size = variant.size.map(|s| if s > 4 { 5 } else { 3 });
                if ruleset == "truchet-boardspace" {
                    setup.size = None; // Boardspace is 7x7 only
                }
            }
            let (text, position, ending) = play(&setup);
            let (positions, replayed_ending) = replay_positions(&text, &setup);
            assert_eq!(positions.last(), Some(&position), "{ruleset} seed {seed}");
            assert_eq!(replayed_ending, ending, "{ruleset} seed {seed}");
            replayed += 1;
        }
    }
    assert_eq!(replayed, 16);
}

#[test]
fn a_game_recorded_in_either_notation_replays_the_same() {
    for seed in 1..=6 {
        let mut server = setup("truchet-boardspace", seed, ["random", "greedy"]);
        server.start = StartChoice::RandomLayout;
        let mut boardspace = server.clone();
        boardspace.notation = Some("boardspace".into());
        let (server_text, _, _) = play(&server);
        let (boardspace_text, _, _) = play(&boardspace);
        assert!(boardspace_text.contains("Move ") || boardspace_text.contains("Merge "));
        assert_eq!(
            replay_positions(&server_text, &server),
            replay_positions(&boardspace_text, &boardspace),
            "seed {seed}"
        );
    }
}

#[test]
fn a_record_started_from_a_position_replays_from_it() {
    // A game begun with --position records its start; replay plays from there. (On the
    // test designer's copy of Trugo, whose end rule does not move with the shipped one.)
    let my_trugo = crate::common::root().join("tests/fixtures/designer/my-trugo");
    let mut setup = setup(my_trugo.to_str().unwrap(), 5, ["random", "random"]);
    setup.start = StartChoice::Position(
        "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 0 o=24,x=24 x".into(),
    );
    let (text, position, ending) = play(&setup);
    assert!(text.contains("\nstart -1,0a;"), "{text}");
    let (positions, replayed) = replay_positions(&text, &setup);
    assert_eq!((positions.last(), replayed), (Some(&position), ending));
}
