//! docs/scripting.md describes everything a designer can write: every function and
//! property of `game` and of a group, every hook, and every key of `variant.toml`. The
//! lists are taken from the program, never kept by hand here: the API from the script
//! engine's own registrations, the hooks from the list lowering uses, and the keys by
//! asking serde, through the config structs themselves, which keys each table takes.

use variant_run::ruleset::config::VariantConfig;
use variant_run::ruleset::hooks::HOOKS;
use variant_run::ruleset::script::catalogue::Receiver;
use variant_run::ruleset::script::{Limits, ScriptHost};

fn reference() -> String {
    std::fs::read_to_string(crate::common::root().join("docs/scripting.md"))
        .expect("docs/scripting.md exists")
}

/// The key no table has: serde names the keys a table takes when it meets it.
const PROBE: &str = "__probe__";

/// One step of a key path.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    /// An element of an array of tables: `players[]`.
    Element,
    /// An entry of a table of named tables: `notation.<name>`.
    Entry,
}

fn written(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Step::Element => out.push_str("[]"),
            Step::Entry => out.push_str(".<name>"),
        }
    }
    out
}

/// The TOML value holding `inner` at `path`.
fn nested(path: &[Step], inner: toml::Value) -> toml::Value {
    path.iter().rev().fold(inner, |value, step| match step {
        Step::Key(key) => toml::Value::Table([(key.clone(), value)].into_iter().collect()),
        Step::Element => toml::Value::Array(vec![value]),
        Step::Entry => toml::Value::Table([("entry".to_string(), value)].into_iter().collect()),
    })
}

fn probe_table() -> toml::Value {
    toml::Value::Table(
        [(PROBE.to_string(), toml::Value::Integer(1))]
            .into_iter()
            .collect(),
    )
}

/// What serde says when `value` is read as the whole config: `None` when it reads
/// without complaint about the probe (an open table such as `[params]`).
fn serde_says(value: toml::Value) -> Option<String> {
    match value.try_into::<VariantConfig>() {
        Ok(_) => None,
        Err(e) => {
            let message = e.message().to_string();
            // A table missing its required keys complains only once the probe passed.
            (!message.starts_with("missing field")).then_some(message)
        }
    }
}

/// The names in serde's "expected one of `a`, `b`".
fn backticked_after_expected(message: &str) -> Vec<String> {
    let Some((_, expected)) = message.split_once("expected") else {
        return Vec::new();
    };
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// A key of the config and, for a key whose value is one of a fixed set of words, those
/// words.
struct Key {
    path: String,
    choices: Vec<String>,
}

/// Every key below `path`, found by probing the table there.
fn keys_below(path: &[Step], found: &mut Vec<Key>) {
    let Some(message) = serde_says(nested(path, probe_table())) else {
        return;
    };
    if message.starts_with(&format!("unknown field `{PROBE}`")) {
        for field in backticked_after_expected(&message) {
            let mut key = path.to_vec();
            key.push(Step::Key(field));
            classify(&key, found);
        }
    }
}

/// Records the key at `path` and, if its value is a table (or tables), the keys in it.
fn classify(path: &[Step], found: &mut Vec<Key>) {
    let mut choices = Vec::new();
    let as_table = serde_says(nested(path, probe_table()));
    match as_table.as_deref() {
        Some(m) if m.starts_with(&format!("unknown field `{PROBE}`")) => {
            found.push(Key {
                path: written(path),
                choices,
            });
            keys_below(path, found);
            return;
        }
        Some(m) if m.starts_with(&format!("unknown variant `{PROBE}`")) => {
            choices = backticked_after_expected(m);
        }
        Some(m) if m.contains("expected a sequence") => {
            // An array: of tables, of words, or of plain values.
            let mut element = path.to_vec();
            element.push(Step::Element);
            let says = serde_says(nested(&element, probe_table()));
            match says.as_deref() {
                Some(m) if m.starts_with(&format!("unknown field `{PROBE}`")) => {
                    found.push(Key {
                        path: written(path),
                        choices,
                    });
                    keys_below(&element, found);
                    return;
                }
                Some(m) if m.starts_with(&format!("unknown variant `{PROBE}`")) => {
                    choices = backticked_after_expected(m);
                }
                _ => {}
            }
        }
        Some(m) if m.contains("expected struct") => {
            // A table of named tables: `[notation.<name>]`.
            let mut entry = path.to_vec();
            entry.push(Step::Entry);
            found.push(Key {
                path: written(path),
                choices,
            });
            found.push(Key {
                path: written(&entry),
                choices: Vec::new(),
            });
            keys_below(&entry, found);
            return;
        }
        _ => {}
    }
    found.push(Key {
        path: written(path),
        choices,
    });
}

fn config_keys() -> Vec<Key> {
    let mut found = Vec::new();
    keys_below(&[], &mut found);
    found
}

/// The rows of the reference's key tables: `| `board.lattice` | ...`, by key path.
fn key_rows(reference: &str) -> Vec<(String, String)> {
    reference
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("| `")?;
            let (key, _) = rest.split_once("` |")?;
            Some((key.to_string(), line.to_string()))
        })
        .collect()
}

/// The probe finds what a designer would look for: keys at every depth, arrays of
/// tables, tables of named tables and the words a key may take. (If it found nothing,
/// the reference test below could pass on an empty list.)
#[test]
fn the_probe_finds_keys_at_every_depth() {
    let keys = config_keys();
    let paths: Vec<&str> = keys.iter().map(|k| k.path.as_str()).collect();
    for expected in [
        "name",
        "board.lattice",
        "board.sizes.says",
        "players[].start_rows",
        "tile.sets.<name>.states[].bands",
        "turn.forms[].when",
        "setup.layout.game_id.modulus",
        "notation.<name>.directions[].letter",
        "notation.<name>.words.step_then_merge",
        "limits.memory_mb",
        "params",
        "marks[].legend",
        "rules.after_turn",
    ] {
        assert!(paths.contains(&expected), "{expected} not in {paths:?}");
    }
    let lattice = keys.iter().find(|k| k.path == "board.lattice").unwrap();
    assert_eq!(lattice.choices, ["square", "hex", "hex-flat"]);
}

#[test]
fn every_key_of_variant_toml_is_in_the_reference() {
    let reference = reference();
    let rows = key_rows(&reference);
    let mut missing = Vec::new();
    for key in config_keys() {
        let Some((_, row)) = rows.iter().find(|(path, _)| *path == key.path) else {
            missing.push(format!("no row `| `{}` | ...`", key.path));
            continue;
        };
        for choice in &key.choices {
            if !row.contains(&format!("\"{choice}\"")) {
                missing.push(format!("{}: the row does not give \"{choice}\"", key.path));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/scripting.md misses:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_function_and_property_scripts_can_use_is_in_the_reference() {
    let reference = reference();
    let host = ScriptHost::new(&[], None, Limits::default());
    let api = host.api();
    assert!(
        api.iter()
            .any(|e| e.receiver == Receiver::Game && e.name == "pieces")
            && api
                .iter()
                .any(|e| e.receiver == Receiver::Group && e.property),
        "the engine lists the game API: {api:?}"
    );
    let mut missing = Vec::new();
    for entry in api {
        let receiver = match entry.receiver {
            Receiver::Game => "game",
            Receiver::Group => "group",
        };
        // `to_string` is how `print` shows a group; it is described with the group.
        let wanted = if entry.property {
            format!("`{receiver}.{}`", entry.name)
        } else {
            format!("`{receiver}.{}(", entry.name)
        };
        if !reference.contains(&wanted) {
            missing.push(format!("{wanted} ({})", entry.written()));
        }
    }
    missing.dedup();
    assert!(
        missing.is_empty(),
        "docs/scripting.md misses:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_hook_is_in_the_reference() {
    let reference = reference();
    for hook in HOOKS {
        let key = format!("`{} {}`", hook.table(), hook.key_name());
        let signature = format!("`{}`", hook.signature());
        assert!(
            reference.contains(&key) && reference.contains(&signature),
            "docs/scripting.md misses the hook {key} with {signature}"
        );
    }
}

#[test]
fn the_readme_links_the_reference() {
    let readme = std::fs::read_to_string(crate::common::root().join("README.md")).unwrap();
    assert!(readme.contains("(docs/scripting.md)"));
}
