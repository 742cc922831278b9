//! The board and its facts: the size limit, and rows as `u64` bitmasks in which bit `c`
//! stands for column `c`.

use crate::error::Error;

/// The numbers of the two diagonals through `(row, col)` on an `n` x `n` board, both in
/// `0..2n - 1`: `row + col` (constant down-left) and `row + n - 1 - col` (constant
/// down-right).
pub(crate) fn diagonals(n: usize, row: usize, col: usize) -> (usize, usize) {
    (row + col, row + n - 1 - col)
}

/// Largest board the searches and the counter handle: one bit per column in a `u64`.
pub(crate) const MAX: usize = 64;

/// Refuses boards larger than the bitboards hold.
pub(crate) fn check_size(n: usize) -> Result<(), Error> {
    if n > MAX {
        return Err(Error::TooLarge { n, max: MAX });
    }
    Ok(())
}

/// All `n` columns of a row.
pub(crate) fn full_row(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The squares of one row that the queens above it attack.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Masks {
    columns: u64,
    /// Attacked along down-right diagonals; shifted towards higher columns row by row.
    down_right: u64,
    /// Attacked along down-left diagonals; shifted towards lower columns row by row.
    down_left: u64,
}

impl Masks {
    /// Every attacked square of the row.
    pub(crate) fn attacked(self) -> u64 {
        self.columns | self.down_right | self.down_left
    }

    /// The masks of the next row once a queen stands on `bit` in this one.
    pub(crate) fn below(self, bit: u64) -> Masks {
        self.rows_below(bit, 1)
    }

    /// The masks of the row `gap` rows down once a queen stands on `bit` in this one (0 for
    /// no queen): the diagonals move one column per row.
    pub(crate) fn rows_below(self, bit: u64, gap: u32) -> Masks {
        Masks {
            columns: self.columns | bit,
            down_right: (self.down_right | bit) << gap,
            down_left: (self.down_left | bit) >> gap,
        }
    }
}

/// The lowest set bit of a non-zero mask: the leftmost open column.
pub(crate) fn lowest_bit(mask: u64) -> u64 {
    mask & mask.wrapping_neg()
}

/// The squares of `row` that a queen on `queen` attacks (or stands on).
fn attacked_in_row((r, c): (usize, usize), row: usize, n: usize) -> u64 {
    let distance = r.abs_diff(row);
    let mut mask = 1 << c;
    if c + distance < n {
        mask |= 1 << (c + distance);
    }
    if distance <= c {
        mask |= 1 << (c - distance);
    }
    mask
}

/// The squares of each row of an `n` x `n` board that fixed queens leave open: a fixed
/// queen's own row offers only its square. Also returns the set of fixed rows.
pub(crate) fn open_rows(n: usize, fixed: &[(usize, usize)]) -> ([u64; 64], u64) {
    let full = full_row(n);
    let mut open = [0; 64];
    let mut fixed_rows = 0;
    for (row, open) in open.iter_mut().enumerate().take(n) {
        *open = match fixed.iter().find(|&&(r, _)| r == row) {
            Some(&(_, col)) => {
                fixed_rows |= 1 << row;
                1 << col
            }
            None => fixed
                .iter()
                .fold(full, |open, &queen| open & !attacked_in_row(queen, row, n)),
        };
    }
    (open, fixed_rows)
}
