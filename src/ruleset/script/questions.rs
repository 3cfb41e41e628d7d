//! The answers to the questions a script can ask of a game (`game.pieces("x")`,
//! `game.quiet_turns`; the questions themselves are [`super::question`]): the `game` API
//! answers through here, and a script's answers can be written down while it runs and
//! asked again of another position without it (see `memo.rs`).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

use rhai::{Dynamic, EvalAltResult};
use variant_run_core::{
    names, Board, CellId, GameModel, Group, JunctionId, KindId, PlayerId, Position, TileAction,
    TurnFacts,
};

pub use super::answers::{Answer, CounterChange};
use super::board_edges;
pub use super::question::{
    names, Chain, Comparison, Constant, GroupFilter, Named, Op, Question, TurnFact, WhichTurn,
};
use super::question::{Fallible, ReadChain};
use crate::ruleset::config::Edge;

thread_local! {
    /// The last two boards found to have the same junctions: a worker thread's copy of
    /// the model's board and the one its positions stand on. Kept, so the comparison is
    /// made once a thread (holding them, their addresses cannot be reused meanwhile).
    static SAME_BOARDS: RefCell<Option<(Arc<Board>, Arc<Board>)>> = const { RefCell::new(None) };
}

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
        match question {
            Question::OwnerAt(..)
            | Question::CountHeld(..)
            | Question::Junctions
            | Question::Occupied
            | Question::JunctionsOf(..)
            | Question::StackAt(..)
            | Question::Height(..)
            | Question::PiecesOfKind(..)
            | Question::SupplyOfKind(..)
            | Question::KindAt(..)
            | Question::KindsAt(..) => self.stacks_answer(question),
            Question::Cells
            | Question::TileAt(..)
            | Question::Coords(..)
            | Question::Row(..)
            | Question::Column(..)
            | Question::Colour(..)
            | Question::Neighbours(..)
            | Question::Linked(..)
            | Question::Edges(..)
            | Question::Edge(..) => self.board_answer(question),
            Question::Connected(..)
            | Question::Gap(..)
            | Question::Directions
            | Question::Ray(..)
            | Question::Lines(..)
            | Question::Beyond(..) => self.lines_answer(question),
            Question::ToMove
            | Question::Mover
            | Question::QuietTurns
            | Question::Size
            | Question::Pool
            | Question::Tiles
            | Question::Other(..)
            | Question::Pieces(..)
            | Question::Stacks(..)
            | Question::Supply(..)
            | Question::HasLegalTurn
            | Question::HasTurnWithoutFlip
            | Question::Home(..)
            | Question::PlayerColour(..)
            | Question::Groups(..)
            | Question::GroupFact(..)
            | Question::HeldBy(..)
            | Question::Change(..)
            | Question::Compared(..)
            | Question::Param(..)
            | Question::Tallest(..)
            | Question::Counter(..)
            | Question::CounterChange(..)
            | Question::Turn(..) => self.game_answer(question),
        }
    }

    /// Answers a question about the game and its players: whose turn, counts, counters,
    /// params, groups, the last or weighed turn.
    fn game_answer(&self, question: &Question) -> Fallible<Answer> {
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
            _ => unreachable!("`answer` asks `game_answer` only its own questions"),
        })
    }

    /// Answers a question about the stacks on the junctions: who holds what where.
    fn stacks_answer(&self, question: &Question) -> Fallible<Answer> {
        let position = self.position;
        Ok(match question {
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
            Question::PiecesOfKind(p, kind) => {
                let (player, kind) = (self.player(p)?, self.kind(kind)?);
                Answer::Int(i64::from(position.pieces_of_kind(player, kind)))
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
            _ => unreachable!("`answer` asks `stacks_answer` only its own questions"),
        })
    }

    /// Answers a question about the board itself: its cells and tiles, where a junction
    /// is, what is next to it and linked to it, its edges.
    fn board_answer(&self, question: &Question) -> Fallible<Answer> {
        let position = self.position;
        Ok(match question {
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
            _ => unreachable!("`answer` asks `board_answer` only its own questions"),
        })
    }

    /// Answers a question about lines on the board: chains between junctions, the
    /// lattice's directions, rays and lines through a junction.
    fn lines_answer(&self, question: &Question) -> Fallible<Answer> {
        let position = self.position;
        Ok(match question {
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
            _ => unreachable!("`answer` asks `lines_answer` only its own questions"),
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
