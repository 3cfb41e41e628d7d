//! A turn built by pointing: the clicks that make each legal turn, for a board a person
//! plays by clicking (the `serve` page).
//!
//! Every way of making a legal turn is written as a path of [`Choice`]s: a flip (a
//! tile), a tile placed (a cell and a tile state) or removed, then the piece action: the
//! stack picked up, where it goes, and for a merge the other stacks that join it or for
//! a split the substacks put down. Which of these come next is known from the legal
//! turns alone, so a page that offers only the [`ChoiceTable::next`] choices plays
//! exactly the game's own turns and holds no rules of its own.
//!
//! The paths come from every turn the generator visits, not only the canonical one of
//! each position left: a merge can be clicked starting from any of its stacks, and a
//! step that ends next to a merge's target then merges as the rules allow, even where
//! the canonical text writes the same turn as a plain merge. Each path leads to the
//! legal turn with the same effect. The merging stacks and a split's substacks are a
//! set: they may be clicked in any order.
//!
//! ```no_run
//! use variant_run::play::choices::ChoiceTable;
//! use variant_run::play::{Game, Layout};
//! let variant = variant_run::Variant::load_named("truchet-browne", None).unwrap();
//! let game = Game::new(&variant, Layout::Random, 1).unwrap();
//! let table = ChoiceTable::new(&variant, game.position(), game.legal_turns().unwrap()).unwrap();
//! let first = table.next(&[]);          // the stacks that can move, the tiles that can flip
//! let after = table.next(&first.choices[..1]);
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::ControlFlow;

use variant_run_core::{
    names, Board, Cell, Delta, LegalTurn, PieceAction, PieceForm, Position, TileAction, Turn,
    Vertex,
};

use super::game::GameError;
use super::notation::Notation;
use crate::ruleset::Variant;

/// What a click does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Flips the tile of a cell.
    Flip,
    /// Places a tile from the pool in a cell, in the state of [`Choice::detail`].
    Place,
    /// Takes the tile of a cell off the board.
    Remove,
    /// Picks up the stack (or, for a single piece's move, the top piece) on a junction.
    Pick,
    /// Where the picked stack goes: the end of a step or a move, or a merge's target.
    To,
    /// Another stack that joins the merge.
    Join,
    /// A substack of a split, [`Choice::detail`] pieces high, put down on a junction.
    Part,
    /// A piece of kind [`Choice::detail`] from the supply, dropped on a junction.
    Drop,
}

impl Action {
    /// The word the page and the API use.
    pub fn word(self) -> &'static str {
        match self {
            Action::Flip => "flip",
            Action::Place => "place",
            Action::Remove => "remove",
            Action::Pick => "pick",
            Action::To => "to",
            Action::Join => "join",
            Action::Part => "part",
            Action::Drop => "drop",
        }
    }

    /// Whether the action's spot is a cell (else a junction).
    pub fn on_cell(self) -> bool {
        matches!(self, Action::Flip | Action::Place | Action::Remove)
    }

    /// The action of a word of [`Action::word`].
    pub fn from_word(word: &str) -> Option<Action> {
        [
            Action::Flip,
            Action::Place,
            Action::Remove,
            Action::Pick,
            Action::To,
            Action::Join,
            Action::Part,
            Action::Drop,
        ]
        .into_iter()
        .find(|a| a.word() == word)
    }
}

/// Where a click lands: a cell (its tile) or a junction point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    Cell(Cell),
    Point(Vertex),
}

impl Spot {
    /// The spot's name, as pictures and turn texts write it: a cell's or junction's
    /// name, or for a cell off a patch its spiral name (which does not change as a patch
    /// grows and shrinks).
    pub fn name(self, board: &Board) -> String {
        match self {
            Spot::Cell(cell) => match board.cell_id(cell) {
                Some(id) => board.cell_name(id),
                None => names::spiral(board.lattice(), cell),
            },
            Spot::Point(v) => match board.junction_at(v) {
                Some(j) => board.junction_name(j),
                None => names::vertex_spiral(board.lattice(), v),
            },
        }
    }
}

/// One click of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Choice {
    pub action: Action,
    pub spot: Spot,
    /// The tile state of a placement, the height of a substack; 0 otherwise.
    pub detail: u8,
}

impl Choice {
    fn new(action: Action, spot: Spot) -> Choice {
        Choice {
            action,
            spot,
            detail: 0,
        }
    }

    /// What the click does, in a few words, for a menu where one spot offers several
    /// choices.
    pub fn label(&self, board: &Board) -> String {
        match self.action {
            Action::Flip => "flip this tile".into(),
            Action::Place => format!("place tile {}", board.tiles().letter(self.detail)),
            Action::Remove => "remove this tile".into(),
            Action::Pick => "move from here".into(),
            Action::To => "go here".into(),
            Action::Join => "join the merge".into(),
            Action::Part => format!("put {} here (split)", self.detail),
            Action::Drop => "drop a piece here".into(),
        }
    }
}

/// One way of clicking a legal turn: the clicks in order, then a set of clicks in any
/// order (the other merging stacks, or a split's substacks).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ChoicePath {
    ordered: Vec<Choice>,
    /// Sorted.
    any_order: Vec<Choice>,
    /// The legal turn it makes, an index into [`ChoiceTable::turns`].
    turn: usize,
}

/// What may be clicked after some choices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Next {
    /// The choices that continue a legal turn, in a fixed order.
    pub choices: Vec<Choice>,
    /// The legal turn the choices make, when they make a whole one (which further
    /// choices may still extend into another).
    pub complete: Option<usize>,
}

/// Every path of clicks to every legal turn of one position.
pub struct ChoiceTable {
    turns: Vec<LegalTurn>,
    paths: Vec<ChoicePath>,
    /// Paths by their first click.
    by_first: HashMap<Choice, Vec<u32>>,
    /// The spots a click may land on, by whether they are cells and by name (a cell and
    /// a junction may share a name: hexagonal cells are named like points).
    spots: BTreeMap<(bool, String), Spot>,
}

impl ChoiceTable {
    /// The paths to the legal turns `turns` of `position` (as [`Variant::legal_turns`]
    /// lists them).
    ///
    /// # Errors
    /// The after-turn script fails while telling two ways of making a turn apart.
    pub fn new(
        variant: &Variant,
        position: &Position,
        turns: Vec<LegalTurn>,
    ) -> Result<ChoiceTable, GameError> {
        let model = &variant.model;
        let by_delta: HashMap<&Delta, usize> = turns
            .iter()
            .enumerate()
            .map(|(i, t)| (&t.delta, i))
            .collect();
        // Each turn visited becomes its paths at once, named on the position it stages
        // (no copy of it is kept); a change no legal turn makes is set aside.
        let mut paths = Vec::new();
        let mut unmatched: Vec<(Delta, Vec<ChoicePath>)> = Vec::new();
        let _ = model.for_each_turn(position, &mut |turn, staged| {
            let delta = staged.delta(turn);
            let index = by_delta.get(&delta).copied();
            let made = paths_of(position, staged.position(), turn, index.unwrap_or(0));
            match index {
                Some(_) => paths.extend(made),
                None => unmatched.push((delta, made)),
            }
            ControlFlow::Continue(())
        });
        // After-turn rules can make different changes leave one position: such a turn is
        // found by the position it leaves (worked out only when needed).
        if !unmatched.is_empty() {
            let mut left = Vec::new();
            for t in &turns {
                left.push(variant.play(position, &t.delta)?);
            }
            for (delta, made) in unmatched {
                let next = variant.play(position, &delta)?;
                // Not a distinct legal turn (none should be missing): no path.
                let Some(index) = left.iter().position(|p| *p == next) else {
                    continue;
                };
                paths.extend(made.into_iter().map(|path| ChoicePath {
                    turn: index,
                    ..path
                }));
            }
        }
        // Turns written differently can be clicked the same way: each path once.
        paths.sort_unstable();
        paths.dedup();
        let mut by_first: HashMap<Choice, Vec<u32>> = HashMap::new();
        for (i, path) in paths.iter().enumerate() {
            let first = path.ordered.first().or(path.any_order.first());
            if let Some(&first) = first {
                by_first.entry(first).or_default().push(i as u32);
            }
        }
        let mut spots = BTreeMap::new();
        let board = position.board();
        let open = variant_run_core::patch::open_cells(position);
        for &cell in board.cells() {
            spots.insert((true, Spot::Cell(cell).name(board)), Spot::Cell(cell));
        }
        // A cell off the board is named by its place in a spiral, which on a board of
        // its own names (truchet-hex's `c3`) can be a board cell's name: the board's
        // cell keeps it.
        for &cell in &open {
            spots
                .entry((true, Spot::Cell(cell).name(board)))
                .or_insert(Spot::Cell(cell));
        }
        for junction in board.junctions() {
            let spot = Spot::Point(junction.vertex);
            spots.insert((false, spot.name(board)), spot);
        }
        // A placement can make junctions the board does not have yet.
        let placing = paths
            .iter()
            .filter(|p| p.ordered.iter().any(|c| c.action == Action::Place));
        for path in placing {
            for choice in path.ordered.iter().chain(&path.any_order) {
                let key = (choice.action.on_cell(), choice.spot.name(board));
                spots.entry(key).or_insert(choice.spot);
            }
        }
        Ok(ChoiceTable {
            turns,
            paths,
            by_first,
            spots,
        })
    }

    /// The legal turns, in canonical text order.
    pub fn turns(&self) -> &[LegalTurn] {
        &self.turns
    }

    /// The cell (`cell`) or junction a name (as [`Spot::name`] writes it) stands for on
    /// this position.
    pub fn spot(&self, cell: bool, name: &str) -> Option<Spot> {
        self.spots.get(&(cell, name.to_string())).copied()
    }

    /// What may follow `made` (the choices made so far, in the order clicked); nothing
    /// when `made` is not the start of a legal turn.
    pub fn next(&self, made: &[Choice]) -> Next {
        if made.is_empty() {
            // Every path starts with at least one click.
            let mut choices: Vec<Choice> = self.by_first.keys().copied().collect();
            choices.sort_unstable();
            return Next {
                choices,
                complete: None,
            };
        }
        let candidates = self
            .by_first
            .get(&made[0])
            .into_iter()
            .flatten()
            .map(|&i| &self.paths[i as usize]);
        let mut choices = BTreeSet::new();
        let mut complete = None;
        for path in candidates {
            let Some((more, whole)) = path.after(made) else {
                continue;
            };
            choices.extend(more);
            if whole {
                complete = Some(complete.map_or(path.turn, |c: usize| c.min(path.turn)));
            }
        }
        Next {
            choices: choices.into_iter().collect(),
            complete,
        }
    }

    /// Why clicking `spot` after `made` starts or continues no legal turn, in the words
    /// the terminal uses for a typed turn where the clicks make a whole turn (its text
    /// is read as a typed turn is), else in a sentence of what the spot holds.
    pub fn refusal(
        &self,
        variant: &Variant,
        position: &Position,
        notation: Notation,
        made: &[Choice],
        spot: Spot,
    ) -> String {
        let board = position.board();
        let name = spot.name(board);
        let probe = Probe::of(board, made);
        let forms = &variant.model.rules.forms;
        let moves_single = forms.has_piece(PieceForm::Move);
        let whole = match (spot, probe.pick) {
            (Spot::Point(v), Some(from)) if probe.to.is_empty() && probe.parts.is_empty() => {
                junction(board, from)
                    .zip(junction(board, v))
                    .map(|(from, to)| Turn {
                        flip: probe.flip,
                        tile: probe.tile,
                        piece: Some(if moves_single {
                            PieceAction::Move { from, to }
                        } else {
                            PieceAction::Step { from, to }
                        }),
                    })
            }
            (Spot::Cell(cell), None) if made.is_empty() => {
                let on_board = board.cell_id(cell).is_some();
                let tile = if on_board && forms.has_tile(variant_run_core::TileForm::Remove) {
                    Some(TileAction::Remove { cell })
                } else if !on_board && forms.has_tile(variant_run_core::TileForm::Place) {
                    Some(TileAction::Place { cell, state: 0 })
                } else {
                    None
                };
                tile.map(|tile| Turn {
                    flip: None,
                    tile: Some(tile),
                    piece: None,
                })
            }
            _ => None,
        };
        if let Some(turn) = whole {
            let model = &variant.model;
            // A turn with a tile action and a piece action is named on the position its
            // tile action leaves: only when that tile action is legal.
            let named = turn.tile.is_none() || turn.piece.is_none();
            if named || model.check_turn(position, &turn).is_ok() {
                let text = write(variant, notation, position, &turn);
                if let Err(e) = notation.read(variant, position, &text) {
                    return e.to_string();
                }
            }
        }
        match spot {
            Spot::Point(v) => {
                let Some(j) = junction(board, v) else {
                    return format!("{name} is not a junction");
                };
                let stack = position.stack(j);
                match stack.owner() {
                    None if probe.pick.is_none() => format!("{name} is empty"),
                    Some(owner) if owner != position.side() && probe.pick.is_none() => {
                        format!("{name} holds your opponent's stack")
                    }
                    _ if probe.pick.is_none() => {
                        format!("no legal turn moves the stack on {name}")
                    }
                    _ => format!("no legal turn goes on this way to {name}"),
                }
            }
            Spot::Cell(cell) => {
                if let Some(id) = board.cell_id(cell) {
                    if let Some(&j) = board
                        .cell_junctions(id)
                        .iter()
                        .find(|&&j| !position.stack(j).is_empty())
                    {
                        if forms.has_flips() && made.is_empty() {
                            return format!(
                                "tile {name} has a piece on {}",
                                board.junction_name(j)
                            );
                        }
                    }
                }
                if made.is_empty() {
                    format!("no legal turn starts with tile {name}")
                } else {
                    format!("no legal turn goes on this way with tile {name}")
                }
            }
        }
    }
}

impl ChoicePath {
    /// The choices that may follow `made` on this path and whether `made` completes it;
    /// `None` when `made` leaves the path.
    fn after(&self, made: &[Choice]) -> Option<(Vec<Choice>, bool)> {
        let k = self.ordered.len();
        if made.len() <= k {
            if made != &self.ordered[..made.len()] {
                return None;
            }
            if made.len() < k {
                return Some((vec![self.ordered[made.len()]], false));
            }
            return Some((self.any_order.clone(), self.any_order.is_empty()));
        }
        if made[..k] != self.ordered[..] {
            return None;
        }
        let rest = &made[k..];
        for (i, c) in rest.iter().enumerate() {
            if rest[..i].contains(c) || self.any_order.binary_search(c).is_err() {
                return None;
            }
        }
        let left: Vec<Choice> = self
            .any_order
            .iter()
            .filter(|c| !rest.contains(c))
            .copied()
            .collect();
        let whole = left.is_empty();
        Some((left, whole))
    }
}

/// The paths that click `turn` (visited with `staged`, the position its flip and tile
/// action leave, on which its junctions are named).
fn paths_of(position: &Position, staged: &Position, turn: &Turn, index: usize) -> Vec<ChoicePath> {
    let cells = position.board().cells();
    let point = |j: u16| Spot::Point(staged.board().junctions()[j as usize].vertex);
    let mut start = Vec::new();
    if let Some(id) = turn.flip {
        start.push(Choice::new(Action::Flip, Spot::Cell(cells[id as usize])));
    }
    match turn.tile {
        Some(TileAction::Place { cell, state }) => start.push(Choice {
            action: Action::Place,
            spot: Spot::Cell(cell),
            detail: state,
        }),
        Some(TileAction::Remove { cell }) => {
            start.push(Choice::new(Action::Remove, Spot::Cell(cell)));
        }
        None => {}
    }
    let path = |more: &[Choice], any: Vec<Choice>| {
        let mut ordered = start.clone();
        ordered.extend_from_slice(more);
        let mut any_order = any;
        any_order.sort_unstable();
        ChoicePath {
            ordered,
            any_order,
            turn: index,
        }
    };
    let pick = |j| Choice::new(Action::Pick, point(j));
    let to = |j| Choice::new(Action::To, point(j));
    let join = |j| Choice::new(Action::Join, point(j));
    match &turn.piece {
        None => vec![path(&[], Vec::new())],
        Some(PieceAction::Step { from, to: end } | PieceAction::Move { from, to: end }) => {
            vec![path(&[pick(*from), to(*end)], Vec::new())]
        }
        Some(PieceAction::Drop { kind, to: end }) => vec![path(
            &[Choice {
                action: Action::Drop,
                spot: point(*end),
                detail: *kind,
            }],
            Vec::new(),
        )],
        Some(PieceAction::Merge {
            step: None,
            sources,
            target,
        }) => sources
            .iter()
            .map(|&first| {
                let others = sources.iter().filter(|&&s| s != first).map(|&s| join(s));
                path(&[pick(first), to(*target)], others.collect())
            })
            .collect(),
        Some(PieceAction::Merge {
            step: Some((from, end)),
            sources,
            target,
        }) => {
            let others = sources.iter().filter(|&s| s != end).map(|&s| join(s));
            vec![path(
                &[pick(*from), to(*end), to(*target)],
                others.collect(),
            )]
        }
        Some(PieceAction::Split {
            step,
            source,
            parts,
        }) => {
            let parts: Vec<Choice> = parts
                .iter()
                .map(|&(j, h)| Choice {
                    action: Action::Part,
                    spot: point(j),
                    detail: h,
                })
                .collect();
            match step {
                None => vec![path(&[pick(*source)], parts)],
                Some((from, end)) => vec![path(&[pick(*from), to(*end)], parts)],
            }
        }
    }
}

/// The junction at a point of a board.
fn junction(board: &Board, v: Vertex) -> Option<u16> {
    board.junction_at(v)
}

/// Writes a turn in a notation: the server's text, or the action notation's.
fn write(variant: &Variant, notation: Notation, position: &Position, turn: &Turn) -> String {
    let model = &variant.model;
    match notation {
        Notation::Server => model.turn_text(position, turn),
        Notation::Actions(_, actions) => actions.write(model, position, turn),
    }
}

/// The parts of a turn that some choices give.
#[derive(Default)]
struct Probe {
    flip: Option<u16>,
    tile: Option<TileAction>,
    pick: Option<Vertex>,
    to: Vec<Vertex>,
    parts: Vec<(Vertex, u8)>,
}

impl Probe {
    fn of(board: &Board, made: &[Choice]) -> Probe {
        let mut probe = Probe::default();
        for choice in made {
            match (choice.action, choice.spot) {
                (Action::Flip, Spot::Cell(cell)) => probe.flip = board.cell_id(cell),
                (Action::Place, Spot::Cell(cell)) => {
                    probe.tile = Some(TileAction::Place {
                        cell,
                        state: choice.detail,
                    });
                }
                (Action::Remove, Spot::Cell(cell)) => {
                    probe.tile = Some(TileAction::Remove { cell });
                }
                (Action::Pick, Spot::Point(v)) => probe.pick = Some(v),
                (Action::To, Spot::Point(v)) => probe.to.push(v),
                (Action::Part, Spot::Point(v)) => probe.parts.push((v, choice.detail)),
                _ => {}
            }
        }
        probe
    }
}
