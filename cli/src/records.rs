//! `merge` and `verify`: shards' records added up, and their audits counted again.

use std::io::Write;
use std::path::{Path, PathBuf};

use queens::counting::ShardRecord;

use crate::args::{MergeArgs, VerifyArgs};
use crate::check::open_input;
use crate::output::Out;
use crate::units::took;
use crate::{Failure, say};

/// The records in `files` (standard input where there are none), each with where it came
/// from: its file, and its line where the file holds several.
fn read_records(files: &[PathBuf], command: &str) -> Result<Vec<(ShardRecord, String)>, Failure> {
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = match files.is_empty() {
        true => &stdin_only[..],
        false => files,
    };
    let mut records = Vec::new();
    for path in files {
        let (name, reader) = open_input(path, |n| {
            format!(
                "{command} reads the records of `queens count --shard I/K --json`, not a board size: `queens count {n}` counts the {n}x{n} board"
            )
        })?;
        let read = ShardRecord::read_numbered(reader)
            .map_err(|err| Failure::Refused(format!("{name}: {err}")))?;
        let several = read.len() > 1;
        records.extend(read.into_iter().map(|(line, record)| match several {
            true => (record, format!("{name} line {line}")),
            false => (record, name.to_string()),
        }));
    }
    Ok(records)
}

pub(crate) fn merge(args: &MergeArgs) -> Result<(), Failure> {
    let mut out = Out::open(args.output.path())?;
    let (records, sources): (Vec<_>, Vec<_>) =
        read_records(&args.files, "merge")?.into_iter().unzip();
    let merged = ShardRecord::merge_from(&records, &sources).map_err(|err| match err {
        // The count that settles it, in the command's words.
        queens::Error::ShardsDisagree { shard, of, .. } => Failure::Refused(format!(
            "{err} (`queens count {} --shard {shard}/{of} --json`)",
            records[0].n
        )),
        err => err.into(),
    })?;
    writeln!(out, "{}", merged.to_json())?;
    out.finish()
}

pub(crate) fn verify(args: &VerifyArgs) -> Result<(), Failure> {
    let mut out = Out::open(args.output.path())?;
    let records = read_records(&args.files, "verify")?;
    if records.is_empty() {
        return Err(Failure::Refused(format!(
            "no shard records to verify in {}: `queens verify` reads the records of `queens \
             count --shard I/K --json`",
            read_from(&args.files)
        )));
    }
    for (record, name) in records {
        let whose = format!("shard {}/{} of n = {}", record.shard, record.of, record.n);
        let again = record.verify().map_err(|err| match err {
            queens::Error::VerifyFailed { .. } => Failure::Refused(format!(
                "{name}: {err} (`queens count {} --shard {}/{} --json`)",
                record.n, record.shard, record.of
            )),
            err => Failure::Refused(format!("{name}: {err}")),
        })?;
        let agreed = match again.agreed.len() {
            0 => "its audit lists no part to count again".to_string(),
            1 => "the 1 part of its audit agrees here".to_string(),
            parts => format!("the {parts} parts of its audit agree here"),
        };
        writeln!(out, "{name}: {whose}: {agreed} ({})", took(again.time))?;
        if let Some(why) = again.why_empty() {
            say(format_args!(
                "queens: warning: {name}: {whose}: its audit counted no part again ({why}): \
                 count the shard twice instead"
            ));
        }
    }
    out.finish()
}

/// Where records were read from, for a message: the files, or standard input.
fn read_from(files: &[PathBuf]) -> String {
    match files {
        [] => "standard input".into(),
        [file] => file.display().to_string(),
        files => format!("{} files", files.len()),
    }
}
