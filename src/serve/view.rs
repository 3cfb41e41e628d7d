//! What the page is shown, as JSON: the ruleset and its options, who plays, the turns in
//! the game's notation, the picture of the position with its click targets, the first
//! choices of a person's turn, and the notes and problems of the last reload.

use serde_json::{json, Value};
use variant_run_core::{Board, CellId, PlayerId, Position};

use crate::draw::{self, Highlight};
use crate::play::choices::{Action, Choice};
use crate::play::player_kind::{PlayerKind, PLAYER_KINDS};
use crate::play::session::result_line;
use crate::play::setup::GameSetup;
use crate::play::Game;
use crate::ruleset::merged::MergedToml;
use crate::ruleset::Variant;

/// A position the game went through, kept to draw it again when the page steps back.
pub struct Frame {
    pub position: Position,
    pub unplaced: Vec<CellId>,
    pub in_setup: bool,
    /// Who was to move in it.
    pub to_move: PlayerId,
    /// The turn that reached it.
    pub last: Option<Highlight>,
    pub result: Option<String>,
}

impl Frame {
    pub fn of(game: &Game, last: Option<Highlight>) -> Frame {
        Frame {
            position: game.position().clone(),
            unplaced: game.unplaced_cells(),
            in_setup: game.in_setup(),
            to_move: game.to_move(),
            last,
            result: game
                .outcome()
                .map(|o| format!("game over, {}", result_line(game.variant(), o))),
        }
    }
}

/// The picture of a frame: with click targets for the current position of a game, plain
/// for a position stepped back to.
pub fn picture(variant: &Variant, frame: Option<&Frame>, clickable: bool, game: &Game) -> String {
    let Some(frame) = frame else {
        return picture_of(variant, game.position(), game, &[]);
    };
    let picture = draw::Picture {
        title: None,
        marks: &variant.marks,
        unplaced: &frame.unplaced,
        last: frame.last.as_ref(),
        to_move: Some(frame.to_move),
        result: frame.result.as_deref(),
    };
    if clickable {
        let open = variant_run_core::patch::open_cells(&frame.position);
        let open = if frame.position.pool() > 0 {
            open
        } else {
            Vec::new()
        };
        draw::clickable_svg(&variant.model, &frame.position, &picture, &open)
    } else {
        draw::board_svg(&variant.model, &frame.position, &picture)
    }
}

/// The picture of a position reached during a turn (a tile flipped, the piece still to
/// move; set-up tiles laid, the `unplaced` cells still empty), with click targets.
pub fn picture_of(
    variant: &Variant,
    position: &Position,
    game: &Game,
    unplaced: &[CellId],
) -> String {
    let picture = draw::Picture {
        title: None,
        marks: &variant.marks,
        unplaced,
        last: None,
        to_move: Some(game.to_move()),
        result: None,
    };
    draw::clickable_svg(&variant.model, position, &picture, &[])
}

/// Choices as the page reads them: the action, the spot's name and whether it is a cell
/// or a junction, the detail (a tile letter, a height), and a label for menus.
pub fn choices_json(choices: &[Choice], board: &Board) -> Value {
    Value::Array(
        choices
            .iter()
            .map(|c| {
                let detail = match c.action {
                    Action::Place => board.tiles().letter(c.detail).to_string(),
                    Action::Part => c.detail.to_string(),
                    _ => String::new(),
                };
                json!({
                    "action": c.action.word(),
                    "on": if c.action.on_cell() { "cell" } else { "point" },
                    "at": c.spot.name(board),
                    "detail": detail,
                    "label": c.label(board),
                })
            })
            .collect(),
    )
}

/// The parts of the page's state.
pub struct StateParts<'a> {
    pub version: u64,
    /// Changes with every new game, undo, record or reload.
    pub game_id: u64,
    pub variant: &'a Variant,
    pub setup: &'a GameSetup,
    pub kinds: &'a [PlayerKind; 2],
    pub game: &'a Game<'a>,
    pub frames: &'a [Frame],
    pub shown: &'a [String],
    pub first: Option<&'a [Choice]>,
    pub thinking: Option<Value>,
    pub paused: bool,
    pub speed_ms: u64,
    pub max_turns: usize,
    pub note: Option<&'a str>,
    pub problems: Option<&'a str>,
    pub compare: Value,
    pub notation: &'a str,
    /// The names of the people holding the seats.
    pub holders: [Option<&'a str>; 2],
    /// Whether games are kept in a records folder.
    pub records: bool,
}

/// The page's state.
pub fn state(parts: &StateParts) -> Value {
    let variant = parts.variant;
    let model = &variant.model;
    let game = parts.game;
    let letter = |p: PlayerId| model.rules.player_letter(p).to_string();
    let turns: Vec<Value> = parts
        .shown
        .iter()
        .enumerate()
        .map(|(i, text)| {
            json!({
                "number": i + 1,
                "player": letter(parts.frames[i].to_move),
                "text": text,
            })
        })
        .collect();
    let ply = game.history().len();
    let result = match game.outcome() {
        Some(outcome) => Some(result_line(variant, outcome)),
        None if ply >= parts.max_turns => Some(format!(
            "stopped after {} turns without a result",
            parts.max_turns
        )),
        None => None,
    };
    let setup_help = game.placement_cells().map(|cells| {
        format!(
            "set-up: {} lays {} tiles: click each lit cell and choose its tile, click \
             `random`, or type one letter per tile ({})",
            letter(game.to_move()),
            cells.len(),
            model.board.tiles().letters()
        )
    });
    let board = game.position().board();
    let params = params_json(variant, parts.setup);
    let mut notations = vec!["server".to_string()];
    notations.extend(variant.notations.keys().cloned());
    let kinds = kinds_json();
    json!({
        "version": parts.version,
        "game": parts.game_id,
        "broken": false,
        "ruleset": variant.name,
        "summary": variant.summary,
        "options": {
            "seed": parts.setup.seed,
            "size": parts.setup.size,
            "default_size": variant.size,
            "tiles": parts.setup.tiles,
            "notation": parts.notation,
            "notations": notations,
            "params": params,
            "record": parts.setup.record_options(),
        },
        "letters": [letter(0), letter(1)],
        "names": variant.player_names,
        "players": parts.kinds,
        "holders": parts.holders,
        "records": parts.records,
        "kinds": kinds,
        "turns": turns,
        "ply": ply,
        "to_move": letter(game.to_move()),
        "in_setup": game.in_setup(),
        "setup_help": setup_help,
        "result": result,
        "picture": picture(variant, parts.frames.last(), true, game),
        "choices": parts.first.map(|c| choices_json(c, board)),
        "thinking": parts.thinking,
        "paused": parts.paused,
        "speed_ms": parts.speed_ms,
        "note": parts.note,
        "problems": parts.problems,
        "compare": parts.compare,
    })
}

/// The ruleset's `[params]`, each with its default and the value this game chose.
fn params_json(variant: &Variant, setup: &GameSetup) -> Vec<Value> {
    MergedToml::read(&variant.dir)
        .ok()
        .and_then(|t| t.table.get("params").and_then(|p| p.as_table()).cloned())
        .map(|table| {
            table
                .iter()
                .map(|(name, value)| {
                    let chosen = setup
                        .params
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, v)| v.clone());
                    json!({ "name": name, "default": value.to_string(), "value": chosen })
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The player kinds a side may be given on the page.
fn kinds_json() -> Vec<Value> {
    PLAYER_KINDS
        .iter()
        .map(|(kind, about)| {
            let about = if kind.is_human() {
                "you: click on the board, or type turns"
            } else {
                about
            };
            json!({ "kind": kind.name(), "about": about })
        })
        .collect()
}
