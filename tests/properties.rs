//! Property tests: validity, order, constraints, parsing and two independent oracles.

use itertools::Itertools;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use queens::{Queens, Solution, SolutionsExt, Style, Symmetry};

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
        let read: Result<Vec<Solution>, _> = queens::parse_many(&boards.join("\n"))
            .into_iter()
            .map(|(_, s)| s)
            .collect();
        assert_eq!(read.as_ref(), Ok(&solutions), "{style}");
    }
    let numbered: String = Queens::new(6).boards(Style::Matrix).numbered().collect();
    let read: Result<Vec<Solution>, _> = queens::parse_many(&numbered)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    assert_eq!(read, Ok(solutions));
}

#[test]
fn parse_many_reads_back_an_svg_picture() {
    let solutions: Vec<Solution> = Queens::new(8).take(5).collect();
    let picture = queens::svg(&solutions);
    let read: Result<Vec<Solution>, _> = queens::parse_many(&picture)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    assert_eq!(read, Ok(solutions));
    let broken = picture.replacen(r#"<path class="queen""#, "<!-- -->", 1);
    assert!(queens::parse_many(&broken)[0].1.is_err());
    assert!(queens::parse_many("<svg></svg>")[0].1.is_err());
}

proptest! {
    #[test]
    fn svg_like_text_reads_as_solutions_that_read_back(body in "(<g >|<rect x=|<path class=\"queen\" transform=\"translate\\([0-9]{1,3} [0-9]{1,3}\\)\"|</g>|\n){0,40}") {
        reads_back(&queens::parse_many(&format!("<svg>\n{body}")))?;
    }

    #[test]
    fn any_text_reads_as_solutions_that_read_back(text in "\\PC{0,300}") {
        reads_back(&queens::parse_many(&text))?;
    }

    #[test]
    fn board_like_text_reads_as_solutions_that_read_back(text in "[-.*oOQ01 \n/a-h1-9,{}:\"\\[\\]]{0,300}") {
        let read = queens::parse_many(&text);
        reads_back(&read)?;
        prop_assert_eq!(queens::parse_reader(text.as_bytes()).collect::<Vec<_>>(), read);
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
