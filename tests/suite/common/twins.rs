//! Rulesets whose rules are, to the letter, the scripts the native twins copy
//! (src/ruleset/native/scripts/), made in a temporary folder: a ruleset derived from a
//! shipped one, or a copy of a design, with those scripts as its own, and the modules
//! they import (`outcome`, `truchet/end`) in its folder, where imports look first. So
//! the twins are held to their scripts whatever the shipped rules have become.

use std::path::{Path, PathBuf};

use variant_run::{LoadOptions, Variant};

pub const OUTCOME: &str = include_str!("../../../src/ruleset/native/scripts/outcome.rhai");
pub const BROWNE_END: &str = include_str!("../../../src/ruleset/native/scripts/browne_end.rhai");
pub const BOARDSPACE_END: &str =
    include_str!("../../../src/ruleset/native/scripts/boardspace_end.rhai");
pub const TRUGO_CAPTURE: &str =
    include_str!("../../../src/ruleset/native/scripts/trugo_capture.rhai");
pub const TRUGO_END: &str = include_str!("../../../src/ruleset/native/scripts/trugo_end.rhai");
pub const CONNECTION_END: &str =
    include_str!("../../../src/ruleset/native/scripts/connection_end.rhai");
pub const HOME_BASES_END: &str =
    include_str!("../../../src/ruleset/native/scripts/home_bases_end.rhai");
pub const GO_SURROUND: &str = include_str!("../../../src/ruleset/native/scripts/go_surround.rhai");

/// A fresh folder `<tmp>/<label>`.
fn folder(label: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("truchet")).unwrap();
    dir
}

/// The modules the twins' scripts import, written into `dir`.
fn imports(dir: &Path) {
    std::fs::write(dir.join("outcome.rhai"), OUTCOME).unwrap();
    std::fs::write(dir.join("truchet/end.rhai"), BROWNE_END).unwrap();
}

/// The hooks of a shipped ruleset's twin: (hook, script text).
fn hooks(ruleset: &str) -> Vec<(&'static str, &'static str)> {
    match ruleset {
        "truchet-browne" | "truchet-hex" => vec![("end", BROWNE_END)],
        "truchet-boardspace" => vec![("end", BOARDSPACE_END)],
        "trugo" => vec![("after_turn", TRUGO_CAPTURE), ("end", TRUGO_END)],
        other => panic!("{other} has no twin"),
    }
}

/// The shipped ruleset `ruleset`, derived as a designer derives one, with the twin's
/// scripts for its rules; loaded with `options`.
pub fn shipped(ruleset: &str, label: &str, options: &LoadOptions) -> Variant {
    let dir = folder(label);
    imports(&dir);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    let mut toml = format!("extends = \"{ruleset}\"\n\n[rules]\n");
    for (hook, text) in hooks(ruleset) {
        std::fs::write(dir.join(format!("rules/{hook}.rhai")), text).unwrap();
        toml.push_str(&format!("{hook} = \"rules/{hook}.rhai\"\n"));
    }
    std::fs::write(dir.join("variant.toml"), toml).unwrap();
    Variant::load_with(&dir, options).unwrap_or_else(|e| panic!("{label} does not load: {e}"))
}

/// A copy of the design `name` of examples/designs/, its rule script (`rules/<script>`)
/// the twin's; loaded with `options`.
pub fn design(name: &str, label: &str, options: &LoadOptions) -> Variant {
    let dir = design_folder(name, label);
    Variant::load_with(&dir, options).unwrap_or_else(|e| panic!("{label} does not load: {e}"))
}

/// The folder of [`design`].
pub fn design_folder(name: &str, label: &str) -> PathBuf {
    let dir = folder(label);
    crate::common::copy::copy_dir(&super::root().join("examples/designs").join(name), &dir);
    imports(&dir);
    let (script, text) = match name {
        "truchet-connection" => ("end.rhai", CONNECTION_END),
        "hex-bases" => ("end.rhai", HOME_BASES_END),
        "truchet-go" => ("surround.rhai", GO_SURROUND),
        other => panic!("{other} has no twin"),
    };
    std::fs::write(dir.join("rules").join(script), text).unwrap();
    dir
}
