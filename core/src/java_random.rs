//! A generator that draws exactly the numbers `java.util.Random` draws for the same seed,
//! so a ruleset can reproduce tile layouts dealt by a Java program from a numbered key.
//!
//! This is the algorithm `java.util.Random` documents: a 48-bit linear congruential
//! generator (`seed = seed * 0x5DEECE66D + 0xB mod 2^48`), seeded with the given value
//! scrambled by the multiplier, whose `next(bits)` is the top `bits` of the state, and
//! whose `nextInt(bound)` takes the top 31 bits and reduces them to `0..bound` (a
//! multiplication for powers of two, else a remainder with rejection of the draws that
//! would make small values likelier). The crate `java-rand` does the same, but has not
//! been touched since 2019; these forty lines are easier to keep than a dependency.
//!
//! ```
//! use variant_run_core::JavaRandom;
//! let mut random = JavaRandom::new(42);
//! // `new java.util.Random(42).nextInt(10)` is 0, then 3.
//! assert_eq!(random.next_int(10), 0);
//! assert_eq!(random.next_int(10), 3);
//! ```

const MULTIPLIER: u64 = 0x5_DEEC_E66D;
const ADDEND: u64 = 0xB;
const MASK: u64 = (1 << 48) - 1;

/// The state of a `java.util.Random`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JavaRandom {
    state: u64,
}

impl JavaRandom {
    /// `new java.util.Random(seed)`.
    pub fn new(seed: i64) -> JavaRandom {
        JavaRandom {
            state: (seed as u64 ^ MULTIPLIER) & MASK,
        }
    }

    /// `next(bits)`: the top `bits` (1..=32) of the next state, as Java's `int`.
    fn next(&mut self, bits: u32) -> i32 {
        debug_assert!((1..=32).contains(&bits));
        self.state = (self.state.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND)) & MASK;
        // Java casts the shifted `long` to `int`, keeping its low 32 bits.
        (self.state >> (48 - bits)) as u32 as i32
    }

    /// `nextInt(bound)`: a number in `0..bound`.
    ///
    /// # Panics
    /// When `bound` is not positive, as Java throws then; callers check bounds when they
    /// read them from a ruleset.
    pub fn next_int(&mut self, bound: i32) -> i32 {
        assert!(bound > 0, "nextInt needs a positive bound, not {bound}");
        if bound & bound.wrapping_neg() == bound {
            // A power of two: the top bits of the 31-bit draw.
            return ((bound as i64 * self.next(31) as i64) >> 31) as i32;
        }
        loop {
            let bits = self.next(31);
            let value = bits % bound;
            // Rejects the last, incomplete run of `bound` values (Java tests this by
            // letting the sum overflow to a negative `int`).
            if bits.wrapping_sub(value).wrapping_add(bound - 1) >= 0 {
                return value;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_what_the_jdk_draws() {
        // `new java.util.Random(-7)`: nextInt(7), nextInt(1 << 30), nextInt(Integer.MAX_VALUE)
        // as the JDK printed them.
        let mut random = JavaRandom::new(-7);
        assert_eq!(random.next_int(7), 4);
        assert_eq!(random.next_int(1 << 30), 967_975_648);
        assert_eq!(random.next_int(i32::MAX), 1_445_645_590);
    }

    #[test]
    fn power_of_two_and_other_bounds_stay_in_range() {
        let mut random = JavaRandom::new(-7);
        for bound in [1, 2, 3, 4, 5, 7, 8, 1 << 30, i32::MAX] {
            for _ in 0..100 {
                let v = random.next_int(bound);
                assert!((0..bound).contains(&v), "{v} not below {bound}");
            }
        }
    }
}
