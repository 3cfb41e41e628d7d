//! The SVG text itself: points on the page, numbers written the same way on every
//! machine, escaped text, and the few elements the pictures are made of.

use std::fmt::Write;

pub(super) use crate::markup::escape;

/// A point on the page, in pixels, `y` growing downwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct P {
    pub x: f64,
    pub y: f64,
}

impl P {
    pub fn new(x: f64, y: f64) -> P {
        P { x, y }
    }

    /// The point `distance` from `self` towards `to`.
    pub fn towards(self, to: P, distance: f64) -> P {
        let (dx, dy) = (to.x - self.x, to.y - self.y);
        let length = (dx * dx + dy * dy).sqrt();
        if length == 0.0 {
            return self;
        }
        P::new(
            self.x + dx * distance / length,
            self.y + dy * distance / length,
        )
    }

    pub fn shifted(self, dx: f64, dy: f64) -> P {
        P::new(self.x + dx, self.y + dy)
    }
}

/// The average of some points (a cell's centre from its corners).
pub(super) fn centroid(points: &[P]) -> P {
    let n = points.len().max(1) as f64;
    P::new(
        points.iter().map(|p| p.x).sum::<f64>() / n,
        points.iter().map(|p| p.y).sum::<f64>() / n,
    )
}

/// A number with at most one decimal, without a trailing `.0` and never `-0`: the same
/// text on every machine for the same picture.
pub(super) fn num(v: f64) -> String {
    let tenths = (v * 10.0).round();
    if tenths == 0.0 {
        "0".to_string()
    } else if tenths % 10.0 == 0.0 {
        format!("{}", (tenths / 10.0) as i64)
    } else {
        format!("{:.1}", tenths / 10.0)
    }
}

/// `x,y`.
pub(super) fn pt(p: P) -> String {
    format!("{},{}", num(p.x), num(p.y))
}

/// The width a line of text takes, roughly, in the pictures' sans-serif font: enough to
/// size the page so that no legend line runs off it.
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// An SVG document being written: elements are appended in drawing order.
pub(super) struct Svg {
    pub out: String,
}

impl Svg {
    pub fn new() -> Svg {
        Svg { out: String::new() }
    }

    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// An element, with a tooltip when `title` is given (a browser shows it on hover;
    /// the tests read it as the element's name).
    fn element(&mut self, tag: &str, attrs: &str, title: Option<&str>) {
        match title {
            None => {
                let _ = writeln!(self.out, "<{tag} {attrs}/>");
            }
            Some(title) => {
                let _ = writeln!(
                    self.out,
                    "<{tag} {attrs}><title>{}</title></{tag}>",
                    escape(title)
                );
            }
        }
    }

    /// Opens a group; [`Svg::end_group`] closes it.
    pub fn group(&mut self, attrs: &str, title: Option<&str>) {
        let _ = write!(self.out, "<g {attrs}>");
        if let Some(title) = title {
            let _ = write!(self.out, "<title>{}</title>", escape(title));
        }
        self.out.push('\n');
    }

    pub fn end_group(&mut self) {
        self.raw("</g>");
    }

    pub fn polygon(&mut self, points: &[P], attrs: &str) {
        self.polygon_titled(points, attrs, None);
    }

    pub fn polygon_titled(&mut self, points: &[P], attrs: &str, title: Option<&str>) {
        let points: Vec<String> = points.iter().map(|&p| pt(p)).collect();
        self.element(
            "polygon",
            &format!(r#"points="{}" {attrs}"#, points.join(" ")),
            title,
        );
    }

    pub fn circle(&mut self, c: P, r: f64, attrs: &str) {
        self.circle_titled(c, r, attrs, None);
    }

    pub fn circle_titled(&mut self, c: P, r: f64, attrs: &str, title: Option<&str>) {
        self.element(
            "circle",
            &format!(
                r#"cx="{}" cy="{}" r="{}" {attrs}"#,
                num(c.x),
                num(c.y),
                num(r)
            ),
            title,
        );
    }

    pub fn path(&mut self, d: &str, attrs: &str) {
        let _ = writeln!(self.out, r#"<path d="{d}" {attrs}/>"#);
    }

    /// A square of half-width `half` centred at `c`, with rounded corners.
    pub fn square(&mut self, c: P, half: f64, attrs: &str) {
        self.square_titled(c, half, attrs, None);
    }

    pub fn square_titled(&mut self, c: P, half: f64, attrs: &str, title: Option<&str>) {
        self.element(
            "rect",
            &format!(
                r#"x="{}" y="{}" width="{}" height="{}" rx="3" {attrs}"#,
                num(c.x - half),
                num(c.y - half),
                num(2.0 * half),
                num(2.0 * half)
            ),
            title,
        );
    }

    /// Text whose middle line is at `at.y` (`anchor`: start, middle or end).
    pub fn text(&mut self, at: P, text: &str, anchor: &str, attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" dy="0.35em" text-anchor="{anchor}" {attrs}>{}</text>"#,
            num(at.x),
            num(at.y),
            escape(text)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.04), "12");
        assert_eq!(num(-3.25), "-3.3");
        assert_eq!(num(43.30127), "43.3");
    }
}
