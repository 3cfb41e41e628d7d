//! A person's turn made by clicking: the clicks so far read against the position, what
//! may be clicked next, and the turn played once they make a whole one.
//!
//! Piece turns come from [`crate::play::choices`], which knows every way of clicking each
//! legal turn. A set-up turn lays a tile on each of its cells: its clicks are a tile
//! placed on each of them, in any order, and the turn is played as the letters in the
//! turn's own order, which the game checks as it checks a typed set-up turn.

use serde::Deserialize;
use serde_json::json;
use variant_run_core::{Board, CellId, Position};

use super::live::Live;
use super::reply::{Refusal, Reply};
use super::view;
use crate::play::choices::{Action, Choice, ChoiceTable, Spot};
use crate::printable::printable;

/// A click's choice, as the page sends it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceIn {
    pub action: String,
    pub at: String,
    #[serde(default)]
    pub detail: String,
}

/// A click on a spot that offers no choice: a cell or a junction (`on`), by name.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClickIn {
    pub on: String,
    pub at: String,
}

/// What clicks come to.
pub(super) enum Clicked {
    /// A turn was played, written as the page shows it.
    Played(String),
    /// The choices that may follow, or why a click is refused.
    Answer(Reply),
}

/// The clicks of a person's turn, in a position with a turn to click.
pub(super) fn answer(
    live: &mut Live,
    choices: &[ChoiceIn],
    click: Option<&ClickIn>,
    play: bool,
) -> Result<Clicked, Refusal> {
    if let Some(bad) = choices
        .iter()
        .find(|c| Action::from_word(&c.action).is_none())
    {
        return Err(Refusal::NotAnAction(bad.action.clone()));
    }
    if live.game.outcome().is_some() {
        return Ok(refused("the game is over"));
    }
    if live.game.in_setup() {
        return setup_answer(live, choices, click, play);
    }
    let variant = live.variant;
    let notation = live.notation;
    let position = live.game.position().clone();
    let table = live.table().map_err(Refusal::Game)?;
    let board = position.board();
    let mut made = Vec::new();
    for choice in choices {
        made.push(read_choice(table, board, choice)?);
    }
    let next = table.next(&made);
    if !made.is_empty() && next.choices.is_empty() && next.complete.is_none() {
        let (before, last) = made.split_at(made.len() - 1);
        let text = table.refusal(variant, &position, notation, before, last[0].spot);
        return Ok(refused(&text));
    }
    if let Some(click) = click {
        let spot = clicked_spot(click, |cell, at| table.spot(cell, at))?;
        let text = table.refusal(variant, &position, notation, &made, spot);
        return Ok(refused(&text));
    }
    let complete = next.complete.map(|i| table.turns()[i].clone());
    if let Some(turn) = &complete {
        if play || next.choices.is_empty() {
            let shown = notation.write(&variant.model, &position, turn);
            return Ok(match live.play_legal(turn.clone(), shown.clone()) {
                Ok(()) => Clicked::Played(shown),
                Err(e) => refused(&e.to_string()),
            });
        }
    } else if play {
        return Ok(refused("these clicks do not make a whole turn yet"));
    }
    let next = view::choices_json(&next.choices, board);
    let complete = complete.map(|t| notation.write(&variant.model, &position, &t));
    Ok(Clicked::Answer(Reply::Json(json!({
        "ok": true,
        "next": next,
        "complete": complete,
        "picture": staged_picture(live, &made),
    }))))
}

/// The choices that start a person's turn: a tile on any cell of a set-up turn, else
/// the first clicks of the legal turns.
pub(super) fn first_choices(live: &mut Live) -> Result<Vec<Choice>, crate::play::GameError> {
    if live.game.in_setup() {
        return Ok(setup_choices(live, &[]));
    }
    live.table().map(|table| table.next(&[]).choices)
}

fn refused(text: &str) -> Clicked {
    Clicked::Answer(Reply::Json(json!({ "ok": false, "refusal": text })))
}

/// The spot a click without a choice names.
fn clicked_spot(
    click: &ClickIn,
    spot: impl Fn(bool, &str) -> Option<Spot>,
) -> Result<Spot, Refusal> {
    let cell = match click.on.as_str() {
        "cell" => true,
        "point" => false,
        other => return Err(Refusal::NotCellOrPoint(other.to_string())),
    };
    spot(cell, &click.at).ok_or_else(|| Refusal::NamesNothing {
        at: click.at.clone(),
        on: click.on.clone(),
    })
}

/// A choice as the page sent it, read against the current position.
fn read_choice(table: &ChoiceTable, board: &Board, choice: &ChoiceIn) -> Result<Choice, Refusal> {
    let action = Action::from_word(&choice.action)
        .ok_or_else(|| Refusal::NotAnAction(choice.action.clone()))?;
    let spot = table
        .spot(action.on_cell(), &choice.at)
        .ok_or_else(|| Refusal::NamesNoSpot(choice.at.clone()))?;
    let detail = match action {
        Action::Place => tile_state(board, &choice.detail)?,
        Action::Part => choice
            .detail
            .parse()
            .map_err(|_| Refusal::NotAHeight(choice.detail.clone()))?,
        _ => 0,
    };
    Ok(Choice {
        action,
        spot,
        detail,
    })
}

/// A tile state, by its letter.
fn tile_state(board: &Board, letter: &str) -> Result<u8, Refusal> {
    let mut letters = letter.chars();
    match (letters.next(), letters.next()) {
        (Some(letter), None) => board.tiles().state_by_letter(letter),
        _ => None,
    }
    .ok_or_else(|| Refusal::NotATileState(letter.to_string()))
}

/// While a tile is flipped and before the piece moves, the picture shows the flip made.
fn staged_picture(live: &Live, made: &[Choice]) -> Option<String> {
    let flip = made.first().filter(|c| c.action == Action::Flip)?;
    let Spot::Cell(cell) = flip.spot else {
        return None;
    };
    let mut position = live.game.position().clone();
    let id = position.board().cell_id(cell)?;
    let flipped = position.board().tiles().flipped(position.tile(id));
    position.set_tile(id, flipped);
    Some(view::picture_of(live.variant, &position, &live.game, &[]))
}

// ---- set-up turns ------------------------------------------------------------------

/// The tiles a set-up turn's clicks have laid so far: (cell, state), in click order.
type Laid = Vec<(CellId, u8)>;

fn setup_answer(
    live: &mut Live,
    choices: &[ChoiceIn],
    click: Option<&ClickIn>,
    play: bool,
) -> Result<Clicked, Refusal> {
    let cells = live.game.placement_cells().unwrap_or_default().to_vec();
    let board = live.game.position().board();
    let mut laid: Laid = Vec::new();
    for choice in choices {
        let cell = cells
            .iter()
            .copied()
            .find(|&c| board.cell_name(c) == choice.at)
            .filter(|_| choice.action == "place")
            .ok_or_else(|| Refusal::NotASetupTile {
                action: choice.action.clone(),
                at: choice.at.clone(),
            })?;
        if laid.iter().any(|&(c, _)| c == cell) {
            return Err(Refusal::LaidTwice(board.cell_name(cell)));
        }
        laid.push((cell, tile_state(board, &choice.detail)?));
    }
    if click.is_some() {
        let letter = live.variant.model.rules.player_letter(live.game.to_move());
        return Ok(refused(&format!(
            "set-up: {letter} lays a tile on each lit cell (click one, then choose the tile), \
             or plays `random`"
        )));
    }
    let whole = laid.len() == cells.len();
    if play && !whole {
        return Ok(refused(&format!(
            "this set-up turn lays {} tiles; {} are laid",
            cells.len(),
            laid.len()
        )));
    }
    if whole {
        let tiles = board.tiles();
        let text: String = cells
            .iter()
            .map(|c| {
                let state = laid.iter().find(|(l, _)| l == c).map_or(0, |&(_, s)| s);
                tiles.letter(state)
            })
            .collect();
        return Ok(match live.play_typed(&text) {
            Ok(shown) => Clicked::Played(shown),
            Err(e) => refused(&printable(&e.to_string())),
        });
    }
    let made: Vec<Choice> = laid
        .iter()
        .map(|&(cell, state)| place(board, cell, state))
        .collect();
    let next = setup_choices(live, &made);
    let board = live.game.position().board();
    Ok(Clicked::Answer(Reply::Json(json!({
        "ok": true,
        "next": view::choices_json(&next, board),
        "complete": null,
        "picture": setup_picture(live, &laid),
    }))))
}

fn place(board: &Board, cell: CellId, state: u8) -> Choice {
    Choice {
        action: Action::Place,
        spot: Spot::Cell(board.cells()[cell as usize]),
        detail: state,
    }
}

/// A tile of every state on every cell of the set-up turn not laid yet.
fn setup_choices(live: &Live, made: &[Choice]) -> Vec<Choice> {
    let board = live.game.position().board();
    let states = board.tiles().len() as u8;
    live.game
        .placement_cells()
        .unwrap_or_default()
        .iter()
        .map(|&cell| place(board, cell, 0))
        .filter(|open| !made.iter().any(|m| m.spot == open.spot))
        .flat_map(|open| (0..states).map(move |detail| Choice { detail, ..open }))
        .collect()
}

/// The position with the tiles laid so far, the others still empty.
fn setup_picture(live: &Live, laid: &Laid) -> String {
    let mut position: Position = live.game.position().clone();
    for &(cell, state) in laid {
        position.set_tile(cell, state);
    }
    let unplaced: Vec<CellId> = live
        .game
        .unplaced_cells()
        .into_iter()
        .filter(|c| !laid.iter().any(|(l, _)| l == c))
        .collect();
    view::picture_of(live.variant, &position, &live.game, &unplaced)
}
