//! Diagnostics: one problem in one of a designer's files (a `variant.toml`, a Rhai
//! script), saying what is wrong and showing the spot under a caret.
//!
//! The layout is drawn by `ariadne`, in plain ASCII and without colour, so messages read
//! the same in a terminal, a log and a snapshot:
//!
//! ```text
//! unknown key `sizez` in [board]
//!    ,-[ variants/my-truchet/variant.toml:12:1 ]
//!    |
//! 12 | sizez = 5
//!    | ^^|^^
//!    |   `---- not a key of [board]
//!    |
//!    | Note: the keys of [board] are lattice, shape, size, sizes, junction_min_tiles
//! ---'
//! ```

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use ariadne::{CharSet, Config, IndexType, Label, Report, ReportKind, Source};

/// How bad a problem is: an error stops the ruleset from loading; a warning is worth
/// hearing but the ruleset plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// `error` or `warning`, as a report's lines begin.
impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// A problem in a file, located when the spot is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as messages show it (relative to the working directory when below it).
    pub file: String,
    pub message: String,
    pub severity: Severity,
    /// Boxed: diagnostics travel inside every `Result` of a game's hot path, which stays
    /// small when the rare located error keeps its spot on the heap.
    spot: Option<Box<Spot>>,
    /// A line of advice under the snippet.
    pub note: Option<String>,
}

/// The place in the file's text a diagnostic points at.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spot {
    text: Arc<str>,
    /// Byte range in `text`.
    span: Range<usize>,
    /// What the caret says about the spot.
    label: String,
}

impl Diagnostic {
    /// An error about a whole file, with no spot in it.
    pub fn in_file(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            message: message.into(),
            severity: Severity::Error,
            spot: None,
            note: None,
        }
    }

    /// Points at a byte range of the file's text.
    #[must_use]
    pub fn at(mut self, text: &Arc<str>, span: Range<usize>, label: impl Into<String>) -> Self {
        let end = span.end.min(text.len());
        let start = span.start.min(end);
        self.spot = Some(Box::new(Spot {
            text: Arc::clone(text),
            span: start..end,
            label: label.into(),
        }));
        self
    }

    /// Points at a 1-based line and column (in characters) of the file's text, as Rhai
    /// reports them; the caret covers the word or symbol that starts there.
    #[must_use]
    pub fn at_line_column(
        self,
        text: &Arc<str>,
        line: usize,
        column: Option<usize>,
        label: impl Into<String>,
    ) -> Self {
        let Some(line_start) = line_offset(text, line) else {
            return self;
        };
        let line_text = text[line_start..].lines().next().unwrap_or("");
        let (start, end) = match column {
            Some(column) => {
                let start = line_text
                    .char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(line_text.len(), |(i, _)| i);
                (start, start + token_len(&line_text[start..]))
            }
            // No column: the whole line, from its first non-blank character.
            None => {
                let start = line_text.len() - line_text.trim_start().len();
                (start, line_text.trim_end().len().max(start))
            }
        };
        self.at(text, line_start + start..line_start + end, label)
    }

    /// Adds a line of advice under the snippet.
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// Makes this a warning.
    #[must_use]
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }

    /// Whether the diagnostic points at a spot in its file.
    pub fn is_located(&self) -> bool {
        self.spot.is_some()
    }

    /// The 1-based line and column (in characters) of the spot.
    pub fn line_column(&self) -> Option<(usize, usize)> {
        let spot = self.spot.as_ref()?;
        let before = &spot.text[..spot.span.start];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Some((line, before[line_start..].chars().count() + 1))
    }

    /// The spot's snippet, drawn by ariadne.
    fn snippet(&self, spot: &Spot) -> String {
        let file = self.file.as_str();
        let config = Config::default()
            .with_color(false)
            .with_char_set(CharSet::Ascii)
            .with_index_type(IndexType::Byte);
        let label = if spot.label.is_empty() {
            "here"
        } else {
            &spot.label
        };
        let mut report = Report::build(ReportKind::Error, (file, spot.span.clone()))
            .with_config(config)
            .with_label(Label::new((file, spot.span.clone())).with_message(label));
        if let Some(note) = &self.note {
            report = report.with_note(note);
        }
        let mut out = Vec::new();
        let written = report
            .finish()
            .write((file, Source::from(&*spot.text)), &mut out);
        if written.is_err() {
            return String::new();
        }
        let text = String::from_utf8_lossy(&out);
        // ariadne's first line is its own "Error:" header; the message is written above
        // instead. Trailing blanks are trimmed so snapshots and logs stay clean.
        text.lines()
            .skip(1)
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.spot {
            Some(spot) => write!(f, "{}\n{}", self.message, self.snippet(spot)),
            None => {
                if self.file.is_empty() {
                    write!(f, "{}", self.message)?;
                } else {
                    write!(f, "{}: {}", self.file, self.message)?;
                }
                if let Some(note) = &self.note {
                    write!(f, "\n  note: {note}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Diagnostic {}

/// The byte offset where a 1-based line starts.
fn line_offset(text: &str, line: usize) -> Option<usize> {
    if line == 0 {
        return None;
    }
    if line == 1 {
        return Some(0);
    }
    text.match_indices('\n')
        .nth(line - 2)
        .map(|(i, _)| i + 1)
        .filter(|&i| i <= text.len())
}

/// The length of the word (letters, digits, `_`) or the single symbol a text starts with.
fn token_len(text: &str) -> usize {
    let word: usize = text
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum();
    if word > 0 {
        word
    } else {
        text.chars().next().map_or(0, char::len_utf8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Arc<str> {
        Arc::from(s)
    }

    #[test]
    fn a_located_diagnostic_shows_the_line_and_a_caret_under_the_spot() {
        let source = text("name = \"x\"\n[board]\nsizez = 5\n");
        let d = Diagnostic::in_file("v.toml", "unknown key `sizez` in [board]").at(
            &source,
            19..24,
            "not a key of [board]",
        );
        assert_eq!(d.line_column(), Some((3, 1)));
        let shown = d.to_string();
        assert!(
            shown.starts_with("unknown key `sizez` in [board]\n"),
            "{shown}"
        );
        assert!(shown.contains("v.toml:3:1"), "{shown}");
        assert!(shown.contains(" 3 | sizez = 5"), "{shown}");
        assert!(shown.contains("^^|^^"), "{shown}");
        assert!(shown.contains("not a key of [board]"), "{shown}");
    }

    #[test]
    fn a_rhai_line_and_column_become_the_word_there() {
        let source = text("fn f() {\n    let x = nope + 1;\n}\n");
        let d = Diagnostic::in_file("f.rhai", "unknown variable").at_line_column(
            &source,
            2,
            Some(13),
            "not defined",
        );
        assert_eq!(d.line_column(), Some((2, 13)));
        assert!(d.to_string().contains("^^|^"), "{d}");
    }

    #[test]
    fn an_unlocated_diagnostic_is_one_line_naming_the_file() {
        let d = Diagnostic::in_file("f.rhai", "cannot read the script");
        assert_eq!(d.to_string(), "f.rhai: cannot read the script");
        assert_eq!(d.line_column(), None);
    }

    #[test]
    fn a_line_past_the_end_leaves_the_diagnostic_unlocated() {
        let d = Diagnostic::in_file("f.rhai", "oops").at_line_column(&text("a\n"), 9, None, "");
        assert!(!d.is_located());
    }
}
