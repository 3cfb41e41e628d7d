//! What stands on the junctions: the junction dots, the stacks, the ruleset's marks and
//! the rings round the junctions the last turn changed.

use variant_run_core::{Board, Colour, GameModel, Position, Stack};

use super::canvas::{num, Svg, P};
use super::frame::{point_name, Frame};
use super::highlight::Highlight;
use super::style;
use crate::ruleset::JunctionMarks;

/// A junction is a dot of its colour, ringed in the other so that it shows on a band of
/// its own colour; its title is its name.
pub(super) fn dots(svg: &mut Svg, frame: &Frame, board: &Board) {
    for (j, junction) in board.junctions().iter().enumerate() {
        svg.circle_titled(
            frame.point(junction.vertex),
            0.1 * frame.side,
            &format!(
                r#"class="junction" fill="{}" stroke="{}" stroke-width="1.5""#,
                style::colour(junction.colour),
                style::colour(junction.colour.other())
            ),
            Some(&board.junction_name(j as u16)),
        );
    }
}

/// Every stack, in board order.
pub(super) fn stacks(svg: &mut Svg, frame: &Frame, model: &GameModel, position: &Position) {
    let board = position.board();
    for (j, junction) in board.junctions().iter().enumerate() {
        let stack = position.stack(j as u16);
        if stack.is_empty() {
            continue;
        }
        let rules = &model.rules;
        let letters: Vec<String> = stack
            .pieces()
            .map(|(p, kind)| match rules.kinds.len() {
                1 => rules.player_letter(p).to_string(),
                _ => format!(
                    "{} {}",
                    rules.player_letter(p),
                    rules.kinds[usize::from(kind)].name
                ),
            })
            .collect();
        let title = format!("{}: {}", board.junction_name(j as u16), letters.join(" "));
        svg.group(r#"class="stack""#, Some(&title));
        stack_discs(
            svg,
            model,
            frame.point(junction.vertex),
            frame.piece_radius(),
            stack,
        );
        svg.end_group();
    }
}

/// A stack: one disc per piece, bottom first, each a little above the one under it, in
/// its owner's colour, so a pinned piece peeks out under the piece on top; a piece of a
/// kind other than the first has a ring inside its edge. The top disc carries the top
/// piece's kind letter (for a kind other than the first) and the height (above 1).
fn stack_discs(svg: &mut Svg, model: &GameModel, at: P, r: f64, stack: Stack) {
    let step = style::STACK_STEP / style::PIECE * r;
    let rules = &model.rules;
    let pieces: Vec<(Colour, u8)> = stack
        .pieces()
        .map(|(p, kind)| (rules.colour_of(p), kind))
        .collect();
    for (i, &(colour, kind)) in pieces.iter().enumerate() {
        let (fill, edge) = style::piece(colour);
        let centre = at.shifted(0.0, -(i as f64) * step);
        svg.circle(
            centre,
            r,
            &format!(r#"fill="{fill}" stroke="{edge}" stroke-width="1.5""#),
        );
        if kind != 0 {
            svg.circle(
                centre,
                r * 0.72,
                &format!(r#"fill="none" stroke="{edge}" stroke-width="2""#),
            );
        }
    }
    let Some(&(top, kind)) = pieces.last() else {
        return;
    };
    let mut label = String::new();
    if kind != 0 {
        label.push(rules.kinds[usize::from(kind)].letter);
    }
    if pieces.len() > 1 {
        label.push_str(&pieces.len().to_string());
    }
    if !label.is_empty() {
        let (_, ink) = style::piece(top);
        let size = if label.chars().count() > 1 { 0.8 } else { 0.95 };
        svg.text(
            at.shifted(0.0, -((pieces.len() - 1) as f64) * step),
            &label,
            "middle",
            &format!(
                r#"font-size="{}" font-weight="bold" fill="{ink}""#,
                num(r * size)
            ),
        );
    }
}

/// A square frame round each marked junction, one colour per set of marks.
pub(super) fn marks(svg: &mut Svg, frame: &Frame, board: &Board, marks: &[JunctionMarks]) {
    for (i, mark) in marks.iter().enumerate() {
        for &j in &mark.junctions {
            // A mark past the board's junctions (a bad ruleset) is left out, not a panic.
            if let Some(junction) = board.junctions().get(j as usize) {
                svg.square_titled(
                    frame.point(junction.vertex),
                    frame.piece_radius() + 5.0,
                    &format!(
                        r#"fill="none" stroke="{}" stroke-width="2.5""#,
                        style::MARKS[i % style::MARKS.len()]
                    ),
                    Some(&format!("{}: {}", mark.legend, board.junction_name(j))),
                );
            }
        }
    }
}

/// An orange ring round every point whose stack the last turn changed.
pub(super) fn last_turn(svg: &mut Svg, frame: &Frame, board: &Board, last: &Highlight) {
    for &v in &last.junctions {
        svg.circle_titled(
            frame.point(v),
            frame.piece_radius() + 6.0,
            &format!(r#"fill="none" stroke="{}" stroke-width="3""#, style::LAST),
            Some(&format!(
                "{}: changed by the last turn",
                point_name(board, v)
            )),
        );
    }
}
