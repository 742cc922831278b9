//! The `queens` crate behind a web page: its search, event by event, with a history to step
//! back through (the crate's `Replay`), and, for the Solve mode, counts, hints and puzzles
//! (run in a Web Worker by the page). Built for WebAssembly by `bash web/build.sh`; the page
//! is `web/index.html`, `web/app.js` and `web/worker.js`.

use queens::Queens;
use queens::puzzle::{Level, Puzzles};
use queens::search::Stuck;
use queens::trace::{Event, Replay};
use wasm_bindgen::prelude::*;

/// Largest board the page offers: a row fits a `u32` mask.
const MAX_N: usize = 16;

/// The colours of the crate's pictures as CSS variables (`--light: #f0d9b5; ...`), so the
/// page and the SVG pictures share one palette.
#[wasm_bindgen]
pub fn palette_css() -> String {
    queens::formats::palette::css_variables()
}

/// The search of an `n x n` board, stepped one event at a time, with every board it went
/// through kept so that `back` can return to it (the crate's [`Replay`]).
#[wasm_bindgen]
pub struct Search {
    replay: Replay,
    /// Whether a step found the search over (cleared by going back).
    finished: bool,
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
            finished: false,
        })
    }

    /// One event forward; `false` once the search is over.
    pub fn step(&mut self) -> bool {
        let moved = self.replay.step();
        self.finished = !moved;
        moved
    }

    /// One event back; `false` at the start.
    pub fn back(&mut self) -> bool {
        let moved = self.replay.back();
        if moved {
            self.finished = false;
        }
        moved
    }

    /// Steps until a solution is on the board, the search ends, or `limit` steps are made
    /// (so that the page can spread a long run over frames); the number of steps made.
    pub fn run_to_solution(&mut self, limit: u32) -> u32 {
        for done in 1..=limit {
            if !self.step() {
                return done - 1;
            }
            if matches!(self.replay.snapshot().event, Some(Event::Solution { .. })) {
                return done;
            }
        }
        limit
    }

    /// Whether the last step found the search over.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Whether the board is the first one: nothing to go back to.
    pub fn at_start(&self) -> bool {
        self.replay.snapshot().event.is_none()
    }

    /// What made this board: `start`, `place`, `remove`, `dead-end`, `dead-column` or
    /// `solution`.
    pub fn event(&self) -> String {
        match self.replay.snapshot().event {
            None => "start",
            Some(Event::Place { .. }) => "place",
            Some(Event::Remove { .. }) => "remove",
            Some(Event::DeadEnd { .. }) => "dead-end",
            Some(Event::DeadColumn { .. }) => "dead-column",
            Some(Event::Solution { .. }) => "solution",
            Some(_) => "other",
        }
        .to_string()
    }

    /// The event's row and column (-1 where it has none): the square placed or taken back,
    /// the dead row.
    pub fn event_square(&self) -> Vec<i32> {
        let (row, col) = match self.replay.snapshot().event {
            Some(Event::Place { row, col, .. } | Event::Remove { row, col }) => {
                (row as i32, col as i32)
            }
            Some(Event::DeadEnd { row, .. }) => (row as i32, -1),
            Some(Event::DeadColumn { col, .. }) => (-1, col as i32),
            _ => (-1, -1),
        };
        vec![row, col]
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
}

/// The `(row, column)` squares of `queens` (row, column, row, column, ...).
fn squares(queens: &[u32]) -> impl Iterator<Item = (usize, usize)> + '_ {
    queens
        .chunks_exact(2)
        .map(|pair| (pair[0] as usize, pair[1] as usize))
}

/// The board of `n` with queens on `queens`, if they make a valid board.
fn board(n: usize, queens: &[u32]) -> Option<Queens> {
    Queens::builder(n).queens(squares(queens)).build().ok()
}

/// How many solutions complete the board of `n` with queens on `queens` (row, column,
/// ...): 0 when they attack each other.
#[wasm_bindgen]
pub fn completions(n: usize, queens: &[u32]) -> f64 {
    board(n, queens).map_or(0, |search| search.try_count().unwrap_or(0)) as f64
}

/// A square for one more queen that keeps the board completable, as `[row, column]`: the
/// queen of the first row without one in a completion (found in most-constrained order, so
/// quickly on any board). Empty when the board has no completion or is full.
#[wasm_bindgen]
pub fn hint(n: usize, queens: &[u32]) -> Vec<u32> {
    let Some(solution) = board(n, queens).and_then(|board| board.most_constrained().next()) else {
        return Vec::new();
    };
    let taken: Vec<usize> = squares(queens).map(|(row, _)| row).collect();
    (0..n)
        .find(|row| !taken.contains(row))
        .map_or_else(Vec::new, |row| vec![row as u32, solution[row] as u32])
}

/// Why the board of `n` with queens on `queens` has no completion, in words: two queens
/// that attack each other, or the crate's [`Stuck`] (a rank or file with no safe square
/// left, or dead ends further on); empty when it has one.
#[wasm_bindgen]
pub fn why_stuck(n: usize, queens: &[u32]) -> String {
    match Queens::builder(n).queens(squares(queens)).build() {
        Err(err) => format!("{}: take one back", capitalized(&err.to_string())),
        Ok(board) => match board.stuck() {
            None => String::new(),
            Some(stuck @ Stuck::NoCompletion) => {
                format!("No completion: {stuck}; take a queen back")
            }
            Some(stuck) => format!("{}: take a queen back", capitalized(&stuck.to_string())),
        },
    }
}

/// `text` with its first letter in capitals, to open a sentence.
fn capitalized(text: &str) -> String {
    let mut letters = text.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// Whether queens on (`row`, `col`) and (`other_row`, `other_col`) attack each other: the
/// crate's rule, so that the page holds none of its own.
#[wasm_bindgen]
pub fn attacks(row: usize, col: usize, other_row: usize, other_col: usize) -> bool {
    queens::squares::attacks((row, col), (other_row, other_col))
}

/// The chess name of the square (`row`, `col`) of an `n x n` board (`a8` for (0, 0) of 8).
#[wasm_bindgen]
pub fn square_name(n: usize, row: usize, col: usize) -> String {
    queens::squares::square_name(n, (row, col))
}

/// The clues of a new puzzle with exactly one solution on `n x n`, at `level` (easy,
/// medium, hard or harder), from `seed`: row, column, row, column, ...
#[wasm_bindgen]
pub fn new_puzzle(n: usize, level: &str, seed: u32) -> Result<Vec<u32>, JsError> {
    puzzle_clues(n, level, seed).map_err(|err| JsError::new(&err.to_string()))
}

/// [`new_puzzle`], with the crate's error.
fn puzzle_clues(n: usize, level: &str, seed: u32) -> Result<Vec<u32>, queens::Error> {
    let level: Level = level.parse()?;
    let puzzle = Puzzles::new(n).level(level).seed(u64::from(seed)).first()?;
    Ok(puzzle
        .clues()
        .iter()
        .flat_map(|&(row, col)| [row as u32, col as u32])
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_reaches_the_first_solution_and_back_returns() {
        let mut search = Search::new(8).unwrap();
        assert!(search.at_start());
        while search.solutions() == 0 {
            assert!(search.step());
        }
        assert_eq!(search.event(), "solution");
        assert_eq!(search.columns(), [0, 4, 7, 5, 2, 6, 1, 3]);
        let before = search.columns();
        search.step();
        search.back();
        assert_eq!(search.columns(), before);
        while search.back() {}
        assert_eq!(search.depth(), 0);
        assert!(search.at_start());
    }

    #[test]
    fn next_solution_stops_on_each_solution_and_at_the_end() {
        let mut search = Search::new(6).unwrap();
        for found in 1..=4 {
            assert!(search.run_to_solution(u32::MAX) > 0);
            assert_eq!(search.solutions(), found);
            assert_eq!(search.event(), "solution");
        }
        search.run_to_solution(u32::MAX);
        assert!(search.finished());
        assert_eq!(search.solutions(), 4);
        assert_eq!(search.run_to_solution(10), 0);
        search.back();
        assert!(!search.finished());
    }

    #[test]
    fn events_name_their_square() {
        let mut search = Search::new(4).unwrap();
        search.step();
        assert_eq!(
            (search.event().as_str(), search.event_square()),
            ("place", vec![0, 0])
        );
        while search.event() != "dead-end" {
            search.step();
        }
        assert_eq!(search.event_square()[1], -1);
    }

    #[test]
    fn puzzle_counts_hints_and_reasons() {
        assert_eq!(completions(8, &[0, 0]), 4.0);
        assert_eq!(completions(8, &[0, 0, 1, 1]), 0.0);
        let mut queens = vec![0, 0];
        while let [row, col] = hint(8, &queens)[..] {
            queens.extend([row, col]);
            assert!(completions(8, &queens) > 0.0);
            assert_eq!(why_stuck(8, &queens), "");
        }
        assert_eq!(queens.len(), 16);
        assert_eq!(
            why_stuck(8, &[0, 0, 1, 1]),
            "Queens on a8 and b7 attack each other: take one back"
        );
        // b4, d3 and a2 lead to the solution; a4 alone leads to none, with no line empty yet.
        assert!(why_stuck(4, &[0, 1, 1, 3, 2, 0]).is_empty());
        assert!(why_stuck(4, &[0, 0]).starts_with("No completion"));
        // On 4 x 4, a4 and c3 leave rank 2 (a2 to d2) without a safe square.
        assert_eq!(
            why_stuck(4, &[0, 0, 1, 2]),
            "Rank 2 has no safe square left: take a queen back"
        );
        assert_eq!(
            why_stuck(8, &[0, 0, 0, 3]),
            "Queens on a8 and d8 share rank 8: take one back"
        );
        assert!(hint(4, &[0, 0]).is_empty());
        assert!(attacks(0, 0, 5, 5) && !attacks(0, 0, 1, 2));
        assert_eq!(square_name(8, 0, 0), "a8");
    }

    #[test]
    fn new_puzzles_have_one_solution() {
        let clues = puzzle_clues(8, "medium", 3).unwrap();
        let board = Queens::builder(8).queens(squares(&clues)).build().unwrap();
        assert!(board.uniqueness().is_unique());
        assert!(puzzle_clues(8, "expert", 0).is_err());
        assert!(puzzle_clues(8, "harder", 0).is_err());
    }
}
