//! Every ruleset under `variants/` as it loads, described in words (board, tiles,
//! players, turn forms, the capture table its script fills, counters, scripts, params):
//! one snapshot each, so a change to a TOML file or a tabulated rule shows as a diff.

#[test]
fn every_ruleset_loads_as_described() {
    insta::glob!("../../variants", "*/variant.toml", |path| {
        let dir = path.parent().unwrap();
        let variant = variant_run::Variant::load(dir, None)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        insta::assert_snapshot!(variant.describe());
    });
}
