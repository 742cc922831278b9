//! Generated puzzles: exactly one solution (by an independent search), the same for a seed,
//! minimal when asked, at the level asked, their solving paths agreeing with the solution, and
//! their drawn form read back.

use queens::puzzle::{Level, Puzzle, Puzzles, Step};
use queens::{Builder, Error, Square};

/// The solutions (up to `limit`) of an `n` x `n` board holding the queens `clues`, by a plain
/// backtracking search that shares no code with the crate.
fn solutions(n: usize, clues: &[Square], limit: usize) -> Vec<Vec<usize>> {
    fn place(
        n: usize,
        clues: &[Square],
        cols: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        let row = cols.len();
        if row == n {
            out.push(cols.clone());
            return;
        }
        let fixed = clues.iter().find(|&&(r, _)| r == row).map(|&(_, c)| c);
        for col in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &c)| c != col && c.abs_diff(col) != row - r);
            if safe && fixed.is_none_or(|f| f == col) {
                cols.push(col);
                place(n, clues, cols, out, limit);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    place(n, clues, &mut Vec::new(), &mut out, limit);
    out
}

/// Checks the solving path step by step against the solution: queens placed where the
/// solution has them, squares excluded where it has none, every row placed once.
fn check_path(puzzle: &Puzzle) {
    let solution = puzzle.solution();
    let mut rows: Vec<usize> = puzzle.clues().iter().map(|&(r, _)| r).collect();
    for step in puzzle.explanation() {
        let (row, col) = step.square();
        match step.places() {
            true => {
                assert_eq!(solution[row], col, "{step} contradicts the solution");
                rows.push(row);
            }
            false => assert_ne!(solution[row], col, "{step} excludes the solution's square"),
        }
        assert!(!step.to_string().is_empty());
    }
    rows.sort_unstable();
    assert_eq!(rows, (0..puzzle.n()).collect::<Vec<_>>());
}

#[test]
fn generated_puzzles_have_one_solution_at_the_level_asked() -> Result<(), Error> {
    for n in 4..=10 {
        for level in Level::ALL {
            for minimal in [false, true] {
                for seed in 0..4 {
                    let made = Puzzles::new(n)
                        .level(level)
                        .minimal(minimal)
                        .seed(seed)
                        .next()
                        .unwrap();
                    let Ok(puzzle) = made else {
                        // A level out of reach at this size says so.
                        assert!(matches!(made, Err(Error::Unsupported { .. })), "{made:?}");
                        continue;
                    };
                    assert_eq!(puzzle.level(), level);
                    let found = solutions(n, puzzle.clues(), 2);
                    assert_eq!(
                        found,
                        [puzzle.solution().to_vec()],
                        "n {n} {level} seed {seed}"
                    );
                    assert!(puzzle.check(puzzle.solution()));
                    check_path(&puzzle);
                    if minimal {
                        for i in 0..puzzle.clues().len() {
                            let mut fewer = puzzle.clues().to_vec();
                            fewer.remove(i);
                            assert_eq!(solutions(n, &fewer, 2).len(), 2, "clue {i} could go");
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn every_level_is_reached_at_n_12_and_puzzles_come_for_every_size_to_64() -> Result<(), Error> {
    for level in Level::ALL {
        let puzzle = Puzzles::new(12).level(level).next().unwrap()?;
        assert_eq!(puzzle.level(), level);
    }
    for n in (4..=64).step_by(6) {
        let puzzle = Puzzle::generate(n, 1)?;
        assert!(
            puzzle.builder().build()?.uniqueness().is_unique(),
            "n = {n}"
        );
        check_path(&puzzle);
    }
    assert!(matches!(
        Puzzle::generate(3, 0),
        Err(Error::NoSolution { n: 3 })
    ));
    assert!(matches!(
        Puzzle::generate(65, 0),
        Err(Error::TooLarge { .. })
    ));
    Ok(())
}

#[test]
fn a_seed_gives_the_same_puzzle_and_seeds_differ() -> Result<(), Error> {
    let again: Vec<Puzzle> = Puzzles::new(12).seed(5).take(3).collect::<Result<_, _>>()?;
    let first: Vec<Puzzle> = Puzzles::new(12).seed(5).take(3).collect::<Result<_, _>>()?;
    assert_eq!(again, first);
    assert_eq!(first[1], Puzzle::generate(12, 6)?);
    assert_ne!(first[0], first[1]);
    Ok(())
}

#[test]
fn the_drawn_form_reads_back_as_the_same_puzzle() -> Result<(), Error> {
    for seed in 0..20 {
        let puzzle = Puzzle::generate(9, seed)?;
        let read: Builder = puzzle.to_string().parse()?;
        let solved: Vec<_> = read.build()?.collect();
        assert_eq!(solved, [puzzle.solution().clone()]);
        let read = queens::puzzle::read_puzzle(puzzle.to_string().as_bytes())?;
        assert_eq!(read.build()?.count(), 1);
    }
    Ok(())
}

#[test]
fn levels_read_by_name_and_steps_read_as_sentences() {
    assert_eq!("Harder".parse::<Level>(), Ok(Level::Harder));
    assert!("expert".parse::<Level>().is_err());
    let step = Step::Excluded {
        n: 8,
        square: (5, 5),
        empties: queens::puzzle::Line::Column(1),
    };
    assert_eq!(
        step.to_string(),
        "f3 would leave column b without a square: excluded"
    );
}
