//! The empty areas of a staged board: empty junctions joined by band links through empty
//! junctions.
//!
//! A stack that moves whole steps to any junction of the areas next to it (see
//! `Scratch::reach`). On a big board many stacks border the same long band, and walking
//! it once per stack made a playout turn cost more per junction the bigger the board.
//! Here each area is walked once, and a sum over its junctions (how many splits a stack
//! of some height makes after stepping to each of them, say) is added up once per area
//! and per key, then shared by every stack next to the area.

use arrayvec::ArrayVec;

use crate::marks::Marks;
use crate::{Board, JunctionId, Stack};

/// The areas next to a set of junctions (the own stacks), found afresh by each
/// [`EmptyAreas::compute`]; buffers are kept from one call to the next.
#[derive(Default)]
pub(crate) struct EmptyAreas {
    /// The junctions of the areas found by this computation.
    seen: Marks,
    /// The area of each seen junction.
    area_of: Vec<u32>,
    /// The junctions of area `a` are `members[member_start[a]..member_start[a + 1]]`.
    members: Vec<JunctionId>,
    member_start: Vec<usize>,
    /// The areas next to the `i`-th junction asked about are
    /// `next_to[next_start[i]..next_start[i + 1]]`.
    next_to: Vec<u32>,
    next_start: Vec<usize>,
    /// Sums already added up, per area: `(key, sum)`.
    sums: Vec<ArrayVec<(u32, u64), 8>>,
}

impl EmptyAreas {
    /// Finds the areas next to each of `sources` (occupied junctions): those of the empty
    /// junctions band-linked to it by a band the tiles have. With `steps` false, every
    /// source has none (rules where stacks never step).
    pub fn compute(
        &mut self,
        board: &Board,
        tiles: &[u8],
        stacks: &[Stack],
        sources: &[JunctionId],
        steps: bool,
    ) {
        self.seen.clear(stacks.len());
        self.area_of.resize(stacks.len(), 0);
        self.members.clear();
        self.member_start.clear();
        self.member_start.push(0);
        self.next_to.clear();
        self.next_start.clear();
        self.next_start.push(0);
        self.sums.clear();
        for &source in sources {
            let first = self.next_to.len();
            let links = if steps { board.band_links(source) } else { &[] };
            for link in links {
                let to = link.to;
                if link.states & (1 << tiles[link.cell as usize]) == 0
                    || !stacks[to as usize].is_empty()
                {
                    continue;
                }
                let area = if self.seen.is_marked(to as usize) {
                    self.area_of[to as usize]
                } else {
                    self.label(board, tiles, stacks, to)
                };
                if !self.next_to[first..].contains(&area) {
                    self.next_to.push(area);
                }
            }
            self.next_start.push(self.next_to.len());
        }
    }

    /// Labels the area of the empty junction `start` (not yet seen) and returns its number.
    fn label(&mut self, board: &Board, tiles: &[u8], stacks: &[Stack], start: JunctionId) -> u32 {
        let area = (self.member_start.len() - 1) as u32;
        self.seen.mark(start as usize);
        self.area_of[start as usize] = area;
        let mut head = self.members.len();
        self.members.push(start);
        // Breadth first, the members found so far being the queue.
        while head < self.members.len() {
            let at = self.members[head];
            head += 1;
            for link in board.band_links(at) {
                let to = link.to as usize;
                if link.states & (1 << tiles[link.cell as usize]) != 0
                    && !self.seen.is_marked(to)
                    && stacks[to].is_empty()
                {
                    self.seen.mark(to);
                    self.area_of[to] = area;
                    self.members.push(link.to);
                }
            }
        }
        self.member_start.push(self.members.len());
        self.sums.push(ArrayVec::new());
        area
    }

    /// The areas next to the `i`-th of the sources.
    pub fn next_to(&self, i: usize) -> &[u32] {
        &self.next_to[self.next_start[i]..self.next_start[i + 1]]
    }

    /// The junctions of an area.
    pub fn members(&self, area: u32) -> &[JunctionId] {
        let a = area as usize;
        &self.members[self.member_start[a]..self.member_start[a + 1]]
    }

    /// How many empty junctions the `i`-th source reaches: the sizes of its areas.
    pub fn reach_size(&self, i: usize) -> usize {
        self.next_to(i).iter().map(|&a| self.members(a).len()).sum()
    }

    /// The area junction `j` belongs to, if it is in one next to a source.
    pub fn area_at(&self, j: JunctionId) -> Option<u32> {
        self.seen
            .is_marked(j as usize)
            .then(|| self.area_of[j as usize])
    }

    /// The sum of `value` over the junctions of `area`, added up the first time a `key`
    /// asks for it and remembered until the next computation. One key must always mean
    /// the same value function.
    pub fn area_sum(&mut self, area: u32, key: u32, value: impl FnMut(JunctionId) -> u64) -> u64 {
        if let Some(&(_, sum)) = self.sums[area as usize].iter().find(|(k, _)| *k == key) {
            return sum;
        }
        let sum = self.members(area).iter().copied().map(value).sum();
        // A full cache only means adding up again next time.
        let _ = self.sums[area as usize].try_push((key, sum));
        sum
    }
}
