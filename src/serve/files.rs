//! The ruleset's own files, for the page to show (its README, its TOML, its scripts):
//! read-only, as plain text, and nothing outside the ruleset's folder. A path is taken
//! only when it is made of plain names (no `..`, no root, no drive), none of them hidden
//! (starting with `.`, as `.env` or `.git/config`: the list leaves them out, and they are
//! not served either), and the file it leads to, symbolic links followed, still lies
//! inside the folder and has no other name (one hard link: a second name could be a
//! file from elsewhere linked in).

use std::path::{Component, Path, PathBuf};

use axum::http::StatusCode;

/// The largest file shown.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most files listed, and how deep folders are walked.
const MAX_LISTED: usize = 500;
const MAX_DEPTH: usize = 4;

/// Why a file is not served: its HTTP status ([`Refused::status`]) and sentence
/// (`Display`) are made where the response is written.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("a file is named by its path inside the ruleset's folder")]
    NotAPlainPath,
    #[error("hidden files (names starting with `.`) are not served")]
    Hidden,
    #[error("only the ruleset's own files are served")]
    Outside,
    #[error("the file has other names (hard links), so it may not be the ruleset's own")]
    OtherNames,
    #[error("the ruleset's folder is gone")]
    FolderGone,
    #[error("no such file")]
    NoSuchFile,
    #[error("not a file")]
    NotAFile,
    #[error("the file cannot be read")]
    Unreadable,
    #[error("the file is larger than {most} bytes")]
    TooLarge { most: u64 },
    #[error("the file is not UTF-8 text")]
    NotText,
}

impl Refused {
    /// The HTTP status that says what kind of refusal this is.
    pub fn status(&self) -> StatusCode {
        match self {
            Refused::NotAPlainPath => StatusCode::BAD_REQUEST,
            Refused::Hidden | Refused::Outside | Refused::OtherNames => StatusCode::FORBIDDEN,
            Refused::FolderGone | Refused::NoSuchFile | Refused::NotAFile | Refused::Unreadable => {
                StatusCode::NOT_FOUND
            }
            Refused::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Refused::NotText => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        }
    }
}

/// The text of the file at `relative` (a path below `dir`, `/`-separated).
///
/// # Errors
/// A path that is not plain names, leaves the folder, names no file, or a file too big
/// or not UTF-8 text.
pub fn read(dir: &Path, relative: &str) -> Result<String, Refused> {
    let path = inside(dir, relative)?;
    let meta = std::fs::metadata(&path).map_err(|_| Refused::NoSuchFile)?;
    if !meta.is_file() {
        return Err(Refused::NotAFile);
    }
    if hard_links(&meta) > 1 {
        return Err(Refused::OtherNames);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Refused::TooLarge {
            most: MAX_FILE_BYTES,
        });
    }
    let bytes = std::fs::read(&path).map_err(|_| Refused::Unreadable)?;
    String::from_utf8(bytes).map_err(|_| Refused::NotText)
}

/// `relative` resolved below `dir`, refused unless it stays inside.
fn inside(dir: &Path, relative: &str) -> Result<PathBuf, Refused> {
    let relative = Path::new(relative);
    let plain = relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)));
    if !plain || relative.as_os_str().is_empty() {
        return Err(Refused::NotAPlainPath);
    }
    let hidden = relative
        .components()
        .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
    if hidden {
        return Err(Refused::Hidden);
    }
    let root = dir.canonicalize().map_err(|_| Refused::FolderGone)?;
    let path = root
        .join(relative)
        .canonicalize()
        .map_err(|_| Refused::NoSuchFile)?;
    if !path.starts_with(&root) {
        return Err(Refused::Outside);
    }
    // A link inside the folder to a hidden file is refused as the hidden name is.
    let hidden_target = path
        .strip_prefix(&root)
        .map(|inside| {
            inside
                .components()
                .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
        })
        .unwrap_or(true);
    if hidden_target {
        return Err(Refused::Hidden);
    }
    Ok(path)
}

#[cfg(unix)]
fn hard_links(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn hard_links(_meta: &std::fs::Metadata) -> u64 {
    1
}

/// The files of the ruleset's folder, `/`-separated and sorted: those [`read`] serves
/// (hidden ones and those with other names left out).
pub fn list(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    walk(dir, "", 0, &mut found);
    found.sort();
    found
}

fn walk(dir: &Path, prefix: &str, depth: usize, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        if found.len() >= MAX_LISTED {
            return;
        }
        let Some(name) = entry.file_name().to_str().map(String::from) else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = format!("{prefix}{name}");
        if kind.is_dir() && depth < MAX_DEPTH {
            walk(&entry.path(), &format!("{path}/"), depth + 1, found);
        } else if kind.is_file() && entry.metadata().is_ok_and(|m| hard_links(&m) == 1) {
            found.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_inside_the_folder_are_read() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/truchet-browne");
        assert!(read(&dir, "variant.toml").unwrap().contains("[board]"));
        for (path, status) in [
            ("../trugo/variant.toml", 400),
            ("/etc/passwd", 400),
            ("rules/../variant.toml", 400),
            ("", 400),
            ("no-such-file", 404),
            ("rules", 404),
        ] {
            assert_eq!(
                read(&dir, path).unwrap_err().status().as_u16(),
                status,
                "{path}"
            );
        }
        assert!(list(&dir).contains(&"variant.toml".to_string()));
    }
}
