//! Property tests: validity, order, constraints, parsing and two independent oracles.

use itertools::Itertools;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use queens::{Builder, Queens, Solution, SolutionsExt, Style, Symmetry};

/// Brute force: every permutation of the columns with no shared diagonal.
fn brute_force(n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .permutations(n)
        .filter(|p| {
            (0..n)
                .array_combinations()
                .all(|[a, b]| p[a].abs_diff(p[b]) != b - a)
        })
        .collect()
}

fn all_solutions(n: usize) -> Vec<Solution> {
    Queens::new(n).collect()
}

#[test]
fn state_machine_matches_brute_force_permutations() {
    for n in 0..=8 {
        let ours: Vec<Vec<usize>> = Queens::new(n).map(Solution::into_vec).collect();
        assert_eq!(ours, brute_force(n), "n = {n}");
    }
}

#[cfg(feature = "generator")]
#[test]
fn state_machine_matches_recursive_generator() {
    for n in 0..=10 {
        assert!(
            queens::generator::solutions(n).eq(Queens::new(n)),
            "n = {n}"
        );
    }
}

#[test]
fn symmetry_group_laws() {
    let s = Queens::new(8).nth(10).unwrap();
    for a in Symmetry::ALL {
        assert_eq!(a.compose(a.inverse()), Symmetry::Identity);
        assert_eq!(a.inverse().compose(a), Symmetry::Identity);
        for b in Symmetry::ALL {
            let ab = a.compose(b);
            assert_eq!(
                s.transform(ab),
                s.transform(a).transform(b),
                "{a:?} then {b:?}"
            );
            for c in Symmetry::ALL {
                assert_eq!(ab.compose(c), a.compose(b.compose(c)));
            }
        }
    }
    let distinct: std::collections::HashSet<_> =
        Symmetry::ALL.iter().map(|&a| s.transform(a)).collect();
    assert_eq!(distinct.len(), s.orbit_size());
}

/// The bound front ends check memory against holds for every style and size, and is not
/// loose past small boards: within three times of what is drawn.
#[test]
fn max_bytes_bounds_every_drawing_closely() {
    for n in (1..=120).chain([999, 1000, 1001]) {
        let Ok(solution) = queens::large_boards::random(n, n as u64) else {
            continue;
        };
        for &style in Style::ALL {
            let drawn = solution.render(style).to_string().len() as u64;
            let bound = style.max_bytes(n);
            assert!(drawn <= bound, "{style:?} at n = {n}: {drawn} > {bound}");
            assert!(
                n < 10 || 3 * drawn >= bound,
                "{style:?} at n = {n}: {drawn} of {bound}"
            );
        }
    }
}

#[test]
fn the_empty_board_reads_back_from_its_list_form() {
    let empty = Queens::new(0).next().unwrap();
    assert_eq!(empty.render(Style::List).to_string().parse(), Ok(empty));
}

#[test]
fn parse_many_reads_back_a_stream_in_every_style() {
    let solutions: Vec<Solution> = Queens::new(6).collect();
    for &style in Style::ALL {
        let boards: Vec<String> = Queens::new(6).boards(style).collect();
        let read: Result<Vec<Solution>, _> = queens::formats::parse_many(&boards.join("\n"))
            .into_iter()
            .map(|(_, s)| s)
            .collect();
        assert_eq!(read.as_ref(), Ok(&solutions), "{style}");
    }
    let numbered: String = Queens::new(6).boards(Style::Matrix).numbered().collect();
    let read: Result<Vec<Solution>, _> = queens::formats::parse_many(&numbered)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    assert_eq!(read, Ok(solutions));
}

#[test]
fn parse_many_reads_back_an_svg_picture() {
    let solutions: Vec<Solution> = Queens::new(8).take(5).collect();
    let picture = queens::formats::svg(&solutions);
    let read: Result<Vec<Solution>, _> = queens::formats::parse_many(&picture)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    assert_eq!(read, Ok(solutions));
    let broken = picture.replacen(r#"<path class="queen""#, "<!-- -->", 1);
    assert!(queens::formats::parse_many(&broken)[0].1.is_err());
    assert!(queens::formats::parse_many("<svg></svg>")[0].1.is_err());
}

proptest! {
    #[test]
    fn svg_like_text_reads_as_solutions_that_read_back(body in "(<g >|<rect x=|<path class=\"queen\" transform=\"translate\\([0-9]{1,3} [0-9]{1,3}\\)\"|</g>|\n){0,40}") {
        reads_back(&queens::formats::parse_many(&format!("<svg>\n{body}")))?;
    }

    #[test]
    fn any_text_reads_as_solutions_that_read_back(text in "\\PC{0,300}") {
        reads_back(&queens::formats::parse_many(&text))?;
    }

    #[test]
    fn board_like_text_reads_as_solutions_that_read_back(text in "[-.*oOQ01 \n/a-h1-9,{}:\"\\[\\]]{0,300}") {
        let read = queens::formats::parse_many(&text);
        reads_back(&read)?;
        // A text given whole reads as a stream that ends its last line (one that does not
        // is cut short: its last solution is refused).
        let whole = if text.ends_with('\n') { text.clone() } else { format!("{text}\n") };
        prop_assert_eq!(queens::formats::parse_reader(whole.as_bytes()).collect::<Vec<_>>(), read);
    }

    #[test]
    fn yielded_solutions_are_valid_and_strictly_increasing(n in 0usize..=11, k in 1usize..200) {
        let taken: Vec<Solution> = Queens::new(n).take(k).collect();
        for s in &taken {
            prop_assert_eq!(&Solution::new(s.to_vec()), &Ok(s.clone()));
        }
        prop_assert!(taken.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn with_prefix_equals_filtered_enumeration(
        n in 1usize..=9,
        prefix in proptest::collection::vec(0usize..9, 0..5),
    ) {
        let prefix: Vec<usize> = prefix.into_iter().take(n).map(|c| c % n).collect();
        let expected: Vec<Solution> = all_solutions(n)
            .into_iter()
            .filter(|s| s.starts_with(&prefix))
            .collect();
        match Queens::with_prefix(n, &prefix) {
            Ok(search) => prop_assert_eq!(search.collect::<Vec<_>>(), expected),
            // Refused only when the prefix itself has attacking queens.
            Err(err) => {
                let is_attack = matches!(err, queens::Error::Attack { .. });
                prop_assert!(is_attack, "{}", err);
                prop_assert!(expected.is_empty());
            }
        }
    }

    #[test]
    fn with_queens_equals_filtered_enumeration(
        n in 1usize..=9,
        squares in proptest::collection::vec((0usize..9, 0usize..9), 0..4),
    ) {
        let squares: Vec<(usize, usize)> =
            squares.into_iter().map(|(r, c)| (r % n, c % n)).unique_by(|&(r, _)| r).collect();
        let expected: Vec<Solution> = all_solutions(n)
            .into_iter()
            .filter(|s| squares.iter().all(|&(r, c)| s[r] == c))
            .collect();
        match Queens::with_queens(n, &squares) {
            Ok(search) => {
                let constrained = search.clone().count();
                prop_assert_eq!(search.collect::<Vec<_>>(), expected.clone());
                prop_assert_eq!(constrained, expected.len());
            }
            Err(err) => {
                let is_attack = matches!(err, queens::Error::Attack { .. });
                prop_assert!(is_attack, "{}", err);
                prop_assert!(expected.is_empty());
            }
        }
    }

    #[test]
    fn parsing_a_rendering_gives_the_solution_back(n in 1usize..=12, index in 0usize..500) {
        let solutions = all_solutions(n);
        prop_assume!(!solutions.is_empty());
        let s = &solutions[index % solutions.len()];
        for &style in Style::ALL {
            let plain = s.render(style).to_string();
            prop_assert_eq!(&plain.parse::<Solution>(), &Ok(s.clone()), "{} {:?}", style, plain);
            let numbered = s.render(style).numbered(index + 1).to_string();
            prop_assert_eq!(&numbered.parse::<Solution>(), &Ok(s.clone()), "{} {:?}", style, numbered);
        }
    }

    #[test]
    fn a_drawn_builder_parses_back_to_an_equal_one(
        n in 1usize..=12,
        queens in proptest::collection::vec((0usize..12, 0usize..12), 0..6),
        blocks in proptest::collection::vec((0usize..12, 0usize..12), 0..20),
        prefix_len in 0usize..4,
    ) {
        let on_board = |&(row, col): &(usize, usize)| row < n && col < n;
        let queens: Vec<_> = queens.into_iter().filter(on_board).collect();
        let blocks: Vec<_> = blocks.into_iter().filter(on_board).filter(|b| !queens.contains(b)).collect();
        // A prefix of queens given by columns, the rest as squares: the drawing is the same.
        let prefix: Vec<usize> = queens.iter().take_while(|&&(row, _)| row < prefix_len)
            .enumerate().take_while(|&(i, &(row, _))| i == row).map(|(_, &(_, col))| col).collect();
        let builder = Queens::builder(n).prefix(&prefix).queens(queens.iter().copied().skip(prefix.len())).blocks(blocks);
        let drawn = builder.to_string();
        prop_assert_eq!(drawn.parse::<Builder>(), Ok(builder.clone()), "{:?}", drawn);
    }

    #[test]
    fn a_puzzle_parses_back_from_its_drawing_and_its_json(n in 4usize..=9, seed in 0u64..1000) {
        let puzzle = queens::puzzle::Puzzle::generate(n, seed).unwrap();
        let drawn: queens::puzzle::Puzzle = puzzle.to_string().parse().unwrap();
        prop_assert_eq!(drawn.builder(), puzzle.builder());
        prop_assert_eq!(drawn.solution(), puzzle.solution());
        #[cfg(feature = "serde")]
        prop_assert_eq!(puzzle.to_json().parse::<queens::puzzle::Puzzle>(), Ok(puzzle.clone()));
    }

    #[test]
    fn arbitrary_text_reads_back_from_every_drawing(text in ".{0,200}") {
        reads_back_in_every_style(text.parse::<Solution>())?;
    }

    #[test]
    fn board_like_text_reads_back_from_every_drawing(text in "[-.*oOQ01 \n/a-h1-9,\\[\\]]{0,120}") {
        reads_back_in_every_style(text.parse::<Solution>())?;
    }

    #[test]
    fn canonical_is_the_smallest_image(n in 4usize..=10, index in 0usize..1000) {
        let solutions = all_solutions(n);
        let s = &solutions[index % solutions.len()];
        let canonical = s.canonical();
        prop_assert!(canonical.is_canonical());
        prop_assert!(Symmetry::ALL.iter().all(|&a| canonical <= s.transform(a)));
        prop_assert!(Symmetry::ALL.iter().any(|&a| canonical == s.transform(a)));
        prop_assert!(matches!(s.orbit_size(), 2 | 4 | 8));
    }
}

/// Every solution read is valid and reads back from its column list.
fn reads_back(read: &[(usize, Result<Solution, queens::Error>)]) -> Result<(), TestCaseError> {
    for (_, solution) in read.iter() {
        if let Ok(solution) = solution {
            prop_assert_eq!(&Solution::new(solution.to_vec()), &Ok(solution.clone()));
            let list = solution.render(Style::List).to_string();
            prop_assert_eq!(&list.parse::<Solution>(), &Ok(solution.clone()));
        }
    }
    Ok(())
}

/// A solution read from text reads back from its drawing in every style (the empty board of
/// n = 0 draws as empty text in every style but the list).
fn reads_back_in_every_style(read: Result<Solution, queens::Error>) -> Result<(), TestCaseError> {
    if let Ok(solution) = read {
        for &style in Style::ALL {
            if solution.n() > 0 || style == Style::List {
                let drawn = solution.render(style).to_string();
                prop_assert_eq!(
                    drawn.parse::<Solution>(),
                    Ok(solution.clone()),
                    "{:?}",
                    style
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn most_constrained_continues_a_search_without_repeating(n in 0usize..=8, k in 0usize..100) {
        let mut search = Queens::new(n);
        let taken: Vec<Solution> = search.by_ref().take(k).collect();
        let mut rest: Vec<Solution> = search.clone().collect();
        let mut continued: Vec<Solution> = search.most_constrained().collect();
        continued.sort();
        rest.sort();
        prop_assert_eq!(&continued, &rest);
        prop_assert!(taken.iter().all(|s| !continued.contains(s)));
    }
}

/// One edit of a text: what a careless hand or a damaged file does to a drawing.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    Swap(usize, usize),
    DuplicateLine(usize),
}

impl Edit {
    fn apply(&self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let len = chars.len().max(1);
        match *self {
            Edit::Delete(at) if !chars.is_empty() => {
                chars.remove(at % len);
            }
            Edit::Insert(at, c) => chars.insert(at % (chars.len() + 1), c),
            Edit::Replace(at, c) if !chars.is_empty() => chars[at % len] = c,
            Edit::Swap(a, b) if !chars.is_empty() => chars.swap(a % len, b % len),
            Edit::DuplicateLine(at) => {
                let lines: Vec<&str> = text.split_inclusive('\n').collect();
                let line = lines[at % lines.len().max(1)].to_string();
                return lines
                    .iter()
                    .take(at % lines.len().max(1))
                    .copied()
                    .collect::<String>()
                    + &line
                    + &lines[at % lines.len().max(1)..].concat();
            }
            _ => {}
        }
        chars.into_iter().collect()
    }
}

fn edit() -> impl Strategy<Value = Edit> {
    // Characters the drawings are made of, and a few that they are not.
    let symbol = prop::sample::select(vec![
        '.', 'O', 'Q', '*', 'o', '-', '0', '1', '7', ' ', '\n', '[', ']', ',', '/', 'a', 'h', '♛',
        '□', '■', '\u{feff}', '\r', 'x',
    ]);
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), symbol.clone()).prop_map(|(at, c)| Edit::Insert(at, c)),
        (any::<usize>(), symbol).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap(a, b)),
        any::<usize>().prop_map(Edit::DuplicateLine),
    ]
}

proptest! {
    /// Valid drawings in every style, edited: whatever still parses is a valid solution that
    /// reads back, and what does not is an error, never a panic. Text from scratch almost
    /// never parses; edited drawings often do, so the round trip is really exercised.
    #[test]
    fn edited_drawings_read_as_valid_solutions_or_errors(
        n in 4usize..=10,
        index in 0usize..1000,
        style in 0usize..8,
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let solutions = all_solutions(n);
        let s = &solutions[index % solutions.len()];
        let style = Style::ALL[style % Style::ALL.len()];
        let mut text = s.render(style).to_string();
        for edit in &edits {
            text = edit.apply(&text);
        }
        let read = text.parse::<Solution>();
        if let Ok(read) = &read {
            prop_assert!(Solution::new(read.to_vec()).is_ok());
        }
        reads_back_in_every_style(read)?;
        reads_back(&queens::formats::parse_many(&text))?;
    }

    /// Edits a reader must see through: a byte-order mark, Windows line ends, blank lines
    /// and trailing spaces leave the solution as it was.
    #[test]
    fn harmless_edits_leave_the_solution_as_it_was(
        n in 4usize..=10,
        index in 0usize..1000,
        style in 0usize..8,
        bom in any::<bool>(),
        crlf in any::<bool>(),
        padding in "[ \t]{0,3}",
        blank_lines in 0usize..3,
    ) {
        let solutions = all_solutions(n);
        let s = &solutions[index % solutions.len()];
        let style = Style::ALL[style % Style::ALL.len()];
        let drawn = s.render(style).to_string();
        let mut text: String = drawn.lines().map(|line| format!("{line}{padding}\n")).collect();
        text = "\n".repeat(blank_lines) + &text;
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        if bom {
            text.insert(0, '\u{feff}');
        }
        prop_assert_eq!(text.parse::<Solution>(), Ok(s.clone()), "{:?}", text);
        let many = queens::formats::parse_many(&text);
        prop_assert_eq!(many.len(), 1, "{:?}", text);
        prop_assert_eq!(&many[0].1, &Ok(s.clone()));
    }
}

/// The edited drawings of the property above do parse often enough to test the round trip.
#[test]
fn single_edits_of_drawings_often_still_parse() {
    let s = Queens::new(8).nth(17).unwrap();
    let (mut parsed, mut tried) = (0, 0);
    for &style in Style::ALL {
        let text = s.render(style).to_string();
        for at in 0..text.chars().count() {
            for edit in [
                Edit::Delete(at),
                Edit::Insert(at, ' '),
                Edit::Swap(at, at + 1),
            ] {
                tried += 1;
                parsed += usize::from(edit.apply(&text).parse::<Solution>().is_ok());
            }
        }
    }
    assert!(
        parsed * 5 > tried,
        "only {parsed} of {tried} edited drawings parse"
    );
}
