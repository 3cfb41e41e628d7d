//! Command-line arguments, in two stages: clap reads the raw flags here, with a static
//! shape (every flag known before any ruleset is read); the command functions turn them
//! into library objects.
//!
//! `variant-run list`, `variant-run replay FILE`, or `variant-run <ruleset> [command]
//! [options]`. Each command holds the groups of options it takes ([`super::groups`]), so
//! clap refuses any other, and its `--help` lists exactly its own.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use variant_run::play::evaluation;
use variant_run::play::show::Show;

use super::groups::{
    player_kinds_help, GameChoice, LoadArgs, NotationArg, PlayersArgs, ShardArgs, StartArgs,
    StudyArgs, ThreadsArg,
};

const EXAMPLES: &str = "\
Examples:
  variant-run list
  variant-run truchet-browne --seed 7
  variant-run truchet-browne play --player x=human
  variant-run trugo play --player o=human --record game.txt
  variant-run replay game.txt --show all
  variant-run check ./my-truchet
  variant-run test truchet-browne
  variant-run test ./my-truchet --accept
  variant-run replay game.txt --svg pictures/
  variant-run truchet-hex show --svg board.svg
  variant-run truchet-browne moves --position \"rrr/rrr/rrr .o../..o./xo2o2x/.xx. x\"
  variant-run truchet-browne moves a1        (the turns of the stack on a1)
  variant-run trugo perft 3 --divide
  variant-run truchet-browne match --games 200 --player x=greedy --player o=random
  variant-run compare truchet-browne ./my-truchet --games 200 --html report.html
  variant-run truchet-browne match --games 1000 --shard 2/4 --out results/
  variant-run report results/ --html report.html
  variant-run report playtest/ --html playtest.html
  variant-run truchet-browne bench --seconds 5 --json
  variant-run truchet-browne serve --open
  variant-run ./my-truchet show --watch
  variant-run <ruleset> --help       (the commands of a ruleset)
  variant-run <ruleset> play --help  (the options of one of its commands)";

#[derive(Debug, Parser)]
#[command(
    name = "variant-run",
    version,
    about = "Run, play and test rule variants of the Truchet family of games",
    after_help = EXAMPLES,
    subcommand_value_name = "RULESET|COMMAND",
    subcommand_help_heading = "Commands (or the name or path of a ruleset)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: TopCommand,
}

#[derive(Debug, Subcommand)]
pub enum TopCommand {
    /// List the rulesets found (in ./variants and the project's own folder)
    List,
    /// Replay a game record, checking every turn: what `play` prints, or writes with
    /// `--record`
    Replay(ReplayArgs),
    /// Load and lint rulesets without playing (all those `list` shows, if none is
    /// named): every problem with its file, line and column; exit code 2 if any
    Check(CheckArgs),
    /// Run rulesets' own tests in seconds: every fixture's report (describe, check,
    /// positions/, perft/, games/) compared with its snapshot in snapshots/, each change
    /// shown as a diff; exit code 1 if one differs. `--accept` writes the new snapshots
    Test(TestArgs),
    /// The report of a study played in shards (`--shard K/N --out DIR`), from their
    /// results files: what the study's command prints when it plays every game itself;
    /// or of a folder of game records (`play --record`), added up like a match
    Report(ReportArgs),
    /// Play the same seeded games on two rulesets and show their reports side by side:
    /// `variant-run compare <A> <B> --games N [options]`
    // Boxed: the options it holds make it far larger than the other commands.
    Compare(Box<CompareArgs>),
    /// `variant-run <ruleset> [command] [options]`: play, show, list turns, count perft
    #[command(external_subcommand)]
    Ruleset(Vec<OsString>),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Names or paths of rulesets
    #[arg(value_name = "RULESET")]
    pub rulesets: Vec<String>,
}

#[derive(Debug, Args)]
pub struct TestArgs {
    /// Names or paths of rulesets (every ruleset `list` shows and every ruleset folder
    /// below this one with a snapshots/ folder, if none is named)
    #[arg(value_name = "RULESET|DIR")]
    pub rulesets: Vec<String>,
    /// Write each changed or new report as its snapshot, and remove the snapshots no
    /// fixture makes any more
    #[arg(long)]
    pub accept: bool,
    /// Only the fixtures whose name holds NAME (`positions/last-piece`, `perft`,
    /// `games/`, `describe`); repeatable
    #[arg(long, value_name = "NAME")]
    pub only: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record: a file, or `-` for standard input
    pub file: PathBuf,
    /// Draw the board after every turn (`all`), where play starts (`start`, after any
    /// set-up turns), after turn N, or only at the end (`end`, the default); the board
    /// at the end is always drawn
    #[arg(long, value_name = "all|start|N|end", default_value = "end")]
    pub show: Show,
    /// Write an SVG picture of every position into this folder (made if missing):
    /// 000.svg for the start, 001.svg after turn 1 with that turn drawn in orange, ...
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Folders or files: a study's results (the *.jsonl files of a folder), or game
    /// records (the *.txt files of a folder, or any file named that does not end
    /// .jsonl), not both. Every record must replay to its result, name both players on
    /// its `players` line, and be a game of the same ruleset, size, tiles and params
    #[arg(required = true, value_name = "DIR|FILE")]
    pub paths: Vec<PathBuf>,
    /// Print the report as JSON instead of a table
    #[arg(long)]
    pub json: bool,
    /// Also write the report as one HTML page, with charts, to this file
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Report the games that are in, and say which are missing, instead of refusing
    /// (results files only: a folder of records has no missing games)
    #[arg(long)]
    pub partial: bool,
}

#[derive(Debug, Args)]
#[command(after_help = player_kinds_help())]
pub struct CompareArgs {
    /// The first ruleset, A: a name from `variant-run list` or the path of a variant folder
    pub a: String,
    /// The second ruleset, B
    pub b: String,
    #[command(flatten)]
    pub players: PlayersArgs,
    #[command(flatten)]
    pub study: StudyArgs,
    // Both rulesets load with the same options.
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

impl CompareArgs {
    pub fn choice(&self) -> GameChoice<'_> {
        GameChoice {
            load: &self.load,
            start: Some(&self.start),
            notation: None,
            players: Some(&self.players),
        }
    }
}

/// `variant-run <ruleset> ...`: the second stage, parsed once the first stage has taken
/// the ruleset's name off the front (and `command_first`, in flags.rs above this file,
/// has put the command's name first).
#[derive(Debug, Parser)]
#[command(
    name = "variant-run <ruleset>",
    about = "A ruleset's commands; `play` is the default",
    after_help = "`variant-run <ruleset> <command> --help` lists the options of a command."
)]
pub struct RulesetCli {
    #[command(subcommand)]
    pub command: RulesetCommand,
}

/// The options a game record keeps (its `options` line): those that choose the game.
#[derive(Debug, Parser)]
#[command(name = "options")]
pub struct RecordOptions {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub notation: NotationArg,
}

impl RecordOptions {
    pub fn choice(&self) -> GameChoice<'_> {
        GameChoice {
            load: &self.load,
            start: Some(&self.start),
            notation: Some(&self.notation),
            players: None,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum RulesetCommand {
    /// Play a game and print its record with boards between the turns (`--show`; the
    /// default command)
    #[command(after_help = player_kinds_help())]
    Play(PlayArgs),
    /// Print the position text where play starts (after any set-up turns)
    Position(PositionArgs),
    /// Draw a position
    Show(ShowArgs),
    /// List the legal turns of a position, one canonical text per line; with a FILTER,
    /// only those that concern one place: a junction (`a1`; those that move the stack
    /// there, or bring pieces to it), a tile (`bc34`; those that flip, lay or take it
    /// away), or `junction NAME`, `stack NAME`, `tile NAME` where a name means both
    Moves(MovesArgs),
    /// Count the distinct turn sequences of a given length
    Perft(PerftArgs),
    /// Describe the ruleset as it loads: board, tiles, players, turn forms, capture
    /// table, counters, scripts, the goals the players read from the end rule, params
    Describe(DescribeArgs),
    /// Play many seeded games between two computer players and report what they add up
    /// to: wins, draws, game length, captures, branching factor, how games ended
    #[command(after_help = player_kinds_help())]
    Match(MatchArgs),
    /// The ruleset's report card: a skill ladder of players of rising strength, and the
    /// quality criteria of a search player's self-play (docs/criteria.md)
    #[command(after_help = player_kinds_help())]
    Evaluate(EvaluateArgs),
    /// Measure the ruleset's speed: random playouts and perft from where play starts
    Bench(BenchArgs),
    /// Playtest in a browser: a local web server and a page to play on by clicking,
    /// with a seat link per side for playtesters, computer opponents, records, and rules
    /// that reload as they are saved
    #[command(after_help = player_kinds_help())]
    Serve(ServeArgs),
}

impl RulesetCommand {
    /// The groups of options that choose the command's game.
    pub fn choice(&self) -> GameChoice<'_> {
        let game = |load, start, notation, players| GameChoice {
            load,
            start: Some(start),
            notation,
            players,
        };
        match self {
            RulesetCommand::Play(a) => game(&a.load, &a.start, Some(&a.notation), Some(&a.players)),
            RulesetCommand::Position(a) => game(&a.load, &a.start, None, None),
            RulesetCommand::Show(a) => game(&a.load, &a.start, None, None),
            RulesetCommand::Moves(a) => game(&a.load, &a.start, Some(&a.notation), None),
            RulesetCommand::Perft(a) => game(&a.load, &a.start, Some(&a.notation), None),
            RulesetCommand::Describe(a) => GameChoice {
                load: &a.load,
                start: None,
                notation: None,
                players: None,
            },
            RulesetCommand::Match(a) => game(&a.load, &a.start, None, Some(&a.players)),
            RulesetCommand::Evaluate(a) => game(&a.load, &a.start, None, None),
            RulesetCommand::Bench(a) => game(&a.load, &a.start, None, None),
            RulesetCommand::Serve(a) => {
                game(&a.load, &a.start, Some(&a.notation), Some(&a.players))
            }
        }
    }

    /// Whether the command is to run again whenever the ruleset's files change.
    pub fn watch(&self) -> bool {
        match self {
            RulesetCommand::Play(a) => a.watch.watch,
            RulesetCommand::Show(a) => a.watch.watch,
            _ => false,
        }
    }
}

/// `--watch`, for the commands whose output a designer watches while editing.
#[derive(Debug, Args, Clone)]
pub struct WatchArg {
    /// Run again whenever the ruleset's files change (its folder, those it extends, the
    /// shared scripts), until stopped with Ctrl-C
    #[arg(long)]
    pub watch: bool,
}

#[derive(Debug, Args, Clone)]
pub struct PlayArgs {
    /// Also write the game's record to this file
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Draw the board after every turn (`all`, the default when a person plays), where
    /// play starts (`start`, after any set-up turns; the default between computer
    /// players), after turn N, or only at the end (`end`); the board at the end is
    /// always drawn
    #[arg(long, value_name = "all|start|N|end")]
    pub show: Option<Show>,
    #[command(flatten)]
    pub watch: WatchArg,
    #[command(flatten)]
    pub notation: NotationArg,
    #[command(flatten)]
    pub players: PlayersArgs,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Debug, Args, Clone)]
pub struct PositionArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Debug, Args, Clone)]
pub struct ShowArgs {
    /// Also write the position as an SVG picture to this file
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub watch: WatchArg,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Debug, Args, Clone)]
pub struct MovesArgs {
    /// A junction's or tile's name, maybe after `junction`, `stack` or `tile`
    #[arg(value_name = "FILTER")]
    pub filter: Vec<String>,
    #[command(flatten)]
    pub notation: NotationArg,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Debug, Args, Clone)]
pub struct PerftArgs {
    /// Number of turns
    pub depth: u32,
    /// First list each legal turn with its own count, as each is counted
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub notation: NotationArg,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Debug, Args, Clone)]
pub struct DescribeArgs {
    #[command(flatten)]
    pub load: LoadArgs,
}

#[derive(Debug, Args, Clone)]
pub struct MatchArgs {
    #[command(flatten)]
    pub players: PlayersArgs,
    #[command(flatten)]
    pub study: StudyArgs,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

/// `evaluate`'s options.
#[derive(Debug, Args, Clone)]
pub struct EvaluateArgs {
    /// The ladder's player kinds, weakest first, separated by commas
    #[arg(long, value_name = "KINDS", default_value = evaluation::DEFAULT_LADDER)]
    pub ladder: String,
    /// The self-play search player's budget: playouts (`150`) or time (`500ms`)
    #[arg(long, value_name = "BUDGET", default_value = evaluation::DEFAULT_BUDGET)]
    pub budget: String,
    /// Games of each ladder step and of the self-play match
    #[arg(long, value_name = "N", default_value_t = evaluation::DEFAULT_GAMES)]
    pub games: usize,
    /// Stop a game that has not ended after this many turns; it counts as unfinished
    #[arg(long, value_name = "N", default_value_t = evaluation::DEFAULT_MAX_TURNS)]
    pub max_turns: usize,
    /// Print the report card as JSON instead of text
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub shards: ShardArgs,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

/// `bench`'s options.
#[derive(Debug, Args, Clone)]
pub struct BenchArgs {
    /// Seconds each figure runs for
    #[arg(long, default_value_t = 2.0, value_name = "N")]
    pub seconds: f64,
    /// Count perft at this depth (default: the deepest that fits in the seconds)
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Play exactly N playout turns per figure and count perft once, instead of filling
    /// the seconds: equal work for instruction counts (valgrind --tool=callgrind)
    #[arg(long, value_name = "N")]
    pub turns: Option<u64>,
    /// Print the figures as JSON instead of a table
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}

/// `serve`'s options.
#[derive(Debug, Args, Clone)]
pub struct ServeArgs {
    /// The port to listen on (0: one the system picks; the address is printed)
    #[arg(long, default_value_t = 8787)]
    pub port: u16,
    /// The address to listen on; only this machine can reach the default. Another
    /// address lets other machines reach the page: they watch, and play only the seat
    /// whose link they were given
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDRESS")]
    pub host: std::net::IpAddr,
    /// Open the page in the browser ($BROWSER, else the system's own); when none opens,
    /// one line says so and gives the address to open by hand
    #[arg(long)]
    pub open: bool,
    /// Seconds a request may take to arrive (its headers, then its body) and a kept-open
    /// connection may sit idle; a response the browser stops reading is given up after
    /// three times as long
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = variant_run::serve::ClientTimeouts::DEFAULT_SECONDS,
        value_parser = clap::value_parser!(u64).range(1..=3600)
    )]
    pub client_timeout: u64,
    /// Keep every game people play on the page as a record in this folder (made if
    /// missing), for `variant-run report DIR`
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    #[command(flatten)]
    pub notation: NotationArg,
    #[command(flatten)]
    pub players: PlayersArgs,
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub start: StartArgs,
}
