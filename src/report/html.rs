//! `--html FILE`: one self-contained page (no external files, no scripts) with the
//! figures in a table, inline SVG charts (win rates as bars with their 95% intervals as
//! error bars; game lengths as histograms, A and B overlaid) and the final boards of a
//! few sample games.
//!
//! Boards are drawn by [`board_figure`], the one place to change when boards are drawn
//! as pictures rather than ASCII.

use std::fmt::Write;

use super::stats::{Bins, Proportion};
use super::summary::{Comparison, FigureValue, Sample, Summary};
use super::text::{both_labels, count, mean_text, number, percent, percent_interval};

/// The colours of A and B (or of a single match).
const COLOURS: [&str; 2] = ["#3466a8", "#e07b28"];

/// Escapes text for HTML (element content and attribute values).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page of one match.
pub fn match_page(s: &Summary) -> String {
    let title = format!("{}: {} games", ruleset_words(s), s.games);
    let mut body = format!(
        "<h1>Match: {}</h1>\n<p>{} games, seed {}; {}</p>\n",
        escape(&ruleset_words(s)),
        s.games,
        s.seed,
        escape(&players_words(s))
    );
    body.push_str("<h2>Figures</h2>\n");
    body.push_str(&figures_table(&[s], None));
    body.push_str("<h2>Win rates</h2>\n");
    body.push_str(&rates_chart(&[s], None));
    body.push_str("<h2>Game length</h2>\n");
    body.push_str(&length_chart(&[("", s)]));
    body.push_str("<h2>How the games ended</h2>\n");
    body.push_str(&endings_table(&[s]));
    body.push_str("<h2>Sample games</h2>\n");
    body.push_str(&samples(s));
    page(&title, &body)
}

/// The page of a comparison.
pub fn compare_page(c: &Comparison) -> String {
    let (a, b) = (&c.a, &c.b);
    let title = format!("{} against {}", ruleset_words(a), ruleset_words(b));
    let mut body = format!(
        "<h1>Compare: <span class=\"a\">A</span> {} and <span class=\"b\">B</span> {}</h1>\n\
         <p>{} games each on the same seeds (seed {}); {}</p>\n",
        escape(&ruleset_words(a)),
        escape(&ruleset_words(b)),
        a.games,
        a.seed,
        escape(&players_words(a))
    );
    body.push_str("<h2>Figures</h2>\n");
    body.push_str(&figures_table(&[a, b], Some(c)));
    body.push_str(if c.differences.is_empty() {
        "<p class=\"note\">No figure's 95% intervals in A and B are apart.</p>\n"
    } else {
        "<p class=\"note\">* the 95% intervals of A and B do not overlap</p>\n"
    });
    body.push_str("<h2>Win rates</h2>\n");
    body.push_str(&rates_chart(&[a, b], Some(c)));
    body.push_str("<h2>Game length</h2>\n");
    body.push_str(&length_chart(&[("A", a), ("B", b)]));
    body.push_str("<h2>How the games ended</h2>\n");
    body.push_str(&endings_table(&[a, b]));
    body.push_str("<h2>Sample games of A</h2>\n");
    body.push_str(&samples(a));
    body.push_str("<h2>Sample games of B</h2>\n");
    body.push_str(&samples(b));
    page(&title, &body)
}

/// A final board. Today the ASCII board in a `<pre>` block; a drawing will replace it.
pub fn board_figure(board: &str) -> String {
    format!("<pre class=\"board\">{}</pre>\n", escape(board))
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    )
}

const STYLE: &str = "\
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 64em; color: #222; padding: 0 1em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.8em; }
table { border-collapse: collapse; }
th, td { padding: 0.2em 0.7em; text-align: right; border-bottom: 1px solid #ddd; }
th:first-child, td:first-child { text-align: left; }
td.mark { color: #b00; font-weight: bold; }
.a { color: #3466a8; font-weight: bold; } .b { color: #e07b28; font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
svg { display: block; margin: 0.5em 0; }
svg text { font-family: system-ui, sans-serif; font-size: 12px; fill: #222; }
.samples { display: flex; flex-wrap: wrap; gap: 1.5em; }
.sample p { margin: 0.2em 0; font-size: 0.9em; max-width: 34em; }
.sample code { font-size: 0.85em; word-break: break-all; }
pre.board { background: #f6f6f2; padding: 0.6em; line-height: 1.15; font-size: 13px; }
";

/// `truchet-browne --size 5`
fn ruleset_words(s: &Summary) -> String {
    let mut words = vec![s.ruleset.clone()];
    words.extend(s.options.iter().cloned());
    super::shell_line(words)
}

fn players_words(s: &Summary) -> String {
    let sides = if s.sides_alternate {
        "changing sides every game"
    } else {
        "on the same sides every game"
    };
    format!(
        "{} against {}, {sides}; at most {} turns a game",
        s.players[0].label, s.players[1].label, s.max_turns
    )
}

fn proportion_cell(key: &str, p: &Proportion, games: u64) -> String {
    let count = count(key, p, games);
    format!(
        "<td>{count}</td><td>{}</td><td>{}</td>",
        percent(p.rate),
        percent_interval(p.low, p.high)
    )
}

/// The figures of one or two summaries, with the marks of a comparison.
fn figures_table(summaries: &[&Summary], comparison: Option<&Comparison>) -> String {
    let mut out = String::from("<table>\n<tr><th></th>");
    for (i, _) in summaries.iter().enumerate() {
        let name = if summaries.len() == 2 {
            format!(
                "<span class=\"{}\">{}</span> ",
                ["a", "b"][i],
                ["A", "B"][i]
            )
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<th>{name}games</th><th>rate / mean</th><th>95% interval</th>"
        );
    }
    out.push_str("<th></th></tr>\n");
    let figures: Vec<_> = summaries.iter().map(|s| s.figures()).collect();
    for (row, first) in figures[0].iter().enumerate() {
        let label = match figures.get(1) {
            Some(second) => both_labels(first, &second[row]),
            None => first.label.clone(),
        };
        let _ = write!(out, "<tr><td>{}</td>", escape(&label));
        for (s, figures) in summaries.iter().zip(&figures) {
            match &figures[row].value {
                FigureValue::Proportion(p) => {
                    out.push_str(&proportion_cell(&figures[row].key, p, s.games))
                }
                FigureValue::Mean(m) => {
                    let interval = match (m.low, m.high) {
                        (Some(l), Some(h)) => format!("{l:.1}-{h:.1}"),
                        _ => "-".into(),
                    };
                    let _ = write!(
                        out,
                        "<td></td><td>{}</td><td>{interval}</td>",
                        number(m.mean)
                    );
                }
            }
        }
        let mark = comparison.is_some_and(|c| c.differs(&first.key));
        let _ = writeln!(
            out,
            "<td class=\"mark\">{}</td></tr>",
            if mark { "*" } else { "" }
        );
    }
    let plain = |s: &Summary| {
        vec![
            ("game length, median", number(s.length.median)),
            ("game length, 90th percentile", number(s.length.p90)),
            ("legal turns per position, mean", number(s.branching.mean)),
        ]
    };
    let rows: Vec<_> = summaries.iter().map(|s| plain(s)).collect();
    for (i, (label, _)) in rows[0].iter().enumerate() {
        let _ = write!(out, "<tr><td>{label}</td>");
        for r in &rows {
            let _ = write!(out, "<td></td><td>{}</td><td></td>", r[i].1);
        }
        out.push_str("<td></td></tr>\n");
    }
    out.push_str("</table>\n");
    out.push_str(&format!(
        "<p class=\"note\">Rates are of all games, except the first seat's share, which is of \
         the games with a winner. Intervals: Wilson score for rates, normal approximation for \
         means. Captures per game: {}. Legal turns per position: counted by {} \
         over {}.</p>\n",
        escape(&captures_words(summaries)),
        summaries[0].branching.source,
        summaries
            .iter()
            .map(|s| format!("{} positions", s.branching.positions))
            .collect::<Vec<_>>()
            .join(" and ")
    ));
    out
}

fn captures_words(summaries: &[&Summary]) -> String {
    let means: Vec<String> = summaries
        .iter()
        .map(|s| {
            format!(
                "{} in all, mean {}",
                s.captures.total,
                mean_text(&super::stats::Mean {
                    mean: s.captures.mean,
                    low: s.captures.low,
                    high: s.captures.high,
                })
            )
        })
        .collect();
    format!(
        "{}; the opponent's pieces that left the game in each turn",
        means.join(" and ")
    )
}

/// Horizontal bars of the rates, one per summary in each group, with error bars for
/// their 95% intervals.
fn rates_chart(summaries: &[&Summary], comparison: Option<&Comparison>) -> String {
    let figures: Vec<_> = summaries.iter().map(|s| s.figures()).collect();
    let rows: Vec<usize> = figures[0]
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f.value, FigureValue::Proportion(_)))
        .map(|(i, _)| i)
        .collect();
    let (label_width, plot_width, value_width) = (270.0, 420.0, 150.0);
    let bar = 14.0;
    let group = bar * summaries.len() as f64 + 14.0;
    let top = 24.0;
    let height = top + group * rows.len() as f64 + 30.0;
    let width = label_width + plot_width + value_width;
    let x = |rate: f64| label_width + rate.clamp(0.0, 1.0) * plot_width;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"win rates with 95% intervals\">\n"
    );
    // Legend.
    if summaries.len() == 2 {
        for (i, name) in ["A", "B"].iter().enumerate() {
            let lx = label_width + i as f64 * 60.0;
            let _ = writeln!(
                svg,
                "<rect x=\"{lx}\" y=\"4\" width=\"12\" height=\"12\" fill=\"{}\"/>\
                 <text x=\"{}\" y=\"14\">{name}</text>",
                COLOURS[i],
                lx + 16.0
            );
        }
    }
    // Grid.
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let gx = x(tick);
        let _ = writeln!(
            svg,
            "<line x1=\"{gx}\" y1=\"{top}\" x2=\"{gx}\" y2=\"{}\" stroke=\"#ccc\"/>\
             <text x=\"{gx}\" y=\"{}\" text-anchor=\"middle\">{}%</text>",
            height - 24.0,
            height - 10.0,
            tick * 100.0
        );
    }
    for (r, &row) in rows.iter().enumerate() {
        let y0 = top + r as f64 * group + 4.0;
        let first = &figures[0][row];
        let label = match figures.get(1) {
            Some(second) => both_labels(first, &second[row]),
            None => first.label.clone(),
        };
        let mark = comparison.is_some_and(|c| c.differs(&first.key));
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}{}</text>",
            label_width - 8.0,
            y0 + bar * summaries.len() as f64 / 2.0 + 4.0,
            escape(&label),
            if mark { " *" } else { "" }
        );
        for (i, figures) in figures.iter().enumerate() {
            let FigureValue::Proportion(p) = &figures[row].value else {
                continue;
            };
            let y = y0 + i as f64 * bar;
            let mid = y + bar / 2.0;
            let tip = format!(
                "{}{}: {} ({})",
                if summaries.len() == 2 {
                    ["A ", "B "][i]
                } else {
                    ""
                },
                figures[row].label,
                percent(p.rate),
                percent_interval(p.low, p.high)
            );
            let _ = writeln!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{:.1}\" height=\"{}\" fill=\"{}\" \
                 fill-opacity=\"0.75\"><title>{}</title></rect>",
                label_width,
                y + 1.0,
                x(p.rate.unwrap_or(0.0)) - label_width,
                bar - 2.0,
                COLOURS[i],
                escape(&tip)
            );
            if let (Some(low), Some(high)) = (p.low, p.high) {
                let (lx, hx) = (x(low), x(high));
                let _ = writeln!(
                    svg,
                    "<path d=\"M{lx:.1} {:.1}V{:.1}M{lx:.1} {mid:.1}H{hx:.1}M{hx:.1} {:.1}V{:.1}\" \
                     stroke=\"#222\" stroke-width=\"1.2\" fill=\"none\"/>",
                    mid - 4.0,
                    mid + 4.0,
                    mid - 4.0,
                    mid + 4.0
                );
            }
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{:.1}\">{} ({})</text>",
                label_width + plot_width + 8.0,
                mid + 4.0,
                percent(p.rate),
                percent_interval(p.low, p.high)
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Histograms of game lengths in turns, overlaid, with a dashed line at each mean.
fn length_chart(series: &[(&str, &Summary)]) -> String {
    let lengths = |s: &Summary| -> Vec<u64> { s.game_list.iter().map(|g| g.turns).collect() };
    let all: Vec<u64> = series.iter().flat_map(|(_, s)| lengths(s)).collect();
    let (Some(&low), Some(&high)) = (all.iter().min(), all.iter().max()) else {
        return String::from("<p>No games.</p>\n");
    };
    let bins = Bins::covering(low, high, 30);
    let counts: Vec<Vec<u64>> = series.iter().map(|(_, s)| bins.count(lengths(s))).collect();
    let most = counts.iter().flatten().copied().max().unwrap_or(1).max(1);
    let (left, right, top, bottom) = (50.0, 20.0, 28.0, 44.0);
    let (width, height) = (840.0, 300.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let bin_w = plot_w / bins.count as f64;
    let y = |count: f64| top + plot_h - count / most as f64 * plot_h;
    let span = (bins.count as u64 * bins.width) as f64;
    let x_of = |turns: f64| left + (turns - bins.start as f64) / span * plot_w;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"histogram of game lengths\">\n"
    );
    // Axes and count ticks.
    let step = nice_step(most);
    let mut tick = 0;
    while tick <= most {
        let ty = y(tick as f64);
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{ty:.1}\" x2=\"{}\" y2=\"{ty:.1}\" stroke=\"#e4e4e4\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{tick}</text>",
            width - right,
            left - 6.0,
            ty + 4.0
        );
        tick += step;
    }
    for (i, (name, _)) in series.iter().enumerate() {
        let values = &counts[i];
        for (b, &count) in values.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let from = bins.start + b as u64 * bins.width;
            let to = from + bins.width - 1;
            let range = if bins.width == 1 {
                format!("{from} turns")
            } else {
                format!("{from}-{to} turns")
            };
            let games = if count == 1 { "game" } else { "games" };
            let prefix = if name.is_empty() {
                String::new()
            } else {
                format!("{name}: ")
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\" \
                 fill-opacity=\"0.5\" stroke=\"{}\"><title>{prefix}{count} {games} of {range}</title></rect>",
                left + b as f64 * bin_w,
                y(count as f64),
                bin_w,
                top + plot_h - y(count as f64),
                COLOURS[i],
                COLOURS[i]
            );
        }
    }
    // Means.
    for (i, (name, s)) in series.iter().enumerate() {
        if let Some(mean) = s.length.mean {
            let mx = x_of(mean + 0.5);
            let _ = writeln!(
                svg,
                "<line x1=\"{mx:.1}\" y1=\"{top}\" x2=\"{mx:.1}\" y2=\"{:.1}\" stroke=\"{}\" \
                 stroke-width=\"2\" stroke-dasharray=\"5 3\"><title>{}mean {:.1} turns</title></line>",
                top + plot_h,
                COLOURS[i],
                if name.is_empty() {
                    String::new()
                } else {
                    format!("{name}: ")
                },
                mean
            );
        }
    }
    // Length ticks: about eight labels.
    let every = bins.count.div_ceil(8).max(1);
    for b in (0..=bins.count).step_by(every) {
        let tx = left + b as f64 * bin_w;
        let _ = writeln!(
            svg,
            "<line x1=\"{tx:.1}\" y1=\"{:.1}\" x2=\"{tx:.1}\" y2=\"{:.1}\" stroke=\"#222\"/>\
             <text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            top + plot_h,
            top + plot_h + 5.0,
            top + plot_h + 18.0,
            bins.start + b as u64 * bins.width
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{:.1}\" x2=\"{}\" y2=\"{:.1}\" stroke=\"#222\"/>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">turns per game (dashed: the mean)</text>\
         <text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {})\" text-anchor=\"middle\">games</text>",
        top + plot_h,
        width - right,
        top + plot_h,
        left + plot_w / 2.0,
        height - 6.0,
        top + plot_h / 2.0,
        top + plot_h / 2.0
    );
    if series.len() == 2 {
        for (i, (name, _)) in series.iter().enumerate() {
            let lx = width - right - 110.0 + i as f64 * 55.0;
            let _ = writeln!(
                svg,
                "<rect x=\"{lx}\" y=\"6\" width=\"12\" height=\"12\" fill=\"{}\" fill-opacity=\"0.5\" \
                 stroke=\"{}\"/><text x=\"{}\" y=\"16\">{name}</text>",
                COLOURS[i],
                COLOURS[i],
                lx + 16.0
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// A round step for about five ticks up to `most`.
fn nice_step(most: u64) -> u64 {
    let rough = (most / 5).max(1);
    let mut step = 1;
    for candidate in (0..19u32).flat_map(|e| {
        let s = 10u64.pow(e);
        [s, 2 * s, 5 * s]
    }) {
        step = candidate;
        if candidate >= rough {
            break;
        }
    }
    step
}

fn endings_table(summaries: &[&Summary]) -> String {
    let mut reasons: Vec<(&str, &str)> = Vec::new();
    for s in summaries {
        for e in &s.endings {
            if !reasons.contains(&(e.result, e.reason.as_str())) {
                reasons.push((e.result, e.reason.as_str()));
            }
        }
    }
    let mut out = String::from("<table>\n<tr><th>reason</th><th>result</th>");
    for (i, _) in summaries.iter().enumerate() {
        if summaries.len() == 2 {
            let _ = write!(
                out,
                "<th><span class=\"{}\">{}</span></th>",
                ["a", "b"][i],
                ["A", "B"][i]
            );
        } else {
            out.push_str("<th>games</th>");
        }
    }
    out.push_str("</tr>\n");
    for (result, reason) in reasons {
        let _ = write!(out, "<tr><td>{}</td><td>{result}</td>", escape(reason));
        for s in summaries {
            let count = s
                .endings
                .iter()
                .find(|e| e.result == result && e.reason == reason)
                .map_or(0, |e| e.count);
            let _ = write!(out, "<td>{count}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

fn samples(s: &Summary) -> String {
    if s.samples.is_empty() {
        return String::from("<p>No games.</p>\n");
    }
    let mut out = String::from("<div class=\"samples\">\n");
    for sample in &s.samples {
        out.push_str(&sample_html(sample));
    }
    out.push_str("</div>\n");
    out
}

fn sample_html(sample: &Sample) -> String {
    format!(
        "<div class=\"sample\">\n<p><b>Game {}</b> ({}): {}</p>\n<p><code>{}</code></p>\n{}</div>\n",
        sample.game,
        escape(&sample.players),
        escape(&sample.result),
        escape(&sample.command),
        board_figure(&sample.board)
    )
}
