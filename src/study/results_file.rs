//! A shard's results file: the study it belongs to on its first line, then one game a
//! line, in the order the games ended.
//!
//! ```text
//! {"variant_run_results":1,"program":"0.1.0","shard":"2/4","study":{...}}
//! {"part":0,"game":{"index":1,"seed":...,"end":"win",...}}
//! ```
//!
//! The file is made with its header whole (written beside it and renamed into place),
//! then each game is appended as one `write` of its line and newline, with nothing
//! buffered in the program: a shard killed at any moment has every finished game on
//! disk, and at most the last line cut short. A line without its newline is never
//! taken for a game: reading stops before it, and a shard that resumes cuts it off
//! before it appends. The lines reach the operating system at once; they reach the disk
//! when it writes them (a power cut can lose the last few, which the shard then plays
//! again).
//!
//! While a shard writes its file it holds a lock on it, so a second copy of the same
//! shard (a task started twice) stops with a message instead of writing games twice.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::shard::Shard;
use super::{Study, StudyError};
use crate::output_file;
use crate::play::game_record::GameRecord;

/// How a shard names the study of a results folder and its own, in messages.
pub const THERE_HERE: [&str; 2] = ["there", "here"];

/// A serde error's message without serde's own place (`at line 1 column 10`): the
/// message gives the file's line instead.
pub fn without_place(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The version of the results format; files of another version are refused. (2: each
/// game's criteria as a map by key.)
pub const FORMAT: u32 = 2;

/// The first line of a results file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Header {
    /// The results format's version; its name also tells a results file from any other
    /// JSON lines.
    pub variant_run_results: u32,
    /// The version of variant-run that played the games.
    pub program: String,
    /// The shard that wrote the file, `K/N`.
    pub shard: String,
    pub study: Study,
}

impl Header {
    pub fn new(study: &Study, shard: Shard) -> Header {
        Header {
            variant_run_results: FORMAT,
            program: env!("CARGO_PKG_VERSION").to_string(),
            shard: shard.to_string(),
            study: study.clone(),
        }
    }

    /// How the games of `other` would not belong with these, if they would not;
    /// `names` as for [`Study::difference`].
    pub fn difference(&self, other: &Header, names: [&str; 2]) -> Option<String> {
        if self.program != other.program {
            return Some(format!(
                "played by variant-run {} {}, {} {}",
                other.program, names[0], self.program, names[1]
            ));
        }
        self.study.difference(&other.study, names)
    }
}

/// A line of a results file after the header: one game of one part of the study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameLine {
    pub part: usize,
    pub game: GameRecord,
}

/// Only the numbers of a game line, read without keeping the rest.
#[derive(Deserialize)]
struct GameKey {
    part: usize,
    game: IndexOnly,
}

#[derive(Deserialize)]
struct IndexOnly {
    index: usize,
}

/// Where a game's line lies in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineAt {
    pub part: usize,
    pub index: usize,
    /// Its first byte, and its length without the newline.
    pub offset: u64,
    pub len: u32,
    /// Its line number in the file, from 1, for messages.
    pub line: u64,
}

/// What reading a results file found, besides its games.
pub struct Scanned {
    pub header: Header,
    /// The length of the file up to the end of its last whole line.
    pub whole_len: u64,
    /// Whether the file ends with a line cut short (a shard stopped as it wrote it).
    pub torn: bool,
}

/// Reads a results file, handing each game line's place to `each` in file order.
///
/// # Errors
/// The file cannot be read, is not a results file of this format, or has a whole line
/// that does not read as a game (the message gives its line number); or `each` fails.
pub fn scan(
    path: &Path,
    each: &mut dyn FnMut(LineAt) -> Result<(), StudyError>,
) -> Result<Scanned, StudyError> {
    let file = File::open(path).map_err(|e| StudyError::io(path, e))?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut line = Vec::new();
    let mut offset = 0u64;
    let mut number = 0u64;
    let mut header: Option<Header> = None;
    loop {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| StudyError::io(path, e))?;
        if read == 0 {
            break;
        }
        if line.last() != Some(&b'\n') {
            // The last line, cut short: a game that was not finished writing.
            let header = header.ok_or_else(|| not_results(path, "its first line is cut short"))?;
            return Ok(Scanned {
                header,
                whole_len: offset,
                torn: true,
            });
        }
        number += 1;
        let text = &line[..line.len() - 1];
        match &header {
            None => header = Some(parse_header(path, text)?),
            Some(_) => {
                let key: GameKey = serde_json::from_slice(text).map_err(|e| {
                    StudyError::Refused(format!(
                        "{}:{number}: this line is not a game of the study ({}); the file \
                         was changed by something other than variant-run",
                        path.display(),
                        without_place(&e)
                    ))
                })?;
                each(LineAt {
                    part: key.part,
                    index: key.game.index,
                    offset,
                    len: text.len() as u32,
                    line: number,
                })?;
            }
        }
        offset += read as u64;
    }
    let header = header.ok_or_else(|| not_results(path, "it is empty"))?;
    Ok(Scanned {
        header,
        whole_len: offset,
        torn: false,
    })
}

fn not_results(path: &Path, why: &str) -> StudyError {
    StudyError::Refused(format!(
        "{}: not a results file of variant-run ({why})",
        path.display()
    ))
}

/// Reads the header of a results file (its first line).
///
/// # Errors
/// The file cannot be read or is not a results file of this format.
pub fn read_header(path: &Path) -> Result<Header, StudyError> {
    let file = File::open(path).map_err(|e| StudyError::io(path, e))?;
    let mut line = Vec::new();
    BufReader::new(file)
        .read_until(b'\n', &mut line)
        .map_err(|e| StudyError::io(path, e))?;
    if line.pop() != Some(b'\n') {
        return Err(not_results(path, "it has no whole first line"));
    }
    parse_header(path, &line)
}

fn parse_header(path: &Path, text: &[u8]) -> Result<Header, StudyError> {
    let read: Header = serde_json::from_slice(text)
        .map_err(|_| not_results(path, "its first line is not a results header"))?;
    if read.variant_run_results != FORMAT {
        return Err(StudyError::Refused(format!(
            "{}: results format {} (this variant-run reads format {FORMAT}); report it \
             with the variant-run that wrote it",
            path.display(),
            read.variant_run_results
        )));
    }
    Ok(read)
}

/// Reads the game whose line is at `at` in the file `file` (opened from `path`).
///
/// # Errors
/// The file cannot be read there, or the line does not read as a game.
pub fn read_game(file: &File, path: &Path, at: LineAt) -> Result<GameLine, StudyError> {
    let mut text = vec![0; at.len as usize];
    read_at(file, &mut text, at.offset).map_err(|e| StudyError::io(path, e))?;
    serde_json::from_slice(&text).map_err(|e| {
        StudyError::Refused(format!(
            "{}:{}: this line is not a game of the study ({})",
            path.display(),
            at.line,
            without_place(&e)
        ))
    })
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(not(unix))]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = file;
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buf)
}

/// A shard's results file, open to append games to.
pub struct ResultsWriter {
    path: PathBuf,
    file: Mutex<Appending>,
}

/// The open file, its length up to its last whole line, and whether a write has failed.
struct Appending {
    file: File,
    whole_len: u64,
    failed: bool,
}

impl ResultsWriter {
    /// Opens the results file at `path` to append to it: made with `header` if it does
    /// not exist; otherwise its own header must be the same study, and a last line cut
    /// short is cut off. The file is locked while the writer lives.
    ///
    /// # Errors
    /// The file cannot be made, read or locked, is not a regular file (a pipe or a
    /// device: the file is read back and cut, which they cannot be), or holds another
    /// study's games.
    pub fn open(path: &Path, header: &Header) -> Result<ResultsWriter, StudyError> {
        match std::fs::metadata(path) {
            Ok(meta) if !meta.is_file() => {
                return Err(StudyError::Refused(format!(
                    "{}: not a regular file; a shard's results file is read back and \
                     appended to, so it must be one (remove it, or give another --out \
                     folder)",
                    path.display()
                )));
            }
            Ok(_) => {}
            Err(_) => {
                let mut line = serde_json::to_vec(header).expect("a header serializes");
                line.push(b'\n');
                output_file::write_whole(path, &line).map_err(|e| StudyError::io(path, e))?;
            }
        }
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| StudyError::io(path, e))?;
        lock(&file).map_err(|_| {
            StudyError::Refused(format!(
                "{}: another variant-run is writing this shard's results now; wait for it \
                 to end (or stop it) before playing the shard again",
                path.display()
            ))
        })?;
        let scanned = scan(path, &mut |_| Ok(()))?;
        if let Some(why) = header.difference(&scanned.header, THERE_HERE) {
            return Err(StudyError::Refused(format!(
                "{} holds the games of another study ({why}); give another --out folder, \
                 or remove the file to start again",
                path.display()
            )));
        }
        if scanned.torn {
            file.set_len(scanned.whole_len)
                .map_err(|e| StudyError::io(path, e))?;
        }
        Ok(ResultsWriter {
            path: path.to_path_buf(),
            file: Mutex::new(Appending {
                file,
                whole_len: scanned.whole_len,
                failed: false,
            }),
        })
    }

    /// Appends a game: its line and newline in one write, so a kill leaves it whole or
    /// cut short, never mixed with another.
    ///
    /// # Errors
    /// The write fails (a full disk): the game is not counted as kept, what the write
    /// left of its line is cut off again (where the disk lets it), and every later
    /// append is refused, so that no game is written after a line cut short.
    pub fn append(&self, line: &GameLine) -> Result<(), StudyError> {
        let mut text = serde_json::to_vec(line).expect("a game serializes");
        text.push(b'\n');
        let mut appending = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if appending.failed {
            return Err(StudyError::Refused(format!(
                "{}: not written after an earlier write failed",
                self.path.display()
            )));
        }
        if let Err(error) = appending.file.write_all(&text) {
            appending.failed = true;
            let _ = appending.file.set_len(appending.whole_len);
            return Err(StudyError::Refused(format!(
                "{}: {error}; the games written before it are kept, and the same command \
                 plays the rest once it can write again",
                self.path.display()
            )));
        }
        appending.whole_len += text.len() as u64;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// An exclusive lock on the whole file, without waiting (released when it closes).
#[cfg(unix)]
fn lock(file: &File) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock only reads the descriptor, which `file` keeps open during the call.
    let done = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if done == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn lock(_file: &File) -> std::io::Result<()> {
    Ok(())
}
