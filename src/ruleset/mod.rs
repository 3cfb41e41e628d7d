//! Rulesets: a folder with a `variant.toml` and Rhai scripts, found by name or path
//! ([`library`]), read by serde ([`config`]), lowered table by table into a game model
//! and its rules ([`lower`]), with the scripts compiled once ([`script`]) and asked after
//! every turn ([`referee`]).
//!
//! ```no_run
//! let variant = variant_run::Variant::load_named("truchet-browne", None).unwrap();
//! assert_eq!(variant.model.board.junction_count(), 64);
//! ```

mod allowed;
pub mod config;
mod describe;
mod error;
pub mod fingerprint;
pub mod goals;
pub mod hooks;
pub mod library;
pub mod listing;
mod lower;
pub mod merged;
mod native;
pub mod referee;
pub mod script;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::Dynamic;
use variant_run_core::{
    ActionNotation, CellId, Delta, GameModel, JunctionId, KeyedLayout, LegalTurn, PlayerId,
    Position, Stack,
};

use crate::diagnostic::Diagnostic;
pub use allowed::TurnRule;
pub use config::TileSetup;
pub use error::VariantError;
pub use library::{find_variant, VARIANT_FILE};
pub use listing::{list_variants, ListedVariant};
pub use lower::SERVER_NOTATION;
use merged::MergedToml;
pub use native::NativeTwin;
use script::memo::Memo;
use script::{Script, ScriptHost};

/// One set-up turn that lays tiles: who plays it and which cells it fills, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementTurn {
    pub player: PlayerId,
    pub cells: Vec<CellId>,
}

/// A set of junctions a ruleset marks on its boards (bases, goals), and what the mark
/// means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JunctionMarks {
    pub junctions: Vec<JunctionId>,
    /// Drawn left and right of each marked junction's token.
    pub brackets: (char, char),
    pub legend: String,
}

/// What a game starts with beside the board: tiles in the pool, and the pieces each
/// player holds off the board, by kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartCounts {
    pub pool: u32,
    /// By kind: each player's supply of it.
    pub supplies: Vec<u32>,
}

/// The most distinct turns of one position held in memory at once (for a player to choose
/// from): a few hundred megabytes. Listings and counts of bigger positions go one flip
/// option at a time instead.
pub const MAX_HELD_TURNS: usize = 2_000_000;

/// Choices made when a ruleset is loaded, in place of its TOML's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// The board size instead of `[board] size`.
    pub size: Option<u32>,
    /// A tile set named in `[tile.sets]` instead of `[tile] states`.
    pub tiles: Option<String>,
    /// `[params]` entries to override, `name` and value as written in TOML (`true`,
    /// `3`, `"text"`, `["a1", "c1"]`); each must name a param of the ruleset and keep its
    /// type.
    pub params: Vec<(String, String)>,
    /// A position text the game will start from: its rows give the board size when
    /// `size` is not chosen, and must agree with it when it is.
    pub position: Option<String>,
}

/// Where a ruleset was loaded from and with which choices: enough to load it again. A
/// loaded ruleset keeps its compiled scripts on the thread that compiled them, so work
/// on other threads loads its own copy from this.
#[derive(Clone, Debug)]
pub struct VariantSource {
    pub dir: PathBuf,
    pub options: LoadOptions,
}

impl VariantSource {
    /// Loads the ruleset again.
    ///
    /// # Errors
    /// As [`Variant::load_with`] (its files changed since).
    pub fn load(&self) -> Result<Variant, VariantError> {
        Variant::load_with(&self.dir, &self.options)
    }
}

/// A loaded ruleset at one board size.
pub struct Variant {
    pub name: String,
    pub summary: String,
    pub dir: PathBuf,
    /// The board size, or `None` for a patch that grows and shrinks during play.
    pub size: Option<u32>,
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
    pub keyed_layout: Option<KeyedLayout>,
    /// `[notation.<name>]`: the notations besides the server syntax, by name.
    pub notations: BTreeMap<String, ActionNotation>,
    /// `[[marks]]`: junctions the board draws marked, with their legends.
    pub marks: Vec<JunctionMarks>,
    /// The folder of the ruleset this one extends, if any.
    pub extends: Option<PathBuf>,
    /// What the ruleset's files got away with but a designer should hear about (a
    /// copied folder still named after the original, say).
    pub warnings: Vec<Diagnostic>,
    /// A hash of the texts of every file the ruleset was read from (see
    /// [`fingerprint`]): two loads played the same rules when they agree.
    pub fingerprint: String,
    /// Every hook and what the ruleset has for it, in the order of [`hooks::HOOKS`].
    pub hooks: Vec<(&'static hooks::Hook, hooks::HookState)>,
    host: Rc<ScriptHost>,
    end_script: Script,
    after_turn_script: Option<Script>,
    /// `[rules] evaluate`: how good a position is for a player, for the computer players.
    evaluate_script: Option<Script>,
    /// The end script's results, remembered by the answers to its questions.
    end_memo: RefCell<Memo>,
    /// What the after-turn script changed, remembered the same way (see [`script::memo`]).
    after_turn_memo: RefCell<Memo<()>>,
    /// What the end script pursues, found when first asked for (see [`goals`]).
    goals: std::cell::OnceCell<goals::Goals>,
    params: Rc<BTreeMap<String, Dynamic>>,
    /// Each player's home edge, for scripts' `game.home(p)`.
    homes: [Option<config::Edge>; 2],
    /// `[rules] allowed`: refuses turns the forms allow.
    allowed: Option<Rc<allowed::TurnRule>>,
    start_stacks: Vec<Stack>,
    counts: StartCounts,
    load_options: LoadOptions,
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
        Variant::load_with(
            dir,
            &LoadOptions {
                size,
                ..LoadOptions::default()
            },
        )
    }

    /// Loads the variant in `dir` with the choices of [`LoadOptions`].
    ///
    /// # Errors
    /// As [`Variant::load`], and a tile set name that `[tile.sets]` does not list.
    pub fn load_with(dir: &Path, options: &LoadOptions) -> Result<Variant, VariantError> {
        let toml = MergedToml::read(dir)?;
        let mut config: config::VariantConfig = toml.deserialize().map_err(VariantError::Config)?;
        config::override_params(&mut config.params, &options.params)?;
        let mut warnings = Vec::new();
        // The folder's name is what the designer typed and what `list` shows, so it is the
        // name played. A copied folder keeps the original's name in its TOML: say so. A
        // derived ruleset that does not set `name` takes its folder's quietly.
        let folder = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().and_then(|n| n.to_str()).map(String::from));
        if let Some(folder) = folder.filter(|f| *f != config.name) {
            if toml.own_file_sets("name") {
                let at = toml.error_at(
                    "name",
                    format!(
                        "name = \"{}\" differs from the folder's name; playing it as {folder}",
                        config.name
                    ),
                    "not the folder's name",
                );
                warnings.push(at.warning());
            }
            config.name = folder;
        }
        let mut variant = lower::lower(&toml, config, options)?;
        variant.extends = toml.files.get(1).map(|f| f.dir.clone());
        variant.warnings.extend(warnings);
        Ok(variant)
    }

    /// Where this ruleset was loaded from, to load it again on another thread.
    pub fn source(&self) -> VariantSource {
        VariantSource {
            dir: self.dir.clone(),
            options: self.load_options.clone(),
        }
    }

    /// The start of play with every tile at its first state: what each side starts with
    /// (pieces, supplies, counters) and who moves first, for readers that need those and
    /// not a layout.
    pub fn start_with_first_tiles(&self) -> Position {
        self.start_position(&vec![0; self.model.board.cell_count()])
    }

    /// The position at the start of play for a tile layout (one state per cell, by cell
    /// id; none on a patch): the start pieces, the counters, and the first player to move.
    pub fn start_position(&self, layout: &[u8]) -> Position {
        let mut position = Position::empty(&self.model.board, self.first);
        for (cell, &state) in layout.iter().enumerate() {
            position.set_tile(cell as CellId, state);
        }
        for (j, &stack) in self.start_stacks.iter().enumerate() {
            position.set_stack(j as JunctionId, stack);
        }
        position.set_pool(self.counts.pool);
        lower::give_start_supplies(&mut position, &self.counts.supplies);
        position.set_counters(self.model.rules.start_counters());
        position
    }

    /// The distinct legal turns of a position, told apart by the position they leave
    /// once the after-turn rules have run, in canonical text order.
    ///
    /// # Errors
    /// The after-turn script fails, or the position has more than [`MAX_HELD_TURNS`]
    /// turns (they are refused before they fill the memory).
    pub fn legal_turns(&self, position: &Position) -> Result<Vec<LegalTurn>, Diagnostic> {
        self.legal_turns_within(position, MAX_HELD_TURNS)
    }

    /// Like [`Variant::legal_turns`], refusing a position with more than `most` turns.
    ///
    /// # Errors
    /// As [`Variant::legal_turns`].
    pub fn legal_turns_within(
        &self,
        position: &Position,
        most: usize,
    ) -> Result<Vec<LegalTurn>, Diagnostic> {
        let mut turns: Vec<LegalTurn> = Vec::new();
        let flow = self
            .model
            .for_each_turn_group(self, position, &mut |group| {
                if turns.len() + group.len() > most {
                    return ControlFlow::Break(());
                }
                turns.extend(group);
                ControlFlow::Continue(())
            })?;
        if flow.is_break() {
            return Err(Diagnostic::in_file(
                &self.name,
                format!(
                    "this position has more than {most} distinct turns: too many to \
                     hold in memory to choose among them (`moves` lists them and `perft 1` \
                     counts them); play on a smaller board (--size)"
                ),
            ));
        }
        turns.sort_by(|a, b| a.text.cmp(&b.text));
        Ok(turns)
    }

    /// The distinct changes the side to move can make that the ruleset allows (see
    /// [`GameModel::distinct_deltas`]), before any after-turn rule.
    ///
    /// # Errors
    /// The legality rule fails.
    pub fn distinct_deltas(&self, position: &Position) -> Result<Vec<Delta>, Diagnostic> {
        self.allowed_of(position, self.model.distinct_deltas(position))
    }

    /// The distinct changes of one flip option (`flip`, or none) that the ruleset
    /// allows (see [`GameModel::distinct_deltas_flipping`]), before any after-turn rule.
    ///
    /// # Errors
    /// The legality rule fails.
    pub fn distinct_deltas_flipping(
        &self,
        position: &Position,
        flip: Option<CellId>,
    ) -> Result<Vec<Delta>, Diagnostic> {
        self.allowed_of(
            position,
            self.model.distinct_deltas_flipping(position, flip),
        )
    }

    /// Of these changes, those the legality rule allows (all, without one).
    pub(crate) fn allowed_of(
        &self,
        position: &Position,
        deltas: Vec<Delta>,
    ) -> Result<Vec<Delta>, Diagnostic> {
        if self.allowed.is_none() {
            return Ok(deltas);
        }
        self.model.allowed_deltas(self, position, &deltas)
    }

    /// Why the ruleset's legality rule refuses a turn's change in `position`, asking the
    /// script itself (never its remembered answers): what those are held to. `None`
    /// where it allows it, or the ruleset has no such rule.
    ///
    /// # Errors
    /// The rule's script fails.
    pub fn refusal_by_script(
        &self,
        position: &Position,
        delta: &Delta,
    ) -> Result<Option<String>, Diagnostic> {
        match &self.allowed {
            Some(rule) => rule.refusal_by_script(position, delta),
            None => Ok(None),
        }
    }

    /// The position a turn's change leaves, the after-turn rules applied.
    ///
    /// # Errors
    /// The after-turn script fails.
    pub fn play(&self, position: &Position, delta: &Delta) -> Result<Position, Diagnostic> {
        self.model.play(self, position, delta)
    }
}
