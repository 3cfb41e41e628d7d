//! Watching a ruleset's files: its own folder, the folders of the rulesets it extends and
//! the shared `scripts/` folder, so that a save is seen at once (inotify on Linux, the
//! system's own mechanism elsewhere) and the ruleset loaded again.
//!
//! A save is often several events (an editor writes a temporary file and renames it):
//! [`Watcher::wait`] and the session take the first and let the rest settle for
//! [`SETTLE`] before loading.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use notify::{RecommendedWatcher, RecursiveMode, Watcher as _};

use crate::ruleset::library::shared_scripts_dir;
use crate::ruleset::merged::MergedToml;

/// How long the events of one save are let to settle before the ruleset is loaded again.
pub const SETTLE: Duration = Duration::from_millis(60);

/// The folders a ruleset's files lie in: its own, those it extends (while its TOML
/// reads), and the shared scripts.
pub fn ruleset_folders(dir: &Path) -> Vec<PathBuf> {
    let mut folders = vec![dir.to_path_buf()];
    if let Ok(toml) = MergedToml::read(dir) {
        folders.extend(toml.dirs());
    }
    folders.extend(shared_scripts_dir(dir));
    let mut seen = Vec::new();
    folders.retain(|f| {
        let key = f.canonicalize().unwrap_or_else(|_| f.clone());
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    folders
}

/// A watch on some folders, calling back on every change under them.
pub struct Watcher {
    inner: RecommendedWatcher,
    folders: Vec<PathBuf>,
}

impl Watcher {
    /// Watches the folders of the ruleset in `dir`, calling `changed` (from the watch's
    /// own thread) on every change.
    ///
    /// # Errors
    /// The system refuses the watch.
    pub fn new(dir: &Path, changed: impl Fn() + Send + 'static) -> notify::Result<Watcher> {
        let inner = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let interesting = event.is_ok_and(|e| !e.kind.is_access());
            if interesting {
                changed();
            }
        })?;
        let mut watcher = Watcher {
            inner,
            folders: Vec::new(),
        };
        watcher.follow(dir)?;
        Ok(watcher)
    }

    /// Watches the folders of the ruleset in `dir` as they are now (an `extends` may
    /// have changed), and no others.
    ///
    /// # Errors
    /// The system refuses the watch.
    pub fn follow(&mut self, dir: &Path) -> notify::Result<()> {
        let folders = ruleset_folders(dir);
        for old in &self.folders {
            if !folders.contains(old) {
                let _ = self.inner.unwatch(old);
            }
        }
        for folder in &folders {
            if !self.folders.contains(folder) {
                self.inner.watch(folder, RecursiveMode::Recursive)?;
            }
        }
        self.folders = folders;
        Ok(())
    }

    /// The folders watched.
    pub fn folders(&self) -> &[PathBuf] {
        &self.folders
    }
}

/// A watch for the terminal (`play --watch`, `show --watch`): blocks until the ruleset's
/// files change.
pub struct Changes {
    watcher: Watcher,
    events: Receiver<()>,
}

impl Changes {
    /// Watches the folders of the ruleset in `dir`.
    ///
    /// # Errors
    /// The system refuses the watch.
    pub fn new(dir: &Path) -> notify::Result<Changes> {
        let (send, events) = mpsc::channel();
        let watcher = Watcher::new(dir, move || {
            let _ = send.send(());
        })?;
        Ok(Changes { watcher, events })
    }

    /// The folders watched.
    pub fn folders(&self) -> &[PathBuf] {
        self.watcher.folders()
    }

    /// Waits for the next change, lets the events of the save settle, then watches the
    /// ruleset's folders as they are now. `false` if the watch ended.
    pub fn wait(&mut self, dir: &Path) -> bool {
        if self.events.recv().is_err() {
            return false;
        }
        std::thread::sleep(SETTLE);
        while self.events.try_recv().is_ok() {}
        let _ = self.watcher.follow(dir);
        true
    }
}
