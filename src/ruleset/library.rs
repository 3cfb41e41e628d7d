//! Finding rulesets: the folders that hold a `variant.toml`, by name or by path.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::error::VariantError;

/// The file every variant folder has.
pub const VARIANT_FILE: &str = "variant.toml";

/// Where variant folders are looked for: `$VARIANT_RUN_HOME/variants`, `./variants`,
/// then the project's own folder.
pub fn library_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Ok(home) = std::env::var("VARIANT_RUN_HOME") {
        dirs.push(PathBuf::from(home).join("variants"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        dirs.push(cwd.join("variants"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants"));
    let mut seen = Vec::new();
    dirs.retain(|d| {
        let key = d.canonicalize().unwrap_or_else(|_| d.clone());
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    dirs
}

/// The variant folders in the library, by name: the first folder of a name wins.
pub fn variant_dirs() -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    for dir in library_dirs() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if path.join(VARIANT_FILE).is_file() && !found.contains_key(name) {
                found.insert(name.to_string(), path);
            }
        }
    }
    found
}

/// Finds a variant folder from a name (`truchet-browne`) or a path to a folder.
///
/// # Errors
/// Nothing of that name or path holds a `variant.toml`.
pub fn find_variant(name_or_path: &str) -> Result<PathBuf, VariantError> {
    let as_path = Path::new(name_or_path);
    if as_path.join(VARIANT_FILE).is_file() {
        return Ok(as_path.to_path_buf());
    }
    if as_path.file_name().is_some_and(|f| f == VARIANT_FILE) && as_path.is_file() {
        return Ok(as_path.parent().unwrap_or(Path::new(".")).to_path_buf());
    }
    let dirs = library_dirs();
    for dir in &dirs {
        let candidate = dir.join(name_or_path);
        if candidate.join(VARIANT_FILE).is_file() {
            return Ok(candidate);
        }
    }
    Err(VariantError::NotFound {
        name: name_or_path.to_string(),
        searched: dirs,
        known: variant_dirs().into_keys().collect(),
    })
}

/// The shared `scripts/` folder for a variant: beside the `variants/` folder that holds
/// it, else the project's own.
pub fn shared_scripts_dir(variant_dir: &Path) -> Option<PathBuf> {
    let beside = variant_dir
        .parent()
        .and_then(Path::parent)
        .map(|p| p.join("scripts"));
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    beside.into_iter().chain([own]).find(|d| d.is_dir())
}
