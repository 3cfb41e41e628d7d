//! SVG pictures of positions, for every geometry the ASCII boards draw: square boards,
//! hex-hex boards and patches of flat-topped hexagons.
//!
//! The picture is drawn on the lattice's drawing grid, scaled so that every cell is a
//! regular polygon ([`frame`]). Each tile shows its bands in the colour of the junctions
//! they join and its cut-off corners as small sectors of their own colour ([`tiles`]);
//! every junction is a dot of its colour; stacks are discs drawn bottom first, each a
//! little above the one under it, so a pinned piece peeks out under the piece on top,
//! with the height on the top disc ([`junctions`]). Fixed boards have their junction
//! columns and rows named round them, hexagonal cells their names inside ([`labels`]);
//! marked junctions are framed, and the last turn, when given, is drawn in orange
//! ([`highlight`]). A legend under the board says who owns which colour and who is to
//! move ([`legend`]).
//!
//! The document is made of groups, one per layer (`tiles`, `names`, `junctions`,
//! `stacks`, `marks`, `last-tiles`, `last-junctions`, `legend`), and every tile, junction
//! and stack carries its name as a title: a browser shows it on hover, and the tests read
//! the picture back by it.
//!
//! The text is the same on every machine: things are drawn in board order, never in hash
//! order, and numbers are written with [`canvas::num`].

mod canvas;
mod cells;
mod frame;
mod highlight;
mod junctions;
mod labels;
mod legend;
mod style;
mod targets;
mod tiles;

use variant_run_core::{Cell, GameModel, Lattice, PlayerId, Position};

pub use highlight::{Highlight, TileChange};

use crate::ruleset::JunctionMarks;
use canvas::{num, Svg, P};
use frame::{Extent, Frame};

/// What a picture shows besides the position itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Picture<'a> {
    /// A heading over the board (the ruleset, which turn).
    pub title: Option<&'a str>,
    /// The ruleset's marked junctions (`[[marks]]`).
    pub marks: &'a [JunctionMarks],
    /// During set-up: the cells whose tiles are not laid yet, drawn empty.
    pub unplaced: &'a [variant_run_core::CellId],
    /// The turn that led to the position, drawn in orange.
    pub last: Option<&'a Highlight>,
    /// Who is to move, when it is not the position's side to move: during set-up, the
    /// player of the next set-up turn.
    pub to_move: Option<PlayerId>,
    /// The result of a game that is over, said last in the legend (and no one is then
    /// to move).
    pub result: Option<&'a str>,
}

/// Sizes on the page, in pixels.
const MARGIN: f64 = 16.0;
const TITLE: f64 = 34.0;
const TITLE_FONT: f64 = 17.0;

/// Draws a position as a standalone SVG document.
pub fn board_svg(model: &GameModel, position: &Position, picture: &Picture) -> String {
    draw(model, position, picture, None)
}

/// Draws a position to be played by clicking: the picture of [`board_svg`] with a top
/// layer of click targets (see [`targets`]), one per cell, per junction, and per cell
/// in `open` (empty cells a tile may be placed in, which the picture then holds).
pub fn clickable_svg(
    model: &GameModel,
    position: &Position,
    picture: &Picture,
    open: &[Cell],
) -> String {
    draw(model, position, picture, Some(open))
}

/// The picture, one layer after another, on a page laid out to hold them.
fn draw(
    model: &GameModel,
    position: &Position,
    picture: &Picture,
    targets: Option<&[Cell]>,
) -> String {
    let legend = legend::Legend::new(model, position, picture);
    let page = Page::new(position, picture, targets, &legend);
    let mut svg = Svg::new();
    begin_document(&mut svg, picture, &page);
    board_layers(&mut svg, &page, model, position, picture);
    if let Some(open) = targets {
        targets::layer(&mut svg, &page.frame, position.board(), open);
    }
    legend.draw(&mut svg, MARGIN, page.legend_top);
    svg.raw("</svg>");
    svg.out
}

/// Where the parts of a picture go: the board's frame, its size, the legend's top, the
/// page's size.
struct Page {
    frame: Frame,
    board_width: f64,
    board_height: f64,
    legend_top: f64,
    width: f64,
    height: f64,
}

impl Page {
    fn new(
        position: &Position,
        picture: &Picture,
        targets: Option<&[Cell]>,
        legend: &legend::Legend,
    ) -> Page {
        let board = position.board();
        let lattice = board.lattice();
        // The cells the picture must hold: the board's, a removed one, or where the
        // first tile of an empty patch goes.
        let mut cells: Vec<Cell> = board.cells().to_vec();
        if let Some(last) = picture.last {
            cells.extend(last.tiles.iter().map(|&(c, _)| c));
        }
        cells.extend(targets.unwrap_or_default());
        if cells.is_empty() {
            cells.push(Cell::new(0, 0));
        }
        let extent = Extent::of(lattice, &cells);
        let (side, ux, uy) = frame::scale(lattice);
        let board_width = f64::from(extent.max_x - extent.min_x) * ux;
        let board_height = f64::from(extent.max_y - extent.min_y) * uy;
        // Room for row numbers at the sides and column letters above and below; a stack
        // on the top row rises above its junction.
        let (beside, above) = if !board.is_patch() {
            (style::PIECE * side + 30.0, style::PIECE * side + 34.0)
        } else {
            (12.0, 34.0)
        };
        let title = picture.title.map_or(0.0, |_| TITLE);
        let width = (board_width + 2.0 * beside).max(legend.width()).max(
            picture
                .title
                .map_or(0.0, |t| canvas::text_width(t, TITLE_FONT)),
        ) + 2.0 * MARGIN;
        let frame = Frame {
            lattice,
            side,
            ux,
            uy,
            min_x: extent.min_x,
            max_y: extent.max_y,
            left: ((width - board_width) / 2.0).round(),
            top: MARGIN + title + above,
        };
        let legend_top = frame.top + board_height + above - 6.0;
        Page {
            height: (legend_top + legend.height() + MARGIN).round(),
            width: width.round(),
            frame,
            board_width,
            board_height,
            legend_top,
        }
    }
}

/// The document's opening: its size, its title, the page's colour and the heading.
fn begin_document(svg: &mut Svg, picture: &Picture, page: &Page) {
    svg.raw(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{}" font-size="14">"#,
        style::FONT,
        w = num(page.width),
        h = num(page.height)
    ));
    let heading = picture.title.unwrap_or("position");
    svg.raw(&format!("<title>{}</title>", canvas::escape(heading)));
    svg.raw(&format!(
        r#"<rect width="{}" height="{}" fill="{}"/>"#,
        num(page.width),
        num(page.height),
        style::PAGE
    ));
    if let Some(text) = picture.title {
        svg.text(
            P::new(MARGIN, MARGIN + 10.0),
            text,
            "start",
            &format!(r#"font-size="{TITLE_FONT}" font-weight="bold""#),
        );
    }
}

/// The board's layers, bottom first: tiles, the last turn's tiles, names, junctions,
/// stacks, marks, the last turn's junctions.
fn board_layers(
    svg: &mut Svg,
    page: &Page,
    model: &GameModel,
    position: &Position,
    picture: &Picture,
) {
    let board = position.board();
    let frame = &page.frame;
    svg.group(r#"id="tiles""#, None);
    cells::board_tiles(svg, frame, position, picture.unplaced);
    svg.end_group();
    if let Some(last) = picture.last.filter(|l| !l.tiles.is_empty()) {
        svg.group(r#"id="last-tiles""#, None);
        cells::changed(svg, frame, board, last);
        svg.end_group();
    }
    svg.group(r#"id="names""#, None);
    if !board.is_patch() {
        labels::grid_names(svg, frame, board, page.board_width, page.board_height);
    }
    if board.lattice() != Lattice::Square {
        labels::cell_names(svg, frame, board);
    }
    svg.end_group();
    svg.group(r#"id="junctions""#, None);
    junctions::dots(svg, frame, board);
    svg.end_group();
    svg.group(r#"id="stacks""#, None);
    junctions::stacks(svg, frame, model, position);
    svg.end_group();
    if !picture.marks.is_empty() {
        svg.group(r#"id="marks""#, None);
        junctions::marks(svg, frame, board, picture.marks);
        svg.end_group();
    }
    if let Some(last) = picture.last.filter(|l| !l.junctions.is_empty()) {
        svg.group(r#"id="last-junctions""#, None);
        junctions::last_turn(svg, frame, board, last);
        svg.end_group();
    }
}
