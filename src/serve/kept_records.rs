//! `serve --records DIR`: every game people play on the page, kept as a record in a
//! folder, so that `variant-run report DIR` adds a playtest session up like a match.
//!
//! A game gets its file (`game-0001.txt`, the first number no file has) at its first
//! turn played by a person, and the file is written again, whole, after every turn: a
//! server stopped mid-game leaves the game's record up to its last turn. A game left for
//! another (a new game, a record loaded) ends with `game abandoned`; a game taken back
//! past its end and played on is the same game, in the same file.

use std::io;
use std::path::{Path, PathBuf};

use crate::output_file::write_whole;
use crate::play::record::Record;

/// The folder records are kept in.
#[derive(Debug)]
pub struct RecordsFolder {
    dir: PathBuf,
}

impl RecordsFolder {
    /// The folder, made if it is missing.
    ///
    /// # Errors
    /// It cannot be made, or the path is not a folder.
    pub fn open(dir: &Path) -> io::Result<RecordsFolder> {
        std::fs::create_dir_all(dir).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot make the records folder {}: {e}", dir.display()),
            )
        })?;
        Ok(RecordsFolder {
            dir: dir.to_path_buf(),
        })
    }

    /// A file for a new game: `game-NNNN.txt`, numbered after the highest file there
    /// (so a later session's games follow an earlier one's, and none is overwritten).
    ///
    /// # Errors
    /// The folder cannot be read.
    pub fn new_file(&self) -> io::Result<PathBuf> {
        let mut highest = 0u32;
        for entry in std::fs::read_dir(&self.dir)? {
            let name = entry?.file_name();
            let number = name
                .to_str()
                .and_then(|n| n.strip_prefix("game-"))
                .and_then(|n| n.strip_suffix(".txt"))
                .and_then(|n| n.parse::<u32>().ok());
            highest = highest.max(number.unwrap_or(0));
        }
        Ok(self.dir.join(format!("game-{:04}.txt", highest + 1)))
    }

    /// Writes a game's record to its file, whole.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(path: &Path, record: &Record) -> io::Result<()> {
        write_whole(path, record.to_string().as_bytes()).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot write the game's record {}: {e}", path.display()),
            )
        })
    }
}

/// A person's name as one word of a record's `players` line: `human:Ada_Lovelace`.
pub fn person(name: Option<&str>) -> String {
    match name {
        Some(name) => format!(
            "human:{}",
            name.split_whitespace().collect::<Vec<_>>().join("_")
        ),
        None => "human".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_follow_the_highest_number_there() {
        let dir = std::env::temp_dir().join(format!("kept-records-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let folder = RecordsFolder::open(&dir).unwrap();
        assert_eq!(folder.new_file().unwrap(), dir.join("game-0001.txt"));
        std::fs::write(dir.join("game-0007.txt"), "").unwrap();
        std::fs::write(dir.join("notes.txt"), "").unwrap();
        assert_eq!(folder.new_file().unwrap(), dir.join("game-0008.txt"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_name_is_one_word_of_the_players_line() {
        assert_eq!(person(Some("Ada  Lovelace")), "human:Ada_Lovelace");
        assert_eq!(person(None), "human");
    }
}
