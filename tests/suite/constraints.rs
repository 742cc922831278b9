//! Blocked squares and fixed queens, both ends of the iterator, `nth`, and the puzzles of
//! CSPLib problem 079, each checked against plain enumeration.

use std::collections::BTreeSet;

use queens::{Builder, Error, Queens, Solution, Square};

/// A simple generator, so that the boards below are the same on every run.
fn random(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// A board of size `n` with a few blocked squares and maybe a fixed queen, and the
/// solutions of the plain board that respect them.
fn puzzle(n: usize, seed: u64) -> (Builder, Vec<Solution>) {
    let mut next = random(seed);
    let blocked: Vec<Square> = (0..next() % (2 * n as u64 + 1))
        .map(|_| (next() as usize % n, next() as usize % n))
        .collect();
    let queen = seed
        .is_multiple_of(3)
        .then(|| (next() as usize % n, next() as usize % n));
    let queen = queen.filter(|q| !blocked.contains(q));
    let expected = Queens::new(n)
        .filter(|s| s.queens().all(|q| !blocked.contains(&q)))
        .filter(|s| queen.is_none_or(|(r, c)| s[r] == c))
        .collect();
    let builder = Queens::builder(n).blocks(blocked).queens(queen);
    (builder, expected)
}

#[test]
fn blocked_squares_keep_exactly_the_solutions_that_avoid_them() {
    for n in 1..=8 {
        for seed in 0..40 {
            let (builder, expected) = puzzle(n, seed);
            let search = builder.build().unwrap();
            let found: Vec<Solution> = search.clone().collect();
            assert_eq!(found, expected, "n = {n}, seed {seed}");
            assert_eq!(search.clone().count(), expected.len(), "count, n = {n}");
            let reversed: Vec<Solution> = search.clone().rev().collect();
            assert!(reversed.iter().eq(expected.iter().rev()), "rev, n = {n}");
            let any_order: BTreeSet<Solution> = search.most_constrained().collect();
            assert_eq!(any_order, expected.iter().cloned().collect(), "n = {n}");
        }
    }
}

#[test]
fn the_ends_meet_at_every_split_without_repeating_or_skipping() {
    for n in 0..=9 {
        let all: Vec<Solution> = Queens::new(n).collect();
        // The back end is the forward order of the mirrored board, mirrored back.
        let mirrored = all
            .iter()
            .map(|s| s.transform(queens::Symmetry::FlipHorizontal));
        assert!(
            Queens::new(n).rev().eq(mirrored),
            "mirror property, n = {n}"
        );
        for split in 0..=all.len() + 1 {
            let mut search = Queens::new(n);
            let front: Vec<Solution> = search.by_ref().take(split).collect();
            let back: Vec<Solution> = search.by_ref().rev().collect();
            let joined: Vec<Solution> = front.into_iter().chain(back.into_iter().rev()).collect();
            assert_eq!(joined, all, "n = {n}, split {split}");
            assert_eq!((search.next(), search.next_back()), (None, None), "fused");
        }
    }
}

#[test]
fn ends_taken_in_turn_meet_with_fixed_queens_and_blocked_squares() {
    for seed in 0..30 {
        let (builder, expected) = puzzle(8, seed);
        let mut search = builder.build().unwrap();
        let (mut front, mut back) = (Vec::new(), Vec::new());
        for step in 0.. {
            let next = match step % 3 {
                0 => search.next_back().map(|s| back.push(s)),
                _ => search.next().map(|s| front.push(s)),
            };
            if next.is_none() {
                break;
            }
        }
        back.reverse();
        front.extend(back);
        assert_eq!(front, expected, "seed {seed}");
        assert_eq!((search.next(), search.next_back()), (None, None));
    }
}

#[test]
fn nth_agrees_with_stepping() {
    for n in [8, 10, 11] {
        let all: Vec<Solution> = Queens::new(n).collect();
        for k in [
            0,
            1,
            255,
            256,
            257,
            300,
            1000,
            all.len() - 1,
            all.len(),
            all.len() + 5,
        ] {
            let mut search = Queens::new(n);
            assert_eq!(search.nth(k), all.get(k).cloned(), "n = {n}, k = {k}");
            // And it carries on from there.
            assert_eq!(search.next(), all.get(k + 1).cloned(), "n = {n}, after {k}");
        }
        // From a search under way, and repeatedly.
        let mut search = Queens::new(n);
        let (mut at, mut step) = (0, 1);
        while let Some(solution) = search.nth(step) {
            at += step;
            assert_eq!(solution, all[at]);
            at += 1;
            step = step * 3 + 100;
        }
    }
}

#[test]
fn nth_skips_on_constrained_boards_and_stops_where_the_back_has_been() {
    for seed in 0..20 {
        let (builder, expected) = puzzle(10, seed);
        for k in [0, 300, expected.len().saturating_sub(1)] {
            let mut search = builder.clone().build().unwrap();
            assert_eq!(
                search.nth(k),
                expected.get(k).cloned(),
                "seed {seed}, k {k}"
            );
        }
    }
    let all: Vec<Solution> = Queens::new(10).collect();
    let mut search = Queens::new(10);
    let last = search.next_back();
    assert_eq!(last.as_ref(), all.last());
    assert_eq!(search.nth(all.len() - 2), all.get(all.len() - 2).cloned());
    assert_eq!(search.next(), None, "the last one came from the back");
}

#[test]
fn fundamental_counts_classes_under_the_symmetries_of_the_puzzle() {
    for seed in 0..40 {
        let (builder, expected) = puzzle(8, seed);
        let search = builder.build().unwrap();
        let symmetries = search.symmetries();
        let classes: Vec<Solution> = search.clone().classes().collect();
        // Every solution is the image of exactly one representative.
        let mut covered = BTreeSet::new();
        for class in &classes {
            covered.extend(symmetries.iter().map(|&g| class.transform(g)));
        }
        assert_eq!(covered, expected.iter().cloned().collect(), "seed {seed}");
        let by_order: Vec<Solution> = search.most_constrained().classes().collect();
        assert_eq!(by_order.len(), classes.len(), "seed {seed}");
    }
    let corner = Queens::builder(8).queen((7, 0)).build().unwrap();
    assert_eq!(
        corner.clone().classes().count(),
        2,
        "4 solutions in 2 classes"
    );
    // Through the trait, one per class of all eight: no class has all of its solutions
    // with a queen in this corner.
    assert_eq!(queens::SolutionsExt::fundamental(corner.clone()).count(), 0);
}

#[test]
fn puzzles_are_refused_with_the_square_named() {
    let build = |builder: Builder| builder.build().unwrap_err();
    assert_eq!(
        build(Queens::builder(8).block((8, 0))),
        Error::OffBoard {
            square: (8, 0),
            n: 8
        }
    );
    assert_eq!(
        build(Queens::builder(8).queen((3, 3)).block((1, 1)).block((3, 3))),
        Error::Blocked {
            n: 8,
            square: (3, 3)
        }
    );
    let drawn = |text: &str| text.parse::<Builder>().unwrap_err().to_string();
    assert!(
        drawn("Q.\n..\n.").contains("3 rows"),
        "{}",
        drawn("Q.\n..\n.")
    );
    assert!(drawn("Q?\n..").contains("'?'"));
    assert!(drawn("letting blocks = [[1, 2]]").contains("letting n"));
    assert!(drawn("letting n = 4\nletting blocks = [[0, 2]]").contains("from 1"));
    assert!(drawn("letting n = 4\nletting blocks = [[1, 2, 3]]").contains("pairs"));
    // Named as the file counts, from 1.
    assert!(
        drawn("letting n = 4\nletting blocks = [[5, 1]]")
            .contains("the block [5, 1] is off the 4x4 board")
    );
}

/// A handful of CSPLib 079 instances (tests/fixtures/csplib079, each naming its source),
/// drawn as blocked squares, with the answer the paper's solver gave.
#[test]
fn csplib_079_instances_agree_with_their_published_answers() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/csplib079");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let solvable = text.contains("Solutions: 1");
        assert!(solvable || text.contains("Solutions: 0"), "a label");
        let builder: Builder = text.parse().unwrap();
        let search = builder.build().unwrap();
        let first = search.clone().most_constrained().next();
        assert_eq!(first.is_some(), solvable, "{text}");
        if let Some(solution) = first {
            let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            let open = |(r, c): Square| lines[r].split_whitespace().nth(c) == Some(".");
            assert!(solution.queens().all(open), "a queen on a blocked square");
        }
        if search.n() <= 12 {
            assert_eq!(search.count() > 0, solvable, "{text}");
        }
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn samples_are_uniform_and_reproducible() {
    let all: Vec<Solution> = Queens::new(8).collect();
    let per_solution = 100;
    let mut seen = vec![0u32; all.len()];
    for seed in 0..(all.len() * per_solution) as u64 {
        let s = queens::search::sample(8, seed).unwrap();
        seen[all.binary_search(&s).expect("a solution")] += 1;
    }
    // Chi-square with 91 degrees of freedom: above 140 has probability below 1e-3.
    let expected = per_solution as f64;
    let chi_square: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(chi_square < 140.0, "chi-square {chi_square:.1}: {seen:?}");
    assert_eq!(
        queens::search::sample(12, 7).unwrap(),
        queens::search::sample(12, 7).unwrap()
    );
    assert_eq!(queens::search::sample(1, 3).unwrap().to_vec(), [0]);
    assert_eq!(
        queens::search::sample(0, 3).unwrap().to_vec(),
        Vec::<usize>::new()
    );
    for n in [2, 3] {
        assert_eq!(queens::search::sample(n, 0), Err(Error::NoSolution { n }));
    }
    assert!(matches!(
        queens::search::sample(65, 0),
        Err(Error::TooLarge { .. })
    ));
}

/// In the most-constrained order each class comes once, as its representative, whatever
/// the order its members arrive in.
#[test]
fn most_constrained_classes_are_the_lexicographic_classes() {
    for n in 1..=10 {
        let mut fast: Vec<Solution> = Queens::new(n).most_constrained().classes().collect();
        fast.sort();
        let lexicographic: Vec<Solution> = Queens::new(n).classes().collect();
        assert_eq!(fast, lexicographic, "n = {n}");
    }
    let corner = Queens::builder(8).queen((0, 0)).build().unwrap();
    let mut fast: Vec<Solution> = corner.clone().most_constrained().classes().collect();
    fast.sort();
    assert_eq!(fast, corner.classes().collect::<Vec<_>>());
}
