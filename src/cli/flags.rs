//! What clap's own definitions of the commands say about a flag: whether it takes a
//! value, and which commands take it. Used to let a ruleset's options stand before its
//! command, and to say, when a command refuses a flag, which commands take it.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::CommandFactory;

use super::args::{Cli, RulesetCli};
use super::Failure;

/// The words after a ruleset's name, with the command's name first: the options typed
/// before the command (`truchet-browne --size 5 show`) are the command's, as if typed
/// after it, and without a command the command is `play` (`truchet-browne --seed 7`).
/// Without a command's name, a word that is no flag's value goes first, so clap says it
/// is no command; `--help` without either is the ruleset's help, which lists the
/// commands.
pub fn command_first(args: Vec<OsString>) -> Vec<OsString> {
    let commands = RulesetCli::command();
    let mut first_word = None;
    let mut at = 0;
    while let Some(word) = args.get(at) {
        let text = word.to_str().unwrap_or_default();
        if text == "--" {
            break;
        }
        if !text.starts_with('-') {
            if commands.find_subcommand(text).is_some() || text == "help" {
                return moved_first(args, at);
            }
            first_word.get_or_insert(at);
            at += 1;
            continue;
        }
        // `--seed 2`: the value is no command; `--seed=2` holds its own.
        let flag = text.trim_start_matches('-');
        at += if !flag.contains('=') && takes_value(flag) {
            2
        } else {
            1
        };
    }
    match first_word {
        Some(at) => moved_first(args, at),
        None if args.iter().any(|w| w == "--help" || w == "-h") => vec!["--help".into()],
        None => std::iter::once(OsString::from("play"))
            .chain(args)
            .collect(),
    }
}

fn moved_first(mut args: Vec<OsString>, at: usize) -> Vec<OsString> {
    let word = args.remove(at);
    args.insert(0, word);
    args
}

/// Whether the long flag `name` (without its dashes) takes a value in the commands that
/// have it.
fn takes_value(name: &str) -> bool {
    RulesetCli::command().get_subcommands().any(|command| {
        command
            .get_arguments()
            .any(|arg| arg.get_long() == Some(name) && arg.get_action().takes_values())
    })
}

/// The commands that take the long flag `name`, in the order `--help` lists them.
fn commands_taking(name: &str) -> Vec<String> {
    let ruleset = RulesetCli::command();
    let top = Cli::command();
    let compare = top.find_subcommand("compare").into_iter();
    ruleset
        .get_subcommands()
        .chain(compare)
        .filter(|command| command.get_arguments().any(|a| a.get_long() == Some(name)))
        .map(|command| command.get_name().to_string())
        .collect()
}

/// clap's error, or, for a flag that `command` does not take but others do, one line
/// that says which take it: `--divide has no meaning for `position`; it goes with perft`.
pub fn refused_flag(error: clap::Error, command: Option<&OsString>) -> Failure {
    let flag = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(flag)) if error.kind() == ErrorKind::UnknownArgument => {
            flag.split('=').next().unwrap_or_default().to_string()
        }
        _ => return error.into(),
    };
    let users = match flag.strip_prefix("--") {
        Some(name) => commands_taking(name),
        None => Vec::new(),
    };
    let is_command = |name: &str| {
        Cli::command().find_subcommand(name).is_some()
            || RulesetCli::command().find_subcommand(name).is_some()
    };
    match command.and_then(|c| c.to_str()) {
        Some(command) if !users.is_empty() && is_command(command) => format!(
            "{flag} has no meaning for `{command}`; it goes with {}",
            users.join(", ")
        )
        .into(),
        _ => error.into(),
    }
}
