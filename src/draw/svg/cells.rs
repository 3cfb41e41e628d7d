//! The board's cells: each tile in its state, cells whose tile is not laid yet, and the
//! cells the last turn changed.

use variant_run_core::{Board, Cell, CellId, Position};

use super::canvas::Svg;
use super::frame::{cell_name, Frame};
use super::highlight::{Highlight, TileChange};
use super::style;
use super::tiles;

/// Every cell: its tile, or an empty outline for a tile not laid yet (and, on an empty
/// patch, where the first tile goes, with its name).
pub(super) fn board_tiles(svg: &mut Svg, frame: &Frame, position: &Position, unplaced: &[CellId]) {
    let board = position.board();
    if board.cell_count() == 0 {
        let first = Cell::new(0, 0);
        let shape = frame.cell(first);
        let name = cell_name(board, first);
        tiles::unlaid(svg, &shape, &format!("{name}: the first tile goes here"));
        svg.text(
            shape.centre(),
            &name,
            "middle",
            &format!(r#"font-size="12" fill="{}""#, style::LABEL),
        );
        return;
    }
    let states = board.tiles().states();
    for (id, &cell) in board.cells().iter().enumerate() {
        let id = id as CellId;
        let shape = frame.cell(cell);
        let name = board.cell_name(id);
        if unplaced.contains(&id) {
            tiles::unlaid(svg, &shape, &format!("{name}: not laid yet"));
        } else {
            let state = &states[position.tile(id) as usize];
            let title = format!("{name}: tile {}", state.letter);
            tiles::tile(svg, &format!("cell{id}"), &title, &shape, state);
        }
    }
}

/// The tiles the last turn changed: outlined, or dashed where the cell is empty now.
pub(super) fn changed(svg: &mut Svg, frame: &Frame, board: &Board, last: &Highlight) {
    for &(cell, change) in &last.tiles {
        let shape = frame.cell(cell);
        let name = cell_name(board, cell);
        let title = format!("{name}: {} by the last turn", change.verb());
        if change == TileChange::Removed {
            svg.polygon_titled(
                &shape.corners,
                &format!(
                    r#"fill="{l}" fill-opacity="0.12" stroke="{l}" stroke-width="3" stroke-dasharray="7 4""#,
                    l = style::LAST
                ),
                Some(&title),
            );
            // The emptied cell keeps its name, so the turn's text can be read on it.
            svg.text(
                shape.centre(),
                &name,
                "middle",
                &format!(
                    r#"font-size="12" font-weight="bold" fill="{}""#,
                    style::LAST
                ),
            );
        } else {
            svg.polygon_titled(
                &shape.corners,
                &format!(
                    r#"fill="none" stroke="{}" stroke-width="4" stroke-linejoin="round""#,
                    style::LAST
                ),
                Some(&title),
            );
        }
    }
}
