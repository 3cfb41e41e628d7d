//! The rulesets of the library as `list` and the page's comparison show them: each
//! found folder with its summary and what it extends, read from its merged TOML.

use std::path::PathBuf;

use super::library::variant_dirs;
use super::merged::MergedToml;

/// A ruleset found in the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedVariant {
    pub name: String,
    pub dir: PathBuf,
    /// Its one-line summary, or why its files do not load.
    pub summary: String,
    /// What its `extends` names, if it is derived from another ruleset.
    pub extends: Option<String>,
}

/// The rulesets found in the library, by name, with their summaries and what they
/// extend.
pub fn list_variants() -> Vec<ListedVariant> {
    variant_dirs()
        .into_iter()
        .map(|(name, dir)| {
            let (summary, extends) = match MergedToml::read(&dir) {
                Ok(toml) => (
                    toml.table
                        .get("summary")
                        .and_then(|s| s.as_str())
                        .unwrap_or("(no summary)")
                        .to_string(),
                    toml.own().extends.clone(),
                ),
                Err(_) => (
                    format!("(does not load: `variant-run check {name}` says why)"),
                    None,
                ),
            };
            ListedVariant {
                name,
                dir,
                summary,
                extends,
            }
        })
        .collect()
}
