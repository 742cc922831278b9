//! Generated puzzles of both kinds: exactly one solution (by an independent search), the same
//! for a seed, minimal when asked, at the level asked, their solving paths agreeing with the
//! solution and each step's claim checked on the board, and their drawn and CSPLib 080 forms
//! read back.

use queens::Line;
use queens::puzzle::{Kind, Level, Puzzle, Puzzles, Step};
use queens::{Builder, Error, Square};

/// The solutions (up to `limit`) of an `n` x `n` board holding the queens `clues` and no queen
/// on `blocks`, by a plain backtracking search that shares no code with the crate.
fn solutions(n: usize, clues: &[Square], blocks: &[Square], limit: usize) -> Vec<Vec<usize>> {
    fn place(
        n: usize,
        clues: &[Square],
        blocks: &[Square],
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
            if safe && fixed.is_none_or(|f| f == col) && !blocks.contains(&(row, col)) {
                cols.push(col);
                place(n, clues, blocks, cols, out, limit);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    place(n, clues, blocks, &mut Vec::new(), &mut out, limit);
    out
}

/// Whether queens on `a` and `b` attack each other (or are one square).
fn attack(a: Square, b: Square) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// The open squares of `line` once a queen stands on `queen` (if any): in no row or column
/// holding a queen, off the blocks, the excluded squares and every queen's attack.
fn open_on(board: &Board, line: Line, queen: Option<Square>) -> Vec<Square> {
    let queens: Vec<Square> = board.queens.iter().copied().chain(queen).collect();
    let squares: Vec<Square> = match line {
        Line::Row(row) => (0..board.n).map(|col| (row, col)).collect(),
        Line::Column(col) => (0..board.n).map(|row| (row, col)).collect(),
    };
    squares
        .into_iter()
        .filter(|&square| !board.closed.contains(&square))
        .filter(|&square| !queens.iter().any(|&q| attack(q, square)))
        .collect()
}

/// The board as the test follows a solving path: queens placed and squares closed.
struct Board {
    n: usize,
    queens: Vec<Square>,
    closed: Vec<Square>,
}

/// Checks the solving path step by step: queens placed where the solution has them, squares
/// excluded where it has none, every row placed once, and each step's claim true on the board
/// as it stands (a forced line has that one open square; an excluded square's queen leaves its
/// line without one).
fn check_path(puzzle: &Puzzle) {
    let solution = puzzle.solution();
    let mut board = Board {
        n: puzzle.n(),
        queens: puzzle.clues().to_vec(),
        closed: puzzle.blocks().to_vec(),
    };
    let line_done = |board: &Board, line: Line| match line {
        Line::Row(row) => board.queens.iter().any(|q| q.0 == row),
        Line::Column(col) => board.queens.iter().any(|q| q.1 == col),
    };
    for step in puzzle.explanation() {
        let (row, col) = step.square();
        match *step {
            Step::Forced { line, square, .. } => {
                assert!(!line_done(&board, line), "{step}: {line:?} has a queen");
                assert_eq!(open_on(&board, line, None), [square], "{step}");
            }
            Step::Excluded { empties, .. } => {
                assert!(!line_done(&board, empties), "{step}");
                let left = open_on(&board, empties, Some(step.square()));
                assert!(left.is_empty(), "{step}: {left:?} stay open");
            }
            Step::Refuted { .. } | Step::Guessed { .. } => {}
        }
        match step.places() {
            true => {
                assert_eq!(solution[row], col, "{step} contradicts the solution");
                board.queens.push((row, col));
            }
            false => {
                assert_ne!(solution[row], col, "{step} excludes the solution's square");
                board.closed.push((row, col));
            }
        }
        assert!(!step.to_string().is_empty());
    }
    let mut rows: Vec<usize> = board.queens.iter().map(|&(r, _)| r).collect();
    rows.sort_unstable();
    assert_eq!(rows, (0..puzzle.n()).collect::<Vec<_>>());
}

#[test]
fn generated_puzzles_have_one_solution_at_the_level_asked() -> Result<(), Error> {
    for (kind, n) in Kind::ALL
        .into_iter()
        .flat_map(|kind| (4..=10).map(move |n| (kind, n)))
    {
        for level in Level::ALL {
            for minimal in [false, true] {
                for seed in 0..4 {
                    let made = Puzzles::new(n)
                        .kind(kind)
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
                    let found = solutions(n, puzzle.clues(), puzzle.blocks(), 2);
                    assert_eq!(
                        found,
                        [puzzle.solution().to_vec()],
                        "{kind} n {n} {level} seed {seed}"
                    );
                    match kind {
                        Kind::Queens => assert!(puzzle.blocks().is_empty()),
                        Kind::Blocks => assert!(puzzle.clues().is_empty()),
                    }
                    assert!(puzzle.check(puzzle.solution()));
                    check_path(&puzzle);
                    if minimal {
                        for i in 0..puzzle.clues().len() {
                            let mut fewer = puzzle.clues().to_vec();
                            fewer.remove(i);
                            let found = solutions(n, &fewer, &[], 2);
                            assert_eq!(found.len(), 2, "clue {i} could go");
                        }
                        for i in 0..puzzle.blocks().len() {
                            let mut fewer = puzzle.blocks().to_vec();
                            fewer.remove(i);
                            let found = solutions(n, &[], &fewer, 2);
                            assert_eq!(found.len(), 2, "block {i} could go");
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
    // Below 4 x 4 no board makes a puzzle: none has a solution that needs a clue, and what
    // could be made of n = 0 and 1 would not read back (issue 77).
    for n in 0..4 {
        assert!(matches!(
            Puzzle::generate(n, 0),
            Err(Error::TooSmall { min: 4, .. })
        ));
    }
    assert!(matches!(
        Puzzle::generate(65, 0),
        Err(Error::TooLarge { .. })
    ));
    for n in [12, 16, Puzzles::MAX_BLOCKS_N] {
        let puzzle = Puzzles::new(n).kind(Kind::Blocks).seed(2).first()?;
        assert!(puzzle.builder().build()?.uniqueness().is_unique());
        check_path(&puzzle);
    }
    let too_large = Puzzles::new(Puzzles::MAX_BLOCKS_N + 1).kind(Kind::Blocks);
    assert!(matches!(too_large.first(), Err(Error::Unsupported { .. })));
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
fn both_forms_read_back_as_the_same_puzzle_for_both_kinds() -> Result<(), Error> {
    for kind in Kind::ALL {
        for seed in 0..20 {
            let puzzle = Puzzles::new(10).kind(kind).seed(seed).first()?;
            let drawn: Puzzle = puzzle.to_string().parse()?;
            assert_eq!(drawn.clues(), puzzle.clues());
            assert_eq!(drawn.blocks(), puzzle.blocks());
            assert_eq!(drawn.solution(), puzzle.solution());
            assert_eq!(drawn.rating(), puzzle.rating());
            assert_eq!(drawn.seed(), None);
            // CSPLib 080 has blocks only: a clue is its row's other squares blocked.
            let csplib: Puzzle = puzzle.to_csplib().parse()?;
            assert!(csplib.clues().is_empty());
            assert_eq!(csplib.solution(), puzzle.solution());
            let clue_blocks = puzzle.clues().len() * (puzzle.n() - 1);
            assert_eq!(csplib.blocks().len(), puzzle.blocks().len() + clue_blocks);
            let read = queens::puzzle::read_puzzle(puzzle.to_csplib().as_bytes())?;
            assert_eq!(read.blocked(), csplib.blocks());
        }
    }
    Ok(())
}

#[test]
fn fixture_puzzles_have_the_ratings_worked_by_hand() -> Result<(), Error> {
    // 4 x 4, a queen on b4: b4 leaves rank 3 only d3, then rank 2 only a2, then rank 1 only c1.
    let puzzle: Puzzle = ". Q . .\n. . . .\n. . . .\n. . . .".parse()?;
    let steps: Vec<String> = puzzle
        .explanation()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        steps,
        [
            "rank 3: only d3 is open",
            "rank 2: only a2 is open",
            "rank 1: only c1 is open"
        ]
    );
    assert_eq!(puzzle.level(), Level::Easy);
    // 4 x 4 with a2 blocked: nothing is forced at first (every line has two open squares or
    // more); no square of row 1 or a3, b3 empties a line, but c3 attacks b2, c2 and d2,
    // leaving row 3 (a2 blocked) without a square.
    let puzzle: Puzzle = ". . . .\n. . . .\nx . . .\n. . . .".parse()?;
    assert_eq!(puzzle.solution().to_vec(), [2, 0, 3, 1]);
    assert_eq!(
        puzzle.explanation()[0].to_string(),
        "c3 would leave rank 2 without a square: excluded"
    );
    assert_eq!(puzzle.level(), Level::Medium);
    // The empty 8 x 8 board and a 6 x 6 corner queen are not puzzles: several and none.
    match "letting n = 8".parse::<Puzzle>() {
        Err(Error::NotUnique { n: 8, solutions }) => assert_ne!(solutions[0], solutions[1]),
        other => panic!("{other:?}"),
    }
    let corner = "Q . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .";
    assert_eq!(corner.parse::<Puzzle>(), Err(Error::NoSolution { n: 6 }));
    Ok(())
}

#[test]
fn levels_read_by_name_and_steps_read_as_sentences() {
    assert_eq!("Harder".parse::<Level>(), Ok(Level::Harder));
    assert!("expert".parse::<Level>().is_err());
    let step = Step::Excluded {
        n: 8,
        square: (5, 5),
        empties: queens::Line::Column(1),
    };
    assert_eq!(
        step.to_string(),
        "f3 would leave file b without a square: excluded"
    );
}

#[test]
fn a_file_of_several_puzzles_is_named_as_such_not_as_a_strange_board() {
    let three: String = Puzzles::new(8)
        .take(3)
        .map(|puzzle| format!("# a puzzle\n{}\n", puzzle.unwrap()))
        .collect();
    let err = queens::puzzle::read_puzzle(three.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(err.contains("holds 3 boards"), "{err}");
    // One board with a blank line inside it still reads.
    let one = ". Q . .\n. . . Q\n\nQ . . .\n. . Q .\n";
    assert!(queens::puzzle::read_puzzle(one.as_bytes()).is_ok());
}
