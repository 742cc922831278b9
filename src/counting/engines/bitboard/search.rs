//! The search itself: a node is the rows filled so far, as the columns and the two
//! diagonals their queens attack in the next row.

use crate::rng::SplitMix64;

/// A node with more free rows than this is timed by a random path down to one with this
/// many: milliseconds a part.
pub(super) const WALK_TO_FREE_ROWS: usize = 14;

/// The rows filled so far of a board of `n`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    n: usize,
    row: usize,
    columns: u64,
    /// Squares of the next row on a queen's down-right diagonal.
    right: u64,
    /// Squares of the next row on a queen's down-left diagonal.
    left: u64,
}

impl Node {
    pub(super) fn empty(n: usize) -> Node {
        Node {
            n,
            row: 0,
            columns: 0,
            right: 0,
            left: 0,
        }
    }

    /// The squares of the next row that no queen attacks.
    fn open(&self) -> u64 {
        let board = u64::MAX >> (64 - self.n.max(1));
        board & !(self.columns | self.right | self.left)
    }

    pub(super) fn free(&self) -> usize {
        self.n - self.row
    }

    /// The node with a queen on `column` of the next row, if no queen attacks it.
    pub(super) fn place(self, column: usize) -> Option<Node> {
        let bit = 1u64.checked_shl(column as u32)?;
        (self.row < self.n && self.open() & bit != 0).then_some(self.with(bit))
    }

    fn with(self, bit: u64) -> Node {
        Node {
            row: self.row + 1,
            columns: self.columns | bit,
            right: (self.right | bit) << 1,
            left: (self.left | bit) >> 1,
            ..self
        }
    }

    /// The ways to fill the free rows.
    pub(super) fn completions(self) -> u64 {
        if self.row == self.n {
            return 1;
        }
        let mut open = self.open();
        let mut total = 0;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            total += self.with(bit).completions();
        }
        total
    }

    /// A random path down the search to [`WALK_TO_FREE_ROWS`] free rows: that node, and how
    /// many such nodes the search has per node the path reaches (the product of the
    /// choices along it), 0 for a dead end.
    pub(super) fn walk(mut self, rng: &mut SplitMix64) -> (Node, f64) {
        let mut paths = 1.0;
        while self.free() > WALK_TO_FREE_ROWS {
            let mut open = self.open();
            let choices = open.count_ones();
            if choices == 0 {
                return (self, 0.0);
            }
            for _ in 0..rng.exactly_below(u64::from(choices)) {
                open &= open - 1;
            }
            paths *= f64::from(choices);
            self = self.with(open & open.wrapping_neg());
        }
        (self, paths)
    }
}
