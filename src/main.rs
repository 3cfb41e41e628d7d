//! `variant-run`: the command line. It parses the arguments, hands them to one command,
//! and reports errors; the rules themselves live in `core/` and in the variant folders.

mod cli;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Parser;
use variant_run::printable;

use cli::args::{Cli, TopCommand};
use cli::Failure;

/// Counts what each thread allocates, so a ruleset's script stops at its memory budget.
#[global_allocator]
static ALLOCATOR: variant_run::memory::CountingAllocator = variant_run::memory::CountingAllocator;

fn main() -> ExitCode {
    // What the scripts free goes back to the system, so the process's peak is what its
    // threads hold together, which one budget bounds.
    variant_run::memory::return_large_blocks_when_freed();
    // Commands run scripts, which need a known stack (see `THREAD_STACK_BYTES`); the main
    // thread's depends on the system.
    std::thread::Builder::new()
        .name("variant-run".into())
        .stack_size(variant_run::parallel::THREAD_STACK_BYTES)
        .spawn(run)
        .and_then(|thread| {
            thread
                .join()
                .map_err(|_| io::Error::other("the command panicked"))
        })
        .unwrap_or_else(|e| {
            eprintln!("variant-run: {e}");
            ExitCode::from(2)
        })
}

fn run() -> ExitCode {
    // Arguments are read as the OS gives them, so one that is not UTF-8 is a clean error.
    let args: Vec<_> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // The first word names the command (`compare`) whose flags clap read.
        Err(e) => return report(cli::refused_flag(e, args.get(1))),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match cli.command {
        TopCommand::List => cli::list(&mut out),
        TopCommand::Replay(args) => cli::replay(&args, &mut out),
        TopCommand::Check(args) => cli::check(&args, &mut out),
        TopCommand::Test(args) => cli::test(&args, &mut out),
        TopCommand::Compare(args) => cli::compare(&args, &mut out),
        TopCommand::Report(args) => cli::report(&args, &mut out),
        TopCommand::Ruleset(args) => cli::ruleset(args, &mut out),
    };
    // What a command printed comes before the line saying why it failed.
    let flushed = out.flush();
    let result = result.and_then(|()| Ok(flushed?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => report(error),
    }
}

/// Prints clap's own message (help, version, or a usage error) and its exit code.
fn clap_exit(error: &clap::Error) -> ExitCode {
    let _ = error.print();
    ExitCode::from(error.exit_code() as u8)
}

/// One `variant-run: <what is wrong>` line (with causes), exit code 2 (1 when `test`
/// found reports that differ); a closed pipe (`| head`) is not a failure.
fn report(error: Failure) -> ExitCode {
    if let Some(io) = error.downcast_ref::<io::Error>() {
        if io.kind() == io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
    }
    if let Some(e) = error.downcast_ref::<clap::Error>() {
        return clap_exit(e);
    }
    // Reports that differ from their snapshots: exit code 1, as `diff` gives.
    if let Some(differ) = error.downcast_ref::<cli::TestsDiffer>() {
        eprintln!("variant-run: {differ}");
        return ExitCode::from(1);
    }
    // Messages quote what was typed or read, which may hold control characters or be
    // megabytes long.
    eprintln!("variant-run: {}", printable::message(&error.to_string()));
    let mut cause = error.source();
    while let Some(c) = cause {
        eprintln!("  caused by: {}", printable::message(&c.to_string()));
        cause = c.source();
    }
    ExitCode::from(2)
}
