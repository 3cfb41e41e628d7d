//! The questions a script can ask of a game, as values: what each asks, with its
//! arguments as the script gave them (junction names, player letters, kinds), so a
//! question written down while a script runs can be asked again of another position
//! (see `memo.rs`). `questions.rs` answers them.

use std::hash::Hash;

use rhai::{Array, Dynamic, EvalAltResult, Map};
use variant_run_core::{Group, JunctionId, PlayerId};

use super::answers::{Answer, CounterChange};
use super::board_edges;
use super::handed::{Change, Fact};

pub(super) type Fallible<T> = Result<T, Box<EvalAltResult>>;

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
/// (see `compared.rs`).
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
/// (`ComparedSites::resolve_params` in `compared.rs`).
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
    pub(super) fixed: Option<JunctionId>,
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
    pub(super) read: Option<ReadChain>,
}

/// A chain with its names, letter and word read on one board.
#[derive(Clone, Debug)]
pub(super) struct ReadChain {
    pub player: PlayerId,
    pub from: Vec<JunctionId>,
    pub to: Vec<JunctionId>,
    pub adjacency: board_edges::Adjacency,
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
