//! ASCII drawings of a patch: the tiles of a boardless game, drawn to scale on the
//! lattice's grid wherever they lie.
//!
//! Each tile is outlined by its sides and shows its spiral name, its state letter at its
//! centre, and a spoke from the centre towards every corner a band joins (a cut-off
//! corner has none). Corners show their junction: its stack bottom first (`x`, `ox` for
//! an `x` pinned under an `o`), or `+`/`-` for an empty dark/light junction; a corner
//! where too few tiles meet to make a junction shows `.`. A junction is named after the
//! tile whose owner corner it is (the lattice says which: the east or west point of a
//! flat-topped hexagon, `b3e`, `b3w`; the south-west corner of a square, `b3sw`).

use variant_run_core::{names, CellId, Colour, GameModel, Lattice, Position, Vertex};

use super::grid::{draw_between, tile_legend, Canvas};

/// How the lattice's drawing grid maps onto characters and lines.
struct Scale {
    /// Characters per grid unit across.
    across: i32,
    /// Lines per grid unit down.
    down: i32,
    /// Blank characters left of the westmost corner.
    left: i32,
}

impl Scale {
    fn of(lattice: Lattice) -> Scale {
        match lattice {
            // Flat-topped hexagons are 12 characters from west point to east point and 4
            // lines from top side to bottom side (corners lie 3 and 2 grid units apart).
            Lattice::HexFlat | Lattice::Hex => Scale {
                across: 3,
                down: 2,
                left: 2,
            },
            // Squares are 12 characters wide and 4 lines high, as wide as the hexagons
            // and wide enough that a name of three or four characters above the centre
            // never runs into the spokes beside it.
            Lattice::Square => Scale {
                across: 12,
                down: 4,
                left: 0,
            },
        }
    }
}

/// Draws a patch, or says it is empty.
pub(super) fn patch(model: &GameModel, position: &Position) -> String {
    let board = position.board();
    if board.cell_count() == 0 {
        return "(no tiles yet: the first tile goes to a1)\n".to_string();
    }
    let lattice = board.lattice();
    let scale = Scale::of(lattice);
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
            (scale.left + scale.across * (v.x - min_x)) as usize,
            (scale.down * (max_y - v.y)) as usize,
        )
    };
    let width = (scale.left + scale.across * (max_x - min_x) + 4) as usize;
    let height = (scale.down * (max_y - min_y) + 1) as usize;
    let mut canvas = Canvas::new(width, height);

    for cell in 0..board.cell_count() as CellId {
        let spot = board.cells()[cell as usize];
        let state = &board.tiles().states()[position.tile(cell) as usize];
        let (cx, cy) = match lattice {
            Lattice::Square => {
                let tile_corners: Vec<(usize, usize)> =
                    lattice.corners(spot).into_iter().map(at).collect();
                // A square's centre is halfway between its south-west and north-east
                // corners (the lattice's own centre is on a grid of doubled coordinates).
                let centre = (
                    (tile_corners[0].0 + tile_corners[2].0) / 2,
                    (tile_corners[0].1 + tile_corners[2].1) / 2,
                );
                draw_square_outline(&mut canvas, &tile_corners);
                for band in &state.bands {
                    for &corner in band {
                        let (x, y) = tile_corners[corner as usize];
                        draw_between(
                            &mut canvas,
                            (centre.0 as i32, centre.1 as i32),
                            (x as i32, y as i32),
                            true,
                        );
                    }
                }
                centre
            }
            Lattice::HexFlat | Lattice::Hex => {
                let (cx, cy) = at(lattice.centre(spot));
                draw_outline(&mut canvas, lattice, cx, cy);
                for band in &state.bands {
                    for &corner in band {
                        draw_spoke(&mut canvas, lattice.corner_names()[corner as usize], cx, cy);
                    }
                }
                (cx, cy)
            }
        };
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
    let (owner, examples) = junction_naming(lattice);
    out.push_str(&format!(
        "a junction is named after the tile whose {owner} it is ({})\n",
        examples.join(", ")
    ));
    out
}

/// How a patch's junctions are named, for legends: the corner of a tile that names the
/// junction there, in words (`east or west point`, `south-west corner`), and the names
/// of those corners of tile `b3`, made as the position and turn texts make them, so a
/// legend always shows the names the turns use.
pub(super) fn junction_naming(lattice: Lattice) -> (String, Vec<String>) {
    let corner_names = lattice.corner_names();
    let owners = lattice.owner_corners();
    let words: Vec<String> = owners
        .iter()
        .map(|&corner| {
            corner_names[corner]
                .chars()
                .map(|c| match c {
                    'n' => "north",
                    's' => "south",
                    'e' => "east",
                    'w' => "west",
                    _ => "",
                })
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect();
    // A hexagon's owner corners are the points it is named after; a square's corner is
    // simply a corner.
    let noun = match lattice {
        Lattice::Square => "corner",
        Lattice::Hex | Lattice::HexFlat => "point",
    };
    let cell = names::parse_spiral(lattice, "b3").expect("every lattice has a cell b3");
    let examples = owners
        .iter()
        .map(|&corner| names::vertex_spiral(lattice, lattice.corners(cell)[corner]))
        .collect();
    (format!("{} {noun}", words.join(" or ")), examples)
}

/// The sides of a square whose corners are at `corners` on the canvas (south-west,
/// south-east, north-east, north-west): `_` along the top and bottom, `|` up the sides.
/// Corners are drawn later, over the ends of the sides.
fn draw_square_outline(canvas: &mut Canvas, corners: &[(usize, usize)]) {
    let (west, south) = corners[0];
    let (east, north) = corners[2];
    for x in west + 1..east {
        put_if_blank(canvas, x, north, '_');
        put_if_blank(canvas, x, south, '_');
    }
    for y in north + 1..south {
        put_if_blank(canvas, west, y, '|');
        put_if_blank(canvas, east, y, '|');
    }
}

/// The sides of a flat-topped hexagon centred at `(cx, cy)`: `_` along the top and bottom,
/// `/` and `\` up and down the slanted sides.
fn draw_outline(canvas: &mut Canvas, lattice: Lattice, cx: usize, cy: usize) {
    debug_assert_eq!(lattice, Lattice::HexFlat);
    let a = Scale::of(lattice).across as usize;
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
