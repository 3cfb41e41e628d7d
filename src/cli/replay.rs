//! `variant-run replay FILE`: plays a game record again, checking every turn, and ends
//! with the same result line as the game that wrote it. A turn that is not legal stops
//! the replay with its number, its line and the reason; nothing after it is played.

use std::ffi::OsString;
use std::io::{Read, Write};

use clap::Parser;

use variant_run::play::record::turn_line;
use variant_run::play::session::{board, result_line};
use variant_run::play::{Game, Record};

use super::args::{ReplayArgs, RulesetCli};
use super::Failure;

/// When boards are drawn.
enum Show {
    End,
    All,
    After(usize),
}

pub fn replay(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let show = match args.show.as_str() {
        "end" => Show::End,
        "all" => Show::All,
        n => Show::After(
            n.parse()
                .map_err(|_| format!("--show {n}: expected `all`, `end` or a turn number"))?,
        ),
    };
    let shown = args.file.display().to_string();
    let mut text = String::new();
    if shown == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        std::fs::File::open(&args.file)
            .and_then(|mut f| f.read_to_string(&mut text))
            .map_err(|e| format!("{shown}: {e}"))?;
    }
    let record = Record::parse(&text).map_err(|e| format!("{shown}: {e}"))?;

    // The record's options are read exactly as the command line reads them.
    let cli = RulesetCli::try_parse_from(
        std::iter::once(OsString::from("variant-run <ruleset>"))
            .chain(record.options.iter().map(OsString::from)),
    )
    .map_err(|e| format!("{shown}: the options line: {}", e.kind()))?;
    let setup = super::setup(&record.ruleset, &cli.options)?;
    let variant = setup.load()?;
    let notation = setup.notation(&variant)?;
    let model = &variant.model;
    let mut game = setup.game(&variant)?;
    // A record that starts from its own position (a game begun with --position, or one a
    // person edited) plays from there.
    if let Some(start) = &record.start {
        if game.in_setup() || model.position_text(game.position()) != *start {
            let position = model
                .parse_position(start)
                .map_err(|e| format!("{shown}: start: {e}"))?;
            game = Game::from_position(&variant, position)?;
        }
    }
    out.write_all(record.header().as_bytes())?;
    if matches!(show, Show::All) {
        write!(out, "\n{}\n", board(&game))?;
    }
    for turn in &record.turns {
        let at = || {
            format!(
                "{shown}, line {}: turn {} `{}`",
                turn.line, turn.number, turn.text
            )
        };
        if let Some(outcome) = game.outcome() {
            return Err(format!(
                "{}: the game is already over ({})",
                at(),
                result_line(&variant, outcome)
            )
            .into());
        }
        let side = model.rules.player_letter(game.to_move());
        if turn.player != side {
            return Err(format!("{}: it is {side}'s turn, not {}'s", at(), turn.player).into());
        }
        let played = notation
            .play(&mut game, &turn.text)
            .map_err(|e| format!("{}: {e}", at()))?;
        writeln!(out, "{}", turn_line(turn.number, side, &played))?;
        match show {
            Show::All => write!(out, "{}", board(&game))?,
            Show::After(n) if n == turn.number => write!(out, "\n{}\n", board(&game))?,
            _ => {}
        }
    }
    if !matches!(show, Show::All) {
        write!(out, "\n{}", board(&game))?;
    }
    let ending = match game.outcome() {
        Some(outcome) => result_line(&variant, outcome),
        None => match &record.result {
            // A game stopped at a turn limit, or abandoned, ends the same way again.
            Some(result) if !result.contains(" wins: ") && !result.starts_with("draw: ") => {
                result.clone()
            }
            _ => format!(
                "no result yet: {} to move",
                model.rules.player_letter(game.to_move())
            ),
        },
    };
    writeln!(out, "{ending}")?;
    match &record.result {
        Some(result) if *result != ending => {
            Err(format!("{shown}: the record ends `{result}`, but the game ends `{ending}`").into())
        }
        _ => Ok(()),
    }
}
