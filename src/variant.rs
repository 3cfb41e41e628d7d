//! Rulesets on disk: finding a variant folder, reading its `variant.toml`, compiling its
//! scripts, and building the model, the referee and the start of a game from them.
//!
//! ```no_run
//! let variant = variant_run::Variant::load_named("truchet-browne", None).unwrap();
//! assert_eq!(variant.model.board.junction_count(), 64);
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Array, Dynamic, Map};
use variant_run_core::{
    Board, CaptureTable, CellId, Colour, GameModel, Lattice, Outcome, PlayerId, PlayerSpec,
    Position, Referee, Rules, Stack, TileError, TileSet, TurnParts,
};

use crate::config::{
    ColourWord, Edge, Expr, LatticeWord, TileSetup, TileStateConfig, VariantConfig,
};
use crate::error::VariantError;
use crate::game_view::GameView;
use crate::script::{display_name, map_str, toml_to_dynamic, Script, ScriptError, ScriptHost};

/// The file every variant folder has.
pub const VARIANT_FILE: &str = "variant.toml";

/// One set-up turn that lays tiles: who plays it and which cells it fills, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementTurn {
    pub player: PlayerId,
    pub cells: Vec<CellId>,
}

/// Choices made when a ruleset is loaded, in place of its TOML's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// The board size instead of `[board] size`.
    pub size: Option<u32>,
    /// A tile set named in `[tile.sets]` instead of `[tile] states`.
    pub tiles: Option<String>,
}

/// A loaded ruleset at one board size.
pub struct Variant {
    pub name: String,
    pub summary: String,
    pub dir: PathBuf,
    pub size: u32,
    pub model: Arc<GameModel>,
    pub player_names: [String; 2],
    /// The player who makes the first piece move.
    pub first: PlayerId,
    pub tile_setup: TileSetup,
    /// The `[tile.sets]` entry played with, or `None` for the TOML's default tiles.
    pub tile_set: Option<String>,
    /// With placement set-up: the set-up turns, in order.
    pub placement_turns: Vec<PlacementTurn>,
    /// `[setup.layout]`: layouts dealt from a key (`--key`, `--game-id`, and the seed).
    pub keyed_layout: Option<variant_run_core::KeyedLayout>,
    /// `[notation.<name>]`: the notations besides the server syntax, by name.
    pub notations: BTreeMap<String, variant_run_core::ActionNotation>,
    /// `[[marks]]`: junctions the board draws marked, with their legends.
    pub marks: Vec<crate::render::JunctionMarks>,
    host: ScriptHost,
    end_script: Script,
    params: Rc<BTreeMap<String, Dynamic>>,
    start_stacks: Vec<Stack>,
}

/// Where variant folders are looked for: `./variants`, then the project's own folder.
pub fn library_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Ok(home) = std::env::var("VARIANT_RUN_HOME") {
        dirs.push(PathBuf::from(home).join("variants"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        dirs.push(cwd.join("variants"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants"));
    let mut seen = Vec::new();
    dirs.retain(|d| {
        let key = d.canonicalize().unwrap_or_else(|_| d.clone());
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    dirs
}

/// The variant folders found in the library, by name, with their summaries.
pub fn list_variants() -> Vec<(String, PathBuf, String)> {
    let mut found: BTreeMap<String, (PathBuf, String)> = BTreeMap::new();
    for dir in library_dirs() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let file = path.join(VARIANT_FILE);
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !file.is_file() || found.contains_key(name) {
                continue;
            }
            let summary = std::fs::read_to_string(&file)
                .ok()
                .and_then(|t| toml::from_str::<VariantConfig>(&t).ok())
                .map(|c| c.summary)
                .unwrap_or_else(|| "(variant.toml does not load; run it to see why)".into());
            found.insert(name.to_string(), (path, summary));
        }
    }
    found
        .into_iter()
        .map(|(name, (path, summary))| (name, path, summary))
        .collect()
}

/// Finds a variant folder from a name (`truchet-browne`) or a path to a folder.
///
/// # Errors
/// Nothing of that name or path holds a `variant.toml`.
pub fn find_variant(name_or_path: &str) -> Result<PathBuf, VariantError> {
    let as_path = Path::new(name_or_path);
    if as_path.join(VARIANT_FILE).is_file() {
        return Ok(as_path.to_path_buf());
    }
    if as_path.file_name().is_some_and(|f| f == VARIANT_FILE) && as_path.is_file() {
        return Ok(as_path.parent().unwrap_or(Path::new(".")).to_path_buf());
    }
    let dirs = library_dirs();
    for dir in &dirs {
        let candidate = dir.join(name_or_path);
        if candidate.join(VARIANT_FILE).is_file() {
            return Ok(candidate);
        }
    }
    Err(VariantError::NotFound {
        name: name_or_path.to_string(),
        searched: dirs,
        known: list_variants().into_iter().map(|(n, _, _)| n).collect(),
    })
}

/// The shared `scripts/` folder for a variant: beside the `variants/` folder that holds
/// it, else the project's own.
fn shared_scripts_dir(variant_dir: &Path) -> Option<PathBuf> {
    let beside = variant_dir
        .parent()
        .and_then(Path::parent)
        .map(|p| p.join("scripts"));
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    beside.into_iter().chain([own]).find(|d| d.is_dir())
}

impl Variant {
    /// Loads a variant by name or path; `size` overrides the TOML's board size.
    ///
    /// # Errors
    /// See [`Variant::load`].
    pub fn load_named(name_or_path: &str, size: Option<u32>) -> Result<Variant, VariantError> {
        Variant::load(&find_variant(name_or_path)?, size)
    }

    /// Loads a variant by name or path with the choices of [`LoadOptions`].
    ///
    /// # Errors
    /// See [`Variant::load_with`].
    pub fn load_named_with(
        name_or_path: &str,
        options: &LoadOptions,
    ) -> Result<Variant, VariantError> {
        Variant::load_with(&find_variant(name_or_path)?, options)
    }

    /// Loads the variant in `dir`: reads the TOML, compiles the scripts, builds the board
    /// and tabulates the capture rule.
    ///
    /// # Errors
    /// A missing or malformed file, a setting that does not make sense, a script that
    /// does not compile or fails, or a size the ruleset does not allow.
    pub fn load(dir: &Path, size: Option<u32>) -> Result<Variant, VariantError> {
        Variant::load_with(dir, &LoadOptions { size, tiles: None })
    }

    /// Loads the variant in `dir` with the choices of [`LoadOptions`].
    ///
    /// # Errors
    /// As [`Variant::load`], and a tile set name that `[tile.sets]` does not list.
    pub fn load_with(dir: &Path, options: &LoadOptions) -> Result<Variant, VariantError> {
        let size = options.size;
        let toml_path = dir.join(VARIANT_FILE);
        let shown = display_name(&toml_path);
        let text = std::fs::read_to_string(&toml_path).map_err(|e| VariantError::Io {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        let config: VariantConfig = toml::from_str(&text).map_err(|e| VariantError::Toml {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        let bad = |message: String| VariantError::Config {
            path: shown.clone(),
            message,
        };
        let shared = shared_scripts_dir(dir);
        let mut host = ScriptHost::new(dir, shared.as_deref());
        // Script paths name a file in the variant folder, else in the shared scripts/.
        let script_path = |key: &str, file: &str| {
            let local = dir.join(file);
            match &shared {
                _ if local.is_file() => Ok(local),
                Some(shared) if shared.join(file).is_file() => Ok(shared.join(file)),
                _ => Err(bad(format!(
                    "{key} = \"{file}\": no such script in {} or in {}",
                    display_name(dir),
                    shared
                        .as_deref()
                        .map_or("the shared scripts folder".into(), display_name)
                ))),
            }
        };

        let size = size.unwrap_or(config.board.size);
        if size == 0 || size > 40 {
            return Err(VariantError::Size {
                variant: config.name.clone(),
                size,
                says: "a size from 1 to 40".into(),
            });
        }
        let size_var = [("size", size as i64)];
        if let Some(rule) = &config.board.sizes {
            let ok = host.eval_bool(&shown, "[board] sizes.rule", &rule.rule, &size_var)?;
            if !ok {
                return Err(VariantError::Size {
                    variant: config.name.clone(),
                    size,
                    says: rule.says.clone(),
                });
            }
        }

        // Board and tiles.
        let lattice = match config.board.lattice {
            LatticeWord::Square => Lattice::Square,
            LatticeWord::Hex => Lattice::Hex,
        };
        // Every tile set is checked, so a broken alternative is reported before it is used.
        let mut tiles =
            build_tiles(lattice, &config.tile.states).map_err(|e| bad(format!("[tile] {e}")))?;
        for (name, set) in &config.tile.sets {
            let built = build_tiles(lattice, &set.states)
                .map_err(|e| bad(format!("[tile.sets.{name}] {e}")))?;
            if options.tiles.as_deref() == Some(name) {
                tiles = built;
            }
        }
        if let Some(name) = &options.tiles {
            if !config.tile.sets.contains_key(name) {
                let known: Vec<&str> = config.tile.sets.keys().map(String::as_str).collect();
                return Err(bad(format!(
                    "no tile set `{name}` in [tile.sets]; {}",
                    if known.is_empty() {
                        "this ruleset has only its default tiles".to_string()
                    } else {
                        format!("known sets: {}", known.join(", "))
                    }
                )));
            }
        }
        let board = Board::new(
            lattice,
            lattice.shape(size),
            tiles,
            config.board.junction_min_tiles,
        )
        .map_err(|e| bad(format!("[board] {e}")))?;

        // Players.
        if config.players.len() != 2 {
            return Err(bad(format!(
                "[[players]] lists {} players; a game has exactly 2",
                config.players.len()
            )));
        }
        let mut specs = Vec::new();
        for p in &config.players {
            let mut chars = p.letter.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => c,
                _ => {
                    return Err(bad(format!(
                        "[[players]] letter `{}` must be one lower-case letter",
                        p.letter
                    )))
                }
            };
            let colour = match p.colour {
                ColourWord::Dark => Colour::Dark,
                ColourWord::Light => Colour::Light,
            };
            specs.push(PlayerSpec { letter, colour });
        }
        if specs[0].letter == specs[1].letter || specs[0].colour == specs[1].colour {
            return Err(bad(
                "[[players]] the two players need different letters and colours".into(),
            ));
        }
        let first = specs
            .iter()
            .position(|s| s.letter.to_string() == config.turn.first)
            .ok_or_else(|| {
                bad(format!(
                    "[turn] first = `{}` is not a player's letter",
                    config.turn.first
                ))
            })? as PlayerId;

        // Turn parts and the capture rule, tabulated once from its script.
        let t = &config.turn;
        if !(1..=Stack::MAX_HEIGHT).contains(&t.max_height) {
            return Err(bad(format!(
                "[turn] max_height = {} is outside 1..{}",
                t.max_height,
                Stack::MAX_HEIGHT
            )));
        }
        let parts = TurnParts {
            flip: t.flip,
            step: t.step,
            merge: t.merge,
            split: t.split,
            step_then_merge: t.step_then_merge,
            step_then_split: t.step_then_split,
        };
        let capture_script =
            host.compile(&script_path("[rules] capture", &config.rules.capture)?)?;
        require_fn(&capture_script, "can_capture", 3)?;
        let capture = CaptureTable::tabulate(t.max_height, |landing, defender, at_home| {
            host.call::<bool>(
                &capture_script,
                "can_capture",
                (landing as i64, defender as i64, at_home),
            )
        })?;
        let end_script = host.compile(&script_path("[rules] end", &config.rules.end)?)?;
        require_fn(&end_script, "game_result", 1)?;

        let rules = Rules {
            players: [specs[0].clone(), specs[1].clone()],
            parts,
            max_height: t.max_height,
            capture,
        };
        let model = Arc::new(GameModel::new(board, rules));

        // Starting pieces.
        let mut start_stacks = vec![Stack::EMPTY; model.board.junction_count()];
        for (player, p) in config.players.iter().enumerate() {
            let rows = match &p.start_rows {
                Expr::Number(n) => *n,
                Expr::Text(expr) => host.eval_int(
                    &shown,
                    &format!("[[players]] start_rows of {}", p.letter),
                    expr,
                    &size_var,
                )?,
            };
            let colour = specs[player].colour;
            let board_rows = model.board.junction_rows();
            let ordered: Vec<&Vec<u16>> = match p.home {
                Edge::Top => board_rows.iter().collect(),
                Edge::Bottom => board_rows.iter().rev().collect(),
            };
            let own_rows = ordered.into_iter().filter(|row| {
                row.iter()
                    .any(|&j| model.board.junction(j).colour == colour)
            });
            for row in own_rows.take(rows.max(0) as usize) {
                for &j in row {
                    if model.board.junction(j).colour == colour {
                        if !start_stacks[j as usize].is_empty() {
                            return Err(bad(format!(
                                "[[players]] start_rows overlap on {} at size {}",
                                model.board.junction_name(j),
                                size
                            )));
                        }
                        start_stacks[j as usize] = Stack::new(player as PlayerId, 1);
                    }
                }
            }
        }

        let placement_turns = match (config.setup.tiles, &config.setup.placement) {
            (TileSetup::Placement, Some(file)) => {
                let script = host.compile(&script_path("[setup] placement", file)?)?;
                require_fn(&script, "placement_turns", 1)?;
                let turns: Array = host.call(&script, "placement_turns", (size as i64,))?;
                read_placement(&model, turns).map_err(|message| VariantError::Config {
                    path: script.file.clone(),
                    message,
                })?
            }
            (TileSetup::Placement, None) => {
                return Err(bad(
                    "[setup] tiles = \"placement\" needs `placement = \"<script>.rhai\"`".into(),
                ))
            }
            (TileSetup::Random, _) => Vec::new(),
        };

        let keyed_layout = match &config.setup.layout {
            Some(layout) => Some(crate::keys::build(layout, model.board.tiles()).map_err(&bad)?),
            None => None,
        };
        let notations = crate::notation::build(&config.notation, &model.board).map_err(&bad)?;
        let marks = build_marks(&config, &model.board).map_err(&bad)?;

        let params = config
            .params
            .iter()
            .map(|(k, v)| (k.clone(), toml_to_dynamic(v)))
            .collect();
        let player_names = [
            config.players[0].name.clone(),
            config.players[1].name.clone(),
        ];
        Ok(Variant {
            name: config.name,
            summary: config.summary,
            dir: dir.to_path_buf(),
            size,
            model,
            player_names,
            first,
            tile_setup: config.setup.tiles,
            tile_set: options.tiles.clone(),
            placement_turns,
            keyed_layout,
            notations,
            marks,
            host,
            end_script,
            params: Rc::new(params),
            start_stacks,
        })
    }

    /// The position at the start of the piece phase for a tile layout (one state per
    /// cell, by cell id).
    pub fn start_position(&self, layout: &[u8]) -> Position {
        let mut position = Position::empty(&self.model.board, self.first);
        for (cell, &state) in layout.iter().enumerate() {
            position.set_tile(cell as CellId, state);
        }
        for (j, &stack) in self.start_stacks.iter().enumerate() {
            position.set_stack(j as u16, stack);
        }
        position
    }

    /// Asks the end-of-game script about a position.
    ///
    /// # Errors
    /// The script fails or returns something that is not a result.
    pub fn judge(&self, position: &Position) -> Result<Option<Outcome>, ScriptError> {
        let view = GameView {
            model: Arc::clone(&self.model),
            position: position.clone(),
            params: Rc::clone(&self.params),
            size: self.size as i64,
        };
        let result: Dynamic = self.host.call(&self.end_script, "game_result", (view,))?;
        self.read_outcome(result)
    }

    fn read_outcome(&self, result: Dynamic) -> Result<Option<Outcome>, ScriptError> {
        let fail = |message: String| ScriptError {
            file: self.end_script.file.clone(),
            line: None,
            column: None,
            message,
            source_line: None,
        };
        if result.is_unit() {
            return Ok(None);
        }
        let Some(map) = result.clone().try_cast::<Map>() else {
            return Err(fail(format!(
                "game_result must return () while the game goes on, or a map such as \
                 #{{ winner: \"x\", reason: \"...\" }}; it returned {}",
                result.type_name()
            )));
        };
        let reason = map_str(&map, "reason")
            .ok_or_else(|| fail("the result map has no `reason` string".into()))?;
        let rules = &self.model.rules;
        if let Some(letter) = map_str(&map, "winner") {
            let winner = letter
                .chars()
                .next()
                .filter(|_| letter.len() == 1)
                .and_then(|c| rules.player_by_letter(c))
                .ok_or_else(|| fail(format!("winner `{letter}` is not a player's letter")))?;
            return Ok(Some(Outcome {
                winner: Some(winner),
                reason,
            }));
        }
        if map.get("draw").and_then(|d| d.as_bool().ok()) == Some(true) {
            return Ok(Some(Outcome {
                winner: None,
                reason,
            }));
        }
        Err(fail(
            "the result map needs `winner: \"<letter>\"` or `draw: true`".into(),
        ))
    }
}

impl Referee for Variant {
    type Error = ScriptError;

    fn outcome(
        &self,
        _model: &GameModel,
        position: &Position,
    ) -> Result<Option<Outcome>, ScriptError> {
        self.judge(position)
    }
}

/// Builds a tile set from its TOML states.
fn build_tiles(lattice: Lattice, states: &[TileStateConfig]) -> Result<TileSet, TileError> {
    let bands: Vec<Vec<Vec<&str>>> = states
        .iter()
        .map(|s| {
            s.bands
                .iter()
                .map(|b| b.iter().map(String::as_str).collect())
                .collect()
        })
        .collect();
    let band_refs: Vec<Vec<&[&str]>> = bands
        .iter()
        .map(|state| state.iter().map(Vec::as_slice).collect())
        .collect();
    let state_refs: Vec<(&str, &[&[&str]])> = states
        .iter()
        .zip(&band_refs)
        .map(|(s, bands)| (s.letter.as_str(), bands.as_slice()))
        .collect();
    TileSet::new(lattice, &state_refs)
}

/// Reads `[[marks]]`: each names a `[params]` list of junctions and its brackets.
fn build_marks(
    config: &VariantConfig,
    board: &Board,
) -> Result<Vec<crate::render::JunctionMarks>, String> {
    let mut marks = Vec::new();
    for (i, mark) in config.marks.iter().enumerate() {
        let at = format!("[[marks]] number {}", i + 1);
        let names = match config.params.get(&mark.param) {
            Some(toml::Value::Array(names)) => names,
            _ => {
                return Err(format!(
                    "{at}: param = `{}` must name a list of junctions in [params]",
                    mark.param
                ))
            }
        };
        let mut junctions = Vec::new();
        for name in names {
            let j = name
                .as_str()
                .and_then(|n| board.junction_by_name(n))
                .ok_or_else(|| {
                    format!(
                        "{at}: {name} in [params] {} is not a junction of this board",
                        mark.param
                    )
                })?;
            junctions.push(j);
        }
        let brackets = match mark.brackets.chars().collect::<Vec<_>>()[..] {
            [open, close] => (open, close),
            _ => {
                return Err(format!(
                    "{at}: brackets = `{}` must be two characters, such as \"[]\"",
                    mark.brackets
                ))
            }
        };
        marks.push(crate::render::JunctionMarks {
            junctions,
            brackets,
            legend: mark.legend.clone(),
        });
    }
    Ok(marks)
}

fn require_fn(script: &Script, name: &str, params: usize) -> Result<(), ScriptError> {
    if ScriptHost::defines(script, name, params) {
        return Ok(());
    }
    Err(ScriptError {
        file: script.file.clone(),
        line: None,
        column: None,
        message: format!(
            "the script must define `fn {name}({})`",
            ["a", "b", "c"][..params].join(", ")
        ),
        source_line: None,
    })
}

/// Reads the `placement_turns` result: `[#{ player: "x", tiles: [[column, row], ...] }]`
/// with tiles counted from 1, columns from the left of their row, rows from the bottom.
fn read_placement(model: &GameModel, turns: Array) -> Result<Vec<PlacementTurn>, String> {
    let rows: Vec<&Vec<u16>> = model.board.cell_rows().iter().rev().collect();
    let mut out = Vec::new();
    let mut used = vec![false; model.board.cell_count()];
    for (i, turn) in turns.into_iter().enumerate() {
        let what = format!("placement turn {}", i + 1);
        let map = turn
            .try_cast::<Map>()
            .ok_or_else(|| format!("{what} is not a map #{{ player, tiles }}"))?;
        let letter = map_str(&map, "player").unwrap_or_default();
        let player = letter
            .chars()
            .next()
            .and_then(|c| model.rules.player_by_letter(c))
            .ok_or_else(|| format!("{what}: player `{letter}` is not a player's letter"))?;
        let tiles = map
            .get("tiles")
            .and_then(|t| t.clone().try_cast::<Array>())
            .ok_or_else(|| format!("{what}: `tiles` must be an array of [column, row]"))?;
        let mut cells = Vec::new();
        for tile in tiles {
            let pair = tile.try_cast::<Array>().unwrap_or_default();
            let coords: Vec<i64> = pair.iter().filter_map(|v| v.as_int().ok()).collect();
            let cell = match coords[..] {
                [col, row] if col >= 1 && row >= 1 => rows
                    .get(row as usize - 1)
                    .and_then(|r| r.get(col as usize - 1))
                    .copied(),
                _ => None,
            }
            .ok_or_else(|| {
                format!("{what}: {coords:?} is not a tile [column, row] of this board")
            })?;
            if std::mem::replace(&mut used[cell as usize], true) {
                return Err(format!(
                    "{what}: tile {} is placed twice",
                    model.board.cell_name(cell)
                ));
            }
            cells.push(cell);
        }
        out.push(PlacementTurn { player, cells });
    }
    if let Some(c) = used.iter().position(|u| !u) {
        return Err(format!(
            "the placement turns never place tile {}",
            model.board.cell_name(c as CellId)
        ));
    }
    Ok(out)
}
