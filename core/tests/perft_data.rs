//! The perft table of truchet-browne (`tests/perft/truchet-browne.perft` at the
//! workspace root), held against the independent reference generator. The table's
//! counts were produced by that reference (`cargo test -p variant-run-core --release
//! --test perft_data -- --ignored --nocapture` prints them again); the variant's own
//! test checks the real generator, with the rules loaded from TOML and Rhai, against
//! the same table.

// Each test crate uses part of the shared reference generator.
#[allow(dead_code)]
mod reference;

use variant_run_core::testing::{self, square_model, PerftEntry};
use variant_run_core::GameModel;

/// Entries cheaper than this many leaf nodes are re-checked by the slow reference on
/// every test run; the rest only when regenerating.
const REFERENCE_NODE_LIMIT: u64 = 60_000;
const DRAW_AFTER: u32 = 100;

fn read_table() -> Vec<PerftEntry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/perft/truchet-browne.perft"
    );
    testing::read_perft_table(&std::fs::read_to_string(path).unwrap())
}

fn size(entry: &PerftEntry) -> u32 {
    entry.setting("size").expect("size").parse().unwrap()
}

fn browne(size: u32) -> GameModel {
    square_model(size, |a, d, home| if home { a > d } else { a >= d })
}

#[test]
fn reference_agrees_with_the_perft_table() {
    let mut checked = 0;
    for entry in read_table() {
        let model = browne(size(&entry));
        let position = model.parse_position(&entry.position).unwrap();
        for &(depth, nodes) in &entry.counts {
            if nodes <= REFERENCE_NODE_LIMIT {
                let reference = reference::perft_browne(&model, &position, depth, DRAW_AFTER);
                assert_eq!(reference, nodes, "{} perft {depth}", entry.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} entries checked");
}

#[test]
#[ignore = "slow: prints the table's counts from the reference generator"]
fn regenerate_counts_from_the_reference() {
    for entry in read_table() {
        let model = browne(size(&entry));
        let position = model.parse_position(&entry.position).unwrap();
        println!(
            "id {}\nsize {}\nposition {}",
            entry.id,
            size(&entry),
            entry.position
        );
        for &(depth, _) in &entry.counts {
            println!(
                "perft {depth} {}",
                reference::perft_browne(&model, &position, depth, DRAW_AFTER)
            );
        }
        println!();
    }
}
