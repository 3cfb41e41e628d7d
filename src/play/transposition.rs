//! The robot's transposition table: what a search found at a node, by the node's key,
//! so that a node reached again (by another order of turns, in a deeper round, or on
//! the next turn) starts from its best turn and may not need searching at all.
//!
//! A fixed number of entries, one per slot (the low bits of the key), each holding the
//! full key to tell a node from another in its slot. An entry of the current search
//! that looked deeper is kept; anything else is replaced. The table is kept between the
//! robot's turns, its entries aged a search at a time.

/// A node's score relative to the window it was searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the node's value.
    Exact,
    /// The node is worth at least the score (a turn cut the search off).
    Lower,
    /// The node is worth at most the score (no turn reached the window).
    Upper,
}

/// What a search found at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    key: u64,
    pub score: i64,
    /// The best turn's place in the node's list (see the search).
    pub best: u32,
    /// How many half-turn steps deep the node was searched.
    pub depth: u8,
    pub bound: Bound,
    age: u8,
}

/// The table: `1 << bits` entries.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: u64,
    age: u8,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
            mask: (1u64 << bits) - 1,
            age: 0,
        }
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Option<Entry>>()
    }

    /// Starts a new search: what the last ones found is kept, but yields to new entries.
    pub fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        self.slots[(key & self.mask) as usize].filter(|e| e.key == key)
    }

    pub fn put(&mut self, key: u64, score: i64, best: u32, depth: u8, bound: Bound) {
        let slot = &mut self.slots[(key & self.mask) as usize];
        if let Some(old) = slot {
            if old.key != key && old.age == self.age && old.depth > depth {
                return;
            }
        }
        *slot = Some(Entry {
            key,
            score,
            best,
            depth,
            bound,
            age: self.age,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_by_its_key_and_a_deeper_one_of_this_search_stays() {
        let mut table = Table::new(4);
        table.put(0x13, 5, 2, 3, Bound::Exact);
        assert_eq!(table.get(0x13).map(|e| (e.score, e.best)), Some((5, 2)));
        assert_eq!(table.get(0x23), None, "same slot, another key");
        table.put(0x23, 7, 0, 1, Bound::Lower);
        assert_eq!(
            table.get(0x13).map(|e| e.depth),
            Some(3),
            "the deeper one stays"
        );
        table.next_search();
        table.put(0x23, 7, 0, 1, Bound::Lower);
        assert_eq!(table.get(0x23).map(|e| e.bound), Some(Bound::Lower));
    }
}
