//! Random solutions of large boards by local search.

use crate::bitboard::diagonals;
use crate::error::{Error, try_vec, try_with_capacity};
use crate::rng::SplitMix64;
use crate::solution::Solution;

/// Queens left to the repair phase after the greedy start (Sosic and Gu's constant `c`).
const LEFT_TO_REPAIR: usize = 50;

/// Attempts before giving up; each restarts from a fresh random permutation.
const ATTEMPTS: u64 = 1000;

/// A random solution of the `n`-queens problem, reproducible from `seed`.
///
/// The search keeps one queen per row and per column (a permutation) and removes diagonal
/// conflicts, after Sosic and Gu (1994): a greedy start places all but about 50 queens on
/// free diagonals, then random swaps that reduce the number of attacking pairs repair the
/// rest. Its expected time is linear in `n`; a million queens take a fraction of a second.
/// The same `n` and `seed` always give the same solution.
///
/// # Errors
///
/// [`Error::NoSolution`] for `n = 2` and `n = 3`, [`Error::TooLarge`] above `u32::MAX`
/// queens, [`Error::OutOfMemory`] when the board's memory (about 20 bytes a queen) cannot be
/// had, and [`Error::SearchFailed`] if every
/// attempt runs out of its step budget (then another seed will do): the search never loops
/// forever.
///
/// # Examples
///
/// ```
/// let s = queens::large_boards::random(1000, 7)?;
/// assert_eq!(s.n(), 1000);
/// assert_eq!(s, queens::large_boards::random(1000, 7)?);
/// assert_ne!(s, queens::large_boards::random(1000, 8)?);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn random(n: usize, seed: u64) -> Result<Solution, Error> {
    if n == 2 || n == 3 {
        return Err(Error::NoSolution { n });
    }
    if u32::try_from(n).is_err() {
        return Err(Error::TooLarge {
            n,
            max: u32::MAX as usize,
        });
    }
    let mut rng = SplitMix64(seed);
    let mut board = Permutation::new(n)?;
    let mut steps = 0;
    for _ in 0..ATTEMPTS {
        board.shuffle_greedily(&mut rng, &mut steps);
        // Small boards have local minima that only a restart escapes: keep attempts short.
        let budget = steps + 50 * n as u64 + 1000;
        if board.repair(&mut rng, &mut steps, budget) {
            // Checked in O(n) rather than trusted: the diagonal counters are only bytes.
            let mut columns = try_with_capacity(n)?;
            columns.extend(board.columns.iter().map(|&c| c as usize));
            match Solution::new(columns) {
                Err(Error::OutOfMemory { bytes }) => return Err(Error::OutOfMemory { bytes }),
                Err(_) => {}
                solution => return solution,
            }
        }
    }
    Err(Error::SearchFailed { n, seed, steps })
}

/// A permutation board with the number of queens on each diagonal.
struct Permutation {
    n: usize,
    /// Column of each row's queen; `u32` halves the memory traffic of large boards.
    columns: Vec<u32>,
    /// Queens on each diagonal `row + column`.
    sums: Vec<u8>,
    /// Queens on each diagonal `row - column + n - 1`.
    differences: Vec<u8>,
}

impl Permutation {
    fn new(n: usize) -> Result<Permutation, Error> {
        Ok(Permutation {
            n,
            columns: try_with_capacity(n)?,
            sums: try_vec(0, 2 * n)?,
            differences: try_vec(0, 2 * n)?,
        })
    }

    fn diagonals(&self, row: usize, col: usize) -> (usize, usize) {
        diagonals(self.n, row, col)
    }

    /// How many queens already on the diagonals of `(row, col)` it would attack.
    fn attackers(&self, row: usize, col: usize) -> u32 {
        let (sum, difference) = self.diagonals(row, col);
        u32::from(self.sums[sum]) + u32::from(self.differences[difference])
    }

    fn add(&mut self, row: usize, col: usize) {
        let (sum, difference) = self.diagonals(row, col);
        self.sums[sum] += 1;
        self.differences[difference] += 1;
    }

    fn remove(&mut self, row: usize, col: usize) {
        let (sum, difference) = self.diagonals(row, col);
        self.sums[sum] -= 1;
        self.differences[difference] -= 1;
    }

    fn is_attacked(&self, row: usize) -> bool {
        let col = self.columns[row] as usize;
        let (sum, difference) = self.diagonals(row, col);
        self.sums[sum] > 1 || self.differences[difference] > 1
    }

    /// A random permutation whose first rows are placed on free diagonals while that is
    /// easy, and whose last rows (about [`LEFT_TO_REPAIR`]) are placed at random.
    fn shuffle_greedily(&mut self, rng: &mut SplitMix64, steps: &mut u64) {
        let n = self.n;
        // Refilled in place: the room for it was reserved once.
        self.columns.clear();
        self.columns.extend(0..n as u32);
        self.sums.fill(0);
        self.differences.fill(0);
        let greedy_rows = n.saturating_sub(LEFT_TO_REPAIR);
        let mut tries = 0;
        let mut row = 0;
        // Sosic and Gu's bound: about 3.08 n tries place all but the last few queens.
        while row < greedy_rows && tries < 3 * n + n / 10 {
            tries += 1;
            let other = row + rng.below(n - row);
            self.columns.swap(row, other);
            let col = self.columns[row] as usize;
            if self.attackers(row, col) == 0 {
                self.add(row, col);
                row += 1;
            }
        }
        for rest in row..n {
            let other = rest + rng.below(n - rest);
            self.columns.swap(rest, other);
            self.add(rest, self.columns[rest] as usize);
        }
        *steps += tries as u64;
    }

    /// Swaps attacked queens with random others while that lowers the number of attacking
    /// pairs; true when none is left, false when the budget runs out first.
    fn repair(&mut self, rng: &mut SplitMix64, steps: &mut u64, budget: u64) -> bool {
        let n = self.n;
        let mut suspects: Vec<usize> = (0..n).filter(|&row| self.is_attacked(row)).collect();
        while let Some(row) = suspects.pop() {
            while self.is_attacked(row) {
                if *steps >= budget {
                    return false;
                }
                *steps += 1;
                let other = rng.below(n);
                if other != row && self.swap_if_better(row, other) && self.is_attacked(other) {
                    suspects.push(other);
                }
            }
        }
        true
    }

    /// Exchanges the columns of two rows if that lowers the number of attacking pairs.
    fn swap_if_better(&mut self, a: usize, b: usize) -> bool {
        let (col_a, col_b) = (self.columns[a] as usize, self.columns[b] as usize);
        self.remove(a, col_a);
        self.remove(b, col_b);
        // Pairs each placement makes: the first queen's attackers, then the second's,
        // which sees the first.
        let pairs = |board: &mut Permutation, first: (usize, usize), second: (usize, usize)| {
            let made = board.attackers(first.0, first.1);
            board.add(first.0, first.1);
            let made = made + board.attackers(second.0, second.1);
            board.remove(first.0, first.1);
            made
        };
        let before = pairs(self, (a, col_a), (b, col_b));
        let after = pairs(self, (a, col_b), (b, col_a));
        let better = after < before;
        if better {
            self.columns.swap(a, b);
        }
        self.add(a, self.columns[a] as usize);
        self.add(b, self.columns[b] as usize);
        better
    }
}
