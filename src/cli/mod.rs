//! The command line: clap types (`args`) and one small function per command. Each turns
//! flags into library objects, calls the library, and prints.

pub mod args;
mod bench;
mod check;
mod flags;
mod groups;
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

use variant_run::play::setup::GameSetup;

use args::{RulesetCli, RulesetCommand};

pub use check::check;
pub use flags::refused_flag;
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
    let args = flags::command_first(args.collect());
    let cli = RulesetCli::try_parse_from(
        std::iter::once(OsString::from("variant-run <ruleset>")).chain(args.iter().cloned()),
    )
    .map_err(|e| refused_flag(e, args.first()))?;
    let command = cli.command;
    let setup = command.choice().setup(&name)?;
    if command.watch() {
        return watch::watch(&setup, out, &mut |out| run(&command, &setup, out));
    }
    run(&command, &setup, out)
}

/// Loads the ruleset and runs one of its commands.
fn run(command: &RulesetCommand, setup: &GameSetup, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = setup.load()?;
    for warning in &variant.warnings {
        eprintln!(
            "variant-run: note: {}",
            variant_run::printable::printable_lines(&warning.to_string())
        );
    }
    match command {
        RulesetCommand::Play(args) => play::play(&variant, setup, args, out),
        RulesetCommand::Position(_) => inspect::position(&variant, setup, out),
        RulesetCommand::Show(args) => inspect::show(&variant, setup, args.svg.as_deref(), out),
        RulesetCommand::Moves(args) => inspect::moves(&variant, setup, &args.filter.join(" "), out),
        RulesetCommand::Perft(args) => {
            let pool = args.threads.pool()?;
            inspect::perft(&pool, &variant, setup, args.depth, args.divide, out)
        }
        RulesetCommand::Describe(_) => Ok(write!(out, "{}", variant.describe())?),
        RulesetCommand::Match(args) => match_::run(&args.study.threads.pool()?, setup, args, out),
        RulesetCommand::Evaluate(args) => match_::evaluate(&args.threads.pool()?, setup, args, out),
        RulesetCommand::Bench(args) => {
            bench::bench(&args.threads.pool()?, &variant, setup, args, out)
        }
        RulesetCommand::Serve(args) => {
            drop(variant);
            serve::serve(setup, args, out)
        }
    }
}
