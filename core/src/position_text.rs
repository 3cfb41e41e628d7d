//! Position texts, in two formats: the **rows** format of fixed boards and the **patch**
//! format of boardless games. Both round-trip: printing a parsed text gives the canonical
//! text back.
//!
//! Rows: `<tiles> <stacks> <side> [<quiet>]`; tile rows from the top, one state letter
//! per cell; junction rows from the top, `.` or a stack (`x`, `x3`, or `(ox)` for a stack
//! of mixed owners, bottom first).
//!
//! Patch: `<tiles> <stacks> <pool> <supplies> <side> [<quiet>]`; tiles `q,r` plus a state
//! letter (`0,0a;1,-1b`), stacks `<junction>=<pieces, bottom first>` (`0,0e=x;1,-1w=ox`),
//! `-` for none; the pool; each player's supply (`o=25,x=25`).
//!
//! ```
//! # let model = variant_run_core::testing::square_model(3, |a, d, home| if home { a > d } else { a >= d });
//! let text = "rrr/lrl/rrr o.o./.o.o/..../x.x. x";
//! let position = model.parse_position(text).unwrap();
//! assert_eq!(model.position_text(&position), text);
//! # let trugo = variant_run_core::testing::trugo_model();
//! let flower = "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 0 o=24,x=24 x";
//! let position = trugo.parse_position(flower).unwrap();
//! assert_eq!(trugo.position_text(&position), flower);
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::{names, Cell, GameModel, PlayerId, Position, PositionError, Stack};

impl GameModel {
    /// Reads a position text in the format of the model's board.
    ///
    /// # Errors
    /// Says which field, row or token is wrong and what was expected.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        if self.board.is_patch() {
            self.parse_patch_position(text)
        } else {
            self.parse_rows_position(text)
        }
    }

    /// Writes the canonical position text (the quiet count only when it is not 0).
    pub fn position_text(&self, position: &Position) -> String {
        let mut text = if position.board().is_patch() {
            self.patch_position_text(position)
        } else {
            self.rows_position_text(position)
        };
        if position.quiet_turns() != 0 {
            text.push_str(&format!(" {}", position.quiet_turns()));
        }
        text
    }

    /// A stack as a token of the rows format: `.`, `x`, `x3`, `(ox)`.
    pub fn stack_token(&self, stack: Stack) -> String {
        let letter = |p: PlayerId| self.rules.player_letter(p);
        match stack.owner() {
            None => ".".to_string(),
            Some(owner) if stack.height() == 1 => letter(owner).to_string(),
            Some(owner) if stack.is_uniform() => format!("{}{}", letter(owner), stack.height()),
            Some(_) => format!("({})", self.pieces_text(stack)),
        }
    }

    /// A stack's pieces, bottom first, one letter each: `ox`.
    pub fn pieces_text(&self, stack: Stack) -> String {
        stack
            .owners()
            .map(|p| self.rules.player_letter(p))
            .collect()
    }

    // ----- rows: fixed boards -----

    fn parse_rows_position(&self, text: &str) -> Result<Position, PositionError> {
        let board = &self.board;
        let err = |msg: String| Err(PositionError(msg));
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return err(format!(
                "expected `<tiles> <stacks> <side> [<quiet>]`, found {} field(s)",
                fields.len()
            ));
        }
        let mut position = Position::empty(board, 0);
        position.tiles = self.parse_tiles(fields[0])?;

        let stack_rows: Vec<&str> = fields[1].split('/').collect();
        if stack_rows.len() != board.junction_rows().len() {
            return err(format!(
                "stacks: expected {} junction rows separated by `/`, found {}",
                board.junction_rows().len(),
                stack_rows.len()
            ));
        }
        for (row, junctions) in stack_rows.iter().zip(board.junction_rows()) {
            let row_name = board.junction(junctions[0]).row + 1;
            let tokens = self.stack_tokens(row, row_name)?;
            if tokens.len() != junctions.len() {
                return err(format!(
                    "stacks: row {} has {} junctions, found {} tokens in `{}`",
                    row_name,
                    junctions.len(),
                    tokens.len(),
                    row
                ));
            }
            for (&stack, &j) in tokens.iter().zip(junctions) {
                position.set_stack(j, stack);
            }
        }
        position.side = self.parse_side(fields[2])?;
        if let Some(quiet) = fields.get(3) {
            position.quiet = parse_quiet(quiet)?;
        }
        Ok(position)
    }

    /// Reads the tile field of a rows position text (a layout): cell rows from the top,
    /// separated by `/`, one state letter per cell.
    ///
    /// # Errors
    /// A wrong number of rows or letters, or a letter that is not a tile state.
    pub fn parse_tiles(&self, field: &str) -> Result<Vec<u8>, PositionError> {
        let board = &self.board;
        let err = |msg: String| Err(PositionError(msg));
        let mut tiles = vec![0; board.cell_count()];
        let tile_rows: Vec<&str> = field.split('/').collect();
        if tile_rows.len() != board.cell_rows().len() {
            return err(format!(
                "tiles: expected {} rows separated by `/`, found {}",
                board.cell_rows().len(),
                tile_rows.len()
            ));
        }
        for (r, (row, cells)) in tile_rows.iter().zip(board.cell_rows()).enumerate() {
            let letters: Vec<char> = row.chars().collect();
            if letters.len() != cells.len() {
                return err(format!(
                    "tiles: row {} from the top has {} letters, expected {}",
                    r + 1,
                    letters.len(),
                    cells.len()
                ));
            }
            for (&letter, &cell) in letters.iter().zip(cells) {
                let Some(state) = board.tiles().state_by_letter(letter) else {
                    return err(format!(
                        "tiles: `{}` in row {} from the top is not a tile state ({})",
                        letter.escape_debug(),
                        r + 1,
                        board.tiles().letters()
                    ));
                };
                tiles[cell as usize] = state;
            }
        }
        Ok(tiles)
    }

    /// Writes the tile field of a rows position text.
    pub fn tiles_text(&self, tiles: &[u8]) -> String {
        let board = &self.board;
        let rows: Vec<String> = board
            .cell_rows()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| board.tiles().letter(tiles[c as usize]))
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    fn stack_tokens(&self, row: &str, row_name: u16) -> Result<Vec<Stack>, PositionError> {
        let rules = &self.rules;
        let players = format!("{} or {}", rules.player_letter(0), rules.player_letter(1));
        let mut tokens = Vec::new();
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '.' {
                tokens.push(Stack::EMPTY);
                continue;
            }
            if c == '(' {
                let mut letters = String::new();
                for d in chars.by_ref() {
                    if d == ')' {
                        break;
                    }
                    letters.push(d);
                }
                tokens.push(self.parse_pieces(&letters).map_err(|why| {
                    PositionError(format!("stacks: `({letters})` in row {row_name}: {why}"))
                })?);
                continue;
            }
            let Some(owner) = rules.player_by_letter(c) else {
                return Err(PositionError(format!(
                    "stacks: `{}` in row {} is neither `.` nor a player ({players})",
                    c.escape_debug(),
                    row_name,
                )));
            };
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            let height = if digits.is_empty() {
                1
            } else {
                match digits.parse::<u8>() {
                    Ok(h) if (2..=rules.max_height).contains(&h) => h,
                    _ => {
                        return Err(PositionError(format!(
                            "stacks: `{}{}` in row {}: a height is written only from 2 to {}",
                            c, digits, row_name, rules.max_height
                        )))
                    }
                }
            };
            tokens.push(Stack::new(owner, height));
        }
        Ok(tokens)
    }

    fn rows_position_text(&self, position: &Position) -> String {
        let board = position.board();
        let tiles = self.tiles_text(position.tiles());
        let stacks: Vec<String> = board
            .junction_rows()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&j| self.stack_token(position.stack(j)))
                    .collect()
            })
            .collect();
        format!(
            "{} {} {}",
            tiles,
            stacks.join("/"),
            self.rules.player_letter(position.side())
        )
    }

    // ----- patch: boardless games -----

    fn parse_patch_position(&self, text: &str) -> Result<Position, PositionError> {
        let err = |msg: String| Err(PositionError(msg));
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(5..=6).contains(&fields.len()) {
            return err(format!(
                "expected `<tiles> <stacks> <pool> <supplies> <side> [<quiet>]`, found {} field(s)",
                fields.len()
            ));
        }
        let template = &self.board;
        let lattice = template.lattice();
        let tiles = template.tiles();

        // Tiles: `q,r` and a state letter each.
        let mut cells: BTreeMap<Cell, u8> = BTreeMap::new();
        for token in list(fields[0]) {
            let mut chars = token.chars();
            let letter = chars.next_back();
            let cell = chars.as_str();
            let (Some(letter), Some(at)) = (letter, names::parse_key(cell)) else {
                return err(format!(
                    "tiles: `{}` is not a cell `q,r` followed by a tile state ({})",
                    token.escape_debug(),
                    tiles.letters()
                ));
            };
            let Some(state) = tiles.state_by_letter(letter) else {
                return err(format!(
                    "tiles: `{}` in `{token}` is not a tile state ({})",
                    letter.escape_debug(),
                    tiles.letters()
                ));
            };
            if cells.insert(at, state).is_some() {
                return err(format!("tiles: cell {cell} is listed twice"));
            }
        }
        if cells.len() > MAX_PATCH_TILES {
            return err(format!(
                "tiles: {} tiles; a patch holds at most {MAX_PATCH_TILES}",
                cells.len()
            ));
        }
        let board = template
            .with_cells(cells.keys().copied().collect())
            .map_err(|e| PositionError(format!("tiles: {e}")))?;
        let mut position = Position::empty(&Arc::new(board), 0);
        for (id, state) in cells.values().enumerate() {
            position.tiles[id] = *state;
        }
        if !crate::patch::is_connected(&position) {
            return err(
                "tiles: the tiles must form one patch, each sharing a side with another".into(),
            );
        }

        // Stacks: `<junction>=<pieces>`.
        let board = Arc::clone(position.board());
        for token in list(fields[1]) {
            let Some((at, pieces)) = token.split_once('=') else {
                return err(format!(
                    "stacks: `{}` is not `<junction>=<pieces>` such as `0,0e=x`",
                    token.escape_debug()
                ));
            };
            let Some(v) = names::parse_vertex_key(lattice, at) else {
                return err(format!(
                    "stacks: `{}` is not a junction such as `0,0e` or `-1,2w`",
                    at.escape_debug()
                ));
            };
            let Some(j) = board.junction_at(v) else {
                return err(format!(
                    "stacks: {at} is not a junction: {} tiles must meet there",
                    board.junction_min_tiles()
                ));
            };
            if !position.stack(j).is_empty() {
                return err(format!("stacks: junction {at} is listed twice"));
            }
            let stack = self
                .parse_pieces(pieces)
                .map_err(|why| PositionError(format!("stacks: `{token}`: {why}")))?;
            position.set_stack(j, stack);
        }

        position.pool = fields[2].parse().map_err(|_| {
            PositionError(format!(
                "pool: `{}` is not a number of tiles",
                fields[2].escape_debug()
            ))
        })?;
        // Play lays the pool's tiles: a patch that could grow past what this reader
        // accepts would give games whose positions cannot be read back.
        let tiles_at_most = position.tiles.len() as u64 + u64::from(position.pool);
        if tiles_at_most > MAX_PATCH_TILES as u64 {
            return err(format!(
                "pool: {} tiles with {} more in the pool could grow to {tiles_at_most}; a patch holds at most {MAX_PATCH_TILES}",
                position.tiles.len(),
                position.pool
            ));
        }
        position.supply = self.parse_supplies(fields[3])?;
        position.side = self.parse_side(fields[4])?;
        if let Some(quiet) = fields.get(5) {
            position.quiet = parse_quiet(quiet)?;
        }
        Ok(position)
    }

    fn patch_position_text(&self, position: &Position) -> String {
        let board = position.board();
        let tiles: Vec<String> = (0..board.cell_count() as u16)
            .map(|c| {
                format!(
                    "{}{}",
                    board.cell_key(c),
                    board.tiles().letter(position.tile(c))
                )
            })
            .collect();
        // Junctions by the cell they are named after, then e before w.
        let lattice = board.lattice();
        let mut stacks: Vec<((Cell, usize), String)> = (0..board.junction_count() as u16)
            .filter(|&j| !position.stack(j).is_empty())
            .map(|j| {
                let owner = lattice.corner_owner(board.junction(j).vertex);
                let text = format!(
                    "{}={}",
                    board.junction_key(j),
                    self.pieces_text(position.stack(j))
                );
                (owner, text)
            })
            .collect();
        stacks.sort();
        let mut supplies: Vec<(char, u32)> = (0..2)
            .map(|p| (self.rules.player_letter(p), position.supply(p)))
            .collect();
        supplies.sort();
        let supplies: Vec<String> = supplies.iter().map(|(l, n)| format!("{l}={n}")).collect();
        let or_dash = |items: Vec<String>| {
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(";")
            }
        };
        format!(
            "{} {} {} {} {}",
            or_dash(tiles),
            or_dash(stacks.into_iter().map(|(_, t)| t).collect()),
            position.pool(),
            supplies.join(","),
            self.rules.player_letter(position.side())
        )
    }

    /// Reads a stack's pieces, bottom first: `x`, `ox`.
    fn parse_pieces(&self, letters: &str) -> Result<Stack, String> {
        let rules = &self.rules;
        let mut owners = Vec::new();
        for c in letters.chars() {
            let owner = rules.player_by_letter(c).ok_or_else(|| {
                format!(
                    "`{}` is not a player ({} or {})",
                    c.escape_debug(),
                    rules.player_letter(0),
                    rules.player_letter(1)
                )
            })?;
            owners.push(owner);
        }
        if owners.is_empty() {
            return Err("a stack needs at least one piece".into());
        }
        if owners.len() > rules.max_height as usize {
            return Err(format!(
                "{} pieces; stacks may be at most {} high",
                owners.len(),
                rules.max_height
            ));
        }
        Ok(Stack::of(&owners))
    }

    /// Reads `o=25,x=25`: every player's supply, in any order.
    fn parse_supplies(&self, field: &str) -> Result<[u32; 2], PositionError> {
        let rules = &self.rules;
        let expected = || {
            format!(
                "supplies: `{}` is not `{}=<pieces>,{}=<pieces>`",
                field.escape_debug(),
                rules.player_letter(0),
                rules.player_letter(1)
            )
        };
        let mut supply: [Option<u32>; 2] = [None, None];
        for part in field.split(',') {
            let (letter, count) = part
                .split_once('=')
                .ok_or_else(|| PositionError(expected()))?;
            let mut chars = letter.chars();
            let player = match (chars.next(), chars.next()) {
                (Some(c), None) => rules.player_by_letter(c),
                _ => None,
            }
            .ok_or_else(|| PositionError(expected()))?;
            let count = count.parse().map_err(|_| PositionError(expected()))?;
            if supply[player as usize].replace(count).is_some() {
                return Err(PositionError(expected()));
            }
        }
        match supply {
            [Some(a), Some(b)] => Ok([a, b]),
            _ => Err(PositionError(expected())),
        }
    }

    fn parse_side(&self, field: &str) -> Result<PlayerId, PositionError> {
        let rules = &self.rules;
        let side = match field.chars().collect::<Vec<_>>()[..] {
            [letter] => rules.player_by_letter(letter),
            _ => None,
        };
        side.ok_or_else(|| {
            PositionError(format!(
                "side: `{}` is not a player; expected {} or {}",
                field.escape_debug(),
                rules.player_letter(0),
                rules.player_letter(1)
            ))
        })
    }
}

/// The most tiles a patch position text may hold, counting those still in its pool (play
/// lays them): generous for any game, small enough that a pasted text cannot ask for a
/// huge board, and every position a game reaches reads back.
pub const MAX_PATCH_TILES: usize = 2_000;

/// The items of a `;`-separated field, none for `-`.
fn list(field: &str) -> Vec<&str> {
    if field == "-" {
        Vec::new()
    } else {
        field.split(';').collect()
    }
}

fn parse_quiet(field: &str) -> Result<u32, PositionError> {
    // Digits only, without leading zeros: `+3`, `007` or `00` would not read back as
    // written.
    let canonical =
        field.bytes().all(|b| b.is_ascii_digit()) && (field == "0" || !field.starts_with('0'));
    let parsed = if canonical { field.parse().ok() } else { None };
    parsed.ok_or_else(|| {
        PositionError(format!(
            "quiet: `{}` is not a count of turns since the last capture",
            field.escape_debug()
        ))
    })
}
