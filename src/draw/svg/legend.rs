//! The legend under the board: who owns which colour and who is to move, the tile
//! states, the ruleset's marks, the counters of a patch, and the last turn.

use variant_run_core::{Cell, Colour, GameModel, Lattice, Position, Stack, TileState};

use super::canvas::{self, Svg, P};
use super::frame::scale;
use super::tiles::{self, CellShape};
use super::{style, Highlight, Picture, TileChange};
use crate::draw::sentences::{pool_tiles, quiet_turns};

/// Height of a legend line, and where its text starts after the swatch.
const LINE: f64 = 26.0;
const TEXT_X: f64 = 44.0;
const FONT: f64 = 14.0;
/// The widest (or tallest) a tile is drawn in the legend.
const MINI: f64 = 26.0;
/// Room for one state in the line of tiles: the tile and its letter.
const STATE_WIDTH: f64 = 58.0;

/// What stands left of a legend line.
enum Swatch {
    None,
    /// A piece of the player who owns this colour, and a junction of it.
    Player(Colour),
    /// A stack of two pieces of different colours, bottom first.
    Pinned(Colour, Colour),
    /// A marked junction of the set with this index.
    Mark(usize),
    /// A cell not laid yet.
    Unlaid,
    /// The last turn: a changed junction, a changed tile, an emptied cell.
    Ring,
    Outlined,
    Emptied,
}

struct Row {
    swatch: Swatch,
    text: String,
    bold: bool,
}

pub(super) struct Legend {
    rows: Vec<Row>,
    /// The line of tile states, drawn after the first rows.
    lattice: Lattice,
    states: Vec<TileState>,
}

impl Row {
    fn new(swatch: Swatch, text: impl Into<String>, bold: bool) -> Row {
        Row {
            swatch,
            text: text.into(),
            bold,
        }
    }
}

impl Legend {
    /// The legend's lines from the top: the players, what a pinned stack looks like, the
    /// ruleset's marks, the cells not laid, a patch's naming and pool, the quiet turns,
    /// the last turn and the result.
    pub fn new(model: &GameModel, position: &Position, picture: &Picture) -> Legend {
        let board = position.board();
        let mut rows = player_rows(model, position, picture);
        rows.extend(pinned_row(model, position));
        rows.extend(mark_rows(position, picture));
        if !picture.unplaced.is_empty() {
            let text = "dashed: cells whose tiles are not laid yet";
            rows.push(Row::new(Swatch::Unlaid, text, false));
        }
        if board.is_patch() {
            rows.extend(patch_rows(model, position));
        }
        if let Some(quiet) = quiet_turns(model, position) {
            rows.push(Row::new(Swatch::None, quiet, false));
        }
        if let Some(last) = picture.last {
            rows.push(Row::new(
                Swatch::None,
                format!("last turn: {}", last.caption),
                true,
            ));
            rows.extend(last_turn_rows(last));
        }
        if let Some(result) = picture.result {
            rows.push(Row::new(Swatch::None, result.to_string(), true));
        }
        Legend {
            rows,
            lattice: board.lattice(),
            states: board.tiles().states().to_vec(),
        }
    }

    pub fn width(&self) -> f64 {
        let rows = self
            .rows
            .iter()
            .map(|r| TEXT_X + canvas::text_width(&r.text, FONT))
            .fold(0.0, f64::max);
        rows.max(TEXT_X + 50.0 + self.states.len() as f64 * STATE_WIDTH)
    }

    pub fn height(&self) -> f64 {
        (self.rows.len() + 1) as f64 * LINE
    }

    /// Draws the legend with its top left corner at `(x, y)`.
    pub fn draw(&self, svg: &mut Svg, x: f64, y: f64) {
        svg.group(r#"id="legend""#, None);
        // The players first, then the tiles, then the rest.
        let mut at = y + LINE / 2.0;
        for (i, row) in self.rows.iter().enumerate() {
            draw_swatch(svg, &row.swatch, P::new(x, at));
            let weight = if row.bold {
                r#" font-weight="bold""#
            } else {
                ""
            };
            svg.text(
                P::new(x + TEXT_X, at),
                &row.text,
                "start",
                &format!(r#"fill="{}"{weight}"#, style::LABEL),
            );
            at += LINE;
            if i == 1 {
                self.draw_tiles(svg, x, at);
                at += LINE;
            }
        }
        svg.end_group();
    }

    /// `tiles:` and each state as a small tile with its letter.
    fn draw_tiles(&self, svg: &mut Svg, x: f64, y: f64) {
        svg.text(
            P::new(x + TEXT_X, y),
            "tiles:",
            "start",
            &format!(r#"fill="{}""#, style::LABEL),
        );
        let (side, ux, uy) = scale(self.lattice);
        let corners = self.lattice.corners(Cell::new(0, 0));
        let points: Vec<P> = corners
            .iter()
            .map(|v| P::new(f64::from(v.x) * ux, -f64::from(v.y) * uy))
            .collect();
        let centre = canvas::centroid(&points);
        let reach = points
            .iter()
            .map(|p| (p.x - centre.x).abs().max((p.y - centre.y).abs()))
            .fold(0.0, f64::max);
        let k = MINI / 2.0 / reach;
        for (s, state) in self.states.iter().enumerate() {
            let middle = P::new(x + TEXT_X + 62.0 + s as f64 * STATE_WIDTH, y);
            let shape = CellShape {
                corners: points
                    .iter()
                    .map(|p| {
                        P::new(
                            middle.x + (p.x - centre.x) * k,
                            middle.y + (p.y - centre.y) * k,
                        )
                    })
                    .collect(),
                colours: corners.iter().map(|&v| self.lattice.colour(v)).collect(),
                side: side * k,
            };
            let title = format!("tile {}", state.letter);
            tiles::tile(svg, &format!("state{s}"), &title, &shape, state);
            svg.text(
                P::new(middle.x + MINI / 2.0 + 6.0, y),
                &state.letter.to_string(),
                "start",
                &format!(r#"font-weight="bold" fill="{}""#, style::LABEL),
            );
        }
    }
}

/// The colour of the owner of piece `i` (from the bottom) of a stack.
fn colour_at(model: &GameModel, stack: Stack, i: u8) -> Colour {
    model.rules.colour_of(stack.piece(i))
}

fn draw_swatch(svg: &mut Svg, swatch: &Swatch, at: P) {
    let centre = at.shifted(12.0, 0.0);
    let piece = |svg: &mut Svg, c: P, colour: Colour| {
        let (fill, edge) = style::piece(colour);
        svg.circle(
            c,
            9.0,
            &format!(r#"fill="{fill}" stroke="{edge}" stroke-width="1.5""#),
        );
    };
    match *swatch {
        Swatch::None => {}
        Swatch::Player(colour) => {
            piece(svg, centre, colour);
            svg.circle(
                at.shifted(32.0, 0.0),
                4.5,
                &format!(
                    r#"fill="{}" stroke="{}" stroke-width="1""#,
                    style::colour(colour),
                    style::BAND_EDGE
                ),
            );
        }
        Swatch::Pinned(under, over) => {
            piece(svg, centre.shifted(0.0, 2.0), under);
            piece(svg, centre.shifted(0.0, -2.0), over);
        }
        Swatch::Mark(i) => svg.square(
            centre,
            9.0,
            &format!(
                r#"fill="none" stroke="{}" stroke-width="2.5""#,
                style::MARKS[i % style::MARKS.len()]
            ),
        ),
        Swatch::Unlaid => svg.square(
            centre,
            9.0,
            &format!(
                r#"fill="{}" stroke="{}" stroke-dasharray="4 3""#,
                style::UNLAID,
                style::EDGE
            ),
        ),
        Swatch::Ring => svg.circle(
            centre,
            9.0,
            &format!(r#"fill="none" stroke="{}" stroke-width="3""#, style::LAST),
        ),
        Swatch::Outlined => svg.square(
            centre,
            9.0,
            &format!(
                r#"fill="{}" stroke="{}" stroke-width="3""#,
                style::TILE,
                style::LAST
            ),
        ),
        Swatch::Emptied => svg.square(
            centre,
            9.0,
            &format!(
                r#"fill="{l}" fill-opacity="0.12" stroke="{l}" stroke-width="2" stroke-dasharray="4 2""#,
                l = style::LAST
            ),
        ),
    }
}

/// Who owns which colour, the player to move in bold (while the game goes on).
fn player_rows(model: &GameModel, position: &Position, picture: &Picture) -> Vec<Row> {
    let rules = &model.rules;
    let to_move = picture.to_move.unwrap_or(position.side());
    (0..2)
        .map(|p| {
            let colour = rules.colour_of(p);
            let mover = p == to_move && picture.result.is_none();
            let text = format!(
                "{} owns the {colour} junctions{}",
                rules.player_letter(p),
                if mover { ", and is to move" } else { "" }
            );
            Row::new(Swatch::Player(colour), text, mover)
        })
        .collect()
}

/// How a pinned stack looks, drawn from the first mixed stack on the board, if any.
fn pinned_row(model: &GameModel, position: &Position) -> Option<Row> {
    let (under, over) = position
        .stacks()
        .iter()
        .find(|s| !s.is_uniform())
        .map(|&s| (colour_at(model, s, 0), colour_at(model, s, 1)))?;
    Some(Row::new(
        Swatch::Pinned(under, over),
        "stacks are drawn bottom first: a piece showing under one of the other colour is pinned",
        false,
    ))
}

/// Each set of marked junctions, with the names of those on this board.
fn mark_rows(position: &Position, picture: &Picture) -> Vec<Row> {
    let board = position.board();
    let rows = picture.marks.iter().enumerate().map(|(i, mark)| {
        let names: Vec<String> = mark
            .junctions
            .iter()
            .filter(|&&j| (j as usize) < board.junction_count())
            .map(|&j| board.junction_name(j))
            .collect();
        let text = format!("{}: {}", mark.legend, names.join(" "));
        Row::new(Swatch::Mark(i), text, false)
    });
    rows.collect()
}

/// A patch's lines: how its junctions are named (or where the first tile goes), and
/// the tiles and pieces still to come.
fn patch_rows(model: &GameModel, position: &Position) -> [Row; 2] {
    let rules = &model.rules;
    let board = position.board();
    let naming = if board.cell_count() == 0 {
        "no tiles yet: the first tile goes to a1".to_string()
    } else {
        let (owner, examples) = crate::draw::patch::junction_naming(board.lattice());
        format!(
            "a junction (a dot) is named after the tile whose {owner} it is: {}",
            examples.join(", ")
        )
    };
    let pool = format!(
        "{} in the pool; pieces to come: {} {}, {} {}",
        pool_tiles(position),
        rules.player_letter(0),
        position.supply(0),
        rules.player_letter(1),
        position.supply(1)
    );
    [
        Row::new(Swatch::None, naming, false),
        Row::new(Swatch::None, pool, false),
    ]
}

/// What the last turn changed: a ring for its junctions, then one line for each kind
/// of change to its tiles.
fn last_turn_rows(last: &Highlight) -> Vec<Row> {
    let mut rows = Vec::new();
    if !last.junctions.is_empty() {
        let text = "the junctions whose stacks it changed";
        rows.push(Row::new(Swatch::Ring, text, false));
    }
    let mut changes: Vec<TileChange> = last.tiles.iter().map(|&(_, c)| c).collect();
    changes.sort();
    changes.dedup();
    for change in changes {
        let count = last.tiles.iter().filter(|&&(_, c)| c == change).count();
        let swatch = match change {
            TileChange::Removed => Swatch::Emptied,
            _ => Swatch::Outlined,
        };
        let (one, many) = match change {
            TileChange::Flipped => ("the tile it flipped", "the tiles it flipped"),
            TileChange::Laid => ("the tile it laid", "the tiles it laid"),
            TileChange::Placed => ("the tile it placed", "the tiles it placed"),
            TileChange::Removed => ("the cell it emptied", "the cells it emptied"),
        };
        rows.push(Row::new(swatch, if count == 1 { one } else { many }, false));
    }
    rows
}
