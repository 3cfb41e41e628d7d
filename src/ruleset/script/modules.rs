//! Where a ruleset's scripts come from: the files its `variant.toml` names and the
//! modules its scripts `import`, found only in the variant folder, the folders of the
//! rulesets it extends, and the shared `scripts/` folder.
//!
//! A path that leaves those folders (`../../etc/passwd`, `/etc/passwd`, a symbolic link
//! pointing out) is refused without being read. Imports are checked before Rhai resolves
//! any of them: each path must be text in quotes naming such a script, and no chain of
//! imports may lead back to a script already on it (Rhai would follow a cycle until the
//! stack overflows).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use rhai::module_resolvers::ModuleResolver;
use rhai::{ASTNode, Engine, EvalAltResult, Expr, Module, Position, Scope, Stmt, AST};

use super::closures::variable_from_outside;
use super::compared::ComparedSites;
use super::shown_path::display_name;
use crate::diagnostic::Diagnostic;
use crate::ruleset::library::shared_scripts_dir;
use crate::ruleset::merged::{resolve_extends, MergedToml};

/// The largest script file read: rules are a few kilobytes.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// The extension of a script an `import` names (Rhai's rule: `import "outcome"` is
/// `outcome.rhai`).
const MODULE_EXTENSION: &str = "rhai";

/// Script texts by the name messages show, shared by the host and the module resolver so
/// an error anywhere can show its line.
pub(super) type Sources = Rc<RefCell<BTreeMap<String, Arc<str>>>>;

/// What separates a ruleset's name from a script path in an import that reaches into
/// another ruleset: `import "truchet-boardspace:rules/end" as bases;`. No script path
/// of a ruleset's own folders holds one, so the two kinds of import cannot be confused.
pub const RULESET_SEPARATOR: char = ':';

/// The folders scripts may come from, in the order they are searched.
#[derive(Clone, Debug)]
pub struct ScriptDirs {
    /// Each folder as given (for messages and the paths found) and as the file system
    /// resolves it (to tell whether a file lies inside it).
    dirs: Vec<(PathBuf, PathBuf)>,
    /// The folder another ruleset's name is resolved from, as `extends` resolves it: the
    /// ruleset's own. `None`: imports cannot name another ruleset.
    home: Option<PathBuf>,
}

impl ScriptDirs {
    /// The folders, searched in this order; the first is the ruleset's own, from which
    /// other rulesets' names are resolved.
    pub fn new(dirs: impl IntoIterator<Item = PathBuf>) -> ScriptDirs {
        let dirs: Vec<(PathBuf, PathBuf)> = dirs
            .into_iter()
            .map(|d| {
                let real = d.canonicalize().unwrap_or_else(|_| d.clone());
                (d, real)
            })
            .collect();
        let home = dirs.first().map(|(d, _)| d.clone());
        ScriptDirs { dirs, home }
    }

    /// The folders another ruleset's scripts come from: its own, those it extends, and
    /// the shared `scripts/`, exactly as when that ruleset loads.
    ///
    /// # Errors
    /// The name is not a plain ruleset name (a path could leave the known folders), names
    /// no ruleset, or that ruleset's `variant.toml` does not read.
    fn of_ruleset(&self, name: &str) -> Result<ScriptDirs, PathRefused> {
        let shown = name.escape_debug();
        let refuse = |message: String| PathRefused {
            message,
            missing: false,
        };
        let mut components = Path::new(name).components();
        let plain = matches!(
            (components.next(), components.next()),
            (Some(Component::Normal(_)), None)
        ) && !name.contains(['/', '\\']);
        if !plain {
            return Err(refuse(format!(
                "`{shown}` is not a ruleset's name; write `import \"<ruleset>{RULESET_SEPARATOR}<path>\"` \
                 with the name `variant-run list` shows"
            )));
        }
        let Some(home) = &self.home else {
            return Err(refuse(format!(
                "`{shown}`: these scripts belong to no ruleset, so they cannot import another's"
            )));
        };
        let dir = resolve_extends(home, name).map_err(|_| PathRefused {
            message: format!("no ruleset `{shown}` (`variant-run list` shows the rulesets)"),
            missing: true,
        })?;
        let toml = MergedToml::read(&dir).map_err(|e| {
            refuse(format!(
                "the ruleset `{shown}` does not load (`variant-run check {shown}` says why): {}",
                e.diagnostic()
                    .map_or_else(|| e.to_string(), |d| d.message.clone())
            ))
        })?;
        Ok(ScriptDirs::new(
            toml.dirs().into_iter().chain(shared_scripts_dir(&dir)),
        ))
    }

    /// The folders, as messages name them.
    pub fn shown(&self) -> Vec<String> {
        self.dirs.iter().map(|(d, _)| display_name(d)).collect()
    }

    /// The file a script path names: the first folder holding it wins.
    ///
    /// # Errors
    /// Why the path is refused or names no script.
    pub fn find(&self, written: &str) -> Result<PathBuf, PathRefused> {
        let path = Path::new(written);
        let shown = written.escape_debug();
        let refuse = |message: String| {
            Err(PathRefused {
                message,
                missing: false,
            })
        };
        if written.is_empty() {
            return refuse("an empty script path".into());
        }
        if path.has_root() || path.is_absolute() {
            return refuse(format!(
                "`{shown}` is an absolute path; a script path is relative to the variant folder"
            ));
        }
        if path
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
        {
            return refuse(format!(
                "`{shown}` leaves the variant folder; scripts come from the variant folder, \
                 the folders of the rulesets it extends, and scripts/"
            ));
        }
        for (dir, real_dir) in &self.dirs {
            let candidate = dir.join(path);
            if !candidate.is_file() {
                continue;
            }
            let inside = candidate
                .canonicalize()
                .is_ok_and(|real| real.starts_with(real_dir));
            if !inside {
                return refuse(format!(
                    "`{shown}` in {} leads outside that folder (a symbolic link)",
                    display_name(dir)
                ));
            }
            return Ok(candidate);
        }
        Err(PathRefused {
            message: format!("no script `{shown}` in {}", self.shown().join(", ")),
            missing: true,
        })
    }

    /// The file an `import` names: a path in these folders, or `<ruleset>:<path>`, the
    /// script that ruleset's own scripts would get for `<path>`.
    ///
    /// # Errors
    /// As [`ScriptDirs::find`], and a ruleset name that names none.
    pub fn find_module(&self, written: &str) -> Result<PathBuf, PathRefused> {
        match split_ruleset(written) {
            Some((ruleset, path)) => {
                let mut with_extension = PathBuf::from(path);
                with_extension.set_extension(MODULE_EXTENSION);
                self.of_ruleset(ruleset)?
                    .find(&with_extension.to_string_lossy())
            }
            None => {
                let mut with_extension = PathBuf::from(written);
                with_extension.set_extension(MODULE_EXTENSION);
                self.find(&with_extension.to_string_lossy())
            }
        }
    }
}

/// Whether two paths give a script the same text: the same file, or two copies of it
/// (a project and a copy of its rulesets each have a `scripts/`, whose `outcome.rhai`
/// reads the same either way).
fn same_script(a: &Path, b: &Path) -> bool {
    if a.canonicalize().ok() == b.canonicalize().ok() {
        return true;
    }
    matches!((read_script(a), read_script(b)), (Ok(a), Ok(b)) if a == b)
}

/// An import's ruleset and path, when it names another ruleset's script.
fn split_ruleset(written: &str) -> Option<(&str, &str)> {
    written.split_once(RULESET_SEPARATOR)
}

/// Why a script path names no script the ruleset may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathRefused {
    pub message: String,
    /// Whether the path is one a script may have, with no file there.
    missing: bool,
}

impl PathRefused {
    /// What a caret under the path says.
    pub fn label(&self) -> &'static str {
        if self.missing {
            "no such script"
        } else {
            "not a script of this ruleset"
        }
    }
}

impl std::fmt::Display for PathRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Reads a script file, refusing one too large to be a rule.
///
/// # Errors
/// The file cannot be read, is not UTF-8 text, or is too large; the message says which.
pub fn read_script(path: &Path) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_SCRIPT_BYTES {
        return Err(format!(
            "the file is {size} bytes; a script may have at most {MAX_SCRIPT_BYTES}"
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "the file is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// Checks the imports of a script and of every script it imports, before Rhai resolves
/// any of them; records every text read in `sources`, and gives the texts the script
/// imports, directly or through others, each once in the order they were read.
///
/// # Errors
/// An import whose path is not text in quotes, names no script or one outside the
/// allowed folders, a script that does not read or parse, an import cycle, or more
/// modules than `max_modules`; located at the import at fault.
pub(super) fn check_imports(
    engine: &Engine,
    dirs: &ScriptDirs,
    file: &str,
    ast: &AST,
    sources: &Sources,
    compared: &mut ComparedSites,
    max_modules: usize,
) -> Result<Vec<Arc<str>>, Diagnostic> {
    let mut walk = ImportWalk {
        engine,
        dirs,
        sources,
        compared,
        chain: Vec::new(),
        done: Vec::new(),
        read: Vec::new(),
        max_modules,
    };
    walk.visit(file, ast, None)?;
    Ok(walk.read)
}

/// The ruleset a script was imported from by name, when it is another's: its name and
/// the folders its own imports would be looked for in.
struct ForeignRuleset {
    name: String,
    dirs: ScriptDirs,
}

struct ImportWalk<'a> {
    engine: &'a Engine,
    dirs: &'a ScriptDirs,
    sources: &'a Sources,
    /// The comparisons of each script read here, found as it is compiled: a function of
    /// an imported script runs with that script's name as its source, so an imported
    /// rule is remembered by its comparisons too (see [`super::compared`]).
    compared: &'a mut ComparedSites,
    /// The scripts being checked, each importing the next: (real path, name shown).
    chain: Vec<(PathBuf, String)>,
    /// Scripts already checked, with all they import, and the ruleset each was borrowed
    /// from (its plain imports are checked against that ruleset's folders).
    done: Vec<(PathBuf, Option<String>)>,
    /// The texts of the scripts imported so far, in the order they were read.
    read: Vec<Arc<str>>,
    max_modules: usize,
}

impl ImportWalk<'_> {
    /// Checks a script and what it imports; `foreign` is the ruleset it was imported
    /// from by name, if any.
    fn visit(
        &mut self,
        file: &str,
        ast: &AST,
        foreign: Option<&ForeignRuleset>,
    ) -> Result<(), Diagnostic> {
        let real = Path::new(file)
            .canonicalize()
            .unwrap_or_else(|_| PathBuf::from(file));
        self.chain.push((real.clone(), file.to_string()));
        if let Some((name, pos)) = variable_from_outside(ast) {
            return Err(self.at(
                file,
                pos,
                format!(
                    "an anonymous function cannot use `{name}`: it sees only its own \
                     parameters and variables (it cannot capture variables from outside it; \
                     pass a value in with `curry`)"
                ),
                "not defined in the anonymous function",
            ));
        }
        for (written, pos) in imports(ast) {
            let Some(written) = written else {
                return Err(self.at(
                    file,
                    pos,
                    "an import path must be text in quotes, so it can be checked when the \
                     ruleset loads"
                        .into(),
                    "not text in quotes",
                ));
            };
            self.follow(file, pos, &written, foreign)?;
        }
        if let Some((real, _)) = self.chain.pop() {
            self.done.push((real, foreign.map(|f| f.name.clone())));
        }
        Ok(())
    }

    /// One import of `file`, written `written` at `pos`: the script it names is found,
    /// checked against the ruleset it was borrowed from, against cycles and the budget
    /// of modules, then read, compiled and visited in its turn (once for each ruleset
    /// it is borrowed from).
    fn follow(
        &mut self,
        file: &str,
        pos: Position,
        written: &str,
        foreign: Option<&ForeignRuleset>,
    ) -> Result<(), Diagnostic> {
        let at = |message: String, label: &str| self.at(file, pos, message, label);
        let path = self.dirs.find_module(written).map_err(|e| {
            at(
                format!("import \"{}\": {e}", written.escape_debug()),
                "here",
            )
        })?;
        if let (Some(foreign), None) = (foreign, split_ruleset(written)) {
            self.same_as_in_its_ruleset(file, pos, written, &path, foreign)?;
        }
        let imported_foreign = self.ruleset_of_import(written, foreign).map_err(|e| {
            at(
                format!("import \"{}\": {e}", written.escape_debug()),
                "here",
            )
        })?;
        let imported = display_name(&path);
        let imported_real = path.canonicalize().unwrap_or_else(|_| path.clone());
        self.no_cycle(file, pos, written, &imported_real, &imported)?;
        let done_key = (
            imported_real.clone(),
            imported_foreign.as_ref().map(|f| f.name.clone()),
        );
        if self.done.contains(&done_key) {
            return Ok(());
        }
        if self.done.len() + self.chain.len() > self.max_modules {
            return Err(at(
                format!("more than {} scripts imported", self.max_modules),
                "one import too many",
            ));
        }
        let text = read_script(&path).map_err(|e| {
            at(
                format!("import \"{}\": {imported}: {e}", written.escape_debug()),
                "here",
            )
        })?;
        let module_ast = self.compile(&imported, text)?;
        self.visit(&imported, &module_ast, imported_foreign.as_ref())
    }

    /// A plain import in a script borrowed from another ruleset must name the script
    /// its own ruleset gives it. Rhai resolves an import path to one module for all the
    /// scripts of a ruleset, so a script borrowed from another ruleset gets this
    /// ruleset's file for a plain path.
    fn same_as_in_its_ruleset(
        &self,
        file: &str,
        pos: Position,
        written: &str,
        path: &Path,
        foreign: &ForeignRuleset,
    ) -> Result<(), Diagnostic> {
        let theirs = foreign.dirs.find_module(written).ok();
        let same = theirs
            .as_ref()
            .is_some_and(|theirs| same_script(theirs, path));
        if same {
            return Ok(());
        }
        let name = foreign.name.escape_debug();
        Err(self.at(
            file,
            pos,
            format!(
                "import \"{}\" in a script of {name} names {} here, but {} in \
                 {name}; write `import \"{name}{RULESET_SEPARATOR}{}\"` to mean \
                 {name}'s",
                written.escape_debug(),
                display_name(path),
                theirs.map_or_else(|| "nothing".to_string(), |p| display_name(&p)),
                written.escape_debug()
            ),
            "names another script here than in its own ruleset",
        ))
    }

    /// The ruleset an import borrows from: the one it names, or for a plain import
    /// inside a borrowed script, that script's own (an import stays in its ruleset).
    fn ruleset_of_import(
        &self,
        written: &str,
        foreign: Option<&ForeignRuleset>,
    ) -> Result<Option<ForeignRuleset>, PathRefused> {
        Ok(match split_ruleset(written) {
            Some((name, _)) => Some(ForeignRuleset {
                name: name.to_string(),
                dirs: self.dirs.of_ruleset(name)?,
            }),
            None => foreign.map(|f| ForeignRuleset {
                name: f.name.clone(),
                dirs: f.dirs.clone(),
            }),
        })
    }

    /// Refuses an import of a script that is being checked already: it would close a
    /// cycle of imports.
    fn no_cycle(
        &self,
        file: &str,
        pos: Position,
        written: &str,
        imported_real: &Path,
        imported: &str,
    ) -> Result<(), Diagnostic> {
        let Some(start) = self.chain.iter().position(|(r, _)| r == imported_real) else {
            return Ok(());
        };
        let mut cycle: Vec<&str> = self.chain[start..]
            .iter()
            .map(|(_, s)| s.as_str())
            .collect();
        cycle.push(imported);
        let message = format!(
            "import \"{}\" closes a cycle: {}",
            written.escape_debug(),
            cycle.join(" -> ")
        );
        Err(self.at(
            file,
            pos,
            message,
            "a script cannot import itself, even through others",
        ))
    }

    /// An imported script's text, kept with the texts read, compiled, with its
    /// comparisons noted.
    fn compile(&mut self, imported: &str, text: String) -> Result<AST, Diagnostic> {
        let text: Arc<str> = Arc::from(text);
        self.sources
            .borrow_mut()
            .insert(imported.to_string(), Arc::clone(&text));
        self.read.push(Arc::clone(&text));
        let module_ast = self
            .engine
            .compile(&*text)
            .map_err(|e| parse_error(imported, &text, &e))?;
        if !self.compared.has_script(imported) {
            self.compared.add_script(imported, &module_ast);
        }
        Ok(module_ast)
    }

    /// A diagnostic at a position of a script already read.
    fn at(&self, file: &str, pos: Position, message: String, label: &str) -> Diagnostic {
        let located = Diagnostic::in_file(file, message);
        let text = self.sources.borrow().get(file).cloned();
        match (text, pos.line()) {
            (Some(text), Some(line)) => located.at_line_column(&text, line, pos.position(), label),
            _ => located,
        }
    }
}

/// A script's `import` statements, anywhere in it: each path when it is a string
/// constant, and where the statement stands.
fn imports(ast: &AST) -> Vec<(Option<String>, Position)> {
    let mut found = Vec::new();
    ast.walk(&mut |path: &[ASTNode]| {
        if let Some(ASTNode::Stmt(Stmt::Import(import, pos))) = path.last() {
            let written = match &import.0 {
                Expr::StringConstant(s, _) => Some(s.to_string()),
                _ => None,
            };
            found.push((written, *pos));
        }
        true
    });
    found
}

/// A parse error of a script, located in its text.
pub(super) fn parse_error(file: &str, text: &Arc<str>, error: &rhai::ParseError) -> Diagnostic {
    let located = Diagnostic::in_file(file, error.0.to_string());
    match error.1.line() {
        Some(line) => located.at_line_column(text, line, error.1.position(), "here"),
        None => located,
    }
}

/// Resolves `import`s for Rhai from the allowed folders only (the imports have been
/// checked by then), naming each module after its file so errors inside it show its
/// lines.
pub(super) struct SandboxResolver {
    pub(super) dirs: ScriptDirs,
    pub(super) sources: Sources,
}

impl SandboxResolver {
    fn load(
        &self,
        engine: &Engine,
        written: &str,
        pos: Position,
    ) -> Result<AST, Box<EvalAltResult>> {
        let path = self.dirs.find_module(written).map_err(|e| {
            Box::new(EvalAltResult::ErrorModuleNotFound(
                format!("{written} ({e})"),
                pos,
            ))
        })?;
        let shown = display_name(&path);
        let text = read_script(&path).map_err(|e| {
            Box::new(EvalAltResult::ErrorInModule(
                shown.clone(),
                EvalAltResult::ErrorRuntime(e.into(), pos).into(),
                pos,
            ))
        })?;
        let text: Arc<str> = Arc::from(text);
        self.sources
            .borrow_mut()
            .insert(shown.clone(), Arc::clone(&text));
        let mut ast = engine
            .compile(&*text)
            .map_err(|e| Box::new(EvalAltResult::ErrorInModule(shown.clone(), e.into(), pos)))?;
        ast.set_source(shown);
        Ok(ast)
    }
}

impl ModuleResolver for SandboxResolver {
    fn resolve(
        &self,
        engine: &Engine,
        _source: Option<&str>,
        path: &str,
        pos: Position,
    ) -> Result<Rc<Module>, Box<EvalAltResult>> {
        let ast = self.load(engine, path, pos)?;
        let source = ast.source().unwrap_or(path).to_string();
        let module = Module::eval_ast_as_new(Scope::new(), &ast, engine)
            .map_err(|e| Box::new(EvalAltResult::ErrorInModule(source, e, pos)))?;
        Ok(module.into())
    }

    fn resolve_ast(
        &self,
        engine: &Engine,
        _source: Option<&str>,
        path: &str,
        pos: Position,
    ) -> Option<Result<AST, Box<EvalAltResult>>> {
        Some(self.load(engine, path, pos))
    }
}
