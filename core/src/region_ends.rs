//! How many single-piece moves a piece has, counted from the empty regions it touches
//! instead of walking its reach (see `piece_moves` in the generator).
//!
//! A piece's reach is every empty junction it can run to along the tiles' bands: the
//! union of the empty regions (empty junctions joined by bands) next to it along a band.
//! Its moves end on the reach, on a stack with room band-linked to the reach or to the
//! piece, or one lattice step from either. All but the piece's own steps belong to a
//! region, so each region's ends are found once, as a set of junction bits, and a
//! piece's count is the size of the union of its regions' sets and its own steps. On a
//! big patch the pieces share a few long regions, and walking each piece's reach was
//! most of a playout turn.

use crate::{Board, JunctionId, Position, Rules};

const UNLABELLED: u32 = u32::MAX;

/// The ends of the empty regions found so far in one position.
#[derive(Default)]
pub(crate) struct RegionEnds {
    /// Each junction's region, if it is empty and its region has been found.
    label: Vec<u32>,
    /// Words of a junction bit set.
    words: usize,
    /// Each region's ends, `words` words a region.
    ends: Vec<u64>,
    /// The union for one piece.
    union: Vec<u64>,
    queue: Vec<JunctionId>,
}

impl RegionEnds {
    /// Starts on a new position: no region found yet.
    pub fn clear(&mut self, position: &Position) {
        let n = position.stacks().len();
        self.label.clear();
        self.label.resize(n, UNLABELLED);
        self.words = n.div_ceil(64);
        self.ends.clear();
        self.union.clear();
        self.union.resize(self.words, 0);
    }

    /// How many moves the single piece on `from` has (as many as `piece_ends` lists).
    pub fn count(&mut self, rules: &Rules, position: &Position, from: JunctionId) -> u64 {
        self.find_ends(rules, position, from);
        self.union.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The end at index `k` of the piece on `from`'s ends in id order (the ends
    /// `piece_ends` lists, sorted), read off its regions' sets: listing them walked the
    /// piece's whole reach again, hundreds of junctions on a big patch.
    ///
    /// # Panics
    /// If `k` is not below the piece's [`RegionEnds::count`].
    pub fn nth_end(
        &mut self,
        rules: &Rules,
        position: &Position,
        from: JunctionId,
        mut k: u64,
    ) -> JunctionId {
        self.find_ends(rules, position, from);
        for (w, &word) in self.union.iter().enumerate() {
            let here = u64::from(word.count_ones());
            if k >= here {
                k -= here;
                continue;
            }
            let mut bits = word;
            for _ in 0..k {
                bits &= bits - 1;
            }
            return (w * 64 + bits.trailing_zeros() as usize) as JunctionId;
        }
        panic!("end {k} past the piece's ends")
    }

    /// Puts the ends of the piece on `from` in `union`: its regions' ends, the stacks
    /// it may pin along a band, and its own steps.
    fn find_ends(&mut self, rules: &Rules, position: &Position, from: JunctionId) {
        let board = position.board();
        let (stacks, tiles) = (position.stacks(), position.tiles());
        self.union.iter_mut().for_each(|w| *w = 0);
        for to in board.band_neighbours(from, tiles) {
            let there = stacks[to as usize];
            if there.is_empty() {
                let region = self.region_of(rules, position, to) as usize;
                let set = &self.ends[region * self.words..(region + 1) * self.words];
                self.union.iter_mut().zip(set).for_each(|(u, s)| *u |= s);
            } else if rules.may_pin(there, 0) {
                set_bit(&mut self.union, to);
            }
        }
        // The steps from the piece's own junction.
        for &to in board.neighbours(from) {
            let there = stacks[to as usize];
            if there.is_empty() || rules.may_pin(there, 0) {
                set_bit(&mut self.union, to);
            }
        }
        // A move never ends where it starts.
        self.union[from as usize / 64] &= !(1 << (from % 64));
    }

    /// The region of the empty junction `start`, found now if it was not yet.
    fn region_of(&mut self, rules: &Rules, position: &Position, start: JunctionId) -> u32 {
        let known = self.label[start as usize];
        if known != UNLABELLED {
            return known;
        }
        let region = (self.ends.len() / self.words.max(1)) as u32;
        let board: &Board = position.board();
        let (stacks, tiles) = (position.stacks(), position.tiles());
        let first = self.ends.len();
        self.ends.resize(first + self.words, 0);
        let set = &mut self.ends[first..];
        let queue = &mut self.queue;
        queue.clear();
        queue.push(start);
        self.label[start as usize] = region;
        let mut head = 0;
        while let Some(&j) = queue.get(head) {
            head += 1;
            set_bit(set, j);
            for to in board.band_neighbours(j, tiles) {
                let there = stacks[to as usize];
                if there.is_empty() {
                    if self.label[to as usize] == UNLABELLED {
                        self.label[to as usize] = region;
                        queue.push(to);
                    }
                } else if rules.may_pin(there, 0) {
                    set_bit(set, to);
                }
            }
            for &to in board.neighbours(j) {
                let there = stacks[to as usize];
                if there.is_empty() || rules.may_pin(there, 0) {
                    set_bit(set, to);
                }
            }
        }
        region
    }
}

fn set_bit(set: &mut [u64], j: JunctionId) {
    set[j as usize / 64] |= 1 << (j % 64);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{movable_pieces, piece_ends, Scratch};
    use crate::testing::games::each_mover_along_games;
    use crate::testing::trugo_model;

    /// Each piece's count is the number of ends the generator lists for it, and its end
    /// at each index the listed one there in id order, along random
    /// Trugo games on patches of up to 60 tiles, pinned pieces and full stacks included.
    #[test]
    fn counts_are_the_listed_ends() {
        let model = trugo_model();
        let (mut counter, mut scratch, mut ends) =
            (RegionEnds::default(), Scratch::default(), Vec::new());
        let mut pinned = 0;
        let mut checked = 0;
        each_mover_along_games(&model, 0..8, (60, 30), 150, |mover| {
            counter.clear(mover);
            for from in movable_pieces(mover).collect::<Vec<_>>() {
                piece_ends(&model.rules, mover, from, &mut scratch, &mut ends);
                let count = counter.count(&model.rules, mover, from);
                assert_eq!(count, ends.len() as u64, "piece on {from}");
                ends.sort_unstable();
                for (k, &end) in ends.iter().enumerate() {
                    let nth = counter.nth_end(&model.rules, mover, from, k as u64);
                    assert_eq!(nth, end, "end {k} of the piece on {from}");
                }
                checked += 1;
            }
            if mover.side() == 0 {
                pinned += mover.stacks().iter().filter(|s| s.height() == 2).count();
            }
        });
        assert!(
            checked > 10_000 && pinned > 100,
            "{checked} pieces, {pinned} pins"
        );
    }
}
