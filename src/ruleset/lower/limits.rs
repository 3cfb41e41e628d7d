//! `[limits]`: the sandbox's limits for the ruleset's scripts, each within its ceiling;
//! and the `[params]` the scripts read, which must fit the same size limits as the values
//! the scripts build themselves.

use std::collections::BTreeMap;

use crate::ruleset::config::LimitsConfig;
use crate::ruleset::error::VariantError;
use crate::ruleset::merged::MergedToml;
use crate::ruleset::script::limits::{raise_hint, LIMITS};
use crate::ruleset::script::{Limits, MAX_DEPTH};

use super::Lowering;

/// The limits: the defaults, with the keys `[limits]` sets.
pub(super) fn limits(toml: &MergedToml, config: &LimitsConfig) -> Result<Limits, VariantError> {
    let mut limits = Limits::default();
    for (key, value) in config.set() {
        let spec = LIMITS
            .iter()
            .find(|s| s.key == key)
            .expect("every [limits] key has a spec");
        if value == 0 || value > spec.ceiling {
            return Err(VariantError::Config(
                toml.error_at(
                    &format!("limits.{key}"),
                    format!(
                        "[limits] {key} = {value} is outside 1..={}: the {} (default {})",
                        spec.ceiling, spec.what, spec.default
                    ),
                    "out of range",
                )
                .with_note(format!("no ruleset may set {key} above {}", spec.ceiling)),
            ));
        }
        *limits.value_mut(key).expect("every spec names a field") = value;
    }
    Ok(limits)
}

/// Checks that every `[params]` value in force fits the limits on strings, arrays and
/// maps, counting what is nested inside it, as Rhai counts a value a script builds. A
/// value given with `--param` (named in `overridden`) is checked as the TOML's own is,
/// since the scripts read it all the same, and its message names `--param`.
pub(super) fn check_params(
    lowering: &Lowering,
    params: &BTreeMap<String, toml::Value>,
    overridden: &[(String, String)],
) -> Result<(), VariantError> {
    let limits = lowering.host.limits();
    for (name, value) in params {
        let from_command_line = overridden.iter().any(|(n, _)| n == name);
        let refuse = |problem: String, label: &str| {
            if from_command_line {
                VariantError::Param {
                    message: format!("{name} given with --param {problem}"),
                }
            } else {
                lowering.bad_labelled(
                    &format!("params.{name}"),
                    format!("[params] {name} {problem}"),
                    label,
                )
            }
        };
        let size = Sizes::of(value);
        if size.depth > MAX_DEPTH as u64 {
            return Err(refuse(
                format!(
                    "nests arrays and tables {} levels deep; scripts may nest values at most \
                     {MAX_DEPTH} levels deep",
                    size.depth
                ),
                "too deep",
            ));
        }
        let over = [
            (
                "bytes of text",
                size.string_bytes,
                limits.string_bytes,
                "string_bytes",
            ),
            (
                "array items",
                size.array_items,
                limits.array_items,
                "array_items",
            ),
            (
                "table entries",
                size.map_entries,
                limits.map_entries,
                "map_entries",
            ),
        ]
        .into_iter()
        .find(|(_, used, limit, _)| used > limit);
        if let Some((what, used, limit, key)) = over {
            return Err(refuse(
                format!(
                    "holds {used} {what}; scripts may hold at most {limit}; {}",
                    raise_hint(key)
                ),
                "too large",
            ));
        }
    }
    Ok(())
}

/// What a value holds, nested values counted, as Rhai counts sizes.
#[derive(Default)]
struct Sizes {
    string_bytes: u64,
    array_items: u64,
    map_entries: u64,
    /// How many arrays and tables nest, the value itself included.
    depth: u64,
}

impl Sizes {
    fn of(value: &toml::Value) -> Sizes {
        let mut sizes = Sizes::default();
        sizes.add(value, 1);
        sizes
    }

    /// Adds what `value` holds, `value` being nested `level` deep.
    fn add(&mut self, value: &toml::Value, level: u64) {
        match value {
            toml::Value::String(s) => self.string_bytes += s.len() as u64,
            toml::Value::Array(items) => {
                self.depth = self.depth.max(level);
                for item in items {
                    self.array_items += 1;
                    self.add(item, level + 1);
                }
            }
            toml::Value::Table(table) => {
                self.depth = self.depth.max(level);
                for item in table.values() {
                    self.map_entries += 1;
                    self.add(item, level + 1);
                }
            }
            // Floats and dates reach scripts as text.
            toml::Value::Float(_) | toml::Value::Datetime(_) => self.string_bytes += 32,
            toml::Value::Integer(_) | toml::Value::Boolean(_) => {}
        }
    }
}
