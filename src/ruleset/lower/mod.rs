//! Lowering: a ruleset's `variant.toml`, read by serde, becomes the objects that play it,
//! one step per TOML table. Each step checks what serde cannot (a letter that is no tile
//! state, a corner that is not on the lattice) and names the table and key at fault.
//!
//! Steps run in the order their results are needed: the size first (the board and every
//! count depend on it), then the board, players, turn and rules (together the game
//! model), then what is built on the model: start pieces, set-up, notations, marks.

mod board;
mod limits;
mod marks;
mod notation;
mod pieces;
mod players;
mod rules;
mod setup;

pub use notation::SERVER_NOTATION;
pub(crate) use pieces::give_start_supplies;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Dynamic, Scope};
use variant_run_core::GameModel;

use super::config::{Expr, HookScript, VariantConfig};
use super::error::VariantError;
use super::hooks::{Hook, HookState, ScriptOrigin, HOOKS};
use super::library::shared_scripts_dir;
use super::merged::MergedToml;
use super::script::memo::Memo;
use super::script::{
    check_params_read, lines_the_lattice_lacks, require_hook, toml_to_dynamic, Script, ScriptHost,
};
use super::{fingerprint, LoadOptions, TurnRule, Variant};
use crate::printable::printable;

/// What every step needs: the ruleset's TOML (to point at the key at fault), the script
/// host that compiles its scripts, and the variables its expressions read.
pub(super) struct Lowering<'a> {
    toml: &'a MergedToml,
    host: ScriptHost,
    /// The board size (`None` on a patch).
    size: Option<u32>,
    params: BTreeMap<String, Dynamic>,
    /// Each hook met so far and what the ruleset has for it.
    hooks: Vec<(&'static Hook, HookState)>,
}

impl Lowering<'_> {
    /// A setting that does not make sense, pointing at the key path that holds it
    /// (`turn.max_height`, `players[1].colour`).
    fn bad(&self, path: &str, message: impl Into<String>) -> VariantError {
        VariantError::Config(self.toml.error_at(path, message, "here"))
    }

    /// Like [`Lowering::bad`], with a label saying what is wrong at the spot.
    fn bad_labelled(&self, path: &str, message: impl Into<String>, label: &str) -> VariantError {
        VariantError::Config(self.toml.error_at(path, message, label))
    }

    /// The file a script path names: in the variant folder, then in the folders of the
    /// rulesets it extends, then in the shared `scripts/`.
    /// A path that leaves those folders is refused unread.
    fn script_path(&self, key: &str, file: &str) -> Result<PathBuf, VariantError> {
        self.host
            .dirs()
            .find(file)
            .map_err(|why| self.bad_labelled(key, why.message.clone(), why.label()))
    }

    /// Compiles the script a hook's key names and checks it: it defines the hook's
    /// function with its parameters, and every `[params]` entry it reads by name exists.
    /// A hook left out or dropped with `false` has no script; a required one must have
    /// one. What was found is kept for `describe`.
    fn hook_script(
        &mut self,
        hook: &'static Hook,
        setting: Option<&HookScript>,
    ) -> Result<Option<Script>, VariantError> {
        let file = match setting {
            None => {
                self.hooks.push((hook, HookState::Absent));
                return Ok(None);
            }
            Some(HookScript::Dropped) if hook.required => {
                return Err(self.bad_labelled(
                    hook.key,
                    format!(
                        "{} {} = false: this hook cannot be dropped, every ruleset needs \
                         `{}`; name a script that defines it",
                        hook.table(),
                        hook.key_name(),
                        hook.signature()
                    ),
                    "a required hook",
                ));
            }
            Some(HookScript::Dropped) => {
                self.hooks.push((hook, HookState::Dropped));
                return Ok(None);
            }
            Some(HookScript::Path(file)) => file,
        };
        if file.is_empty() {
            let how = if hook.required {
                "name a script".to_string()
            } else {
                format!(
                    "name a script, or write `{} = false` to drop the hook",
                    hook.key_name()
                )
            };
            return Err(self.bad_labelled(
                hook.key,
                format!("{} {} is empty: {how}", hook.table(), hook.key_name()),
                "an empty script path",
            ));
        }
        let path = self.script_path(hook.key, file)?;
        let script = self.host.compile(&path)?;
        require_hook(&self.host, &script, hook.function, hook.params)?;
        check_params_read(&self.host, &script, &self.params)?;
        let origin = self.origin_of(&path);
        self.hooks.push((
            hook,
            HookState::Script {
                path: file.clone(),
                origin,
            },
        ));
        Ok(Some(script))
    }

    /// Which of the ruleset's folders a script was found in.
    fn origin_of(&self, path: &Path) -> ScriptOrigin {
        let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        let script = real(path);
        for (i, file) in self.toml.files.iter().enumerate() {
            if script.starts_with(real(&file.dir)) {
                if i == 0 {
                    return ScriptOrigin::Own;
                }
                let name = real(&file.dir)
                    .file_name()
                    .map_or_else(|| file.shown.clone(), |n| n.to_string_lossy().into_owned());
                return ScriptOrigin::Extended(name);
            }
        }
        ScriptOrigin::Shared
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

    /// Evaluates an expression written at a key path, or points at it with the reason.
    fn eval<T: Clone + 'static>(&self, path: &str, expr: &str) -> Result<T, VariantError> {
        self.host
            .eval_expr::<T>(expr, &self.scope())
            .map_err(|cause| {
                self.bad_labelled(
                    path,
                    format!("`{expr}` cannot be worked out: {cause}"),
                    "this expression",
                )
            })
    }

    /// A number written as a number or as an expression, at a key path.
    fn count(&self, path: &str, value: &Expr) -> Result<i64, VariantError> {
        match value {
            Expr::Number(n) => Ok(*n),
            Expr::Bool(b) => Err(self.bad_labelled(
                path,
                format!("this must be a number, not {b}"),
                "a number or an expression giving one",
            )),
            Expr::Text(expr) => self.eval::<i64>(path, expr),
        }
    }

    /// A condition written as `true`/`false` or as an expression, at a key path.
    fn condition(&self, path: &str, value: &Expr) -> Result<bool, VariantError> {
        match value {
            Expr::Bool(b) => Ok(*b),
            Expr::Number(n) => Err(self.bad_labelled(
                path,
                format!("this must be true or false, not {n}"),
                "true, false, or an expression giving one",
            )),
            Expr::Text(expr) => self.eval::<bool>(path, expr),
        }
    }
}

impl<'a> Lowering<'a> {
    /// The start of lowering: the script host within the ruleset's limits, and its
    /// params as the scripts will read them.
    fn new(toml: &'a MergedToml, config: &VariantConfig) -> Result<Lowering<'a>, VariantError> {
        let shared: Option<PathBuf> = shared_scripts_dir(toml.own().dir.as_path());
        let limits = limits::limits(toml, &config.limits)?;
        let params: BTreeMap<String, Dynamic> = config
            .params
            .iter()
            .map(|(k, v)| (k.clone(), toml_to_dynamic(v)))
            .collect();
        Ok(Lowering {
            toml,
            host: ScriptHost::new(&toml.dirs(), shared.as_deref(), limits),
            size: None,
            params,
            hooks: Vec::new(),
        })
    }
}

/// The warnings about the rule scripts: the lines they walk that the board's lattice
/// lacks.
fn lattice_lints(
    host: &ScriptHost,
    scripts: [Option<&Script>; 4],
    lattice: variant_run_core::Lattice,
) -> Vec<crate::diagnostic::Diagnostic> {
    scripts
        .into_iter()
        .flatten()
        .flat_map(|script| lines_the_lattice_lacks(host, script, lattice))
        .collect()
}

/// Where a script's results are remembered. A result may be remembered only if neither
/// the script nor anything it imports reads the clock: every text the host has read is
/// looked at.
fn script_memo<R: Clone + PartialEq>(
    host: &ScriptHost,
    script: Option<&Script>,
) -> RefCell<Memo<R>> {
    RefCell::new(Memo::for_script(
        script
            .and_then(|script| host.source(script))
            .map(|_| host.every_source_text())
            .as_deref(),
    ))
}

/// Lowers a ruleset's merged TOML, read by serde into `config`.
pub(super) fn lower(
    toml: &MergedToml,
    config: VariantConfig,
    options: &LoadOptions,
) -> Result<Variant, VariantError> {
    let dir = toml.own().dir.as_path();
    let mut lowering = Lowering::new(toml, &config)?;
    limits::check_params(&lowering, &config.params, &options.params)?;
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
    let mut start_stacks = players::start_stacks(&lowering, &config.players, &model)?;
    pieces::place_start_pieces(&lowering, &config.pieces, &model, &mut start_stacks)?;
    let mut counts = setup::counters(&lowering, &config.setup, &model)?;
    counts.supplies = pieces::start_supplies(&lowering, &config.pieces, counts.supplies[0])?;
    players::check_everyone_has_pieces(&lowering, &config.players, &start_stacks, &counts)?;
    let placement_turns = setup::placement_turns(&mut lowering, &config.setup, &model)?;
    let keyed_layout = setup::keyed_layout(&lowering, &config.setup, &model)?;
    let notations = notation::notations(&lowering, &config.notation, &model)?;
    let marks = marks::marks(&lowering, &config, &model.board)?;
    // Every script is compiled: the params they compare with get their values.
    lowering.host.resolve_compared_params(&lowering.params);
    let scripts = [
        Some(&rules.end_script),
        rules.after_turn_script.as_ref(),
        rules.evaluate_script.as_ref(),
        rules.allowed_script.as_ref(),
    ];
    let lints = lattice_lints(&lowering.host, scripts, model.board.lattice());
    let host = Rc::new(lowering.host);
    let params = Rc::new(lowering.params);
    let homes = [config.players[0].home, config.players[1].home];
    let size = lowering.size.map(i64::from);
    let allowed = rules.allowed_script.map(|script| {
        Rc::new(TurnRule {
            memo: script_memo(&host, Some(&script)),
            host: Rc::clone(&host),
            script,
            model: Arc::clone(&model),
            params: Rc::clone(&params),
            size,
            homes,
        })
    });
    lowering
        .hooks
        .sort_by_key(|(hook, _)| HOOKS.iter().position(|h| h.key == hook.key));
    Ok(Variant {
        name: printable(&config.name).into_owned(),
        summary: printable(&config.summary).into_owned(),
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
        extends: None,
        warnings: lints,
        fingerprint: fingerprint::of_files(
            toml.files.iter().map(|f| &*f.text),
            &host.source_texts(),
        ),
        end_memo: script_memo(&host, Some(&rules.end_script)),
        // Likewise the after-turn script's "nothing changed".
        after_turn_memo: script_memo(&host, rules.after_turn_script.as_ref()),
        goals: std::cell::OnceCell::new(),
        hooks: lowering.hooks,
        host,
        end_script: rules.end_script,
        after_turn_script: rules.after_turn_script,
        evaluate_script: rules.evaluate_script,
        allowed,
        params,
        homes,
        start_stacks,
        counts,
        load_options: options.clone(),
    })
}
