//! The readable reports: a table of a match's figures, or two matches side by side with
//! the figures whose intervals do not overlap marked `*`.

use super::card::ReportCard;
use super::records::RecordsSummary;
use super::stats::{Mean, Proportion};
use super::summary::{Comparison, Figure, FigureValue, Summary};

/// A rate as a percentage with one decimal: `41.7%`.
pub fn percent(rate: Option<f64>) -> String {
    match rate {
        Some(r) => format!("{:.1}%", r * 100.0),
        None => "-".into(),
    }
}

/// A rate's interval: `19.3-68.1%`.
pub fn percent_interval(low: Option<f64>, high: Option<f64>) -> String {
    match (low, high) {
        (Some(l), Some(h)) => format!("{:.1}-{:.1}%", l * 100.0, h * 100.0),
        _ => "-".into(),
    }
}

/// A number with one decimal, or `-`.
pub fn number(value: Option<f64>) -> String {
    value.map_or_else(|| "-".into(), |v| format!("{v:.1}"))
}

/// A mean and its interval: `41.5 (35.2-47.8)`, or `-4.3 (-6.0 to -2.0)` where a bound
/// is below 0 (a score's margin), so that no minus sign reads as the dash between them.
pub fn mean_text(m: &Mean) -> String {
    match (m.low, m.high) {
        (Some(l), Some(h)) if l < 0.0 || h < 0.0 => {
            format!("{} ({l:.1} to {h:.1})", number(m.mean))
        }
        (Some(l), Some(h)) => format!("{} ({l:.1}-{h:.1})", number(m.mean)),
        _ => number(m.mean),
    }
}

/// The count of a proportion: `7`, or `7/12` when it is not out of every game (the
/// first seat's share is always out of the decisive games, so always `7/12`).
pub fn count(key: &str, p: &Proportion, games: u64) -> String {
    if p.of == games && key != "first_seat_advantage" {
        p.count.to_string()
    } else {
        format!("{}/{}", p.count, p.of)
    }
}

/// Who played: `greedy against random, changing sides every game`.
fn players_line(s: &Summary) -> String {
    let labels: Vec<&str> = s.players.iter().map(|p| p.label.as_str()).collect();
    let sides = if s.sides_alternate {
        "changing sides every game".to_string()
    } else {
        let sides: Vec<String> = s
            .players
            .iter()
            .map(|p| format!("{}={}", p.side, p.kind))
            .collect();
        format!("always {}", sides.join(" "))
    };
    format!(
        "{} against {}, {sides}{}",
        labels[0],
        labels[1],
        limit_words(s)
    )
}

/// `; at most 2000 turns a game`, where the games had a turn limit.
pub fn limit_words(s: &Summary) -> String {
    s.max_turns
        .map(|limit| format!("; at most {limit} turns a game"))
        .unwrap_or_default()
}

/// `truchet-browne --size 5`
fn ruleset_line(s: &Summary) -> String {
    let mut words = vec![s.ruleset.clone()];
    words.extend(s.options.iter().cloned());
    super::shell_line(words)
}

/// The width of each column of `rows`, in characters: its widest cell.
fn column_widths(rows: &[Vec<String>]) -> Vec<usize> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// Lays out rows of cells: the first column left-aligned, the others right-aligned,
/// columns two spaces apart.
fn table(rows: &[Vec<String>]) -> String {
    let widths = column_widths(rows);
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            if c == 0 {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str("  ");
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The figures without an interval: (label, value).
fn plain_figures(s: &Summary) -> Vec<(&'static str, String)> {
    let length = &s.length;
    vec![
        ("game length, median", number(length.median)),
        ("game length, 90th percentile", number(length.p90)),
        (
            "game length, shortest-longest",
            match (length.min, length.max) {
                (Some(a), Some(b)) => format!("{a}-{b}"),
                _ => "-".into(),
            },
        ),
        ("legal turns per position, mean", number(s.branching.mean)),
    ]
}

/// The readable report of one match.
pub fn match_report(s: &Summary) -> String {
    let mut out = format!(
        "match: {}, {} games, seed {}\nplayers: {}\n\n",
        ruleset_line(s),
        s.games,
        s.seed,
        players_line(s)
    );
    out.push_str(&rates_text(s));
    out.push('\n');
    out.push_str(&means_text(s));
    if !s.samples.is_empty() {
        out.push_str("\nsample games (the command plays one again, alone, with every board)\n");
        for sample in &s.samples {
            out.push_str(&format!(
                "  game {} ({}), {}: {} turns, {}\n    {}\n",
                sample.game,
                sample.players,
                sample.picked_for.join(" and "),
                sample.turns,
                sample.result,
                sample.command
            ));
        }
    }
    out
}

/// The most games a readable report of records lists one by one (the JSON lists all).
pub const RECORDS_LISTED: usize = 100;

/// The readable report of a folder of game records: the figures of a match report,
/// with the sides for players, each player by name, and every game with its file.
pub fn records_report(r: &RecordsSummary) -> String {
    let s = &r.outcome;
    let mut out = format!(
        "records: {}, {} game{} in {}\n\n",
        r.ruleset_words(),
        s.games,
        if s.games == 1 { "" } else { "s" },
        r.paths.join(", ")
    );
    out.push_str(&rates_text(s));
    out.push_str("\nplayers by name (a game counts once for each side a name played)\n");
    out.push_str(&named_players_text(r));
    out.push('\n');
    out.push_str(&means_text(s));
    out.push_str("\ngames (`variant-run replay FILE` plays one again, checking every turn)\n");
    let rows: Vec<Vec<String>> = r
        .game_list
        .iter()
        .take(RECORDS_LISTED)
        .map(|line| {
            let g = &line.game;
            let players: Vec<String> = g.sides.iter().map(|(l, n)| format!("{l}={n}")).collect();
            vec![
                format!("  {}", line.file),
                players.join(" "),
                format!("{} turns", g.turns),
                g.result_line(),
            ]
        })
        .collect();
    out.push_str(&left_table(&rows));
    if r.game_list.len() > RECORDS_LISTED {
        out.push_str(&format!(
            "  ... and {} more (--json lists every game)\n",
            r.game_list.len() - RECORDS_LISTED
        ));
    }
    out
}

/// Each player by name: games, wins, losses, draws, unfinished, win rate with its
/// interval, and wins of games on each side.
fn named_players_text(r: &RecordsSummary) -> String {
    let letters: Vec<char> = r.outcome.players.iter().map(|p| p.side).collect();
    let mut header: Vec<String> = [
        "",
        "games",
        "won",
        "lost",
        "drawn",
        "unfinished",
        "win rate",
        "95% interval",
    ]
    .map(String::from)
    .to_vec();
    header.extend(letters.iter().map(|l| format!("won as {l}")));
    let mut rows = vec![header];
    for p in &r.players {
        let mut row = vec![
            format!("  {}", p.name),
            p.games.to_string(),
            p.wins.count.to_string(),
            p.losses.to_string(),
            p.draws.to_string(),
            p.unfinished.to_string(),
            percent(p.wins.rate),
            percent_interval(p.wins.low, p.wins.high),
        ];
        for &letter in &letters {
            row.push(match p.sides.iter().find(|s| s.side == letter) {
                Some(side) => format!("{}/{}", side.wins, side.games),
                None => "-".into(),
            });
        }
        rows.push(row);
    }
    table(&rows)
}

/// The rates with their intervals, as a table.
fn rates_text(s: &Summary) -> String {
    let mut rows = vec![vec![
        String::new(),
        "games".into(),
        "rate".into(),
        "95% interval".into(),
    ]];
    for figure in s.figures() {
        if let FigureValue::Proportion(p) = &figure.value {
            rows.push(vec![
                figure.label.clone(),
                count(&figure.key, p, s.games),
                percent(p.rate),
                percent_interval(p.low, p.high),
            ]);
        }
    }
    table(&rows)
}

/// The lengths, captures, branching factor, criteria and endings.
fn means_text(s: &Summary) -> String {
    let mean = |m: &Mean| mean_text(m);
    let plain = plain_figures(s);
    let rows: Vec<Vec<String>> = vec![
        vec![
            "game length, mean turns".into(),
            mean(&Mean {
                mean: s.length.mean,
                low: s.length.low,
                high: s.length.high,
            }),
        ],
        vec![plain[0].0.into(), plain[0].1.clone()],
        vec![plain[1].0.into(), plain[1].1.clone()],
        vec![plain[2].0.into(), plain[2].1.clone()],
        vec![
            "captures per game, mean".into(),
            format!(
                "{}, {} in all",
                mean(&Mean {
                    mean: s.captures.mean,
                    low: s.captures.low,
                    high: s.captures.high,
                }),
                s.captures.total
            ),
        ],
        vec![
            plain[3].0.into(),
            format!(
                "{} over {} positions (counting {})",
                plain[3].1, s.branching.positions, s.branching.source
            ),
        ],
    ];
    let mut out = left_table(&rows);
    out.push_str(&scores_text(s));
    out.push_str(&criteria_table(s));
    out.push_str("\nhow the games ended\n");
    let rows: Vec<Vec<String>> = s
        .endings
        .iter()
        .map(|e| vec![format!("  {}", e.reason), e.count.to_string()])
        .collect();
    out.push_str(&table(&rows));
    out
}

/// Each player's mean score and the margin, where the ruleset scored games.
fn scores_text(s: &Summary) -> String {
    let Some(scores) = &s.scores else {
        return String::new();
    };
    let rows: Vec<Vec<String>> = s
        .figures()
        .into_iter()
        .filter(|f| f.key.starts_with("scores."))
        .filter_map(|f| match f.value {
            FigureValue::Mean(m) => Some(vec![format!("  {}", f.label), mean_text(&m)]),
            FigureValue::Proportion(_) => None,
        })
        .collect();
    let counted = if scores.games == s.games {
        String::new()
    } else {
        format!(" ({} of the games)", scores.games)
    };
    format!("\nscores{counted}\n{}", left_table(&rows))
}

/// The quality criteria by group: mean, interval, and the games counted where not all.
fn criteria_table(s: &Summary) -> String {
    let mut out = String::from("\nquality criteria (defined in docs/criteria.md)\n");
    let mut group = "";
    let mut rows: Vec<Vec<String>> = Vec::new();
    for c in &s.criteria {
        if c.group != group {
            group = c.group;
            rows.push(vec![format!("  {group}")]);
        }
        let interval = match (c.low, c.high) {
            (Some(l), Some(h)) => format!("{l:.3}-{h:.3}"),
            _ => "-".into(),
        };
        let counted = if c.games == s.games {
            String::new()
        } else {
            format!("{} games", c.games)
        };
        rows.push(vec![
            format!("    {}", c.label),
            c.mean.map_or_else(|| "-".into(), |v| format!("{v:.3}")),
            interval,
            counted,
        ]);
    }
    out.push_str(&table(&rows));
    out
}

/// Rows whose every column is left-aligned, columns two spaces apart.
fn left_table(rows: &[Vec<String>]) -> String {
    let widths = column_widths(rows);
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            line.push_str(&" ".repeat(widths[c] - cell.chars().count()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The label of a figure in both reports: one label, or both when they differ (the
/// first seat is `x` in one ruleset and `o` in the other).
pub fn both_labels(a: &Figure, b: &Figure) -> String {
    if a.label == b.label {
        a.label.clone()
    } else {
        format!("{} / {}", a.label, b.label)
    }
}

/// A figure's cells in a side-by-side table: count, rate and interval, or (no count),
/// mean and interval.
fn cells(figure: &Figure, games: u64) -> [String; 3] {
    match &figure.value {
        FigureValue::Proportion(p) => [
            count(&figure.key, p, games),
            percent(p.rate),
            percent_interval(p.low, p.high),
        ],
        FigureValue::Mean(m) => {
            let places = figure.decimals;
            [
                String::new(),
                m.mean
                    .map_or_else(|| "-".into(), |v| format!("{v:.places$}")),
                match (m.low, m.high) {
                    (Some(l), Some(h)) => format!("{l:.places$}-{h:.places$}"),
                    _ => "-".into(),
                },
            ]
        }
    }
}

/// The readable report of two matches side by side.
pub fn compare_report(c: &Comparison) -> String {
    let (a, b) = (&c.a, &c.b);
    let mut out = format!(
        "compare: A {}, B {}\n{} games each on the same seeds (seed {})\nplayers: {}\n\n",
        ruleset_line(a),
        ruleset_line(b),
        a.games,
        a.seed,
        players_line(a)
    );
    let mut rows = vec![[
        "",
        "A games",
        "rate",
        "95% interval",
        "B games",
        "rate",
        "95% interval",
    ]
    .map(String::from)
    .to_vec()];
    for (fa, fb) in a.figures().iter().zip(b.figures().iter()) {
        let mut row = vec![both_labels(fa, fb)];
        row.extend(cells(fa, a.games));
        row.extend(cells(fb, b.games));
        if c.differs(&fa.key) {
            row.push("*".into());
        }
        rows.push(row);
    }
    for ((label, va), (_, vb)) in plain_figures(a).into_iter().zip(plain_figures(b)) {
        let blank = String::new;
        rows.push(vec![label.to_string(), blank(), va, blank(), blank(), vb]);
    }
    out.push_str(&table(&rows));
    out.push_str("\nhow the games ended\n");
    let mut reasons: Vec<(&str, &str)> = Vec::new();
    for e in a.endings.iter().chain(&b.endings) {
        if !reasons.contains(&(e.result, e.reason.as_str())) {
            reasons.push((e.result, e.reason.as_str()));
        }
    }
    let found = |s: &Summary, key: (&str, &str)| {
        s.endings
            .iter()
            .find(|e| (e.result, e.reason.as_str()) == key)
            .map_or(0, |e| e.count)
            .to_string()
    };
    let mut rows = vec![vec![String::new(), "A".into(), "B".into()]];
    for key in reasons {
        rows.push(vec![format!("  {}", key.1), found(a, key), found(b, key)]);
    }
    out.push_str(&table(&rows));
    out.push_str(if c.differences.is_empty() {
        "\nno figure's 95% intervals in A and B are apart\n"
    } else {
        "\n* the 95% intervals of A and B do not overlap\n"
    });
    out
}

/// The readable report card of `evaluate`: what was played, the skill ladder, then
/// self-play's figures.
pub fn card_report(card: &ReportCard) -> String {
    let mut out = card_heading(card);
    out.push_str(&ladder_section(card));
    out.push_str(&self_play_section(card));
    out.push_str("\nthe criteria are defined in docs/criteria.md\n");
    out
}

/// The ruleset, the seed and the games played, and how wide the intervals are.
fn card_heading(card: &ReportCard) -> String {
    let mut out = format!(
        "report card: {}, seed {}\n{} games a ladder step and in self-play; intervals are 95%",
        ruleset_line(&card.self_play),
        card.seed,
        card.games
    );
    // How wide the intervals are at this many games, where they are widest.
    if let Some(even) = super::stats::wilson(card.games / 2, card.games) {
        out.push_str(&format!(
            ": a rate near 50% is known to within about {:.0} points either way",
            (even.high - even.low) * 50.0
        ));
    }
    out.push('\n');
    out
}

/// The evaluation's own reading of one figure (`skill_depth`), or nothing.
fn card_reading(card: &ReportCard, key: &str) -> String {
    card.reading(key).unwrap_or_default().to_string()
}

/// Each step of the skill ladder, and the skill depth it gives.
fn ladder_section(card: &ReportCard) -> String {
    let mut out = "\nskill ladder: each stronger player against the one below, sides alternating\n"
        .to_string();
    let mut rows = vec![vec![
        String::new(),
        "won".into(),
        "lost".into(),
        "no result".into(),
        "share of decisive".into(),
        "95% interval".into(),
        String::new(),
    ]];
    for step in &card.ladder {
        rows.push(vec![
            format!("  {} against {}", step.stronger, step.weaker),
            step.stronger_wins.to_string(),
            step.weaker_wins.to_string(),
            (step.draws + step.unfinished).to_string(),
            percent(step.share.rate),
            percent_interval(step.share.low, step.share.high),
            if step.significant {
                "counts"
            } else {
                "does not count"
            }
            .into(),
        ]);
    }
    out.push_str(&table(&rows));
    out.push_str(&format!(
        "skill depth {} of {}: {}\n",
        card.skill_depth,
        card.ladder.len(),
        card_reading(card, "skill_depth")
    ));
    out
}

/// Self-play's figures, each with its reading: the first seat's share, draws, games
/// left unfinished, length, branching and the criteria.
fn self_play_section(card: &ReportCard) -> String {
    let s = &card.self_play;
    let reading = |key: &str| card_reading(card, key);
    let mut out = format!("\nself-play: {} against itself\n", card.self_play_kind);
    let p = &s.first_seat_advantage;
    let mut rows = vec![vec![
        "  first seat's share of decisive games".to_string(),
        format!("{} ({})", percent(p.rate), percent_interval(p.low, p.high)),
        reading("first_seat_advantage"),
    ]];
    rows.push(vec![
        "  draws".into(),
        format!(
            "{} ({})",
            percent(s.draws.rate),
            percent_interval(s.draws.low, s.draws.high)
        ),
        reading("draws"),
    ]);
    if s.unfinished.count > 0 {
        rows.push(vec![
            format!("  {}", s.unfinished_label()),
            percent(s.unfinished.rate),
            reading("unfinished"),
        ]);
    }
    rows.push(vec![
        "  game length, mean turns".into(),
        mean_text(&Mean {
            mean: s.length.mean,
            low: s.length.low,
            high: s.length.high,
        }),
        String::new(),
    ]);
    rows.push(vec![
        "  legal turns per position, mean".into(),
        number(s.branching.mean),
        String::new(),
    ]);
    for c in &s.criteria {
        let value = match (c.mean, c.low, c.high) {
            (Some(m), Some(l), Some(h)) => format!("{m:.3} ({l:.3}-{h:.3})"),
            (Some(m), _, _) => format!("{m:.3}"),
            _ => "-".into(),
        };
        rows.push(vec![format!("  {}", c.label), value, reading(c.key)]);
    }
    out.push_str(&left_table(&rows));
    out
}
