//! The Rhai script host: one engine, every script compiled once, sandbox limits, and
//! errors that name the file, line and column with a caret under the spot.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::module_resolvers::{FileModuleResolver, ModuleResolversCollection};
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Map, Scope, AST};

use super::api::register_game_api;
use super::strict::{register_strict_comparisons, type_words};
use crate::diagnostic::Diagnostic;

/// Sandbox limits: generous for rules written with native helpers, small enough that a
/// runaway script stops at once with an error instead of hanging a game.
const MAX_OPERATIONS: u64 = 1_000_000;
const MAX_CALL_LEVELS: usize = 48;
const MAX_EXPR_DEPTH: usize = 64;
const MAX_FN_EXPR_DEPTH: usize = 48;
const MAX_STRING_SIZE: usize = 10_000;
const MAX_ARRAY_SIZE: usize = 10_000;
const MAX_MAP_SIZE: usize = 1_000;
const MAX_MODULES: usize = 32;

/// The engine and the compiled scripts of one ruleset.
pub struct ScriptHost {
    engine: Engine,
    /// Script sources by the name errors show (the path as given), for caret lines.
    sources: BTreeMap<String, Arc<str>>,
}

/// A compiled script and the file it came from.
#[derive(Clone)]
pub struct Script {
    pub ast: Rc<AST>,
    pub file: String,
}

impl ScriptHost {
    /// Builds the engine: imports resolve in the variant folders (the ruleset's own, then
    /// those it extends), then in the shared `scripts/` folder; limits are set; `print`
    /// goes to standard error.
    pub fn new(variant_dirs: &[PathBuf], shared_dir: Option<&Path>) -> ScriptHost {
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(MAX_CALL_LEVELS)
            .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FN_EXPR_DEPTH)
            .set_max_string_size(MAX_STRING_SIZE)
            .set_max_array_size(MAX_ARRAY_SIZE)
            .set_max_map_size(MAX_MAP_SIZE)
            .set_max_modules(MAX_MODULES)
            .set_fail_on_invalid_map_property(true);
        engine.disable_symbol("eval");
        let mut resolvers = ModuleResolversCollection::new();
        for dir in variant_dirs {
            resolvers.push(FileModuleResolver::new_with_path(dir));
        }
        if let Some(shared) = shared_dir {
            resolvers.push(FileModuleResolver::new_with_path(shared));
        }
        engine.set_module_resolver(resolvers);
        // Printing is a side effect: a call that prints is never remembered (see memo).
        engine.on_print(|text| {
            super::memo::note_side_effect();
            eprintln!("script: {text}")
        });
        engine.on_debug(|text, source, pos| {
            super::memo::note_side_effect();
            eprintln!("script debug {}:{}: {text}", source.unwrap_or("?"), pos)
        });
        register_game_api(&mut engine);
        register_strict_comparisons(&mut engine);
        ScriptHost {
            engine,
            sources: BTreeMap::new(),
        }
    }

    /// Compiles a script file once, with its imports resolved now.
    ///
    /// # Errors
    /// The file cannot be read, or does not compile.
    pub fn compile(&mut self, path: &Path) -> Result<Script, Diagnostic> {
        let file = display_name(path);
        let text = std::fs::read_to_string(path)
            .map_err(|e| Diagnostic::in_file(&file, format!("cannot read the script: {e}")))?;
        self.sources.insert(file.clone(), Arc::from(text.as_str()));
        let scope = Scope::new();
        let mut ast = self
            .engine
            .compile_into_self_contained(&scope, &text)
            .map_err(|e| self.locate(&file, &e))?;
        ast.set_source(file.clone());
        Ok(Script {
            ast: Rc::new(ast),
            file,
        })
    }

    /// The text of a compiled script, as it was read.
    pub fn source(&self, script: &Script) -> Option<&str> {
        self.sources.get(&script.file).map(|text| &**text)
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
        self.engine
            .eval_expression_with_scope::<T>(&mut scope, expr)
            .map_err(|e| root_cause(&e))
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
        let Some(text) = self.sources.get(&diagnostic.file) else {
            return diagnostic;
        };
        let Some(start) = text.find(&definition) else {
            return diagnostic;
        };
        let name_start = start + 3;
        let text = Arc::clone(text);
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
        match (pos.line(), self.sources.get(&diagnostic.file)) {
            (Some(line), Some(text)) => {
                let text = Arc::clone(text);
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
            Diagnostic::in_file(&file, root_cause(innermost)),
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
fn root_cause(error: &EvalAltResult) -> String {
    let (_, inner) = innermost(error, None);
    let text = match inner {
        EvalAltResult::ErrorTooManyOperations(_) => {
            format!("the script ran more than {MAX_OPERATIONS} operations (an endless loop?)")
        }
        EvalAltResult::ErrorStackOverflow(_) => {
            format!("calls nested deeper than {MAX_CALL_LEVELS} levels (endless recursion?)")
        }
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
