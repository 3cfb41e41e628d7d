//! The SVG charts of the HTML page: win rates as bars with their 95% intervals as error
//! bars, and game lengths as histograms (A and B overlaid), each mean marked and named.
//! Plain SVG elements only, so the page needs no script and no file beside it.

use std::fmt::Write;

use super::stats::Bins;
use super::summary::{Comparison, FigureValue, Summary};
use super::text::{both_labels, percent, percent_interval};
use crate::markup::escape;
use crate::play::criteria::Criterion;

/// The colours of A and B (the first one for a single match).
pub const COLOURS: [&str; 2] = ["#3466a8", "#e07b28"];

/// Width of a character of the charts' 12px sans-serif text, generously: enough to keep
/// a label clear of the chart's edge without measuring it.
const CHAR_WIDTH: f64 = 7.0;

/// The series' names, `A ` and `B ` before their figures when there are two.
fn series_prefix(series: usize, of: usize) -> &'static str {
    if of == 2 {
        ["A ", "B "][series]
    } else {
        ""
    }
}

fn svg_start(width: f64, height: f64, label: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{label}\">\n"
    )
}

/// The key of a chart of two series: a swatch and the name of each, from `(x, y)`.
fn legend(svg: &mut String, x: f64, y: f64, opacity: f64) {
    for (i, name) in ["A", "B"].iter().enumerate() {
        let lx = x + i as f64 * 50.0;
        let _ = writeln!(
            svg,
            "<rect x=\"{lx}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{colour}\" \
             fill-opacity=\"{opacity}\" stroke=\"{colour}\"/><text x=\"{}\" y=\"{}\">{name}</text>",
            lx + 16.0,
            y + 10.5,
            colour = COLOURS[i],
        );
    }
}

/// One series' bar in a row of a bar chart, in the chart's coordinates.
struct BarRow<'a> {
    /// Where the bars start, and the top and height of this one's band.
    left: f64,
    top: f64,
    height: f64,
    /// Where the bar ends (no bar without a value), and its interval's ends.
    end: Option<f64>,
    interval: Option<(f64, f64)>,
    colour: &'a str,
    /// The figure's name and its value as written, in the bar's tooltip and at `text_x`.
    title: &'a str,
    value: &'a str,
    text_x: f64,
}

/// Draws a [`BarRow`]: the bar, its 95% interval as an error bar, the value at the right.
fn bar_row(svg: &mut String, row: &BarRow) {
    let (left, mid) = (row.left, row.top + row.height / 2.0);
    if let Some(end) = row.end {
        let _ = writeln!(
            svg,
            "<rect x=\"{left}\" y=\"{}\" width=\"{:.1}\" height=\"{}\" fill=\"{}\" \
             fill-opacity=\"0.75\"><title>{}: {}</title></rect>",
            row.top + 1.0,
            end - left,
            row.height - 2.0,
            row.colour,
            escape(row.title),
            escape(row.value)
        );
    }
    if let Some((lx, hx)) = row.interval {
        let (y1, y2) = (mid - 4.0, mid + 4.0);
        let _ = writeln!(
            svg,
            "<path d=\"M{lx:.1} {y1:.1}V{y2:.1}M{lx:.1} {mid:.1}H{hx:.1}\
             M{hx:.1} {y1:.1}V{y2:.1}\" stroke=\"#222\" stroke-width=\"1.2\" fill=\"none\"/>"
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{:.1}\">{}</text>",
        row.text_x,
        mid + 4.0,
        escape(row.value)
    );
}

/// Horizontal bars of the rates, one per summary in each group, with error bars for
/// their 95% intervals, and the figure written at the right.
pub fn rates_chart(summaries: &[&Summary], comparison: Option<&Comparison>) -> String {
    let figures: Vec<_> = summaries.iter().map(|s| s.figures()).collect();
    let rows: Vec<usize> = figures[0]
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f.value, FigureValue::Proportion(_)))
        .map(|(i, _)| i)
        .collect();
    let (label_width, plot_width, value_width) = (270.0, 420.0, 180.0);
    let bar = 14.0;
    let group = bar * summaries.len() as f64 + 14.0;
    let top = 24.0;
    let height = top + group * rows.len() as f64 + 30.0;
    let width = label_width + plot_width + value_width;
    let x = |rate: f64| label_width + rate.clamp(0.0, 1.0) * plot_width;
    let mut svg = svg_start(width, height, "win rates with 95% intervals");
    if summaries.len() == 2 {
        legend(&mut svg, label_width, 4.0, 0.75);
    }
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
            let value = format!(
                "{}{} ({})",
                series_prefix(i, summaries.len()),
                percent(p.rate),
                percent_interval(p.low, p.high)
            );
            bar_row(
                &mut svg,
                &BarRow {
                    left: label_width,
                    top: y,
                    height: bar,
                    end: Some(x(p.rate.unwrap_or(0.0))),
                    interval: p.low.zip(p.high).map(|(l, h)| (x(l), x(h))),
                    colour: COLOURS[i],
                    title: &figures[row].label,
                    value: &value,
                    text_x: label_width + plot_width + 8.0,
                },
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Histograms of game lengths in turns, overlaid, with a dashed line at each mean,
/// named above the plot.
///
/// The turns axis is a number line on which a game of `t` turns stands at `t`: a bin of
/// `a..=b` turns is drawn over `a - 0.5 .. b + 0.5`, so a bar of one length is centred on
/// its tick, and a mean reads true against the ticks (a mean of 8.7 stands between the
/// bars of 8 and 9 turns, nearer 9).
pub fn length_chart(series: &[(&str, &Summary)]) -> String {
    let all: Vec<u64> = series
        .iter()
        .flat_map(|(_, s)| s.length_counts.iter().map(|&(turns, _)| turns))
        .collect();
    let (Some(&low), Some(&high)) = (all.iter().min(), all.iter().max()) else {
        return String::from("<p>No games.</p>\n");
    };
    let bins = Bins::covering(low, high, 30);
    let counts: Vec<Vec<u64>> = series
        .iter()
        .map(|(_, s)| bins.count_each(s.length_counts.iter().copied()))
        .collect();
    let most = counts.iter().flatten().copied().max().unwrap_or(1).max(1);
    // The count axis ends on a tick, so its top is labelled.
    let step = round_step(most, 5);
    let plot = LengthPlot::new(&bins, most.div_ceil(step) * step);
    let mut svg = svg_start(plot.width, plot.height, "histogram of game lengths");
    plot.count_axis(&mut svg, step);
    for (i, (name, _)) in series.iter().enumerate() {
        plot.bars(&mut svg, &bins, i, name, &counts[i]);
    }
    plot.turn_axis(&mut svg, &bins);
    plot.means(&mut svg, series);
    if series.len() == 2 {
        legend(&mut svg, plot.width - plot.right - 100.0, 4.0, 0.45);
    }
    svg.push_str("</svg>\n");
    svg
}

/// The length histogram's frame: its margins, and where a count and a number of turns
/// fall.
struct LengthPlot {
    width: f64,
    height: f64,
    left: f64,
    right: f64,
    top: f64,
    plot_w: f64,
    plot_h: f64,
    /// The plot's bottom edge.
    base: f64,
    /// The counts axis's top, a tick.
    top_count: u64,
    /// The turns at the plot's left and right edges.
    first: f64,
    last: f64,
}

impl LengthPlot {
    fn new(bins: &Bins, top_count: u64) -> LengthPlot {
        let (left, right, top, bottom) = (56.0, 24.0, 46.0, 44.0);
        let (width, height) = (840.0, 320.0);
        let end = bins.start + bins.count as u64 * bins.width;
        LengthPlot {
            width,
            height,
            left,
            right,
            top,
            plot_w: width - left - right,
            plot_h: height - top - bottom,
            base: height - bottom,
            top_count,
            first: bins.start as f64 - 0.5,
            last: end as f64 - 0.5,
        }
    }

    fn y(&self, count: u64) -> f64 {
        self.base - count as f64 / self.top_count as f64 * self.plot_h
    }

    fn x(&self, turns: f64) -> f64 {
        self.left + (turns - self.first) / (self.last - self.first) * self.plot_w
    }

    /// Grid lines and labels up the counts axis, every `step` games.
    fn count_axis(&self, svg: &mut String, step: u64) {
        let (left, right) = (self.left, self.right);
        let mut tick = 0;
        while tick <= self.top_count {
            let ty = self.y(tick);
            let _ = writeln!(
                svg,
                "<line x1=\"{left}\" y1=\"{ty:.1}\" x2=\"{}\" y2=\"{ty:.1}\" stroke=\"#e4e4e4\"/>\
                 <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{tick}</text>",
                self.width - right,
                left - 6.0,
                ty + 4.0
            );
            tick += step;
        }
    }

    /// Series `i`'s bars, each with its count and range as a tooltip.
    fn bars(&self, svg: &mut String, bins: &Bins, i: usize, name: &str, counts: &[u64]) {
        for (b, &count) in counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let from = bins.start + b as u64 * bins.width;
            let range = if bins.width == 1 {
                format!("{from} turns")
            } else {
                format!("{from}-{} turns", from + bins.width - 1)
            };
            let games = if count == 1 { "game" } else { "games" };
            let prefix = if name.is_empty() {
                String::new()
            } else {
                format!("{name}: ")
            };
            let (x0, x1) = (
                self.x(from as f64 - 0.5),
                self.x((from + bins.width) as f64 - 0.5),
            );
            let _ = writeln!(
                svg,
                "<rect x=\"{x0:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{c}\" \
                 fill-opacity=\"0.45\" stroke=\"{c}\"><title>{prefix}{count} {games} of \
                 {range}</title></rect>",
                self.y(count),
                x1 - x0,
                self.base - self.y(count),
                c = COLOURS[i],
            );
        }
    }

    /// The turns axis: ticks at round values, ten at most, and both axes' names.
    fn turn_axis(&self, svg: &mut String, bins: &Bins) {
        let base = self.base;
        let end = bins.start + bins.count as u64 * bins.width;
        let turn_step = round_step(end - bins.start, 10);
        let mut turns = bins.start.div_ceil(turn_step) * turn_step;
        while turns as f64 <= self.last {
            let tx = self.x(turns as f64);
            let _ = writeln!(
                svg,
                "<line x1=\"{tx:.1}\" y1=\"{base:.1}\" x2=\"{tx:.1}\" y2=\"{:.1}\" stroke=\"#222\"/>\
                 <text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{turns}</text>",
                base + 5.0,
                base + 18.0,
            );
            turns += turn_step;
        }
        let _ = writeln!(
            svg,
            "<line x1=\"{}\" y1=\"{base:.1}\" x2=\"{}\" y2=\"{base:.1}\" stroke=\"#222\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">turns per game</text>\
             <text x=\"14\" y=\"{mid:.1}\" transform=\"rotate(-90 14 {mid:.1})\" \
             text-anchor=\"middle\">games</text>",
            self.left,
            self.width - self.right,
            self.left + self.plot_w / 2.0,
            self.height - 8.0,
            mid = self.top + self.plot_h / 2.0,
        );
    }

    /// The means: dashed lines over the bars, each named above the plot. With two, the
    /// smaller mean's name stands left of its line and the larger's right of it, so the
    /// names cannot overlap however close the means are.
    fn means(&self, svg: &mut String, series: &[(&str, &Summary)]) {
        let (width, top, base) = (self.width, self.top, self.base);
        let means: Vec<(usize, f64)> = series
            .iter()
            .enumerate()
            .filter_map(|(i, (_, s))| s.length.mean.map(|m| (i, m)))
            .collect();
        let smallest = means
            .iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|&(i, _)| i);
        for &(i, mean) in &means {
            let mx = self.x(mean);
            let name = series_prefix(i, series.len());
            let text = format!("{name}mean {mean:.1}");
            let text_w = text.chars().count() as f64 * CHAR_WIDTH;
            let (anchor, tx) = if means.len() < 2 {
                let half = text_w / 2.0;
                ("middle", mx.clamp(half, width - half))
            } else if Some(i) == smallest {
                ("end", (mx - 3.0).max(text_w))
            } else {
                ("start", (mx + 3.0).min(width - text_w))
            };
            let _ = writeln!(
                svg,
                "<line x1=\"{mx:.1}\" y1=\"{:.1}\" x2=\"{mx:.1}\" y2=\"{base:.1}\" stroke=\"{c}\" \
                 stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\
                 <text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\" style=\"fill: {c}\">{}</text>",
                top - 18.0,
                top - 8.0,
                escape(&text),
                c = COLOURS[i],
            );
        }
    }
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `0..=span` into at most
/// `most` steps.
fn round_step(span: u64, most: u64) -> u64 {
    let most = most.max(1);
    (0..19u32)
        .flat_map(|e| {
            let s = 10u64.pow(e);
            [s, 2 * s, 5 * s]
        })
        .find(|&step| span.div_ceil(step) <= most)
        .unwrap_or(u64::MAX)
}

/// What a criterion is measured in. A criteria chart draws the criteria of one unit in
/// one panel, on one axis: shares beside shares, never a share beside a count of turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Share,
    Variance,
    Pieces,
    Log10,
    TileSides,
    LeadChanges,
    Turns,
}

impl Unit {
    fn of(criterion: Criterion) -> Unit {
        match criterion {
            Criterion::DecisionMoves
            | Criterion::BoardCoverage
            | Criterion::Repetition
            | Criterion::Uncertainty
            | Criterion::Drama
            | Criterion::LoserBestChance
            | Criterion::Clarity => Unit::Share,
            Criterion::ValueVariance => Unit::Variance,
            Criterion::PiecesOnBoard => Unit::Pieces,
            Criterion::TreeComplexity => Unit::Log10,
            Criterion::MoveDistance => Unit::TileSides,
            Criterion::LeadChanges => Unit::LeadChanges,
            Criterion::DecisivenessLag => Unit::Turns,
        }
    }

    /// The axis's title.
    fn words(self) -> &'static str {
        match self {
            Unit::Share => "share or chance",
            Unit::Variance => "variance of the first seat's chance",
            Unit::Pieces => "pieces",
            Unit::Log10 => "log10 of the game tree's size",
            Unit::TileSides => "tile sides",
            Unit::LeadChanges => "lead changes a game",
            Unit::Turns => "turns",
        }
    }

    /// The axis's end when the unit has one whatever the values (a share's 1, a
    /// chance's variance's 0.25).
    fn fixed_end(self) -> Option<f64> {
        match self {
            Unit::Share => Some(1.0),
            Unit::Variance => Some(0.25),
            _ => None,
        }
    }
}

/// One panel of a criteria chart: the criteria of one unit (by their place in the
/// summaries' `criteria`), and its axis from 0 to `end` with a tick each `step`.
struct Panel {
    unit: Unit,
    rows: Vec<usize>,
    end: f64,
    step: f64,
}

/// The panels of a group's criteria, in the order of each unit's first criterion; each
/// axis ends on a round tick at or above every value and interval it draws.
fn panels(summaries: &[&Summary], group: &str) -> Vec<Panel> {
    let mut panels: Vec<Panel> = Vec::new();
    for (row, c) in summaries[0].criteria.iter().enumerate() {
        let Some(criterion) = Criterion::ALL.iter().find(|k| k.key() == c.key) else {
            continue;
        };
        if c.group != group {
            continue;
        }
        let unit = Unit::of(*criterion);
        match panels.iter_mut().find(|p| p.unit == unit) {
            Some(panel) => panel.rows.push(row),
            None => panels.push(Panel {
                unit,
                rows: vec![row],
                end: 1.0,
                step: 0.25,
            }),
        }
    }
    for panel in &mut panels {
        let highest = summaries
            .iter()
            .flat_map(|s| panel.rows.iter().map(|&r| &s.criteria[r]))
            .filter_map(|c| c.high.or(c.mean))
            .fold(0.0, f64::max);
        let (end, step) = match panel.unit.fixed_end() {
            Some(end) => (end, round_axis(end).1),
            None => round_axis(highest),
        };
        panel.end = end;
        panel.step = step;
    }
    panels
}

/// An axis from 0 that reaches `highest` in at most five round steps (1, 2, 2.5 or 5
/// times a power of ten): its end and its step. An axis of nothing but zeros ends at 1.
fn round_axis(highest: f64) -> (f64, f64) {
    if highest.is_nan() || highest <= 0.0 || highest.is_infinite() {
        return (1.0, 0.25);
    }
    let power = 10f64.powf(highest.log10().floor() - 1.0);
    let step = [1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0]
        .iter()
        .map(|m| m * power)
        .find(|step| (highest / step).ceil() <= 5.0)
        .unwrap_or(100.0 * power);
    ((highest / step).ceil().max(1.0) * step, step)
}

/// A tick's value as written: at most three decimals, no trailing zeros (`0.25`, `40`).
fn tick_text(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The quality criteria of one group as bars with their 95% intervals, one row per
/// criterion and one bar per summary, in panels by unit ([`Unit`]): the criteria of one
/// unit share an axis from 0, drawn with its ticks and title below them, so bars of one
/// panel compare by length. Shares and chances run from 0 to 1, the value variance from
/// 0 to 0.25; the other units to a round value above the highest interval.
pub fn criteria_chart(
    summaries: &[&Summary],
    comparison: Option<&Comparison>,
    group: &str,
) -> String {
    let panels = panels(summaries, group);
    let (label_width, plot_width, value_width) = (300.0, 390.0, 230.0);
    let bar = 14.0;
    let row_height = bar * summaries.len() as f64 + 14.0;
    let axis_height = 44.0;
    let top = if summaries.len() == 2 { 24.0 } else { 8.0 };
    let rows: usize = panels.iter().map(|p| p.rows.len()).sum();
    let height = top + row_height * rows as f64 + axis_height * panels.len() as f64;
    let width = label_width + plot_width + value_width;
    let mut svg = svg_start(width, height, &format!("quality criteria: {group}"));
    if summaries.len() == 2 {
        legend(&mut svg, label_width, 4.0, 0.75);
    }
    let mut y = top;
    for panel in &panels {
        let x = |v: f64| label_width + (v / panel.end).clamp(0.0, 1.0) * plot_width;
        let panel_height = row_height * panel.rows.len() as f64;
        axis(&mut svg, panel, &x, y, y + panel_height);
        for (r, &row) in panel.rows.iter().enumerate() {
            let y0 = y + r as f64 * row_height + 4.0;
            criteria_row(&mut svg, summaries, comparison, row, y0, &x);
        }
        y += panel_height + axis_height;
    }
    svg.push_str("</svg>\n");
    svg
}

/// A panel's axis: grid lines at its ticks over the rows from `top` to `base`, the axis
/// line at `base` with the ticks' values, and the unit's name under them.
fn axis(svg: &mut String, panel: &Panel, x: &dyn Fn(f64) -> f64, top: f64, base: f64) {
    let ticks = (panel.end / panel.step).round() as usize;
    for i in 0..=ticks {
        let value = panel.step * i as f64;
        let tx = x(value);
        let _ = writeln!(
            svg,
            "<line x1=\"{tx:.1}\" y1=\"{top:.1}\" x2=\"{tx:.1}\" y2=\"{base:.1}\" \
             stroke=\"#e4e4e4\"/><line x1=\"{tx:.1}\" y1=\"{base:.1}\" x2=\"{tx:.1}\" \
             y2=\"{:.1}\" stroke=\"#222\"/><text x=\"{tx:.1}\" y=\"{:.1}\" \
             text-anchor=\"middle\">{}</text>",
            base + 5.0,
            base + 17.0,
            tick_text(value)
        );
    }
    let (left, right) = (x(0.0), x(panel.end));
    let _ = writeln!(
        svg,
        "<line x1=\"{left:.1}\" y1=\"{top:.1}\" x2=\"{left:.1}\" y2=\"{base:.1}\" \
         stroke=\"#999\"/><line x1=\"{left:.1}\" y1=\"{base:.1}\" x2=\"{right:.1}\" \
         y2=\"{base:.1}\" stroke=\"#222\"/><text x=\"{:.1}\" y=\"{:.1}\" \
         text-anchor=\"middle\" style=\"fill: #555\">{}</text>",
        (left + right) / 2.0,
        base + 32.0,
        escape(panel.unit.words())
    );
}

/// One criterion's row: its label, and a bar with its interval for each summary.
fn criteria_row(
    svg: &mut String,
    summaries: &[&Summary],
    comparison: Option<&Comparison>,
    row: usize,
    y0: f64,
    x: &dyn Fn(f64) -> f64,
) {
    let (label_width, plot_width, bar) = (300.0, 390.0, 14.0);
    let first = &summaries[0].criteria[row];
    let mark = comparison.is_some_and(|c| c.differs(&format!("criteria.{}", first.key)));
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}{}</text>",
        label_width - 8.0,
        y0 + bar * summaries.len() as f64 / 2.0 + 4.0,
        escape(first.label),
        if mark { " *" } else { "" },
    );
    for (i, s) in summaries.iter().enumerate() {
        let c = &s.criteria[row];
        let value = match (c.mean, c.low, c.high) {
            (Some(m), Some(l), Some(h)) => format!("{m:.3} ({l:.3}-{h:.3})"),
            (Some(m), _, _) => format!("{m:.3}"),
            _ => "no games".into(),
        };
        let value = format!("{}{value}", series_prefix(i, summaries.len()));
        bar_row(
            svg,
            &BarRow {
                left: label_width,
                top: y0 + i as f64 * bar,
                height: bar,
                end: c.mean.map(x),
                interval: c.low.zip(c.high).map(|(l, h)| (x(l), x(h))),
                colour: COLOURS[i],
                title: c.label,
                value: &value,
                text_x: label_width + plot_width + 8.0,
            },
        );
    }
}

/// A sample game's value curve: the first seat's chance over its turns, a line over
/// a band from 0 to 100% with the even line dashed at 50%.
pub fn value_curve_chart(curve: &[(u32, f64)]) -> String {
    let (Some(&(start, _)), Some(&(end, _))) = (curve.first(), curve.last()) else {
        return String::new();
    };
    let (width, height, left, right, top, bottom) = (330.0, 110.0, 44.0, 8.0, 8.0, 22.0);
    let (plot_w, plot_h) = (width - left - right, height - top - bottom);
    let span = f64::from(end.saturating_sub(start).max(1));
    let x = |turn: u32| left + f64::from(turn - start) / span * plot_w;
    let y = |chance: f64| top + (1.0 - chance.clamp(0.0, 1.0)) * plot_h;
    let mut svg = svg_start(width, height, "the first seat's chance over the game");
    let _ = writeln!(
        svg,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" \
         stroke=\"#ccc\"/><line x1=\"{left}\" y1=\"{mid}\" x2=\"{}\" y2=\"{mid}\" \
         stroke=\"#999\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"end\">100%</text>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"end\">0%</text>\
         <text x=\"{left}\" y=\"{}\">turn {start}</text>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"end\">turn {end}</text>",
        left + plot_w,
        left - 4.0,
        top + 9.0,
        left - 4.0,
        top + plot_h,
        height - 6.0,
        left + plot_w,
        height - 6.0,
        mid = y(0.5),
    );
    let points: Vec<String> = curve
        .iter()
        .map(|&(turn, chance)| format!("{:.1},{:.1}", x(turn), y(chance)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\"/>",
        points.join(" "),
        COLOURS[0]
    );
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::{round_axis, round_step, tick_text};

    #[test]
    fn round_steps() {
        assert_eq!(round_step(0, 5), 1);
        assert_eq!(round_step(5, 5), 1);
        assert_eq!(round_step(6, 5), 2);
        assert_eq!(round_step(38, 5), 10);
        assert_eq!(round_step(54, 10), 10);
        assert_eq!(round_step(70, 10), 10);
        assert_eq!(round_step(100, 10), 10);
        assert_eq!(round_step(101, 10), 20);
    }

    #[test]
    fn criteria_axes_end_on_a_round_tick_above_the_values() {
        assert_eq!(round_axis(0.0), (1.0, 0.25));
        assert_eq!(round_axis(59.3), (60.0, 20.0));
        assert_eq!(round_axis(243.585), (250.0, 50.0));
        assert_eq!(round_axis(8.045), (10.0, 2.0));
        assert_eq!(round_axis(0.83), (1.0, 0.2));
        assert_eq!(round_axis(0.043), (0.05, 0.01));
        assert_eq!(round_axis(2.329), (2.5, 0.5));
        assert_eq!(round_axis(0.25), (0.25, 0.05));
        assert_eq!(tick_text(0.25), "0.25");
        assert_eq!(tick_text(40.0), "40");
        assert_eq!(tick_text(0.6000000000000001), "0.6");
    }
}
