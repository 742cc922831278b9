//! Bad input gives a typed error naming the values, never a panic (except `new`'s documented one).

use queens::{Error, Queens, Solution, Style};

#[test]
fn sizes_above_the_maximum_are_refused() {
    assert_eq!(
        Queens::try_new(65).unwrap_err(),
        Error::TooLarge { n: 65, max: 64 }
    );
    assert!(Queens::try_new(64).is_ok());
    assert!(queens::try_count(100).is_err());
    assert!(Queens::with_queens(70, &[]).is_err());
}

#[test]
#[should_panic(expected = "use Queens::try_new")]
fn new_panics_naming_try_new() {
    let _ = Queens::new(65);
}

#[test]
fn bad_prefixes_are_named() {
    assert_eq!(
        Queens::with_prefix(4, &[1, 3, 0, 2, 1]).unwrap_err(),
        Error::PrefixTooLong { len: 5, n: 4 }
    );
    assert_eq!(
        Queens::with_prefix(4, &[1, 4]).unwrap_err(),
        Error::OffBoard {
            square: (1, 4),
            n: 4
        }
    );
    let err = Queens::with_prefix(8, &[0, 2, 5, 3]).unwrap_err();
    assert_eq!(
        err,
        Error::Attack {
            n: 8,
            first: (0, 0),
            second: (3, 3)
        }
    );
    assert_eq!(err.to_string(), "queens on a8 and d5 attack each other");
}

#[test]
fn bad_fixed_queens_are_named() {
    assert_eq!(
        Queens::with_queens(8, &[(8, 0)]).unwrap_err(),
        Error::OffBoard {
            square: (8, 0),
            n: 8
        }
    );
    assert_eq!(
        Queens::with_queens(8, &[(2, 5), (2, 1)]).unwrap_err(),
        Error::SameRow {
            n: 8,
            first: (2, 5),
            second: (2, 1)
        }
    );
    assert_eq!(
        Queens::with_queens(8, &[(2, 5), (2, 1)])
            .unwrap_err()
            .to_string(),
        "queens on f6 and b6 share rank 6"
    );
    assert_eq!(
        Queens::with_queens(8, &[(6, 1), (2, 1)]).unwrap_err(),
        Error::Attack {
            n: 8,
            first: (2, 1),
            second: (6, 1)
        }
    );
}

#[test]
fn constraints_without_completion_give_an_empty_search_not_an_error() {
    // Not attacking each other, but no solution keeps both.
    let search = Queens::with_queens(8, &[(7, 0), (3, 5)]).unwrap();
    assert_eq!(search.count(), 0);
}

#[test]
fn solution_new_names_the_first_attacking_pair() {
    assert_eq!(
        Solution::new(vec![1, 3, 0, 1]).unwrap_err(),
        Error::Attack {
            n: 4,
            first: (2, 0),
            second: (3, 1)
        }
    );
    assert_eq!(
        Solution::new(vec![0, 0]).unwrap_err(),
        Error::Attack {
            n: 2,
            first: (0, 0),
            second: (1, 0)
        }
    );
}

#[test]
fn parse_errors_name_the_text() {
    let cases = [
        ("", "empty"),
        ("[1, 3, x, 2]", "\"x\""),
        ("Q7/4Q3/7Q", "FEN rank"),
        ("a8 e6", "rank 2"),
        (". O . .\n. . . O\nO . X .\n. . O .", "'X'"),
        (". O . .\n. . . O\nO . .\n. . O .", "3 squares"),
        (". O . .\n. . . .\nO . . .\n. . O .", "no queen"),
        ("O O . .\n. . . O\nO . . .\n. . O .", "more than one queen"),
    ];
    for (text, fragment) in cases {
        let err = text.parse::<Solution>().unwrap_err();
        assert!(matches!(err, Error::Parse { .. }), "{text:?}: {err:?}");
        assert!(err.to_string().contains(fragment), "{text:?}: {err}");
    }
    let unknown = "svgz".parse::<Style>().unwrap_err().to_string();
    assert!(
        unknown.contains("\"svgz\"") && unknown.contains("algebraic"),
        "{unknown}"
    );
}
