//! ASCII drawings of a patch: the tiles of a boardless game, drawn to scale on the
//! lattice's grid wherever they lie.
//!
//! A flat-topped hexagon is 8 characters from its west point to its east point and 4
//! lines high, as wide as it is high on a terminal (whose characters are about half as
//! wide as high), so that neighbouring tiles share their sides exactly. Inside, each
//! tile shows its spiral name on its middle line, and its bands as short marks between
//! the corners they join, `+` for a dark band and `-` for a light one, so that a band
//! hugs the corner it cuts off as it does on the tile; a legend under the board draws
//! each tile state with its letter. A square is drawn larger, with its name, its state
//! letter and a spoke towards every corner a band joins.
//!
//! Corners show their junction: its stack in brackets, bottom first (`(x)`, `(ox)` for an
//! `x` pinned under an `o`), or `+`/`-` for an empty dark/light junction; a corner where
//! too few tiles meet to make a junction shows `.`. A stack too tall to fit between its
//! corner and the next (a rule that stacks higher than Trugo's two) shows a number
//! instead, `(1)`, and a line under the board gives that stack whole. A junction is named after the tile
//! whose owner corner it is (the lattice says which: the east or west point of a
//! flat-topped hexagon, `b3e`, `b3w`; the south-west corner of a square, `b3sw`).

use variant_run_core::{
    names, Board, Cell, CellId, Colour, GameModel, Lattice, Position, TileState, Vertex,
};

use super::grid::{draw_between, tile_legend, Canvas};

/// How the lattice's drawing grid maps onto characters and lines.
struct Scale {
    /// Characters per grid unit across.
    across: i32,
    /// Lines per grid unit down.
    down: i32,
    /// Blank characters left of the westmost corner: room for a stack's brackets.
    left: i32,
    /// The longest bracketed stack drawn at its corner: longer ones would cover the
    /// next corner on the line.
    room: usize,
}

impl Scale {
    fn of(lattice: Lattice) -> Scale {
        match lattice {
            // Flat-topped hexagons: corners lie 2 grid units apart across (the west point
            // to the north-west corner) and 1 unit down, so 4 characters and 2 lines.
            Lattice::HexFlat | Lattice::Hex => Scale {
                across: 2,
                down: 2,
                left: 4,
                // Corners on one line are 4 characters apart: `(ox)` fits, `(oxo)` not.
                room: 4,
            },
            // Squares are 12 characters wide and 4 lines high, wide enough that a name
            // of three or four characters above the centre never runs into the spokes
            // beside it.
            Lattice::Square => Scale {
                across: 12,
                down: 4,
                left: 0,
                room: 11,
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
    let width = (2 * scale.left + scale.across * (max_x - min_x) + 1) as usize;
    let height = (scale.down * (max_y - min_y) + 1) as usize;
    let mut canvas = Canvas::new(width, height);

    for cell in 0..board.cell_count() as CellId {
        let spot = board.cells()[cell as usize];
        let state = &board.tiles().states()[position.tile(cell) as usize];
        let name = board.cell_name(cell);
        match lattice {
            Lattice::Square => {
                let tile_corners: Vec<(usize, usize)> =
                    lattice.corners(spot).into_iter().map(at).collect();
                draw_square(&mut canvas, state, &tile_corners, &name);
            }
            Lattice::HexFlat | Lattice::Hex => {
                let (cx, cy) = at(lattice.centre(spot));
                draw_hexagon(&mut canvas, lattice, state, (cx as i32, cy as i32));
                canvas.put(cx - (name.len() - 1) / 2, cy, &name);
            }
        }
    }
    // Corners last, so that no side or band hides a piece.
    // A corner is met once for each tile around it; a tall stack keeps its first number.
    let mut tall_stacks: Vec<(Vertex, String)> = Vec::new();
    for &v in &corners {
        let (x, y) = at(v);
        let mut token = corner_token(model, position, v);
        if token.chars().count() > scale.room {
            let number = match tall_stacks.iter().position(|(at, _)| *at == v) {
                Some(i) => i + 1,
                None => {
                    tall_stacks.push((v, token));
                    tall_stacks.len()
                }
            };
            token = format!("({number})");
        }
        canvas.put(x - token_start(lattice, v, &token), y, &token);
    }
    let mut out = canvas.finish();
    if !tall_stacks.is_empty() {
        let listed: Vec<String> = tall_stacks
            .iter()
            .enumerate()
            .map(|(i, (v, stack))| {
                let j = board
                    .junction_at(*v)
                    .expect("only a junction holds a stack");
                let pieces = &stack[1..stack.len() - 1];
                format!("({}) {pieces} at {}", i + 1, board.junction_name(j))
            })
            .collect();
        out.push_str(&format!(
            "stacks too tall to draw at their corner, bottom first: {}\n",
            listed.join(", ")
        ));
    }
    out.push_str(&match lattice {
        Lattice::Square => tile_legend(model),
        Lattice::HexFlat | Lattice::Hex => hexagon_legend(board),
    });
    let (owner, examples) = junction_naming(lattice);
    out.push_str(&format!(
        "a junction is named after the tile whose {owner} it is ({})\n\
         corners: (ox) a stack, bottom first; + or - an empty dark or light junction; . \
         none\n",
        examples.join(", ")
    ));
    out
}

/// What a corner shows: its stack in brackets, the colour of an empty junction, or `.`
/// where too few tiles meet for a junction.
fn corner_token(model: &GameModel, position: &Position, v: Vertex) -> String {
    let board = position.board();
    match board.junction_at(v) {
        Some(j) if !position.stack(j).is_empty() => {
            format!("({})", model.pieces_text(position.stack(j)))
        }
        Some(j) => match board.junction(j).colour {
            Colour::Dark => "+".to_string(),
            Colour::Light => "-".to_string(),
        },
        None => ".".to_string(),
    }
}

/// How far left of its corner a token starts. A bracketed stack is centred on its
/// corner while it is one piece; a taller one grows away from the tile the corner is
/// named after (over the sides of the others), so it never covers that tile's name.
fn token_start(lattice: Lattice, v: Vertex, token: &str) -> usize {
    let length = token.chars().count();
    if length <= 1 {
        return 0;
    }
    let (_, corner) = lattice.corner_owner(v);
    match (lattice, lattice.corner_names()[corner]) {
        (Lattice::HexFlat, "w") => length - 2,
        _ => 1,
    }
}

/// A flat-topped hexagon centred at `centre`: its sides (`_` along the top and bottom,
/// `/` and `\` on the slanted sides, each shared exactly with the neighbour across it),
/// and a mark for each band.
fn draw_hexagon(canvas: &mut Canvas, lattice: Lattice, state: &TileState, centre: (i32, i32)) {
    debug_assert_eq!(lattice, Lattice::HexFlat);
    let (cx, cy) = centre;
    let put = |canvas: &mut Canvas, dx: i32, dy: i32, c: char| {
        put_if_blank(canvas, (cx + dx) as usize, (cy + dy) as usize, c);
    };
    for dx in -1..=1 {
        put(canvas, dx, -2, '_');
        put(canvas, dx, 2, '_');
    }
    put(canvas, -3, -1, '/');
    put(canvas, 3, -1, '\\');
    put(canvas, -3, 1, '\\');
    put(canvas, 3, 1, '/');
    for (dx, dy, mark) in band_marks(lattice, state) {
        canvas.put((cx + dx) as usize, (cy + dy) as usize, &mark.to_string());
    }
}

/// Where a tile's bands are marked, relative to its centre: on the lines above and
/// below the middle one (which holds the name), where the straight line between the two
/// corners a band joins crosses them. A steep band is marked with one character, a
/// shallow one with two, running away from the centre; the mark is `+` for a band
/// between dark corners, `-` between light ones, `*` between one of each.
fn band_marks(lattice: Lattice, state: &TileState) -> Vec<(i32, i32, char)> {
    let scale = Scale::of(lattice);
    let origin = lattice.centre(Cell::new(0, 0));
    let corners: Vec<(i32, i32, Colour)> = lattice
        .corners(Cell::new(0, 0))
        .into_iter()
        .map(|v| {
            (
                scale.across * (v.x - origin.x),
                scale.down * (origin.y - v.y),
                lattice.colour(v),
            )
        })
        .collect();
    let mut marks = Vec::new();
    for band in &state.bands {
        for pair in band.windows(2) {
            let (ax, ay, a) = corners[pair[0] as usize];
            let (bx, by, b) = corners[pair[1] as usize];
            let mark = match (a, b) {
                (Colour::Dark, Colour::Dark) => '+',
                (Colour::Light, Colour::Light) => '-',
                _ => '*',
            };
            for y in [-1, 1] {
                if ay == by || y < ay.min(by) || y > ay.max(by) {
                    continue;
                }
                // Where the line crosses, rounded towards the centre.
                let x = ax + (bx - ax) * (y - ay) / (by - ay);
                marks.push((x, y, mark));
                if (bx - ax).abs() > 2 * (by - ay).abs() {
                    marks.push((x + x.signum(), y, mark));
                }
            }
        }
    }
    marks
}

/// The legend of a hexagonal patch: each tile state drawn as on the board (without its
/// top and bottom sides), with its letter where a tile's name stands.
fn hexagon_legend(board: &Board) -> String {
    let lattice = board.lattice();
    let states = board.tiles().states();
    const LEFT: usize = 7;
    const EACH: usize = 11;
    const NOTE: &str = "+ a dark band, - a light band";
    let mut canvas = Canvas::new(LEFT + EACH * states.len() + NOTE.len(), 5);
    for (i, state) in states.iter().enumerate() {
        let (cx, cy) = (LEFT + 4 + EACH * i, 2);
        draw_hexagon(&mut canvas, lattice, state, (cx as i32, cy as i32));
        canvas.put(cx - 4, cy, ".");
        canvas.put(cx, cy, &state.letter.to_string());
        canvas.put(cx + 4, cy, ".");
    }
    canvas.put(0, 2, "tiles:");
    canvas.put(LEFT + EACH * states.len(), 2, NOTE);
    canvas.rows = canvas.rows[1..4].to_vec();
    canvas.finish()
}

/// A square with the corners (south-west, south-east, north-east, north-west) at
/// `corners` on the canvas: its sides, its name above its state letter, and a spoke
/// from the centre towards every corner a band joins.
fn draw_square(canvas: &mut Canvas, state: &TileState, corners: &[(usize, usize)], name: &str) {
    // A square's centre is halfway between its south-west and north-east corners (the
    // lattice's own centre is on a grid of doubled coordinates).
    let centre = (
        (corners[0].0 + corners[2].0) / 2,
        (corners[0].1 + corners[2].1) / 2,
    );
    draw_square_outline(canvas, corners);
    for band in &state.bands {
        for &corner in band {
            let (x, y) = corners[corner as usize];
            draw_between(
                canvas,
                (centre.0 as i32, centre.1 as i32),
                (x as i32, y as i32),
                true,
            );
        }
    }
    canvas.put(centre.0, centre.1, &state.letter.to_string());
    let shift = name.len().div_ceil(2).saturating_sub(1);
    canvas.put(centre.0 - shift, centre.1 - 1, name);
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

fn put_if_blank(canvas: &mut Canvas, x: usize, y: usize, c: char) {
    if canvas.rows.get(y).and_then(|r| r.get(x)) == Some(&' ') {
        canvas.put(x, y, &c.to_string());
    }
}
