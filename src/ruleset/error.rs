//! Errors of loading and running a ruleset, each saying what is wrong and where.

use std::path::PathBuf;
use thiserror::Error;

use crate::diagnostic::Diagnostic;

#[derive(Clone, Debug, Error)]
pub enum VariantError {
    #[error("no ruleset `{name}` (looked in {}); known rulesets: {}", .searched.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "), .known.join(", "))]
    NotFound {
        name: String,
        searched: Vec<PathBuf>,
        known: Vec<String>,
    },
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    /// A file that is not TOML.
    #[error("{0}")]
    Toml(Diagnostic),
    /// A setting that is unknown, of the wrong type, or does not make sense.
    #[error("{0}")]
    Config(Diagnostic),
    #[error("{variant} cannot be played at size {size}: it needs {says}")]
    Size {
        variant: String,
        size: u32,
        says: String,
    },
    #[error("param {message}")]
    Param { message: String },
    /// A choice made on the command line that the ruleset does not offer.
    #[error("{0}")]
    Choice(String),
    #[error(transparent)]
    Script(#[from] Diagnostic),
}

impl VariantError {
    /// The located problem, for errors in a file.
    pub fn diagnostic(&self) -> Option<&Diagnostic> {
        match self {
            VariantError::Toml(d) | VariantError::Config(d) | VariantError::Script(d) => Some(d),
            _ => None,
        }
    }
}
