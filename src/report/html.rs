//! `--html FILE`: one self-contained page (no external files, no scripts) with the
//! figures in a table, inline SVG charts ([`super::charts`]: win rates with their 95%
//! intervals; game lengths as histograms, A and B overlaid) and the final boards of a
//! few sample games.
//!
//! Boards are drawn by [`board_figure`], the one place to change when boards are drawn
//! as pictures rather than ASCII.

use std::fmt::Write;

use super::charts::{criteria_chart, length_chart, rates_chart, value_curve_chart};
use super::records::RecordsSummary;
use super::stats::Proportion;
use super::summary::{Comparison, FigureValue, Sample, Summary};
use super::text::{both_labels, count, limit_words, mean_text, number, percent, percent_interval};
pub use crate::markup::escape;

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
    body.push_str(&summary_sections(s, "", ""));
    page(&title, &body)
}

/// The sections of one summary's page: figures, win rates, length, criteria, endings
/// and sample games, with `after_figures` and `before_samples` (sections of a page's
/// own, written whole) where they go.
fn summary_sections(s: &Summary, after_figures: &str, before_samples: &str) -> String {
    let mut body = String::from("<h2>Figures</h2>\n");
    body.push_str(&figures_table(&[s], None));
    body.push_str(after_figures);
    body.push_str("<h2>Win rates</h2>\n");
    body.push_str(&rates_chart(&[s], None));
    body.push_str("<h2>Game length</h2>\n");
    body.push_str(&length_chart(&[("", s)]));
    for group in criteria_groups(s) {
        body.push_str(&format!("<h2>Quality criteria: {}</h2>\n", escape(group)));
        body.push_str(&criteria_chart(&[s], None, group));
    }
    body.push_str("<h2>How the games ended</h2>\n");
    body.push_str(&endings_table(&[s]));
    body.push_str(before_samples);
    body.push_str("<h2>Sample games</h2>\n");
    body.push_str(&samples(s));
    body
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
    for group in criteria_groups(a) {
        body.push_str(&format!("<h2>Quality criteria: {}</h2>\n", escape(group)));
        body.push_str(&criteria_chart(&[a, b], Some(c), group));
    }
    body.push_str("<h2>How the games ended</h2>\n");
    body.push_str(&endings_table(&[a, b]));
    body.push_str("<h2>Sample games of A</h2>\n");
    body.push_str(&samples(a));
    body.push_str("<h2>Sample games of B</h2>\n");
    body.push_str(&samples(b));
    page(&title, &body)
}

/// The page of a folder of game records: a match's page with the sides for players,
/// each player by name, and every game with its file.
pub fn records_page(r: &RecordsSummary) -> String {
    let s = &r.outcome;
    let ruleset = r.ruleset_words();
    let title = format!("{ruleset}: {} games of records", s.games);
    let mut body = format!(
        "<h1>Records: {}</h1>\n<p>{} games in {}, each replayed and checked turn by \
         turn; no turn limit and no seed: each game is what its record says</p>\n",
        escape(&ruleset),
        s.games,
        escape(&r.paths.join(", "))
    );
    let players = format!("<h2>Players</h2>\n{}", named_players_table(r));
    let games = format!("<h2>Games</h2>\n{}", games_table(r));
    body.push_str(&summary_sections(s, &players, &games));
    page(&title, &body)
}

/// Each player by name, with its wins' rate and interval and its wins on each side.
fn named_players_table(r: &RecordsSummary) -> String {
    let letters: Vec<char> = r.outcome.players.iter().map(|p| p.side).collect();
    let mut out = String::from(
        "<table>\n<tr><th>player</th><th>games</th><th>won</th><th>lost</th><th>drawn</th>\
         <th>unfinished</th><th>win rate</th><th>95% interval</th>",
    );
    for letter in &letters {
        let _ = write!(out, "<th>won as {letter}</th>");
    }
    out.push_str("</tr>\n");
    for p in &r.players {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td>",
            escape(&p.name),
            p.games,
            p.wins.count,
            p.losses,
            p.draws,
            p.unfinished,
            percent(p.wins.rate),
            percent_interval(p.wins.low, p.wins.high)
        );
        for &letter in &letters {
            let cell = match p.sides.iter().find(|s| s.side == letter) {
                Some(side) => format!("{}/{}", side.wins, side.games),
                None => "-".into(),
            };
            let _ = write!(out, "<td>{cell}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str(
        "</table>\n<p class=\"note\">A game counts once for each side a name played. The \
         win rate is of the player's games, with its Wilson score interval.</p>\n",
    );
    out
}

/// Every game of the records: its file, players, length and result.
fn games_table(r: &RecordsSummary) -> String {
    let mut out = String::from(
        "<table>\n<tr><th>record</th><th class=\"text\">players</th><th>turns</th>\
         <th class=\"text\">result</th></tr>\n",
    );
    for line in &r.game_list {
        let g = &line.game;
        let players: Vec<String> = g.sides.iter().map(|(l, n)| format!("{l}={n}")).collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"text\">{}</td><td>{}</td><td class=\"text\">{}</td></tr>",
            escape(&line.file),
            escape(&players.join(" ")),
            g.turns,
            escape(&g.result_line())
        );
    }
    out.push_str(
        "</table>\n<p class=\"note\"><code>variant-run replay FILE</code> plays a game \
         again, checking every turn.</p>\n",
    );
    out
}

/// A final board: its SVG picture as an embedded image (each picture names its layers
/// and clip paths with ids, which must not clash between boards on one page), or the
/// ASCII board in a `<pre>` block when there is no picture.
pub fn board_figure(sample: &Sample) -> String {
    use base64::Engine as _;
    if sample.picture.is_empty() {
        format!("<pre class=\"board\">{}</pre>\n", escape(&sample.board))
    } else {
        let data = base64::engine::general_purpose::STANDARD.encode(&sample.picture);
        format!(
            "<img class=\"board\" alt=\"the final board of game {}\" \
             src=\"data:image/svg+xml;base64,{data}\">\n",
            sample.game
        )
    }
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
th, td { padding: 0.2em 0.7em; text-align: right; border-bottom: 1px solid #ddd; white-space: nowrap; }
th:first-child, td:first-child, th.text, td.text { text-align: left; }
td.mark { color: #b00; font-weight: bold; }
.a { color: #3466a8; font-weight: bold; } .b { color: #e07b28; font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
svg { display: block; margin: 0.5em 0; }
svg text { font-family: system-ui, sans-serif; font-size: 12px; fill: #222; }
.samples { display: flex; flex-wrap: wrap; gap: 1.5em; }
.sample p { margin: 0.2em 0; font-size: 0.9em; max-width: 34em; }
.sample code { font-size: 0.85em; overflow-wrap: anywhere; }
img.board { display: block; width: 100%; max-width: 24em; height: auto; }
pre.board { background: #f6f6f2; padding: 0.6em; line-height: 1.15; font-size: 13px; width: fit-content; }
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
        "{} against {}, {sides}{}",
        s.players[0].label,
        s.players[1].label,
        limit_words(s)
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
                    let places = figures[row].decimals;
                    let interval = match (m.low, m.high) {
                        (Some(l), Some(h)) => format!("{l:.places$}-{h:.places$}"),
                        _ => "-".into(),
                    };
                    let mean = m
                        .mean
                        .map_or_else(|| "-".into(), |v| format!("{v:.places$}"));
                    let _ = write!(out, "<td></td><td>{mean}</td><td>{interval}</td>");
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
         the games with a winner. {} Captures per game: {}. Legal turns per position: the \
         mean number of {} (turns that leave different positions) over {}, with no \
         interval.</p>\n",
        escape(&intervals_words(summaries)),
        escape(&captures_words(summaries)),
        escape(summaries[0].branching.source),
        summaries
            .iter()
            .map(|s| format!("{} positions", s.branching.positions))
            .collect::<Vec<_>>()
            .join(" and ")
    ));
    out
}

/// The footnote's sentence on the intervals' methods ([`super::intervals`]): once, or
/// for A and B apart where they differ (a scored ruleset against an unscored one).
fn intervals_words(summaries: &[&Summary]) -> String {
    let sentences: Vec<String> = summaries.iter().map(|s| s.intervals.sentence()).collect();
    match &sentences[..] {
        [a, b] if a != b => format!("A: {a} B: {b}"),
        _ => sentences[0].clone(),
    }
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
    let curve = if sample.value_curve.is_empty() {
        String::new()
    } else {
        format!(
            "<p>the first seat's chance, turn by turn (docs/criteria.md):</p>\n{}",
            value_curve_chart(&sample.value_curve)
        )
    };
    format!(
        "<div class=\"sample\">\n<p><b>{}</b>, {}</p>\n<p>{}, {} turns: {}</p>\n\
         <p><code>{}</code></p>\n{}{curve}</div>\n",
        escape(&sample.name),
        escape(&sample.picked_for.join(" and ")),
        escape(&sample.players),
        sample.turns,
        escape(&sample.result),
        escape(&sample.command),
        board_figure(sample)
    )
}

/// The criteria's groups, in the order the report lists them (docs/criteria.md defines
/// each criterion).
fn criteria_groups(s: &Summary) -> Vec<&'static str> {
    let mut groups: Vec<&'static str> = Vec::new();
    for c in &s.criteria {
        if !groups.contains(&c.group) {
            groups.push(c.group);
        }
    }
    groups
}
