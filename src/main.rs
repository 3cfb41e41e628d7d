//! `variant-run`: the command line. It reads flags, loads the ruleset, calls the library
//! and prints; the rules themselves live in `core/` and in the variant folders.

mod cli;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Arg, CommandFactory, FromArgMatches};
use variant_run::draw;
use variant_run::play::players::{computer_player, PLAYER_KINDS};
use variant_run::play::session::{self, Seat};
use variant_run::play::{layouts, opening, parse_layout, Layout, Notation};
use variant_run::{list_variants, Game, LoadOptions, Variant};

use cli::args::{Cli, Command, PositionArgs, StartArgs};

type Failure = Box<dyn std::error::Error>;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // A closed pipe (`| head`) is not a failure.
            if let Some(io) = error.downcast_ref::<io::Error>() {
                if io.kind() == io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            eprintln!("variant-run: {error}");
            let mut cause = error.source();
            while let Some(c) = cause {
                eprintln!("  caused by: {c}");
                cause = c.source();
            }
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), Failure> {
    let argv: Vec<String> = std::env::args().collect();
    let first = argv.get(1).map(String::as_str);
    if first == Some("list") && argv.len() == 2 {
        return list();
    }
    // Stage one: the ruleset names the players, so it decides the `--<letter>` flags.
    let letters = match first {
        Some(name) if !name.starts_with('-') => player_letters(name),
        _ => Vec::new(),
    };
    let matches = command_with_players(&letters).get_matches_from(&argv);
    let cli = Cli::from_arg_matches(&matches)?;

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match &cli.command {
        None => play(&cli, &cli.play, &matches, &letters, &mut out)?,
        Some(Command::Play(args)) => {
            let sub = matches.subcommand_matches("play").expect("play was given");
            play(&cli, args, sub, &letters, &mut out)?
        }
        Some(Command::Position(start)) => {
            let variant = load_variant(&cli.variant, start)?;
            let position = opening(&variant, start_layout(&variant, start)?, start.seed)?;
            writeln!(out, "{}", variant.model.position_text(&position))?;
        }
        Some(Command::Show(args)) => {
            let (variant, position) = load_position(&cli.variant, args)?;
            write!(
                out,
                "{}",
                draw::board_marked(&variant.model, &variant.marks, &position)
            )?;
            if let Some(outcome) = variant.judge(&position)? {
                writeln!(out, "game over: {}", outcome.reason)?;
            }
        }
        Some(Command::Moves(args)) => {
            let (variant, position) = load_position(&cli.variant, args)?;
            let notation = Notation::named(&variant, cli.notation.as_deref())?;
            if variant.judge(&position)?.is_none() {
                // Listed in the order of their texts in the chosen notation.
                let mut texts: Vec<String> = variant
                    .legal_turns(&position)?
                    .iter()
                    .map(|turn| notation.write(&variant.model, &position, turn))
                    .collect();
                texts.sort();
                for text in texts {
                    writeln!(out, "{text}")?;
                }
            }
        }
        Some(Command::Perft(args)) => {
            let (variant, position) = load_position(&cli.variant, &args.position)?;
            let notation = Notation::named(&variant, cli.notation.as_deref())?;
            if args.divide {
                let rows = variant
                    .model
                    .perft_divide(&variant, &position, args.depth)?;
                for (turn, count) in &rows {
                    let text = notation.write(&variant.model, &position, turn);
                    writeln!(out, "{text} {count}")?;
                }
                writeln!(out, "{}", rows.iter().map(|(_, c)| c).sum::<u64>())?;
            } else {
                writeln!(
                    out,
                    "{}",
                    variant.model.perft(&variant, &position, args.depth)?
                )?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

fn list() -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    for (name, path, summary) in list_variants() {
        writeln!(out, "{name:<20} {summary}")?;
        writeln!(out, "{:<20} {}", "", path.display())?;
    }
    Ok(())
}

/// The players' letters of a ruleset, read from its TOML without building it (a broken
/// ruleset is reported properly when it is loaded).
fn player_letters(name: &str) -> Vec<char> {
    variant_run::find_variant(name)
        .ok()
        .and_then(|dir| std::fs::read_to_string(dir.join(variant_run::ruleset::VARIANT_FILE)).ok())
        .and_then(|text| toml::from_str::<variant_run::ruleset::config::VariantConfig>(&text).ok())
        .map(|c| {
            c.players
                .iter()
                .filter_map(|p| p.letter.chars().next())
                .collect()
        })
        .unwrap_or_default()
}

fn player_arg(letter: char) -> Arg {
    let kinds: Vec<&str> = PLAYER_KINDS.iter().map(|(k, _)| *k).collect();
    Arg::new(format!("player-{letter}"))
        .long(letter.to_string())
        .value_name("PLAYER")
        .value_parser(kinds)
        .help(format!("Who plays {letter}"))
}

fn command_with_players(letters: &[char]) -> clap::Command {
    let mut command = Cli::command();
    for &letter in letters {
        command = command
            .arg(player_arg(letter))
            .mut_subcommand("play", |sub| sub.arg(player_arg(letter)));
    }
    command
}

fn play(
    cli: &Cli,
    args: &cli::args::PlayArgs,
    matches: &clap::ArgMatches,
    letters: &[char],
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let variant = load_variant(&cli.variant, &args.start)?;
    let notation = Notation::named(&variant, cli.notation.as_deref())?;
    let layout = start_layout(&variant, &args.start)?;
    let seed = args.start.seed;
    let mut game = Game::new(&variant, layout, seed)?;
    // Default match: a capture-preferring player against a random one.
    let defaults = ["greedy", "random"];
    let mut seats = [0u8, 1].map(|p| {
        let kind = letters
            .get(p as usize)
            .and_then(|l| matches.get_one::<String>(&format!("player-{l}")).cloned())
            .unwrap_or_else(|| defaults[p as usize].to_string());
        match computer_player(&kind, seed.wrapping_mul(2).wrapping_add(p as u64 + 1)) {
            Some(player) => Seat::Computer { kind, player },
            None => Seat::Human,
        }
    });
    let mut header = format!("{} {}, seed {}", variant.name, size_text(&variant), seed);
    if let Some(key) = args.start.key {
        header.push_str(&format!(", key {key}"));
    }
    if let Some(id) = &args.start.game_id {
        header.push_str(&format!(", game id {id}"));
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    session::run_in(
        &mut game,
        &mut seats,
        &header,
        args.max_turns,
        notation,
        &mut input,
        out,
    )?;
    Ok(())
}

fn size_text(variant: &Variant) -> String {
    let size = match (variant.size, variant.model.board.lattice()) {
        (None, _) => "on a patch".to_string(),
        (Some(n), variant_run::core::Lattice::Square) => format!("{n}x{n}"),
        (Some(n), _) => format!("size {n}"),
    };
    match &variant.tile_set {
        Some(tiles) => format!("{size}, tiles {tiles}"),
        None => size,
    }
}

/// Loads the ruleset with the size and tile set the flags choose.
fn load_variant(name: &str, start: &StartArgs) -> Result<Variant, variant_run::VariantError> {
    let options = LoadOptions {
        size: start.size,
        tiles: start.tiles.clone(),
        ..LoadOptions::default()
    };
    Variant::load_named_with(name, &options)
}

fn load_position(
    name: &str,
    args: &PositionArgs,
) -> Result<(Variant, variant_run::core::Position), Failure> {
    let variant = load_variant(name, &args.start)?;
    let position = match &args.position {
        Some(text) => variant.model.parse_position(text)?,
        None => opening(
            &variant,
            start_layout(&variant, &args.start)?,
            args.start.seed,
        )?,
    };
    Ok((variant, position))
}

/// The tile layout the flags choose: `--key`, `--game-id`, `--layout`, or the ruleset's
/// own set-up.
fn start_layout(variant: &Variant, start: &StartArgs) -> Result<Layout, Failure> {
    Ok(match (start.key, &start.game_id) {
        (Some(key), _) => layouts::layout_for_key(variant, key)?,
        (None, Some(id)) => layouts::layout_for_game_id(variant, id)?,
        (None, None) => parse_layout(variant, start.layout.as_deref())?,
    })
}
