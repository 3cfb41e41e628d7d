//! Support for tests of the core and of rulesets: models built without TOML, and the
//! reader of perft tables. Rulesets are built by the variant host from TOML; these exist
//! so the core and its independent reference can be tested without it.

use crate::{
    Board, CaptureTable, Colour, GameModel, Lattice, PlayerSpec, Rules, TileSet, TurnParts,
};

/// Every turn part: flip, step, merge, split, and a step before a merge or a split.
pub const ALL_TURN_PARTS: TurnParts = TurnParts {
    flip: true,
    step: true,
    merge: true,
    split: true,
    step_then_merge: true,
    step_then_split: true,
};

/// The two-state square tile: `r` joins south-west and north-east, `l` north-west and
/// south-east.
pub fn square_tiles() -> TileSet {
    TileSet::new(
        Lattice::Square,
        &[("r", &[&["sw", "ne"]]), ("l", &[&["nw", "se"]])],
    )
    .expect("valid tile set")
}

/// A model on `board` with every turn part, stacks at most 4 high, the given players
/// (letter and colour, the first to move first) and capture rule.
pub fn model(
    board: Board,
    players: [(char, Colour); 2],
    capture: impl Fn(u8, u8, bool) -> bool,
) -> GameModel {
    let table = CaptureTable::tabulate(4, |a, d, home| Ok::<_, ()>(capture(a, d, home)))
        .expect("infallible");
    let rules = Rules {
        players: players.map(|(letter, colour)| PlayerSpec { letter, colour }),
        parts: ALL_TURN_PARTS,
        max_height: 4,
        capture: table,
    };
    GameModel::new(board, rules)
}

/// A square `size` x `size` model with players `x` (dark) and `o` (light) and the given
/// capture rule.
pub fn square_model(size: u32, capture: impl Fn(u8, u8, bool) -> bool) -> GameModel {
    let board = Board::new(
        Lattice::Square,
        Lattice::Square.shape(size),
        square_tiles(),
        1,
    )
    .expect("valid board");
    model(board, [('x', Colour::Dark), ('o', Colour::Light)], capture)
}

/// One entry of a perft table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftEntry {
    pub id: String,
    pub position: String,
    /// Other `key value` lines of the entry (`size 5`, `tiles trugo`), in file order.
    pub settings: Vec<(String, String)>,
    /// `(depth, count)` pairs.
    pub counts: Vec<(u32, u64)>,
}

impl PerftEntry {
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads a perft table: entries of `id <name>`, `position <text>`, any other
/// `<key> <value>` settings and `perft <depth> <count>` lines; blank lines and `#`
/// comments are skipped.
///
/// # Panics
/// On a malformed line: tables are test data, and a bad one should fail its test.
pub fn read_perft_table(text: &str) -> Vec<PerftEntry> {
    let mut entries: Vec<PerftEntry> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            entries.push(PerftEntry {
                id: value.to_string(),
                position: String::new(),
                settings: Vec::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let entry = entries.last_mut().expect("a perft table starts with `id`");
        match key {
            "position" => entry.position = value.to_string(),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("perft <depth> <count>");
                entry.counts.push((
                    depth.parse().expect("a depth"),
                    count.parse().expect("a count"),
                ));
            }
            _ => entry.settings.push((key.to_string(), value.to_string())),
        }
    }
    entries
}
