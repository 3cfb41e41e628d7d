//! Turn text: the play-by-mail server's syntax, extended where it was silent.
//!
//! | part | text |
//! |---|---|
//! | flip | `bc34:` in front of the rest |
//! | placement | `b:c12` (tile state, `:`, cell) |
//! | removal | `e6` (the cell) |
//! | step, or a single piece's move | `a1-d6` |
//! | merge | `c3,c5-c4` (sources, then the target) |
//! | split | `b4-b3,2xa4` (source, then targets; `Nx` for a substack of N > 1) |
//! | step, then merge or split | `a1-c3;c3,c5-c4`, `a1-c3;c3-b3,c4` |
//! | tile action, then piece action | `b:c12,a1e-b2w` |
//! | drop from the supply | `*c3`, or `K*c3` for a kind with letter `K` (not the first kind) |
//!
//! Reading accepts sources and targets in any order; writing sorts them by column then
//! row. A turn that is not legal gets an error that says why, in the players' terms.
//!
//! ```
//! # let model = variant_run_core::testing::square_model(3, |a, d, home| if home { a > d } else { a >= d });
//! let position = model.parse_position("rrr/lrl/rrr o.o./.o.o/..../x.x. x").unwrap();
//! let refused = model.parse_turn_in(&position, "ab12:a1-b2").unwrap_err();
//! assert_eq!(refused.to_string(), "illegal turn `ab12:a1-b2`: tile ab12 has a piece on a1");
//! ```

use std::fmt::Write as _;

use arrayvec::ArrayVec;

use crate::turn::MAX_LINKS;
use crate::unreadable::Unread;
use crate::{
    names, Board, GameModel, IllegalTurnError, JunctionId, LegalTurn, NotOnBoard, PieceAction,
    Position, Rules, Staged, TileAction, Turn, TurnError, TurnReadError, TurnSyntax,
};

impl GameModel {
    /// Writes a turn legal in `position` in the server's syntax.
    pub fn turn_text(&self, position: &Position, turn: &Turn) -> String {
        if turn.tile.is_none() || turn.piece.is_none() {
            // Flips change no names: the piece action's junctions are the position's.
            return self.write_turn(position, position, turn);
        }
        self.write_turn(position, &self.staged(position, turn), turn)
    }

    /// Writes a visited turn, its piece action named on the staged position.
    pub(crate) fn turn_text_staged(
        &self,
        position: &Position,
        staged: &Staged,
        turn: &Turn,
    ) -> String {
        match turn.piece {
            Some(_) => self.write_turn(position, staged.position(), turn),
            None => self.write_turn(position, position, turn),
        }
    }

    /// Writes a turn, with its piece action named on `staged` (the position its flip and
    /// tile action leave).
    fn write_turn(&self, position: &Position, staged: &Position, turn: &Turn) -> String {
        let lattice = position.board().lattice();
        let mut text = String::with_capacity(16);
        if let Some(cell) = turn.flip {
            position.board().push_cell_name(&mut text, cell);
            text.push(':');
        }
        match turn.tile {
            Some(TileAction::Place { cell, state }) => {
                text.push(position.board().tiles().letter(state));
                text.push(':');
                names::push_spiral(&mut text, lattice, cell);
            }
            Some(TileAction::Remove { cell }) => names::push_spiral(&mut text, lattice, cell),
            None => {}
        }
        if let Some(piece) = &turn.piece {
            if turn.tile.is_some() {
                text.push(',');
            }
            piece_text(&self.rules, staged.board(), piece, &mut text);
        }
        text
    }

    /// Reads a turn in the server's syntax without checking that it is legal in
    /// `position` (which only names its tiles and junctions).
    ///
    /// # Errors
    /// What part of the text cannot be read, or what it names that is not on this board.
    pub fn read_turn(&self, position: &Position, text: &str) -> Result<Turn, TurnReadError> {
        self.read_server_turn(position.board(), text)
            .map_err(|reason| TurnReadError::new(text, reason))
    }

    fn read_server_turn(&self, board: &Board, text: &str) -> Result<Turn, Unread> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(TurnSyntax::Empty.into());
        }
        let forms = &self.rules.forms;
        let mut rest = trimmed;

        // A flip: a tile's name and `:` in front.
        let mut flip = None;
        if let Some((cell, after)) = rest.split_once(':') {
            if let Some(c) = board.cell_by_name(cell).filter(|_| forms.has_flips()) {
                flip = Some(c);
                rest = after;
            } else if !forms.has_tile_actions() {
                return Err(NotOnBoard::Tile(cell.to_string()).into());
            }
        }

        // A tile action: `b:c12` places, a bare cell name removes; a piece action may
        // follow after a comma.
        let mut tile = None;
        if forms.has_tile_actions() {
            let (head, tail) = match rest.split_once(',') {
                Some((head, tail)) if !head.contains('-') => (head, Some(tail)),
                _ => (rest, None),
            };
            tile = read_tile_action(board, head)?;
            if tile.is_some() {
                rest = tail.unwrap_or("");
            }
        }
        if tile.is_some() && rest.is_empty() {
            return Ok(Turn {
                flip,
                tile,
                piece: None,
            });
        }

        // The piece action names junctions of the board the tile action leaves.
        let staged;
        let piece_board: &Board = match tile {
            Some(TileAction::Place { cell, .. }) => match board.with_cell(cell) {
                Ok(b) => {
                    staged = b;
                    &staged
                }
                Err(_) => board,
            },
            Some(TileAction::Remove { cell }) => match board.without_cell(cell) {
                Ok(b) => {
                    staged = b;
                    &staged
                }
                Err(_) => board,
            },
            None => board,
        };
        let piece = read_piece(self, piece_board, rest)?;
        Ok(Turn {
            flip,
            tile,
            piece: Some(piece),
        })
    }

    /// Reads a turn and checks it is legal in `position`; the result carries the turn's
    /// canonical text among the turns that leave the same position (before any after-turn
    /// rule).
    ///
    /// # Errors
    /// A syntax error, or why the turn is illegal here.
    pub fn parse_turn_in(&self, position: &Position, text: &str) -> Result<LegalTurn, TurnError> {
        let turn = self.read_turn(position, text)?;
        let delta = self
            .check_turn(position, &turn)
            .map_err(|reason| IllegalTurnError {
                text: text.trim().to_string(),
                reason,
            })?;
        // Report the canonical text of the turn, which may be shorter than the one typed:
        // it is among the turns of the same flip, found without listing all the others.
        let canonical = self
            .legal_turns_flipping(position, delta.flip)
            .into_iter()
            .find(|t| t.delta == delta)
            .map(|t| t.text)
            .unwrap_or_else(|| self.turn_text(position, &turn));
        Ok(LegalTurn {
            turn,
            text: canonical,
            delta,
        })
    }
}

/// Writes a piece action, stacks sorted by column then row. Names are pushed onto the
/// text as they come: listing a Truchet position names thousands of turns, and making
/// each name and part a string of its own was most of the listing.
fn piece_text(rules: &Rules, board: &Board, piece: &PieceAction, text: &mut String) {
    let name = |text: &mut String, j: JunctionId| board.push_junction_name(text, j);
    let order = |j: &JunctionId| {
        let junction = board.junction(*j);
        (junction.column, junction.row, junction.vertex)
    };
    let step_prefix = |text: &mut String, step: &Option<(JunctionId, JunctionId)>| {
        if let Some((from, to)) = *step {
            name(text, from);
            text.push('-');
            name(text, to);
            text.push(';');
        }
    };
    match piece {
        PieceAction::Step { from, to } | PieceAction::Move { from, to } => {
            name(text, *from);
            text.push('-');
            name(text, *to);
        }
        PieceAction::Drop { kind, to } => {
            // The first kind goes without its letter, as in position texts.
            if *kind != 0 {
                text.push(rules.kinds[usize::from(*kind)].letter);
            }
            text.push('*');
            name(text, *to);
        }
        PieceAction::Merge {
            step,
            sources,
            target,
        } => {
            step_prefix(text, step);
            let mut sources = sources.clone();
            sources.sort_by_key(order);
            for (i, &source) in sources.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                name(text, source);
            }
            text.push('-');
            name(text, *target);
        }
        PieceAction::Split {
            step,
            source,
            parts,
        } => {
            step_prefix(text, step);
            name(text, *source);
            text.push('-');
            let mut parts = parts.clone();
            parts.sort_by_key(|(j, _)| order(j));
            for (i, &(j, height)) in parts.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                if height > 1 {
                    let _ = write!(text, "{height}x");
                }
                name(text, j);
            }
        }
    }
}

/// Reads a tile action from the text before any piece action: `b:c12` places tile `b`
/// on cell `c12`, a bare cell name removes the tile there; none when the text is neither.
fn read_tile_action(board: &Board, head: &str) -> Result<Option<TileAction>, Unread> {
    let lattice = board.lattice();
    let cell_named = |name: &str| {
        names::parse_spiral(lattice, name).ok_or_else(|| TurnSyntax::NotACellName(name.to_string()))
    };
    if let Some((letter, cell)) = head.split_once(':') {
        let mut chars = letter.chars();
        let state = match (chars.next(), chars.next()) {
            (Some(l), None) => board.tiles().state_by_letter(l),
            _ => None,
        }
        .ok_or_else(|| TurnSyntax::NotATileLetter {
            text: letter.to_string(),
            letters: board.tiles().letters(),
        })?;
        return Ok(Some(TileAction::Place {
            cell: cell_named(cell)?,
            state,
        }));
    }
    if names::parse_spiral(lattice, head).is_some() {
        return Ok(Some(TileAction::Remove {
            cell: cell_named(head)?,
        }));
    }
    Ok(None)
}

/// Reads a drop, `*c3` or `K*c3`: the kind's letter (none for the first kind), `*`, and
/// the junction.
fn read_drop(
    model: &GameModel,
    board: &Board,
    kind: &str,
    at: &str,
) -> Result<PieceAction, Unread> {
    let rules = &model.rules;
    let mut letters = kind.chars();
    let kind = match (letters.next(), letters.next()) {
        (None, _) => Some(0),
        (Some(letter), None) => rules.kind_by_letter(letter),
        _ => None,
    }
    .ok_or_else(|| {
        let named: Vec<String> = rules
            .kinds
            .iter()
            .map(|k| format!("`{}` {}", k.letter, k.name))
            .collect();
        TurnSyntax::NotAKindBeforeStar {
            text: kind.to_string(),
            kinds: named.join(", "),
        }
    })?;
    let to = board
        .junction_by_name(at)
        .ok_or_else(|| NotOnBoard::Junction(at.to_string()))?;
    Ok(PieceAction::Drop { kind, to })
}

/// Reads a piece action on `board`: a step or move, a merge or a split, perhaps after a
/// step, or a drop.
fn read_piece(model: &GameModel, board: &Board, text: &str) -> Result<PieceAction, Unread> {
    let forms = &model.rules.forms;
    let junction = |name: &str| {
        board
            .junction_by_name(name)
            .ok_or_else(|| NotOnBoard::Junction(name.to_string()))
    };
    if text.is_empty() {
        return Err(TurnSyntax::NoPieceAction.into());
    }
    if let Some((kind, at)) = text.split_once('*') {
        return read_drop(model, board, kind, at);
    }
    let (step, main) = match text.split_once(';') {
        Some((first, second)) => {
            let Some((from, to)) = first.split_once('-') else {
                return Err(TurnSyntax::NoStepBeforeSemicolon.into());
            };
            (Some((junction(from)?, junction(to)?)), second)
        }
        None => (None, text),
    };
    let Some((left, right)) = main.split_once('-') else {
        return Err(TurnSyntax::NoDash.into());
    };
    if right.contains('-') {
        return Err(TurnSyntax::TwoDashes.into());
    }
    let sources: Vec<&str> = left.split(',').collect();
    let targets: Vec<&str> = right.split(',').collect();
    Ok(match (sources.len(), targets.len()) {
        (1, 1) if !right.starts_with(|c: char| c.is_ascii_digit()) => {
            let (from, to) = (junction(sources[0])?, junction(targets[0])?);
            if step.is_some() {
                return Err(TurnSyntax::StepAfterStep.into());
            }
            // One text, two actions: the ruleset has one or the other.
            if forms.has_piece(crate::forms::PieceForm::Move) {
                PieceAction::Move { from, to }
            } else {
                PieceAction::Step { from, to }
            }
        }
        (n, 1) if n >= 2 => {
            let mut list: ArrayVec<JunctionId, MAX_LINKS> = ArrayVec::new();
            for s in &sources {
                list.try_push(junction(s)?)
                    .map_err(|_| TurnSyntax::TooManyStacks)?;
            }
            PieceAction::Merge {
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
                        _ => return Err(TurnSyntax::SubstackHeight(t.to_string()).into()),
                    }
                };
                parts
                    .try_push((junction(name)?, height))
                    .map_err(|_| TurnSyntax::TooManySubstacks)?;
            }
            PieceAction::Split {
                step,
                source: junction(sources[0])?,
                parts,
            }
        }
        _ => return Err(TurnSyntax::ManyToMany.into()),
    })
}
