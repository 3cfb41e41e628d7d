//! The designs of examples/designs/, new rules written as TOML + Rhai only. Each is a
//! ruleset with tests of its own, as a designer's would be: its `describe` and `check`
//! (which loads it at every size and plays seeded games), and positions drawn by hand on
//! which each rule it adds does what its comments say (`positions/*.pos`), all kept in
//! its `snapshots/` folder and run by `variant-run test` and tests/suite/fixtures.rs.

/// Every folder there, found rather than listed, keeps the snapshots of its fixtures, so
/// a new design is tested too.
#[test]
fn every_design_keeps_the_snapshots_of_its_tests() {
    let designs = crate::common::root().join("examples/designs");
    let mut found = 0;
    for entry in std::fs::read_dir(&designs).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.join("variant.toml").is_file() {
            continue;
        }
        for snapshot in ["describe.snap", "check.snap"] {
            assert!(
                folder.join("snapshots").join(snapshot).is_file(),
                "{} has no snapshots/{snapshot}: `variant-run test {} --accept` writes it",
                folder.display(),
                folder.display()
            );
        }
        found += 1;
    }
    assert!(found >= 7, "{found} designs");
}
