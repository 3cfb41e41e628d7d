//! ASCII drawings of a patch: the tiles of a boardless game, drawn to scale on the
//! lattice's grid wherever they lie.
//!
//! Each tile is outlined by its sides and shows its spiral name, its state letter at its
//! centre, and a spoke from the centre towards every corner a band joins (a cut-off
//! corner has none). Corners show their junction: its stack bottom first (`x`, `ox` for
//! an `x` pinned under an `o`), or `+`/`-` for an empty dark/light junction; a corner
//! where too few tiles meet to make a junction shows `.`. A junction is named after the
//! tile whose east or west point it is: `b3e`, `b3w`.

use variant_run_core::{CellId, Colour, GameModel, Lattice, Position, Vertex};

use super::ascii::{tile_legend, Canvas};

/// Characters per grid column and lines per grid row: flat-topped hexagons are 12
/// characters from west point to east point and 4 lines from top side to bottom side.
const ACROSS: i32 = 3;
const DOWN: i32 = 2;
const LEFT: i32 = 2;

/// Draws a patch, or says it is empty.
pub(super) fn patch(model: &GameModel, position: &Position) -> String {
    let board = position.board();
    if board.cell_count() == 0 {
        return "(no tiles yet: the first tile goes to a1)\n".to_string();
    }
    let lattice = board.lattice();
    let corners: Vec<Vertex> = board
        .cells()
        .iter()
        .flat_map(|&c| lattice.corners(c))
        .collect();
    let min_x = corners.iter().map(|v| v.x).min().unwrap_or(0);
    let max_x = corners.iter().map(|v| v.x).max().unwrap_or(0);
    let min_y = corners.iter().map(|v| v.y).min().unwrap_or(0);
    let max_y = corners.iter().map(|v| v.y).max().unwrap_or(0);
    let at = |v: Vertex| {
        (
            (LEFT + ACROSS * (v.x - min_x)) as usize,
            (DOWN * (max_y - v.y)) as usize,
        )
    };
    let width = (LEFT + ACROSS * (max_x - min_x) + 4) as usize;
    let height = (DOWN * (max_y - min_y) + 1) as usize;
    let mut canvas = Canvas::new(width, height);

    for cell in 0..board.cell_count() as CellId {
        let spot = board.cells()[cell as usize];
        let (cx, cy) = at(lattice.centre(spot));
        draw_outline(&mut canvas, lattice, cx, cy);
        let state = &board.tiles().states()[position.tile(cell) as usize];
        for band in &state.bands {
            for &corner in band {
                draw_spoke(&mut canvas, lattice.corner_names()[corner as usize], cx, cy);
            }
        }
        canvas.put(cx, cy, &state.letter.to_string());
        let name = board.cell_name(cell);
        let shift = name.len().div_ceil(2).saturating_sub(1);
        canvas.put(cx - shift, cy - 1, &name);
    }
    // Corners last, so that no side or spoke hides a piece.
    for &v in &corners {
        let (x, y) = at(v);
        let token = match board.junction_at(v) {
            Some(j) if !position.stack(j).is_empty() => model.pieces_text(position.stack(j)),
            Some(j) => match board.junction(j).colour {
                Colour::Dark => "+".to_string(),
                Colour::Light => "-".to_string(),
            },
            None => ".".to_string(),
        };
        canvas.put(x, y, &token);
    }
    let mut out = canvas.finish();
    out.push_str(&tile_legend(model));
    out.push_str("a junction is named after the tile whose east or west point it is (b3e, b3w)\n");
    out
}

/// The sides of a flat-topped hexagon centred at `(cx, cy)`: `_` along the top and bottom,
/// `/` and `\` up and down the slanted sides.
fn draw_outline(canvas: &mut Canvas, lattice: Lattice, cx: usize, cy: usize) {
    debug_assert_eq!(lattice, Lattice::HexFlat);
    let a = ACROSS as usize;
    // The top side runs from NW (cx - 3) to NE (cx + 3), the bottom from SW to SE.
    for x in cx - a + 1..cx + a {
        put_if_blank(canvas, x, cy - 2, '_');
        put_if_blank(canvas, x, cy + 2, '_');
    }
    // W to NW and SE to E rise to the right; NE to E and W to SW fall to the right.
    put_if_blank(canvas, cx - 5, cy - 1, '/');
    put_if_blank(canvas, cx + 5, cy - 1, '\\');
    put_if_blank(canvas, cx - 5, cy + 1, '\\');
    put_if_blank(canvas, cx + 5, cy + 1, '/');
}

/// A spoke from a tile's centre towards one of its corners.
fn draw_spoke(canvas: &mut Canvas, corner: &str, cx: usize, cy: usize) {
    match corner {
        "e" => canvas.put(cx + 2, cy, "--"),
        "w" => canvas.put(cx - 3, cy, "--"),
        "ne" => canvas.put(cx + 2, cy - 1, "/"),
        "nw" => canvas.put(cx - 2, cy - 1, "\\"),
        "se" => canvas.put(cx + 2, cy + 1, "\\"),
        "sw" => canvas.put(cx - 2, cy + 1, "/"),
        _ => {}
    }
}

fn put_if_blank(canvas: &mut Canvas, x: usize, y: usize, c: char) {
    if canvas.rows.get(y).and_then(|r| r.get(x)) == Some(&' ') {
        canvas.put(x, y, &c.to_string());
    }
}
