//! The questions a script can ask of a game (`game.pieces("x")`, `game.quiet_turns`) and
//! their answers, as values: the `game` API answers through here, and a script's answers
//! can be written down while it runs and asked again of another position without it
//! (see [`super::memo`]).

use std::collections::BTreeMap;

use rhai::{Array, Dynamic, EvalAltResult};
use variant_run_core::{CellId, GameModel, JunctionId, PlayerId, Position};

use super::board_edges;
use crate::ruleset::config::Edge;

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
    OwnerAt(String),
    CountHeld(String, Vec<String>),
    Param(String),
    // The board, read (see docs/scripting.md).
    Junctions,
    Occupied,
    JunctionsOf(String),
    StackAt(String),
    Height(String),
    Cells,
    TileAt(String),
    Coords(String),
    Row(String),
    Column(String),
    Colour(String),
    Neighbours(String),
    Linked(String),
    Edges(String),
    Edge(String),
    Home(String),
    PlayerColour(String),
    Connected(Chain),
    Gap(Chain),
}

/// A chain asked about: whose pieces, from which junctions to which, joined how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub player: String,
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub adjacency: String,
}

/// An answer, as the script receives it.
#[derive(Clone, Debug)]
pub enum Answer {
    Int(i64),
    Bool(bool),
    /// A player's letter, or none (`owner_at` an empty junction: "").
    Letter(Option<char>),
    /// A `[params]` value: the same for every position while the ruleset is loaded.
    Param(Dynamic),
    /// A word: a colour, an edge, a tile state's letter.
    Text(String),
    /// Junction or cell names, or players' letters.
    Names(Vec<String>),
    /// Coordinates.
    Ints(Vec<i64>),
}

/// Answers are equal when the script cannot tell them apart; a param always equals
/// itself (params do not change once loaded).
impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        match (self, other) {
            (Answer::Int(a), Answer::Int(b)) => a == b,
            (Answer::Bool(a), Answer::Bool(b)) => a == b,
            (Answer::Letter(a), Answer::Letter(b)) => a == b,
            (Answer::Param(_), Answer::Param(_)) => true,
            (Answer::Text(a), Answer::Text(b)) => a == b,
            (Answer::Names(a), Answer::Names(b)) => a == b,
            (Answer::Ints(a), Answer::Ints(b)) => a == b,
            _ => false,
        }
    }
}

impl Answer {
    /// The value the script sees.
    pub fn into_dynamic(self) -> Dynamic {
        match self {
            Answer::Int(i) => i.into(),
            Answer::Bool(b) => b.into(),
            Answer::Letter(l) => l.map(String::from).unwrap_or_default().into(),
            Answer::Param(value) => value,
            Answer::Text(text) => text.into(),
            Answer::Names(names) => names
                .into_iter()
                .map(Dynamic::from)
                .collect::<Array>()
                .into(),
            Answer::Ints(ints) => ints
                .into_iter()
                .map(Dynamic::from)
                .collect::<Array>()
                .into(),
        }
    }
}

/// What a position's questions are answered from: the position and the ruleset around
/// it.
pub struct Asked<'a> {
    pub model: &'a GameModel,
    pub position: &'a Position,
    pub params: &'a BTreeMap<String, Dynamic>,
    /// The board size, `None` on a patch.
    pub size: Option<i64>,
    /// Each player's home edge (`[[players]] home`), if they have one.
    pub homes: [Option<Edge>; 2],
}

impl Asked<'_> {
    /// The player of a letter.
    pub fn player(&self, letter: &str) -> Fallible<PlayerId> {
        let rules = &self.model.rules;
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
            Question::HasLegalTurn => Answer::Bool(self.model.has_turn(position, true)),
            Question::HasTurnWithoutFlip => Answer::Bool(self.model.has_turn(position, false)),
            Question::OwnerAt(name) => {
                let owner = position.stack(self.junction(name)?).owner();
                Answer::Letter(owner.map(|o| self.model.rules.player_letter(o)))
            }
            Question::CountHeld(p, names) => {
                let player = self.player(p)?;
                let mut held = 0;
                for name in names {
                    held += i64::from(position.stack(self.junction(name)?).is_owned_by(player));
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
                let stack = position.stack(self.junction(name)?);
                let rules = &self.model.rules;
                Answer::Names(
                    stack
                        .owners()
                        .map(|p| rules.player_letter(p).to_string())
                        .collect(),
                )
            }
            Question::Height(name) => {
                Answer::Int(i64::from(position.stack(self.junction(name)?).height()))
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
                let vertex = position.board().junction(self.junction(name)?).vertex;
                Answer::Ints(vec![i64::from(vertex.x), i64::from(vertex.y)])
            }
            Question::Row(name) | Question::Column(name) => {
                let board = position.board();
                if board.is_patch() {
                    return Err(format!(
                        "a patch has no rows or columns that stay put; `coords(\"{}\")` gives \
                         a junction's place",
                        name.escape_debug()
                    )
                    .into());
                }
                let junction = board.junction(self.junction(name)?);
                let index = match question {
                    Question::Row(_) => junction.row,
                    _ => junction.column,
                };
                Answer::Int(i64::from(index) + 1)
            }
            Question::Colour(name) => {
                let colour = position.board().junction(self.junction(name)?).colour;
                Answer::Text(colour.to_string())
            }
            Question::Neighbours(name) => {
                let j = self.junction(name)?;
                self.sorted_names(position.board().neighbours(j).iter().copied())
            }
            Question::Linked(name) => {
                let j = self.junction(name)?;
                let board = position.board();
                self.sorted_names(board.band_neighbours(j, position.tiles()))
            }
            Question::Edges(name) => {
                let j = self.junction(name)?;
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
                let (player, from, to, adjacency) = self.chain(chain)?;
                Answer::Bool(board_edges::connected(
                    position, player, &from, &to, adjacency,
                ))
            }
            Question::Gap(chain) => {
                let (player, from, to, adjacency) = self.chain(chain)?;
                let gap = board_edges::gap(position, player, &from, &to, adjacency);
                Answer::Int(gap.map_or(-1, i64::from))
            }
            Question::Param(name) => {
                Answer::Param(self.params.get(name).cloned().ok_or_else(|| {
                    format!(
                        "no parameter `{}` in the [params] table of variant.toml",
                        name.escape_debug()
                    )
                })?)
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

    fn junction_list(&self, names: &[String]) -> Fallible<Vec<JunctionId>> {
        names.iter().map(|name| self.junction(name)).collect()
    }

    /// A chain's player, its two ends and its adjacency, read.
    #[allow(clippy::type_complexity)]
    fn chain(
        &self,
        chain: &Chain,
    ) -> Fallible<(
        PlayerId,
        Vec<JunctionId>,
        Vec<JunctionId>,
        board_edges::Adjacency,
    )> {
        Ok((
            self.player(&chain.player)?,
            self.junction_list(&chain.from)?,
            self.junction_list(&chain.to)?,
            board_edges::Adjacency::named(&chain.adjacency)?,
        ))
    }
}

/// Junction names given as an array, as `count_held` takes them.
pub fn names(given: Array) -> Fallible<Vec<String>> {
    given
        .into_iter()
        .map(|name| {
            name.into_string()
                .map_err(|t| format!("junction names are strings, not {t}").into())
        })
        .collect()
}
