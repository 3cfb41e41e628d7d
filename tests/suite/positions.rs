//! Every ruleset's position fixtures, `variants/<ruleset>/positions/*.pos`, each a
//! snapshot of what the ruleset does there: the board, every legal turn (with the pieces
//! the after-turn rules take and any end of the game), the positions after chosen turns,
//! and perft counts. A designer adds a test by adding a fixture, no Rust; a ruleset
//! copied into `variants/` brings its fixtures along.

use crate::common::{fixture_report, load, read_fixture};

#[test]
fn position_fixtures() {
    insta::glob!("../../variants", "*/positions/*.pos", |path| {
        let ruleset = path
            .parent()
            .and_then(|p| p.parent())
            .and_then(|p| p.file_name())
            .and_then(|n| n.to_str())
            .expect("variants/<ruleset>/positions/<fixture>.pos");
        let fixture = read_fixture(path);
        let variant = load(ruleset, fixture.size);
        insta::assert_snapshot!(fixture_report(&variant, &fixture));
    });
}
