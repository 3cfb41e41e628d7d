//! Command-line arguments, in two stages: clap reads the raw flags here; `main` builds
//! library objects from them. The player flags (`--x human`) are added at run time from
//! the ruleset's own player letters.

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "variant-run",
    version,
    about = "Run, play and test rule variants of the Truchet family of games",
    after_help = "Examples:\n  variant-run list\n  variant-run truchet-browne --seed 7\n  \
                  variant-run truchet-browne play --x human --o random\n  \
                  variant-run truchet-browne perft 2 --position \"<position text>\""
)]
pub struct Cli {
    /// A ruleset name (see `variant-run list`) or the path of a variant folder
    pub variant: String,

    #[command(subcommand)]
    pub command: Option<Command>,

    /// Read and write turns in this notation: `server` (the default) or one the ruleset
    /// describes in `[notation.<name>]`
    #[arg(long, global = true, value_name = "NAME")]
    pub notation: Option<String>,

    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game and show it (the default command)
    Play(PlayArgs),
    /// Print the position text at the start of the piece phase
    Position(StartArgs),
    /// Draw a position
    Show(PositionArgs),
    /// List the legal turns of a position, one canonical text per line
    Moves(PositionArgs),
    /// Count the distinct turn sequences of a given length
    Perft(PerftArgs),
}

#[derive(Debug, Args, Clone)]
pub struct StartArgs {
    /// Seed of every random draw (tiles, computer players)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Board size (tiles or cells per side), instead of the ruleset's default
    #[arg(long)]
    pub size: Option<u32>,
    /// Play with a tile set the ruleset names in `[tile.sets]`, instead of its default
    /// tiles
    #[arg(long, value_name = "NAME")]
    pub tiles: Option<String>,
    /// Start from this tile layout (the tile field of a position text) or `random`,
    /// skipping any tile-placement turns
    #[arg(long)]
    pub layout: Option<String>,
    /// Deal the tiles from this key with the ruleset's keyed generator (`[setup.layout]`;
    /// a Boardspace random key for truchet-boardspace)
    #[arg(long, allow_negative_numbers = true, conflicts_with_all = ["layout", "game_id"])]
    pub key: Option<i64>,
    /// Deal the tiles from the key of this text game id (`[setup.layout.game_id]`)
    #[arg(long, value_name = "TEXT", conflicts_with = "layout")]
    pub game_id: Option<String>,
}

#[derive(Debug, Args, Clone)]
pub struct PositionArgs {
    /// A position text; without it, the start position of `--seed`/`--layout`
    // A patch position may start with `-` (no tiles), which is a value, not a flag.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Debug, Args, Clone)]
pub struct PerftArgs {
    /// Number of turns
    pub depth: u32,
    /// First list each legal turn with its own count
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub position: PositionArgs,
}

#[derive(Debug, Args, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub start: StartArgs,
    /// Stop after this many turns if the game has not ended
    #[arg(long, default_value_t = 2000)]
    pub max_turns: usize,
}
