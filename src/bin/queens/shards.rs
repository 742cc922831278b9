//! The JSON record of one shard of a count, and adding records up.

use queens::Counts;

use crate::json::Object;

/// What `queens count --json` prints for one shard.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardRecord {
    pub n: usize,
    pub shard: usize,
    pub of: usize,
    pub total: u64,
    pub fundamental: u64,
    pub subproblems: usize,
    pub seconds: f64,
}

impl ShardRecord {
    pub fn new(counts: &Counts, seconds: f64) -> ShardRecord {
        ShardRecord {
            n: counts.n,
            shard: counts.shard.0,
            of: counts.shard.1,
            total: counts.total,
            fundamental: counts.fundamental.unwrap_or(0),
            subproblems: counts.subproblems,
            seconds,
        }
    }

    pub fn to_json(&self) -> String {
        format!(
            r#"{{"n":{},"shard":{},"of":{},"total":{},"fundamental":{},"subproblems":{},"seconds":{:.3}}}"#,
            self.n,
            self.shard,
            self.of,
            self.total,
            self.fundamental,
            self.subproblems,
            self.seconds
        )
    }

    pub fn parse(line: &str) -> Result<ShardRecord, String> {
        let object = Object::parse(line)?;
        let small = |key: &str| -> Result<usize, String> {
            usize::try_from(object.integer(key)?).map_err(|_| format!("field {key:?} is too large"))
        };
        Ok(ShardRecord {
            n: small("n")?,
            shard: small("shard")?,
            of: small("of")?,
            total: object.integer("total")?,
            fundamental: object.integer("fundamental")?,
            subproblems: small("subproblems")?,
            seconds: object.number("seconds")?,
        })
    }
}

/// The sum of the records of every shard of one count.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub n: usize,
    pub shards: usize,
    pub total: u64,
    pub fundamental: u64,
    pub subproblems: usize,
    pub seconds: f64,
}

impl Merged {
    pub fn to_json(&self) -> String {
        format!(
            r#"{{"n":{},"shards":{},"total":{},"fundamental":{},"subproblems":{},"seconds":{:.3}}}"#,
            self.n, self.shards, self.total, self.fundamental, self.subproblems, self.seconds
        )
    }
}

/// Adds up records, refusing unless they are all the shards `0..K` of one count, once each.
pub fn merge(records: &[ShardRecord]) -> Result<Merged, String> {
    let first = records.first().ok_or("no shard records to merge")?;
    if let Some(other) = records.iter().find(|r| r.n != first.n) {
        return Err(format!(
            "records for different boards: n = {} and n = {}",
            first.n, other.n
        ));
    }
    if let Some(other) = records.iter().find(|r| r.of != first.of) {
        return Err(format!(
            "records from different splits: {} shards and {} shards",
            first.of, other.of
        ));
    }
    let mut seen = vec![0usize; first.of];
    for record in records {
        match seen.get_mut(record.shard) {
            Some(times) => *times += 1,
            None => {
                return Err(format!(
                    "shard {}/{} does not exist",
                    record.shard, record.of
                ));
            }
        }
    }
    let listed = |times: fn(usize) -> bool| -> Vec<String> {
        (0..first.of)
            .filter(|&i| times(seen[i]))
            .map(|i| i.to_string())
            .collect()
    };
    let repeated = listed(|times| times > 1);
    if !repeated.is_empty() {
        return Err(format!("shards repeated: {}", repeated.join(", ")));
    }
    let missing = listed(|times| times == 0);
    if !missing.is_empty() {
        return Err(format!(
            "{} of {} shards missing: {}",
            missing.len(),
            first.of,
            missing.join(", ")
        ));
    }
    Ok(Merged {
        n: first.n,
        shards: first.of,
        total: records.iter().map(|r| r.total).sum(),
        fundamental: records.iter().map(|r| r.fundamental).sum(),
        subproblems: records.iter().map(|r| r.subproblems).sum(),
        seconds: records.iter().map(|r| r.seconds).sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(shard: usize, of: usize, n: usize) -> ShardRecord {
        ShardRecord {
            n,
            shard,
            of,
            total: 10,
            fundamental: 2,
            subproblems: 3,
            seconds: 0.5,
        }
    }

    #[test]
    fn records_round_trip() {
        let r = ShardRecord {
            seconds: 1.25,
            ..record(3, 64, 18)
        };
        assert_eq!(ShardRecord::parse(&r.to_json()), Ok(r));
    }

    #[test]
    fn merge_adds_complete_sets() {
        let merged = merge(&[record(1, 2, 9), record(0, 2, 9)]).unwrap();
        assert_eq!(
            (merged.total, merged.fundamental, merged.shards),
            (20, 4, 2)
        );
    }

    #[test]
    fn merge_refuses_incomplete_or_mixed_sets() {
        let cases = [
            (vec![], "no shard records"),
            (
                vec![record(0, 3, 9), record(2, 3, 9)],
                "1 of 3 shards missing: 1",
            ),
            (
                vec![record(0, 2, 9), record(0, 2, 9), record(1, 2, 9)],
                "shards repeated: 0",
            ),
            (vec![record(0, 2, 9), record(1, 2, 10)], "different boards"),
            (vec![record(0, 2, 9), record(1, 3, 9)], "different splits"),
        ];
        for (records, message) in cases {
            let err = merge(&records).unwrap_err();
            assert!(err.contains(message), "{err}");
        }
    }
}
