//! Position text and turn text (the play-by-mail server's syntax, extended).
//!
//! Both round-trip: printing a parsed text gives the canonical text back.
//!
//! ```
//! # let model = variant_run_core::testing::square_model(3, |a, d, home| if home { a > d } else { a >= d });
//! let text = "rrr/lrl/rrr o.o./.o.o/..../x.x. x";
//! let position = model.parse_position(text).unwrap();
//! assert_eq!(model.position_text(&position), text);
//! let refused = model.parse_turn_in(&position, "ab12:a1-b2").unwrap_err();
//! assert_eq!(refused.to_string(), "illegal turn `ab12:a1-b2`: tile ab12 has a piece on a1");
//! ```

use arrayvec::ArrayVec;

use crate::turn::MAX_LINKS;
use crate::{
    GameModel, IllegalTurnError, JunctionId, LegalTurn, Position, PositionError, Stack, StackMove,
    Turn, TurnError, TurnSyntaxError,
};

impl GameModel {
    /// Reads a position text: `<tiles> <stacks> <side> [<quiet>]`.
    ///
    /// # Errors
    /// Says which field, row or token is wrong and what was expected.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let board = &self.board;
        let rules = &self.rules;
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

        let side = match fields[2].chars().collect::<Vec<_>>()[..] {
            [letter] => rules.player_by_letter(letter),
            _ => None,
        };
        let Some(side) = side else {
            return err(format!(
                "side: `{}` is not a player; expected {} or {}",
                fields[2],
                rules.player_letter(0),
                rules.player_letter(1)
            ));
        };
        position.side = side;
        if let Some(quiet) = fields.get(3) {
            match quiet.parse::<u32>() {
                Ok(q) => position.quiet = q,
                Err(_) => {
                    return err(format!(
                        "quiet: `{}` is not a count of turns since the last capture",
                        quiet
                    ))
                }
            }
        }
        Ok(position)
    }

    /// Reads the tile field of a position text (a layout): cell rows from the top,
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
                        letter,
                        r + 1,
                        board.tiles().letters()
                    ));
                };
                tiles[cell as usize] = state;
            }
        }
        Ok(tiles)
    }

    /// Writes the tile field of a position text.
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
        let mut tokens = Vec::new();
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '.' {
                tokens.push(Stack::EMPTY);
                continue;
            }
            let Some(owner) = rules.player_by_letter(c) else {
                return Err(PositionError(format!(
                    "stacks: `{}` in row {} is neither `.` nor a player ({} or {})",
                    c,
                    row_name,
                    rules.player_letter(0),
                    rules.player_letter(1)
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

    /// Writes the canonical position text (the quiet count only when it is not 0).
    pub fn position_text(&self, position: &Position) -> String {
        let board = &self.board;
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
        let mut text = format!(
            "{} {} {}",
            tiles,
            stacks.join("/"),
            self.rules.player_letter(position.side())
        );
        if position.quiet_turns() != 0 {
            text.push_str(&format!(" {}", position.quiet_turns()));
        }
        text
    }

    /// A stack as a position-text token: `.`, `x`, `x3`.
    pub fn stack_token(&self, stack: Stack) -> String {
        match stack.owner() {
            None => ".".to_string(),
            Some(owner) if stack.height() == 1 => self.rules.player_letter(owner).to_string(),
            Some(owner) => format!("{}{}", self.rules.player_letter(owner), stack.height()),
        }
    }

    /// Writes a turn in the server's syntax, stacks sorted by column then row.
    pub fn turn_text(&self, turn: &Turn) -> String {
        let board = &self.board;
        let name = |j: JunctionId| board.junction_name(j);
        let order = |j: &JunctionId| {
            let junction = board.junction(*j);
            (junction.column, junction.row)
        };
        let mut text = String::new();
        if let Some(cell) = turn.flip {
            text.push_str(board.cell_name(cell));
            text.push(':');
        }
        let step_prefix = |text: &mut String, step: &Option<(JunctionId, JunctionId)>| {
            if let Some((from, to)) = step {
                text.push_str(&format!("{}-{};", name(*from), name(*to)));
            }
        };
        match &turn.stack_move {
            StackMove::Step { from, to } => {
                text.push_str(&format!("{}-{}", name(*from), name(*to)))
            }
            StackMove::Merge {
                step,
                sources,
                target,
            } => {
                step_prefix(&mut text, step);
                let mut sources = sources.clone();
                sources.sort_by_key(order);
                let names: Vec<String> = sources.iter().map(|&s| name(s)).collect();
                text.push_str(&format!("{}-{}", names.join(","), name(*target)));
            }
            StackMove::Split {
                step,
                source,
                parts,
            } => {
                step_prefix(&mut text, step);
                let mut parts = parts.clone();
                parts.sort_by_key(|(j, _)| order(j));
                let names: Vec<String> = parts
                    .iter()
                    .map(|&(j, h)| {
                        if h > 1 {
                            format!("{}x{}", h, name(j))
                        } else {
                            name(j)
                        }
                    })
                    .collect();
                text.push_str(&format!("{}-{}", name(*source), names.join(",")));
            }
        }
        text
    }

    /// Reads a turn in the server's syntax without checking that it is legal.
    ///
    /// # Errors
    /// What part of the text cannot be read.
    pub fn read_turn(&self, text: &str) -> Result<Turn, TurnSyntaxError> {
        let syntax = |reason: String| TurnSyntaxError {
            text: text.to_string(),
            reason,
        };
        let board = &self.board;
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(syntax("the turn is empty".into()));
        }
        let (flip, rest) = match trimmed.split_once(':') {
            Some((cell, rest)) => {
                let Some(c) = board.cell_by_name(cell) else {
                    return Err(syntax(format!("`{}` is not a tile of this board", cell)));
                };
                (Some(c), rest)
            }
            None => (None, trimmed),
        };
        let junction = |name: &str| {
            board
                .junction_by_name(name)
                .ok_or_else(|| syntax(format!("`{}` is not a junction of this board", name)))
        };
        let (step, main) = match rest.split_once(';') {
            Some((first, second)) => {
                let Some((from, to)) = first.split_once('-') else {
                    return Err(syntax("before `;` comes a step such as `a1-c3`".into()));
                };
                (Some((junction(from)?, junction(to)?)), second)
            }
            None => (None, rest),
        };
        let Some((left, right)) = main.split_once('-') else {
            return Err(syntax(
                "expected `from-to`, `a,b-target` or `source-a,2xb`".into(),
            ));
        };
        if right.contains('-') {
            return Err(syntax("more than one `-`".into()));
        }
        let sources: Vec<&str> = left.split(',').collect();
        let targets: Vec<&str> = right.split(',').collect();
        let stack_move = match (sources.len(), targets.len()) {
            (1, 1) if !right.starts_with(|c: char| c.is_ascii_digit()) => {
                let (from, to) = (junction(sources[0])?, junction(targets[0])?);
                if step.is_some() {
                    return Err(syntax(
                        "after `;` comes a merge or a split, not a step".into(),
                    ));
                }
                StackMove::Step { from, to }
            }
            (n, 1) if n >= 2 => {
                let mut list: ArrayVec<JunctionId, MAX_LINKS> = ArrayVec::new();
                for s in &sources {
                    list.try_push(junction(s)?)
                        .map_err(|_| syntax("too many stacks".into()))?;
                }
                StackMove::Merge {
                    step,
                    sources: list,
                    target: junction(targets[0])?,
                }
            }
            (1, _) => {
                let mut parts: ArrayVec<(JunctionId, u8), MAX_LINKS> = ArrayVec::new();
                for t in &targets {
                    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
                    let (height, name) = if digits == 0 {
                        (1, *t)
                    } else {
                        match (t[..digits].parse::<u8>(), t[digits..].strip_prefix('x')) {
                            (Ok(h), Some(name)) if h >= 2 => (h, name),
                            _ => {
                                return Err(syntax(format!(
                                    "`{}`: a substack height is written `2x`, `3x`, ...",
                                    t
                                )))
                            }
                        }
                    };
                    parts
                        .try_push((junction(name)?, height))
                        .map_err(|_| syntax("too many substacks".into()))?;
                }
                StackMove::Split {
                    step,
                    source: junction(sources[0])?,
                    parts,
                }
            }
            _ => {
                return Err(syntax(
                    "a turn moves one stack to many junctions or many stacks to one".into(),
                ))
            }
        };
        Ok(Turn { flip, stack_move })
    }

    /// Reads a turn and checks it is legal in `position`.
    ///
    /// # Errors
    /// A syntax error, or why the turn is illegal here.
    pub fn parse_turn_in(&self, position: &Position, text: &str) -> Result<LegalTurn, TurnError> {
        let turn = self.read_turn(text)?;
        let delta = self
            .check_turn(position, &turn)
            .map_err(|reason| IllegalTurnError {
                text: text.trim().to_string(),
                reason,
            })?;
        // Report the canonical text of the turn, which may be shorter than the one typed.
        let canonical = self
            .legal_turns(position)
            .into_iter()
            .find(|t| t.delta == delta)
            .map(|t| t.text)
            .unwrap_or_else(|| self.turn_text(&turn));
        Ok(LegalTurn {
            turn,
            text: canonical,
            delta,
        })
    }
}
