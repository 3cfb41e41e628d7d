//! ASCII boards. Junctions show their stacks (`x`, `o3`) or, when empty, their colour
//! (`+` dark, `-` light, as in the seeds' parity diagram); tiles show their bands.

use variant_run_core::{Colour, GameModel, Lattice, Position, Stack};

/// A grid of characters that boards are drawn on.
struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            rows: vec![vec![' '; width]; height],
        }
    }

    fn put(&mut self, x: usize, y: usize, text: &str) {
        for (i, c) in text.chars().enumerate() {
            if let Some(cell) = self.rows.get_mut(y).and_then(|r| r.get_mut(x + i)) {
                *cell = c;
            }
        }
    }

    fn finish(self) -> String {
        let mut out = String::new();
        for row in self.rows {
            let line: String = row.into_iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// The junction token: the stack, or the junction's colour when it is empty.
fn token(model: &GameModel, stack: Stack, colour: Colour) -> String {
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
    let mut out = match model.board.lattice() {
        Lattice::Square => square(model, position),
        Lattice::Hex => hex(model, position),
    };
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
    if position.quiet_turns() > 0 {
        out.push_str(&format!(
            ", {} turns without a capture",
            position.quiet_turns()
        ));
    }
    out.push('\n');
    out
}

/// Square boards: junctions four characters apart, each tile's band (`/` or `\`) drawn
/// between its four corners.
fn square(model: &GameModel, position: &Position) -> String {
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
        canvas.put(x, y, &token(model, position.stack(j), junction.colour));
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
            Some([0, 2]) | Some([2, 0]) => "/",
            Some([1, 3]) | Some([3, 1]) => "\\",
            _ => "?",
        };
        let y = 2 * (rows - 1 - sw.row as usize);
        canvas.put(LEFT + 4 * sw.column as usize + 2, y, glyph);
    }
    canvas.finish()
}

/// Hexagonal boards: each junction at its place on the drawing grid, each cell's state
/// letter at its centre.
fn hex(model: &GameModel, position: &Position) -> String {
    let board = &model.board;
    let columns = board.column_count();
    let rows = board.row_count();
    const LEFT: usize = 5;
    let mut canvas = Canvas::new(LEFT + 3 * columns + 4, rows + 2);
    let labels: String = (0..columns)
        .map(|c| format!("{:<3}", variant_run_core::Board::column_name(c)))
        .collect();
    canvas.put(LEFT, 0, &labels);
    canvas.put(LEFT, rows + 1, &labels);
    for j in 0..board.junction_count() as u16 {
        let junction = board.junction(j);
        let y = 1 + (rows - 1 - junction.row as usize);
        let x = LEFT + 3 * junction.column as usize;
        canvas.put(x, y, &token(model, position.stack(j), junction.colour));
        canvas.put(0, y, &format!("{:>3}", junction.row + 1));
    }
    canvas.finish()
}
