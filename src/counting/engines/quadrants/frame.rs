//! The part of the board a quadrant join fills: its free rows split into north and south,
//! its free columns into west and east, and the diagonals that fixed queens hold.

use crate::squares::Square;

/// The free rows and columns of a board around some fixed queens, cut in four quadrants
/// at row and column `n / 2`.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    pub n: usize,
    pub north: Vec<usize>,
    pub south: Vec<usize>,
    pub west: Vec<usize>,
    pub east: Vec<usize>,
    /// Diagonals the fixed queens hold, numbered as [`Diagonals::of`] numbers them.
    pub held: Diagonals,
}

impl Frame {
    /// The board of size `n` with `fixed` queens (at most one per row and column) placed.
    pub(crate) fn around(n: usize, fixed: &[Square]) -> Frame {
        let half = n / 2;
        let rows: Vec<usize> = (0..n).filter(|&r| fixed.iter().all(|q| q.0 != r)).collect();
        let cols: Vec<usize> = (0..n).filter(|&c| fixed.iter().all(|q| q.1 != c)).collect();
        let held = fixed.iter().fold(Diagonals::default(), |held, &square| {
            held.with(Diagonals::of(n, square))
        });
        let (north, south) = rows.iter().partition(|&&r| r < half);
        let (west, east) = cols.iter().partition(|&&c| c < half);
        Frame {
            n,
            north,
            south,
            west,
            east,
            held,
        }
    }

    /// All free rows, north first.
    pub(crate) fn rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.north.iter().chain(&self.south).copied()
    }
}

/// A set of diagonals in both directions: `rising` holds bit `row + col`, `falling` bit
/// `row + n - 1 - col`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Diagonals {
    pub rising: u64,
    pub falling: u64,
}

impl Diagonals {
    /// The two diagonals through `(row, col)`.
    pub(crate) fn of(n: usize, (row, col): Square) -> Diagonals {
        Diagonals {
            rising: 1 << (row + col),
            falling: 1 << (row + n - 1 - col),
        }
    }

    pub(crate) fn with(self, other: Diagonals) -> Diagonals {
        Diagonals {
            rising: self.rising | other.rising,
            falling: self.falling | other.falling,
        }
    }

    pub(crate) fn meets(self, other: Diagonals) -> bool {
        self.rising & other.rising != 0 || self.falling & other.falling != 0
    }
}

/// The diagonals that squares of both sides lie on, numbered from 0 in one `u64`: the only
/// ones on which a west queen can attack an east queen, so the only ones the join tests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shared {
    rising_from: usize,
    rising_mask: u64,
    falling_from: usize,
    falling_mask: u64,
    rising_len: usize,
}

impl Shared {
    pub(crate) fn new(frame: &Frame) -> Shared {
        let rows: Vec<usize> = frame.rows().collect();
        let span = |cols: &[usize], diagonal: fn(usize, usize, usize) -> usize| {
            let ends = rows
                .iter()
                .flat_map(|&r| cols.iter().map(move |&c| diagonal(frame.n, r, c)));
            let (low, high) = ends.fold((usize::MAX, 0), |(lo, hi), d| (lo.min(d), hi.max(d)));
            (low, high)
        };
        let rising = |_: usize, r: usize, c: usize| r + c;
        let falling = |n: usize, r: usize, c: usize| r + n - 1 - c;
        let common = |a: (usize, usize), b: (usize, usize)| {
            let (low, high) = (a.0.max(b.0), a.1.min(b.1));
            (
                low,
                if high >= low && high != usize::MAX {
                    high - low + 1
                } else {
                    0
                },
            )
        };
        let (rising_from, rising_len) =
            common(span(&frame.west, rising), span(&frame.east, rising));
        let (falling_from, falling_len) =
            common(span(&frame.west, falling), span(&frame.east, falling));
        let mask = |len: usize| if len >= 64 { u64::MAX } else { (1 << len) - 1 };
        Shared {
            rising_from: rising_from.min(63),
            rising_mask: mask(rising_len),
            falling_from: falling_from.min(63),
            falling_mask: mask(falling_len),
            rising_len,
        }
    }

    /// How many shared diagonals there are: at most 64 (`2 n - 2` on a whole even board).
    pub(crate) fn len(&self) -> usize {
        self.rising_len + self.falling_mask.count_ones() as usize
    }

    /// The shared diagonals among `diagonals`.
    pub(crate) fn of(&self, diagonals: Diagonals) -> u64 {
        ((diagonals.rising >> self.rising_from) & self.rising_mask)
            | (((diagonals.falling >> self.falling_from) & self.falling_mask) << self.rising_len)
    }
}
