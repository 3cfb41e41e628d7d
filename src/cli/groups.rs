//! The groups of options that several commands share, each a clap `Args` struct that a
//! command holds (flattened) when it takes those options. clap then reads a group's flags
//! on the commands that hold it and refuses them on the others, and each command's
//! `--help` lists exactly the flags it takes, under the group's heading.
//!
//! Each group also fills in its part of the game a command plays or asks about: a
//! [`GameChoice`] is the groups a command holds, and makes the library's [`GameSetup`].

use std::path::PathBuf;

use clap::Args;
use variant_run::parallel;
use variant_run::play::player_kind::PLAYER_KINDS;
use variant_run::play::setup::{GameSetup, PlayerChoice, StartChoice};
use variant_run::play::tournament::DEFAULT_MAX_TURNS;

use super::Failure;

/// How the ruleset loads: every command of a ruleset takes these.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Loading the ruleset")]
pub struct LoadArgs {
    /// Board size (tiles or cells per side), instead of the ruleset's default; a position
    /// text gives its own
    #[arg(long)]
    pub size: Option<u32>,
    /// Play with a tile set the ruleset names in `[tile.sets]`
    #[arg(long, value_name = "NAME")]
    pub tiles: Option<String>,
    /// Override a `[params]` entry, written as in TOML (`--param stacking=false`);
    /// repeatable
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, String)>,
}

/// Where the game starts, and the seed of its random draws.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Where the game starts")]
pub struct StartArgs {
    /// Seed of every random draw (tiles, computer players); default 1
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from this tile layout (the tile field of a position text) or `random`,
    /// skipping any tile-placement turns
    #[arg(long, allow_hyphen_values = true)]
    pub layout: Option<String>,
    /// Deal the tiles from this key with the ruleset's keyed generator (`[setup.layout]`)
    #[arg(long, allow_negative_numbers = true)]
    pub key: Option<i64>,
    /// Deal the tiles from the key of this text game id (`[setup.layout.game_id]`)
    #[arg(long, value_name = "TEXT")]
    pub game_id: Option<String>,
    /// A position text to start from, to draw, or to list or count the turns of
    // A patch position may start with `-` (no tiles): a value, not a flag.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
}

impl StartArgs {
    /// The one start the flags choose (the ruleset's own set-up without any).
    fn start(&self) -> Result<StartChoice, Failure> {
        let starts: Vec<(&str, StartChoice)> = [
            // Texts pasted from elsewhere often carry a space or a line ending: trimmed,
            // as position texts are.
            self.layout.as_ref().map(|l| match l.trim() {
                "random" => ("--layout", StartChoice::RandomLayout),
                tiles => ("--layout", StartChoice::Layout(tiles.to_string())),
            }),
            self.key.map(|k| ("--key", StartChoice::Key(k))),
            self.game_id
                .clone()
                .map(|id| ("--game-id", StartChoice::GameId(id))),
            self.position
                .clone()
                .map(|p| ("--position", StartChoice::Position(p.trim().to_string()))),
        ]
        .into_iter()
        .flatten()
        .collect();
        match &starts[..] {
            [] => Ok(StartChoice::Setup),
            [(_, one)] => Ok(one.clone()),
            [(a, _), (b, _), ..] => {
                Err(format!("{a} and {b} both say where the game starts; give one").into())
            }
        }
    }
}

/// The notation turns are read and written in.
#[derive(Debug, Args, Clone, Default)]
pub struct NotationArg {
    /// Read and write turns in this notation: `server` (the default) or one the ruleset
    /// describes in `[notation.<name>]`
    #[arg(long, value_name = "NAME")]
    pub notation: Option<String>,
}

/// Who plays, and how long a game may last.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Players")]
pub struct PlayersArgs {
    /// Who plays a side: `<letter>=<kind>`, the kinds below; repeatable
    #[arg(long = "player", value_name = "LETTER=KIND", help = player_help())]
    pub players: Vec<PlayerChoice>,
    #[command(flatten)]
    pub limit: TurnLimit,
}

/// `--player`'s help: the kinds' names as [`PLAYER_KINDS`] lists them.
fn player_help() -> String {
    let names: Vec<&str> = PLAYER_KINDS.iter().map(|(kind, _)| kind.name()).collect();
    format!(
        "Who plays a side: `<letter>=<kind>`, kind one of {} (a search player with a \
         budget: mcts:2000, mcts:500ms, alphabeta:6); repeatable",
        names.join(", ")
    )
}

/// The kinds of player and what each does, for the help of the commands that take them.
pub fn player_kinds_help() -> String {
    let width = PLAYER_KINDS
        .iter()
        .map(|(k, _)| k.name().len())
        .max()
        .unwrap_or(0);
    let mut help = String::from("Player kinds (--player <letter>=<kind>):\n");
    for (kind, does) in PLAYER_KINDS {
        let mut line = format!("  {:<width$}  ", kind.name());
        for word in does.split_whitespace() {
            if line.len() + 1 + word.len() > 88 {
                help.push_str(line.trim_end());
                help.push('\n');
                line = " ".repeat(width + 4);
            } else if !line.ends_with(' ') {
                line.push(' ');
            }
            line.push_str(word);
        }
        help.push_str(&line);
        help.push('\n');
    }
    help.push_str("\nWithout --player, the first player is greedy and the second random.");
    help
}

/// When a game that has not ended stops.
#[derive(Debug, Args, Clone, Default)]
pub struct TurnLimit {
    /// Stop a game that has not ended after this many turns (default 2000; in a match, it
    /// counts as unfinished)
    #[arg(long, value_name = "N")]
    pub max_turns: Option<usize>,
}

impl TurnLimit {
    pub fn max_turns(&self) -> usize {
        self.max_turns.unwrap_or(DEFAULT_MAX_TURNS)
    }
}

/// How many threads the work is shared out over.
#[derive(Debug, Args, Clone, Default)]
pub struct ThreadsArg {
    /// Work on this many threads (default: one per core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

impl ThreadsArg {
    /// The threads `--threads` asks for (one per core without it), at most
    /// [`parallel::MAX_THREADS`].
    pub fn pool(&self) -> Result<rayon::ThreadPool, Failure> {
        let threads = self.threads.map(usize::from);
        if let Some(n) = threads.filter(|&n| n > parallel::MAX_THREADS) {
            return Err(format!(
                "--threads {n}: at most {} (threads beyond the cores only wait their turn, \
                 and each holds its own copy of the ruleset)",
                parallel::MAX_THREADS
            )
            .into());
        }
        Ok(parallel::pool(threads)?)
    }
}

/// A study played in shards, on many machines or over many runs (docs/studies.md).
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Playing in shards")]
pub struct ShardArgs {
    /// Play only shard K of N of the games (`--shard 2/4`), or the task's shard in a
    /// Slurm job array (`--shard slurm`); needs --out
    #[arg(long, value_name = "K/N|slurm")]
    pub shard: Option<String>,
    /// Write each game to a results file in this folder as it ends, and play only the
    /// games it does not hold yet; `variant-run report DIR` merges the shards' files
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// What `match` and `compare` take beyond the game: how many games, how they are shared
/// out, and how their report is written.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "The study")]
pub struct StudyArgs {
    /// How many games to play (default 100)
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// Print the report as JSON instead of a table
    #[arg(long)]
    pub json: bool,
    /// With --json, list every position of each game in `game_list` (turn, legal turns,
    /// value, evaluation from each side, pieces, position text): the data to work the
    /// quality criteria out again (docs/criteria.md)
    #[arg(long)]
    pub positions: bool,
    /// Also write the report as one HTML page, with charts, to this file
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub shards: ShardArgs,
}

impl StudyArgs {
    /// Whether the options ask for the report in a form of its own (JSON, a page).
    pub fn writes_report(&self) -> bool {
        self.json || self.html.is_some()
    }
}

/// The groups a command holds that choose its game; those it does not take are `None`,
/// and their part of the game is the default.
pub struct GameChoice<'a> {
    pub load: &'a LoadArgs,
    pub start: Option<&'a StartArgs>,
    pub notation: Option<&'a NotationArg>,
    pub players: Option<&'a PlayersArgs>,
}

impl GameChoice<'_> {
    /// The game these options choose on `ruleset`.
    pub fn setup(&self, ruleset: &str) -> Result<GameSetup, Failure> {
        let start = self.start.cloned().unwrap_or_default();
        let setup = GameSetup {
            ruleset: ruleset.to_string(),
            size: self.load.size,
            tiles: self.load.tiles.clone(),
            params: self.load.params.clone(),
            start: start.start()?,
            seed: start.seed.unwrap_or(1),
            notation: self.notation.and_then(|n| n.notation.clone()),
            players: self.players.map(|p| p.players.clone()).unwrap_or_default(),
        };
        setup.check_texts()?;
        Ok(setup)
    }
}

fn parse_param(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_string(), value.to_string())),
        _ => Err(format!(
            "`{text}` is not `<name>=<value>`, such as `stacking=false`"
        )),
    }
}
