//! A checkpoint file: which subproblems of a count are finished, so a killed count resumes.
//!
//! The first line names the count, `{"n":17,"shard":0,"of":1}`; each further line is one
//! finished subproblem, `INDEX TOTAL FUNDAMENTAL`, appended, flushed and synced to disk as
//! soon as it is known. A last line cut short by a crash is dropped when the file is opened.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use queens::Subproblem;

use crate::Failure;
use crate::json::Object;

pub struct Checkpoint {
    path: PathBuf,
    file: Mutex<File>,
    resumed: Vec<Subproblem>,
    /// The first error met while recording; the count reports it at the end.
    error: Mutex<Option<io::Error>>,
}

impl Checkpoint {
    /// Opens or creates the checkpoint of shard `shard` of `of` of the count of `n`.
    pub fn open(path: &Path, n: usize, shard: usize, of: usize) -> Result<Checkpoint, Failure> {
        let failed =
            |err: io::Error| Failure::Usage(format!("checkpoint {}: {err}", path.display()));
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(failed)?;
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(failed)?;
        let header = format!(r#"{{"n":{n},"shard":{shard},"of":{of}}}"#);
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        let resumed = if complete.is_empty() {
            file.set_len(0).map_err(failed)?;
            writeln!(file, "{header}").map_err(failed)?;
            file.sync_data().map_err(failed)?;
            Vec::new()
        } else {
            let bad =
                |reason: String| Failure::Usage(format!("checkpoint {}: {reason}", path.display()));
            let mut lines = complete.lines();
            check_header(lines.next().unwrap_or(""), n, shard, of).map_err(bad)?;
            let resumed = lines
                .enumerate()
                .map(|(i, line)| {
                    parse_line(line).map_err(|reason| bad(format!("line {}: {reason}", i + 2)))
                })
                .collect::<Result<Vec<_>, _>>()?;
            // Drop a line cut short by a crash, so that new lines start cleanly.
            file.set_len(complete.len() as u64).map_err(failed)?;
            file.seek(io::SeekFrom::End(0)).map_err(failed)?;
            resumed
        };
        Ok(Checkpoint {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            resumed,
            error: Mutex::new(None),
        })
    }

    /// The subproblems an earlier run finished.
    pub fn resumed(&self) -> &[Subproblem] {
        &self.resumed
    }

    /// Appends one finished subproblem and syncs it to disk.
    pub fn record(&self, subproblem: &Subproblem) {
        let line = format!(
            "{} {} {}\n",
            subproblem.index,
            subproblem.total,
            subproblem.fundamental.unwrap_or(0)
        );
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let written = file
            .write_all(line.as_bytes())
            .and_then(|()| file.sync_data());
        if let Err(err) = written {
            self.error
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .get_or_insert(err);
        }
    }

    /// Fails if any record could not be written.
    pub fn finish(self) -> Result<(), Failure> {
        match self
            .error
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
        {
            Some(err) => Err(Failure::Usage(format!(
                "checkpoint {}: {err}",
                self.path.display()
            ))),
            None => Ok(()),
        }
    }
}

fn check_header(line: &str, n: usize, shard: usize, of: usize) -> Result<(), String> {
    let header = Object::parse(line)?;
    let found = (
        header.integer("n")?,
        header.integer("shard")?,
        header.integer("of")?,
    );
    if found != (n as u64, shard as u64, of as u64) {
        return Err(format!(
            "it is for n = {}, shard {}/{}, not n = {n}, shard {shard}/{of}",
            found.0, found.1, found.2
        ));
    }
    Ok(())
}

fn parse_line(line: &str) -> Result<Subproblem, String> {
    let numbers: Vec<u64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{line:?} is not INDEX TOTAL FUNDAMENTAL"))?;
    match numbers[..] {
        [index, total, fundamental] => Ok(Subproblem {
            index: usize::try_from(index).map_err(|_| format!("index {index} is too large"))?,
            total,
            fundamental: Some(fundamental),
        }),
        _ => Err(format!("{line:?} is not INDEX TOTAL FUNDAMENTAL")),
    }
}
