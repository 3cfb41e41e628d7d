//! Files the program writes (records, reports, pictures), written whole or not at all.
//!
//! A file written in place can be seen half-written: by a reader while it is written,
//! by everyone after the program is interrupted (an `--html` report written over an
//! older one was left empty), and two programs writing one path at once interleave
//! their parts. So every output file is written to a temporary file in the same folder
//! (`.report.html.XXXXXX.tmp`) and renamed over its path when complete: the rename
//! replaces the old file in one step, so the path always holds one whole file, the old
//! one or the new one. Two writers of one path each rename a whole file; the last one
//! stays. The temporary file is removed if writing fails.
//!
//! The rename makes a file whole for every reader; it does not wait for the disk (no
//! `fsync`), so a power cut may still lose the newest version.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// Writes `bytes` to `path` whole: to a temporary file beside it, renamed over it.
///
/// # Errors
/// The folder cannot hold a new file, or writing or renaming fails; the error says
/// which, and `path` is left as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = temporary_beside(path)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Checks that a file can be written at `path` (its folder exists and takes new files),
/// leaving nothing behind: so that a command can refuse a path before long work whose
/// result it would write there.
///
/// # Errors
/// Why no file can be written there.
pub fn check_writable(path: &Path) -> io::Result<()> {
    if path.is_dir() {
        return Err(io::Error::other("that is a folder"));
    }
    temporary_beside(path).map(drop)
}

/// A new temporary file in the folder of `path`, named after it, with the permissions a
/// new file gets (`0o666` less the umask, as `File::create` gives).
fn temporary_beside(path: &Path) -> io::Result<NamedTempFile> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // The folder's own error first ("No such file or directory"), as writing the path
    // in place would give; the temporary file's random name says nothing to a user.
    if !std::fs::metadata(&folder)?.is_dir() {
        return Err(io::Error::other(format!(
            "{} is not a folder",
            folder.display()
        )));
    }
    builder.tempfile_in(&folder).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot make a file in {}: {}", folder.display(), e.kind()),
        )
    })
}

/// A text written a piece at a time and put in place whole at chosen moments: a game
/// record written while the game is played. What is written is held in memory; each
/// [`GrowingFile::commit`] writes all of it so far with [`write_whole`], so a reader of
/// the path sees the text as of the last commit, never part of one.
pub struct GrowingFile {
    path: PathBuf,
    text: Vec<u8>,
    /// Whether every complete line is committed as it is written (for a game a person
    /// plays, so that the record is there however the game ends), or only on
    /// [`GrowingFile::commit`].
    each_line: bool,
    committed: usize,
}

impl GrowingFile {
    /// Starts the file at `path` (nothing is written there before the first commit).
    ///
    /// # Errors
    /// As [`check_writable`].
    pub fn new(path: &Path, each_line: bool) -> io::Result<GrowingFile> {
        check_writable(path)?;
        Ok(GrowingFile {
            path: path.to_path_buf(),
            text: Vec::new(),
            each_line,
            committed: 0,
        })
    }

    /// Puts the text written so far in place, unless it is there already.
    ///
    /// # Errors
    /// As [`write_whole`].
    pub fn commit(&mut self) -> io::Result<()> {
        if self.committed == self.text.len() && self.committed > 0 {
            return Ok(());
        }
        write_whole(&self.path, &self.text)?;
        self.committed = self.text.len();
        Ok(())
    }
}

impl Write for GrowingFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.text.extend_from_slice(bytes);
        if self.each_line && bytes.ends_with(b"\n") {
            self.commit()?;
        }
        Ok(bytes.len())
    }

    /// Writing is held in memory until a commit: nothing to flush.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.html");
        std::fs::write(&path, "old").unwrap();
        write_whole(&path, b"new page").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new page");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o600, 0o600);
        }
    }

    #[test]
    fn a_folder_that_is_missing_or_a_path_that_is_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(check_writable(&dir.path().join("missing/out.html")).is_err());
        assert!(check_writable(dir.path()).is_err());
        assert!(write_whole(dir.path(), b"x").is_err());
        assert!(check_writable(&dir.path().join("out.html")).is_ok());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_growing_file_shows_whole_lines_or_what_was_committed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        let mut by_line = GrowingFile::new(&path, true).unwrap();
        write!(by_line, "ruleset x").unwrap();
        assert!(!path.exists(), "nothing before the first whole line");
        writeln!(by_line).unwrap();
        writeln!(by_line, "   1. x  a1-b2").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "ruleset x\n   1. x  a1-b2\n"
        );
        let mut at_end = GrowingFile::new(&path, false).unwrap();
        writeln!(at_end, "ruleset y").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "ruleset x\n   1. x  a1-b2\n",
            "the old file until the commit"
        );
        at_end.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "ruleset y\n");
    }
}
