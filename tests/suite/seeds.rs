//! Every fact and output format of the classic textbook programs the crate redoes (see
//! README): the 0/1-matrix, `a[row] = col`, `Q` and `*`, Python generator and report
//! programs.

use queens::{Queens, Solution, SolutionsExt, Style};

// The 0/1-matrix program: depth-first search on a 0/1 matrix, printing `answer K:` boards.
#[test]
fn seed_000_counts_and_matrix_boards() {
    assert_eq!(Queens::new(8).count(), 92);
    assert_eq!(Queens::new(4).count(), 2);
    let boards: Vec<String> = Queens::new(4).boards(Style::Matrix).numbered().collect();
    assert_eq!(
        boards,
        [
            "answer 1:\n0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n",
            "answer 2:\n0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n",
        ]
    );
}

// The `a[row] = col` program: a[row] = col arrays, 15720 squares tried, 12 classes, which n have solutions.
#[test]
fn seed_001_lists_and_placements_tried() {
    let mut search = Queens::new(8);
    let lists: Vec<String> = search.by_ref().boards(Style::List).collect();
    assert_eq!(lists.len(), 92);
    assert_eq!(lists[0], "[0, 4, 7, 5, 2, 6, 1, 3]");
    // The `a[row] = col` program tests all 8 squares of the next row of every partial board it extends: the
    // empty board plus every placed queen that did not complete a solution.
    let extended = 1 + search.nodes() - 92;
    assert_eq!(8 * extended, 15720);
}

#[test]
fn seed_001_twelve_classes() {
    assert_eq!(Queens::new(8).fundamental().count(), 12);
}

#[test]
fn seed_001_solutions_exist_iff_n_is_1_or_at_least_4() {
    for n in 1..=14 {
        let exists = Queens::new(n).next().is_some();
        assert_eq!(exists, n == 1 || n >= 4, "n = {n}");
    }
}

// The `Q` and `*` program: boards of `Q` and `*`.
#[test]
fn seed_002_star_boards() {
    let first = Queens::new(8).next().unwrap();
    let expected = "Q * * * * * * *\n* * * * Q * * *\n* * * * * * * Q\n* * * * * Q * *\n\
                    * * Q * * * * *\n* * * * * * Q *\n* Q * * * * * *\n* * * Q * * * *\n";
    assert_eq!(first.render(Style::Stars).to_string(), expected);
}

// The Python generator program: the lazy generator with a partial `state`, and `prettyprint`.
#[test]
fn seed_003_generator_facts() -> Result<(), queens::Error> {
    let completions: Vec<Vec<usize>> = Queens::with_prefix(4, &[1, 3, 0])?
        .map(Solution::into_vec)
        .collect();
    assert_eq!(completions, [[1, 3, 0, 2]]);
    assert_eq!(Queens::new(3).next(), None);
    let four: Vec<Vec<usize>> = Queens::new(4).map(Solution::into_vec).collect();
    assert_eq!(four, [[1, 3, 0, 2], [2, 0, 3, 1]]);
    let eight: Vec<Solution> = Queens::new(8).collect();
    assert_eq!(eight.len(), 92);
    assert_eq!(&*eight[0], &[0, 4, 7, 5, 2, 6, 1, 3]);
    assert_eq!(&*eight[1], &[0, 5, 7, 2, 6, 3, 1, 4]);
    assert_eq!(&*eight[90], &[7, 2, 0, 5, 1, 4, 6, 3]);
    assert_eq!(&*eight[91], &[7, 3, 0, 2, 5, 1, 6, 4]);
    Ok(())
}

#[test]
fn seed_003_prettyprint() -> Result<(), queens::Error> {
    let s = Solution::new(vec![4, 0, 7, 5, 2, 6, 1, 3])?;
    let expected = ". . . . O . . .\nO . . . . . . .\n. . . . . . . O\n. . . . . O . .\n\
                    . . O . . . . .\n. . . . . . O .\n. O . . . . . .\n. . . O . . . .\n";
    assert_eq!(s.render(Style::Dots).to_string(), expected);
    assert_eq!(s.to_string(), expected);
    Ok(())
}

// The `Game`/`Chessboard` report program: "There are 92 results." and a numbered grid of `o` and `-`.
#[test]
fn seed_004_results_and_grid() {
    let results: Vec<Solution> = Queens::new(8).collect();
    assert_eq!(
        format!("There are {} results.", results.len()),
        "There are 92 results."
    );
    let expected = "  0 1 2 3 4 5 6 7\n\
                    0 o - - - - - - -\n\
                    1 - - - - o - - -\n\
                    2 - - - - - - - o\n\
                    3 - - - - - o - -\n\
                    4 - - o - - - - -\n\
                    5 - - - - - - o -\n\
                    6 - o - - - - - -\n\
                    7 - - - o - - - -\n";
    assert_eq!(results[0].render(Style::Grid).to_string(), expected);
}
