//! What a derived ruleset does with the hooks it inherits: drops an optional one with
//! `false`, borrows another ruleset's script with `import "<ruleset>:<path>"`, and
//! `describe` says where each hook's script came from. These are the fixtures of the
//! rulesets in tests/fixtures/inheritance/ (their `describe` and positions, run by
//! `variant-run test` and tests/suite/fixtures.rs). The refusals (a required hook
//! dropped, an import that names no ruleset or leaves its folders, a cycle) are broken
//! fixtures, snapshotted by errors.rs; the symbolic link is made here, as git keeps none.

use variant_run::Variant;

/// A ruleset's script that is a symbolic link out of its folder is refused when another
/// ruleset imports it by name, as it is when its own ruleset uses it.
#[test]
fn an_import_by_ruleset_name_refuses_a_link_out_of_that_ruleset() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.rhai");
    std::fs::write(&secret, "fn game_result(game) { () }\n").unwrap();
    let importer = tempfile::tempdir().unwrap();
    let root = importer.path();
    std::fs::create_dir_all(root.join("rules")).unwrap();
    std::fs::create_dir_all(root.join("partner/rules")).unwrap();
    std::fs::write(
        root.join("variant.toml"),
        "extends = \"truchet-browne\"\n[rules]\nend = \"rules/end.rhai\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("rules/end.rhai"),
        "import \"partner:rules/linked\" as linked;\nfn game_result(game) { linked::game_result(game) }\n",
    )
    .unwrap();
    std::fs::write(
        root.join("partner/variant.toml"),
        "extends = \"truchet-browne\"\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(&secret, root.join("partner/rules/linked.rhai")).unwrap();
    let error = Variant::load(root, None)
        .err()
        .expect("the link is refused");
    let message = error.to_string();
    assert!(
        message.contains("import \"partner:rules/linked\"")
            && message.contains("leads outside that folder (a symbolic link)"),
        "{message}"
    );
    let diagnostic = error.diagnostic().expect("located");
    assert_eq!(diagnostic.line_column(), Some((1, 1)));
}
