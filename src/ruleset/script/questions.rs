//! The questions a script can ask of a game (`game.pieces("x")`, `game.quiet_turns`) and
//! their answers, as values: the `game` API answers through here, and a script's answers
//! can be written down while it runs and asked again of another position without it
//! (see [`super::memo`]).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::hash::Hash;
use std::sync::Arc;

use rhai::{Array, Dynamic, EvalAltResult, Map};
use variant_run_core::{
    names, Board, CellId, GameModel, Group, JunctionId, KindId, PlayerId, Position, TileAction,
    TurnFacts,
};

pub use super::answers::{Answer, CounterChange};
use super::board_edges;
use super::handed::{Change, Fact};
use crate::ruleset::config::Edge;

thread_local! {
    /// The last two boards found to have the same junctions: a worker thread's copy of
    /// the model's board and the one its positions stand on. Kept, so the comparison is
    /// made once a thread (holding them, their addresses cannot be reused meanwhile).
    static SAME_BOARDS: RefCell<Option<(Arc<Board>, Arc<Board>)>> = const { RefCell::new(None) };
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A question about a position, with its arguments as the script gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    ToMove,
    Mover,
    QuietTurns,
    Size,
    Pool,
    Tiles,
    Other(String),
    Pieces(String),
    Stacks(String),
    Supply(String),
    HasLegalTurn,
    HasTurnWithoutFlip,
    OwnerAt(Named),
    CountHeld(String, Vec<Named>),
    Param(String),
    // The board, read (see docs/scripting.md).
    Junctions,
    Occupied,
    JunctionsOf(String),
    StackAt(Named),
    Height(Named),
    Cells,
    TileAt(String),
    Coords(Named),
    Row(Named),
    Column(Named),
    Colour(Named),
    Neighbours(Named),
    Linked(Named),
    Edges(Named),
    Edge(String),
    Home(String),
    PlayerColour(String),
    Connected(Chain),
    Gap(Chain),
    /// A player's groups that pass a filter (`game.groups(p, #{ liberties: 0 })`; no
    /// filter passes every group). The script is handed the groups; the answer is how
    /// many, and what it reads of them is asked as [`Question::GroupFact`] (see
    /// [`super::handed`]).
    Groups(String, GroupFilter),
    /// A fact of the group handed `n`th in the run (counting from 0, in the order the
    /// script was handed them).
    GroupFact(usize, Fact),
    /// `held_by`: of the junctions of the group handed `n`th, those the player tops now,
    /// handed as the next group. Its answer is always true: the question stands for the
    /// handing.
    HeldBy(usize, String),
    /// A change the script made to the group handed `n`th; always answered true.
    Change(Change, usize),
    /// A question whose answer the script only compared with a constant, right where it
    /// asked (`game.pieces(next) == 0`): its answer is the comparison's.
    Compared(Box<Question>, Comparison),
    // Kinds of piece.
    /// A player's pieces of a kind on the board (`game.pieces(p, "king")`).
    PiecesOfKind(String, String),
    /// A player's pieces of a kind off the board (`game.supply(p, "king")`).
    SupplyOfKind(String, String),
    /// The kind of a junction's top piece, `""` when it is empty.
    KindAt(Named),
    /// The kinds of a junction's pieces, bottom first.
    KindsAt(Named),
    /// The height of a player's tallest stack (0 when they have none).
    Tallest(String),
    // State beyond the board.
    /// A counter's value: the game's, or a player's.
    Counter(String, Option<String>),
    /// A change the script made to a counter; always answered true (an act, like
    /// [`Question::Change`]).
    CounterChange(String, Option<String>, CounterChange),
    /// A fact of a turn: the one that led to the position (`game.last_turn`), or the one
    /// a legality rule weighs (its `turn`).
    Turn(WhichTurn, TurnFact),
    // Lines.
    /// The names of the lattice's directions.
    Directions,
    /// The junctions from a junction onwards in a direction.
    Ray(Named, String),
    /// The lines of n junctions through a junction.
    Lines(Named, i64),
    /// The junction past a neighbour, on the line from a junction through it.
    Beyond(Named, Named),
}

/// Which turn a [`Question::Turn`] asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WhichTurn {
    /// The turn that led to the position.
    Last,
    /// The turn a legality rule weighs.
    Weighed,
}

/// What a script reads of a turn (see [`variant_run_core::TurnFacts`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TurnFact {
    Mover,
    Flipped,
    Placed,
    Removed,
    Left,
    Reached,
    From,
    To,
    Height,
    Moved,
    Dropped,
    Taken,
    TakenOf(String),
}

impl Question {
    /// Whether the question asks of the turn a legality rule weighs more than the tile
    /// it flips and who makes it: turns flipping the same tile may answer it apart.
    pub fn asks_beyond_the_flip(&self) -> bool {
        match self {
            Question::Turn(WhichTurn::Weighed, fact) => {
                !matches!(fact, TurnFact::Flipped | TurnFact::Mover)
            }
            Question::Compared(inner, _) => inner.asks_beyond_the_flip(),
            _ => false,
        }
    }

    /// Whether the answer is the same in every position of the ruleset: a param, the
    /// other player's letter, a player's home edge or colour (or one of them compared
    /// with a constant).
    pub fn is_constant(&self) -> bool {
        match self {
            Question::Param(_)
            | Question::Other(_)
            | Question::Home(_)
            | Question::PlayerColour(_)
            | Question::Directions => true,
            Question::Compared(question, _) => question.is_constant(),
            _ => false,
        }
    }

    /// Whether the answer depends on the board's cells alone, not on tiles or pieces: the
    /// same in every position that stands on one fixed board (the size, the lists of
    /// cells and junctions, a junction's place, colour, lattice neighbours and edges, an
    /// edge's junctions). A patch changes under them.
    pub fn reads_the_board_alone(&self) -> bool {
        match self {
            Question::Size
            | Question::Tiles
            | Question::Junctions
            | Question::Cells
            | Question::Coords(_)
            | Question::Row(_)
            | Question::Column(_)
            | Question::Colour(_)
            | Question::Neighbours(_)
            | Question::Edges(_)
            | Question::Edge(_)
            | Question::Ray(..)
            | Question::Lines(..)
            | Question::Beyond(..) => true,
            Question::Compared(question, _) => question.reads_the_board_alone(),
            _ => false,
        }
    }
}

/// A comparison of an answer with a constant, as a script wrote it where it asked
/// (see [`super::compared`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub op: Op,
    pub constant: Constant,
    /// Whether the answer is on the right (`0 == game.pieces(next)`).
    pub answer_right: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A value a script compares an answer with: a literal, or a `[params]` value asked for
/// right there (`game.quiet_turns >= game.param("draw_after_quiet_turns")`), which does
/// not change while the ruleset is loaded: named as the script finds it, its value put
/// in its place once the ruleset's params are known
/// ([`super::compared::ComparedSites::resolve_params`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constant {
    Int(i64),
    Text(String),
    Bool(bool),
    Param(String),
}

impl Constant {
    /// A param's value as a constant, if it is one a comparison can hold.
    pub fn of(value: &Dynamic) -> Option<Constant> {
        if let Ok(i) = value.as_int() {
            Some(Constant::Int(i))
        } else if let Ok(b) = value.as_bool() {
            Some(Constant::Bool(b))
        } else {
            value.clone().into_string().ok().map(Constant::Text)
        }
    }
}

impl Comparison {
    /// What the script's comparison gives for an answer; `None` where the types differ
    /// (the script's comparison is then an error, or not one the answer stands for), or
    /// the constant is a param the ruleset's `[params]` could not put in its place.
    pub fn apply(&self, answer: &Answer) -> Option<bool> {
        use std::cmp::Ordering;
        let order: Ordering = match (answer, &self.constant) {
            (Answer::Int(a), Constant::Int(c)) => a.cmp(c),
            (Answer::Bool(a), Constant::Bool(c)) if matches!(self.op, Op::Eq | Op::Ne) => a.cmp(c),
            (Answer::Letter(a), Constant::Text(c)) if matches!(self.op, Op::Eq | Op::Ne) => {
                // The letter as the script sees it ("" for none), without a string.
                let mut buffer = [0; 4];
                let letter: &str = match a {
                    Some(l) => l.encode_utf8(&mut buffer),
                    None => "",
                };
                letter.cmp(c.as_str())
            }
            (Answer::Text(a), Constant::Text(c)) if matches!(self.op, Op::Eq | Op::Ne) => {
                a.as_str().cmp(c.as_str())
            }
            _ => return None,
        };
        // `0 < n` asks what `n > 0` asks.
        let order = if self.answer_right {
            order.reverse()
        } else {
            order
        };
        Some(self.op.holds(order))
    }
}

impl Op {
    /// Whether the comparison holds of the answer and the constant, in that order.
    pub fn holds(self, order: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering;
        match self {
            Op::Eq => order == Ordering::Equal,
            Op::Ne => order != Ordering::Equal,
            Op::Lt => order == Ordering::Less,
            Op::Le => order != Ordering::Greater,
            Op::Gt => order == Ordering::Greater,
            Op::Ge => order != Ordering::Less,
        }
    }
}

/// A junction as a script names it. On the ruleset's fixed board a name is the same
/// junction in every position, so a question written down there keeps the junction it
/// named: a remembered question is answered again without reading the name again. Two
/// names are the same question when their texts are.
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    /// The junction on the model's board, once a tape has resolved it there.
    fixed: Option<JunctionId>,
}

impl From<&str> for Named {
    fn from(name: &str) -> Named {
        Named {
            name: name.into(),
            fixed: None,
        }
    }
}

impl From<String> for Named {
    fn from(name: String) -> Named {
        Named { name, fixed: None }
    }
}

impl PartialEq for Named {
    fn eq(&self, other: &Named) -> bool {
        self.name == other.name
    }
}

impl Eq for Named {}

/// Which of a player's groups a script asks for: each property given must be equal.
/// A filter makes a question whose count is nearly always the same (no surrounded
/// group), so a remembered tree learns it in a few runs; every group's count varies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupFilter {
    pub liberties: Option<i64>,
    pub size: Option<i64>,
    pub touches_edge: Option<bool>,
}

impl GroupFilter {
    /// Reads a filter map, `#{ liberties: 0, touches_edge: false }`.
    ///
    /// # Errors
    /// A key that is no group property the filter knows, or a value of the wrong type.
    pub fn read(map: &Map) -> Fallible<GroupFilter> {
        let mut filter = GroupFilter::default();
        for (key, value) in map {
            let number = || -> Fallible<i64> {
                value.as_int().map_err(|t| {
                    format!("`{key}` in a group filter is a whole number, not {t}").into()
                })
            };
            match key.as_str() {
                "liberties" => filter.liberties = Some(number()?),
                "size" => filter.size = Some(number()?),
                "touches_edge" => {
                    filter.touches_edge = Some(value.as_bool().map_err(|t| {
                        format!("`touches_edge` in a group filter is true or false, not {t}")
                    })?);
                }
                other => {
                    return Err(format!(
                        "a group filter has no `{}`; its keys are liberties, size and \
                         touches_edge",
                        other.escape_debug()
                    )
                    .into())
                }
            }
        }
        Ok(filter)
    }

    /// Whether a group passes the filter.
    pub fn passes(&self, group: &Group) -> bool {
        self.liberties.is_none_or(|l| group.liberties as i64 == l)
            && self.size.is_none_or(|s| group.junctions.len() as i64 == s)
            && self.touches_edge.is_none_or(|t| group.touches_edge == t)
    }
}

/// A chain asked about: whose pieces, from which junctions to which, joined how.
#[derive(Clone, Debug)]
pub struct Chain {
    pub player: String,
    pub from: Vec<Named>,
    pub to: Vec<Named>,
    pub adjacency: String,
    /// The chain read on the model's board, once a tape has resolved its names there: a
    /// remembered question is answered again without reading a name, letter or word.
    read: Option<ReadChain>,
}

#[derive(Clone, Debug)]
struct ReadChain {
    player: PlayerId,
    from: Vec<JunctionId>,
    to: Vec<JunctionId>,
    adjacency: board_edges::Adjacency,
}

impl Chain {
    pub fn new(player: String, from: Vec<Named>, to: Vec<Named>, adjacency: String) -> Chain {
        Chain {
            player,
            from,
            to,
            adjacency,
            read: None,
        }
    }
}

/// Two chains are the same question when the script named the same things.
impl PartialEq for Chain {
    fn eq(&self, other: &Chain) -> bool {
        (&self.player, &self.from, &self.to, &self.adjacency)
            == (&other.player, &other.from, &other.to, &other.adjacency)
    }
}

impl Eq for Chain {}

/// Whether the side to move has a turn the ruleset allows, where a legality rule may
/// refuse some: the ruleset answers, asking its rule.
pub trait AllowedTurns {
    /// # Errors
    /// The legality rule fails.
    fn has_allowed_turn(&self, position: &Position, with_flips: bool) -> Fallible<bool>;
}

/// What a position's questions are answered from: the position and the ruleset around
/// it.
#[derive(Clone, Copy)]
pub struct Asked<'a> {
    pub model: &'a GameModel,
    pub position: &'a Position,
    pub params: &'a BTreeMap<String, Dynamic>,
    /// The board size, `None` on a patch.
    pub size: Option<i64>,
    /// Each player's home edge (`[[players]] home`), if they have one.
    pub homes: [Option<Edge>; 2],
    /// Where a legality rule refuses turns: what says whether one is left.
    pub allowed: Option<&'a dyn AllowedTurns>,
    /// The turn a legality rule weighs, with the position it is played from.
    pub weighed: Option<&'a TurnFacts>,
}

impl Asked<'_> {
    /// The player of a letter.
    pub fn player(&self, letter: &str) -> Fallible<PlayerId> {
        let rules = &self.model.rules;
        // Asked on every recall: the usual one-letter case first.
        if let &[byte] = letter.as_bytes() {
            if let Some(player) = rules.player_by_letter(char::from(byte)) {
                return Ok(player);
            }
        }
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => rules.player_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            format!(
                "`{}` is not a player ({} or {})",
                letter.escape_debug(),
                rules.player_letter(0),
                rules.player_letter(1)
            )
            .into()
        })
    }

    fn letter(&self, player: PlayerId) -> Answer {
        Answer::Letter(Some(self.model.rules.player_letter(player)))
    }

    /// The junction of a name on this position's board.
    pub fn junction(&self, name: &str) -> Fallible<JunctionId> {
        self.position.board().junction_by_name(name).ok_or_else(|| {
            format!("`{}` is not a junction of this board", name.escape_debug()).into()
        })
    }

    /// Whether the ruleset's board is fixed and the position stands on it: where what
    /// the board alone answers is the same in every position (see
    /// [`Question::reads_the_board_alone`]).
    pub fn on_fixed_board(&self) -> bool {
        !self.model.board.is_patch() && self.on_model_board()
    }

    /// Whether the position stands on the model's own board (a fixed board), where a
    /// name is the same junction in every position. A worker thread's copy of the
    /// ruleset has its own copy of the board: the same junctions.
    fn on_model_board(&self) -> bool {
        let (board, model) = (self.position.board(), &self.model.board);
        if Arc::ptr_eq(board, model) {
            return true;
        }
        SAME_BOARDS.with(|same| {
            if let Some((a, b)) = &*same.borrow() {
                if Arc::ptr_eq(a, board) && Arc::ptr_eq(b, model) {
                    return true;
                }
            }
            let is_same = board.same_junctions(model);
            if is_same {
                *same.borrow_mut() = Some((Arc::clone(board), Arc::clone(model)));
            }
            is_same
        })
    }

    /// The junction a script named, read from the name unless a tape resolved it on
    /// the model's board and the position stands on that board.
    fn named(&self, named: &Named) -> Fallible<JunctionId> {
        self.named_on(named, self.on_model_board())
    }

    /// As [`Asked::named`], with [`Asked::on_model_board`] asked once for a list of names.
    fn named_on(&self, named: &Named, on_model_board: bool) -> Fallible<JunctionId> {
        match named.fixed {
            Some(j) if on_model_board => Ok(j),
            _ => self.junction(&named.name),
        }
    }

    /// Resolves the junctions a question names, when the position stands on the model's
    /// board, so the question can be asked again without reading them (names that are
    /// no junction stay unresolved: asking again fails as the script did).
    pub fn resolve_names(&self, question: &mut Question) {
        if !self.on_model_board() {
            return;
        }
        if let Question::Compared(question, _) = question {
            return self.resolve_names(question);
        }
        let resolve = |named: &mut Named| named.fixed = self.junction(&named.name).ok();
        match question {
            Question::OwnerAt(n)
            | Question::KindAt(n)
            | Question::KindsAt(n)
            | Question::Ray(n, _)
            | Question::Lines(n, _)
            | Question::StackAt(n)
            | Question::Height(n)
            | Question::Coords(n)
            | Question::Row(n)
            | Question::Column(n)
            | Question::Colour(n)
            | Question::Neighbours(n)
            | Question::Linked(n)
            | Question::Edges(n) => resolve(n),
            Question::CountHeld(_, names) => names.iter_mut().for_each(resolve),
            Question::Beyond(a, b) => {
                resolve(a);
                resolve(b);
            }
            Question::Connected(chain) | Question::Gap(chain) => {
                chain.from.iter_mut().chain(&mut chain.to).for_each(resolve);
                chain.read = self.read_chain(chain).ok();
            }
            _ => {}
        }
    }

    /// The player's groups that pass the filter, in order of their lowest junction.
    pub fn groups(&self, player: &str, filter: &GroupFilter) -> Fallible<Vec<Group>> {
        Ok(self.groups_of(self.player(player)?, filter))
    }

    /// [`Asked::groups`] of a player known by id.
    pub fn groups_of(&self, player: PlayerId, filter: &GroupFilter) -> Vec<Group> {
        let mut groups = Group::all(self.position, player);
        groups.retain(|g| filter.passes(g));
        groups
    }

    /// Answers a question as a remembered tree compares answers: like
    /// [`Asked::answer`], but a param, the same for every position, is not looked up.
    pub fn answer_to_compare(&self, question: &Question) -> Fallible<Answer> {
        match question {
            Question::Param(_) => Ok(Answer::Param(Dynamic::UNIT)),
            _ => self.answer(question),
        }
    }

    /// Answers a question about the position.
    ///
    /// # Errors
    /// A letter that is no player, a name that is no junction or param, a size asked of
    /// a patch: what the script is told.
    pub fn answer(&self, question: &Question) -> Fallible<Answer> {
        let position = self.position;
        Ok(match question {
            Question::ToMove => self.letter(position.side()),
            Question::Mover => self.letter(1 - position.side()),
            Question::QuietTurns => Answer::Int(i64::from(position.quiet_turns())),
            Question::Size => Answer::Int(
                self.size
                    .ok_or("this ruleset's board is a patch: it has no size")?,
            ),
            Question::Pool => Answer::Int(i64::from(position.pool())),
            Question::Tiles => Answer::Int(position.board().cell_count() as i64),
            Question::Other(p) => self.letter(1 - self.player(p)?),
            Question::Pieces(p) => Answer::Int(i64::from(position.pieces(self.player(p)?))),
            Question::Stacks(p) => Answer::Int(i64::from(position.stack_count(self.player(p)?))),
            Question::Supply(p) => Answer::Int(i64::from(position.supply(self.player(p)?))),
            Question::HasLegalTurn => Answer::Bool(self.has_turn(true)?),
            Question::HasTurnWithoutFlip => Answer::Bool(self.has_turn(false)?),
            Question::OwnerAt(name) => {
                let owner = position.stack(self.named(name)?).owner();
                Answer::Letter(owner.map(|o| self.model.rules.player_letter(o)))
            }
            Question::CountHeld(p, names) => {
                let player = self.player(p)?;
                let fixed = self.on_model_board();
                let mut held = 0;
                for name in names {
                    let j = self.named_on(name, fixed)?;
                    held += i64::from(position.stack(j).is_owned_by(player));
                }
                Answer::Int(held)
            }
            Question::Junctions => self.names_of(0..position.board().junction_count()),
            Question::Occupied => self.names_of(
                (0..position.board().junction_count())
                    .filter(|&j| !position.stack(j as JunctionId).is_empty()),
            ),
            Question::JunctionsOf(p) => {
                let player = self.player(p)?;
                self.names_of(
                    (0..position.board().junction_count())
                        .filter(|&j| position.stack(j as JunctionId).is_owned_by(player)),
                )
            }
            Question::StackAt(name) => {
                let stack = position.stack(self.named(name)?);
                let rules = &self.model.rules;
                Answer::Names(
                    stack
                        .owners()
                        .map(|p| rules.player_letter(p).to_string())
                        .collect(),
                )
            }
            Question::Height(name) => {
                Answer::Int(i64::from(position.stack(self.named(name)?).height()))
            }
            Question::Cells => {
                let board = position.board();
                Answer::Names(
                    (0..board.cell_count())
                        .map(|c| board.cell_name(c as CellId))
                        .collect(),
                )
            }
            Question::TileAt(name) => {
                let board = position.board();
                let cell = board.cell_by_name(name).ok_or_else(|| {
                    format!("`{}` is not a cell of this board", name.escape_debug())
                })?;
                Answer::Text(board.tiles().letter(position.tile(cell)).to_string())
            }
            Question::Coords(name) => {
                let vertex = position.board().junction(self.named(name)?).vertex;
                Answer::Ints(vec![i64::from(vertex.x), i64::from(vertex.y)])
            }
            Question::Row(name) | Question::Column(name) => {
                let board = position.board();
                if board.is_patch() {
                    return Err(format!(
                        "a patch has no rows or columns that stay put; `coords(\"{}\")` gives \
                         a junction's place",
                        name.name.escape_debug()
                    )
                    .into());
                }
                let junction = board.junction(self.named(name)?);
                let index = match question {
                    Question::Row(_) => junction.row,
                    _ => junction.column,
                };
                Answer::Int(i64::from(index) + 1)
            }
            Question::Colour(name) => {
                let colour = position.board().junction(self.named(name)?).colour;
                Answer::Text(colour.to_string())
            }
            Question::Neighbours(name) => {
                let j = self.named(name)?;
                self.sorted_names(position.board().neighbours(j).iter().copied())
            }
            Question::Linked(name) => {
                let j = self.named(name)?;
                let board = position.board();
                self.sorted_names(board.band_neighbours(j, position.tiles()))
            }
            Question::Edges(name) => {
                let j = self.named(name)?;
                Answer::Names(
                    board_edges::edges_of(position.board(), j)
                        .into_iter()
                        .map(String::from)
                        .collect(),
                )
            }
            Question::Edge(edge) => {
                let on = board_edges::junctions_on(position.board(), edge)?;
                self.names_of(on.into_iter().map(usize::from))
            }
            Question::Home(p) => {
                let player = self.player(p)?;
                Answer::Text(
                    self.homes[player as usize]
                        .map(|e| e.to_string())
                        .unwrap_or_default(),
                )
            }
            Question::PlayerColour(p) => {
                let player = self.player(p)?;
                Answer::Text(self.model.rules.colour_of(player).to_string())
            }
            Question::Connected(chain) => {
                let read = self.chain_on_this_board(chain)?;
                let chain = read.as_ref();
                Answer::Bool(board_edges::connected(
                    position,
                    chain.player,
                    &chain.from,
                    &chain.to,
                    chain.adjacency,
                ))
            }
            Question::Gap(chain) => {
                let read = self.chain_on_this_board(chain)?;
                let chain = read.as_ref();
                let gap = board_edges::gap(
                    position,
                    chain.player,
                    &chain.from,
                    &chain.to,
                    chain.adjacency,
                );
                Answer::Int(gap.map_or(-1, i64::from))
            }
            Question::Groups(player, filter) => {
                Answer::Int(self.groups(player, filter)?.len() as i64)
            }
            // What stands for handing groups and changing them is answered where the
            // groups are kept: by the script's view while it runs, by a replay after.
            Question::GroupFact(..) | Question::HeldBy(..) | Question::Change(..) => {
                return Err("a group handed to a run is asked about in that run only".into())
            }
            Question::Compared(question, comparison) => Answer::Bool(
                comparison
                    .apply(&self.answer(question)?)
                    .ok_or("a comparison of values of different types")?,
            ),
            Question::Param(name) => {
                Answer::Param(self.params.get(name).cloned().ok_or_else(|| {
                    format!(
                        "no parameter `{}` in the [params] table of variant.toml",
                        name.escape_debug()
                    )
                })?)
            }
            Question::PiecesOfKind(p, kind) => {
                let (player, kind) = (self.player(p)?, self.kind(kind)?);
                let on_board: u32 = position
                    .stacks()
                    .iter()
                    .map(|s| s.pieces_of_kind(player, kind))
                    .sum();
                Answer::Int(i64::from(on_board))
            }
            Question::SupplyOfKind(p, kind) => {
                let (player, kind) = (self.player(p)?, self.kind(kind)?);
                Answer::Int(i64::from(position.supply_of(player, kind)))
            }
            Question::KindAt(name) => {
                let stack = position.stack(self.named(name)?);
                Answer::Text(match stack.owner() {
                    None => String::new(),
                    Some(_) => self.kind_name(stack.top_kind()).to_string(),
                })
            }
            Question::KindsAt(name) => {
                let stack = position.stack(self.named(name)?);
                Answer::Names(
                    stack
                        .pieces()
                        .map(|(_, kind)| self.kind_name(kind).to_string())
                        .collect(),
                )
            }
            Question::Tallest(p) => {
                let player = self.player(p)?;
                let tallest = position
                    .stacks()
                    .iter()
                    .filter(|s| s.is_owned_by(player))
                    .map(|s| s.height())
                    .max()
                    .unwrap_or(0);
                Answer::Int(i64::from(tallest))
            }
            Question::Counter(name, p) => {
                let at = self.counter(name, p.as_deref())?;
                Answer::Int(position.counter(at))
            }
            Question::CounterChange(..) => {
                return Err("a counter's change is made by the run that makes it".into())
            }
            Question::Turn(which, fact) => self.turn_fact(*which, fact)?,
            Question::Directions => Answer::Names(
                position
                    .board()
                    .lattice()
                    .directions()
                    .iter()
                    .map(|d| d.name.to_string())
                    .collect(),
            ),
            Question::Ray(name, direction) => {
                let board = position.board();
                let ray = board
                    .ray(self.named(name)?, direction)
                    .ok_or_else(|| self.no_direction(direction))?;
                self.names_of(ray.into_iter().map(usize::from))
            }
            Question::Lines(name, n) => {
                let j = self.named(name)?;
                let board = position.board();
                let n = usize::try_from(*n)
                    .ok()
                    .filter(|&n| (1..=board.junction_count()).contains(&n))
                    .ok_or_else(|| {
                        format!(
                            "a line holds 1 to {} junctions on this board, not {n}",
                            board.junction_count()
                        )
                    })?;
                Answer::Lines(
                    board
                        .lines_through(j, n)
                        .into_iter()
                        .map(|line| line.into_iter().map(|j| board.junction_name(j)).collect())
                        .collect(),
                )
            }
            Question::Beyond(a, b) => {
                let board = position.board();
                let beyond = board.beyond(self.named(a)?, self.named(b)?);
                Answer::Text(beyond.map(|j| board.junction_name(j)).unwrap_or_default())
            }
        })
    }

    /// Whether the side to move has a turn, as the ruleset allows them.
    pub fn has_turn(&self, with_flips: bool) -> Fallible<bool> {
        match self.allowed {
            Some(allowed) => allowed.has_allowed_turn(self.position, with_flips),
            None => Ok(self.model.has_turn(self.position, with_flips)),
        }
    }

    /// The kind of piece of a name.
    pub fn kind(&self, name: &str) -> Fallible<KindId> {
        let rules = &self.model.rules;
        rules.kind_by_name(name).ok_or_else(|| {
            let names: Vec<&str> = rules.kinds.iter().map(|k| k.name.as_str()).collect();
            format!(
                "`{}` is not a kind of piece of this ruleset ({})",
                name.escape_debug(),
                names.join(", ")
            )
            .into()
        })
    }

    fn kind_name(&self, kind: KindId) -> &str {
        &self.model.rules.kinds[usize::from(kind)].name
    }

    /// Where a counter's value stands among the position's counters.
    pub fn counter(&self, name: &str, player: Option<&str>) -> Fallible<usize> {
        let rules = &self.model.rules;
        let player = player.map(|p| self.player(p)).transpose()?;
        if let Some((at, _)) = rules.counter_place(name, player) {
            return Ok(at);
        }
        let known = rules.counters.iter().find(|c| c.name == name);
        Err(match known {
            Some(c) if c.per_player => {
                format!("`{name}` is a counter of each player: `game.counter(\"{name}\", player)`")
            }
            Some(_) => format!("`{name}` is the game's counter: `game.counter(\"{name}\")`"),
            None => {
                let names: Vec<&str> = rules.counters.iter().map(|c| c.name.as_str()).collect();
                if names.is_empty() {
                    format!(
                        "`{}` is not a counter: this ruleset has no [[counters]]",
                        name.escape_debug()
                    )
                } else {
                    format!(
                        "`{}` is not a counter of this ruleset ({})",
                        name.escape_debug(),
                        names.join(", ")
                    )
                }
            }
        }
        .into())
    }

    fn no_direction(&self, direction: &str) -> Box<EvalAltResult> {
        let lattice = self.position.board().lattice();
        let names: Vec<&str> = lattice.directions().iter().map(|d| d.name).collect();
        format!(
            "`{}` is not a direction of the {lattice} lattice ({})",
            direction.escape_debug(),
            names.join(", ")
        )
        .into()
    }

    /// A fact of the last turn or of the weighed one; a position reached by no turn
    /// (the start, or read from a text) has a last turn that did nothing.
    fn turn_fact(&self, which: WhichTurn, fact: &TurnFact) -> Fallible<Answer> {
        let facts = match which {
            WhichTurn::Last => self.position.last_turn(),
            WhichTurn::Weighed => Some(
                self.weighed
                    .ok_or("`turn` is the turn a legality rule weighs; there is none here")?,
            ),
        };
        let board = self.position.board();
        let lattice = board.lattice();
        let names =
            |js: &[JunctionId]| Answer::Names(js.iter().map(|&j| board.junction_name(j)).collect());
        let first = |js: &[JunctionId]| {
            Answer::Text(
                js.first()
                    .map(|&j| board.junction_name(j))
                    .unwrap_or_default(),
            )
        };
        let Some(facts) = facts else {
            return Ok(match fact {
                TurnFact::Mover => Answer::Letter(None),
                TurnFact::Flipped
                | TurnFact::Placed
                | TurnFact::Removed
                | TurnFact::From
                | TurnFact::To
                | TurnFact::Dropped => Answer::Text(String::new()),
                TurnFact::Left | TurnFact::Reached => Answer::Names(Vec::new()),
                TurnFact::Height | TurnFact::Moved | TurnFact::Taken => Answer::Int(0),
                TurnFact::TakenOf(kind) => {
                    self.kind(kind)?;
                    Answer::Int(0)
                }
            });
        };
        Ok(match fact {
            TurnFact::Mover => self.letter(facts.mover),
            TurnFact::Flipped => Answer::Text(
                facts
                    .flip
                    .and_then(|cell| board.cell_id(cell))
                    .map(|id| board.cell_name(id))
                    .unwrap_or_default(),
            ),
            TurnFact::Placed => Answer::Text(match facts.tile {
                Some(TileAction::Place { cell, .. }) => names::spiral(lattice, cell),
                _ => String::new(),
            }),
            TurnFact::Removed => Answer::Text(match facts.tile {
                Some(TileAction::Remove { cell }) => names::spiral(lattice, cell),
                _ => String::new(),
            }),
            TurnFact::Left => names(&facts.left),
            TurnFact::Reached => names(&facts.reached),
            TurnFact::From => first(&facts.left),
            TurnFact::To => first(&facts.reached),
            TurnFact::Height => Answer::Int(i64::from(facts.height)),
            TurnFact::Moved => Answer::Int(i64::from(facts.moved)),
            TurnFact::Dropped => Answer::Text(
                facts
                    .dropped
                    .map(|k| self.kind_name(k).to_string())
                    .unwrap_or_default(),
            ),
            TurnFact::Taken => Answer::Int(i64::from(facts.taken_total())),
            TurnFact::TakenOf(kind) => {
                Answer::Int(i64::from(facts.taken[usize::from(self.kind(kind)?)]))
            }
        })
    }
}

impl Asked<'_> {
    /// The names of junctions, in board order.
    fn names_of(&self, junctions: impl Iterator<Item = usize>) -> Answer {
        let board = self.position.board();
        Answer::Names(
            junctions
                .map(|j| board.junction_name(j as JunctionId))
                .collect(),
        )
    }

    /// The names of junctions, in board order whatever order they came in.
    fn sorted_names(&self, junctions: impl Iterator<Item = JunctionId>) -> Answer {
        let mut ids: Vec<usize> = junctions.map(usize::from).collect();
        ids.sort_unstable();
        ids.dedup();
        self.names_of(ids.into_iter())
    }

    fn junction_list(&self, names: &[Named]) -> Fallible<Vec<JunctionId>> {
        let fixed = self.on_model_board();
        names
            .iter()
            .map(|name| self.named_on(name, fixed))
            .collect()
    }

    /// A chain's player, its two ends and its adjacency, read.
    fn read_chain(&self, chain: &Chain) -> Fallible<ReadChain> {
        Ok(ReadChain {
            player: self.player(&chain.player)?,
            from: self.junction_list(&chain.from)?,
            to: self.junction_list(&chain.to)?,
            adjacency: board_edges::Adjacency::named(&chain.adjacency)?,
        })
    }

    /// A chain as it reads on this position's board: as a tape read it on the model's
    /// board if the position stands there, else read again.
    fn chain_on_this_board<'c>(&self, chain: &'c Chain) -> Fallible<Cow<'c, ReadChain>> {
        match &chain.read {
            Some(read) if self.on_model_board() => Ok(Cow::Borrowed(read)),
            _ => Ok(Cow::Owned(self.read_chain(chain)?)),
        }
    }
}

/// Junction names given as an array, as `count_held` takes them.
pub fn names(given: Array) -> Fallible<Vec<Named>> {
    given
        .into_iter()
        .map(|name| {
            name.into_string()
                .map(Named::from)
                .map_err(|t| format!("junction names are strings, not {t}").into())
        })
        .collect()
}
