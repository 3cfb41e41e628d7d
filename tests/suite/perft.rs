//! perft of every table in `tests/perft/<ruleset>.perft`, counted with the ruleset as it
//! loads from its TOML and Rhai, one snapshot per table. A rule change that changes the
//! counts shows as a snapshot diff to review; tests/reference_agrees.rs holds the counts
//! against an independent generator.

use crate::common::{load_for, read_perft_table};

#[test]
fn perft_tables() {
    insta::glob!("../perft", "*.perft", |path| {
        let ruleset = path.file_stem().and_then(|s| s.to_str()).unwrap();
        let mut report = String::new();
        for entry in read_perft_table(path) {
            let variant = load_for(ruleset, &entry);
            let position = variant
                .model
                .parse_position(&entry.position)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            report.push_str(&format!("{}\n", entry.id));
            for depth in 1..=entry.depth {
                let count = variant.model.perft(&variant, &position, depth).unwrap();
                report.push_str(&format!("  perft {depth}: {count}\n"));
            }
        }
        insta::assert_snapshot!(report);
    });
}
