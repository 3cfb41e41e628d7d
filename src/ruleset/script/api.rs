//! What scripts see of a game: a position and native helpers to question it, and, in the
//! after-turn script, to take pieces off it.
//!
//! The helpers do the loops and graph searches in Rust, so a rule reads like the rule
//! book: `if game.pieces(game.to_move) == 0 { ... }`, `for group in game.groups(p) { if
//! group.liberties == 0 { game.remove_top(group) } }`. Players are named by their letters,
//! junctions by their names on the board.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Array, Dynamic, Engine, EvalAltResult};
use variant_run_core::{Board, GameModel, Group, JunctionId, PlayerId, Position};

/// A position handed to a script, with the ruleset around it. Copies of it share the
/// position, so what the after-turn script changes is what the game keeps.
#[derive(Clone)]
pub struct GameView {
    pub(crate) model: Arc<GameModel>,
    pub(crate) position: Rc<RefCell<Position>>,
    pub(crate) params: Rc<BTreeMap<String, Dynamic>>,
    /// The board size, `None` on a patch.
    pub(crate) size: Option<i64>,
}

/// A group of one player's pieces, as scripts see it: its junctions, its liberties, and
/// whether it touches the edge.
#[derive(Clone)]
pub struct GroupView {
    letter: char,
    junctions: Vec<JunctionId>,
    liberties: usize,
    touches_edge: bool,
    board: Arc<Board>,
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

impl GameView {
    fn player(&self, letter: &str) -> Fallible<PlayerId> {
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

    fn letter(&self, player: PlayerId) -> String {
        self.model.rules.player_letter(player).to_string()
    }

    fn junction(&self, name: &str) -> Fallible<JunctionId> {
        self.position
            .borrow()
            .board()
            .junction_by_name(name)
            .ok_or_else(|| {
                format!("`{}` is not a junction of this board", name.escape_debug()).into()
            })
    }

    /// Junctions given as a group or as an array of junction names.
    fn junctions(&self, given: Dynamic) -> Fallible<Vec<JunctionId>> {
        if let Some(group) = given.clone().try_cast::<GroupView>() {
            if !Arc::ptr_eq(&group.board, self.position.borrow().board()) {
                return Err("this group belongs to another board".into());
            }
            return Ok(group.junctions);
        }
        let Some(names) = given.clone().try_cast::<Array>() else {
            return Err(format!(
                "expected a group or an array of junction names, not {}",
                given.type_name()
            )
            .into());
        };
        names
            .into_iter()
            .map(|name| {
                let name = name
                    .into_string()
                    .map_err(|t| format!("junction names are strings, not {t}"))?;
                self.junction(&name)
            })
            .collect()
    }

    fn group_view(&self, group: Group) -> GroupView {
        GroupView {
            letter: self.model.rules.player_letter(group.player),
            junctions: group.junctions,
            liberties: group.liberties,
            touches_edge: group.touches_edge,
            board: Arc::clone(self.position.borrow().board()),
        }
    }
}

/// Registers the `Game` and `Group` types and their helpers.
pub fn register_game_api(engine: &mut Engine) {
    engine.register_type_with_name::<GameView>("Game");
    engine.register_type_with_name::<GroupView>("Group");
    // The player to move now, and the one who made the turn just played.
    engine.register_get("to_move", |g: &mut GameView| {
        let side = g.position.borrow().side();
        g.letter(side)
    });
    engine.register_get("mover", |g: &mut GameView| {
        let side = g.position.borrow().side();
        g.letter(1 - side)
    });
    engine.register_get("quiet_turns", |g: &mut GameView| {
        g.position.borrow().quiet_turns() as i64
    });
    engine.register_get("size", |g: &mut GameView| -> Fallible<i64> {
        g.size
            .ok_or_else(|| "this ruleset's board is a patch: it has no size".into())
    });
    // Tiles left in the pool, and tiles on the board.
    engine.register_get("pool", |g: &mut GameView| g.position.borrow().pool() as i64);
    engine.register_get("tiles", |g: &mut GameView| {
        g.position.borrow().board().cell_count() as i64
    });
    engine.register_fn("other", |g: &mut GameView, p: &str| -> Fallible<String> {
        let player = g.player(p)?;
        Ok(g.letter(1 - player))
    });
    // Pieces of the player on the board (pinned ones included), and stacks they top.
    engine.register_fn("pieces", |g: &mut GameView, p: &str| -> Fallible<i64> {
        let player = g.player(p)?;
        Ok(g.position.borrow().pieces(player) as i64)
    });
    engine.register_fn("stacks", |g: &mut GameView, p: &str| -> Fallible<i64> {
        let player = g.player(p)?;
        Ok(g.position.borrow().stack_count(player) as i64)
    });
    // Pieces the player has left to receive.
    engine.register_fn("supply", |g: &mut GameView, p: &str| -> Fallible<i64> {
        let player = g.player(p)?;
        Ok(g.position.borrow().supply(player) as i64)
    });
    // Whether the player to move has any legal turn, a flip that opens a move included.
    engine.register_fn("has_legal_turn", |g: &mut GameView| {
        g.model.has_turn(&g.position.borrow(), true)
    });
    // Whether the player to move can step, merge or split without flipping first.
    engine.register_fn("has_turn_without_flip", |g: &mut GameView| {
        g.model.has_turn(&g.position.borrow(), false)
    });
    // The letter of the player whose piece tops a junction, or "" when it is empty.
    engine.register_fn(
        "owner_at",
        |g: &mut GameView, name: &str| -> Fallible<String> {
            let j = g.junction(name)?;
            let owner = g.position.borrow().stack(j).owner();
            Ok(owner.map(|o| g.letter(o)).unwrap_or_default())
        },
    );
    // How many of the named junctions the player's pieces top.
    engine.register_fn(
        "count_held",
        |g: &mut GameView, p: &str, names: Array| -> Fallible<i64> {
            let player = g.player(p)?;
            let junctions = g.junctions(Dynamic::from(names))?;
            let position = g.position.borrow();
            Ok(junctions
                .iter()
                .filter(|&&j| position.stack(j).is_owned_by(player))
                .count() as i64)
        },
    );
    // The player's groups: maximal sets of adjacent junctions their pieces top.
    engine.register_fn("groups", |g: &mut GameView, p: &str| -> Fallible<Array> {
        let player = g.player(p)?;
        let groups = Group::all(&g.position.borrow(), player);
        Ok(groups
            .into_iter()
            .map(|group| Dynamic::from(g.group_view(group)))
            .collect())
    });
    // Of the given junctions, those the player's pieces top now, as a group.
    engine.register_fn(
        "held_by",
        |g: &mut GameView, given: Dynamic, p: &str| -> Fallible<GroupView> {
            let player = g.player(p)?;
            let junctions = g.junctions(given)?;
            let position = g.position.borrow();
            let held: Vec<JunctionId> = junctions
                .into_iter()
                .filter(|&j| position.stack(j).is_owned_by(player))
                .collect();
            Ok(GroupView {
                letter: g.model.rules.player_letter(player),
                junctions: held,
                liberties: 0,
                touches_edge: false,
                board: Arc::clone(position.board()),
            })
        },
    );
    // Takes the top piece off each of the given junctions (a group, or junction names);
    // the pieces leave the game. Only the after-turn script's changes are kept.
    engine.register_fn(
        "remove_top",
        |g: &mut GameView, given: Dynamic| -> Fallible<()> {
            let junctions = g.junctions(given)?;
            let mut position = g.position.borrow_mut();
            for j in junctions {
                let stack = position.stack(j);
                position.set_stack(j, stack.popped());
            }
            Ok(())
        },
    );
    // A value from the ruleset's [params] table.
    engine.register_fn(
        "param",
        |g: &mut GameView, name: &str| -> Fallible<Dynamic> {
            g.params.get(name).cloned().ok_or_else(|| {
                format!(
                    "no parameter `{}` in the [params] table of variant.toml",
                    name.escape_debug()
                )
                .into()
            })
        },
    );

    engine.register_get("player", |g: &mut GroupView| g.letter.to_string());
    engine.register_get("size", |g: &mut GroupView| g.junctions.len() as i64);
    engine.register_get("liberties", |g: &mut GroupView| g.liberties as i64);
    engine.register_get("touches_edge", |g: &mut GroupView| g.touches_edge);
    engine.register_get("junctions", |g: &mut GroupView| -> Array {
        g.junctions
            .iter()
            .map(|&j| Dynamic::from(g.board.junction_name(j)))
            .collect()
    });
    // Groups print as their junctions, for `print` while writing a rule.
    engine.register_fn("to_string", |g: &mut GroupView| {
        let names: Vec<String> = g
            .junctions
            .iter()
            .map(|&j| g.board.junction_name(j))
            .collect();
        format!("{} group [{}]", g.letter, names.join(" "))
    });
}
