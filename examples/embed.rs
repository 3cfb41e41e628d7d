//! variant-run as a library: load a ruleset, seat two computer players, play one seeded
//! game turn by turn and print each turn and the result. A program that wants its own
//! loop around the rules (a tournament server, a training run) starts from here.
//!
//! ```text
//! cargo run --release --example embed -- <ruleset> <kind> <kind> [seed]
//! cargo run --release --example embed -- trugo mcts:300 random 7
//! ```
//!
//! The first kind plays the ruleset's first player; kinds are those of `--player`
//! (random, greedy, mcts, mcts:N, mcts:Nms, alphabeta, alphabeta:N, ...).

use std::error::Error;

use variant_run::play::computer_turn::play_computer_turn;
use variant_run::play::player_kind::KindError;
use variant_run::play::session::{result_line, Seat};
use variant_run::play::setup::{GameSetup, PlayerChoice};
use variant_run::play::Notation;

type Failure = Box<dyn Error + Send + Sync>;

/// A game still going after this many turns is stopped.
const MAX_TURNS: usize = 2000;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [ruleset, first, second, rest @ ..] = &args[..] else {
        return Err("usage: embed <ruleset> <kind> <kind> [seed]".into());
    };
    let seed = match rest.first() {
        Some(seed) => seed.parse()?,
        None => 1,
    };
    let mut setup = GameSetup {
        ruleset: ruleset.clone(),
        seed,
        ..GameSetup::default()
    };
    // The ruleset is read once; the game and the players are made from it.
    let variant = setup.load()?;
    setup.players = [first, second]
        .into_iter()
        .zip(0..)
        .map(|(kind, side)| {
            Ok(PlayerChoice {
                letter: variant.model.rules.player_letter(side),
                kind: kind.parse()?,
            })
        })
        .collect::<Result<_, KindError>>()?;
    let mut game = setup.game(&variant)?;
    let mut seats = setup.seats(&variant)?;

    while game.outcome().is_none() && game.history().len() < MAX_TURNS {
        let side = game.to_move();
        let Seat::Computer { kind, player } = &mut seats[side as usize] else {
            return Err("this example seats computer players only".into());
        };
        // The player chooses (one of the listed turns, or a set-up turn) and the game
        // plays it, as `play` and `match` take a computer turn.
        let text = play_computer_turn(&mut game, player.as_mut(), kind, &Notation::Server)?;
        let letter = variant.model.rules.player_letter(side);
        println!("{:>4}. {letter} {text}", game.history().len());
    }
    match game.outcome() {
        Some(outcome) => println!("{}", result_line(&variant, outcome)),
        None => println!("stopped after {MAX_TURNS} turns"),
    }
    Ok(())
}
