//! Files the program writes (records, reports, pictures), written whole or not at all,
//! and devices and pipes written as a stream.
//!
//! A file written in place can be seen half-written: by a reader while it is written,
//! by everyone after the program is interrupted (an `--html` report written over an
//! older one was left empty), and two programs writing one path at once interleave
//! their parts. So an output that is a regular file (or not there yet) is written to a
//! temporary file in the same folder (`.report.html.XXXXXX.tmp`) and renamed over its
//! path when complete: the rename replaces the old file in one step, so the path always
//! holds one whole file, the old one or the new one. Two writers of one path each
//! rename a whole file; the last one stays. The temporary file is removed if writing
//! fails.
//!
//! Anything else a path can name is never replaced: a device (`/dev/null`, a terminal)
//! or a named pipe is opened and written in place, as every Unix tool writes them, and
//! `/dev/stdout`, `/dev/fd/N` or `/proc/self/fd/N` write to that descriptor of this
//! program, whatever it leads to. A symbolic link is followed, link after link: what
//! the last one leads to is written as above (a regular file at the end of the links is
//! replaced by a rename in its own folder, so the links stay links). A folder, a socket,
//! and a chain of more than [`MAX_LINKS`] links are refused with a message.
//!
//! The rename makes a file whole for every reader; it does not wait for the disk (no
//! `fsync`), so a power cut may still lose the newest version.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// The most symbolic links followed from one output path (as the system's own limit on
/// Linux): more is a loop, or as good as one.
pub const MAX_LINKS: usize = 40;

/// What an output path leads to, and so how it is written.
#[derive(Debug, PartialEq, Eq)]
pub enum Destination {
    /// A regular file or nothing yet, at this path (symbolic links followed): written
    /// whole, by a rename over it.
    File(PathBuf),
    /// A device or a named pipe at this path (links followed): written in place, as a
    /// stream.
    Stream(PathBuf),
    /// An open descriptor of this program (`/dev/stdout`, `/dev/fd/2`): written to it.
    Descriptor(i32),
}

/// What `path` leads to: its symbolic links followed, and its kind looked at.
///
/// # Errors
/// A folder, a socket, a loop of links (or more than [`MAX_LINKS`]), or a path that
/// cannot be looked at.
pub fn destination(path: &Path) -> io::Result<Destination> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        if let Some(descriptor) = own_descriptor(&current) {
            return Ok(Destination::Descriptor(descriptor));
        }
        let meta = match std::fs::symlink_metadata(&current) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Destination::File(current));
            }
            Err(e) => return Err(e),
            Ok(meta) => meta,
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let target = std::fs::read_link(&current)?;
            // A relative target is relative to the link's folder; `join` keeps an
            // absolute one as it is.
            current = match current.parent() {
                Some(folder) => folder.join(target),
                None => target,
            };
            continue;
        }
        if kind.is_file() {
            return Ok(Destination::File(current));
        }
        if kind.is_dir() {
            return Err(io::Error::other(followed(path, &current, "a folder")));
        }
        if is_socket(&kind) {
            return Err(io::Error::other(followed(
                path,
                &current,
                "a socket, which is not written as a file",
            )));
        }
        return Ok(Destination::Stream(current));
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links from {} (a loop?)",
        path.display()
    )))
}

/// "that is a folder", or "it leads to /x/y, a folder" when links were followed.
fn followed(path: &Path, reached: &Path, what: &str) -> String {
    if reached == path {
        format!("that is {what}")
    } else {
        format!("it leads to {}, {what}", reached.display())
    }
}

#[cfg(unix)]
fn is_socket(kind: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_socket(kind)
}

#[cfg(not(unix))]
fn is_socket(_kind: &std::fs::FileType) -> bool {
    false
}

/// The descriptor number when `path` names one of this program's open descriptors:
/// an entry of `/proc/self/fd` (or `/dev/fd`, which leads there), reached by any path.
#[cfg(target_os = "linux")]
fn own_descriptor(path: &Path) -> Option<i32> {
    let folder = path.parent().filter(|f| !f.as_os_str().is_empty())?;
    let number: i32 = path.file_name()?.to_str()?.parse().ok()?;
    let own = [
        PathBuf::from(format!("/proc/{}/fd", std::process::id())),
        // The folder of this thread's descriptors: the same table.
        PathBuf::from(format!(
            "/proc/{}/task/{}/fd",
            std::process::id(),
            // SAFETY: gettid takes nothing and cannot fail.
            unsafe { libc::gettid() }
        )),
    ];
    let folder = folder.canonicalize().ok()?;
    own.contains(&folder).then_some(number)
}

#[cfg(not(target_os = "linux"))]
fn own_descriptor(_path: &Path) -> Option<i32> {
    None
}

/// Writes `bytes` to `path`: a regular file (or a path with nothing there) whole, to a
/// temporary file beside it renamed over it; a device, a pipe or a descriptor in place.
///
/// # Errors
/// The path is not one that can be written (see [`destination`]), the folder cannot
/// hold a new file, or writing or renaming fails; the error says which, and a regular
/// file at `path` is left as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match destination(path)? {
        Destination::File(file) => replace_whole(&file, bytes),
        target => {
            let mut stream = open_stream(&target)?;
            stream.write_all(bytes)?;
            stream.flush()
        }
    }
}

/// Writes a regular file whole: a temporary file beside it, renamed over it. The new
/// file keeps the old one's permissions.
fn replace_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = temporary_beside(path)?;
    if let Ok(old) = std::fs::metadata(path) {
        std::fs::set_permissions(file.path(), old.permissions())?;
    }
    file.write_all(bytes)?;
    file.flush()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Opens a device, a pipe or a descriptor to write to (a pipe waits for its reader, as
/// it does for every program).
fn open_stream(target: &Destination) -> io::Result<File> {
    match target {
        Destination::Stream(path) => OpenOptions::new().append(true).open(path),
        Destination::Descriptor(number) => duplicate(*number),
        Destination::File(path) => OpenOptions::new().append(true).open(path),
    }
}

/// A copy of one of this program's descriptors, as a file that closes the copy only.
#[cfg(unix)]
fn duplicate(number: i32) -> io::Result<File> {
    use std::os::fd::FromRawFd;
    // SAFETY: `fcntl(F_DUPFD_CLOEXEC)` reads only the number; it fails on a descriptor
    // that is not open, and a new one it returns is ours alone to own and close.
    let copy = unsafe { libc::fcntl(number, libc::F_DUPFD_CLOEXEC, 0) };
    if copy < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `copy` is a new, open descriptor nothing else owns.
    Ok(unsafe { File::from_raw_fd(copy) })
}

#[cfg(not(unix))]
fn duplicate(_number: i32) -> io::Result<File> {
    Err(io::Error::other("descriptors are not files here"))
}

/// Checks that `path` can be written (a regular file's folder takes new files; a device
/// or pipe may be written by this user), leaving nothing behind and opening nothing: so
/// that a command can refuse a path before long work whose result it would write there.
///
/// # Errors
/// Why `path` cannot be written.
pub fn check_writable(path: &Path) -> io::Result<()> {
    match destination(path)? {
        Destination::File(file) => temporary_beside(&file).map(drop),
        Destination::Stream(stream) => may_write(&stream),
        Destination::Descriptor(number) => duplicate(number).map(drop),
    }
}

/// Whether this user may write to `path` (without opening it: opening a pipe waits for
/// a reader, and closing it again would end the reader's input).
#[cfg(unix)]
fn may_write(path: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::other("the path holds a NUL byte"))?;
    // SAFETY: `access` reads the NUL-terminated name, which lives for the call.
    if unsafe { libc::access(name.as_ptr(), libc::W_OK) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn may_write(_path: &Path) -> io::Result<()> {
    Ok(())
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

/// A text written a piece at a time and put in place at chosen moments: a game record
/// written while the game is played. What is written is held in memory; each
/// [`GrowingFile::commit`] puts it out. A regular file is written whole with all of it
/// so far, so a reader of the path sees the text as of the last commit, never part of
/// one; a device or pipe is opened at the first commit and gets, at each, what was
/// written since the last, so its reader reads the text once, as a stream.
pub struct GrowingFile {
    target: Destination,
    /// The device, pipe or descriptor, once opened.
    stream: Option<File>,
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
            target: destination(path)?,
            stream: None,
            text: Vec::new(),
            each_line,
            committed: 0,
        })
    }

    /// Puts the text written so far out, unless it is there already.
    ///
    /// # Errors
    /// As [`write_whole`].
    pub fn commit(&mut self) -> io::Result<()> {
        if self.committed == self.text.len() && self.committed > 0 {
            return Ok(());
        }
        match &self.target {
            Destination::File(path) => replace_whole(path, &self.text)?,
            target => {
                if self.stream.is_none() {
                    self.stream = Some(open_stream(target)?);
                }
                let stream = self.stream.as_mut().expect("opened above");
                stream.write_all(&self.text[self.committed..])?;
                stream.flush()?;
            }
        }
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
