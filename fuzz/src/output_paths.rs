//! The check behind the fuzz target `output_path`: an output written to a path that is
//! anything a folder can hold. The fuzzer's bytes build a small folder (regular files,
//! symbolic links relative and absolute, chains and loops of them, links to nothing,
//! named pipes, a device, folders, a socket), choose the path to write, the text, and
//! how it is written (whole, or as a record that grows and is put out line by line or
//! at the end). What the path leads to, links followed, decides what must happen:
//!
//! - a regular file, or nothing in a folder that exists: written, holding the text;
//! - a pipe: its reader gets the text, once; a device: written;
//! - a folder, a socket, a loop of links, nothing in a folder that does not exist: one
//!   error, and nothing changed;
//!
//! and in every case every entry made is still what it was (a pipe a pipe, a link a
//! link to the same place), every other file holds what it held, and nothing is left
//! beside them (no temporary file). What a path leads to is worked out here by
//! following links one by one, not by the code under test.

use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use variant_run::output_file::{write_whole, GrowingFile, MAX_LINKS};

/// The names entries may have (`d/e` inside the folder `d`, when `d` is one).
const NAMES: [&str; 6] = ["a", "b", "c", "d", "d/e", ".h"];

/// What the check made at a name.
#[derive(Clone, Debug, PartialEq)]
enum Made {
    File(Vec<u8>),
    Link(PathBuf),
    Pipe,
    Device,
    Folder,
    Socket,
}

/// What writing to a path must do.
#[derive(Debug, PartialEq)]
enum Expected {
    /// The regular file (there or not yet) at this name ends up holding the text.
    File(String),
    /// The pipe at this name gets the text.
    Pipe(String),
    Device,
    Refused,
}

struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn next(&mut self) -> usize {
        usize::from(self.0.next().copied().unwrap_or(0))
    }
}

pub fn output_path(data: &[u8]) {
    let Ok(dir) = tempfile::tempdir() else {
        return;
    };
    let root = dir.path();
    let mut bytes = Bytes(data.iter());
    let mut made: Vec<(String, Made)> = Vec::new();
    // Kept open for the whole check: a socket exists while it is bound.
    let mut sockets = Vec::new();
    for _ in 0..bytes.next() % 8 {
        let name = NAMES[bytes.next() % NAMES.len()];
        let kind = bytes.next() % 8;
        let other = NAMES[bytes.next() % NAMES.len()];
        if made.iter().any(|(n, _)| n == name) {
            continue;
        }
        let path = root.join(name);
        let real_folder = std::fs::symlink_metadata(root.join("d")).is_ok_and(|m| m.is_dir());
        if name.contains('/') && !real_folder {
            continue;
        }
        let entry = match kind {
            0 | 1 => {
                let text = format!("old {name}\n").into_bytes();
                std::fs::write(&path, &text).ok().map(|()| Made::File(text))
            }
            2 => relative_link(name, other, &path),
            3 => {
                let target = root.join(other);
                std::os::unix::fs::symlink(&target, &path)
                    .ok()
                    .map(|()| Made::Link(target))
            }
            4 => make_node(&path, libc::S_IFIFO | 0o644, 0).then_some(Made::Pipe),
            // The null device's numbers: written, nothing kept. Needs root; without it,
            // no device.
            5 => {
                make_node(&path, libc::S_IFCHR | 0o666, libc::makedev(1, 3)).then_some(Made::Device)
            }
            6 => std::fs::create_dir(&path).ok().map(|()| Made::Folder),
            _ => std::os::unix::net::UnixListener::bind(&path).ok().map(|s| {
                sockets.push(s);
                Made::Socket
            }),
        };
        if let Some(entry) = entry {
            made.push((name.to_string(), entry));
        }
    }
    let target = NAMES[bytes.next() % NAMES.len()];
    let lines = bytes.next() % 5;
    let text: String = (0..lines)
        .map(|i| format!("line {i} of {target}\n"))
        .collect();
    let how = bytes.next() % 3;
    let expected = expect(root, target);
    // Each pipe's reader, opened without waiting, so a writer's open finds it.
    let readers: Vec<(String, std::fs::File)> = made
        .iter()
        .filter(|(_, m)| *m == Made::Pipe)
        .filter_map(|(name, _)| {
            std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(root.join(name))
                .ok()
                .map(|file| (name.clone(), file))
        })
        .collect();
    let path = root.join(target);
    let written = match how {
        0 => write_whole(&path, text.as_bytes()),
        _ => GrowingFile::new(&path, how == 1).and_then(|mut file| {
            for line in text.split_inclusive('\n') {
                file.write_all(line.as_bytes())?;
            }
            file.commit()
        }),
    };
    let context = format!("{target} ({how}) after {made:?}: {written:?}");
    assert_eq!(
        written.is_ok(),
        expected != Expected::Refused,
        "{context}, expected {expected:?}"
    );
    for (name, mut reader) in readers {
        let mut got = Vec::new();
        let _ = reader.read_to_end(&mut got);
        let want = match &expected {
            Expected::Pipe(pipe) if *pipe == name => text.as_bytes(),
            _ => b"",
        };
        assert_eq!(got, want, "pipe {name}: {context}");
    }
    // Every entry is what it was; a regular file holds the text if it was written to.
    for (name, entry) in &made {
        let path = root.join(name);
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            panic!("{name} is gone: {context}");
        };
        let kind = meta.file_type();
        match entry {
            Made::File(old) => {
                assert!(kind.is_file(), "{name} is no longer a file: {context}");
                let now = std::fs::read(&path).unwrap_or_default();
                let want = match &expected {
                    Expected::File(file) if file == name => text.as_bytes(),
                    _ => old.as_slice(),
                };
                assert_eq!(now, want, "{name}: {context}");
            }
            Made::Link(to) => {
                assert!(kind.is_symlink(), "{name}: {context}");
                assert_eq!(std::fs::read_link(&path).ok().as_ref(), Some(to));
            }
            Made::Pipe => assert!(kind.is_fifo(), "{name}: {context}"),
            Made::Device => assert!(kind.is_char_device(), "{name}: {context}"),
            Made::Folder => assert!(kind.is_dir(), "{name}: {context}"),
            Made::Socket => assert!(kind.is_socket(), "{name}: {context}"),
        }
    }
    // A file made where there was none, and nothing else new.
    let mut names: Vec<String> = made.iter().map(|(n, _)| n.clone()).collect();
    if let Expected::File(file) = &expected {
        if !names.contains(file) {
            assert_eq!(
                std::fs::read(root.join(file)).unwrap_or_default(),
                text.as_bytes(),
                "{file} made: {context}"
            );
            names.push(file.clone());
        }
    }
    let mut found = entries(root, "");
    found.sort();
    names.sort();
    assert_eq!(found, names, "nothing left beside the entries: {context}");
}

/// A link at `path` (named `name`) to `other`, written relative to the link's folder.
fn relative_link(name: &str, other: &str, path: &Path) -> Option<Made> {
    let target = if name.contains('/') {
        PathBuf::from("..").join(other)
    } else {
        PathBuf::from(other)
    };
    std::os::unix::fs::symlink(&target, path)
        .ok()
        .map(|()| Made::Link(target))
}

fn make_node(path: &Path, mode: libc::mode_t, device: libc::dev_t) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(name) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: the name is NUL-terminated and lives for the call.
    unsafe { libc::mknod(name.as_ptr(), mode, device) == 0 }
}

/// What writing to `name` must do: its links followed one by one.
fn expect(root: &Path, name: &str) -> Expected {
    let mut current = root.join(name);
    for _ in 0..=MAX_LINKS {
        let Ok(meta) = std::fs::symlink_metadata(&current) else {
            // Nothing there: made, if its folder is one.
            let folder_is_one = current.parent().is_some_and(Path::is_dir);
            return match (folder_is_one, inside(root, &current)) {
                (true, Some(inside)) => Expected::File(inside),
                _ => Expected::Refused,
            };
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let Ok(to) = std::fs::read_link(&current) else {
                return Expected::Refused;
            };
            current = current
                .parent()
                .map_or(to.clone(), |folder| folder.join(&to));
            continue;
        }
        let Some(inside) = inside(root, &current) else {
            return Expected::Refused;
        };
        return if kind.is_file() {
            Expected::File(inside)
        } else if kind.is_fifo() {
            Expected::Pipe(inside)
        } else if kind.is_char_device() {
            Expected::Device
        } else {
            Expected::Refused
        };
    }
    Expected::Refused
}

/// The name of `path` inside `root` (`d/e`), its folder's links followed, if it is
/// inside.
fn inside(root: &Path, path: &Path) -> Option<String> {
    let root = root.canonicalize().ok()?;
    let folder = path.parent()?.canonicalize().ok()?;
    let full = folder.join(path.file_name()?);
    let relative = full.strip_prefix(&root).ok()?;
    let name = relative.to_string_lossy().into_owned();
    (!name.is_empty()).then_some(name)
}

/// Every name in the folder, walked (not into links), `/`-separated.
fn entries(dir: &Path, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type().is_ok_and(|k| k.is_dir()) {
            found.extend(entries(&entry.path(), &format!("{name}/")));
        }
        found.push(name);
    }
    found
}
