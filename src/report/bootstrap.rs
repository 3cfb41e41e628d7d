//! The 95% interval of a mean by the bootstrap over games: the games are drawn again
//! with replacement, as many as there are, [`RESAMPLES`] times, and the interval runs
//! from the 2.5th to the 97.5th percentile of the resampled means.
//!
//! It needs every game's value, which a tally keeps only up to
//! [`crate::play::tally::BOOTSTRAP_MAX_GAMES`] games; past that, the report falls back to
//! the normal approximation ([`super::stats::Mean::of_sums`]), which at thousands of
//! games is as good. The draws come from a generator with a fixed seed and the means
//! are summed in whole numbers, so an interval is the same on every machine, for a
//! match played on any number of threads or merged from any number of shards.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use super::stats::Mean;

/// How many times the games are drawn again.
pub const RESAMPLES: usize = 2000;
/// The generator's seed: fixed, so the same values always give the same interval.
const SEED: u128 = 0x7275_6368_6574_2062_6f6f_7473_7472_6170;

/// The mean of whole-number values and its bootstrap interval, both divided by `scale`
/// (values in millionths with `scale` 1e6). No interval for fewer than two values, and
/// none for no values, as [`Mean::of`].
pub fn bootstrap_mean(values: &[u64], scale: f64) -> Mean {
    let n = values.len();
    let total: u128 = values.iter().map(|&v| u128::from(v)).sum();
    let mean = (n > 0).then(|| total as f64 / n as f64 / scale);
    if n < 2 {
        return Mean {
            mean,
            low: None,
            high: None,
        };
    }
    let mut rng = Pcg64Mcg::new(SEED);
    // The resampled sums (not means): whole numbers, sorted exactly.
    let mut sums: Vec<u128> = (0..RESAMPLES)
        .map(|_| {
            (0..n)
                .map(|_| u128::from(values[rng.gen_range(0..n)]))
                .sum()
        })
        .collect();
    sums.sort_unstable();
    let at = |q: f64| sums[((q * RESAMPLES as f64) as usize).min(RESAMPLES - 1)];
    let as_mean = |sum: u128| sum as f64 / n as f64 / scale;
    Mean {
        mean,
        low: Some(as_mean(at(0.025))),
        high: Some(as_mean(at(0.975))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_have_no_spread() {
        let m = bootstrap_mean(&[7, 7, 7, 7], 1.0);
        assert_eq!((m.mean, m.low, m.high), (Some(7.0), Some(7.0), Some(7.0)));
    }

    #[test]
    fn too_few_values_have_no_interval() {
        assert_eq!(bootstrap_mean(&[], 1.0).mean, None);
        let one = bootstrap_mean(&[3_000_000], 1e6);
        assert_eq!((one.mean, one.low, one.high), (Some(3.0), None, None));
    }

    /// Half the games 0 and half 1 (a fair coin's share): the mean's standard error is
    /// 0.5 / sqrt(n), so at 400 games the interval is about 0.5 ± 0.049; the bootstrap's
    /// must come near it, and lie either side of the mean.
    #[test]
    fn a_coin_s_interval_is_near_the_normal_one() {
        let values: Vec<u64> = (0..400).map(|i| i % 2).collect();
        let m = bootstrap_mean(&values, 1.0);
        let (low, high) = (m.low.unwrap(), m.high.unwrap());
        assert_eq!(m.mean, Some(0.5));
        assert!((low - 0.451).abs() < 0.01, "{low}");
        assert!((high - 0.549).abs() < 0.01, "{high}");
    }

    /// A skewed sample (one long game among short ones): the interval is not symmetric
    /// about the mean, as the normal one is, and never goes below the smallest value.
    #[test]
    fn a_skewed_sample_gets_a_skewed_interval() {
        let mut values = vec![10; 19];
        values.push(400);
        let m = bootstrap_mean(&values, 1.0);
        let (mean, low, high) = (m.mean.unwrap(), m.low.unwrap(), m.high.unwrap());
        assert_eq!(mean, 29.5);
        assert!(low >= 10.0, "{low}");
        assert!(high - mean > mean - low, "{low} {mean} {high}");
    }

    #[test]
    fn the_same_values_give_the_same_interval() {
        let values: Vec<u64> = (0..50).map(|i| (i * 37) % 11).collect();
        assert_eq!(bootstrap_mean(&values, 1.0), bootstrap_mean(&values, 1.0));
    }
}
