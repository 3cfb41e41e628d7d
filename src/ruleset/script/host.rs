//! The Rhai script host: one engine, every script compiled once, sandbox limits, and
//! errors that name the file, line and column with a caret under the spot.

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Map, Scope, AST};

use super::api::register_game_api;
use super::budget::{self, Budget};
use super::catalogue::{catalogue, nearest, ApiEntry, Receiver};
use super::compared::ComparedSites;
use super::limits::{raise_hint, too_large, Limits};
use super::modules::{
    check_imports, parse_error, read_script, SandboxResolver, ScriptDirs, Sources,
};
use super::shown_path::display_name;
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
    /// What scripts can call on a `Game` and a `Group`, read from the engine, to answer
    /// a call of something else with the nearest names. Read when first asked: reading
    /// every signature cost each load about 10 million instructions (4% of a `perft 5`
    /// of Trugo), and only a failing script or the API's listing needs it.
    api: OnceCell<Vec<ApiEntry>>,
    /// Where the compiled scripts compare an answer with a constant as they ask.
    compared: Rc<ComparedSites>,
}

/// A compiled script and the file it came from.
#[derive(Clone)]
pub struct Script {
    pub ast: Rc<AST>,
    pub file: String,
    /// The texts of the scripts it imports, directly or through others, each once in
    /// the order they were read.
    pub imported: Vec<Arc<str>>,
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
            api: OnceCell::new(),
            compared: Rc::default(),
        }
    }

    /// Where the compiled scripts compare a game answer with a constant as they ask.
    pub fn compared(&self) -> &Rc<ComparedSites> {
        &self.compared
    }

    /// Puts the ruleset's param values in place of the params the scripts compare with.
    pub fn resolve_compared_params(&mut self, params: &BTreeMap<String, Dynamic>) {
        Rc::make_mut(&mut self.compared).resolve_params(params);
    }

    /// Every function and property scripts can use on a `Game` and a `Group`, as the
    /// engine has them registered.
    pub fn api(&self) -> &[ApiEntry] {
        self.api.get_or_init(|| catalogue(&self.engine))
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
        let imported = check_imports(
            &self.engine,
            &self.dirs,
            &file,
            &parsed,
            &self.sources,
            Rc::make_mut(&mut self.compared),
            MAX_MODULES,
        )?;
        let _call = self.budget.start_call();
        let scope = Scope::new();
        let mut ast = self
            .engine
            .compile_into_self_contained(&scope, &*text)
            .map_err(|e| self.locate(&file, &e))?;
        ast.set_source(file.clone());
        Rc::make_mut(&mut self.compared).add_script(&file, &ast);
        Ok(Script {
            ast: Rc::new(ast),
            file,
            imported,
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

    /// Every script text read so far, each whole, in the order of their names.
    pub fn source_texts(&self) -> Vec<Arc<str>> {
        self.sources.borrow().values().cloned().collect()
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
        let _call = self.budget.start_call();
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
        let _call = self.budget.start_call();
        self.engine
            .eval_expression_with_scope::<T>(&mut scope, expr)
            .map_err(|e| root_cause(&e, &self.limits, self.api()))
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
            Diagnostic::in_file(&file, root_cause(innermost, &self.limits, self.api())),
            pos,
            "here",
        )
    }
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
fn root_cause(error: &EvalAltResult, limits: &Limits, api: &[ApiEntry]) -> String {
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
        EvalAltResult::ErrorFunctionNotFound(signature, _) => function_not_found(signature, api),
        EvalAltResult::ErrorDotExpr(text, _) => {
            property_not_found(text, api).unwrap_or_else(|| text.clone())
        }
        EvalAltResult::ErrorRuntime(value, _) => value.to_string(),
        other => other.to_string(),
    };
    // Rhai appends " (line L, position P)" to many messages; the location is shown apart.
    match text.rfind(" (line ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// What is wrong with a call Rhai found no function for (`home2 (Game, &str | ...)`),
/// in a designer's words: for a call on the game or a group, the nearest functions it
/// has, or the arguments the function of that name takes.
fn function_not_found(signature: &str, api: &[ApiEntry]) -> String {
    let Some((name, args)) = signature.split_once(" (") else {
        return format!("no function `{signature}`");
    };
    let args: Vec<&str> = args
        .trim_end_matches(')')
        .split(", ")
        .filter(|a| !a.is_empty())
        .collect();
    let given = |args: &[&str]| -> String {
        let words: Vec<&str> = args.iter().map(|a| argument_words(a)).collect();
        words.join(", ")
    };
    let receiver = args.first().and_then(|&first| {
        [Receiver::Game, Receiver::Group]
            .into_iter()
            .find(|r| r.type_name() == first)
    });
    let Some(receiver) = receiver else {
        return if args.is_empty() {
            format!("no function `{name}` taking no arguments")
        } else {
            format!("no function `{name}` taking ({})", given(&args))
        };
    };
    let on = receiver.words();
    let overloads: Vec<&ApiEntry> = api
        .iter()
        .filter(|e| e.receiver == receiver && e.name == name)
        .collect();
    if overloads.iter().any(|e| e.property) && args.len() == 1 {
        return format!(
            "`{name}` of {on} is a property, not a function: write it without parentheses, \
             `.{name}`"
        );
    }
    let functions: Vec<String> = overloads
        .iter()
        .filter(|e| !e.property)
        .map(|e| {
            let words: Vec<&str> = e.params.iter().map(|p| argument_words(p)).collect();
            format!("({})", words.join(", "))
        })
        .collect();
    if !functions.is_empty() {
        return format!(
            "`{name}` of {on} takes {}, not ({})",
            functions.join(" or "),
            given(&args[1..])
        );
    }
    match nearest(api, receiver, false, name).as_slice() {
        [] => {
            format!("{on} has no function `{name}` (docs/scripting.md lists what scripts can call)")
        }
        near => format!(
            "{on} has no function `{name}`; did you mean {}?",
            alternatives(near)
        ),
    }
}

/// Rhai's "Unknown property 'p' - a getter is not registered for type 'Game'", and its
/// setter twin, in a designer's words with the nearest properties; `None` for other
/// types than the game API's.
fn property_not_found(text: &str, api: &[ApiEntry]) -> Option<String> {
    let quoted: Vec<&str> = text.split('\'').skip(1).step_by(2).collect();
    let (&property, &type_name) = (quoted.first()?, quoted.get(1)?);
    let receiver = [Receiver::Game, Receiver::Group]
        .into_iter()
        .find(|r| r.type_name() == type_name)?;
    let on = receiver.words();
    if text.starts_with("No writable property") {
        return Some(format!(
            "`{property}` of {on} cannot be set: scripts read the game's properties and \
             change it only through its functions"
        ));
    }
    if api
        .iter()
        .any(|e| e.receiver == receiver && !e.property && e.name == property)
    {
        return Some(format!(
            "`{property}` of {on} is a function, not a property: call it, `.{property}(...)`"
        ));
    }
    Some(match nearest(api, receiver, true, property).as_slice() {
        [] => format!(
            "{on} has no property `{property}` (docs/scripting.md lists what scripts can read)"
        ),
        near => format!(
            "{on} has no property `{property}`; did you mean {}?",
            alternatives(near)
        ),
    })
}

/// `a`, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
fn alternatives(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// An argument's type in words; Rhai writes text as `&str | ImmutableString | String`.
fn argument_words(rhai_type: &str) -> &str {
    let first = rhai_type.split(" | ").next().unwrap_or(rhai_type).trim();
    match first {
        "Array" | "array" => "a list",
        "Dynamic" => "a value",
        other => type_words(other),
    }
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
