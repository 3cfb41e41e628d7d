//! The character grid text boards are drawn on, and what the square, hexagonal and
//! patch drawings share: strokes between two points of it, and the tiles' legend line.

use variant_run_core::GameModel;

/// A grid of characters that boards are drawn on.
pub(super) struct Canvas {
    pub(super) rows: Vec<Vec<char>>,
}

impl Canvas {
    pub(super) fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            rows: vec![vec![' '; width]; height],
        }
    }

    pub(super) fn put(&mut self, x: usize, y: usize, text: &str) {
        for (i, c) in text.chars().enumerate() {
            if let Some(cell) = self.rows.get_mut(y).and_then(|r| r.get_mut(x + i)) {
                *cell = c;
            }
        }
    }

    pub(super) fn finish(self) -> String {
        let mut out = String::new();
        for row in self.rows {
            let line: String = row.into_iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Draws a straight stroke between two canvas points, on the lines strictly between
/// them (`|`, `/` or `\` by its slope). A spoke from a cell's centre to a corner on the
/// next line up has no line between: it is drawn on the centre's line, halfway across.
pub(super) fn draw_between(canvas: &mut Canvas, from: (i32, i32), to: (i32, i32), spoke: bool) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let glyph = if dx == 0 {
        "|"
    } else if (dx > 0) == (dy > 0) {
        "\\"
    } else {
        "/"
    };
    if dy.abs() <= 1 {
        if spoke && dx != 0 {
            canvas.put((from.0 + dx / 2) as usize, from.1 as usize, glyph);
        }
        return;
    }
    for step in 1..dy.abs() {
        let y = from.1 + step * dy.signum();
        let x = from.0 + dx * step / dy.abs();
        canvas.put(x as usize, y as usize, glyph);
    }
}

/// One line saying which corners each tile state joins (`tiles: 0 = ne-s-nw, ...`).
pub fn tile_legend(model: &GameModel) -> String {
    let names = model.board.lattice().corner_names();
    let states: Vec<String> = model
        .board
        .tiles()
        .states()
        .iter()
        .map(|state| {
            let bands: Vec<String> = state
                .bands
                .iter()
                .map(|band| {
                    let corners: Vec<&str> = band.iter().map(|&c| names[c as usize]).collect();
                    corners.join("-")
                })
                .collect();
            format!("{} = {}", state.letter, bands.join(" and "))
        })
        .collect();
    format!("tiles: {}\n", states.join(", "))
}
