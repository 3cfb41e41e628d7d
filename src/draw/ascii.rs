//! ASCII boards. Junctions show their stacks (`x`, `o3`) or, when empty, their colour
//! (`+` dark, `-` light, as in the seeds' parity diagram); tiles show their bands.
//! Junctions a ruleset marks (bases, goals) are drawn inside brackets on square boards,
//! with a legend line for each set of marks.

use variant_run_core::{
    Board, CellId, Colour, GameModel, JunctionId, Lattice, Position, Stack, Vertex,
};

use super::grid::{draw_between, tile_legend, Canvas};
use super::sentences::{pool_tiles, quiet_turns};
use crate::ruleset::JunctionMarks;

/// The junction token: the stack, or the junction's colour when it is empty.
pub(super) fn token(model: &GameModel, stack: Stack, colour: Colour) -> String {
    if stack.is_empty() {
        match colour {
            Colour::Dark => "+".into(),
            Colour::Light => "-".into(),
        }
    } else {
        model.stack_token(stack)
    }
}

/// Draws a position: the board, then who owns which colour and who is to move.
pub fn board(model: &GameModel, position: &Position) -> String {
    board_marked(model, &[], position)
}

/// Like [`board`], with the ruleset's marked junctions and a legend line for each set.
pub fn board_marked(model: &GameModel, marks: &[JunctionMarks], position: &Position) -> String {
    board_in_setup(model, marks, position, &[])
}

/// Like [`board_marked`], during set-up: cells whose tile is not laid yet are drawn
/// empty.
pub fn board_in_setup(
    model: &GameModel,
    marks: &[JunctionMarks],
    position: &Position,
    unplaced: &[CellId],
) -> String {
    board_laying(model, marks, position, unplaced, None)
}

/// Like [`board_in_setup`], with the cell whose tile is laid next drawn `?`: a person
/// laying a set-up turn's tiles sees where the next letter goes.
pub fn board_laying(
    model: &GameModel,
    marks: &[JunctionMarks],
    position: &Position,
    unplaced: &[CellId],
    next: Option<CellId>,
) -> String {
    let mut out = match position.board().lattice() {
        _ if position.board().is_patch() => super::patch::patch(model, position),
        Lattice::Square => square(model, marks, position, unplaced, next),
        Lattice::Hex | Lattice::HexFlat => hex(model, position, unplaced, next),
    };
    for mark in marks {
        let names: Vec<String> = mark
            .junctions
            .iter()
            .map(|&j| model.board.junction_name(j))
            .collect();
        out.push_str(&format!(
            "{}{} {}: {}\n",
            mark.brackets.0,
            mark.brackets.1,
            mark.legend,
            names.join(" ")
        ));
    }
    let rules = &model.rules;
    let mark = |colour| if colour == Colour::Dark { '+' } else { '-' };
    out.push_str(&format!(
        "{} owns {} ({}), {} owns {} ({}); {} to move",
        rules.player_letter(0),
        rules.colour_of(0),
        mark(rules.colour_of(0)),
        rules.player_letter(1),
        rules.colour_of(1),
        mark(rules.colour_of(1)),
        rules.player_letter(position.side()),
    ));
    if position.board().is_patch() {
        out.push_str(&format!(
            "; {} in the pool, pieces to come: {}",
            pool_tiles(position),
            supplies(model, position)
        ));
    } else if (0..2).any(|p| position.supply_total(p) > 0) {
        out.push_str(&format!("; in hand: {}", supplies(model, position)));
    }
    if let Some(quiet) = quiet_turns(model, position) {
        out.push_str(&format!(", {quiet}"));
    }
    out.push('\n');
    out.push_str(&kinds_and_counters(model, position));
    out
}

/// Each player's supply: `o 15, x 17`, with the kinds beyond the first where the
/// ruleset has several (`x 3 (1 king)`).
fn supplies(model: &GameModel, position: &Position) -> String {
    let rules = &model.rules;
    let each: Vec<String> = (0..2)
        .map(|p| {
            let others: Vec<String> = (1..rules.kinds.len())
                .filter_map(|k| {
                    let n = position.supply_of(p, k as u8);
                    (n > 0).then(|| format!("{n} {}", rules.kinds[k].name))
                })
                .collect();
            let total = position.supply_total(p);
            match others.is_empty() {
                true => format!("{} {total}", rules.player_letter(p)),
                false => format!("{} {total} ({})", rules.player_letter(p), others.join(", ")),
            }
        })
        .collect();
    each.join(", ")
}

/// The lines under a board that say what its letters for kinds of piece mean, and the
/// counters' values: none for a ruleset with one kind and no counters.
fn kinds_and_counters(model: &GameModel, position: &Position) -> String {
    let rules = &model.rules;
    let mut out = String::new();
    if rules.kinds.len() > 1 {
        let named: Vec<String> = rules.kinds[1..]
            .iter()
            .map(|k| {
                let alone = if k.stacks { "" } else { ", stands alone" };
                format!("{} {}{alone}", k.letter, k.name)
            })
            .collect();
        out.push_str(&format!(
            "kinds after the owner's letter: {}; no letter: {}\n",
            named.join("; "),
            rules.kinds[0].name
        ));
    }
    let mut at = 0;
    let mut shown = Vec::new();
    for counter in &rules.counters {
        if counter.per_player {
            let values = &position.counters()[at..at + 2];
            shown.push(format!(
                "{} {} {}, {} {}",
                counter.name,
                rules.player_letter(0),
                values[0],
                rules.player_letter(1),
                values[1]
            ));
            at += 2;
        } else {
            shown.push(format!("{} {}", counter.name, position.counters()[at]));
            at += 1;
        }
    }
    if !shown.is_empty() {
        out.push_str(&format!("counters: {}\n", shown.join("; ")));
    }
    out
}

/// Square boards: junctions four characters apart, each tile's band (`/` or `\`) drawn
/// between its four corners; marked junctions between their brackets.
fn square(
    model: &GameModel,
    marks: &[JunctionMarks],
    position: &Position,
    unplaced: &[CellId],
    next: Option<CellId>,
) -> String {
    let board = &model.board;
    let columns = board.column_count();
    let rows = board.row_count();
    const LEFT: usize = 5;
    let width = LEFT + 4 * columns + 3;
    let mut canvas = Canvas::new(width, 2 * rows + 1);
    let labels: String = (0..columns)
        .map(|c| format!("{:<4}", variant_run_core::Board::column_name(c)))
        .collect();
    canvas.put(LEFT, 0, &labels);
    canvas.put(LEFT, 2 * rows, &labels);
    for j in 0..board.junction_count() as u16 {
        let junction = board.junction(j);
        let y = 1 + 2 * (rows - 1 - junction.row as usize);
        let x = LEFT + 4 * junction.column as usize;
        let text = token(model, position.stack(j), junction.colour);
        canvas.put(x, y, &text);
        // A token is at most two characters, so brackets fit in the three spaces between.
        if let Some(mark) = marks.iter().find(|m| m.junctions.contains(&j)) {
            canvas.put(x - 1, y, &mark.brackets.0.to_string());
            canvas.put(x + text.chars().count(), y, &mark.brackets.1.to_string());
        }
        if junction.column == 0 {
            canvas.put(0, y, &format!("{:>3}", junction.row + 1));
        }
        if junction.column as usize == columns - 1 {
            canvas.put(x + 4, y, &(junction.row + 1).to_string());
        }
    }
    for cell in 0..board.cell_count() as u16 {
        // A band is drawn as the diagonal between the junctions it joins.
        let corners = board.cell_corners(cell);
        let Some(sw) = corners[0] else { continue };
        let sw = board.junction(sw);
        let state = &board.tiles().states()[position.tile(cell) as usize];
        let glyph = match state.bands.first().map(Vec::as_slice) {
            _ if next == Some(cell) => "?",
            _ if unplaced.contains(&cell) => " ",
            Some([0, 2]) | Some([2, 0]) => "/",
            Some([1, 3]) | Some([3, 1]) => "\\",
            _ => "?",
        };
        let y = 2 * (rows - 1 - sw.row as usize);
        canvas.put(LEFT + 4 * sw.column as usize + 2, y, glyph);
    }
    canvas.finish()
}

/// Hexagonal boards, drawn to scale on the lattice's grid: junctions four characters
/// apart across and every cell outlined by its sides (`/ \ |`). Inside each cell, a spoke
/// runs from its centre towards every corner a band of its tile joins, so a cut-off corner
/// has none; the centre shows the state letter, and a legend under the board says which
/// corners each state joins. Junction rows are numbered on both sides, cell rows (the
/// second half of a tile's name, `h4`) in brackets on the left, and junction columns
/// (the first half of both names) above and below.
fn hex(
    model: &GameModel,
    position: &Position,
    unplaced: &[CellId],
    next: Option<CellId>,
) -> String {
    let board = &model.board;
    let lattice = board.lattice();
    const LEFT: usize = 6;
    const ACROSS: i32 = 4;
    let junctions = board.junctions();
    let min_x = junctions.iter().map(|j| j.vertex.x).min().unwrap_or(0);
    let max_x = junctions.iter().map(|j| j.vertex.x).max().unwrap_or(0);
    let top = junctions
        .iter()
        .map(|j| hex_height(j.vertex.y))
        .max()
        .unwrap_or(0);
    let bottom = junctions
        .iter()
        .map(|j| hex_height(j.vertex.y))
        .min()
        .unwrap_or(0);
    // One label line above and below the board.
    let line = |y: i32| (1 + top - hex_height(y)) as usize;
    let column = |x: i32| LEFT + (ACROSS * (x - min_x)) as usize;
    let right = column(max_x) + 4;
    let mut canvas = Canvas::new(right + 4, (top - bottom) as usize + 3);

    for cell in 0..board.cell_count() as CellId {
        let corners = lattice.corners(board.cells()[cell as usize]);
        let at = |v: Vertex| (column(v.x) as i32, line(v.y) as i32);
        // Sides first, so that spokes and tokens drawn later are never hidden.
        for k in 0..corners.len() {
            let next = corners[(k + 1) % corners.len()];
            draw_between(&mut canvas, at(corners[k]), at(next), false);
        }
        let centre = at(lattice.centre(board.cells()[cell as usize]));
        if next == Some(cell) {
            canvas.put(centre.0 as usize, centre.1 as usize, "?");
        }
        if unplaced.contains(&cell) {
            continue;
        }
        let state = &board.tiles().states()[position.tile(cell) as usize];
        for band in &state.bands {
            for &corner in band {
                draw_between(&mut canvas, centre, at(corners[corner as usize]), true);
            }
        }
        canvas.put(
            centre.0 as usize,
            centre.1 as usize,
            &state.letter.to_string(),
        );
    }

    let mut labelled_rows = Vec::new();
    for (j, junction) in junctions.iter().enumerate() {
        let (x, y) = (column(junction.vertex.x), line(junction.vertex.y));
        let text = token(model, position.stack(j as JunctionId), junction.colour);
        canvas.put(x, y, &text);
        let name = Board::column_name(junction.column as usize);
        canvas.put(x, 0, &name);
        canvas.put(x, canvas.rows.len() - 1, &name);
        if !labelled_rows.contains(&y) {
            labelled_rows.push(y);
            let row = (junction.row + 1).to_string();
            canvas.put(0, y, &format!("{row:>3}"));
            canvas.put(right, y, &row);
        }
    }
    // Cell rows, numbered from 1 at the bottom, on the line of their centres.
    for (from_top, cells) in board.cell_rows().iter().enumerate() {
        let Some(&first) = cells.first() else {
            continue;
        };
        let y = line(lattice.centre(board.cells()[first as usize]).y);
        let number = board.cell_rows().len() - from_top;
        canvas.put(0, y, &format!("({number})"));
    }

    let mut out = canvas.finish();
    out.push_str(&tile_legend(model));
    out
}

/// Height of a hexagonal grid row on the canvas, in lines from an arbitrary origin, growing
/// upwards. A cell spans five lines: its top corner, a line of sloping sides, its upper
/// corners, the centre line, a line of upright sides; its lower corners and bottom corner
/// are the upper corners and top corner of the cells below.
fn hex_height(y: i32) -> i32 {
    let cell_row = (y + 1).div_euclid(3);
    let within = match y - 3 * cell_row {
        -1 => 2, // lower corners
        0 => 4,  // centre
        _ => 5,  // upper corners
    };
    5 * cell_row + within
}
