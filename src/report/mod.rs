//! Reports of matches: what many games of a ruleset add up to, and how two rulesets
//! differ. [`summary`] adds up a match's games ([`crate::play::tournament`] plays them)
//! with the statistics of [`stats`] and [`bootstrap`] ([`intervals`] says which interval
//! each figure has); [`text`], [`json`] and [`html`] (with [`charts`]) write the result.

pub mod bootstrap;
pub mod card;
pub mod charts;
pub mod html;
pub mod intervals;
pub mod json;
pub mod records;
pub mod stats;
pub mod summary;
pub mod text;

pub use summary::{Comparison, Summary};

/// Words as a shell command line, quoted only where a shell needs it (`--param
/// pool=8`, `--layout 'rrr/rrr/rrr'` stays unquoted; `--game-id 'a b'` is quoted).
pub fn shell_line<S: AsRef<str>>(words: impl IntoIterator<Item = S>) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./,:=@+%".contains(c);
    words
        .into_iter()
        .map(|w| {
            let w = w.as_ref();
            if !w.is_empty() && w.chars().all(plain) {
                w.to_string()
            } else {
                shell_words::quote(w).into_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
