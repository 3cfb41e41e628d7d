//! The shape of a ruleset's `variant.toml`, as serde reads it.
//!
//! Unknown keys are refused (`deny_unknown_fields`), so a typo is an error with its line
//! and column, never a silently ignored setting. Numbers that depend on the board size are
//! written as Rhai expressions over `size` (for example `"(size - 1) / 2"`).

use serde::Deserialize;
use std::collections::BTreeMap;
use variant_run_core::{
    ActionWords, Colour, Direction, DrawOrder, Lattice, LayoutGenerator, PlaceNames, TextKey,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantConfig {
    /// The ruleset's name, as typed on the command line.
    pub name: String,
    /// One line saying what the ruleset is, shown by `variant-run list`.
    pub summary: String,
    pub board: BoardConfig,
    pub tile: TileConfig,
    /// Exactly two players; the first listed is player 0.
    pub players: Vec<PlayerConfig>,
    pub turn: TurnConfig,
    #[serde(default)]
    pub setup: SetupConfig,
    pub rules: RulesConfig,
    /// Values the ruleset's scripts read with `game.param("name")`.
    #[serde(default)]
    pub params: BTreeMap<String, toml::Value>,
    /// Notations this ruleset reads and writes besides the server syntax, by the name
    /// `--notation <name>` chooses: `[notation.<name>]`.
    #[serde(default)]
    pub notation: BTreeMap<String, ActionNotationConfig>,
    /// Junctions drawn with a mark on the ASCII board (bases, goals), each set with a line
    /// of legend under the board.
    #[serde(default)]
    pub marks: Vec<MarkConfig>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardConfig {
    pub lattice: Lattice,
    /// Default size: tiles per side (square) or cells per side (hex).
    pub size: u32,
    /// A Rhai expression over `size` that must hold, and what it says in words.
    #[serde(default)]
    pub sizes: Option<SizeRule>,
    /// A corner is a junction when at least this many tiles share it (1: every corner).
    #[serde(default = "one")]
    pub junction_min_tiles: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeRule {
    pub rule: String,
    pub says: String,
}

fn one() -> usize {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileConfig {
    /// The states, in flip order; each a letter and its bands (lists of corner names).
    pub states: Vec<TileStateConfig>,
    /// Other tiles the ruleset can be played with, by name: `[tile.sets.<name>]` holds
    /// its own `states`, chosen with `--tiles <name>` in place of the ones above.
    #[serde(default)]
    pub sets: BTreeMap<String, TileSetConfig>,
}

/// A named alternative tile: its states, in flip order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSetConfig {
    pub states: Vec<TileStateConfig>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileStateConfig {
    pub letter: String,
    pub bands: Vec<Vec<String>>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Edge {
    Bottom,
    Top,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerConfig {
    /// The player's letter in position and turn texts.
    pub letter: String,
    /// The player's name in messages.
    pub name: String,
    /// The junction colour the player owns.
    pub colour: Colour,
    /// The board edge the player starts at.
    pub home: Edge,
    /// How many junction rows with junctions of the player's colour, counted from the home
    /// edge, the player's pieces fill at the start (a number or an expression over `size`).
    pub start_rows: Expr,
}

/// A number, or a Rhai expression over `size` giving one.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum Expr {
    Number(i64),
    Text(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnConfig {
    /// The letter of the player who makes the first piece move.
    pub first: String,
    pub flip: bool,
    pub step: bool,
    pub merge: bool,
    pub split: bool,
    pub step_then_merge: bool,
    pub step_then_split: bool,
    pub max_height: u8,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TileSetup {
    /// Tiles are laid by set-up turns, listed by the `placement` script.
    Placement,
    /// Tiles are drawn from the game's seed.
    #[default]
    Random,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SetupConfig {
    #[serde(default)]
    pub tiles: TileSetup,
    /// With `tiles = "placement"`: the script whose `placement_turns(size)` lists who
    /// places which tiles, turn by turn.
    pub placement: Option<String>,
    /// Layouts dealt from a numbered key (`--key`, `--game-id`) by a documented
    /// generator. A ruleset that has one also deals its seeded layouts with it, the seed
    /// being the key.
    pub layout: Option<KeyedLayoutConfig>,
}

/// `[setup.layout]`: how a key deals the tiles.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyedLayoutConfig {
    pub generator: LayoutGenerator,
    /// Each tile is one draw of a number from 0 to `bound - 1`.
    pub bound: i64,
    /// The order the tiles are drawn in.
    pub order: DrawOrder,
    /// The tile state letter each drawn value gives: `states[value]`.
    pub states: Vec<String>,
    /// How a text game id becomes a key, if the ruleset reads game ids.
    pub game_id: Option<TextKey>,
}

/// Script paths are relative to the variant folder; a file not found there is looked
/// for in the shared `scripts/` folder, so rulesets can reuse each other's rules.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    /// Script defining `can_capture(landing, defender, defender_at_home)`.
    pub capture: String,
    /// Script defining `game_result(game)`.
    pub end: String,
}

/// `[notation.<name>]`: a notation of keywords, places and direction letters
/// (`Flip C 3, Move B 2 D 4`, `Split D 4 WNE`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionNotationConfig {
    pub places: PlaceNames,
    /// A tile is named by the junction at this corner (a corner name of the lattice).
    pub tile_corner: String,
    /// Direction letters, in the order a split's or merge's letters are written.
    pub directions: Vec<Direction>,
    /// Written between the actions of one turn.
    pub separator: String,
    pub words: ActionWords,
}

/// `[[marks]]`: junctions drawn inside a pair of brackets on the board.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkConfig {
    /// The `[params]` entry that lists the junctions, so the scripts and the board read
    /// one list.
    pub param: String,
    /// The two characters drawn around each marked junction, such as `"[]"`.
    pub brackets: String,
    /// What the mark means, for the legend line under the board.
    pub legend: String,
}
