//! The trace of the search, replayed on a board: every event must be what the board says.

use queens::trace::Event;
use queens::{Queens, Solution, Square};

/// Replays `events` on an `n x n` board whose open squares are `open`, checking each one,
/// and returns the solutions they announce and the queens they place.
fn replay(
    n: usize,
    open: impl Fn(Square) -> bool,
    events: impl Iterator<Item = Event>,
) -> (Vec<Solution>, u64) {
    // The queens on the board, in the order placed.
    let mut stack: Vec<Square> = Vec::new();
    let attacked = |stack: &[Square], (row, col): Square| {
        stack
            .iter()
            .any(|&(r, c)| c == col || r == row || r.abs_diff(row) == c.abs_diff(col))
    };
    let row_mask = |stack: &[Square], row: usize| {
        (0..n)
            .filter(|&col| attacked(stack, (row, col)))
            .fold(0u64, |mask, col| mask | 1 << col)
    };
    let (mut solutions, mut placed) = (Vec::new(), 0);
    for event in events {
        match event {
            Event::Place {
                row,
                col,
                depth,
                next_row_attacked,
            } => {
                assert!(
                    open((row, col)) && !attacked(&stack, (row, col)),
                    "{event:?}"
                );
                stack.push((row, col));
                assert_eq!(depth, stack.len());
                let expected = if row + 1 < n {
                    row_mask(&stack, row + 1)
                } else {
                    0
                };
                assert_eq!(next_row_attacked, expected, "{event:?}");
                placed += 1;
            }
            Event::Remove { row, col } => {
                assert_eq!(stack.pop(), Some((row, col)), "the last placed comes off");
            }
            Event::DeadEnd {
                row,
                attacked: mask,
            } => {
                assert!(stack.iter().all(|&(r, _)| r != row), "{event:?}");
                assert_eq!(mask, row_mask(&stack, row));
                assert!((0..n).all(|col| !open((row, col)) || mask >> col & 1 == 1));
            }
            Event::DeadColumn {
                col,
                attacked: mask,
            } => {
                assert!(stack.iter().all(|&(_, c)| c != col), "{event:?}");
                for row in 0..n {
                    let hit = attacked(&stack, (row, col));
                    assert_eq!(mask >> row & 1 == 1, hit, "{event:?}, row {row}");
                    assert!(
                        !open((row, col)) || hit,
                        "{event:?}: ({row}, {col}) is open"
                    );
                }
            }
            Event::Solution { index } => {
                assert_eq!(stack.len(), n);
                assert_eq!(index, solutions.len() as u64);
                let mut columns = vec![0; n];
                stack.iter().for_each(|&(r, c)| columns[r] = c);
                solutions.push(Solution::new(columns).unwrap());
            }
            _ => unreachable!("no other events yet"),
        }
    }
    (solutions, placed)
}

#[test]
fn the_trace_replays_to_the_solutions_and_nodes_of_the_search() {
    for n in 0..=9 {
        let (solutions, placed) = replay(n, |_| true, Queens::new(n).trace());
        assert_eq!(solutions, Queens::new(n).collect::<Vec<_>>(), "n = {n}");
        let mut search = Queens::new(n);
        search.by_ref().for_each(drop);
        assert_eq!(placed, search.nodes(), "n = {n}: a Place per node");
    }
}

#[test]
fn the_trace_keeps_fixed_queens_and_blocked_squares() {
    let blocked = [(0, 0), (2, 5), (4, 4), (7, 1)];
    let builder = Queens::builder(8).queen((3, 2)).blocks(blocked);
    let search = builder.clone().build().unwrap();
    let open = |sq: Square| !blocked.contains(&sq) && (sq.0 != 3 || sq.1 == 2);
    let (solutions, _) = replay(8, open, search.clone().trace());
    assert_eq!(solutions, search.collect::<Vec<_>>());
    assert!(!solutions.is_empty());
}

#[test]
fn the_most_constrained_trace_replays_to_its_solutions() {
    use std::collections::BTreeSet;
    for n in 0..=8 {
        let (solutions, _) = replay(n, |_| true, Queens::new(n).most_constrained().trace());
        let expected: Vec<Solution> = Queens::new(n).most_constrained().collect();
        assert_eq!(solutions, expected, "n = {n}, in the search's order");
    }
    // A puzzle with dead columns to find.
    for seed in 0..12u64 {
        let blocked: Vec<Square> = (0..10)
            .map(|i| ((seed as usize * 7 + i * 3) % 8, (seed as usize + i * 5) % 8))
            .collect();
        let search = Queens::builder(8).blocks(blocked.clone()).build().unwrap();
        let open = |sq: Square| !blocked.contains(&sq);
        let (solutions, _) = replay(8, open, search.clone().most_constrained().trace());
        let all: BTreeSet<Solution> = search.collect();
        assert_eq!(
            solutions.into_iter().collect::<BTreeSet<_>>(),
            all,
            "seed {seed}"
        );
    }
}

#[test]
fn a_trace_starts_where_the_search_stands_and_is_fused() {
    let mut search = Queens::new(6);
    let first = search.next().unwrap();
    let rest: Vec<Solution> = search.clone().collect();
    let mut trace = search.trace();
    // The first solution's queens are on the board: the trace takes them back first.
    let Some(Event::Remove { row: 5, col }) = trace.next() else {
        panic!("the last row's queen comes off first");
    };
    assert_eq!(col, first[5]);
    let announced = trace
        .by_ref()
        .filter(|e| matches!(e, Event::Solution { .. }))
        .count();
    assert_eq!(announced, rest.len());
    assert_eq!((trace.next(), trace.next()), (None, None));
}

#[test]
fn a_cloned_trace_goes_on_alike() {
    let mut trace = Queens::new(8).trace();
    trace.by_ref().take(500).for_each(drop);
    let copy = trace.clone();
    assert!(trace.eq(copy));
}

#[cfg(feature = "serde")]
#[test]
fn events_serialize_as_tagged_objects() {
    let event = Event::Place {
        row: 0,
        col: 4,
        depth: 1,
        next_row_attacked: 0b0011_1000,
    };
    let json = serde_json::to_string(&event).unwrap();
    assert_eq!(
        json,
        r#"{"event":"place","row":0,"col":4,"depth":1,"next_row_attacked":56}"#
    );
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    let solution = serde_json::to_string(&Event::Solution { index: 3 }).unwrap();
    assert_eq!(solution, r#"{"event":"solution","index":3}"#);
}
