//! The Rhai script host: one engine, every script compiled once, sandbox limits, and
//! errors that name the file, line and column with a caret under the spot.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Map, Scope, AST};

use super::api::register_game_api;
use super::budget::{self, Budget};
use super::limits::{raise_hint, too_large, Limits};
use super::modules::{
    check_imports, parse_error, read_script, SandboxResolver, ScriptDirs, Sources,
};
use super::stdlib;
use super::strict::{register_strict_comparisons, type_words};
use crate::diagnostic::Diagnostic;

/// How many modules a ruleset's scripts may import in all.
const MAX_MODULES: usize = 32;

/// The engine and the compiled scripts of one ruleset.
pub struct ScriptHost {
    engine: Engine,
    limits: Limits,
    budget: Rc<Budget>,
    dirs: ScriptDirs,
    /// Script sources by the name errors show (the path as given), for caret lines.
    sources: Sources,
}

/// A compiled script and the file it came from.
#[derive(Clone)]
pub struct Script {
    pub ast: Rc<AST>,
    pub file: String,
}

impl ScriptHost {
    /// Builds the engine: scripts and imports come from the variant folders (the
    /// ruleset's own, then those it extends), then from the shared `scripts/` folder, and
    /// nowhere else; the limits are set; `print` goes to standard error.
    pub fn new(variant_dirs: &[PathBuf], shared_dir: Option<&Path>, limits: Limits) -> ScriptHost {
        let dirs = ScriptDirs::new(
            variant_dirs
                .iter()
                .cloned()
                .chain(shared_dir.map(Path::to_path_buf)),
        );
        let sources = Sources::default();
        let budget = Rc::new(Budget::new(limits));
        let mut engine = Engine::new();
        budget::install(&mut engine, &budget);
        engine
            .set_max_modules(MAX_MODULES)
            .set_fail_on_invalid_map_property(true);
        engine.disable_symbol("eval");
        stdlib::withhold(&mut engine);
        engine.set_module_resolver(SandboxResolver {
            dirs: dirs.clone(),
            sources: Rc::clone(&sources),
        });
        register_game_api(&mut engine);
        register_strict_comparisons(&mut engine);
        ScriptHost {
            engine,
            limits,
            budget,
            dirs,
            sources,
        }
    }

    /// The limits the scripts run within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The folders scripts come from, in the order they are searched.
    pub fn dirs(&self) -> &ScriptDirs {
        &self.dirs
    }

    /// Compiles a script file once: its imports are checked (paths, cycles), then
    /// resolved now, their top-level code running within the limits of one call.
    ///
    /// # Errors
    /// The file cannot be read, does not compile, or imports what it may not.
    pub fn compile(&mut self, path: &Path) -> Result<Script, Diagnostic> {
        let file = display_name(path);
        let text = read_script(path)
            .map_err(|e| Diagnostic::in_file(&file, format!("cannot read the script: {e}")))?;
        let text: Arc<str> = Arc::from(text);
        self.sources
            .borrow_mut()
            .insert(file.clone(), Arc::clone(&text));
        let parsed = self
            .engine
            .compile(&*text)
            .map_err(|e| parse_error(&file, &text, &e))?;
        check_imports(
            &self.engine,
            &self.dirs,
            &file,
            &parsed,
            &self.sources,
            MAX_MODULES,
        )?;
        self.budget.start_call();
        let scope = Scope::new();
        let mut ast = self
            .engine
            .compile_into_self_contained(&scope, &*text)
            .map_err(|e| self.locate(&file, &e))?;
        ast.set_source(file.clone());
        Ok(Script {
            ast: Rc::new(ast),
            file,
        })
    }

    /// The text of a compiled script, as it was read.
    pub fn source(&self, script: &Script) -> Option<Arc<str>> {
        self.sources.borrow().get(&script.file).cloned()
    }

    /// Every script text read so far (the ruleset's scripts and what they import), one
    /// after the other.
    pub fn every_source_text(&self) -> String {
        let sources = self.sources.borrow();
        let texts: Vec<&str> = sources.values().map(|text| &**text).collect();
        texts.join("\n")
    }

    /// Whether a script defines a function of this name and number of parameters.
    pub fn defines(script: &Script, name: &str, params: usize) -> bool {
        script
            .ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == params)
    }

    /// Calls a function of a script.
    ///
    /// # Errors
    /// The function is missing, fails, exceeds a limit, or returns another type.
    pub fn call<T: Clone + 'static>(
        &self,
        script: &Script,
        name: &str,
        args: impl rhai::FuncArgs,
    ) -> Result<T, Diagnostic> {
        let mut scope = Scope::new();
        // Evaluating the AST first runs its `import` statements, so functions can use the
        // modules; keep top-level code to imports and constants, as it runs every call.
        let options = CallFnOptions::new().eval_ast(true).rewind_scope(true);
        self.budget.start_call();
        self.engine
            .call_fn_with_options::<T>(options, &mut scope, &script.ast, name, args)
            .map_err(|e| self.locate_in_fn(&script.file, name, &e))
    }

    /// Evaluates a one-line expression of a TOML setting with the given variables in
    /// scope (`size` and the `[params]`): `"(size - 1) / 2"`, `"if stacking { 2 } else
    /// { 1 }"`.
    ///
    /// # Errors
    /// Why the expression does not compile, fails, or gives another type, in words.
    pub fn eval_expr<T: Clone + 'static>(
        &self,
        expr: &str,
        vars: &Scope<'static>,
    ) -> Result<T, String> {
        let mut scope = vars.clone();
        self.budget.start_call();
        self.engine
            .eval_expression_with_scope::<T>(&mut scope, expr)
            .map_err(|e| root_cause(&e, &self.limits))
    }

    /// Like [`ScriptHost::locate`]; errors Rhai gives no position (a runaway loop hitting
    /// the operation limit) point at the definition of the function that was running.
    fn locate_in_fn(&self, file: &str, called: &str, error: &EvalAltResult) -> Diagnostic {
        let located = self.locate(file, error);
        if located.is_located() {
            return located;
        }
        let running = innermost_fn(error).unwrap_or(called);
        self.at_definition(
            Diagnostic::in_file(
                &located.file,
                format!("in `{running}`: {}", located.message),
            ),
            running,
        )
    }

    /// Points a diagnostic at the line defining `fn name(` in its file, when found.
    pub fn at_definition(&self, diagnostic: Diagnostic, name: &str) -> Diagnostic {
        let definition = format!("fn {name}(");
        let Some(text) = self.sources.borrow().get(&diagnostic.file).cloned() else {
            return diagnostic;
        };
        let Some(start) = text.find(&definition) else {
            return diagnostic;
        };
        let name_start = start + 3;
        diagnostic.at(
            &text,
            name_start..name_start + name.len(),
            "in this function",
        )
    }

    /// Points a diagnostic at a script position Rhai gave, with a label.
    pub fn at_position(
        &self,
        diagnostic: Diagnostic,
        pos: rhai::Position,
        label: &str,
    ) -> Diagnostic {
        let text = self.sources.borrow().get(&diagnostic.file).cloned();
        match (pos.line(), text) {
            (Some(line), Some(text)) => {
                diagnostic.at_line_column(&text, line, pos.position(), label)
            }
            _ => diagnostic,
        }
    }

    /// Turns a Rhai error into one located in the file where it happened: errors inside
    /// called functions are unwrapped down to the statement that failed.
    fn locate(&self, file: &str, error: &EvalAltResult) -> Diagnostic {
        let (innermost_source, innermost) = innermost(error, None);
        let file = innermost_source.unwrap_or(file).to_string();
        let pos = innermost.position();
        self.at_position(
            Diagnostic::in_file(&file, root_cause(innermost, &self.limits)),
            pos,
            "here",
        )
    }
}

/// A path as errors show it: relative to the working directory when it is below it.
pub fn display_name(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// Follows function-call wrappers down to the error that started it, remembering the
/// innermost script source named on the way.
fn innermost<'a>(
    error: &'a EvalAltResult,
    source: Option<&'a str>,
) -> (Option<&'a str>, &'a EvalAltResult) {
    match error {
        EvalAltResult::ErrorInFunctionCall(_, src, inner, _)
        | EvalAltResult::ErrorInModule(src, inner, _) => {
            let source = if src.is_empty() {
                source
            } else {
                Some(src.as_str())
            };
            innermost(inner, source)
        }
        _ => (source, error),
    }
}

/// The name of the innermost script function an error happened in.
fn innermost_fn(error: &EvalAltResult) -> Option<&str> {
    match error {
        EvalAltResult::ErrorInFunctionCall(name, _, inner, _) => {
            innermost_fn(inner).or(Some(name.as_str()))
        }
        EvalAltResult::ErrorInModule(_, inner, _) => innermost_fn(inner),
        _ => None,
    }
}

/// The message of an error without Rhai's own position suffix, in words a designer
/// recognises.
fn root_cause(error: &EvalAltResult, limits: &Limits) -> String {
    let (_, inner) = innermost(error, None);
    let text = match inner {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "the script ran more than {} operations (an endless loop?); {}",
            limits.operations,
            raise_hint("operations")
        ),
        EvalAltResult::ErrorStackOverflow(_) => format!(
            "calls nested deeper than {} levels (endless recursion?); {}",
            limits.call_depth,
            raise_hint("call_depth")
        ),
        EvalAltResult::ErrorDataTooLarge(what, _) => too_large(what, limits),
        EvalAltResult::ErrorTerminated(why, _) => why.to_string(),
        EvalAltResult::ErrorParsing(kind, _) => kind.to_string(),
        EvalAltResult::ErrorMismatchOutputType(expected, actual, _) => format!(
            "returned {} where {} is expected",
            type_words(actual),
            type_words(expected)
        ),
        EvalAltResult::ErrorMismatchDataType(expected, actual, _) => format!(
            "this is {} where {} is expected",
            type_words(actual),
            type_words(expected)
        ),
        EvalAltResult::ErrorFunctionNotFound(signature, _) => function_not_found(signature),
        EvalAltResult::ErrorRuntime(value, _) => value.to_string(),
        other => other.to_string(),
    };
    // Rhai appends " (line L, position P)" to many messages; the location is shown apart.
    match text.rfind(" (line ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// "No function `name` taking (a number, text)", from Rhai's `name (i64, string)`.
fn function_not_found(signature: &str) -> String {
    let Some((name, args)) = signature.split_once(" (") else {
        return format!("no function `{signature}`");
    };
    let args = args.trim_end_matches(')');
    if args.is_empty() {
        return format!("no function `{name}` taking no arguments");
    }
    let words: Vec<&str> = args.split(", ").map(type_words).collect();
    format!("no function `{name}` taking ({})", words.join(", "))
}

/// Reads an optional string field of a map a script returned.
pub fn map_str(map: &Map, key: &str) -> Option<String> {
    map.get(key).and_then(|v| v.clone().into_string().ok())
}

/// Converts a TOML parameter to a Rhai value.
pub fn toml_to_dynamic(value: &toml::Value) -> Dynamic {
    match value {
        toml::Value::String(s) => s.clone().into(),
        toml::Value::Integer(i) => (*i).into(),
        toml::Value::Boolean(b) => (*b).into(),
        toml::Value::Float(f) => f.to_string().into(),
        toml::Value::Datetime(d) => d.to_string().into(),
        toml::Value::Array(items) => {
            let array: rhai::Array = items.iter().map(toml_to_dynamic).collect();
            array.into()
        }
        toml::Value::Table(table) => {
            let map: Map = table
                .iter()
                .map(|(k, v)| (k.as_str().into(), toml_to_dynamic(v)))
                .collect();
            map.into()
        }
    }
}
