//! Reading a puzzle from any bytes: never a panic; a board read builds or names its fault;
//! a small board with one solution is graded, and its drawn, CSPLib and JSON forms read back
//! as the same puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::puzzle::{Puzzle, read_puzzle};

fuzz_target!(|bytes: &[u8]| {
    let Ok(board) = read_puzzle(bytes) else {
        return;
    };
    // Larger open boards are slow to prove unique, not wrong: keep each run short.
    if board.n() > 10 {
        return;
    }
    let Ok(puzzle) = Puzzle::from_builder(&board) else {
        return;
    };
    assert!(puzzle.check(puzzle.solution()));
    let drawn: Puzzle = puzzle.to_string().parse().expect("the drawn form reads back");
    assert_eq!(drawn.solution(), puzzle.solution());
    assert_eq!(drawn.rating(), puzzle.rating());
    let csplib: Puzzle = puzzle.to_csplib().parse().expect("CSPLib's form reads back");
    assert_eq!(csplib.solution(), puzzle.solution());
    let json: Puzzle = puzzle.to_json().parse().expect("the JSON reads back");
    assert_eq!(json, puzzle);
});
