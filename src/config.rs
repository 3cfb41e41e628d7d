//! The shape of a ruleset's `variant.toml`, as serde reads it.
//!
//! Unknown keys are refused (`deny_unknown_fields`), so a typo is an error with its line
//! and column, never a silently ignored setting. Numbers that depend on the board size are
//! written as Rhai expressions over `size` (for example `"(size - 1) / 2"`).

use serde::Deserialize;
use std::collections::BTreeMap;

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
    /// Notations this ruleset reads and writes besides the server syntax.
    #[serde(default)]
    pub notation: NotationConfig,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum LatticeWord {
    Square,
    Hex,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardConfig {
    pub lattice: LatticeWord,
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
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileStateConfig {
    pub letter: String,
    pub bands: Vec<Vec<String>>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ColourWord {
    Dark,
    Light,
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
    pub colour: ColourWord,
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

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NotationConfig {}
