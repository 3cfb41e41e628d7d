//! The perft table of truchet-browne (`tests/perft/truchet-browne.perft` at the
//! workspace root), held against the independent reference generator. The table's
//! counts were produced by that reference (`cargo test -p variant-run-core --release
//! --test perft_data -- --ignored --nocapture` prints them again); the variant's own
//! test checks the real generator, with the rules loaded from TOML and Rhai, against
//! the same table.

// Each test crate uses part of the shared reference generator.
#[allow(dead_code)]
mod reference;

use variant_run_core::testing::square_model;
use variant_run_core::GameModel;

/// Entries cheaper than this many leaf nodes are re-checked by the slow reference on
/// every test run; the rest only when regenerating.
const REFERENCE_NODE_LIMIT: u64 = 60_000;
const DRAW_AFTER: u32 = 100;

struct Entry {
    id: String,
    size: u32,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn read_table() -> Vec<Entry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/perft/truchet-browne.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => entries.push(Entry {
                id: rest.to_string(),
                size: 7,
                position: String::new(),
                counts: Vec::new(),
            }),
            "size" => entries.last_mut().unwrap().size = rest.parse().unwrap(),
            "position" => entries.last_mut().unwrap().position = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                entries
                    .last_mut()
                    .unwrap()
                    .counts
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => {}
        }
    }
    entries
}

fn browne(size: u32) -> GameModel {
    square_model(size, |a, d, home| if home { a > d } else { a >= d })
}

#[test]
fn reference_agrees_with_the_perft_table() {
    let mut checked = 0;
    for entry in read_table() {
        let model = browne(entry.size);
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
        let model = browne(entry.size);
        let position = model.parse_position(&entry.position).unwrap();
        println!(
            "id {}\nsize {}\nposition {}",
            entry.id, entry.size, entry.position
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
