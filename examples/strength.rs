//! How often one kind of computer player beats another: seeded games on every core, the
//! two players changing sides every game. The figures of BENCHMARKS.md's strength table.
//!
//! ```text
//! cargo run --release --example strength -- <ruleset> <kind-a> <kind-b> <games> [first-seed] [ruleset options]
//! cargo run --release --example strength -- truchet-browne mcts random 200
//! ```
//!
//! Game `i` is `variant-run <ruleset> play --seed <first-seed + i>` with kind A playing
//! the first listed side in even games and the second in odd ones, so any game can be
//! played again alone and watched. (The `match` command does this with more figures.)

use std::error::Error;

use variant_run::parallel;
use variant_run::play::players::Choice;
use variant_run::play::session::Seat;
use variant_run::play::setup::{GameSetup, PlayerChoice};
use variant_run::Variant;

type Failure = Box<dyn Error + Send + Sync>;

/// A game still going after this many turns counts as unfinished.
const MAX_TURNS: usize = 1000;

/// How a game ended for kind A.
#[derive(Clone, Copy, Debug)]
enum Result_ {
    Won,
    Lost,
    Drawn,
    Unfinished,
}

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [ruleset, a, b, games, rest @ ..] = &args[..] else {
        return Err("usage: strength <ruleset> <kind-a> <kind-b> <games> [first-seed] [--size N] [--param NAME=VALUE]".into());
    };
    let games: usize = games.parse()?;
    let (first_seed, options) = match rest.first().and_then(|s| s.parse::<u64>().ok()) {
        Some(seed) => (seed, &rest[1..]),
        None => (1, rest),
    };
    let shown_options = options.join(" ");
    let mut setup = GameSetup {
        ruleset: ruleset.clone(),
        ..GameSetup::default()
    };
    let mut options = options.iter();
    while let Some(flag) = options.next() {
        let value = options.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--size" => setup.size = Some(value.parse()?),
            "--param" => {
                let (name, v) = value.split_once('=').ok_or("--param NAME=VALUE")?;
                setup.params.push((name.into(), v.into()));
            }
            _ => return Err(format!("unknown option {flag}").into()),
        }
    }
    let variant = setup.load()?;
    let letters = [0, 1].map(|p| variant.model.rules.player_letter(p));
    let kinds = [a.clone(), b.clone()];
    let pool = parallel::pool(None)?;
    let timer = std::time::Instant::now();
    let results = parallel::map_indexed(&pool, &variant.source(), games, |variant, i| {
        play(
            variant,
            &setup,
            letters,
            &kinds,
            first_seed + i as u64,
            i % 2 == 1,
        )
    })?;
    let count = |r: fn(&Result_) -> bool| results.iter().filter(|x| r(x)).count();
    let (won, lost) = (
        count(|r| matches!(r, Result_::Won)),
        count(|r| matches!(r, Result_::Lost)),
    );
    let (drawn, open) = (
        count(|r| matches!(r, Result_::Drawn)),
        count(|r| matches!(r, Result_::Unfinished)),
    );
    let (low, high) = wilson(won, games);
    println!(
        "{ruleset} {shown_options}: {a} against {b}, {games} games (seeds {first_seed}..{}), \
         sides alternated",
        first_seed + games as u64 - 1
    );
    println!(
        "{a} won {won}, lost {lost}, drew {drawn}, unfinished {open}: {:.1}% won (95% interval {:.1}-{:.1}%), {:.0} s",
        100.0 * won as f64 / games as f64,
        100.0 * low,
        100.0 * high,
        timer.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Plays one game; kind A takes the second side when `swapped`.
fn play(
    variant: &Variant,
    setup: &GameSetup,
    letters: [char; 2],
    kinds: &[String; 2],
    seed: u64,
    swapped: bool,
) -> Result<Result_, Failure> {
    let mut setup = setup.clone();
    setup.seed = seed;
    setup.players = (0..2)
        .map(|side| PlayerChoice {
            letter: letters[side],
            kind: kinds[side ^ usize::from(swapped)].clone(),
        })
        .collect();
    let mut game = setup.game(variant)?;
    let mut seats = setup.seats(variant)?;
    let mut turns = 0;
    while game.outcome().is_none() && turns < MAX_TURNS {
        let Seat::Computer { player, .. } = &mut seats[game.to_move() as usize] else {
            return Err("computer players only".into());
        };
        match player.choose(&game)? {
            Choice::Turn(turn) => {
                game.play_legal(turn)?;
            }
            Choice::Text(text) if !text.is_empty() => {
                game.play(&text)?;
            }
            Choice::Text(_) => return Err("a player found no turn".into()),
        }
        turns += 1;
    }
    let a_side = u8::from(swapped);
    Ok(match game.outcome().map(|o| o.winner) {
        None => Result_::Unfinished,
        Some(None) => Result_::Drawn,
        Some(Some(w)) if w == a_side => Result_::Won,
        Some(Some(_)) => Result_::Lost,
    })
}

/// The Wilson score interval (95%) of `k` successes in `n` trials.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.96f64);
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    ((centre - margin) / d, (centre + margin) / d)
}
