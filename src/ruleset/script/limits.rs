//! The sandbox's limits: how much one call of a ruleset's script may do.
//!
//! A ruleset is code a designer may have downloaded from someone else, so every call of
//! one of its scripts (a rule asked during a game, a script loading, an expression of the
//! TOML) runs within these limits, and a script that passes one stops with an error
//! naming the script, the line and the limit. Each limit counts work (operations, bytes,
//! items), so a call ends the same way on every machine, however loaded; CPU time is
//! only a far backstop ([`Limits::cpu_backstop`]). The defaults are generous for rules written
//! with the native helpers; a ruleset that needs more says so in a `[limits]` table of
//! its `variant.toml`, up to a ceiling no ruleset can pass.

/// The least CPU time the backstop allows each operation of a call's budget: some tens
/// of times what an operation takes on a slow machine.
pub const BACKSTOP_PER_OPERATION: std::time::Duration = std::time::Duration::from_micros(10);

/// One limit: its key in `[limits]`, its default, the most a ruleset may ask for, and
/// what it bounds, in words.
#[derive(Clone, Copy, Debug)]
pub struct LimitSpec {
    pub key: &'static str,
    pub default: u64,
    pub ceiling: u64,
    pub what: &'static str,
}

/// Every limit, in the order the documentation lists them.
pub const LIMITS: [LimitSpec; 10] = [
    LimitSpec {
        key: "operations",
        default: 1_000_000,
        ceiling: 100_000_000,
        what: "operations a call may run",
    },
    LimitSpec {
        key: "call_depth",
        default: 48,
        ceiling: 128,
        what: "levels of script functions calling each other",
    },
    LimitSpec {
        key: "expression_depth",
        default: 64,
        ceiling: 128,
        what: "levels of nesting in an expression",
    },
    LimitSpec {
        key: "string_bytes",
        default: 10_000,
        ceiling: 10_000_000,
        what: "bytes in a string",
    },
    LimitSpec {
        key: "array_items",
        default: 10_000,
        ceiling: 1_000_000,
        what: "items in an array, counting those of arrays and maps inside it",
    },
    LimitSpec {
        key: "map_entries",
        default: 1_000,
        ceiling: 1_000_000,
        what: "entries in a map, counting those of maps inside it",
    },
    LimitSpec {
        key: "memory_mb",
        default: 16,
        ceiling: 1_024,
        what: "megabytes (MiB) of memory a call may take",
    },
    LimitSpec {
        key: "time_ms",
        default: 10_000,
        ceiling: 600_000,
        what: "milliseconds of CPU time a call may use, a backstop (never less than 10 ms \
               per 1,000 `operations`)",
    },
    LimitSpec {
        key: "print_bytes_per_call",
        default: 10_000,
        ceiling: 1_000_000,
        what: "bytes of `print` and `debug` output a call may write",
    },
    LimitSpec {
        key: "print_bytes_per_game",
        default: 100_000,
        ceiling: 10_000_000,
        what: "bytes of `print` and `debug` output a loaded ruleset's scripts may write in all",
    },
];

/// The limits a ruleset's scripts run within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub operations: u64,
    pub call_depth: u64,
    pub expression_depth: u64,
    pub string_bytes: u64,
    pub array_items: u64,
    pub map_entries: u64,
    pub memory_mb: u64,
    pub time_ms: u64,
    pub print_bytes_per_call: u64,
    pub print_bytes_per_game: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        let mut limits = Limits {
            operations: 0,
            call_depth: 0,
            expression_depth: 0,
            string_bytes: 0,
            array_items: 0,
            map_entries: 0,
            memory_mb: 0,
            time_ms: 0,
            print_bytes_per_call: 0,
            print_bytes_per_game: 0,
        };
        for spec in LIMITS {
            *limits
                .value_mut(spec.key)
                .expect("every spec names a field") = spec.default;
        }
        limits
    }
}

impl Limits {
    /// The value of the limit with this `[limits]` key.
    pub fn value_mut(&mut self, key: &str) -> Option<&mut u64> {
        Some(match key {
            "operations" => &mut self.operations,
            "call_depth" => &mut self.call_depth,
            "expression_depth" => &mut self.expression_depth,
            "string_bytes" => &mut self.string_bytes,
            "array_items" => &mut self.array_items,
            "map_entries" => &mut self.map_entries,
            "memory_mb" => &mut self.memory_mb,
            "time_ms" => &mut self.time_ms,
            "print_bytes_per_call" => &mut self.print_bytes_per_call,
            "print_bytes_per_game" => &mut self.print_bytes_per_game,
            _ => return None,
        })
    }

    /// The memory budget of a call, in bytes; also the most the calls running at once
    /// in the whole process may hold together before a call of this ruleset waits
    /// ([`super::shared_memory`]).
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mb.saturating_mul(1 << 20)
    }

    /// The most memory one operation can take, as far as the size limits bound it: a
    /// value as large as they allow (an array's items at 32 bytes each, with the spare
    /// room a growing array keeps; a map's entries at 96; its text), twice over (an
    /// operation may copy one into another, and a value is measured once built). At most
    /// the memory budget: an operation that takes more ends its call.
    pub fn largest_step(&self) -> u64 {
        let value = self
            .array_items
            .saturating_mul(32)
            .saturating_add(self.map_entries.saturating_mul(96))
            .saturating_add(self.string_bytes);
        value.saturating_mul(2).min(self.memory_bytes())
    }

    /// The CPU time after which a call is stopped whatever its operations: `time_ms`, but
    /// never less than [`BACKSTOP_PER_OPERATION`] for each operation the call may run, so
    /// that a call within its operations is not stopped by time on any machine, however
    /// loaded (an operation takes well under a microsecond).
    pub fn cpu_backstop(&self) -> std::time::Duration {
        let per_operations = BACKSTOP_PER_OPERATION
            .saturating_mul(u32::try_from(self.operations).unwrap_or(u32::MAX));
        std::time::Duration::from_millis(self.time_ms).max(per_operations)
    }
}

/// Where a limit is raised, for messages: `[limits] operations in variant.toml`.
pub fn raise_hint(key: &str) -> String {
    format!("`{key}` in the [limits] table of variant.toml raises it")
}

/// Rhai's "Size of object map" and the like, with the limit and where to raise it. Rhai
/// counts what is nested in the value that grew.
pub fn too_large(what: &str, limits: &Limits) -> String {
    let (grew, key) = match what {
        w if w.contains("string") => (
            format!(
                "text grew past {} bytes (the strings in an array or map counted together)",
                limits.string_bytes
            ),
            "string_bytes",
        ),
        w if w.contains("array") => (
            format!(
                "an array grew past {} items (those of the arrays and maps in it counted)",
                limits.array_items
            ),
            "array_items",
        ),
        w if w.contains("map") => (
            format!(
                "a map grew past {} entries (those of the maps in it counted)",
                limits.map_entries
            ),
            "map_entries",
        ),
        other => return format!("{other} too large"),
    };
    format!("{grew}; {}", raise_hint(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_has_a_field_and_a_default_within_its_ceiling() {
        let mut limits = Limits::default();
        for spec in LIMITS {
            assert!(
                spec.default >= 1 && spec.default <= spec.ceiling,
                "{}",
                spec.key
            );
            assert_eq!(limits.value_mut(spec.key).copied(), Some(spec.default));
        }
        assert_eq!(limits.value_mut("nothing"), None);
    }
}
