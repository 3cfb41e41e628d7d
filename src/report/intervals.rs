//! Which 95% interval each figure of a report has, and the words for it: the one place
//! the pages' footnotes take the methods from. docs/criteria.md lists them too, in a
//! table that tests/suite/criteria.rs holds to [`FigureKind::doc_words`].
//!
//! - rates (wins, draws, unfinished games, the first seat's share of the decisive
//!   games): the Wilson score interval ([`super::stats::wilson`]);
//! - means (game length, captures, scores, the quality criteria): the bootstrap over
//!   games ([`super::bootstrap`]) while the report keeps every game's value, up to
//!   [`BOOTSTRAP_MAX_GAMES`] games; past that, the normal approximation from the sums
//!   ([`super::stats::Mean::of_sums`]).
//!
//! ```
//! use variant_run::report::intervals::{FigureKind, IntervalMethod};
//! assert_eq!(FigureKind::Rates.method(true), IntervalMethod::Wilson);
//! assert_eq!(FigureKind::Length.method(true).name(), "bootstrap over games");
//! assert_eq!(FigureKind::Length.method(false).name(), "normal approximation");
//! ```

use serde::Serialize;

use crate::play::tally::BOOTSTRAP_MAX_GAMES;

/// How a 95% interval is worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IntervalMethod {
    /// Of a proportion: the Wilson score interval.
    Wilson,
    /// Of a mean: the games drawn again with replacement, 2,000 times.
    Bootstrap,
    /// Of a mean: mean ± 1.96 · s / √n.
    NormalApproximation,
}

impl IntervalMethod {
    /// Its name, as the reports and docs/criteria.md write it.
    pub fn name(self) -> &'static str {
        match self {
            IntervalMethod::Wilson => "Wilson score",
            IntervalMethod::Bootstrap => "bootstrap over games",
            IntervalMethod::NormalApproximation => "normal approximation",
        }
    }
}

/// The kinds of figure of a report that have an interval, each with one method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FigureKind {
    /// Wins of each player and each seat, draws, unfinished games, and the first seat's
    /// share of the decisive games.
    Rates,
    /// The mean game length.
    Length,
    /// The mean captures per game.
    Captures,
    /// Each player's mean score and the mean margin, where games are scored.
    Scores,
    /// Each quality criterion's mean.
    Criteria,
}

impl FigureKind {
    pub const ALL: [FigureKind; 5] = [
        FigureKind::Rates,
        FigureKind::Length,
        FigureKind::Captures,
        FigureKind::Scores,
        FigureKind::Criteria,
    ];

    /// Its name in the footnotes and in docs/criteria.md's table of intervals.
    pub fn name(self) -> &'static str {
        match self {
            FigureKind::Rates => "rates",
            FigureKind::Length => "game length",
            FigureKind::Captures => "captures per game",
            FigureKind::Scores => "scores",
            FigureKind::Criteria => "quality criteria",
        }
    }

    /// The method of its interval: `values_kept` says whether the report kept every
    /// game's value (up to [`BOOTSTRAP_MAX_GAMES`] games), which the bootstrap needs.
    pub fn method(self, values_kept: bool) -> IntervalMethod {
        match (self, values_kept) {
            (FigureKind::Rates, _) => IntervalMethod::Wilson,
            (_, true) => IntervalMethod::Bootstrap,
            (_, false) => IntervalMethod::NormalApproximation,
        }
    }

    /// What docs/criteria.md's table says of it: its method, and the one past
    /// [`BOOTSTRAP_MAX_GAMES`] games where that differs.
    pub fn doc_words(self) -> String {
        let (kept, not_kept) = (self.method(true), self.method(false));
        if kept == not_kept {
            kept.name().to_string()
        } else {
            format!(
                "{}; {} past {} games",
                kept.name(),
                not_kept.name(),
                thousands(BOOTSTRAP_MAX_GAMES)
            )
        }
    }
}

/// `5,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The method each kind of figure of one report had, in the order of
/// [`FigureKind::ALL`] (scores only where games were scored). In the JSON, a map from
/// the kind (`rates`, `length`, ...) to the method (`wilson`, `bootstrap`,
/// `normal_approximation`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IntervalMethods(pub Vec<(FigureKind, IntervalMethod)>);

impl Serialize for IntervalMethods {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (kind, method) in &self.0 {
            map.serialize_entry(kind, method)?;
        }
        map.end()
    }
}

impl IntervalMethods {
    /// The method of one kind of figure, if the report has it.
    pub fn of(&self, kind: FigureKind) -> Option<IntervalMethod> {
        self.0.iter().find(|(k, _)| *k == kind).map(|&(_, m)| m)
    }

    /// The sentence a footnote gives them in: `95% intervals: Wilson score for rates;
    /// bootstrap over games for game length, captures per game and quality criteria.`
    pub fn sentence(&self) -> String {
        let mut by_method: Vec<(IntervalMethod, Vec<&'static str>)> = Vec::new();
        for &(kind, method) in &self.0 {
            match by_method.iter_mut().find(|(m, _)| *m == method) {
                Some((_, kinds)) => kinds.push(kind.name()),
                None => by_method.push((method, vec![kind.name()])),
            }
        }
        let parts: Vec<String> = by_method
            .iter()
            .map(|(method, kinds)| format!("{} for {}", method.name(), and_list(kinds)))
            .collect();
        format!("95% intervals: {}.", parts.join("; "))
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentence_groups_the_kinds_by_method() {
        let methods = IntervalMethods(vec![
            (FigureKind::Rates, IntervalMethod::Wilson),
            (FigureKind::Length, IntervalMethod::Bootstrap),
            (FigureKind::Captures, IntervalMethod::Bootstrap),
            (FigureKind::Scores, IntervalMethod::NormalApproximation),
            (FigureKind::Criteria, IntervalMethod::Bootstrap),
        ]);
        assert_eq!(
            methods.sentence(),
            "95% intervals: Wilson score for rates; bootstrap over games for game length, \
             captures per game and quality criteria; normal approximation for scores."
        );
        assert_eq!(
            serde_json::to_string(&methods).unwrap(),
            r#"{"rates":"wilson","length":"bootstrap","captures":"bootstrap","scores":"normal_approximation","criteria":"bootstrap"}"#
        );
    }

    #[test]
    fn the_doc_words_name_the_fallback() {
        assert_eq!(FigureKind::Rates.doc_words(), "Wilson score");
        assert_eq!(
            FigureKind::Criteria.doc_words(),
            "bootstrap over games; normal approximation past 5,000 games"
        );
        assert_eq!(thousands(5), "5");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
