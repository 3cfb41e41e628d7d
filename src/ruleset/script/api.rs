//! What scripts see of a game: a position and native helpers to question it, and, in the
//! after-turn script, to take pieces off it.
//!
//! The helpers do the loops and graph searches in Rust, so a rule reads like the rule
//! book: `if game.pieces(game.to_move) == 0 { ... }`, `for group in game.groups(p,
//! #{ liberties: 0 }) { game.remove_top(group) }`. Players are named by their letters,
//! junctions by their names on the board.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, NativeCallContext};
use variant_run_core::{Board, GameModel, Group, JunctionId, PlayerId, Position, TurnFacts};

use super::handed::{self, Change, Fact};
use super::memo::Tape;
use super::questions::{
    self, AllowedTurns, Answer, Asked, CounterChange, GroupFilter, Question, TurnFact, WhichTurn,
};
use crate::ruleset::config::Edge;

/// A position handed to a script, with the ruleset around it. Copies of it share the
/// position, so what the after-turn script changes is what the game keeps.
#[derive(Clone)]
pub struct GameView {
    pub(crate) model: Arc<GameModel>,
    pub(crate) position: Rc<RefCell<Position>>,
    pub(crate) params: Rc<BTreeMap<String, Dynamic>>,
    /// The board size, `None` on a patch.
    pub(crate) size: Option<i64>,
    /// Each player's home edge.
    pub(crate) homes: [Option<Edge>; 2],
    /// Where the questions the script asks are written down, when they are.
    pub(crate) tape: Option<Rc<RefCell<Tape>>>,
    /// Where a legality rule refuses turns: what says whether one is left.
    pub(crate) allowed: Option<Rc<dyn AllowedTurns>>,
    /// The turn a legality rule weighs, in its call.
    pub(crate) weighed: Option<Rc<TurnFacts>>,
}

/// A turn as scripts see it: the one that led to the position (`game.last_turn`), or the
/// one a legality rule weighs (its `turn`). What the script reads of it is a question
/// of the game's, written down like any other.
#[derive(Clone)]
pub struct TurnView {
    game: GameView,
    which: WhichTurn,
}

impl TurnView {
    fn read(&self, ctx: &NativeCallContext, fact: TurnFact) -> Fallible<Dynamic> {
        self.game.ask(ctx, Question::Turn(self.which, fact))
    }
}

/// A group of one player's pieces, as scripts see it: its junctions, its liberties, and
/// whether it touches the edge. A group handed while the run's questions are written
/// down knows its number in the run and the tape, so what the script reads of it and
/// does with it is written down too (see [`super::handed`]).
#[derive(Clone)]
pub struct GroupView {
    group: Group,
    board: Arc<Board>,
    model: Arc<GameModel>,
    handed: Option<(usize, Rc<RefCell<Tape>>)>,
}

impl GroupView {
    /// What the script reads of the group, written down if the group is numbered.
    fn read(&self, fact: Fact) -> Dynamic {
        let answer = fact.of(&self.group, &self.board, &self.model.rules);
        if let Some((n, tape)) = &self.handed {
            tape.borrow_mut()
                .write(Question::GroupFact(*n, fact), &answer, false);
        }
        answer.into_dynamic()
    }
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

impl GameView {
    /// Answers a question about the position, writing it down if the view keeps a tape:
    /// as the comparison the script makes of it there, when it compares it with a
    /// constant right where it asks (see [`super::compared`]).
    fn ask(&self, ctx: &NativeCallContext, mut question: Question) -> Fallible<Dynamic> {
        let position = self.position.borrow();
        let asked = self.asked(&position);
        let answer = asked.answer(&question)?;
        if let Some(tape) = &self.tape {
            let mut tape = tape.borrow_mut();
            let on_fixed_board = asked.on_fixed_board();
            asked.resolve_names(&mut question);
            let compared = tape
                .sites
                .at(ctx.call_source(), ctx.call_position())
                .and_then(|c| Some((c.clone(), c.apply(&answer)?)));
            match compared {
                Some((comparison, result)) => tape.write(
                    Question::Compared(Box::new(question), comparison),
                    &Answer::Bool(result),
                    on_fixed_board,
                ),
                None => tape.write(question, &answer, on_fixed_board),
            }
        }
        Ok(answer.into_dynamic())
    }

    /// Answers a groups question: the script gets the groups, numbered in the run
    /// when its questions are written down; the tape how many.
    fn ask_groups(&self, player: &str, filter: GroupFilter) -> Fallible<Array> {
        let position = self.position.borrow();
        let groups = self.asked(&position).groups(player, &filter)?;
        let first = self.tape.as_ref().map(|tape| {
            let mut tape = tape.borrow_mut();
            let count = Answer::Int(groups.len() as i64);
            tape.write(Question::Groups(player.into(), filter), &count, false);
            tape.hand(groups.len())
        });
        Ok(groups
            .into_iter()
            .enumerate()
            .map(|(i, group)| {
                let n = first.map(|first| first + i);
                Dynamic::from(self.group_view(&position, group, n))
            })
            .collect())
    }

    /// Notes that the script did what a tape cannot repeat (changed the position by
    /// junction names, or put pieces on it).
    fn unrepeatable(&self) {
        if let Some(tape) = &self.tape {
            tape.borrow_mut().unrepeatable = true;
        }
    }

    /// `held_by`: of the given junctions, those the player's pieces top now, as a group
    /// (numbered in the run, as the next handed, when the junctions were a numbered
    /// group).
    fn held_by(&self, given: Dynamic, letter: &str) -> Fallible<GroupView> {
        let player = self.player(letter)?;
        let (junctions, from) = self.junctions(given)?;
        let position = self.position.borrow();
        let held = handed::held_by(&position, &junctions, player);
        let n = match (&self.tape, from) {
            (Some(tape), Some(from)) => {
                let mut tape = tape.borrow_mut();
                tape.write(
                    Question::HeldBy(from, letter.into()),
                    &Answer::Bool(true),
                    false,
                );
                Some(tape.hand(1))
            }
            _ => {
                self.unrepeatable();
                None
            }
        };
        Ok(self.group_view(&position, held, n))
    }

    /// Makes a change to the given junctions (written down when they were a numbered
    /// group); nothing is changed if it fails.
    fn change(&self, change: Change, given: Dynamic) -> Fallible<()> {
        let (junctions, from) = self.junctions(given)?;
        change.make(&mut self.position.borrow_mut(), &junctions)?;
        match (&self.tape, from) {
            (Some(tape), Some(n)) => {
                tape.borrow_mut()
                    .write(Question::Change(change, n), &Answer::Bool(true), false);
            }
            _ => self.unrepeatable(),
        }
        Ok(())
    }

    /// What questions about `position` are answered from.
    fn asked<'a>(&'a self, position: &'a Position) -> Asked<'a> {
        Asked {
            model: &self.model,
            position,
            params: &self.params,
            size: self.size,
            homes: self.homes,
            allowed: self.allowed.as_deref(),
            weighed: self.weighed.as_deref(),
        }
    }

    /// The turn the script is handed as `turn` (a legality rule's), or as
    /// `game.last_turn`.
    pub(crate) fn turn_view(&self, which: WhichTurn) -> TurnView {
        TurnView {
            game: self.clone(),
            which,
        }
    }

    /// Changes a counter as the script asks (written down as an act where the run's
    /// questions are); nothing is changed if it fails.
    fn change_counter(
        &self,
        name: &str,
        player: Option<&str>,
        change: CounterChange,
    ) -> Fallible<()> {
        let at = self.asked(&self.position.borrow()).counter(name, player)?;
        handed::change_counter(
            &self.model.rules,
            &mut self.position.borrow_mut(),
            at,
            change,
        )?;
        if let Some(tape) = &self.tape {
            tape.borrow_mut().write(
                Question::CounterChange(name.into(), player.map(String::from), change),
                &Answer::Bool(true),
                false,
            );
        }
        Ok(())
    }

    fn player(&self, letter: &str) -> Fallible<PlayerId> {
        self.asked(&self.position.borrow()).player(letter)
    }

    /// Junctions given as a group or as an array of junction names, with the group's
    /// number in the run if it has one.
    fn junctions(&self, given: Dynamic) -> Fallible<(Vec<JunctionId>, Option<usize>)> {
        // Taken by value, not cloned: the capture rules hand a group over every time.
        let given = match given.try_cast_result::<GroupView>() {
            Ok(group) => {
                if !Arc::ptr_eq(&group.board, self.position.borrow().board()) {
                    return Err("this group belongs to another board".into());
                }
                return Ok((
                    group.group.junctions.into_vec(),
                    group.handed.map(|(n, _)| n),
                ));
            }
            Err(given) => given,
        };
        let names = given.try_cast_result::<Array>().map_err(|given| {
            format!(
                "expected a group or an array of junction names, not {}",
                given.type_name()
            )
        })?;
        let position = self.position.borrow();
        let asked = self.asked(&position);
        let junctions = questions::names(names)?
            .iter()
            .map(|named| asked.junction(&named.name))
            .collect::<Fallible<_>>()?;
        Ok((junctions, None))
    }

    /// Puts a piece of `letter`'s player, of the kind named `kind` (the first kind when
    /// `None`), on top of junction `name`, from their supply when `from_supply` (then
    /// false, with nothing changed, when it holds none of that kind).
    fn give(
        &self,
        letter: &str,
        name: &str,
        kind: Option<&str>,
        from_supply: bool,
    ) -> Fallible<bool> {
        self.unrepeatable();
        let player = self.player(letter)?;
        let (j, kind) = {
            let position = self.position.borrow();
            let asked = self.asked(&position);
            (
                asked.junction(name)?,
                kind.map(|k| asked.kind(k)).transpose()?.unwrap_or(0),
            )
        };
        let mut position = self.position.borrow_mut();
        let stack = position.stack(j);
        let rules = &self.model.rules;
        if stack.height() >= rules.max_height {
            return Err(format!(
                "`{}` holds a stack of {}: as high as stacks go in this ruleset",
                name.escape_debug(),
                stack.height()
            )
            .into());
        }
        if !stack.is_empty() && !rules.may_pin(stack, kind) {
            return Err(format!(
                "`{}` holds a piece, and a {} does not stand on one",
                name.escape_debug(),
                rules.kinds[usize::from(kind)].name
            )
            .into());
        }
        if from_supply {
            let supply = position.supply_of(player, kind);
            if supply == 0 {
                return Ok(false);
            }
            position.set_supply_of(player, kind, supply - 1);
        }
        position.set_stack(j, stack.pushed_piece(player, kind));
        Ok(true)
    }

    fn group_view(&self, position: &Position, group: Group, n: Option<usize>) -> GroupView {
        GroupView {
            group,
            board: Arc::clone(position.board()),
            model: Arc::clone(&self.model),
            handed: n.zip(self.tape.clone()),
        }
    }
}

/// A chain question's arguments, as the script gave them.
fn chain(player: &str, from: Array, to: Array, adjacency: &str) -> Fallible<questions::Chain> {
    Ok(questions::Chain::new(
        player.into(),
        questions::names(from)?,
        questions::names(to)?,
        adjacency.into(),
    ))
}

/// Registers the `Turn` type: what scripts read of a turn, each a question.
fn register_turn_api(engine: &mut Engine) {
    engine.register_type_with_name::<TurnView>("Turn");
    let facts = [
        ("get$mover", TurnFact::Mover),
        ("get$flipped", TurnFact::Flipped),
        ("get$placed", TurnFact::Placed),
        ("get$removed", TurnFact::Removed),
        ("get$left", TurnFact::Left),
        ("get$reached", TurnFact::Reached),
        ("get$from", TurnFact::From),
        ("get$to", TurnFact::To),
        ("get$height", TurnFact::Height),
        ("get$moved", TurnFact::Moved),
        ("get$dropped", TurnFact::Dropped),
        ("get$taken", TurnFact::Taken),
    ];
    for (name, fact) in facts {
        engine.register_fn(name, move |ctx: NativeCallContext, t: &mut TurnView| {
            t.read(&ctx, fact.clone())
        });
    }
    // The other player's pieces of a kind the turn took.
    engine.register_fn(
        "taken_of",
        |ctx: NativeCallContext, t: &mut TurnView, kind: &str| {
            t.read(&ctx, TurnFact::TakenOf(kind.into()))
        },
    );
}

/// Registers the `Game` and `Group` types and their helpers. Every helper that reads the
/// position answers a [`Question`], so a run's questions can be written down.
pub fn register_game_api(engine: &mut Engine) {
    engine.register_type_with_name::<GameView>("Game");
    engine.register_type_with_name::<GroupView>("Group");
    register_position_facts(engine);
    register_counters_and_last_turn(engine);
    register_lines_and_groups(engine);
    register_board_reads(engine);
    register_chains_and_changes(engine);
    register_params_and_printing(engine);
}

/// The player to move, the tiles, and each player's pieces, kinds and stacks.
fn register_position_facts(engine: &mut Engine) {
    // The player to move now, and the one who made the turn just played.
    engine.register_fn("get$to_move", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::ToMove)
    });
    engine.register_fn("get$mover", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Mover)
    });
    engine.register_fn(
        "get$quiet_turns",
        |ctx: NativeCallContext, g: &mut GameView| g.ask(&ctx, Question::QuietTurns),
    );
    engine.register_fn("get$size", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Size)
    });
    // Tiles left in the pool, and tiles on the board.
    engine.register_fn("get$pool", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Pool)
    });
    engine.register_fn("get$tiles", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Tiles)
    });
    engine.register_fn(
        "other",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| g.ask(&ctx, Question::Other(p.into())),
    );
    // Pieces of the player on the board (pinned ones included), and stacks they top.
    engine.register_fn(
        "pieces",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| g.ask(&ctx, Question::Pieces(p.into())),
    );
    engine.register_fn(
        "stacks",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| g.ask(&ctx, Question::Stacks(p.into())),
    );
    // Pieces the player holds off the board, of every kind, or of one.
    engine.register_fn(
        "supply",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| g.ask(&ctx, Question::Supply(p.into())),
    );
    engine.register_fn(
        "supply",
        |ctx: NativeCallContext, g: &mut GameView, p: &str, kind: &str| {
            g.ask(&ctx, Question::SupplyOfKind(p.into(), kind.into()))
        },
    );
    // The player's pieces of a kind on the board.
    engine.register_fn(
        "pieces",
        |ctx: NativeCallContext, g: &mut GameView, p: &str, kind: &str| {
            g.ask(&ctx, Question::PiecesOfKind(p.into(), kind.into()))
        },
    );
    // The kind of a junction's top piece ("" when empty), and of all its pieces.
    engine.register_fn(
        "kind_at",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::KindAt(name.into()))
        },
    );
    engine.register_fn(
        "kinds_at",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::KindsAt(name.into()))
        },
    );
    // The height of the player's tallest stack.
    engine.register_fn(
        "tallest",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| {
            g.ask(&ctx, Question::Tallest(p.into()))
        },
    );
}

/// Counters, and what the turn that led here did.
fn register_counters_and_last_turn(engine: &mut Engine) {
    // Counters: read anywhere, changed by the after-turn script.
    engine.register_fn(
        "counter",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Counter(name.into(), None))
        },
    );
    engine.register_fn(
        "counter",
        |ctx: NativeCallContext, g: &mut GameView, name: &str, p: &str| {
            g.ask(&ctx, Question::Counter(name.into(), Some(p.into())))
        },
    );
    engine.register_fn(
        "set_counter",
        |g: &mut GameView, name: &str, value: i64| -> Fallible<()> {
            g.change_counter(name, None, CounterChange::Set(value))
        },
    );
    engine.register_fn(
        "set_counter",
        |g: &mut GameView, name: &str, p: &str, value: i64| -> Fallible<()> {
            g.change_counter(name, Some(p), CounterChange::Set(value))
        },
    );
    engine.register_fn(
        "add_counter",
        |g: &mut GameView, name: &str, by: i64| -> Fallible<()> {
            g.change_counter(name, None, CounterChange::Add(by))
        },
    );
    engine.register_fn(
        "add_counter",
        |g: &mut GameView, name: &str, p: &str, by: i64| -> Fallible<()> {
            g.change_counter(name, Some(p), CounterChange::Add(by))
        },
    );
    // What the turn that led here did.
    engine.register_fn("get$last_turn", |g: &mut GameView| {
        g.turn_view(WhichTurn::Last)
    });
}

/// Lines through junctions, who can move, who tops what, and groups.
fn register_lines_and_groups(engine: &mut Engine) {
    // Lines: the lattice's directions, a junction's ray, the lines of n through it, and
    // the junction past a neighbour.
    engine.register_fn("directions", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Directions)
    });
    engine.register_fn(
        "ray",
        |ctx: NativeCallContext, g: &mut GameView, name: &str, direction: &str| {
            g.ask(&ctx, Question::Ray(name.into(), direction.into()))
        },
    );
    engine.register_fn(
        "lines",
        |ctx: NativeCallContext, g: &mut GameView, name: &str, n: i64| {
            g.ask(&ctx, Question::Lines(name.into(), n))
        },
    );
    engine.register_fn(
        "beyond",
        |ctx: NativeCallContext, g: &mut GameView, from: &str, over: &str| {
            g.ask(&ctx, Question::Beyond(from.into(), over.into()))
        },
    );
    // Whether the player to move has any legal turn, a flip that opens a move included.
    engine.register_fn(
        "has_legal_turn",
        |ctx: NativeCallContext, g: &mut GameView| g.ask(&ctx, Question::HasLegalTurn),
    );
    // Whether the player to move can step, merge or split without flipping first.
    engine.register_fn(
        "has_turn_without_flip",
        |ctx: NativeCallContext, g: &mut GameView| g.ask(&ctx, Question::HasTurnWithoutFlip),
    );
    // The letter of the player whose piece tops a junction, or "" when it is empty.
    engine.register_fn(
        "owner_at",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::OwnerAt(name.into()))
        },
    );
    // How many of the named junctions the player's pieces top.
    engine.register_fn(
        "count_held",
        |ctx: NativeCallContext, g: &mut GameView, p: &str, names: Array| -> Fallible<Dynamic> {
            g.ask(
                &ctx,
                Question::CountHeld(p.into(), questions::names(names)?),
            )
        },
    );
    // The player's groups: maximal sets of adjacent junctions their pieces top; with a
    // filter (`#{ liberties: 0 }`), those whose properties are as it says.
    engine.register_fn("groups", |g: &mut GameView, p: &str| -> Fallible<Array> {
        g.ask_groups(p, GroupFilter::default())
    });
    engine.register_fn(
        "groups",
        |g: &mut GameView, p: &str, filter: Map| -> Fallible<Array> {
            g.ask_groups(p, GroupFilter::read(&filter)?)
        },
    );
    // Of the given junctions, those the player's pieces top now, as a group.
    engine.register_fn(
        "held_by",
        |g: &mut GameView, given: Dynamic, p: &str| -> Fallible<GroupView> { g.held_by(given, p) },
    );
}

/// The top pieces taken off a group, and the board read: junctions, cells, tiles.
fn register_board_reads(engine: &mut Engine) {
    // Takes the top piece off each of the given junctions (a group, or junction names);
    // the pieces leave the game. Only the after-turn script's changes are kept.
    engine.register_fn(
        "remove_top",
        |g: &mut GameView, given: Dynamic| -> Fallible<()> { g.change(Change::RemoveTop, given) },
    );
    // The board, read. Junctions and cells are named as on the board; lists come in
    // board order (docs/scripting.md gives each call with an example).
    engine.register_fn("junctions", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Junctions)
    });
    engine.register_fn("occupied", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Occupied)
    });
    engine.register_fn(
        "junctions_of",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| {
            g.ask(&ctx, Question::JunctionsOf(p.into()))
        },
    );
    engine.register_fn(
        "stack_at",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::StackAt(name.into()))
        },
    );
    engine.register_fn(
        "height",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Height(name.into()))
        },
    );
    engine.register_fn("cells", |ctx: NativeCallContext, g: &mut GameView| {
        g.ask(&ctx, Question::Cells)
    });
    engine.register_fn(
        "tile_at",
        |ctx: NativeCallContext, g: &mut GameView, cell: &str| {
            g.ask(&ctx, Question::TileAt(cell.into()))
        },
    );
    engine.register_fn(
        "coords",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Coords(name.into()))
        },
    );
    engine.register_fn(
        "row",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Row(name.into()))
        },
    );
    engine.register_fn(
        "column",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Column(name.into()))
        },
    );
    engine.register_fn(
        "colour",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Colour(name.into()))
        },
    );
    engine.register_fn(
        "neighbours",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Neighbours(name.into()))
        },
    );
    engine.register_fn(
        "linked",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Linked(name.into()))
        },
    );
    engine.register_fn(
        "edges",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Edges(name.into()))
        },
    );
    engine.register_fn(
        "edge",
        |ctx: NativeCallContext, g: &mut GameView, edge: &str| {
            g.ask(&ctx, Question::Edge(edge.into()))
        },
    );
    engine.register_fn(
        "home",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| g.ask(&ctx, Question::Home(p.into())),
    );
}

/// Colours and chains, and the changes an after-turn script makes to the pieces.
fn register_chains_and_changes(engine: &mut Engine) {
    // The colour of the junctions the player owns: "dark" or "light".
    engine.register_fn(
        "player_colour",
        |ctx: NativeCallContext, g: &mut GameView, p: &str| {
            g.ask(&ctx, Question::PlayerColour(p.into()))
        },
    );
    // Whether the player's pieces make a chain from one of `from` to one of `to`.
    engine.register_fn(
        "connected",
        |ctx: NativeCallContext,
         g: &mut GameView,
         p: &str,
         from: Array,
         to: Array,
         adjacency: &str|
         -> Fallible<Dynamic> {
            g.ask(&ctx, Question::Connected(chain(p, from, to, adjacency)?))
        },
    );
    // How many empty junctions the player must still fill for such a chain (pieces of
    // the other player block it), or -1 when none can be made.
    engine.register_fn(
        "gap",
        |ctx: NativeCallContext,
         g: &mut GameView,
         p: &str,
         from: Array,
         to: Array,
         adjacency: &str|
         -> Fallible<Dynamic> {
            g.ask(&ctx, Question::Gap(chain(p, from, to, adjacency)?))
        },
    );

    // Pieces, changed. Only the after-turn script's changes are kept.
    // Takes whole stacks off the board; their pieces leave the game.
    engine.register_fn(
        "remove_stack",
        |g: &mut GameView, given: Dynamic| -> Fallible<()> { g.change(Change::RemoveStack, given) },
    );
    // Puts a new piece of the player on top of the junction's stack, from outside the
    // game, or from the player's supply (false when it is empty: nothing changes).
    engine.register_fn(
        "give",
        |g: &mut GameView, p: &str, name: &str| -> Fallible<()> {
            g.give(p, name, None, false).map(|_| ())
        },
    );
    engine.register_fn(
        "give",
        |g: &mut GameView, p: &str, name: &str, kind: &str| -> Fallible<()> {
            g.give(p, name, Some(kind), false).map(|_| ())
        },
    );
    engine.register_fn(
        "give_from_supply",
        |g: &mut GameView, p: &str, name: &str| -> Fallible<bool> { g.give(p, name, None, true) },
    );
    engine.register_fn(
        "give_from_supply",
        |g: &mut GameView, p: &str, name: &str, kind: &str| -> Fallible<bool> {
            g.give(p, name, Some(kind), true)
        },
    );
    // Takes whole stacks off the board; each piece goes back to its owner's supply.
    engine.register_fn(
        "return_to_supply",
        |g: &mut GameView, given: Dynamic| -> Fallible<()> {
            g.change(Change::ReturnToSupply, given)
        },
    );
}

/// The ruleset's parameters, and groups printed.
fn register_params_and_printing(engine: &mut Engine) {
    // A value from the ruleset's [params] table.
    engine.register_fn(
        "param",
        |ctx: NativeCallContext, g: &mut GameView, name: &str| {
            g.ask(&ctx, Question::Param(name.into()))
        },
    );

    register_turn_api(engine);

    engine.register_get("player", |g: &mut GroupView| g.read(Fact::Player));
    engine.register_get("size", |g: &mut GroupView| g.read(Fact::Size));
    engine.register_get("liberties", |g: &mut GroupView| g.read(Fact::Liberties));
    engine.register_get("touches_edge", |g: &mut GroupView| {
        g.read(Fact::TouchesEdge)
    });
    engine.register_get("junctions", |g: &mut GroupView| g.read(Fact::Junctions));
    // Groups print as their junctions, for `print` while writing a rule.
    engine.register_fn("to_string", |g: &mut GroupView| {
        let names: Vec<String> = g
            .group
            .junctions
            .iter()
            .map(|&j| g.board.junction_name(j))
            .collect();
        let letter = g.model.rules.player_letter(g.group.player);
        format!("{letter} group [{}]", names.join(" "))
    });
}
