//! A ruleset's TOML as the game reads it: its `variant.toml` merged over the files it
//! extends, with the place every key was set, so a message can point at the line.
//!
//! `extends = "truchet-browne"` (a ruleset's name, or a path to its folder relative to
//! this one) makes a variant state only what differs: tables merge key by key, and
//! anything else the derived file sets (a number, a list, an array of tables such as
//! `[[players]]`) replaces the base's whole. Chains work; a cycle is an error.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;

use super::config::type_words;
use super::error::VariantError;
use super::library::{find_variant, VARIANT_FILE};
use super::script::display_name;
use crate::diagnostic::Diagnostic;

/// The key that names the ruleset a variant is derived from.
pub const EXTENDS: &str = "extends";

/// The table of values scripts read by name.
const PARAMS: &str = "params";

/// How many rulesets a chain of `extends` may hold: more is surely a mistake.
const MAX_CHAIN: usize = 16;

/// One `variant.toml` of a chain.
#[derive(Clone, Debug)]
pub struct VariantFile {
    /// The variant folder.
    pub dir: PathBuf,
    /// The file as messages show it.
    pub shown: String,
    pub text: Arc<str>,
    /// What its `extends` names, as written.
    pub extends: Option<String>,
}

/// Where a key was set: the file of the chain, the key's span and its value's span.
#[derive(Clone, Debug)]
struct Origin {
    file: usize,
    key: Option<Range<usize>>,
    value: Option<Range<usize>>,
}

/// The merged TOML of a ruleset and where each of its keys was set.
#[derive(Debug)]
pub struct MergedToml {
    /// The chain: the ruleset's own file first, then the one it extends, and so on.
    pub files: Vec<VariantFile>,
    pub table: toml::Table,
    /// Key paths (`players[1].colour`) to where they were set, the deepest file winning.
    origins: BTreeMap<String, Origin>,
}

impl MergedToml {
    /// Reads the `variant.toml` in `dir` and every file it extends, and merges them.
    ///
    /// # Errors
    /// A file that cannot be read or is not TOML, an `extends` that names no ruleset or
    /// closes a cycle, or a chain too long to be meant.
    pub fn read(dir: &Path) -> Result<MergedToml, VariantError> {
        let mut files: Vec<VariantFile> = Vec::new();
        let mut tables: Vec<toml::Table> = Vec::new();
        let mut origins: Vec<BTreeMap<String, Origin>> = Vec::new();
        let mut seen: Vec<PathBuf> = Vec::new();
        let mut next = Some(dir.to_path_buf());
        while let Some(dir) = next.take() {
            let index = files.len();
            let (file, table, file_origins) = read_one(&dir, index)?;
            seen.push(dir.canonicalize().unwrap_or_else(|_| dir.clone()));
            if let Some(base) = &file.extends {
                let located = |message: String, label: &str| {
                    locate_in(&file, file_origins.get(EXTENDS), message, label, false)
                };
                let base_dir = resolve_extends(&dir, base).map_err(|e| {
                    VariantError::Config(located(
                        format!("extends = \"{base}\": {e}"),
                        "no such ruleset",
                    ))
                })?;
                let canonical = base_dir.canonicalize().unwrap_or_else(|_| base_dir.clone());
                if seen.contains(&canonical) {
                    let mut names: Vec<&str> = files.iter().map(|f| f.shown.as_str()).collect();
                    names.push(&file.shown);
                    return Err(VariantError::Config(located(
                        format!(
                            "extends = \"{base}\" closes a cycle: {} extends it again",
                            names.join(" -> ")
                        ),
                        "a ruleset cannot extend itself, even through others",
                    )));
                }
                if index + 1 >= MAX_CHAIN {
                    return Err(VariantError::Config(located(
                        format!("more than {MAX_CHAIN} rulesets extend one another"),
                        "the chain is too long",
                    )));
                }
                next = Some(base_dir);
            }
            files.push(file);
            tables.push(table);
            origins.push(file_origins);
        }
        // Merge from the furthest base towards the ruleset's own file.
        let mut table = tables.pop().unwrap_or_default();
        let mut merged_origins = origins.pop().unwrap_or_default();
        let mut retyped = Vec::new();
        while let (Some(derived), Some(derived_origins)) = (tables.pop(), origins.pop()) {
            let mut merging = Merging {
                origins: &mut merged_origins,
                derived_origins: &derived_origins,
                retyped: &mut retyped,
            };
            merging.merge(&mut table, derived, "");
        }
        let merged = MergedToml {
            files,
            table,
            origins: merged_origins,
        };
        // Scripts read `[params]` by name and expect the base's type: a derived ruleset
        // that writes `"abc"` where the base has a number breaks the base's scripts.
        if let Some((path, was, now)) = retyped.first() {
            return Err(VariantError::Config(merged.error_at(
                path,
                format!(
                    "`{}` is {} in the ruleset this one extends, so it must stay {was}, not {now}",
                    last_key(path),
                    was,
                ),
                &format!("this is {now}"),
            )));
        }
        Ok(merged)
    }

    /// The ruleset's own file, the first of the chain.
    pub fn own(&self) -> &VariantFile {
        &self.files[0]
    }

    /// The variant folders of the chain, the ruleset's own first: where its scripts are
    /// looked for.
    pub fn dirs(&self) -> Vec<PathBuf> {
        self.files.iter().map(|f| f.dir.clone()).collect()
    }

    /// Which file set this key: 0 the ruleset's own, 1 the one it extends, and so on;
    /// `None` when no file does.
    pub fn file_depth(&self, path: &str) -> Option<usize> {
        self.origins.get(path).map(|o| o.file)
    }

    /// Whether the ruleset's own file (not one it extends) sets this key.
    pub fn own_file_sets(&self, path: &str) -> bool {
        self.origins.get(path).is_some_and(|o| o.file == 0)
    }

    /// An error about the value at a key path (`turn.max_height`, `players[1].colour`),
    /// pointing at the value in the file that set it; a path that was never set points
    /// at the nearest table that was.
    pub fn error_at(&self, path: &str, message: impl Into<String>, label: &str) -> Diagnostic {
        self.diagnostic(path, message.into(), label, false)
    }

    /// Like [`MergedToml::error_at`], pointing at the key rather than its value.
    pub fn error_at_key(&self, path: &str, message: impl Into<String>, label: &str) -> Diagnostic {
        self.diagnostic(path, message.into(), label, true)
    }

    fn diagnostic(&self, path: &str, message: String, label: &str, key: bool) -> Diagnostic {
        let mut search = path;
        loop {
            if let Some(origin) = self.origins.get(search) {
                let file = &self.files[origin.file];
                return locate_in(file, Some(origin), message, label, key);
            }
            match parent_path(search) {
                Some(parent) => search = parent,
                None => return Diagnostic::in_file(&self.own().shown, message),
            }
        }
    }

    /// Deserializes the merged table, or says which key is wrong, where and why.
    ///
    /// # Errors
    /// A key that is unknown, missing, or of the wrong type or value.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        self.deserialize_at("", toml::Value::Table(self.table.clone()))
    }

    /// Deserializes the value at a key path (one table of the TOML), or says what is wrong.
    ///
    /// # Errors
    /// As [`MergedToml::deserialize`].
    pub fn deserialize_at<T: DeserializeOwned>(
        &self,
        prefix: &str,
        value: toml::Value,
    ) -> Result<T, Diagnostic> {
        self.read_as::<T>(prefix, value)
            .map_err(|fault| fault.diagnostic)
    }

    /// Every key problem of the merged table, not only the first, so a designer can fix
    /// them in one go: after each problem the key at fault is set aside and the table is
    /// read again. Reading stops at a missing key (nothing to set aside), or when a key
    /// set aside turns out to be needed.
    pub fn problems<T: DeserializeOwned>(&self) -> Vec<Diagnostic> {
        const MAX_PROBLEMS: usize = 20;
        let mut table = self.table.clone();
        let mut found = Vec::new();
        let mut set_aside: Vec<String> = Vec::new();
        while found.len() < MAX_PROBLEMS {
            let Err(fault) = self.read_as::<T>("", toml::Value::Table(table.clone())) else {
                break;
            };
            match fault.key {
                Some(key) if !set_aside.contains(&key) && remove_key(&mut table, &key) => {
                    set_aside.push(key);
                    found.push(fault.diagnostic);
                }
                // A missing key: report it unless it is one set aside above.
                None if set_aside
                    .iter()
                    .any(|k| fault.diagnostic.message.contains(last_key(k))) =>
                {
                    break;
                }
                _ => {
                    found.push(fault.diagnostic);
                    break;
                }
            }
        }
        // serde meets the keys in table order; a designer reads the file top to bottom.
        found.sort_by_key(|d| (d.file.clone(), d.line_column()));
        found
    }

    /// Reads a value as `T`, or says what is wrong and which key to set aside for it.
    fn read_as<T: DeserializeOwned>(&self, prefix: &str, value: toml::Value) -> Result<T, Fault> {
        serde_path_to_error::deserialize::<_, T>(value).map_err(
            |e: serde_path_to_error::Error<toml::de::Error>| {
                let mut path = prefix.to_string();
                for segment in e.path().iter() {
                    match segment {
                        serde_path_to_error::Segment::Seq { index } => {
                            let _ = write!(path, "[{index}]");
                        }
                        serde_path_to_error::Segment::Map { key } => push_key(&mut path, key),
                        serde_path_to_error::Segment::Enum { .. }
                        | serde_path_to_error::Segment::Unknown => {}
                    }
                }
                self.explain_serde_error(&path, e.into_inner().message())
            },
        )
    }

    /// Turns serde's wording into a designer's, pointing at the key at fault.
    /// The fault names the key to set aside to read on: the unknown key, or the named key
    /// holding the bad value; none for a missing key.
    fn explain_serde_error(&self, path: &str, message: &str) -> Fault {
        let at = |diagnostic: Diagnostic, key: &str| Fault {
            diagnostic,
            key: Some(named_key(key).to_string()),
        };
        let message = message.trim();
        if let Some(rest) = message.strip_prefix("unknown field `") {
            let (key, expected) = rest.split_once('`').unwrap_or((rest, ""));
            // serde's path stops at the table; the unknown key is the spot.
            let table_path = if path.ends_with(key) {
                parent_path(path).unwrap_or("")
            } else {
                path
            };
            let mut key_path = table_path.to_string();
            push_key(&mut key_path, key);
            let section = section_name(table_path);
            let known = backticked_list(expected);
            let d = self.error_at_key(
                &key_path,
                format!("unknown key `{key}` in {section}"),
                &format!("not a key of {section}"),
            );
            let d = if known.is_empty() {
                d.with_note(format!("{section} takes no keys"))
            } else {
                d.with_note(format!("the keys of {section} are {}", known.join(", ")))
            };
            return at(d, &key_path);
        }
        if let Some(rest) = message.strip_prefix("missing field `") {
            let key = rest.split_once('`').map_or(rest, |(k, _)| k);
            let section = section_name(path);
            return Fault {
                diagnostic: self.error_at_key(
                    path,
                    format!("{section} needs `{key}`"),
                    &format!("`{key}` is missing from {section}"),
                ),
                key: None,
            };
        }
        if let Some(rest) = message.strip_prefix("unknown variant `") {
            let (word, expected) = rest.split_once('`').unwrap_or((rest, ""));
            let choices = backticked_list(expected);
            return at(
                self.error_at(
                    path,
                    format!("`{}` cannot be \"{word}\"", last_key(path)),
                    "not one of the choices",
                )
                .with_note(format!("choose one of {}", choices.join(", "))),
                path,
            );
        }
        let wrong = message
            .strip_prefix("invalid type: ")
            .or_else(|| message.strip_prefix("invalid value: "));
        if let Some(rest) = wrong {
            let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
            return at(
                self.error_at(
                    path,
                    format!(
                        "`{}` must be {}",
                        last_key(path),
                        expected_words(expected.trim_end_matches('.'))
                    ),
                    &format!("this is {}", found_words(found)),
                ),
                path,
            );
        }
        if let Some(rest) = message.strip_prefix("invalid length ") {
            return at(
                self.error_at(
                    path,
                    format!("`{}` has the wrong length: {rest}", last_key(path)),
                    "here",
                ),
                path,
            );
        }
        at(self.error_at(path, message.to_string(), "here"), path)
    }
}

/// The most a `variant.toml` may hold: a ruleset's settings take a few kilobytes.
const MAX_VARIANT_FILE_BYTES: u64 = 1 << 20;

/// The text of the `variant.toml` at `path` in `dir`. Like a script, it may be a symbolic
/// link only to a file inside its folder: one that leads out (to `/etc/passwd`) is
/// refused before anything is read, so no message can quote another file.
fn read_variant_file(dir: &Path, path: &Path) -> Result<String, String> {
    let real_dir = dir.canonicalize().map_err(|e| e.to_string())?;
    let real = path.canonicalize().map_err(|e| e.to_string())?;
    if !real.starts_with(&real_dir) {
        return Err("a symbolic link out of its folder; it is not read".into());
    }
    let metadata = std::fs::metadata(&real).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("not a file".into());
    }
    if metadata.len() > MAX_VARIANT_FILE_BYTES {
        return Err(format!(
            "the file is {} bytes; a {VARIANT_FILE} may have at most {MAX_VARIANT_FILE_BYTES}",
            metadata.len()
        ));
    }
    let bytes = std::fs::read(&real).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "the file is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// Reads one `variant.toml`: its text, its table (without `extends`), and where each
/// key is.
fn read_one(
    dir: &Path,
    index: usize,
) -> Result<(VariantFile, toml::Table, BTreeMap<String, Origin>), VariantError> {
    let path = dir.join(VARIANT_FILE);
    let shown = display_name(&path);
    let text = read_variant_file(dir, &path).map_err(|message| VariantError::Io {
        path: shown.clone(),
        message,
    })?;
    let text: Arc<str> = Arc::from(text.as_str());
    let document = toml_edit::ImDocument::parse(&*text).map_err(|e| {
        let message = e.message().trim().to_string();
        let d = Diagnostic::in_file(&shown, format!("this is not valid TOML: {message}"));
        VariantError::Toml(match e.span() {
            Some(span) => d.at(&text, span, "here"),
            None => d,
        })
    })?;
    let mut origins = BTreeMap::new();
    record_table(document.as_table(), "", index, &mut origins);
    let mut table: toml::Table = toml::from_str(&text).map_err(|e| {
        VariantError::Toml(Diagnostic::in_file(
            &shown,
            format!("this is not valid TOML: {}", e.message()),
        ))
    })?;
    let extends = match table.remove(EXTENDS) {
        None => None,
        Some(toml::Value::String(name)) => Some(name),
        Some(_) => {
            let file = VariantFile {
                dir: dir.to_path_buf(),
                shown: shown.clone(),
                text: Arc::clone(&text),
                extends: None,
            };
            return Err(VariantError::Config(locate_in(
                &file,
                origins.get(EXTENDS),
                "extends must name a ruleset, in quotes: extends = \"truchet-browne\"".into(),
                "not a name",
                false,
            )));
        }
    };
    Ok((
        VariantFile {
            dir: dir.to_path_buf(),
            shown,
            text,
            extends,
        },
        table,
        origins,
    ))
}

/// Finds the folder an `extends` names: a path relative to the extending variant's
/// folder, else a ruleset's name. Scripts' `import "<ruleset>:<path>"` finds rulesets
/// the same way.
pub(crate) fn resolve_extends(dir: &Path, base: &str) -> Result<PathBuf, String> {
    let relative = dir.join(base);
    if relative.join(VARIANT_FILE).is_file() {
        return Ok(relative);
    }
    find_variant(base).map_err(|e| e.to_string())
}

/// A diagnostic at an origin in a file (the key or the value), or about the whole file.
fn locate_in(
    file: &VariantFile,
    origin: Option<&Origin>,
    message: String,
    label: &str,
    key: bool,
) -> Diagnostic {
    let d = Diagnostic::in_file(&file.shown, message);
    let span = origin.and_then(|o| {
        if key {
            o.key.clone().or_else(|| o.value.clone())
        } else {
            o.value.clone().or_else(|| o.key.clone())
        }
    });
    match span {
        Some(span) => d.at(&file.text, span, label),
        None => d,
    }
}

/// Merges `derived` over `base`: tables key by key, anything else replaced whole.
/// Merging a derived file's table over its base's.
struct Merging<'a> {
    /// Where each merged key was set, updated as the derived file's keys win.
    origins: &'a mut BTreeMap<String, Origin>,
    derived_origins: &'a BTreeMap<String, Origin>,
    /// `[params]` entries whose type the derived file changed: path, base type, new type.
    retyped: &'a mut Vec<(String, String, String)>,
}

impl Merging<'_> {
    /// Tables merge key by key; anything else the derived file sets replaces the base's.
    fn merge(&mut self, base: &mut toml::Table, derived: toml::Table, prefix: &str) {
        for (key, value) in derived {
            let mut path = prefix.to_string();
            push_key(&mut path, &key);
            match (base.get_mut(&key), value) {
                (Some(toml::Value::Table(base_table)), toml::Value::Table(derived_table)) => {
                    if let Some(origin) = self.derived_origins.get(&path) {
                        self.origins.insert(path.clone(), origin.clone());
                    }
                    self.merge(base_table, derived_table, &path);
                }
                (was, value) => {
                    if let Some(was) = was.filter(|_| prefix == PARAMS) {
                        if was.type_str() != value.type_str() {
                            self.retyped.push((
                                path.clone(),
                                type_words(was).to_string(),
                                type_words(&value).to_string(),
                            ));
                        }
                    }
                    self.origins.retain(|p, _| !is_within(p, &path));
                    self.origins.extend(
                        self.derived_origins
                            .iter()
                            .filter(|(p, _)| is_within(p, &path))
                            .map(|(p, o)| (p.clone(), o.clone())),
                    );
                    base.insert(key, value);
                }
            }
        }
    }
}

/// Whether `path` is `of` or a key or element below it.
fn is_within(path: &str, of: &str) -> bool {
    path.strip_prefix(of)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.') || rest.starts_with('['))
}

/// Records where every key of a table and everything below it is.
fn record_table(
    table: &toml_edit::Table,
    prefix: &str,
    file: usize,
    origins: &mut BTreeMap<String, Origin>,
) {
    for (key, item) in table.iter() {
        let mut path = prefix.to_string();
        push_key(&mut path, key);
        let key_span = table.key(key).and_then(toml_edit::Key::span);
        record_item(item, &path, key_span, file, origins);
    }
}

fn record_item(
    item: &toml_edit::Item,
    path: &str,
    key_span: Option<Range<usize>>,
    file: usize,
    origins: &mut BTreeMap<String, Origin>,
) {
    // A table is pointed at by its header, never by its whole extent.
    let value = match item {
        toml_edit::Item::Table(_) | toml_edit::Item::ArrayOfTables(_) => None,
        _ => item.span(),
    };
    origins.insert(
        path.to_string(),
        Origin {
            file,
            key: key_span,
            value,
        },
    );
    match item {
        toml_edit::Item::Table(table) => record_table(table, path, file, origins),
        toml_edit::Item::ArrayOfTables(tables) => {
            for (i, table) in tables.iter().enumerate() {
                let element = format!("{path}[{i}]");
                origins.insert(
                    element.clone(),
                    Origin {
                        file,
                        key: table.span(),
                        value: table.span(),
                    },
                );
                record_table(table, &element, file, origins);
            }
        }
        toml_edit::Item::Value(value) => record_value(value, path, file, origins),
        toml_edit::Item::None => {}
    }
}

fn record_value(
    value: &toml_edit::Value,
    path: &str,
    file: usize,
    origins: &mut BTreeMap<String, Origin>,
) {
    match value {
        toml_edit::Value::Array(array) => {
            for (i, element) in array.iter().enumerate() {
                let element_path = format!("{path}[{i}]");
                origins.insert(
                    element_path.clone(),
                    Origin {
                        file,
                        key: element.span(),
                        value: element.span(),
                    },
                );
                record_value(element, &element_path, file, origins);
            }
        }
        toml_edit::Value::InlineTable(table) => {
            for (key, element) in table.iter() {
                let mut element_path = path.to_string();
                push_key(&mut element_path, key);
                origins.insert(
                    element_path.clone(),
                    Origin {
                        file,
                        key: table.key(key).and_then(toml_edit::Key::span),
                        value: element.span(),
                    },
                );
                record_value(element, &element_path, file, origins);
            }
        }
        _ => {}
    }
}

/// A problem serde found: what to tell the designer, and the key path to set aside to
/// read on (none for a missing key).
struct Fault {
    diagnostic: Diagnostic,
    key: Option<String>,
}

/// The nearest named key of a path: `turn.forms[1]` -> `turn.forms`.
fn named_key(path: &str) -> &str {
    let mut rest = path;
    while rest.ends_with(']') {
        match rest.rfind('[') {
            Some(open) => rest = &rest[..open],
            None => break,
        }
    }
    rest
}

/// Removes the key at a path (`board.sise`, `players[1].colour`) from a table; false
/// when there is no such key.
fn remove_key(table: &mut toml::Table, path: &str) -> bool {
    let Some((parent, key)) = path.rsplit_once('.').or(Some(("", path))) else {
        return false;
    };
    let mut here = table;
    for step in parent.split('.').filter(|s| !s.is_empty()) {
        let (name, indices) = match step.find('[') {
            Some(open) => (&step[..open], &step[open..]),
            None => (step, ""),
        };
        let mut value = match here.get_mut(name) {
            Some(v) => v,
            None => return false,
        };
        for index in indices.split(['[', ']']).filter(|s| !s.is_empty()) {
            let Ok(i) = index.parse::<usize>() else {
                return false;
            };
            value = match value.as_array_mut().and_then(|a| a.get_mut(i)) {
                Some(v) => v,
                None => return false,
            };
        }
        here = match value.as_table_mut() {
            Some(t) => t,
            None => return false,
        };
    }
    here.remove(key).is_some()
}

/// Appends a key to a key path.
fn push_key(path: &mut String, key: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(key);
}

/// The path one step up: `players[1].colour` -> `players[1]` -> `players`.
fn parent_path(path: &str) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    let cut = path.rfind(['.', '[']).unwrap_or(0);
    Some(&path[..cut])
}

/// The last key of a path: `players[1].colour` -> `colour`, `tile.states[0]` -> `states`.
fn last_key(path: &str) -> &str {
    let named = named_key(path);
    named.rsplit('.').next().unwrap_or(named)
}

/// A table's name as a designer writes it: `[board]`, `[[players]] #2`,
/// `[tile] states #1`.
pub fn section_name(path: &str) -> String {
    if path.is_empty() {
        return "the top of variant.toml".into();
    }
    match path.rfind('[') {
        Some(open) if path.ends_with(']') => {
            let index: usize = path[open + 1..path.len() - 1].parse().unwrap_or(0);
            let array = &path[..open];
            match array.rsplit_once('.') {
                Some((table, key)) => format!("[{table}] {key} #{}", index + 1),
                None => format!("[[{array}]] #{}", index + 1),
            }
        }
        _ => format!("[{path}]"),
    }
}

/// The names in serde's "expected one of `a`, `b`" wording.
fn backticked_list(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// serde's name of an expected type, in a designer's words.
fn expected_words(expected: &str) -> String {
    match expected {
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "a boolean" | "bool" => "true or false".into(),
        "a string" | "string" => "text in quotes".into(),
        "a sequence" => "a list in square brackets".into(),
        "a character" | "char" => "a single character in quotes".into(),
        other if other.starts_with("struct ") || other == "a map" => "a table".into(),
        other => other.into(),
    }
}

/// serde's description of the value found, in a designer's words.
fn found_words(found: &str) -> String {
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the text {text}");
    }
    if let Some(n) = found.strip_prefix("integer ") {
        return format!("the number {}", n.trim_matches('`'));
    }
    if let Some(b) = found.strip_prefix("boolean ") {
        return b.trim_matches('`').to_string();
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_go_up_one_step_at_a_time() {
        assert_eq!(parent_path("players[1].colour"), Some("players[1]"));
        assert_eq!(parent_path("players[1]"), Some("players"));
        assert_eq!(parent_path("players"), Some(""));
        assert_eq!(parent_path(""), None);
    }

    #[test]
    fn sections_are_named_as_written_in_toml() {
        assert_eq!(section_name("board"), "[board]");
        assert_eq!(section_name("setup.layout"), "[setup.layout]");
        assert_eq!(section_name("players[1]"), "[[players]] #2");
        assert_eq!(section_name("tile.states[0]"), "[tile] states #1");
    }

    #[test]
    fn the_last_key_drops_indices() {
        assert_eq!(last_key("players[1].colour"), "colour");
        assert_eq!(last_key("tile.states[0]"), "states");
        assert_eq!(last_key("turn.forms[2]"), "forms");
        assert_eq!(last_key("size"), "size");
    }

    #[test]
    fn a_derived_table_keeps_the_base_keys_it_does_not_set() {
        let mut base: toml::Table = toml::from_str("[a]\nx = 1\ny = [1, 2]\n").unwrap();
        let derived: toml::Table = toml::from_str("[a]\ny = [3]\nz = true\n").unwrap();
        let mut retyped = Vec::new();
        Merging {
            origins: &mut BTreeMap::new(),
            derived_origins: &BTreeMap::new(),
            retyped: &mut retyped,
        }
        .merge(&mut base, derived, "");
        assert!(retyped.is_empty());
        let a = base["a"].as_table().unwrap();
        assert_eq!(a["x"].as_integer(), Some(1));
        assert_eq!(a["y"].as_array().map(Vec::len), Some(1));
        assert_eq!(a["z"].as_bool(), Some(true));
    }
}
