//! Models for the core's own tests and examples. Rulesets are built by the variant host
//! from TOML; these exist so the core can be tested without it.

use crate::{
    Board, CaptureTable, Colour, GameModel, Lattice, PlayerSpec, Rules, TileSet, TurnParts,
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

/// A square `size` x `size` model with every turn part, players `x` (dark) and `o`
/// (light), height limit 4 and the given capture rule.
pub fn square_model(size: u32, capture: impl Fn(u8, u8, bool) -> bool) -> GameModel {
    let board = Board::new(
        Lattice::Square,
        Lattice::Square.shape(size),
        square_tiles(),
        1,
    )
    .expect("valid board");
    let table = CaptureTable::tabulate(4, |a, d, home| Ok::<_, ()>(capture(a, d, home)))
        .expect("infallible");
    let rules = Rules {
        players: [
            PlayerSpec {
                letter: 'x',
                colour: Colour::Dark,
            },
            PlayerSpec {
                letter: 'o',
                colour: Colour::Light,
            },
        ],
        parts: TurnParts {
            flip: true,
            step: true,
            merge: true,
            split: true,
            step_then_merge: true,
            step_then_split: true,
        },
        max_height: 4,
        capture: table,
    };
    GameModel::new(board, rules)
}
