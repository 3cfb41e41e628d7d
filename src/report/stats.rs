//! The statistics of a report: proportions with their Wilson score intervals, means with
//! normal-approximation intervals, percentiles, histograms.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::play::tally::Sums;

/// The normal quantile of a two-sided 95% interval, as it is usually rounded.
pub const Z95: f64 = 1.96;

/// A closed interval of values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// Whether the two intervals share a point.
    pub fn overlaps(self, other: Interval) -> bool {
        self.low <= other.high && other.low <= self.high
    }
}

/// The 95% Wilson score interval of a proportion: `successes` of `trials`, with
/// `p = successes / trials`, `n = trials` and `z = 1.96`:
///
/// ```text
/// centre = (p + z²/2n) / (1 + z²/n)
/// half   = z / (1 + z²/n) · sqrt(p(1 - p)/n + z²/4n²)
/// ```
///
/// Unlike `p ± z·sqrt(p(1-p)/n)` it stays within 0..1 and is not empty at 0 or n
/// successes. `None` for no trials.
pub fn wilson(successes: u64, trials: u64) -> Option<Interval> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

/// A count out of a number of games, its rate and the rate's 95% Wilson interval (the
/// rate and interval are `None` when out of nothing).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Proportion {
    pub count: u64,
    pub of: u64,
    pub rate: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

impl Proportion {
    pub fn new(count: u64, of: u64) -> Proportion {
        let interval = wilson(count, of);
        Proportion {
            count,
            of,
            rate: (of > 0).then(|| count as f64 / of as f64),
            low: interval.map(|i| i.low),
            high: interval.map(|i| i.high),
        }
    }

    pub fn interval(&self) -> Option<Interval> {
        Some(Interval {
            low: self.low?,
            high: self.high?,
        })
    }
}

/// The mean of some values, with its 95% interval by the normal approximation
/// (`mean ± 1.96 · s / sqrt(n)`, `s` the sample standard deviation); no interval for fewer
/// than two values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Mean {
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

impl Mean {
    pub fn of(values: &[f64]) -> Mean {
        let n = values.len() as f64;
        if values.is_empty() {
            return Mean {
                mean: None,
                low: None,
                high: None,
            };
        }
        let mean = values.iter().sum::<f64>() / n;
        if values.len() < 2 {
            return Mean {
                mean: Some(mean),
                low: None,
                high: None,
            };
        }
        let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let half = Z95 * (variance / n).sqrt();
        Mean {
            mean: Some(mean),
            low: Some(mean - half),
            high: Some(mean + half),
        }
    }

    /// The mean of whole numbers given by their sums, with its interval as [`Mean::of`]
    /// works it out: `s² = (n·Σx² - (Σx)²) / (n·(n - 1))`, computed in whole numbers,
    /// so exactly, then rounded once.
    pub fn of_sums(sums: Sums) -> Mean {
        let n = sums.count;
        if n == 0 {
            return Mean {
                mean: None,
                low: None,
                high: None,
            };
        }
        // Exact while the sum stays below 2^53, as a sum of the values as floats is.
        let mean = sums.sum as f64 / n as f64;
        if n < 2 {
            return Mean {
                mean: Some(mean),
                low: None,
                high: None,
            };
        }
        let n128 = u128::from(n);
        let spread = n128
            .checked_mul(sums.squares)
            .and_then(|a| a.checked_sub(sums.sum.checked_mul(sums.sum)?));
        let variance = match spread {
            Some(spread) => spread as f64 / (n128 * (n128 - 1)) as f64,
            // Sums too large for whole numbers: in floats, nearly as exact.
            None => {
                let (nf, sum, squares) = (n as f64, sums.sum as f64, sums.squares as f64);
                ((squares - sum * sum / nf) / (nf - 1.0)).max(0.0)
            }
        };
        let half = Z95 * (variance / n as f64).sqrt();
        Mean {
            mean: Some(mean),
            low: Some(mean - half),
            high: Some(mean + half),
        }
    }

    pub fn interval(&self) -> Option<Interval> {
        Some(Interval {
            low: self.low?,
            high: self.high?,
        })
    }
}

/// The `q` quantile of whole numbers given as a histogram (value -> how many), as
/// [`percentile`] finds it in the sorted values. `None` for no values.
pub fn percentile_of_counts(counts: &BTreeMap<u64, u64>, q: f64) -> Option<f64> {
    let total: u64 = counts.values().sum();
    let last = total.checked_sub(1)?;
    let at = q.clamp(0.0, 1.0) * last as f64;
    let below = at.floor() as u64;
    let above = at.ceil() as u64;
    let fraction = at - below as f64;
    // The value at a rank (from 0) of the sorted values.
    let value_at = |rank: u64| {
        let mut seen = 0;
        for (&value, &count) in counts {
            seen += count;
            if rank < seen {
                return value as f64;
            }
        }
        unreachable!("a rank below the total")
    };
    let (low, high) = (value_at(below), value_at(above));
    Some(low + (high - low) * fraction)
}

/// The `q` quantile (0..=1) of sorted values, interpolating linearly between the two
/// nearest (numpy's default, "type 7"): at `q · (n - 1)` counted from the first value.
/// `None` for no values.
pub fn percentile(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let at = q.clamp(0.0, 1.0) * last as f64;
    let below = at.floor() as usize;
    let above = at.ceil() as usize;
    let fraction = at - below as f64;
    Some(sorted[below] + (sorted[above] - sorted[below]) * fraction)
}

/// Bins of equal width covering whole numbers: the first starts at `start`, each is
/// `width` wide (`start + k·width ..= start + (k+1)·width - 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bins {
    pub start: u64,
    pub width: u64,
    pub count: usize,
}

impl Bins {
    /// At most `most` bins of a round width (1, 2, 5, 10, 20, 25, 50, 100, ...)
    /// covering `low..=high`, starting at a multiple of the width.
    pub fn covering(low: u64, high: u64, most: usize) -> Bins {
        let most = most.max(1) as u64;
        let high = high.max(low);
        // 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ...
        let widths = (0..19u32).flat_map(|e| {
            let s = 10u64.pow(e);
            [s, 2 * s, s * 5 / 2, 5 * s]
        });
        for width in widths {
            let start = low / width * width;
            if (high - start) / width < most {
                return Bins {
                    start,
                    width,
                    count: ((high - start) / width + 1) as usize,
                };
            }
        }
        Bins {
            start: 0,
            width: u64::MAX,
            count: 1,
        }
    }

    /// How many values fall in each bin (values outside the bins are not counted).
    pub fn count(&self, values: impl IntoIterator<Item = u64>) -> Vec<u64> {
        self.count_each(values.into_iter().map(|value| (value, 1)))
    }

    /// Like [`Bins::count`], for values given with how many times each occurs.
    pub fn count_each(&self, values: impl IntoIterator<Item = (u64, u64)>) -> Vec<u64> {
        let mut counts = vec![0; self.count];
        for (value, times) in values {
            if value < self.start {
                continue;
            }
            if let Some(c) = counts.get_mut(((value - self.start) / self.width) as usize) {
                *c += times;
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_interpolate() {
        let values = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&values, 0.5), Some(2.5));
        assert_eq!(percentile(&values, 0.0), Some(1.0));
        assert_eq!(percentile(&values, 1.0), Some(4.0));
        // 0.9 · 3 = 2.7: 3 + 0.7 · (4 - 3)
        assert!((percentile(&values, 0.9).unwrap() - 3.7).abs() < 1e-12);
        assert_eq!(percentile(&[], 0.5), None);
        assert_eq!(percentile(&[7.0], 0.9), Some(7.0));
    }

    #[test]
    fn bins_are_round_and_cover_the_values() {
        assert_eq!(
            Bins::covering(3, 9, 20),
            Bins {
                start: 3,
                width: 1,
                count: 7
            }
        );
        let bins = Bins::covering(12, 431, 20);
        assert_eq!((bins.start, bins.width, bins.count), (0, 25, 18));
        assert_eq!(bins.count([12, 24, 25, 431]), {
            let mut c = vec![0; 18];
            c[0] = 2;
            c[1] = 1;
            c[17] = 1;
            c
        });
        // 100,000 / 5,000 = 20 bins would need a 21st for 100,000 itself.
        let wide = Bins::covering(0, 100_000, 20);
        assert_eq!((wide.width, wide.count), (10_000, 11));
    }

    /// The histogram and sums a match keeps give the figures the sorted values give.
    #[test]
    fn counts_and_sums_give_what_the_values_give() {
        let lists: [&[u64]; 5] = [
            &[7],
            &[2, 4],
            &[1, 2, 3, 4],
            &[12, 431, 25, 24, 12, 12, 100, 3, 3, 60],
            &[2000, 1, 2000, 37, 37, 37, 5, 1999, 400, 401, 402, 3],
        ];
        for values in lists {
            let mut sorted: Vec<f64> = values.iter().map(|&v| v as f64).collect();
            sorted.sort_by(f64::total_cmp);
            let mut counts = BTreeMap::new();
            let mut sums = Sums::default();
            for &v in values {
                *counts.entry(v).or_default() += 1;
                sums.count += 1;
                sums.sum += u128::from(v);
                sums.squares += u128::from(v) * u128::from(v);
            }
            for q in [0.0, 0.1, 0.5, 0.9, 1.0] {
                assert_eq!(
                    percentile_of_counts(&counts, q),
                    percentile(&sorted, q),
                    "{values:?} at {q}"
                );
            }
            let (exact, float) = (Mean::of_sums(sums), Mean::of(&sorted));
            assert_eq!(exact.mean, float.mean, "{values:?}");
            for (a, b) in [(exact.low, float.low), (exact.high, float.high)] {
                match (a, b) {
                    (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0)),
                    (a, b) => assert_eq!(a, b),
                }
            }
        }
        assert_eq!(percentile_of_counts(&BTreeMap::new(), 0.5), None);
        assert_eq!(Mean::of_sums(Sums::default()).mean, None);
    }

    #[test]
    fn means_and_their_intervals() {
        let m = Mean::of(&[2.0, 4.0]);
        // mean 3, s² = (1 + 1) / 1 = 2, half = 1.96 · sqrt(2 / 2) = 1.96
        assert_eq!(m.mean, Some(3.0));
        assert!((m.low.unwrap() - 1.04).abs() < 1e-12);
        assert!((m.high.unwrap() - 4.96).abs() < 1e-12);
        assert_eq!(Mean::of(&[5.0]).low, None);
    }
}
