//! Follows the walkthrough in `variants/truchet-hex/README.md` literally, in a temporary
//! copy of the project's `variants/` and `scripts/` folders: every command it shows is run
//! with the `variant-run` binary, every file edit is made as written, and every output it
//! shows must be exactly what the command prints. If the README and the program drift
//! apart, this test says which step broke.
//!
//! The README marks its blocks with `<!-- walkthrough: <kind> [path] -->` comments: `run`
//! (shell commands), `output` / `last-line` (what the last command printed), `write
//! <path>` (a new file) and `append <path>` (lines added at the end of a file, after a
//! blank line). The library follows them (`variant_run::fixtures::documents`), as
//! `variant-run test truchet-hex` does; an output a rule change moved is written into the
//! README by `variant-run test --accept`, or here under `INSTA_UPDATE=always`.

use variant_run::fixtures::documents::{follow_walkthrough, walkthrough, with_new_outputs};

#[test]
fn the_walkthrough_works_as_written() {
    let project = crate::common::root();
    let path = project.join("variants/truchet-hex/README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let steps = walkthrough(&readme);
    assert!(steps.len() >= 10, "the walkthrough lost its steps");
    let program = std::path::Path::new(env!("CARGO_BIN_EXE_variant-run"));
    let stale = follow_walkthrough(program, &steps, &project).unwrap_or_else(|e| panic!("{e}"));
    if stale.is_empty() {
        return;
    }
    if crate::common::update_documents() {
        std::fs::write(&path, with_new_outputs(&readme, &stale)).unwrap();
        return;
    }
    let shown: Vec<String> = stale
        .iter()
        .map(|s| {
            format!(
                "README line {}: the output differs; shown:\n{}\nprinted:\n{}",
                s.shown.line,
                s.shown.output.clone().unwrap_or_default().join("\n"),
                s.new_output.join("\n")
            )
        })
        .collect();
    panic!(
        "{}\n(`variant-run test truchet-hex --accept` or INSTA_UPDATE=always writes the \
         outputs printed into the README)",
        shown.join("\n\n")
    );
}
