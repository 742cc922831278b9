//! The `queens` crate behind a web page: its search, event by event, with a history to step
//! back through (the crate's `Replay`), and the counts and hints of the puzzle mode. Built for WebAssembly by
//! `bash web/build.sh`; the page is `web/index.html` and `web/app.js`.

use queens::Queens;
use queens::trace::{DeadEnd, Replay};
use wasm_bindgen::prelude::*;

/// Largest board the page offers: a row fits a `u32` mask.
const MAX_N: usize = 16;

/// The search of an `n x n` board, stepped one event at a time, with every board it went
/// through kept so that `back` can return to it (the crate's [`Replay`]).
#[wasm_bindgen]
pub struct Search {
    replay: Replay,
}

#[wasm_bindgen]
impl Search {
    /// A fresh search of `n` queens (1 to 16).
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize) -> Result<Search, JsError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(JsError::new(&format!(
                "boards from 1 to {MAX_N} only, not {n}"
            )));
        }
        Ok(Search {
            replay: Replay::new(Queens::try_new(n)?.trace()),
        })
    }

    /// One event forward; `false` once the search is over.
    pub fn step(&mut self) -> bool {
        self.replay.step()
    }

    /// One event back; `false` at the start.
    pub fn back(&mut self) -> bool {
        self.replay.back()
    }

    /// The column of each row's queen, or -1.
    pub fn columns(&self) -> Vec<i32> {
        let columns = &self.replay.snapshot().columns;
        columns.iter().map(|c| c.map_or(-1, |c| c as i32)).collect()
    }

    /// Queens on the board.
    pub fn depth(&self) -> u32 {
        self.replay.snapshot().depth() as u32
    }

    /// Queens placed so far.
    pub fn placements(&self) -> u32 {
        self.replay.snapshot().placements as u32
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u32 {
        self.replay.snapshot().solutions as u32
    }

    /// The row of the dead end just found, or -1.
    pub fn dead_end(&self) -> i32 {
        match self.replay.snapshot().dead_end {
            Some(DeadEnd::Row(row)) => row as i32,
            _ => -1,
        }
    }

    /// The row whose attacked squares are to be shaded, or -1.
    pub fn attacked_row(&self) -> i32 {
        self.replay
            .snapshot()
            .attacked
            .map_or(-1, |(row, _)| row as i32)
    }

    /// The squares of `attacked_row` that the queens attack, as a row mask.
    pub fn attacked(&self) -> u32 {
        self.replay
            .snapshot()
            .attacked
            .map_or(0, |(_, mask)| mask as u32)
    }
}

/// The board of `n` with queens on `queens` (row, column, row, column, ...), if they make
/// a valid board.
fn board(n: usize, queens: &[u32]) -> Option<Queens> {
    let squares = queens
        .chunks_exact(2)
        .map(|pair| (pair[0] as usize, pair[1] as usize));
    Queens::builder(n).queens(squares).build().ok()
}

/// How many solutions complete the board of `n` with queens on `queens` (row, column,
/// ...): 0 when they attack each other.
#[wasm_bindgen]
pub fn completions(n: usize, queens: &[u32]) -> f64 {
    board(n, queens).map_or(0, |search| search.try_count().unwrap_or(0)) as f64
}

/// A square for one more queen that keeps the board completable, as `[row, column]`:
/// in the first row without a queen, the leftmost column with a completion. Empty when the
/// board has no completion or is full.
#[wasm_bindgen]
pub fn hint(n: usize, queens: &[u32]) -> Vec<u32> {
    let taken: Vec<u32> = queens.chunks_exact(2).map(|pair| pair[0]).collect();
    let Some(row) = (0..n as u32).find(|row| !taken.contains(row)) else {
        return Vec::new();
    };
    (0..n as u32)
        .find(|&col| {
            let mut more = queens.to_vec();
            more.extend([row, col]);
            completions(n, &more) > 0.0
        })
        .map_or_else(Vec::new, |col| vec![row, col])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_reaches_the_first_solution_and_back_returns() {
        let mut search = Search::new(8).unwrap();
        while search.solutions() == 0 {
            assert!(search.step());
        }
        assert_eq!(search.columns(), [0, 4, 7, 5, 2, 6, 1, 3]);
        let before = search.columns();
        search.step();
        search.back();
        assert_eq!(search.columns(), before);
        while search.back() {}
        assert_eq!(search.depth(), 0);
    }

    #[test]
    fn puzzle_counts_and_hints() {
        assert_eq!(completions(8, &[0, 0]), 4.0);
        assert_eq!(completions(8, &[0, 0, 1, 1]), 0.0);
        let mut queens = vec![0, 0];
        while let [row, col] = hint(8, &queens)[..] {
            queens.extend([row, col]);
            assert!(completions(8, &queens) > 0.0);
        }
        assert_eq!(queens.len(), 16);
    }
}
