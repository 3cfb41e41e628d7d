//! What scripts see of a game: a position and native helpers to question it.
//!
//! The helpers do the loops and graph searches in Rust, so a rule reads like the rule
//! book: `if game.pieces(game.to_move) == 0 { ... }`. Players are named by their letters.

use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use rhai::{Array, Dynamic, Engine, EvalAltResult};
use variant_run_core::{GameModel, PlayerId, Position};

/// A position handed to a script, with the ruleset around it.
#[derive(Clone)]
pub struct GameView {
    pub(crate) model: Arc<GameModel>,
    pub(crate) position: Position,
    pub(crate) params: Rc<BTreeMap<String, Dynamic>>,
    pub(crate) size: i64,
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
                letter,
                rules.player_letter(0),
                rules.player_letter(1)
            )
            .into()
        })
    }

    fn letter(&self, player: PlayerId) -> String {
        self.model.rules.player_letter(player).to_string()
    }

    fn junction(&self, name: &str) -> Fallible<u16> {
        self.model
            .board
            .junction_by_name(name)
            .ok_or_else(|| format!("`{name}` is not a junction of this board").into())
    }
}

/// Registers the `Game` type and its helpers.
pub fn register_game_api(engine: &mut Engine) {
    engine.register_type_with_name::<GameView>("Game");
    // The player to move now, and the one who made the turn just played.
    engine.register_get("to_move", |g: &mut GameView| g.letter(g.position.side()));
    engine.register_get("mover", |g: &mut GameView| g.letter(1 - g.position.side()));
    engine.register_get("quiet_turns", |g: &mut GameView| {
        g.position.quiet_turns() as i64
    });
    engine.register_get("size", |g: &mut GameView| g.size);
    engine.register_fn("other", |g: &mut GameView, p: &str| -> Fallible<String> {
        let player = g.player(p)?;
        Ok(g.letter(1 - player))
    });
    engine.register_fn("pieces", |g: &mut GameView, p: &str| -> Fallible<i64> {
        let player = g.player(p)?;
        Ok(g.position.pieces(player) as i64)
    });
    engine.register_fn("stacks", |g: &mut GameView, p: &str| -> Fallible<i64> {
        let player = g.player(p)?;
        Ok(g.position.stack_count(player) as i64)
    });
    // Whether the player to move has any legal turn, a flip that opens a move included.
    engine.register_fn("has_legal_turn", |g: &mut GameView| {
        g.model.has_turn(&g.position, true)
    });
    // Whether the player to move can step, merge or split without flipping first.
    engine.register_fn("has_turn_without_flip", |g: &mut GameView| {
        g.model.has_turn(&g.position, false)
    });
    // The letter of the player whose stack stands on a junction, or "" when it is empty.
    engine.register_fn(
        "owner_at",
        |g: &mut GameView, name: &str| -> Fallible<String> {
            let j = g.junction(name)?;
            Ok(match g.position.stack(j).owner() {
                Some(owner) => g.letter(owner),
                None => String::new(),
            })
        },
    );
    // How many of the named junctions hold a stack of the player.
    engine.register_fn(
        "count_held",
        |g: &mut GameView, p: &str, names: Array| -> Fallible<i64> {
            let player = g.player(p)?;
            let mut held = 0;
            for name in names {
                let name = name
                    .into_string()
                    .map_err(|t| format!("junction names are strings, not {t}"))?;
                if g.position.stack(g.junction(&name)?).is_owned_by(player) {
                    held += 1;
                }
            }
            Ok(held)
        },
    );
    // A value from the ruleset's [params] table.
    engine.register_fn(
        "param",
        |g: &mut GameView, name: &str| -> Fallible<Dynamic> {
            g.params.get(name).cloned().ok_or_else(|| {
                format!("no parameter `{name}` in the [params] table of variant.toml").into()
            })
        },
    );
}
