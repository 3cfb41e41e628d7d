//! Action notations: turns written as a list of actions, each a keyword, places and
//! direction letters (`Flip C 3, Move B 2 D 4`, `Split D 4 WNE`, `Merge C 3 WWN`), as
//! some game servers record them. A ruleset describes one as data in its TOML: the
//! keywords, how places are named, and the direction letters in writing order.
//!
//! Splits and merges give one direction letter per *piece*: a split's letters say where
//! each piece of the stack goes, from the source; a merge's where each piece comes from,
//! seen from the target. A turn with several actions is written with a separator between
//! them; reading accepts commas or spaces between actions and an optional final
//! "done" keyword.
//!
//! ```
//! # use variant_run_core::{ActionNotation, ActionWords, Direction, PlaceNames};
//! # let model = variant_run_core::testing::square_model(3, |a, d, _| a >= d);
//! let notation = ActionNotation::new(
//!     ActionWords::default(), PlaceNames::SpacedCapitals, 2,
//!     vec![Direction::new('W', -1, 0), Direction::new('N', 0, 1),
//!          Direction::new('E', 1, 0), Direction::new('S', 0, -1)], ", ".into()).unwrap();
//! let position = model.parse_position("rrr/rrr/rrr o.o./.o.o/..../x3.x. x").unwrap();
//! let turn = notation.parse_turn_in(&model, &position, "Split A 1 NNE").unwrap();
//! assert_eq!(turn.text, "a1-2xa2,b1");
//! assert_eq!(notation.write(&model, &position, &turn.turn), "Split A 1 NNE");
//! ```

use std::collections::BTreeMap;

use arrayvec::ArrayVec;

use crate::turn::MAX_LINKS;
use crate::unreadable::Unread;
use crate::{
    Board, CellId, GameModel, IllegalTurnError, JunctionId, KindId, LegalTurn, Named, NotOnBoard,
    PieceAction, Position, Turn, TurnError, TurnReadError, TurnSyntax,
};

/// The keyword of each kind of action.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct ActionWords {
    pub flip: String,
    pub step: String,
    pub split: String,
    pub merge: String,
    pub step_then_split: String,
    pub step_then_merge: String,
    /// A drop from the supply (`Drop C 3`, `Drop K C 3` naming the kind when the
    /// ruleset has several); needed only by rulesets whose turns drop pieces.
    #[cfg_attr(feature = "serde", serde(default))]
    pub drop: Option<String>,
    /// Ends a turn; optional when reading, never written.
    pub done: String,
    /// Gives the game up; it is not a turn, so reading it is refused with a hint.
    pub resign: String,
}

impl Default for ActionWords {
    fn default() -> ActionWords {
        ActionWords {
            flip: "Flip".into(),
            step: "Move".into(),
            split: "Split".into(),
            merge: "Merge".into(),
            step_then_split: "MoveSplit".into(),
            step_then_merge: "MoveMerge".into(),
            drop: None,
            done: "Done".into(),
            resign: "Resign".into(),
        }
    }
}

/// How places (junctions, and tiles by one of their corners) are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum PlaceNames {
    /// As in position texts: `b2`.
    Server,
    /// Column letters in capitals, a space, the row: `B 2`.
    SpacedCapitals,
}

impl PlaceNames {}

/// A direction letter and the step it stands for, in junction columns and rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct Direction {
    pub letter: char,
    pub columns: i32,
    pub rows: i32,
}

impl Direction {
    pub const fn new(letter: char, columns: i32, rows: i32) -> Direction {
        Direction {
            letter,
            columns,
            rows,
        }
    }
}

/// An action notation that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionNotationError {
    #[error("keywords must be single words, different from each other: `{0}`")]
    Keyword(String),
    #[error("direction letter `{0}` is used twice, or is not a letter")]
    DirectionLetter(char),
    #[error("direction `{0}` does not move to another junction")]
    DirectionStep(char),
    #[error("the separator between actions must be a comma and/or spaces, not `{0}`")]
    Separator(String),
}

/// A notation of keywords, places and direction letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionNotation {
    words: ActionWords,
    places: PlaceNames,
    /// A tile is named by the junction at this corner (an index into the lattice's corner
    /// names).
    tile_corner: usize,
    /// In writing order.
    directions: Vec<Direction>,
    separator: String,
}

/// The kinds of action, in the order their arguments are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Flip,
    Step,
    Split,
    Merge,
    StepThenSplit,
    StepThenMerge,
    Drop,
    Done,
    Resign,
}

/// One action as read, before it is checked against the position.
enum Action {
    Flip(CellId),
    Drop(KindId, JunctionId),
    Step(JunctionId, JunctionId),
    Split(
        Option<(JunctionId, JunctionId)>,
        JunctionId,
        Vec<(char, u8)>,
    ),
    Merge(
        Option<(JunctionId, JunctionId)>,
        JunctionId,
        Vec<(char, u8)>,
    ),
}

impl ActionNotation {
    /// # Errors
    /// Keywords that are empty, hold spaces or repeat; direction letters that repeat or
    /// stand still; a separator that is not commas and spaces.
    pub fn new(
        words: ActionWords,
        places: PlaceNames,
        tile_corner: usize,
        directions: Vec<Direction>,
        separator: String,
    ) -> Result<ActionNotation, ActionNotationError> {
        let mut all = vec![
            &words.flip,
            &words.step,
            &words.split,
            &words.merge,
            &words.step_then_split,
            &words.step_then_merge,
            &words.done,
            &words.resign,
        ];
        all.extend(&words.drop);
        for (i, word) in all.iter().enumerate() {
            let single = !word.is_empty() && word.chars().all(|c| c.is_alphanumeric());
            let repeated = all[..i].iter().any(|w| w.eq_ignore_ascii_case(word));
            if !single || repeated {
                return Err(ActionNotationError::Keyword(word.to_string()));
            }
        }
        for (i, d) in directions.iter().enumerate() {
            if !d.letter.is_alphabetic() || directions[..i].iter().any(|e| e.letter == d.letter) {
                return Err(ActionNotationError::DirectionLetter(d.letter));
            }
            if d.columns == 0 && d.rows == 0 {
                return Err(ActionNotationError::DirectionStep(d.letter));
            }
        }
        if separator.is_empty() || !separator.chars().all(|c| c == ',' || c == ' ') {
            return Err(ActionNotationError::Separator(separator));
        }
        Ok(ActionNotation {
            words,
            places,
            tile_corner,
            directions,
            separator,
        })
    }

    /// Examples of turns in this notation, for a player's help text.
    pub fn examples(&self) -> String {
        let w = &self.words;
        let place = |name: &str| match self.places {
            PlaceNames::Server => name.to_string(),
            PlaceNames::SpacedCapitals => format!("{} {}", name[..1].to_uppercase(), &name[1..]),
        };
        let letter = |i: usize| self.directions.get(i).map_or('?', |d| d.letter);
        let split: String = (0..3).map(letter).collect();
        let merge: String = [letter(0), letter(0), letter(1)].iter().collect();
        format!(
            "`{} {} {}`, `{} {} {split}`, `{} {} {merge}`, `{} {}{}{} {} {}`",
            w.step,
            place("b2"),
            place("d4"),
            w.split,
            place("d4"),
            w.merge,
            place("c3"),
            w.flip,
            place("f5"),
            self.separator,
            w.step,
            place("b2"),
            place("d4"),
        )
    }

    /// A place named as this notation names it (`B 2`, or `b2`, in either case, spaces
    /// anywhere): its junction, and the tile named by it when a tile has its naming
    /// corner there. For tools that ask about one place, such as a listing of the turns
    /// that concern it.
    pub fn read_place(&self, board: &Board, text: &str) -> Option<(JunctionId, Option<CellId>)> {
        let name: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let j = board.junction_by_name(&name)?;
        let tile = (0..board.cell_count() as CellId).find(|&c| {
            board
                .cell_corners(c)
                .get(self.tile_corner)
                .copied()
                .flatten()
                == Some(j)
        });
        Some((j, tile))
    }

    // ----- writing -----

    fn junction_text(&self, board: &Board, j: JunctionId) -> String {
        let junction = board.junction(j);
        let column = Board::column_name(junction.column as usize);
        match self.places {
            PlaceNames::Server => format!("{}{}", column, junction.row + 1),
            PlaceNames::SpacedCapitals => {
                format!("{} {}", column.to_uppercase(), junction.row + 1)
            }
        }
    }

    fn tile_text(&self, board: &Board, cell: CellId) -> String {
        match board
            .cell_corners(cell)
            .get(self.tile_corner)
            .copied()
            .flatten()
        {
            Some(j) => self.junction_text(board, j),
            None => board.cell_name(cell),
        }
    }

    /// The direction letter from junction `from` to junction `to`, if they are one step
    /// of a direction apart.
    fn letter_between(&self, board: &Board, from: JunctionId, to: JunctionId) -> Option<char> {
        let (a, b) = (board.junction(from), board.junction(to));
        let dc = b.column as i32 - a.column as i32;
        let dr = b.row as i32 - a.row as i32;
        self.directions
            .iter()
            .find(|d| d.columns == dc && d.rows == dr)
            .map(|d| d.letter)
    }

    /// One letter per piece, in the notation's direction order.
    fn letters(&self, board: &Board, centre: JunctionId, pieces: &[(JunctionId, u8)]) -> String {
        let mut by_letter: Vec<(usize, char, u8)> = pieces
            .iter()
            .map(|&(j, h)| {
                let letter = self.letter_between(board, centre, j).unwrap_or('?');
                let rank = self
                    .directions
                    .iter()
                    .position(|d| d.letter == letter)
                    .unwrap_or(usize::MAX);
                (rank, letter, h)
            })
            .collect();
        by_letter.sort_unstable();
        by_letter
            .iter()
            .flat_map(|&(_, letter, h)| (0..h).map(move |_| letter))
            .collect()
    }

    /// Writes a turn that is legal in `position` (merges need the heights of the
    /// merging stacks, which the turn itself does not hold).
    pub fn write(&self, model: &GameModel, position: &Position, turn: &Turn) -> String {
        let board = position.board();
        let w = &self.words;
        let place = |j: JunctionId| self.junction_text(board, j);
        let mut actions = Vec::new();
        if let Some(cell) = turn.flip {
            actions.push(format!("{} {}", w.flip, self.tile_text(board, cell)));
        }
        let height_at = |step: &Option<(JunctionId, JunctionId)>, j: JunctionId| match step {
            Some((from, to)) if *to == j => position.stack(*from).height(),
            _ => position.stack(j).height(),
        };
        let Some(piece) = &turn.piece else {
            return actions.join(&self.separator);
        };
        actions.push(match piece {
            PieceAction::Step { from, to } | PieceAction::Move { from, to } => {
                format!("{} {} {}", w.step, place(*from), place(*to))
            }
            PieceAction::Drop { kind, to } => {
                // A notation without a drop word is refused for rulesets that drop.
                let word = w.drop.as_deref().unwrap_or("Drop");
                match model.rules.kinds.len() {
                    1 => format!("{word} {}", place(*to)),
                    _ => format!(
                        "{word} {} {}",
                        model.rules.kinds[usize::from(*kind)].letter,
                        place(*to)
                    ),
                }
            }
            PieceAction::Split {
                step,
                source,
                parts,
            } => {
                let letters = self.letters(board, *source, parts);
                match step {
                    None => format!("{} {} {}", w.split, place(*source), letters),
                    Some((from, to)) => format!(
                        "{} {} {} {}",
                        w.step_then_split,
                        place(*from),
                        place(*to),
                        letters
                    ),
                }
            }
            PieceAction::Merge {
                step,
                sources,
                target,
            } => {
                let pieces: Vec<(JunctionId, u8)> =
                    sources.iter().map(|&s| (s, height_at(step, s))).collect();
                let letters = self.letters(board, *target, &pieces);
                match step {
                    None => format!("{} {} {}", w.merge, place(*target), letters),
                    Some((from, to)) => format!(
                        "{} {} {} {} {}",
                        w.step_then_merge,
                        place(*from),
                        place(*to),
                        place(*target),
                        letters
                    ),
                }
            }
        });
        actions.join(&self.separator)
    }

    // ----- reading -----

    fn keyword(&self, token: &str) -> Option<Kind> {
        let w = &self.words;
        [
            (&w.flip, Kind::Flip),
            (&w.step, Kind::Step),
            (&w.split, Kind::Split),
            (&w.merge, Kind::Merge),
            (&w.step_then_split, Kind::StepThenSplit),
            (&w.step_then_merge, Kind::StepThenMerge),
            (&w.done, Kind::Done),
            (&w.resign, Kind::Resign),
        ]
        .into_iter()
        .chain(w.drop.iter().map(|word| (word, Kind::Drop)))
        .find(|(word, _)| word.eq_ignore_ascii_case(token))
        .map(|(_, kind)| kind)
    }

    /// Reads a turn and checks it is legal in `position`; the result carries the turn's
    /// canonical server text.
    ///
    /// # Errors
    /// A text that cannot be read (an unknown keyword, place or direction letter, letters
    /// that do not match the merging stacks' heights), or a turn the rules refuse here.
    pub fn parse_turn_in(
        &self,
        model: &GameModel,
        position: &Position,
        text: &str,
    ) -> Result<LegalTurn, TurnError> {
        let turn = self.read_turn(model, position, text)?;
        let delta = model
            .check_turn(position, &turn)
            .map_err(|reason| IllegalTurnError {
                text: text.trim().to_string(),
                reason,
            })?;
        Ok(model
            .legal_turns_flipping(position, delta.flip)
            .into_iter()
            .find(|t| t.delta == delta)
            .unwrap_or_else(|| LegalTurn {
                text: model.turn_text(position, &turn),
                turn,
                delta,
            }))
    }

    /// Reads a turn without checking that the rules allow it.
    ///
    /// # Errors
    /// See [`ActionNotation::parse_turn_in`].
    pub fn read_turn(
        &self,
        model: &GameModel,
        position: &Position,
        text: &str,
    ) -> Result<Turn, TurnReadError> {
        let actions = self
            .read_actions(model, position.board(), text)
            .map_err(|reason| TurnReadError::new(text, reason))?;
        self.assemble(position, actions)
            .map_err(|reason| TurnReadError::new(text, reason))
    }

    /// The actions of a turn text, read one by one up to its end or its "done" word.
    fn read_actions(
        &self,
        model: &GameModel,
        board: &Board,
        text: &str,
    ) -> Result<Vec<Action>, Unread> {
        let tokens: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty() {
            return Err(TurnSyntax::Empty.into());
        }
        let mut reader = Reader {
            notation: self,
            board,
            tokens: &tokens,
            next: 0,
        };
        let mut actions = Vec::new();
        while let Some(token) = reader.take() {
            let kind = self.keyword(token).ok_or_else(|| TurnSyntax::NotAnAction {
                token: token.to_string(),
                expected: self.expected_words(),
            })?;
            let action = match kind {
                Kind::Done => {
                    if reader.peek().is_some() {
                        return Err(TurnSyntax::AfterDone(self.words.done.clone()).into());
                    }
                    break;
                }
                Kind::Resign => {
                    return Err(TurnSyntax::Resign(self.words.resign.clone()).into());
                }
                Kind::Flip => Action::Flip(reader.tile()?),
                Kind::Drop => {
                    let kind = match model.rules.kinds.len() {
                        1 => 0,
                        _ => reader.kind(model)?,
                    };
                    Action::Drop(kind, reader.junction()?)
                }
                Kind::Step => {
                    let from = reader.junction()?;
                    Action::Step(from, reader.junction()?)
                }
                Kind::Split | Kind::StepThenSplit => {
                    let step = match kind {
                        Kind::StepThenSplit => Some(reader.step()?),
                        _ => None,
                    };
                    let source = match step {
                        Some((_, to)) => to,
                        None => reader.junction()?,
                    };
                    Action::Split(step, source, reader.letters()?)
                }
                Kind::Merge | Kind::StepThenMerge => {
                    let step = match kind {
                        Kind::StepThenMerge => Some(reader.step()?),
                        _ => None,
                    };
                    let target = reader.junction()?;
                    Action::Merge(step, target, reader.letters()?)
                }
            };
            actions.push(action);
        }
        Ok(actions)
    }

    fn expected_words(&self) -> String {
        let w = &self.words;
        let mut words = vec![
            &w.flip,
            &w.step,
            &w.split,
            &w.merge,
            &w.step_then_split,
            &w.step_then_merge,
        ];
        words.extend(&w.drop);
        let listed: Vec<&str> = words.iter().map(|w| w.as_str()).collect();
        format!("{} or {}", listed.join(", "), w.done)
    }

    /// Puts the actions of a turn together: an optional flip first, then one stack move.
    fn assemble(&self, position: &Position, actions: Vec<Action>) -> Result<Turn, Unread> {
        let board = position.board();
        let mut flip = None;
        let mut stack_move = None;
        for action in actions {
            if stack_move.is_some() {
                return Err(TurnSyntax::AfterMove.into());
            }
            match action {
                Action::Flip(cell) => {
                    if flip.replace(cell).is_some() {
                        return Err(TurnSyntax::TwoFlips.into());
                    }
                }
                Action::Step(from, to) => stack_move = Some(PieceAction::Step { from, to }),
                Action::Drop(kind, to) => stack_move = Some(PieceAction::Drop { kind, to }),
                Action::Split(step, source, letters) => {
                    let mut parts: ArrayVec<(JunctionId, u8), MAX_LINKS> = ArrayVec::new();
                    for (letter, count) in letters {
                        let j = self.neighbour(board, source, letter)?;
                        parts
                            .try_push((j, count))
                            .map_err(|_| TurnSyntax::TooManySubstacks)?;
                    }
                    stack_move = Some(PieceAction::Split {
                        step,
                        source,
                        parts,
                    });
                }
                Action::Merge(step, target, letters) => {
                    let mut sources: ArrayVec<JunctionId, MAX_LINKS> = ArrayVec::new();
                    for (letter, count) in letters {
                        let j = self.neighbour(board, target, letter)?;
                        // The letters count pieces, so they must match the stack there.
                        let height = match step {
                            Some((from, to)) if to == j => position.stack(from).height(),
                            Some((from, _)) if from == j => 0,
                            _ => position.stack(j).height(),
                        };
                        if height != count {
                            return Err(NotOnBoard::LetterCount {
                                count,
                                letter,
                                target: self.named_junction(board, target),
                                at: board.named_junction(j),
                                height,
                            }
                            .into());
                        }
                        sources.try_push(j).map_err(|_| TurnSyntax::TooManyStacks)?;
                    }
                    stack_move = Some(PieceAction::Merge {
                        step,
                        sources,
                        target,
                    });
                }
            }
        }
        let stack_move = stack_move.ok_or_else(|| {
            let w = &self.words;
            TurnSyntax::NoMove(Box::new(
                [
                    &w.step,
                    &w.split,
                    &w.merge,
                    &w.step_then_split,
                    &w.step_then_merge,
                ]
                .map(String::clone),
            ))
        })?;
        Ok(Turn {
            flip,
            tile: None,
            piece: Some(stack_move),
        })
    }

    /// The junction one step of `letter` away from `from`.
    fn neighbour(
        &self,
        board: &Board,
        from: JunctionId,
        letter: char,
    ) -> Result<JunctionId, NotOnBoard> {
        let d = self
            .directions
            .iter()
            .find(|d| d.letter == letter)
            .expect("letters were read against the direction list");
        let at = board.junction(from);
        let column = at.column as i32 + d.columns;
        let row = at.row as i32 + d.rows;
        board
            .junctions()
            .iter()
            .position(|j| j.column as i32 == column && j.row as i32 == row)
            .map(|j| j as JunctionId)
            .ok_or_else(|| NotOnBoard::NoNeighbour {
                from: self.named_junction(board, from),
                letter,
            })
    }

    /// A junction with its name in this notation, for a message.
    fn named_junction(&self, board: &Board, j: JunctionId) -> Named<JunctionId> {
        Named {
            id: j,
            name: self.junction_text(board, j).into(),
        }
    }
}

/// Reads the arguments of actions from the tokens of a turn text.
struct Reader<'a> {
    notation: &'a ActionNotation,
    board: &'a Board,
    tokens: &'a [&'a str],
    next: usize,
}

impl<'a> Reader<'a> {
    /// A kind of piece, by its letter.
    fn kind(&mut self, model: &GameModel) -> Result<KindId, TurnSyntax> {
        let letters: String = model.rules.kinds.iter().map(|k| k.letter).collect();
        let Some(token) = self.take() else {
            return Err(TurnSyntax::EndsBeforeKind(letters));
        };
        let mut chars = token.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => model.rules.kind_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| TurnSyntax::NotAKind {
            token: token.to_string(),
            letters,
        })
    }

    fn take(&mut self) -> Option<&'a str> {
        let token = self.tokens.get(self.next).copied();
        self.next += 1;
        token
    }

    fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.next).copied()
    }

    /// A place: `B 2` or `b2`, in either case.
    fn place(&mut self) -> Result<(String, JunctionId), Unread> {
        let Some(first) = self.take() else {
            return Err(TurnSyntax::EndsBeforePlace.into());
        };
        let mut name = first.to_ascii_lowercase();
        let has_row = name.bytes().any(|b| b.is_ascii_digit());
        if !has_row {
            match self.peek() {
                Some(row) if row.bytes().all(|b| b.is_ascii_digit()) => {
                    name.push_str(row);
                    self.next += 1;
                }
                _ => return Err(TurnSyntax::NoRow(first.to_string()).into()),
            }
        }
        let j = self
            .board
            .junction_by_name(&name)
            .ok_or_else(|| NotOnBoard::Place(self.shown(&name)))?;
        Ok((name, j))
    }

    /// How `b2` was meant to be written in this notation, for messages.
    fn shown(&self, name: &str) -> String {
        match self.notation.places {
            PlaceNames::Server => name.to_string(),
            PlaceNames::SpacedCapitals => {
                let letters = name.bytes().take_while(u8::is_ascii_alphabetic).count();
                format!("{} {}", name[..letters].to_uppercase(), &name[letters..])
            }
        }
    }

    fn junction(&mut self) -> Result<JunctionId, Unread> {
        self.place().map(|(_, j)| j)
    }

    fn step(&mut self) -> Result<(JunctionId, JunctionId), Unread> {
        Ok((self.junction()?, self.junction()?))
    }

    /// A tile, named by the junction at its naming corner.
    fn tile(&mut self) -> Result<CellId, Unread> {
        let (name, j) = self.place()?;
        let corner = self.notation.tile_corner;
        (0..self.board.cell_count() as CellId)
            .find(|&c| self.board.cell_corners(c).get(corner).copied().flatten() == Some(j))
            .ok_or_else(|| NotOnBoard::TileNamed(self.shown(&name)).into())
    }

    /// Direction letters, one per piece: how many pieces go each way, in first-seen order.
    fn letters(&mut self) -> Result<Vec<(char, u8)>, TurnSyntax> {
        let known: String = self.notation.directions.iter().map(|d| d.letter).collect();
        let Some(word) = self.take() else {
            return Err(TurnSyntax::EndsBeforeLetters(known));
        };
        let mut counts: BTreeMap<char, u8> = BTreeMap::new();
        let mut order = Vec::new();
        for c in word.chars() {
            let letter = c.to_ascii_uppercase();
            let letter = if known.contains(letter) { letter } else { c };
            if !known.contains(letter) {
                return Err(TurnSyntax::NotADirection {
                    letter: c,
                    word: word.to_string(),
                    known,
                });
            }
            let count = counts.entry(letter).or_insert(0);
            if *count == 0 {
                order.push(letter);
            }
            *count = count.saturating_add(1);
        }
        Ok(order.into_iter().map(|l| (l, counts[&l])).collect())
    }
}
