//! The command line: clap types (`args`) and one small function per command. Each turns
//! flags into library objects, calls the library, and prints.

pub mod args;
mod bench;
mod check;
mod inspect;
mod list;
mod match_;
mod output;
mod play;
mod replay;
mod serve;
mod study;
mod test;
mod watch;

use std::ffi::OsString;
use std::io::Write;

use clap::Parser;

use variant_run::parallel;
use variant_run::play::setup::{GameSetup, StartChoice};

use args::{GameOptions, RulesetCli, RulesetCommand};

pub use check::check;
pub use list::list;
pub use match_::compare;
pub use replay::replay;
pub use study::report;
pub use test::{test, TestsDiffer};

/// What commands return: any error becomes one `variant-run: ...` line and exit code 2.
pub type Failure = Box<dyn std::error::Error>;

/// `variant-run <ruleset> [command] [options]`.
pub fn ruleset(args: Vec<OsString>, out: &mut dyn Write) -> Result<(), Failure> {
    let mut args = args.into_iter();
    let name = args.next().unwrap_or_default();
    let name = name
        .to_str()
        .ok_or_else(|| format!("the ruleset name {name:?} is not valid UTF-8"))?
        .to_string();
    let cli = RulesetCli::try_parse_from(
        std::iter::once(OsString::from("variant-run <ruleset>")).chain(args),
    )?;
    let command = cli.command.unwrap_or(RulesetCommand::Play);
    accept(command_name(&command), &cli.options)?;
    let setup = setup(&name, &cli.options)?;
    if cli.options.watch {
        return watch::watch(&setup, out, &mut |out| {
            run(&command, &cli.options, &setup, out)
        });
    }
    run(&command, &cli.options, &setup, out)
}

/// Loads the ruleset and runs one of its commands.
fn run(
    command: &RulesetCommand,
    options: &GameOptions,
    setup: &GameSetup,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let variant = setup.load()?;
    for warning in &variant.warnings {
        eprintln!(
            "variant-run: note: {}",
            variant_run::printable::printable_lines(&warning.to_string())
        );
    }
    match command {
        RulesetCommand::Play => play::play(&variant, setup, options, out),
        RulesetCommand::Position => inspect::position(&variant, setup, out),
        RulesetCommand::Show => inspect::show(&variant, setup, options.svg.as_deref(), out),
        RulesetCommand::Moves { filter } => inspect::moves(&variant, setup, &filter.join(" "), out),
        RulesetCommand::Perft { depth } => {
            let pool = pool(options)?;
            inspect::perft(&pool, &variant, setup, *depth, options.divide, out)
        }
        RulesetCommand::Describe => Ok(write!(out, "{}", variant.describe())?),
        RulesetCommand::Match => match_::run(&pool(options)?, setup, options, out),
        RulesetCommand::Evaluate(args) => {
            match_::evaluate(&pool(options)?, setup, options, args, out)
        }
        RulesetCommand::Bench(args) => {
            bench::bench(&pool(options)?, &variant, setup, args, options.json, out)
        }
        RulesetCommand::Serve(args) => {
            drop(variant);
            serve::serve(setup, options, args, out)
        }
    }
}

/// The threads `--threads` asks for (one per core without it), at most
/// [`parallel::MAX_THREADS`].
pub(super) fn pool(options: &GameOptions) -> Result<rayon::ThreadPool, Failure> {
    let threads = options.threads.map(usize::from);
    if let Some(n) = threads.filter(|&n| n > parallel::MAX_THREADS) {
        return Err(format!(
            "--threads {n}: at most {} (threads beyond the cores only wait their turn, and \
             each holds its own copy of the ruleset)",
            parallel::MAX_THREADS
        )
        .into());
    }
    Ok(parallel::pool(threads)?)
}

/// The game the options choose.
pub fn setup(ruleset: &str, options: &GameOptions) -> Result<GameSetup, Failure> {
    let starts: Vec<(&str, StartChoice)> = [
        // Texts pasted from elsewhere often carry a space or a line ending: trimmed, as
        // position texts are.
        options.layout.as_ref().map(|l| match l.trim() {
            "random" => ("--layout", StartChoice::RandomLayout),
            tiles => ("--layout", StartChoice::Layout(tiles.to_string())),
        }),
        options.key.map(|k| ("--key", StartChoice::Key(k))),
        options
            .game_id
            .clone()
            .map(|id| ("--game-id", StartChoice::GameId(id))),
        options
            .position
            .clone()
            .map(|p| ("--position", StartChoice::Position(p.trim().to_string()))),
    ]
    .into_iter()
    .flatten()
    .collect();
    let start = match &starts[..] {
        [] => StartChoice::Setup,
        [(_, one)] => one.clone(),
        [(a, _), (b, _), ..] => {
            return Err(format!("{a} and {b} both say where the game starts; give one").into())
        }
    };
    let setup = GameSetup {
        ruleset: ruleset.to_string(),
        size: options.size,
        tiles: options.tiles.clone(),
        params: options.params.clone(),
        start,
        seed: options.seed.unwrap_or(1),
        notation: options.notation.clone(),
        players: options.players.clone(),
    };
    setup.check_texts()?;
    Ok(setup)
}

/// Which options each command takes beyond those that load the ruleset (`--size`,
/// `--tiles`, `--param`, which every command takes).
const TAKES: [(&str, &[&str]); 11] = [
    (
        "play",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--notation",
            "--player",
            "--max-turns",
            "--record",
            "--show",
            "--watch",
        ],
    ),
    (
        "position",
        &["--seed", "--layout", "--key", "--game-id", "--position"],
    ),
    (
        "show",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--svg",
            "--watch",
        ],
    ),
    (
        "moves",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--notation",
        ],
    ),
    (
        "perft",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--notation",
            "--divide",
            "--threads",
        ],
    ),
    ("describe", &[]),
    ("match", MATCH_OPTIONS),
    (
        "evaluate",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--max-turns",
            "--games",
            "--json",
            "--threads",
            "--shard",
            "--out",
        ],
    ),
    ("compare", MATCH_OPTIONS),
    (
        "bench",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--threads",
            "--json",
        ],
    ),
    (
        "serve",
        &[
            "--seed",
            "--layout",
            "--key",
            "--game-id",
            "--position",
            "--notation",
            "--player",
            "--max-turns",
        ],
    ),
];

/// What `match` and `compare` take: where games start, who plays, how many games, and how
/// the report is written.
const MATCH_OPTIONS: &[&str] = &[
    "--seed",
    "--layout",
    "--key",
    "--game-id",
    "--position",
    "--player",
    "--max-turns",
    "--games",
    "--json",
    "--positions",
    "--html",
    "--threads",
    "--shard",
    "--out",
];

/// The name of a ruleset's command, as `TAKES` lists it.
fn command_name(command: &RulesetCommand) -> &'static str {
    match command {
        RulesetCommand::Play => "play",
        RulesetCommand::Position => "position",
        RulesetCommand::Show => "show",
        RulesetCommand::Moves { .. } => "moves",
        RulesetCommand::Perft { .. } => "perft",
        RulesetCommand::Describe => "describe",
        RulesetCommand::Match => "match",
        RulesetCommand::Evaluate(_) => "evaluate",
        RulesetCommand::Bench(_) => "bench",
        RulesetCommand::Serve(_) => "serve",
    }
}

/// Refuses options the command has no use for, so none is silently ignored.
fn accept(name: &str, o: &GameOptions) -> Result<(), Failure> {
    let given = [
        ("--seed", o.seed.is_some()),
        ("--layout", o.layout.is_some()),
        ("--key", o.key.is_some()),
        ("--game-id", o.game_id.is_some()),
        ("--position", o.position.is_some()),
        ("--notation", o.notation.is_some()),
        ("--player", !o.players.is_empty()),
        ("--max-turns", o.max_turns.is_some()),
        ("--record", o.record.is_some()),
        ("--show", o.show.is_some()),
        ("--divide", o.divide),
        ("--games", o.games.is_some()),
        ("--json", o.json),
        ("--positions", o.positions),
        ("--html", o.html.is_some()),
        ("--svg", o.svg.is_some()),
        ("--threads", o.threads.is_some()),
        ("--watch", o.watch),
        ("--shard", o.shard.is_some()),
        ("--out", o.out.is_some()),
    ];
    let takes = |command: &str, flag: &str| {
        TAKES
            .iter()
            .any(|(c, flags)| *c == command && flags.contains(&flag))
    };
    for (flag, _) in given.iter().filter(|(_, on)| *on) {
        if !takes(name, flag) {
            let users: Vec<&str> = TAKES
                .iter()
                .map(|(c, _)| *c)
                .filter(|c| takes(c, flag))
                .collect();
            return Err(format!(
                "{flag} has no meaning for `{name}`; it goes with {}",
                users.join(", ")
            )
            .into());
        }
    }
    Ok(())
}
