//! Every folder of the code a one-way stack: no file imports, directly or through
//! others, a file of its own folder that imports it back. A piece two files share moves
//! down into a file of its own, so each folder reads from the bottom up.
//!
//! Imports are read from the code itself (`use super::x`, `crate::a::x`, `super::{x,
//! y}` and paths written in full) and from doc comments' links (`` [`super::x`] ``),
//! outside other comments and tests: a test module may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod lengths;

/// A module by its path below the crate's root (`["serve", "session"]`).
type Module = Vec<String>;

/// Every `.rs` file below `src`, with its text.
fn rust_files(src: &Path) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path, text));
            }
        }
    }
    files
}

/// The modules of the crate whose sources are under `src`, with their files' code.
fn modules(src: &Path) -> BTreeMap<Module, String> {
    let mut found = BTreeMap::new();
    for (path, text) in rust_files(src) {
        let relative = path.strip_prefix(src).unwrap().with_extension("");
        let mut module: Module = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if matches!(
            module.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            module.pop();
        }
        found.insert(module, code_of(&text));
    }
    found
}

/// A file's code without its tests and its comments, and the targets of its doc
/// comments' links (`` [`super::x`] ``): a doc link ties two files as an import does, for
/// the reader who follows it and for rustdoc.
fn code_of(text: &str) -> String {
    let before_tests = text.split("#[cfg(test)]").next().unwrap_or("");
    before_tests
        .lines()
        .map(|line| {
            let line = line.trim_start();
            if line.starts_with("///") || line.starts_with("//!") {
                doc_links(line).join(" ")
            } else if line.starts_with("//") {
                String::new()
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a doc comment's line links to, as written between `` [` `` and `` `] ``.
fn doc_links(line: &str) -> Vec<&str> {
    let mut links = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("[`") {
        rest = &rest[start + 2..];
        let Some(end) = rest.find("`]") else { break };
        links.push(&rest[..end]);
        rest = &rest[end + 2..];
    }
    links
}

/// The paths a file's code names from `super::` or `crate::`, as module paths (a group
/// `super::{a, b}` names each of its items).
fn named_paths(module: &Module, code: &str) -> Vec<Module> {
    let mut paths = Vec::new();
    for (start, root) in [("super::", true), ("crate::", false)] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let mut base: Module = if root {
                module[..module.len().saturating_sub(1)].to_vec()
            } else {
                Vec::new()
            };
            let mut rest = &code[at + start.len()..];
            loop {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if name.is_empty() {
                    break;
                }
                base.push(name.clone());
                rest = &rest[name.len()..];
                match rest.strip_prefix("::") {
                    Some(after) => rest = after,
                    None => break,
                }
            }
            if let Some(group) = rest.strip_prefix('{') {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                for item in group.split(',') {
                    let name = item.trim().split("::").next().unwrap_or("").to_string();
                    if !name.is_empty() && name != "self" {
                        paths.push([base.clone(), vec![name]].concat());
                    }
                }
            }
            paths.push(base);
        }
    }
    paths
}

/// Each module's imports of other files of its own folder.
fn sibling_imports(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(src);
    let mut imports: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, code) in &modules {
        let entry = imports.entry(module.clone()).or_default();
        for path in named_paths(module, code) {
            // The longest start of the path that is a file: the module it names.
            let Some(named) = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|m| modules.contains_key(m))
            else {
                continue;
            };
            let siblings = named.len() == module.len()
                && named[..named.len() - 1] == module[..module.len() - 1];
            if siblings && &named != module {
                entry.insert(named);
            }
        }
    }
    imports
}

/// Every circle of imports, each once, as `a -> b -> a`.
fn circles(imports: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeSet<String> {
    fn walk(
        at: &Module,
        imports: &BTreeMap<Module, BTreeSet<Module>>,
        trail: &mut Vec<Module>,
        found: &mut BTreeSet<String>,
    ) {
        if let Some(start) = trail.iter().position(|m| m == at) {
            let mut circle: Vec<String> = trail[start..].iter().map(|m| m.join("/")).collect();
            // The same circle from whichever file it is entered: start at the least.
            let least = (0..circle.len()).min_by_key(|&i| &circle[i]).unwrap_or(0);
            circle.rotate_left(least);
            circle.push(circle[0].clone());
            found.insert(circle.join(" -> "));
            return;
        }
        trail.push(at.clone());
        for next in imports.get(at).into_iter().flatten() {
            walk(next, imports, trail, found);
        }
        trail.pop();
    }
    let mut found = BTreeSet::new();
    for module in imports.keys() {
        walk(module, imports, &mut Vec::new(), &mut found);
    }
    found
}

#[test]
fn no_file_imports_a_file_of_its_folder_that_imports_it_back() {
    // The sources this suite was built from, wherever the rulesets it plays are
    // (`VARIANT_RUN_HOME` may point at a copy that holds only those).
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    for src in ["src", "core/src"] {
        let found = circles(&sibling_imports(&project.join(src)));
        assert!(
            found.is_empty(),
            "import circles in {src}/ (move what they share into a file below both):\n{}",
            found.into_iter().collect::<Vec<_>>().join("\n")
        );
    }
}

/// The reading itself: a circle written in a scratch crate is found, through a group
/// import and a path written in full, and one-way imports are not.
#[test]
fn a_circle_through_any_kind_of_import_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir(src.join("play")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod play;\n").unwrap();
    std::fs::write(src.join("play/mod.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(src.join("play/a.rs"), "use super::{b, c::Thing};\n").unwrap();
    std::fs::write(
        src.join("play/b.rs"),
        "// super::a in a comment is no import\nfn f() { crate::play::c::go() }\n",
    )
    .unwrap();
    std::fs::write(src.join("play/c.rs"), "pub fn go() {}\n").unwrap();
    assert!(circles(&sibling_imports(src)).is_empty());
    // A doc comment's link back up is a circle too; its plain words are not.
    std::fs::write(
        src.join("play/c.rs"),
        "//! Used by `a.rs`.\n/// Called from [`super::a::run`].\npub fn go() {}\n",
    )
    .unwrap();
    assert_eq!(
        circles(&sibling_imports(src))
            .into_iter()
            .collect::<Vec<_>>(),
        [
            "play/a -> play/b -> play/c -> play/a",
            "play/a -> play/c -> play/a"
        ]
    );
    std::fs::write(src.join("play/c.rs"), "use super::a::Other;\n").unwrap();
    let found = circles(&sibling_imports(src));
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        [
            "play/a -> play/b -> play/c -> play/a",
            "play/a -> play/c -> play/a"
        ]
    );
}
