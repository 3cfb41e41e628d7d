//! The search player: its kind reads with a budget (and says what is wrong with a bad
//! one), it plays every ruleset, it finds a winning turn, and a seed gives the same game
//! however many threads play a batch.

use std::process::Command;

use variant_run::parallel;
use variant_run::play::player_kind::computer_player;
use variant_run::play::players::Choice;
use variant_run::play::setup::{GameSetup, PlayerChoice, StartChoice};
use variant_run::play::Game;
use variant_run::Variant;

use crate::common::load;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(crate::common::root())
        .output()
        .unwrap()
}

#[test]
fn a_bad_budget_is_one_message() {
    for (kind, says) in [
        ("mcts:abc", "`mcts:abc`: the budget is a number of playouts (`mcts:2000`, at most 10000000) or of milliseconds (`mcts:500ms`, at most 3600000), above 0"),
        ("mcts:0", "`mcts:0`: the budget is a number of playouts"),
        ("mcts:10s", "`mcts:10s`: the budget is a number of playouts"),
        ("mcts:18446744073709551615ms", "`mcts:18446744073709551615ms`: the budget is a number of playouts"),
        ("greedy:5", "`greedy:5`: only `mcts` and `mcts-lead` take a budget after a colon"),
        ("mcts-lead:1s", "`mcts-lead:1s`: the budget is a number of playouts (`mcts-lead:2000`, at most 10000000) or of milliseconds (`mcts-lead:500ms`, at most 3600000), above 0"),
        ("alphabeta:13", "`alphabeta:13`: give a depth in half-turn steps (a flip, then a stack move) from 1 to 12 (`alphabeta:4`) or a thinking time from 1 to 3600000 ms (`alphabeta:500ms`)"),
        ("mtcs", "`mtcs` is not a kind of player; the kinds are random, greedy, mcts, mcts-lead, alphabeta, human"),
    ] {
        let output = run(&["truchet-browne", "play", "--player", &format!("x={kind}")]);
        assert_eq!(output.status.code(), Some(2), "{kind}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert!(error.contains(says), "{kind}: {error}");
        assert!(output.stdout.is_empty(), "{kind}");
    }
    for good in [
        "mcts",
        "mcts:20",
        "mcts:20ms",
        "mcts-lead",
        "mcts-lead:20",
        "mcts-lead:20ms",
        "alphabeta",
        "alphabeta:1",
        "alphabeta:300ms",
    ] {
        assert!(
            computer_player(&good.parse().unwrap(), 1).is_some(),
            "{good}"
        );
    }
}

/// A whole game on the command line, twice: the same record.
#[test]
fn a_seed_plays_the_same_search_game() {
    let args = [
        "truchet-browne",
        "play",
        "--size",
        "5",
        "--seed",
        "3",
        "--player",
        "x=mcts:40",
        "--player",
        "o=greedy",
    ];
    let first = run(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8(first.stdout.clone()).unwrap();
    assert!(text.contains("players x=mcts:40 o=greedy"), "{text}");
    assert_eq!(first.stdout, run(&args).stdout);
}

/// Plays `setup`'s game to its end or `max_turns`; the number of turns played.
fn play_through<'v>(
    variant: &'v Variant,
    setup: &GameSetup,
    max_turns: usize,
) -> (Game<'v>, usize) {
    let mut game = setup.game(variant).unwrap();
    let mut seats = setup.seats(variant).unwrap();
    let mut turns = 0;
    while game.outcome().is_none() && turns < max_turns {
        let variant_run::play::session::Seat::Computer { player, .. } =
            &mut seats[game.to_move() as usize]
        else {
            unreachable!("computer players only")
        };
        match player.choose(&game).unwrap() {
            Choice::Turn(turn) => game.play_legal(turn).unwrap(),
            Choice::RandomSetUp => game.play("random").unwrap(),
            Choice::NoTurn => panic!("no turn in a game not over"),
        };
        turns += 1;
    }
    (game, turns)
}

fn setup(ruleset: &str, seed: u64, kinds: [&str; 2], variant: &Variant) -> GameSetup {
    let rules = &variant.model.rules;
    GameSetup {
        ruleset: ruleset.into(),
        seed,
        players: (0..2)
            .map(|p| PlayerChoice {
                letter: rules.player_letter(p as u8),
                kind: kinds[p].parse().unwrap(),
            })
            .collect(),
        ..GameSetup::default()
    }
}

#[test]
fn the_search_plays_every_ruleset() {
    for (ruleset, size, params) in [
        ("truchet-browne", Some(5), vec![]),
        ("truchet-boardspace", None, vec![]),
        ("truchet-hex", Some(3), vec![]),
        ("trugo", None, vec![("pool".to_string(), "10".to_string())]),
    ] {
        let options = variant_run::LoadOptions {
            size,
            params: params.clone(),
            ..Default::default()
        };
        let variant = Variant::load_named_with(ruleset, &options).unwrap();
        for kinds in [["mcts:25", "mcts:25ms"], ["mcts-lead:25", "mcts-lead:25ms"]] {
            let mut setup = setup(ruleset, 2, kinds, &variant);
            setup.size = size;
            setup.params = params.clone();
            // Twenty turns each: enough to see the search choose every kind of turn the
            // ruleset has (set-up turns included), on every ruleset, in a short run.
            let (game, turns) = play_through(&variant, &setup, 20);
            assert!(
                game.outcome().is_some() || turns == 20,
                "{ruleset} {kinds:?}: the game stopped early without a result"
            );
            assert!(turns > 0, "{ruleset} {kinds:?}");
        }
    }
}

/// On the test designer's copy of Browne's rules (tests/fixtures/designer/my-truchet),
/// which a change to the shipped rules does not move.
#[test]
fn the_search_takes_a_winning_turn() {
    let designer = crate::common::root().join("tests/fixtures/designer/my-truchet");
    let variant = Variant::load(&designer, Some(5)).unwrap();
    // Two x pieces beside the last o piece.
    let position = "rrrrr/rlrlr/rrlrr/rlrlr/rrrrr ....../....../....../.xox../....../...... x";
    let mut setup = setup(
        designer.to_str().unwrap(),
        1,
        ["mcts:60", "random"],
        &variant,
    );
    setup.size = Some(5);
    setup.start = StartChoice::Position(position.into());
    let game = setup.game(&variant).unwrap();
    let winning: Vec<_> = game
        .legal_turns()
        .unwrap()
        .into_iter()
        .filter(|t| {
            let next = variant.play(game.position(), &t.delta).unwrap();
            variant.judge(&next).unwrap().and_then(|o| o.winner) == Some(0)
        })
        .collect();
    let mut player = computer_player(&"mcts:60".parse().unwrap(), 5).unwrap();
    let Choice::Turn(chosen) = player.choose(&game).unwrap() else {
        panic!("a turn")
    };
    assert!(!winning.is_empty(), "a merge onto the last piece takes it");
    assert!(winning.contains(&chosen), "{} does not win", chosen.text);
}

#[test]
fn a_batch_of_search_games_is_the_same_on_one_and_two_threads() {
    let variant = load("truchet-browne", Some(5));
    let source = variant.source();
    let game = |variant: &Variant, i: usize| -> Result<String, variant_run::VariantError> {
        let mut setup = setup("truchet-browne", i as u64, ["mcts:15", "mcts:10"], variant);
        setup.size = Some(5);
        let (game, _) = play_through(variant, &setup, 40);
        Ok(variant.model.position_text(game.position()))
    };
    let batches: Vec<Vec<String>> = [1, 2]
        .map(|threads| {
            let pool = parallel::pool(Some(threads)).unwrap();
            parallel::map_indexed(&pool, &source, 4, game).unwrap()
        })
        .into();
    assert_eq!(batches[0], batches[1]);
}
