//! Conversions and serde: what a solution, a count and a shard record become and come
//! back from.

use queens::{Queens, Solution, Style};

#[test]
fn solutions_convert_both_ways_and_check_what_they_are_given() {
    for solution in Queens::new(6) {
        let columns: Vec<usize> = solution.clone().into();
        assert_eq!(Solution::try_from(&columns[..]).unwrap(), solution);
        assert_eq!(Solution::try_from(columns).unwrap(), solution);
    }
    for bad in [&[0, 0][..], &[0, 1], &[0, 2, 1], &[4, 1, 3, 0]] {
        assert!(Solution::try_from(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn styles_read_back_their_names() {
    for &style in Style::ALL {
        assert_eq!(style.to_string().parse::<Style>().unwrap(), style);
    }
    assert!("grids".parse::<Style>().is_err());
}

#[cfg(feature = "serde")]
mod serde {
    use super::*;
    use queens::counting::{Counter, Counts, ShardRecord};

    #[test]
    fn solutions_serialize_as_column_lists_and_are_checked_when_read() {
        for solution in Queens::new(8) {
            let json = serde_json::to_string(&solution).unwrap();
            assert_eq!(json, format!("{:?}", solution.to_vec()).replace(' ', ""));
            assert_eq!(serde_json::from_str::<Solution>(&json).unwrap(), solution);
        }
        for bad in ["[0,0]", "[1,2,3]", "[-1]", "[0.5]", "{}", "[4,1,3,0]"] {
            assert!(serde_json::from_str::<Solution>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_and_shard_records_round_trip() -> Result<(), queens::Error> {
        for engine in [
            queens::counting::Engine::Constellations,
            queens::counting::Engine::Quadrants,
        ] {
            let counts = Counter::new(16)?
                .engine(engine)
                .fundamental(false)
                .shard(2, 5)
                .run()?;
            let json = serde_json::to_string(&counts).unwrap();
            assert_eq!(serde_json::from_str::<Counts>(&json).unwrap(), counts);
            let record = ShardRecord::new(&counts, 1.25);
            let json = serde_json::to_string(&record).unwrap();
            assert_eq!(serde_json::from_str::<ShardRecord>(&json).unwrap(), record);
            // The line `queens count --json` writes carries a checksum too.
            assert_eq!(ShardRecord::parse(&record.to_json()).unwrap(), record);
        }
        Ok(())
    }
}
