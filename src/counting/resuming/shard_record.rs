//! Shard records: the JSON line `queens count --json` prints for one shard of a count, and
//! the sum of a complete set of them (`queens merge`).

use std::io::BufRead;

use serde::{Deserialize, Serialize};

use crate::bitboard::check_size;
use crate::counting::Counter;
use crate::counting::contract::audit::{self, Agreed, Audit, AuditBy, MOST_AUDITED};
use crate::counting::contract::counts::Counts;
use crate::counting::contract::engine::Engine;
use crate::counting::contract::method::RecordCounts;
use crate::counting::contract::pool::Pool;
use crate::counting::contract::shard::Shard;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::{Job, burnside};
use crate::counting::engines;
use crate::counting::resuming::unique_keys::UniqueKeys;
use crate::counting::simd::{Kernels, forced};
use crate::error::Error;
use crate::error::excerpt;
use crate::formats::input_lines::BoundedLines;

/// The longest line a shard record can take (its numbers and names are short).
const MAX_RECORD_LINE: usize = 4096;
/// The version of this crate: records of other versions may number subproblems differently.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The result of one shard of a count, as one line of JSON with a checksum.
///
/// [`ShardRecord::to_json`] writes it with a CRC-32 of its content, and
/// [`ShardRecord::parse`] refuses a line whose checksum does not match (a damaged or edited
/// record), whose fields are unknown, or whose counts are impossible. [`ShardRecord::merge`]
/// adds up the records of all shards of one count into a record of the whole, which merges
/// again as it is.
///
/// # Examples
///
/// ```
/// use queens::counting::{Counter, ShardRecord};
///
/// let records: Vec<ShardRecord> = (0..3)
///     .map(|i| Ok(ShardRecord::new(&Counter::new(10)?.shard(i, 3).run()?, 0.5)))
///     .collect::<Result<_, queens::Error>>()?;
/// let lines: Vec<String> = records.iter().map(ShardRecord::to_json).collect();
/// let read: Vec<ShardRecord> = lines.iter().map(|l| ShardRecord::parse(l)).collect::<Result<_, _>>()?;
/// let whole = ShardRecord::merge(&read)?;
/// assert_eq!((whole.total, whole.fundamental, whole.of), (724, Some(92), 1));
///
/// let edited = lines[0].replace(&format!("\"total\":{}", records[0].total), "\"total\":1");
/// assert!(ShardRecord::parse(&edited).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ShardRecord {
    /// The board size.
    pub n: usize,
    /// The shard's index, below `of`.
    pub shard: usize,
    /// The number of shards the count was split into; 1 for a whole count.
    pub of: usize,
    /// The engine that counted: shards of one count must all come from one engine.
    pub engine: Engine,
    /// Solutions found in the shard.
    pub total: u64,
    /// Symmetry classes found in the shard, when they were counted (for the quadrant join,
    /// only in a whole count's record).
    pub fundamental: Option<u64>,
    /// For the quadrant join counting classes, the shard's share of Burnside's sum besides
    /// its solutions ([`Counts::fixed`]); a merge adds them up and gives the classes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed: Option<u64>,
    /// Subproblems in the shard.
    pub subproblems: usize,
    /// Time the count took, in seconds (added up over shards by a merge).
    pub seconds: f64,
    /// The version of `queens` that counted it.
    pub version: String,
    /// The revision of the engine's cut of the count into subproblems that counted it
    /// (written where past the first): a record of another cut counted other work under the
    /// same numbers, and a merge or a verification refuses it.
    #[serde(default = "first_revision", skip_serializing_if = "is_first_revision")]
    pub revision: u32,
    /// The parts of the shard its audit counted twice, where the count was audited
    /// ([`Counter::audit`](crate::counting::Counter::audit)); [`ShardRecord::verify`] counts
    /// them again. A merged record keeps none: verify the shards' records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audit: Option<Audit>,
}

/// The solutions of each board up to n = 27, the largest counted yet (OEIS A000170): a
/// record's total cannot pass its board's, and a merge of every shard of a count must give
/// it. Checks of records only: a count never reads them.
const KNOWN_TOTALS: [u64; 28] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// The symmetry classes of each board up to n = 27 (OEIS A002562), as [`KNOWN_TOTALS`].
const KNOWN_CLASSES: [u64; 28] = [
    1,
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// Where a record's counts pass what its whole board has (see [`KNOWN_TOTALS`]), why.
fn past_the_known(n: usize, total: u64, classes: Option<u64>) -> Result<(), String> {
    let (Some(&all), Some(&all_classes)) = (KNOWN_TOTALS.get(n), KNOWN_CLASSES.get(n)) else {
        return Ok(());
    };
    if total > all {
        return Err(format!(
            "its total {total} is more than the {all} solutions of the whole board of n = {n} \
             (OEIS A000170)"
        ));
    }
    match classes {
        Some(classes) if classes > all_classes => Err(format!(
            "its {classes} symmetry classes are more than the {all_classes} of the whole board \
             of n = {n} (OEIS A002562)"
        )),
        _ => Ok(()),
    }
}

/// The revision a record without one was counted by: the first of every engine.
fn first_revision() -> u32 {
    1
}

fn is_first_revision(revision: &u32) -> bool {
    *revision == first_revision()
}

/// The fields of a record that hold counts, and whether each may be `null`.
const COUNT_FIELDS: [(&str, bool); 7] = [
    ("n", false),
    ("shard", false),
    ("of", false),
    ("total", false),
    ("fundamental", true),
    ("fixed", true),
    ("subproblems", false),
];

/// Why a record's counts (and its audit's) are not whole numbers from 0 to 2^64 - 1, if
/// they are not, naming the field: a total written past 2^64 reads as a float, which
/// serde's words ("invalid type: floating point, expected u64") would not place.
fn whole_counts(object: &serde_json::Map<String, serde_json::Value>) -> Result<(), String> {
    use serde_json::Value;
    // As JSON writes it (a string in its quotes), the start of a long one (JSON is ASCII
    // but for a string's characters: cut at a character).
    let shown = |value: &Value| {
        let json = value.to_string();
        match json.char_indices().nth(40) {
            None => json,
            Some((cut, _)) => format!("{}... ({} bytes)", &json[..cut], json.len()),
        }
    };
    let not_a_count = |what: String, value: &Value| {
        Err(format!(
            "its {what} is {}, not a count (a whole number from 0 to 2^64 - 1)",
            shown(value)
        ))
    };
    for (field, nullable) in COUNT_FIELDS {
        match object.get(field) {
            Some(value) if value.is_u64() || (nullable && value.is_null()) => {}
            Some(value) => return not_a_count(format!("`{field}`"), value),
            None => {}
        }
    }
    match object.get("revision") {
        Some(value) if value.as_u64().is_none_or(|r| u32::try_from(r).is_err()) => {
            return Err(format!(
                "its `revision` is {}, not a revision (a whole number from 0 to 2^32 - 1)",
                shown(value)
            ));
        }
        _ => {}
    }
    let agreed = object.get("audit").and_then(|audit| audit.get("agreed"));
    if let Some(Value::Array(parts)) = agreed {
        for (k, part) in parts.iter().enumerate() {
            let whole = |value: &Value| match value {
                Value::Array(counts) => counts.len() == 3 && counts.iter().all(Value::is_u64),
                _ => false,
            };
            if !whole(part) {
                return Err(format!(
                    "its audit's part {k} is {}, not [subproblem, part, solutions] (whole \
                     numbers from 0 to 2^64 - 1)",
                    shown(part)
                ));
            }
        }
    }
    Ok(())
}

/// A record as written: its content and the checksum of the content.
#[derive(Serialize)]
struct Signed<'a> {
    #[serde(flatten)]
    record: &'a ShardRecord,
    crc32: String,
}

impl ShardRecord {
    /// The record of a finished count that took `seconds`.
    ///
    /// # Examples
    ///
    /// ```
    /// let counts = queens::counting::Counter::new(8)?.run()?;
    /// let record = queens::counting::ShardRecord::new(&counts, 0.25);
    /// assert_eq!((record.n, record.shard, record.of, record.total), (8, 0, 1, 92));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn new(counts: &Counts, seconds: f64) -> ShardRecord {
        ShardRecord {
            n: counts.n,
            shard: counts.shard.index,
            of: counts.shard.of,
            engine: counts.engine,
            total: counts.total,
            fundamental: counts.fundamental,
            fixed: counts.fixed,
            subproblems: counts.subproblems,
            seconds,
            version: VERSION.to_string(),
            revision: engines::method(counts.engine).revision(counts.n),
            audit: counts.audit.clone(),
        }
    }

    /// The record as one line of JSON (no newline), with its checksum in `crc32`.
    ///
    /// # Examples
    ///
    /// ```
    /// let record = queens::counting::ShardRecord::new(&queens::counting::Counter::new(6)?.run()?, 0.001);
    /// assert!(record.to_json().starts_with(r#"{"n":6,"shard":0,"of":1,"engine":"constellations","total":4,"fundamental":1,"#));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        let signed = Signed {
            record: self,
            crc32: format!("{:08x}", self.checksum()),
        };
        serde_json::to_string(&signed).expect("a record serializes")
    }

    fn checksum(&self) -> u32 {
        crc32fast::hash(
            serde_json::to_string(self)
                .expect("a record serializes")
                .as_bytes(),
        )
    }

    /// Reads one line written by [`ShardRecord::to_json`], checking its checksum and that its
    /// counts are possible.
    ///
    /// # Errors
    ///
    /// [`Error::ShardRecords`] for text that is not such a record, a checksum that does not
    /// match, or counts that cannot be (more symmetry classes than solutions, a shard that
    /// does not exist, a board too large).
    ///
    /// # Examples
    ///
    /// ```
    /// let line = queens::counting::ShardRecord::new(&queens::counting::Counter::new(7)?.shard(1, 2).run()?, 0.0).to_json();
    /// assert_eq!(queens::counting::ShardRecord::parse(&line)?.shard, 1);
    /// assert!(queens::counting::ShardRecord::parse(r#"{"n":7}"#).is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn parse(line: &str) -> Result<ShardRecord, Error> {
        let bad = |reason: String| Error::ShardRecords {
            reason: format!("{}: {reason}", excerpt(line)),
        };
        let not_a_record = |err: serde_json::Error| bad(format!("not a shard record ({err})"));
        let UniqueKeys(value) = serde_json::from_str(line).map_err(not_a_record)?;
        let serde_json::Value::Object(mut object) = value else {
            return Err(bad("not a shard record (not a JSON object)".into()));
        };
        let crc = match object.remove("crc32") {
            Some(serde_json::Value::String(crc)) if crc.len() == 8 => {
                u32::from_str_radix(&crc, 16).map_err(|_| bad("a malformed crc32".into()))?
            }
            Some(_) => return Err(bad("a malformed crc32".into())),
            None => return Err(bad("no crc32 checksum".into())),
        };
        whole_counts(&object).map_err(bad)?;
        let record: ShardRecord = serde_json::from_value(serde_json::Value::Object(object))
            .map_err(|err| bad(format!("not a shard record ({err})")))?;
        if record.checksum() != crc {
            return Err(bad(
                "damaged or edited: its checksum does not match its content".into(),
            ));
        }
        record.check().map_err(bad)?;
        Ok(record)
    }

    /// Reads every record in a text of JSON lines, skipping blank lines.
    ///
    /// # Errors
    ///
    /// The first error of [`ShardRecord::parse`], or of reading, with its line number.
    ///
    /// # Examples
    ///
    /// ```
    /// let line = queens::counting::ShardRecord::new(&queens::counting::Counter::new(5)?.run()?, 0.0).to_json();
    /// let text = format!("{line}\n\n{line}\n");
    /// assert_eq!(queens::counting::ShardRecord::read_all(text.as_bytes())?.len(), 2);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn read_all(reader: impl BufRead) -> Result<Vec<ShardRecord>, Error> {
        let numbered = ShardRecord::read_numbered(reader)?;
        Ok(numbered.into_iter().map(|(_, record)| record).collect())
    }

    /// [`ShardRecord::read_all`], each record with its line number (from 1), so that a
    /// text of several can say where each came from.
    ///
    /// # Errors
    ///
    /// As [`ShardRecord::read_all`].
    ///
    /// # Examples
    ///
    /// ```
    /// let line = queens::counting::ShardRecord::new(&queens::counting::Counter::new(5)?.run()?, 0.0).to_json();
    /// let text = format!("{line}\n\n{line}\n");
    /// let lines: Vec<usize> = queens::counting::ShardRecord::read_numbered(text.as_bytes())?
    ///     .into_iter()
    ///     .map(|(line, _)| line)
    ///     .collect();
    /// assert_eq!(lines, [1, 3]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn read_numbered(reader: impl BufRead) -> Result<Vec<(usize, ShardRecord)>, Error> {
        ShardRecord::read_each(reader)
            .map(|(number, record)| Ok((number, record?)))
            .collect()
    }

    /// Each record of a text of JSON lines, or why its line is not one, with its line
    /// number (from 1), skipping blank lines: a check of many records that says what each
    /// one is, where [`ShardRecord::read_numbered`] stops at the first that does not read.
    /// A line too long to be a record ends the text.
    ///
    /// # Examples
    ///
    /// ```
    /// let line = queens::counting::ShardRecord::new(&queens::counting::Counter::new(5)?.run()?, 0.0).to_json();
    /// let text = format!("{line}\nnot a record\n\n{line}\n");
    /// let read: Vec<(usize, bool)> = queens::counting::ShardRecord::read_each(text.as_bytes())
    ///     .map(|(line, record)| (line, record.is_ok()))
    ///     .collect();
    /// assert_eq!(read, [(1, true), (2, false), (4, true)]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn read_each(
        reader: impl BufRead,
    ) -> impl Iterator<Item = (usize, Result<ShardRecord, Error>)> {
        let lines = BoundedLines::new(reader, MAX_RECORD_LINE);
        lines.filter_map(|(number, line)| {
            let record = line.and_then(|line| match line.trim() {
                "" => Ok(None),
                line => ShardRecord::parse(line).map(Some),
            });
            let record = record.map_err(|err| match err {
                Error::ShardRecords { reason } => Error::ShardRecords {
                    reason: format!("line {number}: {reason}"),
                },
                other => other,
            });
            record.transpose().map(|record| (number, record))
        })
    }

    /// Whether the count behind the record counted symmetry classes: a join's records say
    /// so by their fixed solutions, a constellation count's by its classes.
    fn counts_classes(&self) -> bool {
        self.fixed.is_some() || self.fundamental.is_some()
    }

    /// Refuses what no count writes.
    fn check(&self) -> Result<(), String> {
        check_size(self.n).map_err(|err| err.to_string())?;
        if self.n > Counter::MAX_N {
            return Err(format!(
                "no count writes a record of n = {}: its total would not fit in 64 bits, and \
                 `queens count` counts boards up to n = {}",
                self.n,
                Counter::MAX_N
            ));
        }
        if self.shard >= self.of {
            return Err(format!("shard {}/{} does not exist", self.shard, self.of));
        }
        if !(self.seconds >= 0.0 && self.seconds.is_finite()) {
            return Err(format!(
                "{} seconds is not a time a count took",
                self.seconds
            ));
        }
        let counts = RecordCounts {
            n: self.n,
            shard: self.shard,
            of: self.of,
            total: self.total,
            fundamental: self.fundamental,
            fixed: self.fixed,
        };
        if self.engine == Engine::Auto {
            return Err("a record must name the engine that counted, not auto".into());
        }
        self.check_audit()?;
        let counted = [self.fundamental, self.fixed].map(|count| count.unwrap_or(0));
        if self.subproblems == 0 && (self.total != 0 || counted != [0, 0]) {
            return Err(format!(
                "shard {}/{} has no subproblem, so it counts no solution, not {}",
                self.shard, self.of, self.total
            ));
        }
        if !engines::method(self.engine).implausible_record(&counts)? {
            let subproblem = Subproblem {
                index: self.shard,
                total: self.total,
                fundamental: self.fundamental,
                fixed: 0,
                engine: self.engine,
            };
            subproblem.check_plausible().map_err(|_| {
                format!(
                    "{} solutions cannot fall in {} symmetry classes",
                    self.total,
                    self.fundamental.unwrap_or(0)
                )
            })?;
        }
        // After the record's own rules, which say more of what is wrong.
        past_the_known(self.n, self.total, self.fundamental)
    }

    /// Refuses an audit no count writes: too long, of parts not in the shard or not drawn
    /// from its identity, or of more solutions than the shard has.
    fn check_audit(&self) -> Result<(), String> {
        let Some(audit) = &self.audit else {
            return Ok(());
        };
        if audit.agreed.len() > MOST_AUDITED {
            return Err(format!(
                "its audit lists {} parts, more than the {MOST_AUDITED} an audit counts",
                audit.agreed.len()
            ));
        }
        let shard = Shard {
            index: self.shard,
            of: self.of,
        };
        let seed = audit::seed(self.n, shard, self.engine);
        let key = |part: &Agreed| (part.subproblem, part.part);
        if let Some(pair) = (audit.agreed.windows(2)).find(|pair| key(&pair[0]) >= key(&pair[1])) {
            return Err(format!(
                "its audit lists part {} of subproblem {} {}: an audit lists each part once, \
                 in order",
                pair[1].part,
                pair[1].subproblem,
                match key(&pair[0]) == key(&pair[1]) {
                    true => "twice",
                    false => "out of order",
                }
            ));
        }
        let mut solutions = 0u64;
        for part in &audit.agreed {
            let Agreed {
                subproblem,
                part: step,
                total,
            } = *part;
            if subproblem % self.of != self.shard || !audit::drawn(seed, subproblem, step) {
                return Err(format!(
                    "its audit lists part {step} of subproblem {subproblem}, which the audit of \
                     shard {}/{} does not draw",
                    self.shard, self.of
                ));
            }
            solutions = solutions.saturating_add(total);
        }
        if solutions > self.total {
            return Err(format!(
                "its audit's parts have {solutions} solutions, more than the shard's {}",
                self.total
            ));
        }
        Ok(())
    }

    /// Counts the parts the record's audit lists again here, on the portable code (and,
    /// for the quadrant join, on the storage that builds only the rows a step reads, so
    /// that memory other than the count's is read), and returns that audit: a check on
    /// another machine of a record written on one nobody has tested. A merged record
    /// carries no audit; verify its shards' records.
    ///
    /// # Errors
    ///
    /// [`Error::VerifyFailed`] where a part counts differently here, naming it;
    /// [`Error::ShardRecords`] for a record without an audit, or of another version of
    /// `queens` (whose parts may be numbered otherwise); those of counting (memory).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, ShardRecord};
    ///
    /// let record = ShardRecord::new(&Counter::new(17)?.shard(2, 8).audit(true).run()?, 1.0);
    /// let again = record.verify()?;
    /// assert_eq!(again.agreed, record.audit.as_ref().expect("audited").agreed);
    ///
    /// let mut wrong = record.clone();
    /// wrong.audit.as_mut().expect("audited").agreed[0].total += 1;
    /// assert!(matches!(wrong.verify(), Err(queens::Error::VerifyFailed { .. })));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn verify(&self) -> Result<Audit, Error> {
        let bad = |reason: String| Error::ShardRecords { reason };
        let Some(audit) = &self.audit else {
            return Err(bad(format!(
                "the record of shard {}/{} of n = {} carries no audit (a merged record, or one \
                 counted without an audit); count the shard again to check it",
                self.shard, self.of, self.n
            )));
        };
        if self.version != VERSION {
            return Err(bad(format!(
                "the record was written by queens {}, whose parts may be numbered otherwise; \
                 verify it with that version (this is {VERSION})",
                self.version
            )));
        }
        self.check().map_err(bad)?;
        self.check_revision().map_err(bad)?;
        if self.of == 1 {
            // A whole count's record: as a merge of it would.
            the_known_counts(self).map_err(bad)?;
        }
        let work = engines::work(self.n, self.engine, self.counts_classes());
        // What a merge refuses of one record, refused here too.
        self.check_subproblems(work.len()).map_err(bad)?;
        self.recount().map_err(bad)?;
        let started = std::time::Instant::now();
        forced::within(Some(Kernels::PORTABLE), || {
            for part in &audit.agreed {
                let again = work.count_part(part.subproblem, part.part, None)?;
                if again != part.total {
                    return Err(Error::VerifyFailed {
                        n: self.n,
                        shard: self.shard,
                        of: self.of,
                        subproblem: part.subproblem,
                        part: part.part,
                        recorded: part.total,
                        again,
                    });
                }
            }
            Ok(())
        })?;
        Ok(Audit {
            by: AuditBy::Portable,
            agreed: audit.agreed.clone(),
            time: started.elapsed(),
            counted: audit.counted,
        })
    }

    /// Adds up the records of every shard of one count into the record of the whole count
    /// (shard 0 of 1), refusing anything that does not add up.
    ///
    /// The same shard given twice with the same counts (a job that ran twice) is counted once.
    ///
    /// # Errors
    ///
    /// [`Error::ShardsDisagree`] when a shard is given twice with different counts (one is
    /// wrong: a third count of the shard tells which), and [`Error::ShardRecords`] when
    /// there are no records, they are for different boards, splits or versions of
    /// `queens`, a shard is missing, a shard's number of subproblems is not what this
    /// version gives it, or a sum overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Error;
    /// use queens::counting::{Counter, ShardRecord};
    ///
    /// let first = ShardRecord::new(&Counter::new(9)?.shard(0, 4).run()?, 0.0);
    /// let err = ShardRecord::merge(&[first.clone()]).unwrap_err();
    /// assert!(err.to_string().contains("shards 1, 2 and 3 are missing"));
    ///
    /// // A shard counted twice whose counts disagree: one of them is wrong.
    /// let mut wrong = first.clone();
    /// wrong.total -= 8;
    /// let err = ShardRecord::merge(&[first.clone(), first.clone(), wrong]).unwrap_err();
    /// let totals = [first.total, first.total - 8];
    /// assert!(matches!(err, Error::ShardsDisagree { shard: 0, of: 4, totals: t, records: [0, 2], .. } if t == totals));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn merge(records: &[ShardRecord]) -> Result<ShardRecord, Error> {
        let sources: Vec<String> = (1..=records.len())
            .map(|place| format!("record {place} of those given"))
            .collect();
        ShardRecord::merge_from(records, &sources)
    }

    /// [`ShardRecord::merge`], each record named by `sources` (its file, say) in what the
    /// merge refuses: the record that does not fit, or both records of a shard that
    /// disagree.
    ///
    /// # Errors
    ///
    /// As [`ShardRecord::merge`], and [`Error::ShardRecords`] where `sources` does not
    /// name each record once.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, ShardRecord};
    ///
    /// let shard = ShardRecord::new(&Counter::new(9)?.fundamental(false).shard(0, 2).run()?, 0.0);
    /// let mut wrong = shard.clone();
    /// wrong.total += 8;
    /// let err = ShardRecord::merge_from(&[shard, wrong], &["a.json", "b.json"]).unwrap_err();
    /// assert!(err.to_string().contains("solutions in a.json, "), "{err}");
    /// assert!(err.to_string().contains("solutions in b.json; count it a third time"), "{err}");
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn merge_from(
        records: &[ShardRecord],
        sources: &[impl AsRef<str>],
    ) -> Result<ShardRecord, Error> {
        let bad = |reason: String| Error::ShardRecords { reason };
        if sources.len() != records.len() {
            return Err(bad(format!(
                "{} records named by {} sources",
                records.len(),
                sources.len()
            )));
        }
        let source = |place: usize| sources[place].as_ref();
        let first = compatible(records, source).map_err(bad)?;
        if let Some((a, b)) = disagreeing(records) {
            return Err(Error::ShardsDisagree {
                shard: records[a].shard,
                of: records[a].of,
                totals: [records[a].total, records[b].total],
                records: [a, b],
                said: {
                    let [first, second] = differing(&records[a], &records[b]);
                    [
                        format!("{first} in {}", source(a)),
                        format!("{second} in {}", source(b)),
                    ]
                },
            });
        }
        let all = engines::work(first.n, first.engine, first.fixed.is_some()).len();
        let places = each_shard_once(records, first, all, source).map_err(bad)?;
        let shards: Vec<&ShardRecord> = places.iter().map(|&place| &records[place]).collect();
        let merged = summed(&shards, first, all).map_err(bad)?;
        for &place in &places {
            (records[place].recount())
                .map_err(|reason| bad(format!("{}: {reason}", source(place))))?;
        }
        // After the recount, which names the shard where it can.
        the_known_counts(&merged).map_err(bad)?;
        Ok(merged)
    }
}

/// Refuses the record of a whole count of a board counted before whose counts are not the
/// board's (see [`KNOWN_TOTALS`]): a shard's record is wrong, though each reads as sound.
fn the_known_counts(whole: &ShardRecord) -> Result<(), String> {
    let n = whole.n;
    let known = KNOWN_TOTALS.get(n).zip(KNOWN_CLASSES.get(n));
    let wrong = match known {
        Some((&all, _)) if whole.total != all => Some(format!(
            "{} solutions, where the board has {all} (OEIS A000170)",
            whole.total
        )),
        Some((_, &classes)) if whole.fundamental.is_some_and(|c| c != classes) => Some(format!(
            "{} symmetry classes, where the board has {classes} (OEIS A002562)",
            whole.fundamental.unwrap_or(0)
        )),
        _ => None,
    };
    match wrong {
        Some(wrong) => Err(format!(
            "the shards of n = {n} add up to {wrong}: a shard's count is wrong; `queens verify` \
             its records, or count each shard again on another machine (the clusters guide)"
        )),
        None => Ok(()),
    }
}

/// What `a` counts that `b` does not, and what `b` counts: their solutions, or where both
/// count as many, the first other count in which they differ.
fn differing(a: &ShardRecord, b: &ShardRecord) -> [String; 2] {
    let classes = |record: &ShardRecord| match record.fundamental {
        Some(classes) => format!("{classes} symmetry classes"),
        None => "no symmetry classes".into(),
    };
    let fixed = |record: &ShardRecord| match record.fixed {
        Some(fixed) => format!("{fixed} solutions fixed by a symmetry"),
        None => "no count of solutions fixed by a symmetry".into(),
    };
    let both = |each: &dyn Fn(&ShardRecord) -> String| [each(a), each(b)];
    if a.total != b.total {
        both(&|record| match record.total {
            1 => "1 solution".into(),
            total => format!("{total} solutions"),
        })
    } else if a.fundamental != b.fundamental {
        both(&classes)
    } else if a.fixed != b.fixed {
        both(&fixed)
    } else {
        both(&|record| {
            format!(
                "{} solutions in {} subproblems",
                record.total, record.subproblems
            )
        })
    }
}

/// The places in `records` of the first two that count the same shard differently (a
/// shard counted twice whose counts disagree), if any.
fn disagreeing(records: &[ShardRecord]) -> Option<(usize, usize)> {
    // Each against the first record of its shard: where any two differ, one of them
    // differs from that one.
    let mut firsts = std::collections::HashMap::new();
    records.iter().enumerate().find_map(|(b, second)| {
        let a = *firsts.entry(second.shard).or_insert(b);
        (!same_counts(&records[a], second)).then_some((a, b))
    })
}

/// The first of `records`, once every record is sound and counts the same board, split,
/// engine, version and kind of count as it; a refusal names the record by `source`.
fn compatible<'a>(
    records: &'a [ShardRecord],
    source: impl Fn(usize) -> &'a str,
) -> Result<&'a ShardRecord, String> {
    let first = records.first().ok_or("no shard records to merge")?;
    for (place, record) in records.iter().enumerate() {
        record
            .check()
            .map_err(|reason| format!("{}: {reason}", source(place)))?;
        let mismatch = if record.n != first.n {
            format!("a record of n = {} with one of n = {}", record.n, first.n)
        } else if record.of != first.of {
            format!(
                "a record of a count split into {} shards with one split into {}",
                record.of, first.of
            )
        } else if record.engine != first.engine {
            format!(
                "a count of the {} engine with one of the {} engine, which number subproblems \
                 differently",
                record.engine, first.engine
            )
        } else if record.version != VERSION {
            return Err(format!(
                "{}: cannot merge a record of queens {}, which may number subproblems \
                 differently from this queens {VERSION}",
                source(place),
                excerpt(&record.version)
            ));
        } else if let Err(reason) = record.check_revision() {
            return Err(format!("{}: {reason}", source(place)));
        } else if record.counts_classes() != first.counts_classes() {
            let counted = |record: &ShardRecord| match record.counts_classes() {
                true => "counted symmetry classes",
                false => "did not count symmetry classes",
            };
            format!(
                "shard {}, which {}, with shard {}, which {}",
                record.shard,
                counted(record),
                first.shard,
                counted(first)
            )
        } else {
            continue;
        };
        return Err(format!(
            "{}: cannot merge {mismatch} ({})",
            source(place),
            source(0)
        ));
    }
    Ok(first)
}

/// The places of the records by shard, each shard once (a shard given twice with the same
/// counts is one), every shard there with the subproblems this version gives it, of `all`;
/// a refusal names the record by `source`.
fn each_shard_once<'a>(
    records: &'a [ShardRecord],
    first: &ShardRecord,
    all: usize,
    source: impl Fn(usize) -> &'a str,
) -> Result<Vec<usize>, String> {
    let mut sorted: Vec<usize> = (0..records.len()).collect();
    sorted.sort_by_key(|&place| records[place].shard);
    sorted.dedup_by(|b, a| {
        let (a, b) = (&records[*a], &records[*b]);
        a.shard == b.shard && same_counts(a, b)
    });
    for &place in &sorted {
        (records[place].check_subproblems(all))
            .map_err(|reason| format!("{}: {reason}", source(place)))?;
    }
    if sorted.len() < first.of {
        let present: Vec<&ShardRecord> = sorted.iter().map(|&place| &records[place]).collect();
        return Err(missing(&present, first.of));
    }
    Ok(sorted)
}

/// The record of the whole count of `all` subproblems: the sums of `shards`' counts, and
/// the classes from them.
fn summed(shards: &[&ShardRecord], first: &ShardRecord, all: usize) -> Result<ShardRecord, String> {
    let sum = |part: fn(&ShardRecord) -> Option<u64>| {
        shards
            .iter()
            .try_fold(0u64, |sum, r| sum.checked_add(part(r).unwrap_or(0)))
            .ok_or_else(|| {
                // The largest is the likeliest wrong: name it.
                let largest = shards.iter().max_by_key(|r| part(r).unwrap_or(0));
                let largest = largest.map_or(String::new(), |r| {
                    format!(" (shard {}'s is {})", r.shard, part(r).unwrap_or(0))
                });
                format!(
                    "the counts of n = {} add up past 2^64 - 1{largest}",
                    first.n
                )
            })
    };
    let total = sum(|r| Some(r.total))?;
    let fixed = first
        .fixed
        .is_some()
        .then(|| sum(|r| r.fixed))
        .transpose()?;
    let fundamental = match fixed {
        Some(fixed) => Some(burnside(first.n, total, fixed).map_err(|_| {
            format!(
                "the shards of n = {} add up to {total} solutions and {fixed} fixed by \
                 symmetries, which give no whole number of symmetry classes: a record is wrong",
                first.n
            )
        })?),
        None if shards.iter().all(|r| r.fundamental.is_some()) => Some(sum(|r| r.fundamental)?),
        None => None,
    };
    Ok(ShardRecord {
        n: first.n,
        shard: 0,
        of: 1,
        engine: first.engine,
        total,
        fundamental,
        fixed,
        subproblems: all,
        // Kept finite, so that a merged record merges again.
        seconds: summed_seconds(shards.iter().map(|r| r.seconds)),
        version: VERSION.to_string(),
        revision: first.revision,
        audit: None,
    })
}

/// The largest board whose records a merge counts again, shard by shard: milliseconds each.
const RECOUNTED_UP_TO: usize = 12;

impl ShardRecord {
    /// Refuses a record of another revision of its engine's cut into subproblems than this
    /// `queens` makes (see [`ShardRecord::revision`]).
    fn check_revision(&self) -> Result<(), String> {
        let here = engines::method(self.engine).revision(self.n);
        // A record without a revision may be of any cut before records named one.
        let its = match self.revision == first_revision() {
            true => "names no revision, as records did before they named one".to_string(),
            false => format!("is of revision {}", self.revision),
        };
        match self.revision == here {
            true => Ok(()),
            false => Err(format!(
                "the record was counted by a queens whose {} engine cut the count of n = {} into \
                 other subproblems (it {its}; this queens makes revision {here}); count the shard \
                 again with this queens",
                self.engine, self.n
            )),
        }
    }

    /// Refuses a record whose shard has other than the subproblems this version gives it,
    /// of `all`.
    fn check_subproblems(&self, all: usize) -> Result<(), String> {
        let expected = Shard {
            index: self.shard,
            of: self.of,
        }
        .subproblems_of(all);
        match self.subproblems == expected {
            true => Ok(()),
            false => Err(format!(
                "shard {}/{} of n = {} has {expected} subproblems, not {}",
                self.shard, self.of, self.n, self.subproblems
            )),
        }
    }

    /// Whether [`ShardRecord::verify`] and [`ShardRecord::merge`] count the record's shard
    /// again whole, as they do on a board small enough to count in milliseconds (to n = 12):
    /// its audit then need list no part.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, ShardRecord};
    ///
    /// let small = ShardRecord::new(&Counter::new(12)?.shard(0, 4).run()?, 0.0);
    /// let large = ShardRecord::new(&Counter::new(14)?.shard(0, 4).run()?, 0.0);
    /// assert!(small.counted_again_whole() && !large.counted_again_whole());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn counted_again_whole(&self) -> bool {
        self.n <= RECOUNTED_UP_TO && self.engine != Engine::Auto
    }

    /// Counts the record's shard again where that takes milliseconds, and refuses counts
    /// that differ: a record of a small board that no count produces.
    fn recount(&self) -> Result<(), String> {
        if !self.counted_again_whole() {
            return Ok(());
        }
        let work = engines::work(self.n, self.engine, self.counts_classes());
        let todo: Vec<usize> = (self.shard..work.len()).step_by(self.of).collect();
        if todo.len() != self.subproblems {
            // Said by the merge, which checks every shard's number of subproblems.
            return Ok(());
        }
        let pool = Pool::new(1, todo.len());
        let counted = work
            .count(&Job {
                todo: &todo,
                pool: &pool,
                memory: None,
                stopped: &|| false,
                finished: &|solve| Some(solve()),
                audit: None,
            })
            .and_then(|results| results.into_iter().flatten().collect::<Result<Vec<_>, _>>())
            .map_err(|err| err.to_string())?;
        let total: u64 = counted.iter().map(|s| s.total).sum();
        let fixed: u64 = counted.iter().map(|s| s.fixed).sum();
        let classes = work
            .classes(&counted, total, self.of == 1)
            .map_err(|err| err.to_string())?;
        let agrees = total == self.total
            && self.fixed.is_none_or(|recorded| recorded == fixed)
            && self
                .fundamental
                .is_none_or(|recorded| classes.fundamental == Some(recorded));
        match agrees {
            true => Ok(()),
            false => {
                let in_classes = |classes: Option<u64>| match classes {
                    Some(classes) => format!(" in {classes} symmetry classes"),
                    None => String::new(),
                };
                Err(format!(
                    "shard {}/{} of n = {} counts {total} solutions{}, not the {}{} it \
                     records: counted again, as a board this small takes milliseconds",
                    self.shard,
                    self.of,
                    self.n,
                    in_classes(classes.fundamental),
                    self.total,
                    in_classes(self.fundamental)
                ))
            }
        }
    }
}

/// The seconds of several shards added up, to the microsecond, so that a merged record
/// prints `0.004938`, not the float sum `0.0049380199999999996`; one shard's as they are.
/// Kept finite, so that a merged record merges again.
fn summed_seconds(seconds: impl ExactSizeIterator<Item = f64>) -> f64 {
    let several = seconds.len() > 1;
    let sum = seconds.sum::<f64>().min(f64::MAX);
    let rounded = (sum * 1e6).round() / 1e6;
    match several && rounded.is_finite() {
        true => rounded,
        false => sum,
    }
}

fn same_counts(a: &ShardRecord, b: &ShardRecord) -> bool {
    (a.total, a.fundamental, a.fixed, a.subproblems)
        == (b.total, b.fundamental, b.fixed, b.subproblems)
}

/// "shards 3, 5, 9 and 990 more are missing", from records sorted by shard, each once.
fn missing(sorted: &[&ShardRecord], of: usize) -> String {
    const NAMED: usize = 3;
    let mut present = sorted.iter().map(|r| r.shard).peekable();
    let mut named = Vec::new();
    let mut next = 0;
    while named.len() < NAMED && next < of {
        if present.peek() == Some(&next) {
            present.next();
        } else {
            named.push(next.to_string());
        }
        next += 1;
    }
    let count = of - sorted.len();
    let list = match count {
        1 => return format!("shard {} is missing", named[0]),
        _ if count <= NAMED => {
            let last = named.pop().unwrap_or_default();
            format!("{} and {last}", named.join(", "))
        }
        _ => format!("{} and {} more", named.join(", "), count - NAMED),
    };
    format!("shards {list} are missing (of {of})")
}
