//! Invariants over many seeded random games of every ruleset, checked after every turn:
//! pieces are never created, a rejected turn changes nothing, the position text and the
//! turn text read back, and at the end the game's record replays to the same game.
//!
//! The short run (a few hundred games, seconds) is part of every test run. The long run
//! plays 100,000 games:
//!
//! ```text
//! cargo test --release -- --ignored invariants_hold_over_100000_games --nocapture
//! ```
//!
//! (`INVARIANT_GAMES=N` plays N games instead, `INVARIANT_MINUTES=M` stops after M
//! minutes, `INVARIANT_THREADS=T` plays on T threads instead of one per core; TESTING.md
//! has the figures of the last run.)

use std::time::{Duration, Instant};

use variant_run::core::Position;
use variant_run::play::notation::Notation;
use variant_run::play::players::{Choice, Player, RandomPlayer};
use variant_run::play::record::{Record, RecordedTurn};
use variant_run::play::replay;
use variant_run::play::session::result_line;
use variant_run::play::setup::GameSetup;
use variant_run::play::{Game, GameError};
use variant_run::Variant;

/// A ruleset as the games play it: small boards, so that many games fit in little time.
struct Setting {
    ruleset: &'static str,
    size: Option<u32>,
    tiles: Option<&'static str>,
    params: &'static [(&'static str, &'static str)],
    /// Games that have not ended by then are stopped (and still checked).
    max_turns: usize,
    /// Its share of the games.
    weight: u64,
}

const SETTINGS: [Setting; 7] = [
    setting("truchet-browne", Some(3), None, &[], 150, 4),
    setting("truchet-browne", Some(5), None, &[], 80, 2),
    setting("truchet-boardspace", None, None, &[], 40, 1),
    setting("truchet-hex", Some(2), None, &[], 100, 3),
    setting("truchet-hex", Some(2), Some("trugo"), &[], 100, 2),
    setting(
        "trugo",
        None,
        None,
        &[("pool", "8"), ("pieces", "8")],
        80,
        3,
    ),
    setting(
        "trugo",
        None,
        None,
        &[
            ("pool", "6"),
            ("pieces", "6"),
            ("place_then_move", "true"),
            ("stacking", "false"),
        ],
        80,
        1,
    ),
];

const fn setting(
    ruleset: &'static str,
    size: Option<u32>,
    tiles: Option<&'static str>,
    params: &'static [(&'static str, &'static str)],
    max_turns: usize,
    weight: u64,
) -> Setting {
    Setting {
        ruleset,
        size,
        tiles,
        params,
        max_turns,
        weight,
    }
}

/// What was checked.
#[derive(Default, Debug)]
struct Counts {
    games: u64,
    finished: u64,
    turns: u64,
    rejected: u64,
    texts: u64,
    replayed: u64,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.games += other.games;
        self.finished += other.finished;
        self.turns += other.turns;
        self.rejected += other.rejected;
        self.texts += other.texts;
        self.replayed += other.replayed;
    }
}

impl Setting {
    fn setup(&self, seed: u64) -> GameSetup {
        GameSetup {
            ruleset: self.ruleset.to_string(),
            size: self.size,
            tiles: self.tiles.map(String::from),
            params: self
                .params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seed,
            ..GameSetup::default()
        }
    }
}

/// Pieces on the board and still to be received: a turn never adds to them.
fn all_pieces(position: &Position) -> u32 {
    (0..2)
        .map(|p| position.pieces(p) + position.supply(p))
        .sum()
}

/// Texts that are never a legal turn: each is refused, and the game stays as it was.
const REFUSED: [&str; 4] = ["", "zz99-a1", "a1-a1", "q:a1e"];

/// Plays one seeded game, checking after every turn.
fn play_checked(variant: &Variant, setting: &Setting, seed: u64, counts: &mut Counts) {
    let setup = setting.setup(seed);
    let model = &variant.model;
    let mut game = setup.game(variant).expect("a game starts");
    let mut players = [
        RandomPlayer::new(seed.wrapping_mul(2) + 1),
        RandomPlayer::new(seed.wrapping_mul(2) + 2),
    ];
    // A game with set-up turns records them instead of where it started.
    let start = (!game.in_setup()).then(|| model.position_text(game.position()));
    let mut turns = 0;
    while game.outcome().is_none() && turns < setting.max_turns {
        let before: Position = game.position().clone();
        let played_before = game.history().len();
        for text in REFUSED {
            let refused = game.play(text);
            assert!(refused.is_err(), "{text:?} was accepted");
            assert!(!matches!(refused, Err(GameError::Script(_))), "{refused:?}");
            assert_eq!(
                game.position(),
                &before,
                "a refused turn changed the position"
            );
            assert_eq!(game.history().len(), played_before);
            counts.rejected += 1;
        }
        let in_setup = game.in_setup();
        let side = game.to_move() as usize;
        let turn = match players[side].choose(&game).expect("a choice") {
            Choice::Turn(turn) => {
                game.play_legal(turn.clone()).expect("a legal turn plays");
                Some(turn)
            }
            Choice::RandomSetUp => {
                game.play("random").expect("a set-up turn plays");
                None
            }
            Choice::NoTurn => panic!("a player found no turn in a game not over"),
        };
        turns += 1;
        let after = game.position();
        assert!(
            all_pieces(after) <= all_pieces(&before),
            "pieces were created: {} -> {}",
            model.position_text(&before),
            model.position_text(after)
        );
        let max_height = model.rules.max_height;
        assert!(after.stacks().iter().all(|s| s.height() <= max_height));
        let text = model.position_text(after);
        let read = model
            .parse_position(&text)
            .expect("a position text reads back");
        assert_eq!(&read, after, "{text}");
        assert_eq!(model.position_text(&read), text);
        if let (Some(turn), false) = (turn, in_setup) {
            let again = Notation::Server
                .read(variant, &before, &turn.text)
                .unwrap_or_else(|e| panic!("`{}` does not read back: {e}", turn.text));
            assert_eq!(again.delta, turn.delta, "{}", turn.text);
            assert_eq!(again.text, turn.text, "the canonical text");
            counts.texts += 1;
        }
        counts.turns += 1;
    }
    counts.games += 1;
    counts.finished += u64::from(game.outcome().is_some());
    replay_checked(variant, &setup, &game, start);
    counts.replayed += 1;
}

/// The game's record, read back from its text, replays to the same position and result.
fn replay_checked(variant: &Variant, setup: &GameSetup, game: &Game, start: Option<String>) {
    let model = &variant.model;
    let letter = |p| model.rules.player_letter(p);
    let record = Record {
        ruleset: setup.ruleset.clone(),
        options: setup.record_options(),
        players: vec![
            format!("{}=random", letter(0)),
            format!("{}=random", letter(1)),
        ],
        start,
        turns: game
            .history()
            .iter()
            .enumerate()
            .map(|(i, played)| RecordedTurn {
                number: i + 1,
                player: letter(played.player),
                text: played.text.clone(),
                line: 0,
            })
            .collect(),
        result: game.outcome().map(|o| result_line(variant, o)),
    };
    let record = Record::parse(&record.to_string()).expect("a record reads back");
    let mut again = replay::start(&record, variant, setup).expect("the record starts");
    for turn in &record.turns {
        replay::play_turn(&mut again, setup, turn)
            .unwrap_or_else(|e| panic!("seed {}: turn {}: {e}", setup.seed, turn.number));
    }
    assert_eq!(again.position(), game.position(), "seed {}", setup.seed);
    assert_eq!(
        replay::ending(&again, &record),
        replay::ending(game, &record)
    );
}

/// Plays `games` games spread over the settings by weight (seeds counting up from 0),
/// stopping early once `time` has passed. The games of a setting are shared out over
/// `threads` threads by seed (each loads its own copy of the ruleset: scripts stay on
/// the thread that compiled them), so the same games are played on any number.
fn play_many(games: u64, time: Duration, threads: u64) -> Vec<(String, Counts)> {
    let clock = Instant::now();
    let total_weight: u64 = SETTINGS.iter().map(|s| s.weight).sum();
    let mut report = Vec::new();
    for setting in &SETTINGS {
        let share = (games * setting.weight).div_ceil(total_weight);
        let budget = time.mul_f64(setting.weight as f64 / total_weight as f64);
        let started = Instant::now();
        let parts: Vec<Counts> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|first| {
                    scope.spawn(move || {
                        let variant = setting.setup(0).load().expect("the ruleset loads");
                        let mut counts = Counts::default();
                        for seed in (first..share).step_by(threads as usize) {
                            if started.elapsed() > budget || clock.elapsed() > time {
                                break;
                            }
                            play_checked(&variant, setting, seed, &mut counts);
                        }
                        counts
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a worker thread panicked"))
                .collect()
        });
        let mut counts = Counts::default();
        for part in parts {
            counts.add(&part);
        }
        let name = format!(
            "{} {}{}{}",
            setting.ruleset,
            setting
                .size
                .map_or(String::new(), |s| format!("--size {s} ")),
            setting
                .tiles
                .map_or(String::new(), |t| format!("--tiles {t} ")),
            setting
                .params
                .iter()
                .map(|(k, v)| format!("--param {k}={v} "))
                .collect::<String>()
        );
        report.push((name.trim().to_string(), counts));
    }
    report
}

fn print(report: &[(String, Counts)], elapsed: Duration) {
    let mut total = Counts::default();
    for (name, c) in report {
        println!(
            "{name:<70} games {:>6}  finished {:>6}  turns {:>8}  refused {:>8}  turn texts {:>8}  replayed {:>6}",
            c.games, c.finished, c.turns, c.rejected, c.texts, c.replayed
        );
        total.add(c);
    }
    println!("{total:?} in {:.0} s", elapsed.as_secs_f64());
}

#[test]
fn invariants_hold_over_a_few_hundred_games() {
    let clock = Instant::now();
    let report = play_many(320, Duration::from_secs(600), 1);
    let games: u64 = report.iter().map(|(_, c)| c.games).sum();
    assert_eq!(games, 320, "every game is played");
    print(&report, clock.elapsed());
}

#[test]
#[ignore = "the long run: 100,000 games, tens of minutes in release mode"]
fn invariants_hold_over_100000_games() {
    let games = std::env::var("INVARIANT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let minutes: u64 = std::env::var("INVARIANT_MINUTES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24 * 60);
    let threads = std::env::var("INVARIANT_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(|n| n.get() as u64)
        })
        .unwrap_or(1)
        .max(1);
    let clock = Instant::now();
    let report = play_many(games, Duration::from_secs(minutes * 60), threads);
    print(&report, clock.elapsed());
}
