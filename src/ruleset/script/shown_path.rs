//! A path as a message shows it, for the script host and the modules it imports alike.

use std::path::Path;

/// A path as errors show it: relative to the working directory when it is below it.
pub fn display_name(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}
