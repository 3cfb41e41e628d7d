//! The shape of a ruleset's `variant.toml`, as serde reads it.
//!
//! Unknown keys are refused (`deny_unknown_fields`), so a typo is an error with its line
//! and column, never a silently ignored setting. Numbers and conditions that depend on
//! the board size or on the ruleset's options are written as Rhai expressions over
//! `size` and the `[params]` (for example `"(size - 1) / 2"`, `"if stacking { 2 } else
//! { 1 }"`).

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
    /// `[limits]`: the sandbox's limits for this ruleset's scripts, where it needs other
    /// values than the defaults (see `script::limits`).
    #[serde(default)]
    pub limits: LimitsConfig,
    /// `[[pieces]]`: the kinds of piece, the first being the one start rows and
    /// `[setup] supply` give; none listed is one plain kind.
    #[serde(default)]
    pub pieces: Vec<PieceConfig>,
    /// `[[counters]]`: numbers the game keeps beside the board, which scripts read and
    /// change.
    #[serde(default)]
    pub counters: Vec<CounterConfig>,
}

/// `[[pieces]]`: one kind of piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceConfig {
    /// The kind's name, as scripts and messages name it (`"king"`).
    pub name: String,
    /// One letter, written after the owner's in position texts (`xK`); the first kind's
    /// is never written.
    pub letter: String,
    /// Whether pieces of this kind stand in stacks with others (merge, split, pin and
    /// are pinned); a kind that does not always stands alone.
    #[serde(default = "yes")]
    pub stacks: bool,
    /// Junctions where each player has a piece of this kind at the start, by the
    /// player's letter: `start = { x = ["d1"], o = ["e8"] }` (fixed boards only). A
    /// start row's piece there is replaced.
    #[serde(default)]
    pub start: BTreeMap<String, Vec<String>>,
    /// Pieces of this kind each player holds off the board at the start, to drop or to
    /// receive (a number or an expression; the first kind's is `[setup] supply`).
    pub supply: Option<Expr>,
}

/// `[[counters]]`: one number the game keeps, for each player or for the game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterConfig {
    /// The counter's name, as scripts and position texts name it (`flips`).
    pub name: String,
    /// `"player"`: one value for each player; `"game"`: one for the game.
    #[serde(default)]
    pub per: CounterScope,
    /// The value a game starts with (a number or an expression; 0 when left out).
    pub start: Option<Expr>,
    /// The smallest value it may take (0 when left out).
    pub min: Option<Expr>,
    /// The largest value it may take (1,000,000 when left out).
    pub max: Option<Expr>,
}

/// Whom a counter counts for.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum CounterScope {
    #[default]
    Player,
    Game,
}

/// `[limits]`: each key sets one limit of `script::limits::LIMITS`; a key left out keeps
/// its default.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct LimitsConfig {
    pub operations: Option<u64>,
    pub call_depth: Option<u64>,
    pub expression_depth: Option<u64>,
    pub string_bytes: Option<u64>,
    pub array_items: Option<u64>,
    pub map_entries: Option<u64>,
    pub memory_mb: Option<u64>,
    pub time_ms: Option<u64>,
    pub print_bytes_per_call: Option<u64>,
    pub print_bytes_per_game: Option<u64>,
}

impl LimitsConfig {
    /// The keys set, with their values.
    pub fn set(&self) -> Vec<(&'static str, u64)> {
        [
            ("operations", self.operations),
            ("call_depth", self.call_depth),
            ("expression_depth", self.expression_depth),
            ("string_bytes", self.string_bytes),
            ("array_items", self.array_items),
            ("map_entries", self.map_entries),
            ("memory_mb", self.memory_mb),
            ("time_ms", self.time_ms),
            ("print_bytes_per_call", self.print_bytes_per_call),
            ("print_bytes_per_game", self.print_bytes_per_game),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.map(|v| (key, v)))
        .collect()
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardConfig {
    pub lattice: Lattice,
    /// The board's shape: the lattice's standard one (a square of squares, a hexagon of
    /// hexagons), or a patch that starts empty and grows and shrinks as tiles are placed
    /// and removed.
    #[serde(default)]
    pub shape: BoardShape,
    /// Default size of a standard shape: tiles per side (square) or cells per side (hex).
    pub size: Option<u32>,
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

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BoardShape {
    /// The lattice's standard shape at `size`.
    #[default]
    Standard,
    /// No board: the tiles placed so far.
    Patch,
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

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Edge::Bottom => "bottom",
            Edge::Top => "top",
        })
    }
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
    /// The board edge the player starts at (with `start_rows`; a ruleset whose pieces
    /// arrive during play has neither).
    pub home: Option<Edge>,
    /// How many junction rows with junctions of the player's colour, counted from the home
    /// edge, the player's pieces fill at the start (a number or an expression).
    pub start_rows: Option<Expr>,
}

/// A number, a truth value, or a Rhai expression over `size` and the `[params]` giving
/// one.
#[derive(Debug, Clone)]
pub enum Expr {
    Number(i64),
    Bool(bool),
    Text(String),
}

impl<'de> Deserialize<'de> for Expr {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Expr, D::Error> {
        struct ExprVisitor;
        impl serde::de::Visitor<'_> for ExprVisitor {
            type Value = Expr;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number, true or false, or an expression in quotes such as \"(size - 1) / 2\"")
            }
            fn visit_i64<E>(self, n: i64) -> Result<Expr, E> {
                Ok(Expr::Number(n))
            }
            fn visit_bool<E>(self, b: bool) -> Result<Expr, E> {
                Ok(Expr::Bool(b))
            }
            fn visit_str<E>(self, text: &str) -> Result<Expr, E> {
                Ok(Expr::Text(text.to_string()))
            }
        }
        deserializer.deserialize_any(ExprVisitor)
    }
}

/// A turn form (`"flip? step? merge"`), or one that exists only when a condition over
/// the `[params]` holds: `{ form = "place move", when = "place_then_move" }`.
#[derive(Debug, Clone)]
pub enum FormEntry {
    Always(String),
    When(ConditionalForm),
}

impl<'de> Deserialize<'de> for FormEntry {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<FormEntry, D::Error> {
        struct FormVisitor;
        impl<'de> serde::de::Visitor<'de> for FormVisitor {
            type Value = FormEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a turn form such as \"flip? step\", or { form = \"...\", when = \"<condition>\" }")
            }
            fn visit_str<E>(self, text: &str) -> Result<FormEntry, E> {
                Ok(FormEntry::Always(text.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<FormEntry, A::Error> {
                let form = ConditionalForm::deserialize(
                    serde::de::value::MapAccessDeserializer::new(map),
                )?;
                Ok(FormEntry::When(form))
            }
        }
        deserializer.deserialize_any(FormVisitor)
    }
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ConditionalForm {
    pub form: String,
    pub when: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnConfig {
    /// The letter of the player who makes the first turn after any set-up.
    pub first: String,
    /// The forms a turn takes: a flip, a tile action (place, remove), a piece action
    /// (step, merge, split, move), in that order, `?` marking a part that may be left out.
    pub forms: Vec<FormEntry>,
    /// No stack may be taller than this (a number or an expression).
    pub max_height: Expr,
    /// `[turn.place]`: how a placement fills the junctions it creates.
    #[serde(default)]
    pub place: PlaceConfig,
    /// `[turn.remove]`: which tiles may be removed.
    #[serde(default)]
    pub remove: RemoveConfig,
    /// `[turn.drop]`: where a piece from the supply may be dropped.
    #[serde(default)]
    pub drop: DropConfig,
}

/// `[turn.drop]`: which empty junctions a drop may go to.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DropConfig {
    /// By colour, seen from the player who drops (any colour when left out).
    pub to: Option<DropTarget>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DropTarget {
    /// Any empty junction.
    #[default]
    Any,
    /// Only junctions of the dropping player's colour.
    OwnColour,
    /// Only junctions of the other player's colour.
    OtherColour,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PlaceConfig {
    /// `"supply"`: every junction a placement creates receives a piece of its colour from
    /// that player's supply, while it lasts.
    pub pieces: Option<PiecesFrom>,
    /// Script defining `receiver(junction_owner, placer)`: who receives a piece, from
    /// their supply, on a new junction of `junction_owner`'s colour when `placer` places
    /// a tile (a player's letter, or `""` for nobody). Instead of `pieces`; tabulated once.
    pub receiver: Option<HookScript>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PiecesFrom {
    /// Every new junction gets a piece of its colour from its owner's supply.
    Supply,
    /// Only the placing player's: the new junctions of their colour get their pieces.
    PlacerSupply,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveConfig {
    /// A removed tile has at least this many consecutive sides without a neighbour.
    #[serde(default)]
    pub free_sides: u8,
    /// The tiles left must stay connected.
    #[serde(default = "yes")]
    pub keep_connected: bool,
    /// Tiles are removed only once the pool is empty.
    #[serde(default)]
    pub when_pool_empty: bool,
}

impl Default for RemoveConfig {
    fn default() -> RemoveConfig {
        RemoveConfig {
            free_sides: 0,
            keep_connected: true,
            when_pool_empty: false,
        }
    }
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TileSetup {
    /// Tiles are laid by set-up turns, listed by the `placement` script.
    Placement,
    /// Tiles are drawn from the game's seed.
    #[default]
    Random,
    /// Tiles come from a pool during play (a patch board): `pool` says how many.
    Pool,
}

impl std::fmt::Display for TileSetup {
    /// The word a ruleset's TOML uses.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TileSetup::Placement => "placement",
            TileSetup::Random => "random",
            TileSetup::Pool => "pool",
        })
    }
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SetupConfig {
    #[serde(default)]
    pub tiles: TileSetup,
    /// With `tiles = "placement"`: the script whose `placement_turns(size)` lists who
    /// places which tiles, turn by turn.
    pub placement: Option<HookScript>,
    /// Layouts dealt from a numbered key (`--key`, `--game-id`) by a documented
    /// generator. A ruleset that has one also deals its seeded layouts with it, the seed
    /// being the key.
    pub layout: Option<KeyedLayoutConfig>,
    /// With `tiles = "pool"`: how many tiles the pool holds at the start.
    pub pool: Option<Expr>,
    /// How many pieces each player has to receive during play (a supply).
    pub supply: Option<Expr>,
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
    /// Script defining `can_capture(landing, defender, defender_at_home)`: when a merged
    /// stack or substack landing on an enemy stack captures it. Without it, a landing
    /// never captures.
    pub capture: Option<HookScript>,
    /// Script defining `after_turn(game)`: rules run once after every turn (captures by
    /// surrounding).
    pub after_turn: Option<HookScript>,
    /// Script defining `game_result(game)`.
    pub end: HookScript,
    /// Script defining `evaluate(game, player)`: how good a position is for `player`, in
    /// pieces' worth (positive: ahead). The computer players aim by it; without it they
    /// count material (pieces on the board and still to receive).
    pub evaluate: Option<HookScript>,
    /// Script defining `allowed(game, turn)`: refuses turns the forms allow, with a
    /// reason. Without it every turn the forms allow is legal.
    pub allowed: Option<HookScript>,
    /// Where the pieces a landing takes go.
    #[serde(default)]
    pub taken: Taken,
}

/// `[rules] taken`: where pieces a landing takes go.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Taken {
    /// Out of the game.
    #[default]
    Out,
    /// Back to their owner's supply.
    ToOwner,
    /// To the taker's supply, as the taker's own pieces.
    ToTaker,
}

/// What a hook's key holds: the path of its script, or `false`, which drops a hook the
/// ruleset would inherit from the one it extends (a derived ruleset cannot simply leave
/// the key out: that keeps the base's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookScript {
    Path(String),
    Dropped,
}

impl<'de> Deserialize<'de> for HookScript {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<HookScript, D::Error> {
        struct HookVisitor;
        impl serde::de::Visitor<'_> for HookVisitor {
            type Value = HookScript;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a script path in quotes such as \"rules/end.rhai\", or false to drop \
                     the hook",
                )
            }
            fn visit_str<E>(self, text: &str) -> Result<HookScript, E> {
                Ok(HookScript::Path(text.to_string()))
            }
            fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<HookScript, E> {
                if b {
                    // `true` would have to mean "some script": which one is the question.
                    Err(E::invalid_value(serde::de::Unexpected::Bool(true), &self))
                } else {
                    Ok(HookScript::Dropped)
                }
            }
        }
        deserializer.deserialize_any(HookVisitor)
    }
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

/// Overrides `[params]` entries with values written as in TOML, each keeping the type of
/// the entry it replaces (a whole number stays a whole number, a list stays a list).
///
/// # Errors
/// A name that is not a param, or a value that does not read or has another type.
pub fn override_params(
    params: &mut BTreeMap<String, toml::Value>,
    overrides: &[(String, String)],
) -> Result<(), super::VariantError> {
    let bad = |message: String| super::VariantError::Param { message };
    for (name, text) in overrides {
        let Some(old) = params.get(name) else {
            let known: Vec<&str> = params.keys().map(String::as_str).collect();
            return Err(bad(format!(
                "`{name}` is not a param of this ruleset; its params are {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        };
        // A bare word that is not TOML is read as a string, so `--param name=x` works
        // without quotes for a text param.
        let value = toml::from_str::<BTreeMap<String, toml::Value>>(&format!("v = {text}"))
            .ok()
            .and_then(|mut t| t.remove("v"))
            .or_else(|| {
                matches!(old, toml::Value::String(_)).then(|| toml::Value::String(text.clone()))
            })
            .ok_or_else(|| {
                bad(format!(
                    "{name}={text}: `{name}` is {} in the ruleset, not `{text}`",
                    type_words(old)
                ))
            })?;
        if std::mem::discriminant(&value) != std::mem::discriminant(old) {
            return Err(bad(format!(
                "{name}={text}: `{name}` is {} in the ruleset, so the value must be one too",
                type_words(old)
            )));
        }
        params.insert(name.clone(), value);
    }
    Ok(())
}

/// A TOML value's type, in words.
pub fn type_words(value: &toml::Value) -> &'static str {
    match value {
        toml::Value::String(_) => "text",
        toml::Value::Integer(_) => "a whole number",
        toml::Value::Float(_) => "a number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "a list",
        toml::Value::Table(_) => "a table",
    }
}
