//! Known counts from OEIS, through every counting path.

use queens::counting::count_fundamental;
use queens::{Queens, SolutionsExt, count};

/// The boards small enough to enumerate solution by solution in a test.
const ENUMERATED: usize = 14;

/// A000170 through n = 13.
const A000170: &[u64] = crate::oeis_tables::A000170.split_at(ENUMERATED).0;

/// A002562 through n = 12.
const A002562: &[u64] = crate::oeis_tables::A002562.split_at(ENUMERATED - 1).0;

#[test]
fn iterator_yields_a000170_solutions() {
    for (n, &expected) in A000170.iter().enumerate() {
        let yielded: u64 = Queens::new(n).map(|_| 1).sum();
        assert_eq!(yielded, expected, "n = {n}");
    }
}

#[test]
fn next_columns_yields_a000170_solutions() {
    for (n, &expected) in A000170.iter().enumerate() {
        let mut search = Queens::new(n);
        let mut seen = 0;
        while search.next_columns().is_some() {
            seen += 1;
        }
        assert_eq!(seen, expected, "n = {n}");
    }
}

#[test]
fn count_functions_give_a000170() {
    for (n, &expected) in A000170.iter().enumerate() {
        assert_eq!(count(n), expected, "count({n})");
        assert_eq!(
            Queens::new(n).count() as u64,
            expected,
            "Queens::new({n}).count()"
        );
    }
}

#[test]
fn count_of_a_started_search_counts_what_remains() {
    let mut search = Queens::new(10);
    search.by_ref().take(100).for_each(drop);
    assert_eq!(search.count(), 724 - 100);
}

#[test]
fn fundamental_gives_a002562() {
    for (n, &expected) in A002562.iter().enumerate().skip(1) {
        assert_eq!(
            Queens::new(n).fundamental().count() as u64,
            expected,
            "n = {n}"
        );
        assert_eq!(count_fundamental(n), expected, "count_fundamental({n})");
        assert_eq!(
            Queens::new(n).tally().fundamental(),
            expected,
            "tally, n = {n}"
        );
    }
}

#[test]
fn orbits_of_fundamental_solutions_add_up_to_all_solutions() {
    for (n, &total) in A000170.iter().enumerate().take(13).skip(1) {
        let orbit_total: usize = Queens::new(n).fundamental().map(|s| s.orbit_size()).sum();
        assert_eq!(orbit_total as u64, total, "n = {n}");
    }
}

#[test]
fn tally_splits_classes_by_orbit_size() {
    for (n, &total) in A000170.iter().enumerate().take(13).skip(1) {
        let tally = Queens::new(n).tally();
        assert_eq!(tally.solutions(), total, "n = {n}");
        let weighted: u64 = [1, 2, 4, 8]
            .iter()
            .map(|&k| k * tally.orbits(k as usize))
            .sum();
        assert_eq!(weighted, tally.solutions(), "n = {n}");
    }
    let eight = Queens::new(8).tally();
    assert_eq!(
        (eight.orbits(8), eight.orbits(4), eight.orbits(2)),
        (11, 1, 0)
    );
}

#[test]
fn count_with_fixed_queens_agrees_with_the_enumeration() {
    for (n, fixed) in [
        (12, vec![(0, 1)]),
        (11, vec![(5, 5), (10, 3)]),
        (10, vec![(0, 0), (9, 4), (3, 9)]),
    ] {
        let counted = Queens::with_queens(n, &fixed).unwrap().count();
        let enumerated = Queens::new(n)
            .filter(|s| fixed.iter().all(|&(r, c)| s[r] == c))
            .count();
        assert_eq!(counted, enumerated, "n = {n}, fixed {fixed:?}");
    }
}
