//! Checkpoint files: the finished subproblems of a count, so that a killed count resumes.
//!
//! The format is plain text, one line each:
//!
//! ```text
//! queens checkpoint 3 n=12 shard=0/1 engine=constellations
//! 5 56 7 5b1e0f3a
//! 17 400 50 0c8d7e21
//! ```
//!
//! The first line says whose file it is and which count it belongs to (the engine too:
//! each numbers its subproblems its own way); nothing else is ever truncated or
//! overwritten. Each further line is one finished subproblem: its index, its total, its
//! fundamental count (`-` when not counted), for the one subproblem that has them its
//! solutions fixed by symmetries ([`Subproblem::fixed`]), and a CRC-32 of those numbers
//! together with the count's `n`, shard and engine, so that a damaged line, or one copied
//! from another count, is refused rather than added in. A line `audit SUBPROBLEM PART
//! TOTAL BY CHECKSUM` is a part the count's audit counted twice, `BY` saying how (`portable`
//! or `again`, see [`Counter::audit`](crate::counting::Counter::audit)), written before its
//! subproblem's line, so that a resumed count's record lists the parts its earlier runs
//! audited too, where they audited as it does. Files of format 2, from before there were two engines,
//! are constellation counts and are read and continued as they are.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::counting::contract::audit::{self, Agreed, AuditBy, MOST_AUDITED};
use crate::counting::contract::engine::Engine;
use crate::counting::contract::shard::Shard;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::engines;
use crate::error::{Advice, Error, Refusal};

/// What the first line starts with: the mark of a file this crate wrote.
const MAGIC: &str = "queens checkpoint";
/// The format's version, after the mark.
const VERSION: u32 = 3;
/// The version before engines were named: constellation counts only.
const LEGACY: u32 = 2;
/// A record line is at most this long (five numbers); the header a little longer.
const MAX_LINE: u64 = 96;
/// Lines reach the kernel at once (enough for `kill -9`); syncing to the disk itself (for a
/// power cut) is batched, at most this often.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// An open checkpoint file, locked for this process until dropped.
///
/// [`Checkpoint::open`] reads what an earlier run recorded (checked line by line) and
/// [`Checkpoint::record`] appends each newly finished subproblem. A second process opening
/// the same file is refused while the first holds it.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use queens::counting::{Checkpoint, Counter};
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("n10.checkpoint");
/// let counter = Counter::new(10)?;
/// let checkpoint = Arc::new(Checkpoint::open(&path, &counter)?);
/// let sink = Arc::clone(&checkpoint);
/// let counts = counter
///     .resume(checkpoint.resumed().iter().copied())
///     .on_finished(move |s, _| { let _ = sink.record(s); })
///     .run()?;
/// assert_eq!(counts.total, 724);
/// Arc::into_inner(checkpoint).unwrap().finish()?;
///
/// // A second run finds everything recorded and computes nothing.
/// let again = Checkpoint::open(&path, &Counter::new(10)?)?;
/// assert_eq!(again.resumed().len(), counts.subproblems);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    key: Key,
    resumed: Vec<Subproblem>,
    /// The parts of the resumed subproblems that an earlier run audited.
    audited: Vec<Agreed>,
    writer: Mutex<Writer>,
}

/// Which count a checkpoint belongs to: part of every record's checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    n: usize,
    shard: usize,
    of: usize,
    engine: Engine,
    /// Whether the file is of format 2 (see the module's docs).
    legacy: bool,
}

#[derive(Debug)]
struct Writer {
    file: File,
    last_sync: Instant,
    /// The first failure; nothing more is written after it, so no line is left half-written
    /// in the middle of the file.
    failure: Option<String>,
}

impl Checkpoint {
    /// Opens or creates the checkpoint of the count of `n` (shard `shard` of `of`) by
    /// `engine`, whose records number at most `all` subproblems (see [`Checkpoint::open`]).
    pub(crate) fn create(
        path: &Path,
        (n, shard, of): (usize, usize, usize),
        engine: Engine,
        all: usize,
    ) -> Result<Checkpoint, Error> {
        let mut key = Key {
            n,
            shard,
            of,
            engine,
            legacy: false,
        };
        let fail = |refusal: Refusal| Error::Checkpoint {
            path: path.to_path_buf(),
            reason: refusal.reason,
            advice: refusal.advice,
        };
        let io_fail = |err: io::Error| fail(err.to_string().into());
        let mut file = open_locked(path).map_err(fail)?;
        let limit = (all.div_ceil(of) + 2 + MOST_AUDITED) as u64 * MAX_LINE;
        let bytes = read_within(&mut file, limit, key).map_err(fail)?;
        let legacy = format!(
            "{}\n",
            header(Key {
                legacy: true,
                ..key
            })
        );
        key.legacy =
            engines::method(engine).checkpoint_word(n).1 && bytes.starts_with(legacy.as_bytes());
        let (Held { resumed, audited }, keep) = read(&bytes, key, all).map_err(fail)?;
        if keep == 0 {
            file.set_len(0).map_err(io_fail)?;
            writeln!(file, "{}", header(key)).map_err(io_fail)?;
            file.sync_data().map_err(io_fail)?;
        } else if keep < bytes.len() {
            // Drop a line cut short by a crash, so that new lines start cleanly.
            file.set_len(keep as u64).map_err(io_fail)?;
        }
        file.seek(io::SeekFrom::End(0)).map_err(io_fail)?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            key,
            resumed,
            audited,
            writer: Mutex::new(Writer {
                file,
                last_sync: Instant::now(),
                failure: None,
            }),
        })
    }

    /// The file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The subproblems an earlier run recorded, each once, for [`Counter::resume`](crate::counting::Counter::resume).
    #[must_use]
    pub fn resumed(&self) -> &[Subproblem] {
        &self.resumed
    }

    /// The parts of the resumed subproblems that an earlier run's audit counted twice.
    pub(crate) fn audited(&self) -> &[Agreed] {
        &self.audited
    }

    /// Appends the parts of a subproblem that the audit counted twice `by` a way, before
    /// the subproblem itself (see [`Checkpoint::record`]).
    pub(crate) fn record_audited(&self, by: AuditBy, parts: &[Agreed]) -> Result<(), Error> {
        let lines: String = (parts.iter())
            .map(|part| format!("{}\n", audit_line(self.key, by, part)))
            .collect();
        self.append(&lines)
    }

    /// Appends one finished subproblem.
    ///
    /// The line reaches the operating system at once, so a killed process loses nothing it
    /// recorded; it is synced to the disk at most once a second, and by [`Checkpoint::finish`].
    /// After a failure (a full disk, say) nothing more is written.
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] when this or an earlier line could not be written, or when
    /// `subproblem` comes from another engine than the checkpoint's (each numbers its
    /// subproblems its own way; nothing is written then).
    pub fn record(&self, subproblem: &Subproblem) -> Result<(), Error> {
        if subproblem.engine != self.key.engine {
            return Err(self.error(format!(
                "subproblem {} was counted by the {} engine, but this checkpoint is of the {} engine",
                subproblem.index, subproblem.engine, self.key.engine
            )));
        }
        self.append(&format!("{}\n", record_line(self.key, subproblem)))
    }

    /// Appends whole lines, unless an earlier write failed.
    fn append(&self, lines: &str) -> Result<(), Error> {
        if lines.is_empty() {
            return Ok(());
        }
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if writer.failure.is_none() {
            let written = writer.file.write_all(lines.as_bytes()).and_then(|()| {
                if writer.last_sync.elapsed() >= SYNC_EVERY {
                    writer.last_sync = Instant::now();
                    writer.file.sync_data()
                } else {
                    Ok(())
                }
            });
            if let Err(err) = written {
                writer.failure = Some(err.to_string());
            }
        }
        match &writer.failure {
            Some(reason) => Err(self.error(reason.clone())),
            None => Ok(()),
        }
    }

    /// Syncs what was recorded to the disk and releases the file.
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] if any line could not be written or the sync failed: the file
    /// then lacks some finished subproblems (a later run computes them again).
    pub fn finish(self) -> Result<(), Error> {
        self.sync()
    }

    /// Syncs what was recorded to the disk; a failure is kept, as a write's is.
    pub(crate) fn sync(&self) -> Result<(), Error> {
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if writer.failure.is_none()
            && let Err(err) = writer.file.sync_data()
        {
            writer.failure = Some(err.to_string());
        }
        match &writer.failure {
            Some(reason) => Err(self.error(reason.clone())),
            None => Ok(()),
        }
    }

    fn error(&self, reason: String) -> Error {
        Error::Checkpoint {
            path: self.path.clone(),
            reason,
            advice: &[],
        }
    }
}

/// The regular file at `path`, created if missing, opened to read and append, and locked
/// against other processes.
fn open_locked(path: &Path) -> Result<File, Refusal> {
    // A FIFO or a device would block or never end: only regular files are checkpoints.
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err("not a regular file".into()),
        _ => {}
    }
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|err| match path.parent() {
            // As `-o` says it: the folder, not "No such file or directory".
            Some(folder) if !folder.as_os_str().is_empty() && !folder.is_dir() => {
                Refusal::from(format!("there is no folder {}", folder.display()))
            }
            _ => err.to_string().into(),
        })?;
    if !file.metadata().map_err(|err| err.to_string())?.is_file() {
        return Err("not a regular file".into());
    }
    file.try_lock().map_err(|err| match err {
        std::fs::TryLockError::WouldBlock => {
            Refusal::from("in use by another process (a second count of the same shard?)")
        }
        std::fs::TryLockError::Error(err) => err.to_string().into(),
    })?;
    Ok(file)
}

/// What `file` holds, refused where it holds more than `limit` bytes: another count's
/// checkpoint (another engine's, whose subproblems are more) for what its header says,
/// anything else for its size.
fn read_within(file: &mut File, limit: u64, key: Key) -> Result<Vec<u8>, Refusal> {
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| err.to_string())?;
    if bytes.len() as u64 <= limit {
        return Ok(bytes);
    }
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    if let Some(refusal) = std::str::from_utf8(first)
        .ok()
        .filter(|first| *first != header(key))
        .and_then(|first| wrong_header(first, &header(key)))
    {
        return Err(refusal);
    }
    Err(format!(
        "larger than any checkpoint of n = {} (more than {limit} bytes); not a queens checkpoint?",
        key.n
    )
    .into())
}

fn header(key: Key) -> String {
    match key.legacy {
        true => format!(
            "{MAGIC} {LEGACY} n={} shard={}/{}",
            key.n, key.shard, key.of
        ),
        false => format!(
            "{MAGIC} {VERSION} n={} shard={}/{} engine={}",
            key.n, key.shard, key.of, key.engine
        ),
    }
}

/// The text of a record line: three or four numbers and the checksum of them and the key.
fn record_line(key: Key, subproblem: &Subproblem) -> String {
    let mut numbers = format!(
        "{} {} {}",
        subproblem.index,
        subproblem.total,
        subproblem
            .fundamental
            .map_or_else(|| "-".to_string(), |f| f.to_string())
    );
    if subproblem.fixed != 0 {
        numbers += &format!(" {}", subproblem.fixed);
    }
    format!("{numbers} {:08x}", checksum(key, &numbers))
}

/// The text of an audit line: `audit`, the part's subproblem, part and solutions, how it was
/// counted again, and the
/// checksum of them and the key.
fn audit_line(key: Key, by: AuditBy, part: &Agreed) -> String {
    let numbers = format!(
        "audit {} {} {} {}",
        part.subproblem,
        part.part,
        part.total,
        by.word()
    );
    format!("{numbers} {:08x}", checksum(key, &numbers))
}

fn checksum(key: Key, numbers: &str) -> u32 {
    checksum_with(
        &engines::method(key.engine).checkpoint_word(key.n).0,
        key,
        numbers,
    )
}

/// Why line `line`, whose `numbers` do not match its checksum `crc`, is refused: written by
/// a `queens` that cut the count otherwise (its checksum is theirs, with a superseded
/// word), or damaged.
fn unchecked(key: Key, numbers: &str, crc: u32, line: &str) -> String {
    let superseded = engines::method(key.engine).superseded_words(key.n);
    match (superseded.iter()).any(|word| checksum_with(word, key, numbers) == crc) {
        true => format!(
            "{} was written by an older queens, whose {} engine cut the count into other \
             subproblems; delete the checkpoint to count from the start",
            crate::error::excerpt(line),
            key.engine
        ),
        false => format!(
            "{} is damaged (its checksum does not match)",
            crate::error::excerpt(line)
        ),
    }
}

/// The checksum of a record line with the engine's checkpoint word `engine`.
fn checksum_with(engine: &str, key: Key, numbers: &str) -> u32 {
    crc32fast::hash(format!("{} {}/{}{engine} {numbers}", key.n, key.shard, key.of).as_bytes())
}

/// What a checkpoint holds: its finished subproblems, each once, and the parts of them an
/// audit counted twice.
struct Held {
    resumed: Vec<Subproblem>,
    audited: Vec<Agreed>,
}

/// Reads a checkpoint's bytes: the records, each once, and how many bytes to keep (0: the
/// file is empty or holds only the start of a header, so it is written anew).
fn read(bytes: &[u8], key: Key, all: usize) -> Result<(Held, usize), Refusal> {
    let complete = bytes
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |end| end + 1);
    let expected = header(key);
    if complete == 0 {
        // No whole line: empty, or a header cut short by a crash.
        return if expected.as_bytes().starts_with(bytes) {
            let none = Held {
                resumed: Vec::new(),
                audited: Vec::new(),
            };
            Ok((none, 0))
        } else {
            Err(not_ours(bytes).into())
        };
    }
    let text = std::str::from_utf8(&bytes[..complete]).map_err(|_| not_ours(bytes))?;
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    if first != expected {
        return Err(wrong_header(first, &expected).unwrap_or_else(|| not_ours(bytes).into()));
    }
    let mut resumed: Vec<Subproblem> = Vec::new();
    let mut audited: Vec<Agreed> = Vec::new();
    let audit_by = AuditBy::of(engines::method(key.engine).kernels_here(key.n).is_some());
    let mut seen: HashMap<usize, usize> = HashMap::new();
    for (i, line) in lines.enumerate() {
        if let Some(numbers) = line.strip_prefix("audit ") {
            let part = parse_audit(numbers, line, key, all)
                .map_err(|why| Refusal::from(format!("line {}: {why}", i + 2)))?;
            // Only parts counted again as this count audits: its record says one way for
            // all of them. A line without the way, from before it was written, is skipped.
            if let Some((by, part)) = part
                && by == audit_by
            {
                audited.push(part);
            }
            continue;
        }
        let subproblem = parse_record(line, key, all)
            .map_err(|why| Refusal::from(format!("line {}: {why}", i + 2)))?;
        match seen.get(&subproblem.index).map(|&at| resumed[at]) {
            // A count started twice on one file (before locking) wrote some lines twice.
            Some(same) if same == subproblem => {}
            Some(other) => {
                return Err(format!(
                    "line {}: subproblem {} is recorded twice with different counts ({} and {})",
                    i + 2,
                    subproblem.index,
                    other.total,
                    subproblem.total
                )
                .into());
            }
            None => {
                seen.insert(subproblem.index, resumed.len());
                resumed.push(subproblem);
            }
        }
    }
    // Parts of subproblems the run finished, each once (a run killed between a
    // subproblem's audit lines and its own line counts it again), that the count's identity
    // draws and that its subproblem can hold: what its record may list.
    let shard = Shard {
        index: key.shard,
        of: key.of,
    };
    let seed = audit::seed(key.n, shard, key.engine);
    audited.retain(|part| {
        (seen.get(&part.subproblem)).is_some_and(|&at| {
            part.total <= resumed[at].total && audit::drawn(seed, part.subproblem, part.part)
        })
    });
    audited.sort_unstable();
    audited.dedup_by_key(|part| (part.subproblem, part.part));
    audited.truncate(MOST_AUDITED);
    Ok((Held { resumed, audited }, complete))
}

/// One audit line's words (`SUBPROBLEM PART TOTAL BY CHECKSUM`), checked against its
/// checksum and the count's subproblems.
fn parse_audit(
    numbers: &str,
    line: &str,
    key: Key,
    all: usize,
) -> Result<Option<(AuditBy, Agreed)>, String> {
    let malformed = || {
        format!(
            "{} is not audit SUBPROBLEM PART TOTAL BY CHECKSUM",
            crate::error::excerpt(line)
        )
    };
    // Lines of 2026-12-06, before the way was written, have none: read, checked, skipped.
    let (subproblem, part, total, by, crc) = match numbers.split(' ').collect::<Vec<_>>()[..] {
        [subproblem, part, total, by, crc] => (subproblem, part, total, Some(by), crc),
        [subproblem, part, total, crc] => (subproblem, part, total, None, crc),
        _ => return Err(malformed()),
    };
    let crc = match crc.len() {
        8 => u32::from_str_radix(crc, 16).map_err(|_| malformed())?,
        _ => return Err(malformed()),
    };
    let words = match by {
        Some(by) => format!("audit {subproblem} {part} {total} {by}"),
        None => format!("audit {subproblem} {part} {total}"),
    };
    if checksum(key, &words) != crc {
        return Err(unchecked(key, &words, crc, line));
    }
    let parsed = Agreed::new(
        subproblem.parse().map_err(|_| malformed())?,
        part.parse().map_err(|_| malformed())?,
        total.parse().map_err(|_| malformed())?,
    );
    if parsed.subproblem >= all || parsed.subproblem % key.of != key.shard {
        return Err(format!(
            "subproblem {} is not one of shard {}/{} of n = {}",
            parsed.subproblem, key.shard, key.of, key.n
        ));
    }
    match by {
        Some(word) => {
            let by = AuditBy::from_word(word).ok_or_else(malformed)?;
            Ok(Some((by, parsed)))
        }
        None => Ok(None),
    }
}

fn not_ours(bytes: &[u8]) -> String {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    format!(
        "not a queens checkpoint (its first line is {}); refusing to overwrite it",
        crate::error::excerpt(&String::from_utf8_lossy(first))
    )
}

/// Why a checkpoint header is not the expected one, if it is a checkpoint header at all.
fn wrong_header(first: &str, expected: &str) -> Option<Refusal> {
    if first.starts_with(r#"{"n":"#) {
        return Some(
            "written by an older queens without checksums; delete it to count from the start"
                .into(),
        );
    }
    let rest = first.strip_prefix(MAGIC)?.trim_start();
    let version = rest.split_whitespace().next()?;
    if version == LEGACY.to_string() {
        return Some(Refusal {
            reason: format!(
                "checkpoint format {LEGACY}, written before checkpoints named their engine, for \
                 {}: the constellation engine resumes it with that n and shard",
                rest[version.len()..].trim().replace(" shard=", ", shard ")
            ),
            advice: &[Advice::ConstellationEngine],
        });
    }
    if version != VERSION.to_string() {
        return Some(
            format!("checkpoint format {version}, but this queens writes format {VERSION}").into(),
        );
    }
    // "n=16 shard=0/1 engine=quadrants" reads better as "n = 16, shard 0/1, engine quadrants".
    let readable = |key: &str| {
        key.trim()
            .replace("n=", "n = ")
            .replace(" shard=", ", shard ")
            .replace(" engine=", ", engine ")
    };
    Some(
        format!(
            "it is for {}, not {}",
            readable(&rest[version.len()..]),
            readable(&expected[MAGIC.len() + 3..])
        )
        .into(),
    )
}

/// One record line, checked against its checksum and against what the count can produce.
fn parse_record(line: &str, key: Key, all: usize) -> Result<Subproblem, String> {
    let malformed = || {
        format!(
            "{} is not INDEX TOTAL FUNDAMENTAL [FIXED] CHECKSUM",
            crate::error::excerpt(line)
        )
    };
    let fields: Vec<&str> = line.split(' ').collect();
    let (numbers, fixed, crc) = match fields[..] {
        [.., crc] if fields.len() == 4 => (&fields[..3], "0", crc),
        [.., fixed, crc] if fields.len() == 5 && fixed != "0" => (&fields[..4], fixed, crc),
        _ => return Err(malformed()),
    };
    let [index, total, fundamental] = numbers[..3] else {
        return Err(malformed());
    };
    let numbers = numbers.join(" ");
    let crc = match crc.len() {
        8 => u32::from_str_radix(crc, 16).map_err(|_| malformed())?,
        _ => return Err(malformed()),
    };
    if checksum(key, &numbers) != crc {
        return Err(unchecked(key, &numbers, crc, line));
    }
    let subproblem = Subproblem {
        index: index.parse().map_err(|_| malformed())?,
        total: total.parse().map_err(|_| malformed())?,
        fundamental: match fundamental {
            "-" => None,
            f => Some(f.parse().map_err(|_| malformed())?),
        },
        fixed: fixed.parse().map_err(|_| malformed())?,
        engine: key.engine,
    };
    if subproblem.index >= all || subproblem.index % key.of != key.shard {
        return Err(format!(
            "subproblem {} is not one of shard {}/{} of n = {}",
            subproblem.index, key.shard, key.of, key.n
        ));
    }
    subproblem.check_plausible()?;
    Ok(subproblem)
}
