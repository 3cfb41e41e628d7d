//! Tiles: the cell's outline, a band in the colour of the corners it joins, and a small
//! sector of its own colour in each corner a band does not reach (a cut-off corner).
//!
//! A band of two corners is a curve from one to the other, bent towards the tile's centre
//! (straight when the corners are opposite: Browne's square tiles); a band of three or
//! more corners is a star with a spoke to each, joined in a disc at the centre. Bands end
//! exactly on the corners, where the neighbouring tiles' bands of the same colour end
//! too, so a band runs on from tile to tile through the junction. Everything is clipped
//! to the cell, so a wide band's end does not spill into the neighbours.
//!
//! Each tile is a group with the class `tile` and its name and state as the title (a
//! browser shows it on hover); its parts have the classes `corner`, `band-edge`, `band`
//! and `hub`, so that the drawing can be read back (the tests do).

use std::fmt::Write;

use variant_run_core::{Colour, TileState};

use super::canvas::{num, pt, Svg, P};
use super::style;

/// A cell on the page: its corners in lattice order and their colours.
pub(super) struct CellShape {
    pub corners: Vec<P>,
    pub colours: Vec<Colour>,
    /// The length of a side, in pixels.
    pub side: f64,
}

impl CellShape {
    pub fn centre(&self) -> P {
        super::canvas::centroid(&self.corners)
    }
}

/// Draws a tile in a state; `clip` is an id unique in the document, `title` names the
/// tile and its state.
pub(super) fn tile(svg: &mut Svg, clip: &str, title: &str, cell: &CellShape, state: &TileState) {
    svg.group(r#"class="tile""#, Some(title));
    svg.polygon(
        &cell.corners,
        &format!(r#"fill="{}" stroke="none""#, style::TILE),
    );
    let mut defs = String::new();
    let _ = write!(defs, r#"<clipPath id="{clip}">"#);
    let points: Vec<String> = cell.corners.iter().map(|&p| pt(p)).collect();
    let _ = write!(
        defs,
        r#"<polygon points="{}"/></clipPath>"#,
        points.join(" ")
    );
    svg.raw(&defs);
    svg.raw(&format!(r#"<g clip-path="url(#{clip})">"#));
    cut_off_corners(svg, cell, state);
    for band in &state.bands {
        let mut corners: Vec<u8> = band.clone();
        corners.sort_unstable();
        draw_band(svg, cell, &corners);
    }
    svg.end_group();
    joints(svg, cell);
    svg.end_group();
}

/// A quarter (or third) disc of the corner's own colour in every corner no band reaches.
fn cut_off_corners(svg: &mut Svg, cell: &CellShape, state: &TileState) {
    let k = cell.corners.len();
    let r = style::CUT * cell.side;
    for i in 0..k {
        if state.bands.iter().any(|b| b.contains(&(i as u8))) {
            continue;
        }
        let corner = cell.corners[i];
        let a = corner.towards(cell.corners[(i + k - 1) % k], r);
        let b = corner.towards(cell.corners[(i + 1) % k], r);
        let d = format!(
            "M{} L{} A{} {} 0 0 {} {} Z",
            pt(corner),
            pt(a),
            num(r),
            num(r),
            sweep(corner, a, b),
            pt(b)
        );
        svg.path(
            &d,
            &format!(
                r#"class="corner" fill="{}" stroke="{}" stroke-width="1.2""#,
                style::colour(cell.colours[i]),
                style::BAND_EDGE
            ),
        );
    }
}

/// One band through `corners` (sorted), in the colour of its first corner (a band's
/// corners all have one colour).
fn draw_band(svg: &mut Svg, cell: &CellShape, corners: &[u8]) {
    let Some(&first) = corners.first() else {
        return;
    };
    let fill = style::colour(cell.colours[first as usize]);
    let width = style::BAND * cell.side;
    let centre = cell.centre();
    let at = |c: u8| cell.corners[c as usize];
    // The band's shape: a curve for two corners, spokes for more.
    let d = if let [a, b] = corners {
        format!("M{} Q{} {}", pt(at(*a)), pt(centre), pt(at(*b)))
    } else {
        let spokes: Vec<String> = corners
            .iter()
            .map(|&c| format!("M{} L{}", pt(at(c)), pt(centre)))
            .collect();
        spokes.join(" ")
    };
    // A dark rim: the same shape a little wider, under the band.
    svg.path(
        &d,
        &format!(
            r#"class="band-edge" fill="none" stroke="{}" stroke-width="{}""#,
            style::BAND_EDGE,
            num(width + 2.5)
        ),
    );
    // Where the spokes of a star meet, a disc a little wider than the band.
    let hub = |extra: f64| (width + extra) / 2.0 + 0.12 * cell.side;
    if corners.len() > 2 {
        svg.circle(
            centre,
            hub(2.5),
            &format!(r#"class="hub" fill="{}""#, style::BAND_EDGE),
        );
    }
    svg.path(
        &d,
        &format!(
            r#"class="band" fill="none" stroke="{fill}" stroke-width="{}""#,
            num(width)
        ),
    );
    if corners.len() > 2 {
        svg.circle(centre, hub(0.0), &format!(r#"class="hub" fill="{fill}""#));
    }
}

/// A cell with no tile yet (during set-up): its outline, dashed.
pub(super) fn unlaid(svg: &mut Svg, cell: &CellShape, title: &str) {
    svg.polygon_titled(
        &cell.corners,
        &format!(
            r#"class="unlaid" fill="{}" stroke="{}" stroke-width="1" stroke-dasharray="4 3""#,
            style::UNLAID,
            style::EDGE
        ),
        Some(title),
    );
}

/// The joints between tiles, in the page's colour, so that every tile stands out as a
/// tile (on a patch, too, where the ground of its tiles is all one colour).
fn joints(svg: &mut Svg, cell: &CellShape) {
    svg.polygon(
        &cell.corners,
        &format!(
            r#"fill="none" stroke="{}" stroke-width="{}" stroke-linejoin="round""#,
            style::PAGE,
            num(style::JOINT * cell.side)
        ),
    );
}

/// The sweep flag of the short arc round `centre` from `a` to `b` (1: clockwise on the
/// page, where `y` grows downwards).
fn sweep(centre: P, a: P, b: P) -> u8 {
    let cross = (a.x - centre.x) * (b.y - centre.y) - (a.y - centre.y) * (b.x - centre.x);
    u8::from(cross > 0.0)
}
