//! Marks on junctions that are all cleared at once, for searches that run many times a
//! turn: a mark holds the number of the round that made it, so starting a round clears
//! every mark without touching them.

/// One mark slot per junction; a junction is marked when its slot holds this round.
#[derive(Default)]
pub(crate) struct Marks {
    rounds: Vec<u32>,
    round: u32,
}

impl Marks {
    /// Starts a round over `len` junctions with none marked.
    pub fn clear(&mut self, len: usize) {
        // Slots past `len` are kept (a patch's junctions come and go): they hold older
        // rounds, so nothing stays marked.
        if self.rounds.len() < len {
            self.rounds.resize(len, 0);
        }
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            // After 2^32 rounds the numbers come round again: clear for real once.
            self.rounds.iter_mut().for_each(|r| *r = 0);
            self.round = 1;
        }
    }

    /// Marks junction `j`.
    #[inline]
    pub fn mark(&mut self, j: usize) {
        self.rounds[j] = self.round;
    }

    /// Whether junction `j` is marked in this round.
    #[inline]
    pub fn is_marked(&self, j: usize) -> bool {
        self.rounds[j] == self.round
    }
}
