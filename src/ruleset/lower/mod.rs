//! Lowering: a ruleset's `variant.toml`, read by serde, becomes the objects that play it,
//! one step per TOML table. Each step checks what serde cannot (a letter that is no tile
//! state, a corner that is not on the lattice) and names the table and key at fault.
//!
//! Steps run in the order their results are needed: the size first (the board and every
//! count depend on it), then the board, players, turn and rules (together the game
//! model), then what is built on the model: start pieces, set-up, notations, marks.

mod board;
mod marks;
mod notation;
mod players;
mod rules;
mod setup;

pub use notation::SERVER_NOTATION;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Dynamic, Scope};
use variant_run_core::GameModel;

use super::config::{Expr, VariantConfig};
use super::error::VariantError;
use super::library::shared_scripts_dir;
use super::script::{display_name, toml_to_dynamic, ScriptHost};
use super::{LoadOptions, Variant};

/// What every step needs: where the ruleset lives, how its TOML is named in messages, the
/// script host that compiles its scripts, and the variables its expressions read.
pub(super) struct Lowering<'a> {
    dir: &'a Path,
    shared: Option<PathBuf>,
    /// The TOML file as messages show it.
    shown: String,
    host: ScriptHost,
    /// The board size (`None` on a patch).
    size: Option<u32>,
    params: BTreeMap<String, Dynamic>,
}

impl Lowering<'_> {
    /// A setting that does not make sense, in the TOML file.
    fn bad(&self, message: String) -> VariantError {
        VariantError::Config {
            path: self.shown.clone(),
            message,
        }
    }

    /// The file a script path names: in the variant folder, else in the shared scripts/.
    fn script_path(&self, key: &str, file: &str) -> Result<PathBuf, VariantError> {
        let local = self.dir.join(file);
        if local.is_file() {
            return Ok(local);
        }
        if let Some(shared) = self.shared.as_ref().filter(|s| s.join(file).is_file()) {
            return Ok(shared.join(file));
        }
        Err(self.bad(format!(
            "{key} = \"{file}\": no such script in {} or in {}",
            display_name(self.dir),
            self.shared
                .as_deref()
                .map_or("the shared scripts folder".into(), display_name)
        )))
    }

    /// What expressions in the TOML can read: `size` (on a fixed board) and every
    /// `[params]` entry.
    fn scope(&self) -> Scope<'static> {
        let mut scope = Scope::new();
        if let Some(size) = self.size {
            scope.push_constant("size", size as i64);
        }
        for (name, value) in &self.params {
            scope.push_constant(name.as_str(), value.clone());
        }
        scope
    }

    /// A number written as a number or as an expression.
    fn count(&self, what: &str, value: &Expr) -> Result<i64, VariantError> {
        match value {
            Expr::Number(n) => Ok(*n),
            Expr::Bool(b) => Err(self.bad(format!("{what} is {b}, but must be a number"))),
            Expr::Text(expr) => {
                Ok(self
                    .host
                    .eval_expr::<i64>(&self.shown, what, expr, &self.scope())?)
            }
        }
    }

    /// A condition written as `true`/`false` or as an expression.
    fn condition(&self, what: &str, value: &Expr) -> Result<bool, VariantError> {
        match value {
            Expr::Bool(b) => Ok(*b),
            Expr::Number(n) => Err(self.bad(format!("{what} is {n}, but must be true or false"))),
            Expr::Text(expr) => {
                Ok(self
                    .host
                    .eval_expr::<bool>(&self.shown, what, expr, &self.scope())?)
            }
        }
    }
}

/// Lowers a parsed `variant.toml` found in `dir`.
pub(super) fn lower(
    dir: &Path,
    config: VariantConfig,
    options: &LoadOptions,
) -> Result<Variant, VariantError> {
    let shared = shared_scripts_dir(dir);
    let params: BTreeMap<String, Dynamic> = config
        .params
        .iter()
        .map(|(k, v)| (k.clone(), toml_to_dynamic(v)))
        .collect();
    let mut lowering = Lowering {
        dir,
        host: ScriptHost::new(dir, shared.as_deref()),
        shared,
        shown: display_name(&dir.join(super::library::VARIANT_FILE)),
        size: None,
        params,
    };
    lowering.size = board::size(&lowering, &config, options)?;
    let board = board::board(
        &lowering,
        &config.board,
        &config.tile,
        options.tiles.as_deref(),
    )?;
    let players = players::players(&lowering, &config.players, &config.turn.first)?;
    let rules = rules::rules(&mut lowering, &config, players.specs.clone(), &board)?;
    let model = Arc::new(GameModel::new(board, rules.rules));
    let start_stacks = players::start_stacks(&lowering, &config.players, &model)?;
    let counters = setup::counters(&lowering, &config.setup, &model)?;
    let placement_turns = setup::placement_turns(&mut lowering, &config.setup, &model)?;
    let keyed_layout = setup::keyed_layout(&lowering, &config.setup, &model)?;
    let notations = notation::notations(&lowering, &config.notation, &model)?;
    let marks = marks::marks(&lowering, &config, &model.board)?;
    Ok(Variant {
        name: config.name,
        summary: config.summary,
        dir: dir.to_path_buf(),
        size: lowering.size,
        model,
        player_names: players.names,
        first: players.first,
        tile_setup: config.setup.tiles,
        tile_set: options.tiles.clone(),
        placement_turns,
        keyed_layout,
        notations,
        marks,
        warnings: Vec::new(),
        host: lowering.host,
        end_script: rules.end_script,
        after_turn_script: rules.after_turn_script,
        params: Rc::new(lowering.params),
        start_stacks,
        counters,
    })
}
