//! Reading an SVG picture back: a real SVG library must accept it, its bands must end on
//! junctions of their own colour, and a summary says what it draws in words (the names
//! the pictures give their tiles, junctions and stacks, and colour names instead of
//! hex codes), so that a snapshot of it can be read as a description of the picture.

use std::fmt::Write;

use usvg::roxmltree::{Document, Node};

/// Checks that a picture is an SVG document usvg reads, of the size it declares, with
/// something drawn.
pub fn parses(svg: &str) {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .unwrap_or_else(|e| panic!("the SVG does not parse: {e}\n{svg}"));
    let size = tree.size();
    let doc = document(svg);
    let declared = |name: &str| -> f32 {
        doc.root_element()
            .attribute(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {name} on <svg>"))
    };
    assert_eq!(
        (size.width(), size.height()),
        (declared("width"), declared("height"))
    );
    assert!(tree.root().has_children(), "nothing is drawn");
}

fn document(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"))
}

/// The colours the pictures use, by name.
const PALETTE: [(&str, &str); 15] = [
    ("#fbf8f1", "page"),
    ("#cdbb95", "tile"),
    ("#efe8d8", "unlaid"),
    ("#6f6148", "outline"),
    ("#5a4d37", "rim"),
    ("#3e5266", "dark"),
    ("#f7f1e3", "light"),
    ("#161616", "black"),
    ("#ffffff", "white"),
    ("#4a4030", "ink"),
    ("#f25c05", "orange"),
    ("#c2185b", "crimson"),
    ("#1565c0", "blue"),
    ("#2e7d32", "green"),
    ("#6a1b9a", "purple"),
];

fn colour_name(hex: &str) -> String {
    PALETTE
        .iter()
        .find(|(h, _)| *h == hex)
        .map_or_else(|| hex.to_string(), |(_, name)| name.to_string())
}

fn elements<'a, 'i>(node: Node<'a, 'i>) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children().filter(Node::is_element)
}

/// An element's tooltip.
fn title(node: Node) -> String {
    elements(node)
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or("(no title)")
        .to_string()
}

fn has_class(node: Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|c| c == class))
}

fn colour_of(node: Node, attribute: &str) -> String {
    colour_name(node.attribute(attribute).unwrap_or("none"))
}

/// `ab12: tile r, band dark; cut corners light, light`: a tile group by its parts.
fn tile_line(tile: Node) -> String {
    let parts = |class: &str, attribute: &str| -> Vec<String> {
        tile.descendants()
            .filter(|n| has_class(*n, class))
            .map(|n| colour_of(n, attribute))
            .collect()
    };
    let bands = parts("band", "stroke");
    let corners = parts("corner", "fill");
    let mut line = title(tile);
    let mut said = Vec::new();
    if !bands.is_empty() {
        let noun = if bands.len() == 1 { "band" } else { "bands" };
        said.push(format!("{noun} {}", bands.join(", ")));
    }
    if !corners.is_empty() {
        said.push(format!("cut corners {}", corners.join(", ")));
    }
    let _ = write!(line, ", {}", said.join("; "));
    line
}

/// The texts of a group, in drawing order.
fn texts(group: Node) -> Vec<String> {
    elements(group)
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

/// What a picture draws, layer by layer, in words.
pub fn summary(svg: &str) -> String {
    let doc = document(svg);
    let root = doc.root_element();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} x {}: {}",
        root.attribute("width").unwrap_or("?"),
        root.attribute("height").unwrap_or("?"),
        title(root)
    );
    for group in elements(root).filter(|n| n.has_tag_name("g")) {
        let id = group.attribute("id").unwrap_or("(no id)");
        if elements(group).next().is_none() {
            let _ = writeln!(out, "{id}: (empty)");
            continue;
        }
        let _ = writeln!(out, "{id}:");
        let mut line = |text: String| {
            let _ = writeln!(out, "  {text}");
        };
        match id {
            "tiles" => {
                for node in elements(group) {
                    if has_class(node, "tile") {
                        line(tile_line(node));
                    } else if has_class(node, "unlaid") {
                        line(title(node));
                    } else if node.has_tag_name("text") {
                        line(format!("text {}", node.text().unwrap_or("")));
                    }
                }
            }
            "names" => line(texts(group).join(" ")),
            "junctions" => {
                // Grouped by colour, in board order.
                let mut by_colour: Vec<(String, Vec<String>)> = Vec::new();
                for dot in elements(group) {
                    let colour = colour_of(dot, "fill");
                    let name = title(dot);
                    match by_colour.iter_mut().find(|(c, _)| *c == colour) {
                        Some((_, names)) => names.push(name),
                        None => by_colour.push((colour, vec![name])),
                    }
                }
                for (colour, names) in by_colour {
                    line(format!("{colour} ({}): {}", names.len(), names.join(" ")));
                }
            }
            "stacks" => {
                for stack in elements(group).filter(|n| n.has_tag_name("g")) {
                    let discs: Vec<String> = elements(stack)
                        .filter(|n| n.has_tag_name("circle"))
                        .map(|n| colour_of(n, "fill"))
                        .collect();
                    let label = texts(stack)
                        .iter()
                        .map(|t| format!(", height {t} written on top"))
                        .collect::<String>();
                    line(format!(
                        "{} (discs bottom first: {}{label})",
                        title(stack),
                        discs.join(" ")
                    ));
                }
            }
            "marks" | "last-tiles" | "last-junctions" => {
                for node in elements(group) {
                    if node.has_tag_name("text") {
                        line(format!("text {}", node.text().unwrap_or("")));
                    } else {
                        let dashed = if node.has_attribute("stroke-dasharray") {
                            ", dashed"
                        } else {
                            ""
                        };
                        let shape = match node.tag_name().name() {
                            "circle" => "ring",
                            "rect" => "square",
                            _ => "outline",
                        };
                        line(format!(
                            "{} ({} {shape}{dashed})",
                            title(node),
                            colour_of(node, "stroke")
                        ));
                    }
                }
            }
            "legend" => {
                for node in elements(group) {
                    if node.has_tag_name("text") {
                        let bold = node.attribute("font-weight") == Some("bold");
                        let text = node.text().unwrap_or("");
                        line(if bold {
                            format!("*{text}*")
                        } else {
                            text.to_string()
                        });
                    } else if has_class(node, "tile") {
                        line(format!("  {}", tile_line(node)));
                    }
                }
            }
            _ => line(format!("{} elements", elements(group).count())),
        }
    }
    out
}

/// The points where the bands of a picture's tiles end: a two-corner band is `M a Q c b`,
/// a star `M a L c M b L c ...`.
fn band_ends(d: &str) -> Vec<(f64, f64)> {
    let point = |token: &str| -> (f64, f64) {
        let (x, y) = token.split_once(',').expect("x,y");
        (x.parse().unwrap(), y.parse().unwrap())
    };
    let tokens: Vec<&str> = d.split_whitespace().collect();
    let mut ends: Vec<(f64, f64)> = tokens
        .iter()
        .filter_map(|t| t.strip_prefix('M'))
        .map(point)
        .collect();
    if d.contains('Q') {
        ends.push(point(tokens.last().expect("a curve has an end")));
    }
    ends
}

/// Checks that bands run on from tile to tile through the junctions: every band or
/// cut-off corner that ends on a junction has the junction's colour, and every junction
/// has at least one of them on it (the tiles join up there). Returns how many band ends
/// lie on junctions.
pub fn bands_meet_at_junctions(svg: &str) -> usize {
    let doc = document(svg);
    let junctions: Vec<((f64, f64), String)> = doc
        .descendants()
        .filter(|n| has_class(*n, "junction"))
        .map(|n| {
            let at = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            ((at("cx"), at("cy")), colour_of(n, "fill"))
        })
        .collect();
    let tiles = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("tiles"))
        .expect("a tiles layer");
    let mut reached = vec![false; junctions.len()];
    let mut band_ends_on_junctions = 0;
    for part in tiles.descendants() {
        let (ends, colour) = if has_class(part, "band") {
            (
                band_ends(part.attribute("d").unwrap()),
                colour_of(part, "stroke"),
            )
        } else if has_class(part, "corner") {
            // `M corner L ...`: the sector's point is the corner.
            let mut ends = band_ends(part.attribute("d").unwrap());
            ends.truncate(1);
            (ends, colour_of(part, "fill"))
        } else {
            continue;
        };
        for end in ends {
            let near = |(x, y): (f64, f64)| (x - end.0).abs() < 0.2 && (y - end.1).abs() < 0.2;
            if let Some(j) = junctions.iter().position(|(at, _)| near(*at)) {
                let junction = &junctions[j].1;
                assert_eq!(
                    &colour, junction,
                    "a {colour} band or corner ends on a {junction} junction at {end:?}"
                );
                reached[j] = true;
                if has_class(part, "band") {
                    band_ends_on_junctions += 1;
                }
            }
        }
    }
    if let Some(j) = reached.iter().position(|r| !r) {
        panic!(
            "no band or corner reaches the junction at {:?}",
            junctions[j].0
        );
    }
    band_ends_on_junctions
}
