//! Script errors: what went wrong, in which file, with the line and a caret under the
//! spot, like Rhai's own runner shows them.

use std::fmt;

/// A script that failed to compile or run, located in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    pub file: String,
    /// 1-based line and column, when Rhai knows them.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    /// The source line, for the caret display.
    pub source_line: Option<String>,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{}:{}:{}: {}", self.file, line, column, self.message)?
            }
            (Some(line), None) => write!(f, "{}:{}: {}", self.file, line, self.message)?,
            _ => write!(f, "{}: {}", self.file, self.message)?,
        }
        if let (Some(line), Some(text)) = (self.line, &self.source_line) {
            let gutter = line.to_string();
            write!(f, "\n {} | {}", gutter, text)?;
            if let Some(column) = self.column {
                write!(
                    f,
                    "\n {} | {}^",
                    " ".repeat(gutter.len()),
                    " ".repeat(column.saturating_sub(1))
                )?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ScriptError {}

impl ScriptError {
    /// An error of a whole file, with no position in it.
    pub fn in_file(file: &str, message: String) -> ScriptError {
        ScriptError {
            file: file.to_string(),
            line: None,
            column: None,
            message,
            source_line: None,
        }
    }
}
