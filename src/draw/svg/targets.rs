//! Click targets, for a picture a person plays on: a top layer (`targets`) of shapes that
//! show nothing until a page marks them, one over every cell, every empty cell given as
//! open (where a tile may be placed), and every junction. Each carries its name in a
//! `data-spot` attribute, the name turn texts use, and the class `cell` or `point`; the
//! page finds the shapes by name, colours the ones that may be clicked next, and sends
//! back the name of the one clicked. Junctions come last so that they lie above the cells
//! they join.

use variant_run_core::{Board, Cell};

use super::canvas::{escape, num, pt, Svg};
use super::frame::{cell_name, point_name, Frame};

/// How much wider than a piece a junction's target is: easy to hit, without covering
/// the middle of its tiles.
const POINT_MARGIN: f64 = 4.0;

/// The layer of click targets: the board's cells, the `open` cells, its junctions.
pub(super) fn layer(svg: &mut Svg, frame: &Frame, board: &Board, open: &[Cell]) {
    svg.group(r#"id="targets""#, None);
    let cells = board.cells().iter().map(|&c| (c, "cell"));
    let open = open.iter().map(|&c| (c, "cell open"));
    for (cell, class) in cells.chain(open) {
        let corners: Vec<String> = frame.cell(cell).corners.iter().map(|&p| pt(p)).collect();
        svg.raw(&format!(
            r#"<polygon class="hit {class}" data-spot="{}" points="{}"/>"#,
            escape(&cell_name(board, cell)),
            corners.join(" ")
        ));
    }
    for junction in board.junctions() {
        let at = frame.point(junction.vertex);
        svg.raw(&format!(
            r#"<circle class="hit point" data-spot="{}" cx="{}" cy="{}" r="{}"/>"#,
            escape(&point_name(board, junction.vertex)),
            num(at.x),
            num(at.y),
            num(frame.piece_radius() + POINT_MARGIN)
        ));
    }
    svg.end_group();
}
