//! Keyed layouts: tile layouts dealt from a number (a *key*) by a documented generator,
//! so a ruleset can reproduce the openings another program deals for the same key.
//!
//! A keyed layout is data: the generator, the bound of each draw, the order the tiles are
//! drawn in, and which tile state each drawn value gives. Optionally a text (a game id)
//! can be turned into a key by a running sum `key = (key * multiplier + code) mod modulus`
//! over the text's UTF-16 code units.
//!
//! ```
//! use variant_run_core::{Board, DrawOrder, KeyedLayout, Lattice, LayoutGenerator, TextKey};
//! # let tiles = variant_run_core::testing::square_tiles();
//! let board = Board::new(Lattice::Square, Lattice::Square.shape(2), tiles, 1).unwrap();
//! let layout = KeyedLayout::new(LayoutGenerator::JavaRandom, 4, DrawOrder::Columns, vec![0, 0, 1, 1], None).unwrap();
//! // java.util.Random(0) draws 2 3 0 2 with nextInt(4): column a from the bottom, then b.
//! assert_eq!(layout.draws(&board, 0), vec![2, 3, 0, 2]);
//! ```

use std::fmt;

use crate::{Board, CellId, JavaRandom};

/// The generators a keyed layout can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum LayoutGenerator {
    /// `java.util.Random` seeded with the key, one `nextInt(bound)` per tile.
    JavaRandom,
}

impl LayoutGenerator {}

/// The order tiles are drawn in, by the positions of their centres.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum DrawOrder {
    /// Column by column from the left, each column from the bottom up.
    Columns,
    /// Row by row from the bottom, each row from the left.
    Rows,
}

impl DrawOrder {}

/// How a text becomes a key: `key = (key * multiplier + code) mod modulus` for each
/// UTF-16 code unit of the text, starting from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct TextKey {
    pub multiplier: i64,
    pub modulus: i64,
}

/// A keyed layout that cannot be built, or a text that gives no key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The draw bound is not a positive 32-bit number.
    Bound(i64),
    /// The table of states has not one entry per drawn value.
    StateCount { bound: i64, states: usize },
    /// The text-to-key rule could overflow or divides by nothing.
    TextKey(TextKey),
    /// The game id is empty or holds a control character.
    GameId(String),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::Bound(b) => write!(f, "the draw bound must be from 1 to 2^31 - 1, not {b}"),
            LayoutError::StateCount { bound, states } => write!(
                f,
                "a draw gives one of {bound} values, so `states` needs {bound} entries, not {states}"
            ),
            LayoutError::TextKey(k) => write!(
                f,
                "the game-id rule needs a multiplier from 1 and a modulus from 1 with \
                 multiplier * modulus below 2^47, not {} and {}",
                k.multiplier, k.modulus
            ),
            LayoutError::GameId(id) => write!(
                f,
                "game id `{}` must be a non-empty text without control characters",
                id.escape_debug()
            ),
        }
    }
}

impl std::error::Error for LayoutError {}

/// A layout dealt from a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedLayout {
    generator: LayoutGenerator,
    bound: i32,
    order: DrawOrder,
    /// The tile state each drawn value gives, indexed by the value.
    states: Vec<u8>,
    text_key: Option<TextKey>,
}

impl KeyedLayout {
    /// # Errors
    /// A bound that is not a positive `int`, a state table whose length is not the bound,
    /// or a text-key rule that could overflow.
    pub fn new(
        generator: LayoutGenerator,
        bound: i64,
        order: DrawOrder,
        states: Vec<u8>,
        text_key: Option<TextKey>,
    ) -> Result<KeyedLayout, LayoutError> {
        let bound32 = i32::try_from(bound)
            .ok()
            .filter(|&b| b > 0)
            .ok_or(LayoutError::Bound(bound))?;
        if states.len() != bound32 as usize {
            return Err(LayoutError::StateCount {
                bound,
                states: states.len(),
            });
        }
        if let Some(k) = text_key {
            let fits = k.multiplier >= 1
                && k.modulus >= 1
                && k.multiplier
                    .checked_mul(k.modulus)
                    .is_some_and(|p| p < 1 << 47);
            if !fits {
                return Err(LayoutError::TextKey(k));
            }
        }
        Ok(KeyedLayout {
            generator,
            bound: bound32,
            order,
            states,
            text_key,
        })
    }

    pub fn text_key(&self) -> Option<TextKey> {
        self.text_key
    }

    /// The board's cells in draw order.
    pub fn draw_order(&self, board: &Board) -> Vec<CellId> {
        let lattice = board.lattice();
        let mut cells: Vec<(i32, i32, CellId)> = board
            .cells()
            .iter()
            .enumerate()
            .map(|(id, &cell)| {
                let c = lattice.centre(cell);
                match self.order {
                    DrawOrder::Columns => (c.x, c.y, id as CellId),
                    DrawOrder::Rows => (c.y, c.x, id as CellId),
                }
            })
            .collect();
        cells.sort_unstable();
        cells.into_iter().map(|(_, _, id)| id).collect()
    }

    /// The values the generator draws for `key`, one per tile in draw order.
    pub fn draws(&self, board: &Board, key: i64) -> Vec<u32> {
        match self.generator {
            LayoutGenerator::JavaRandom => {
                let mut random = JavaRandom::new(key);
                (0..board.cell_count())
                    .map(|_| random.next_int(self.bound) as u32)
                    .collect()
            }
        }
    }

    /// The layout for `key`: one tile state per cell, by cell id.
    pub fn layout(&self, board: &Board, key: i64) -> Vec<u8> {
        let mut tiles = vec![0; board.cell_count()];
        for (cell, value) in self
            .draw_order(board)
            .into_iter()
            .zip(self.draws(board, key))
        {
            tiles[cell as usize] = self.states[value as usize];
        }
        tiles
    }

    /// The key a text (a game id) stands for, or `None` when the ruleset has no rule for
    /// turning texts into keys.
    ///
    /// # Errors
    /// The text is empty or holds a control character.
    pub fn key_from_text(&self, text: &str) -> Option<Result<i64, LayoutError>> {
        let rule = self.text_key?;
        if text.is_empty() || text.chars().any(char::is_control) {
            return Some(Err(LayoutError::GameId(text.to_string())));
        }
        let key = text.encode_utf16().fold(0i64, |key, code| {
            (key * rule.multiplier + code as i64).rem_euclid(rule.modulus)
        });
        Some(Ok(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lattice;

    fn board() -> Board {
        let tiles = crate::testing::square_tiles();
        Board::new(Lattice::Square, Lattice::Square.shape(2), tiles, 1).unwrap()
    }

    #[test]
    fn rows_and_columns_orders_place_the_same_draws_differently() {
        let board = board();
        // java.util.Random(0) draws 2 3 0 2 with nextInt(4); value v lays state v % 2.
        let by = |order| {
            KeyedLayout::new(
                LayoutGenerator::JavaRandom,
                4,
                order,
                vec![0, 1, 0, 1],
                None,
            )
            .unwrap()
            .layout(&board, 0)
        };
        let cell = |x, y| board.cell_id(crate::Cell::new(x, y)).unwrap() as usize;
        let columns = by(DrawOrder::Columns);
        assert_eq!(
            [
                columns[cell(0, 0)],
                columns[cell(0, 1)],
                columns[cell(1, 0)],
                columns[cell(1, 1)]
            ],
            [0, 1, 0, 0]
        );
        let rows = by(DrawOrder::Rows);
        assert_eq!(
            [
                rows[cell(0, 0)],
                rows[cell(1, 0)],
                rows[cell(0, 1)],
                rows[cell(1, 1)]
            ],
            [0, 1, 0, 0]
        );
    }

    #[test]
    fn game_ids_sum_their_code_units() {
        let rule = TextKey {
            multiplier: 4,
            modulus: 100_000_000,
        };
        let layout = KeyedLayout::new(
            LayoutGenerator::JavaRandom,
            2,
            DrawOrder::Rows,
            vec![0, 1],
            Some(rule),
        )
        .unwrap();
        assert_eq!(layout.key_from_text("ab"), Some(Ok(97 * 4 + 98)));
        // A character outside the basic plane is two UTF-16 code units, as in Java
        // (the sum stays below the modulus).
        let clef = 0xD834 * 4 + 0xDD1E;
        assert_eq!(layout.key_from_text("\u{1D11E}"), Some(Ok(clef)));
        assert!(matches!(
            layout.key_from_text(""),
            Some(Err(LayoutError::GameId(_)))
        ));
    }

    #[test]
    fn bad_settings_are_refused() {
        let make = |bound, states: Vec<u8>, rule| {
            KeyedLayout::new(
                LayoutGenerator::JavaRandom,
                bound,
                DrawOrder::Rows,
                states,
                rule,
            )
        };
        assert_eq!(make(0, vec![], None), Err(LayoutError::Bound(0)));
        assert_eq!(
            make(3, vec![0, 1], None),
            Err(LayoutError::StateCount {
                bound: 3,
                states: 2
            })
        );
        let huge = TextKey {
            multiplier: 1 << 20,
            modulus: 1 << 30,
        };
        assert_eq!(
            make(2, vec![0, 1], Some(huge)),
            Err(LayoutError::TextKey(huge))
        );
    }
}
