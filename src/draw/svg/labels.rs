//! The names the position and turn texts use, written on the picture: junction columns
//! and rows round a fixed board, and each hexagonal cell's name inside it.

use std::collections::BTreeMap;

use variant_run_core::{Board, CellId, Vertex};

use super::canvas::{Svg, P};
use super::frame::Frame;
use super::style;

/// Junction column letters above and below the board, row numbers on both sides.
pub(super) fn grid_names(svg: &mut Svg, frame: &Frame, board: &Board, width: f64, height: f64) {
    // Ordered maps: the names come out left to right and bottom to top on every machine.
    let mut columns: BTreeMap<u16, i32> = BTreeMap::new();
    let mut rows: BTreeMap<u16, i32> = BTreeMap::new();
    for junction in board.junctions() {
        columns.insert(junction.column, junction.vertex.x);
        rows.insert(junction.row, junction.vertex.y);
    }
    let attrs = format!(r#"font-size="13" fill="{}""#, style::LABEL);
    // Clear of the pieces and marks on the rim junctions.
    let away = frame.piece_radius() + 14.0;
    let (top, bottom) = (frame.top - away - 6.0, frame.top + height + away);
    for (&column, &x) in &columns {
        let name = Board::column_name(column as usize);
        let at = frame.point(Vertex { x, y: 0 }).x;
        svg.text(P::new(at, top), &name, "middle", &attrs);
        svg.text(P::new(at, bottom), &name, "middle", &attrs);
    }
    let (left, right) = (frame.left - away, frame.left + width + away);
    for (&row, &y) in &rows {
        let at = frame.point(Vertex { x: 0, y }).y;
        let number = (row + 1).to_string();
        svg.text(P::new(left, at), &number, "end", &attrs);
        svg.text(P::new(right, at), &number, "start", &attrs);
    }
}

/// Each hexagonal cell's name (`d3` on a hex-hex board, spiral names on a patch), on a
/// pale halo so that it reads over the bands. Square cells go without: their name is
/// their corners' columns and rows, written round the board.
pub(super) fn cell_names(svg: &mut Svg, frame: &Frame, board: &Board) {
    let size = if board.is_patch() { 12 } else { 11 };
    let attrs = format!(
        r#"font-size="{size}" fill="{}" stroke="{}" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#,
        style::LABEL,
        style::PAGE
    );
    for (id, &cell) in board.cells().iter().enumerate() {
        let name = board.cell_name(id as CellId);
        svg.text(frame.cell(cell).centre(), &name, "middle", &attrs);
    }
}
