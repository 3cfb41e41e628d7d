//! Errors of loading and running a ruleset, each saying what is wrong and where.

use std::path::PathBuf;
use thiserror::Error;

use super::script::ScriptError;

#[derive(Debug, Error)]
pub enum VariantError {
    #[error("no ruleset `{name}` (looked in {}); known rulesets: {}", .searched.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "), .known.join(", "))]
    NotFound {
        name: String,
        searched: Vec<PathBuf>,
        known: Vec<String>,
    },
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: {message}")]
    Toml { path: String, message: String },
    #[error("{path}: {message}")]
    Config { path: String, message: String },
    #[error("{variant} cannot be played at size {size}: it needs {says}")]
    Size {
        variant: String,
        size: u32,
        says: String,
    },
    #[error("param {message}")]
    Param { message: String },
    #[error(transparent)]
    Script(#[from] ScriptError),
}
