//! Position texts, in two formats: the **rows** format of fixed boards and the **patch**
//! format of boardless games. Both round-trip: printing a parsed text gives the canonical
//! text back.
//!
//! Rows: `<tiles> <stacks> <side> [<quiet>] [<name>:<value>]...`; tile rows from the
//! top, one state letter per cell; junction rows from the top, `.` or a stack (`x`, `x3`,
//! or `(ox)` for a stack of mixed owners, bottom first).
//!
//! Patch: `<tiles> <stacks> <pool> <supplies> <side> [<quiet>] [<name>:<value>]...`;
//! tiles `q,r` plus a state letter (`0,0a;1,-1b`), stacks `<junction>=<pieces, bottom
//! first>` (`0,0e=x;1,-1w=ox`), `-` for none; the pool; each player's supply
//! (`o=25,x=25`).
//!
//! A piece of a kind other than the first is its owner's letter and its kind's letter
//! (`xK`, `xK2`, `(oxK)`, `0,0e=xK`). After the side and the quiet count come the named
//! fields, each written only when it holds something: a fixed board's supplies
//! (`supply:o=2,xK=1`), and each counter that is not at its start (`flips:o=0,x=3` for
//! one a player, `round:4` for the game's).
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

use crate::{
    names, Cell, GameModel, KindId, PiecesError, PlayerId, Position, PositionError, PositionFault,
    Stack, TileSet,
};

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

    /// Writes the canonical position text (the quiet count only when it is not 0, the
    /// named fields only when they hold something).
    pub fn position_text(&self, position: &Position) -> String {
        let mut text = if position.board().is_patch() {
            self.patch_position_text(position)
        } else {
            self.rows_position_text(position)
        };
        if position.quiet_turns() != 0 {
            text.push_str(&format!(" {}", position.quiet_turns()));
        }
        for field in self.named_fields(position) {
            text.push(' ');
            text.push_str(&field);
        }
        text
    }

    /// A stack as a token of the rows format: `.`, `x`, `x3`, `xK2`, `(ox)`.
    pub fn stack_token(&self, stack: Stack) -> String {
        match stack.owner() {
            None => ".".to_string(),
            Some(owner) if stack.height() == 1 => self.piece_text(owner, stack.top_kind()),
            Some(owner) if stack.is_uniform() && stack.uniform_kind().is_some() => format!(
                "{}{}",
                self.piece_text(owner, stack.top_kind()),
                stack.height()
            ),
            Some(_) => format!("({})", self.pieces_text(stack)),
        }
    }

    /// A stack's pieces, bottom first, each its owner's letter and, for a kind other
    /// than the first, the kind's letter: `ox`, `oxK`.
    pub fn pieces_text(&self, stack: Stack) -> String {
        stack
            .pieces()
            .map(|(owner, kind)| self.piece_text(owner, kind))
            .collect()
    }

    /// One piece: its owner's letter, then its kind's unless it is the first kind.
    pub fn piece_text(&self, owner: PlayerId, kind: KindId) -> String {
        let mut text = String::with_capacity(2);
        text.push(self.rules.player_letter(owner));
        if kind != 0 {
            text.push(self.rules.kinds[usize::from(kind)].letter);
        }
        text
    }

    /// The kind whose letter comes next in `chars`, if one does (never the first kind,
    /// which is not written).
    fn kind_after_owner(
        &self,
        chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    ) -> Result<KindId, PiecesError> {
        let Some(&next) = chars.peek() else {
            return Ok(0);
        };
        match self.rules.kind_by_letter(next) {
            Some(0) if self.rules.kinds.len() > 1 => {
                Err(PiecesError::FirstKindLetter(next, self.named_kind(0)))
            }
            None if self.rules.kinds.len() > 1
                && next.is_alphabetic()
                && self.rules.player_by_letter(next).is_none() =>
            {
                let kinds: Vec<String> = self.rules.kinds[1..]
                    .iter()
                    .map(|k| format!("{} {}", k.letter, k.name))
                    .collect();
                Err(PiecesError::NotAKind {
                    letter: next,
                    kinds: kinds.join(", "),
                })
            }
            Some(0) | None => Ok(0),
            Some(kind) => {
                chars.next();
                Ok(kind)
            }
        }
    }

    /// The named fields of a position text, in order (see the module's notes).
    fn named_fields(&self, position: &Position) -> Vec<String> {
        let mut fields = Vec::new();
        if !position.board().is_patch() {
            let held = self.supply_entries(position, false);
            if !held.is_empty() {
                fields.push(format!("{SUPPLY_FIELD}:{}", held.join(",")));
            }
        }
        let values = position.counters();
        let mut at = 0;
        for counter in &self.rules.counters {
            let places = if counter.per_player { 2 } else { 1 };
            let mine = &values[at..at + places];
            at += places;
            if mine.iter().all(|&v| v == counter.start) {
                continue;
            }
            let value = if counter.per_player {
                let mut by_letter: Vec<(char, i64)> = (0..2)
                    .map(|p| (self.rules.player_letter(p), mine[usize::from(p)]))
                    .collect();
                by_letter.sort();
                let shown: Vec<String> =
                    by_letter.iter().map(|(l, v)| format!("{l}={v}")).collect();
                shown.join(",")
            } else {
                mine[0].to_string()
            };
            fields.push(format!("{}:{value}", counter.name));
        }
        fields
    }

    /// The supplies as `<piece>=<count>` entries, sorted by player letter, then kind:
    /// with `all_first`, the first kind's of both players always (the patch format's
    /// field), else only those not 0.
    fn supply_entries(&self, position: &Position, all_first: bool) -> Vec<String> {
        let mut entries: Vec<(char, KindId, String)> = Vec::new();
        for player in 0..2 {
            for kind in 0..self.rules.kinds.len() as KindId {
                let count = position.supply_of(player, kind);
                if count == 0 && !(all_first && kind == 0) {
                    continue;
                }
                let piece = self.piece_text(player, kind);
                entries.push((
                    self.rules.player_letter(player),
                    kind,
                    format!("{piece}={count}"),
                ));
            }
        }
        entries.sort();
        entries.into_iter().map(|(_, _, entry)| entry).collect()
    }

    /// Reads `<piece>=<count>` entries into the position's supplies; each piece at most
    /// once. With `all_first`, both players' first kind must be there.
    fn parse_supply_entries(
        &self,
        field: &str,
        position: &mut Position,
        all_first: bool,
    ) -> Result<(), PositionError> {
        let rules = &self.rules;
        let expected = || -> PositionError {
            PositionFault::SupplyForm {
                field: field.to_string(),
                players: self.players(),
            }
            .into()
        };
        let mut seen: Vec<(PlayerId, KindId)> = Vec::new();
        for part in field.split(',') {
            let (piece, count) = part.split_once('=').ok_or_else(expected)?;
            let mut chars = piece.chars().peekable();
            let owner = chars
                .next()
                .and_then(|c| rules.player_by_letter(c))
                .ok_or_else(expected)?;
            let kind =
                self.kind_after_owner(&mut chars)
                    .map_err(|why| PositionFault::SupplyPiece {
                        piece: piece.to_string(),
                        why,
                    })?;
            if chars.next().is_some() || seen.contains(&(owner, kind)) {
                return Err(expected());
            }
            seen.push((owner, kind));
            let count: u32 = count.parse().map_err(|_| expected())?;
            if count > MAX_SUPPLY {
                return Err(PositionFault::SupplyTooLarge {
                    count,
                    piece: piece.to_string(),
                    most: MAX_SUPPLY,
                }
                .into());
            }
            position.set_supply_of(owner, kind, count);
        }
        if all_first && !(seen.contains(&(0, 0)) && seen.contains(&(1, 0))) {
            return Err(expected());
        }
        Ok(())
    }

    /// Reads the named fields that follow the side and quiet count.
    fn parse_named_fields(
        &self,
        fields: &[&str],
        position: &mut Position,
    ) -> Result<(), PositionError> {
        let mut seen: Vec<&str> = Vec::new();
        for field in fields {
            let Some((name, value)) = field.split_once(':') else {
                return Err(PositionFault::NotANamedField(field.to_string()).into());
            };
            if seen.contains(&name) {
                return Err(PositionFault::FieldTwice(name.to_string()).into());
            }
            seen.push(name);
            if name == SUPPLY_FIELD && !position.board().is_patch() {
                self.parse_supply_entries(value, position, false)?;
                continue;
            }
            self.parse_counter(name, value, position)?;
        }
        Ok(())
    }

    /// Reads one counter's field: `round:4`, or `flips:o=0,x=3`.
    fn parse_counter(
        &self,
        name: &str,
        value: &str,
        position: &mut Position,
    ) -> Result<(), PositionError> {
        let rules = &self.rules;
        let Some((_, counter)) = rules
            .counters
            .iter()
            .enumerate()
            .find(|(_, c)| c.name == name)
        else {
            let names: Vec<&str> = rules.counters.iter().map(|c| c.name.as_str()).collect();
            let known = if position.board().is_patch() {
                names
            } else {
                std::iter::once(SUPPLY_FIELD).chain(names).collect()
            };
            return Err(PositionFault::UnknownField {
                name: name.to_string(),
                known: known.into_iter().map(String::from).collect(),
            }
            .into());
        };
        let number = |text: &str| -> Result<i64, PositionError> {
            let v: i64 = text.parse().map_err(|_| PositionFault::NotAWholeNumber {
                counter: name.to_string(),
                text: text.to_string(),
            })?;
            if !(counter.min..=counter.max).contains(&v) {
                return Err(PositionFault::CounterRange {
                    counter: name.to_string(),
                    value: v,
                    min: counter.min,
                    max: counter.max,
                }
                .into());
            }
            Ok(v)
        };
        if !counter.per_player {
            let (at, _) = rules.counter_place(name, None).expect("a game counter");
            position.set_counter(at, number(value)?);
            return Ok(());
        }
        let expected = || -> PositionError {
            PositionFault::CounterForm {
                counter: name.to_string(),
                value: value.to_string(),
                players: self.players(),
            }
            .into()
        };
        let mut given = [false; 2];
        for part in value.split(',') {
            let (letter, n) = part.split_once('=').ok_or_else(expected)?;
            let mut chars = letter.chars();
            let player = match (chars.next(), chars.next()) {
                (Some(c), None) => rules.player_by_letter(c),
                _ => None,
            }
            .ok_or_else(expected)?;
            if std::mem::replace(&mut given[usize::from(player)], true) {
                return Err(expected());
            }
            let (at, _) = rules
                .counter_place(name, Some(player))
                .expect("a player's counter");
            position.set_counter(at, number(n)?);
        }
        // A player left out keeps the counter's start, as a field left out does.
        Ok(())
    }

    // ----- rows: fixed boards -----

    fn parse_rows_position(&self, text: &str) -> Result<Position, PositionError> {
        let board = &self.board;
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(PositionFault::RowsFieldCount(fields.len()).into());
        }
        let mut position = Position::empty(board, 0);
        position.set_counters(self.rules.start_counters());
        position.tiles = self.parse_tiles(fields[0])?;

        let stack_rows: Vec<&str> = fields[1].split('/').collect();
        if stack_rows.len() != board.junction_rows().len() {
            return Err(PositionFault::JunctionRowCount {
                expected: board.junction_rows().len(),
                found: stack_rows.len(),
            }
            .into());
        }
        for (row, junctions) in stack_rows.iter().zip(board.junction_rows()) {
            let row_name = board.junction(junctions[0]).row + 1;
            let tokens = self.stack_tokens(row, row_name)?;
            if tokens.len() != junctions.len() {
                return Err(PositionFault::RowTokenCount {
                    row: row_name,
                    junctions: junctions.len(),
                    tokens: tokens.len(),
                    text: row.to_string(),
                }
                .into());
            }
            for (&stack, &j) in tokens.iter().zip(junctions) {
                position.set_stack(j, stack);
            }
        }
        position.side = self.parse_side(fields[2])?;
        let named = self.parse_quiet_field(&fields[3..], &mut position)?;
        self.parse_named_fields(named, &mut position)?;
        Ok(position)
    }

    /// Reads the quiet count if it comes next (it is the one field of digits alone), and
    /// gives the named fields after it.
    fn parse_quiet_field<'f>(
        &self,
        rest: &'f [&'f str],
        position: &mut Position,
    ) -> Result<&'f [&'f str], PositionError> {
        match rest.first() {
            Some(field) if !field.contains(':') => {
                position.quiet = parse_quiet(field)?;
                Ok(&rest[1..])
            }
            _ => Ok(rest),
        }
    }

    /// Reads the tile field of a rows position text (a layout): cell rows from the top,
    /// separated by `/`, one state letter per cell.
    ///
    /// # Errors
    /// A wrong number of rows or letters, or a letter that is not a tile state.
    pub fn parse_tiles(&self, field: &str) -> Result<Vec<u8>, PositionError> {
        let board = &self.board;
        let mut tiles = vec![0; board.cell_count()];
        let tile_rows: Vec<&str> = field.split('/').collect();
        if tile_rows.len() != board.cell_rows().len() {
            return Err(PositionFault::TileRowCount {
                expected: board.cell_rows().len(),
                found: tile_rows.len(),
            }
            .into());
        }
        for (r, (row, cells)) in tile_rows.iter().zip(board.cell_rows()).enumerate() {
            let letters: Vec<char> = row.chars().collect();
            if letters.len() != cells.len() {
                return Err(PositionFault::TileRowLength {
                    row: r + 1,
                    letters: letters.len(),
                    expected: cells.len(),
                }
                .into());
            }
            for (&letter, &cell) in letters.iter().zip(cells) {
                let Some(state) = board.tiles().state_by_letter(letter) else {
                    return Err(PositionFault::NotATileState {
                        letter,
                        row: r + 1,
                        states: board.tiles().letters(),
                    }
                    .into());
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
                let stack = self.parse_pieces(&letters);
                tokens.push(stack.map_err(|why| PositionFault::StackPieces {
                    letters,
                    row: row_name,
                    why,
                })?);
                continue;
            }
            let Some(owner) = rules.player_by_letter(c) else {
                return Err(PositionFault::NeitherEmptyNorPlayer {
                    letter: c,
                    row: row_name,
                    players: self.players(),
                }
                .into());
            };
            let kind = self
                .kind_after_owner(&mut chars)
                .map_err(|why| PositionFault::StackKind { row: row_name, why })?;
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
                        return Err(PositionFault::HeightWritten {
                            owner: c,
                            digits,
                            row: row_name,
                            max: rules.max_height,
                        }
                        .into())
                    }
                }
            };
            if height > 1 && !rules.stacks(kind) {
                let kind = &self.rules.kinds[usize::from(kind)];
                return Err(PositionFault::DoesNotStack {
                    owner: c,
                    kind_letter: kind.letter,
                    digits,
                    row: row_name,
                    kind: kind.name.clone(),
                }
                .into());
            }
            tokens.push(Stack::of_kind(owner, kind, height));
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
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 5 {
            return Err(PositionFault::PatchFieldCount(fields.len()).into());
        }
        let template = &self.board;
        let tiles = template.tiles();

        let cells = parse_patch_tiles(fields[0], tiles)?;
        let board = template
            .with_cells(cells.keys().copied().collect())
            .map_err(PositionFault::PatchBoard)?;
        let mut position = Position::empty(&Arc::new(board), 0);
        position.set_counters(self.rules.start_counters());
        for (id, state) in cells.values().enumerate() {
            position.tiles[id] = *state;
        }
        if !crate::patch::is_connected(&position) {
            return Err(PositionFault::NotOnePatch.into());
        }

        self.parse_patch_stacks(fields[1], &mut position)?;

        let pool: u32 = fields[2]
            .parse()
            .map_err(|_| PositionFault::NotAPool(fields[2].to_string()))?;
        // Play lays the pool's tiles: a patch that could grow past what this reader
        // accepts would give games whose positions cannot be read back.
        let tiles_at_most = position.tiles.len() as u64 + u64::from(pool);
        if tiles_at_most > MAX_PATCH_TILES as u64 {
            return Err(PositionFault::PoolTooLarge {
                tiles: position.tiles.len(),
                pool,
                at_most: tiles_at_most,
                most: MAX_PATCH_TILES,
            }
            .into());
        }
        position.set_pool(pool);
        self.parse_supply_entries(fields[3], &mut position, true)?;
        position.side = self.parse_side(fields[4])?;
        let named = self.parse_quiet_field(&fields[5..], &mut position)?;
        self.parse_named_fields(named, &mut position)?;
        Ok(position)
    }

    /// The stacks field of a patch position, `<junction>=<pieces>` each, set on the
    /// position its tiles made.
    fn parse_patch_stacks(
        &self,
        field: &str,
        position: &mut Position,
    ) -> Result<(), PositionError> {
        let lattice = self.board.lattice();
        let board = Arc::clone(position.board());
        for token in list(field) {
            let Some((at, pieces)) = token.split_once('=') else {
                return Err(PositionFault::NotAStackEntry(token.to_string()).into());
            };
            let Some(v) = names::parse_vertex_key(lattice, at) else {
                return Err(PositionFault::NotAJunctionKey(at.to_string()).into());
            };
            let Some(j) = board.junction_at(v) else {
                return Err(PositionFault::NotAJunction {
                    at: at.to_string(),
                    min_tiles: board.junction_min_tiles(),
                }
                .into());
            };
            if !position.stack(j).is_empty() {
                return Err(PositionFault::JunctionTwice(at.to_string()).into());
            }
            let stack =
                self.parse_pieces(pieces)
                    .map_err(|why| PositionFault::PatchStackPieces {
                        token: token.to_string(),
                        why,
                    })?;
            position.set_stack(j, stack);
        }
        Ok(())
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
        let supplies = self.supply_entries(position, true);
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

    /// Reads a stack's pieces, bottom first: `x`, `ox`, `oxK`.
    fn parse_pieces(&self, letters: &str) -> Result<Stack, PiecesError> {
        let rules = &self.rules;
        let mut pieces = Vec::new();
        let mut chars = letters.chars().peekable();
        while let Some(c) = chars.next() {
            let owner = rules
                .player_by_letter(c)
                .ok_or_else(|| PiecesError::NotAPlayer {
                    letter: c,
                    players: [rules.player_letter(0), rules.player_letter(1)],
                })?;
            pieces.push((owner, self.kind_after_owner(&mut chars)?));
        }
        if pieces.is_empty() {
            return Err(PiecesError::NoPiece);
        }
        if pieces.len() > rules.max_height as usize {
            return Err(PiecesError::TooHigh {
                pieces: pieces.len(),
                max: rules.max_height,
            });
        }
        if pieces.len() > 1 {
            if let Some(&(_, kind)) = pieces.iter().find(|&&(_, kind)| !rules.stacks(kind)) {
                return Err(PiecesError::StandsAlone(self.named_kind(kind)));
            }
        }
        Ok(Stack::of_pieces(&pieces))
    }

    fn parse_side(&self, field: &str) -> Result<PlayerId, PositionError> {
        let rules = &self.rules;
        let side = match field.chars().collect::<Vec<_>>()[..] {
            [letter] => rules.player_by_letter(letter),
            _ => None,
        };
        side.ok_or_else(|| {
            PositionFault::NotASide {
                field: field.to_string(),
                players: self.players(),
            }
            .into()
        })
    }

    /// The two players' letters, as the messages list them.
    fn players(&self) -> [char; 2] {
        [self.rules.player_letter(0), self.rules.player_letter(1)]
    }
}

/// The named field of a fixed board's supplies.
const SUPPLY_FIELD: &str = "supply";

/// The most pieces a position text's supply may hold (as `[setup] supply` allows).
pub const MAX_SUPPLY: u32 = 1_000;

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

/// The tiles field of a patch position: `q,r` and a state letter each.
fn parse_patch_tiles(field: &str, tiles: &TileSet) -> Result<BTreeMap<Cell, u8>, PositionError> {
    let mut cells: BTreeMap<Cell, u8> = BTreeMap::new();
    for token in list(field) {
        let mut chars = token.chars();
        let letter = chars.next_back();
        let cell = chars.as_str();
        let (Some(letter), Some(at)) = (letter, names::parse_key(cell)) else {
            return Err(PositionFault::NotACellTile {
                token: token.to_string(),
                states: tiles.letters(),
            }
            .into());
        };
        let Some(state) = tiles.state_by_letter(letter) else {
            return Err(PositionFault::NotAPatchTileState {
                letter,
                token: token.to_string(),
                states: tiles.letters(),
            }
            .into());
        };
        if cells.insert(at, state).is_some() {
            return Err(PositionFault::CellTwice(cell.to_string()).into());
        }
    }
    if cells.len() > MAX_PATCH_TILES {
        return Err(PositionFault::TooManyTiles {
            tiles: cells.len(),
            most: MAX_PATCH_TILES,
        }
        .into());
    }
    Ok(cells)
}

fn parse_quiet(field: &str) -> Result<u32, PositionError> {
    // Digits only, without leading zeros: `+3`, `007` or `00` would not read back as
    // written.
    let canonical =
        field.bytes().all(|b| b.is_ascii_digit()) && (field == "0" || !field.starts_with('0'));
    let parsed = if canonical { field.parse().ok() } else { None };
    parsed.ok_or_else(|| PositionFault::NotAQuietCount(field.to_string()).into())
}
