//! Every reader against the text a hostile or careless user gives: byte-order marks, UTF-16,
//! contradictory or repeated constraints, events that do not fit the board. Each gets the
//! right answer or one clear error.

use queens::formats::{decode_text, parse_columns, parse_many};
use queens::trace::Event;
use queens::{Builder, Error, Queens, Solution};

const BOM: &str = "\u{feff}";

/// `text` as a Windows editor saves it in UTF-16: a byte-order mark, then each unit.
fn utf16(text: &str, little: bool) -> Vec<u8> {
    let mut bytes = if little {
        vec![0xff, 0xfe]
    } else {
        vec![0xfe, 0xff]
    };
    for unit in text.encode_utf16() {
        bytes.extend(if little {
            unit.to_le_bytes()
        } else {
            unit.to_be_bytes()
        });
    }
    bytes
}

#[test]
fn a_byte_order_mark_changes_nothing_in_any_reader() {
    let s = Queens::new(8).next().unwrap();
    for &style in queens::Style::ALL {
        let text = s.render(style).to_string();
        let marked = format!("{BOM}{text}");
        assert_eq!(marked.parse::<Solution>(), Ok(s.clone()), "{style:?}");
        let many = parse_many(&marked);
        assert_eq!(many.len(), 1, "{style:?}: {many:?}");
        assert_eq!(many[0].1, Ok(s.clone()), "{style:?}");
        let bytes = utf16(&text, (style as usize).is_multiple_of(2));
        let through_utf16 = decode_text(&bytes).unwrap();
        assert_eq!(
            through_utf16.parse::<Solution>(),
            Ok(s.clone()),
            "{style:?}"
        );
    }
    assert_eq!(
        parse_columns(&format!("{BOM}1,3,0,2")),
        Ok(vec![1, 3, 0, 2])
    );
    let drawn: Builder = format!("{BOM}. Q . .\n. . . .\n. . . .\n. . . .")
        .parse()
        .unwrap();
    assert_eq!(drawn.build().unwrap().count(), 1);
    let lettings: Builder = format!("{BOM}letting n = 4\nletting blocks = [[1, 2]]")
        .parse()
        .unwrap();
    assert_eq!(lettings.build().unwrap().count(), 1);
    // Only a leading mark is dropped: one in the middle is text, and refused as such.
    assert!("[1, 3,\u{feff} 0, 2]".parse::<Solution>().is_err());
}

#[test]
fn utf16_streams_are_refused_in_one_clear_error_and_whole_texts_decoded() {
    let stream = utf16("[1, 3, 0, 2]\n[2, 0, 3, 1]\n", true);
    let read: Vec<_> = queens::formats::parse_reader(&stream[..]).collect();
    assert_eq!(read.len(), 1, "{read:?}");
    assert!(
        read[0]
            .1
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("UTF-16")
    );
    assert!(decode_text(b"\xff\xfeQ").is_err(), "an odd number of bytes");
    assert!(
        decode_text(b"\xff\xfe\x00\xd8").is_err(),
        "a lone surrogate"
    );
    let err = decode_text(b"Q . \xc3").unwrap_err().to_string();
    assert!(err.contains("not UTF-8 or UTF-16"), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn shard_records_read_past_a_byte_order_mark() {
    let counts = queens::counting::Counter::new(8).unwrap().run().unwrap();
    let line = queens::counting::ShardRecord::new(&counts, 0.5).to_json();
    let marked = format!("{BOM}{line}\n");
    let records = queens::counting::ShardRecord::read_all(marked.as_bytes()).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].total, 92);
}

#[test]
fn a_letting_given_twice_must_agree() {
    let twice: Builder = "letting n = 6\nletting n = 6".parse().unwrap();
    assert_eq!(twice.n(), 6);
    let err = "letting n = 4\nletting n = 5"
        .parse::<Builder>()
        .unwrap_err();
    assert!(err.to_string().contains("given twice"), "{err}");
    let err = "letting n = 4\nletting blocks = [[1, 1]]\nletting blocks = [[2, 2]]"
        .parse::<Builder>()
        .unwrap_err();
    assert!(err.to_string().contains("given twice"), "{err}");
}

#[test]
fn one_constraint_given_twice_or_two_ways_is_one_constraint() {
    let once = Queens::builder(8).queen((0, 4)).build().unwrap().count();
    let twice = Queens::builder(8)
        .queen((0, 4))
        .queen((0, 4))
        .build()
        .unwrap();
    assert_eq!(twice.count(), once);
    let two_ways = Queens::builder(8)
        .prefix(&[4])
        .queen((0, 4))
        .build()
        .unwrap();
    assert_eq!(two_ways.count(), once);
    let blocked_twice = Queens::builder(8)
        .block((3, 3))
        .block((3, 3))
        .build()
        .unwrap();
    assert_eq!(
        blocked_twice.count(),
        Queens::builder(8).block((3, 3)).build().unwrap().count()
    );
    // Two different queens in a row still clash, named in the order given.
    assert_eq!(
        Queens::builder(8)
            .prefix(&[4])
            .queen((0, 2))
            .build()
            .unwrap_err(),
        Error::SameRow {
            n: 8,
            first: (0, 4),
            second: (0, 2)
        }
    );
    assert_eq!(
        Queens::builder(8)
            .queen((2, 2))
            .block((2, 2))
            .build()
            .unwrap_err(),
        Error::Blocked {
            n: 8,
            square: (2, 2)
        }
    );
}

#[test]
fn events_that_do_not_fit_the_board_are_refused() {
    for event in [
        Event::Place {
            row: 6,
            col: 0,
            depth: 1,
            next_row_attacked: 0,
        },
        Event::Remove { row: 0, col: 6 },
        Event::DeadEnd {
            row: 60,
            attacked: u64::MAX,
        },
        Event::DeadColumn {
            col: usize::MAX,
            attacked: 0,
        },
    ] {
        let err = queens::trace::animated_svg(6, &[event]).unwrap_err();
        assert!(
            matches!(err, Error::OffBoard { n: 6, .. }),
            "{event:?}: {err}"
        );
    }
    assert!(queens::trace::animated_svg(65, &[]).is_err());
    let last = Event::Solution { index: u64::MAX };
    assert_eq!(last.to_string(), format!("solution {}", u64::MAX));
    assert!(queens::trace::animated_svg(4, &[last]).is_ok());
}

#[test]
fn every_reader_takes_numbers_by_one_rule_plain_digits_without_sign_or_leading_zero() {
    let first = Solution::new(vec![1, 3, 0, 2]).unwrap();
    // What every writer writes reads back.
    for good in [
        "1,3,0,2",
        "[1, 3, 0, 2]",
        "(1, 3, 0, 2)",
        "b4 d3 a2 c1",
        "1Q2/3Q/Q3/2Q1",
    ] {
        assert_eq!(good.parse::<Solution>(), Ok(first.clone()), "{good}");
    }
    // A sign, a leading zero or a number past usize is refused in every form, and the
    // message says what a number is or which part is wrong.
    for bad in [
        "+1,3,0,2",
        "01,3,0,2",
        "[1, +3, 0, 2]",
        "[1, 3, 00, 2]",
        "(1, 03, 0, 2)",
        "b04 d3 a2 c1",
        "b4 d3 a2 c01",
        "01Q2/3Q/Q3/2Q1",
        "1Q02/3Q/Q3/2Q1",
        "0Q3/3Q/Q3/2Q1",
        "007",
        "99999999999999999999",
        "1,3,0,99999999999999999999",
    ] {
        let err = bad.parse::<Solution>().unwrap_err().to_string();
        assert!(!err.contains("unexpected"), "{bad}: {err}");
        assert!(parse_columns(bad).is_err() || !bad.contains(','), "{bad}");
    }
    let err = "99999999999999999999".parse::<Solution>().unwrap_err();
    assert!(err.to_string().contains("is not a column number"), "{err}");
}
