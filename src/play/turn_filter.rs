//! `moves FILTER`: the turns that concern one place of the board, so a player can ask
//! what one stack can do, what can reach one junction, or which turns flip, lay or take
//! away one tile.
//!
//! A filter is a name as the position's turns write it: a junction (`a1`, `b3e` on a
//! patch), a tile (`bc34`, `d3` on a hexagonal board, `c12` on a patch), in the chosen
//! notation's own way where it has one (`C 3`); a patch also takes the keys of its
//! position text (`0,0e`, `-1,2`). A word in front narrows a name that means both a
//! junction and a tile (`e5` on truchet-hex's board): `junction e5`, `stack e5` (only the
//! turns that move the stack there), `tile e5`.
//!
//! Places are compared as points and cells of the lattice, not by id: a turn that lays
//! a tile and then moves a piece names its junctions on the board the new tile makes.

use variant_run_core::{
    names, Board, Cell, GameModel, JunctionId, PieceAction, Position, TileAction, Turn, Vertex,
};

use super::notation::Notation;

/// What a turn does at the filter's place, in the order listings show them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// The stack on the junction moves (all of it, part of it, or its top piece).
    Moves,
    /// Pieces come to the junction, or a moving stack passes over it.
    Arrives,
    /// The turn flips, lays or takes away the tile.
    Tile,
}

/// The word that may stand before a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    /// No word: whatever the name names.
    Any,
    Junction,
    Stack,
    Tile,
}

/// A filter read against one position.
#[derive(Clone, Debug)]
pub struct TurnFilter {
    /// The name as typed (without the word in front).
    pub name: String,
    word: Word,
    junction: Option<Vertex>,
    tile: Option<Cell>,
}

impl TurnFilter {
    /// Reads a filter: a name, maybe after `junction`, `stack` or `tile`.
    ///
    /// # Errors
    /// The name names no junction or tile of this board (or not the kind of place the
    /// word asks for); the message names it.
    pub fn parse(
        notation: Notation,
        position: &Position,
        text: &str,
    ) -> Result<TurnFilter, String> {
        let text = text.trim();
        let (word, name) = match text.split_once(char::is_whitespace) {
            Some(("junction", rest)) => (Word::Junction, rest.trim()),
            Some(("stack", rest)) => (Word::Stack, rest.trim()),
            Some(("tile", rest)) => (Word::Tile, rest.trim()),
            _ => (Word::Any, text),
        };
        if name.is_empty() {
            return Err("name a junction, a stack or a tile, such as `moves a1`".into());
        }
        let shown = crate::printable::printable(name);
        let board = position.board();
        let (mut junction, mut tile) = places(board, notation, name);
        match word {
            Word::Junction | Word::Stack => tile = None,
            Word::Tile => junction = None,
            Word::Any => {}
        }
        if junction.is_none() && tile.is_none() {
            let what = match word {
                Word::Any => "no junction or tile",
                Word::Junction | Word::Stack => "no junction",
                Word::Tile => "no tile",
            };
            return Err(format!(
                "`{shown}` names {what} of this board (junctions are named like {}, tiles \
                 like {})",
                example_junction(board),
                example_tile(board)
            ));
        }
        // A key of the position text (`0,0e`) is shown as the turns name the place.
        let lattice = board.lattice();
        let name = match (junction, tile) {
            (Some(v), None) if name.contains(',') => names::vertex_spiral(lattice, v),
            (None, Some(cell)) if name.contains(',') => names::spiral(lattice, cell),
            _ => shown.into_owned(),
        };
        Ok(TurnFilter {
            name,
            word,
            junction,
            tile,
        })
    }

    /// What `turn`, legal in `position`, does at the filter's place, if anything.
    pub fn role(&self, model: &GameModel, position: &Position, turn: &Turn) -> Option<Role> {
        if let Some(cell) = self.tile {
            if tile_cells(position, turn).contains(&cell) {
                return Some(Role::Tile);
            }
        }
        let vertex = self.junction?;
        let piece = turn.piece.as_ref()?;
        // A piece action names junctions of the board its tile action leaves.
        let staged;
        let board = if turn.tile.is_some() {
            staged = model.staged(position, turn);
            staged.board().clone()
        } else {
            position.board().clone()
        };
        let at = |j| board.junction(j).vertex;
        let (from, to) = roles(piece);
        if from.into_iter().any(|j| at(j) == vertex) {
            return Some(Role::Moves);
        }
        if self.word == Word::Stack {
            return None;
        }
        to.into_iter()
            .any(|j| at(j) == vertex)
            .then_some(Role::Arrives)
    }

    /// What the filter names, for headings and messages: `junction a1, holding x2`,
    /// `tile bc34`, `e5, a junction (empty) and a tile`.
    pub fn describe(&self, model: &GameModel, position: &Position) -> String {
        let board = position.board();
        let stack = self
            .junction
            .and_then(|v| board.junction_at(v))
            .map(|j| position.stack(j))
            .filter(|s| !s.is_empty());
        let holding = match stack {
            Some(stack) if board.is_patch() => format!("holding {}", model.pieces_text(stack)),
            Some(stack) => format!("holding {}", model.stack_token(stack)),
            None => "empty".into(),
        };
        let name = &self.name;
        match (self.junction, self.tile) {
            (Some(_), Some(_)) => format!("{name}, a junction ({holding}) and a tile"),
            (Some(_), None) => format!("junction {name}, {holding}"),
            _ => format!("tile {name}"),
        }
    }

    /// Why nothing is listed, in words: `no legal turn moves the stack on a1 (junction a1,
    /// holding o2); x is to move`.
    pub fn nothing_matches(&self, model: &GameModel, position: &Position) -> String {
        let mover = model.rules.player_letter(position.side());
        let what = self.describe(model, position);
        match self.word {
            Word::Stack => format!(
                "no legal turn moves the stack on {} ({what}); {mover} is to move",
                self.name
            ),
            _ => format!("no legal turn concerns {what}; {mover} is to move"),
        }
    }
}

/// Where a turn acts, for a summary of many turns: the names of the junctions whose
/// stacks it moves, and of the tiles it flips, lays or takes away.
pub fn places_of(
    model: &GameModel,
    position: &Position,
    turn: &Turn,
) -> (Vec<String>, Vec<String>) {
    let board = position.board();
    let lattice = board.lattice();
    let tiles = tile_cells(position, turn)
        .into_iter()
        .map(|cell| match board.cell_id(cell) {
            Some(c) => board.cell_name(c),
            None => names::spiral(lattice, cell),
        })
        .collect();
    let Some(piece) = &turn.piece else {
        return (Vec::new(), tiles);
    };
    // The stacks that move stand on junctions of this board: a tile action only adds
    // junctions, or takes away those it empties.
    let staged = turn.tile.map(|_| model.staged(position, turn));
    let on = staged.as_ref().map_or(board, |s| s.board());
    let moved = roles(piece)
        .0
        .into_iter()
        .map(|j| on.junction_name(j))
        .collect();
    (moved, tiles)
}

/// The lattice point and cell a name stands for on this board, as a junction and as a
/// tile.
fn places(board: &Board, notation: Notation, name: &str) -> (Option<Vertex>, Option<Cell>) {
    let lattice = board.lattice();
    let mut junction = board
        .junction_by_name(name)
        .map(|j| board.junction(j).vertex);
    let mut tile = board.cell_by_name(name).map(|c| board.cells()[c as usize]);
    if let Notation::Actions(_, actions) = notation {
        if let Some((j, cell)) = actions.read_place(board, name) {
            junction = junction.or(Some(board.junction(j).vertex));
            tile = tile.or(cell.map(|c| board.cells()[c as usize]));
        }
    }
    if board.is_patch() {
        // A placement's cell is not on the board yet, nor the junctions it makes: an
        // open cell and its corners are places a turn can name.
        let open = |cell: &Cell| board.open_cells().contains(cell);
        let near = |v: &Vertex| {
            board.junction_at(*v).is_some()
                || board
                    .open_cells()
                    .iter()
                    .any(|&c| lattice.corners(c).contains(v))
        };
        junction = junction.or_else(|| {
            names::parse_vertex_spiral(lattice, name)
                .or_else(|| names::parse_vertex_key(lattice, name))
                .filter(near)
        });
        tile = tile.or_else(|| {
            names::parse_spiral(lattice, name)
                .or_else(|| names::parse_key(name))
                .filter(|c| board.cell_id(*c).is_some() || open(c))
        });
    }
    (junction, tile)
}

/// The cells a turn flips, lays a tile in, or takes a tile from.
fn tile_cells(position: &Position, turn: &Turn) -> Vec<Cell> {
    let board = position.board();
    let mut cells: Vec<Cell> = turn
        .flip
        .map(|c| board.cells()[c as usize])
        .into_iter()
        .collect();
    match turn.tile {
        Some(TileAction::Place { cell, .. }) | Some(TileAction::Remove { cell }) => {
            cells.push(cell)
        }
        None => {}
    }
    cells
}

/// The junctions a piece action moves a stack (or a piece) from, and those it brings
/// pieces to or passes over.
fn roles(piece: &PieceAction) -> (Vec<JunctionId>, Vec<JunctionId>) {
    match piece {
        PieceAction::Step { from, to } | PieceAction::Move { from, to } => (vec![*from], vec![*to]),
        PieceAction::Drop { to, .. } => (vec![], vec![*to]),
        PieceAction::Merge {
            step,
            sources,
            target,
        } => {
            // A stepped stack is a source where it lands; it moved from the step's start.
            let mut from: Vec<JunctionId> = sources
                .iter()
                .copied()
                .filter(|&s| step.is_none_or(|(_, landed)| landed != s))
                .collect();
            let mut to = vec![*target];
            if let Some((start, landed)) = step {
                from.push(*start);
                to.push(*landed);
            }
            (from, to)
        }
        PieceAction::Split {
            step,
            source,
            parts,
        } => {
            let mut to: Vec<JunctionId> = parts.iter().map(|&(j, _)| j).collect();
            match step {
                Some((start, _)) => {
                    to.push(*source);
                    (vec![*start], to)
                }
                None => (vec![*source], to),
            }
        }
    }
}

/// A junction's name on this board, for messages.
fn example_junction(board: &Board) -> String {
    match board.junction_count() {
        0 => "`a1e`".into(),
        n => format!("`{}`", board.junction_name((n / 2) as JunctionId)),
    }
}

/// A tile's name on this board, for messages.
fn example_tile(board: &Board) -> String {
    match board.cell_count() {
        0 => "`a1`".into(),
        n => format!("`{}`", board.cell_name((n / 2) as variant_run_core::CellId)),
    }
}
