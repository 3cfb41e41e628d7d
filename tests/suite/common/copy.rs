//! Copies of a ruleset folder in the test's temporary folder, for tests that edit one.
//! These show a designer's workflow (copy a ruleset, change it, run it). Error tests do not
//! edit shipped rulesets: they load the broken fixtures of `tests/fixtures/broken/`.

use std::path::{Path, PathBuf};

/// Copies `variants/<name>` to a fresh folder `<tmp>/<label>` and returns its path.
pub fn copy_variant(name: &str, label: &str) -> PathBuf {
    let from = super::root().join("variants").join(name);
    let to = Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let _ = std::fs::remove_dir_all(&to);
    copy_dir(&from, &to);
    to
}

/// Copies a folder and everything in it.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Replaces `from` by `to` in a file, failing if `from` is not there (so a fixture
/// cannot silently stop testing anything).
pub fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.contains(from),
        "{} does not contain {from:?}",
        path.display()
    );
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}
