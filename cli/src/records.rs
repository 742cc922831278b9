//! `merge` and `verify`: shards' records added up, and their audits counted again.

use std::io::Write;
use std::path::{Path, PathBuf};

use queens::counting::ShardRecord;

use crate::args::{MergeArgs, VerifyArgs};
use crate::check::open_input;
use crate::output::Out;
use crate::units::took;
use crate::{Failure, say};

/// The records in `files` (standard input where there are none), each with the name of the
/// file it came from.
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
        let read = ShardRecord::read_all(reader)
            .map_err(|err| Failure::Refused(format!("{name}: {err}")))?;
        records.extend(read.into_iter().map(|record| (record, name.to_string())));
    }
    Ok(records)
}

pub(crate) fn merge(args: &MergeArgs) -> Result<(), Failure> {
    let mut out = Out::open(args.output.path())?;
    let (records, names): (Vec<_>, Vec<_>) =
        read_records(&args.files, "merge")?.into_iter().unzip();
    let merged = match ShardRecord::merge(&records) {
        // Named by their files, and the count that settles it in the command's words.
        Err(queens::Error::ShardsDisagree {
            shard,
            of,
            totals: [first, second],
            records: [a, b],
        }) => {
            return Err(Failure::Refused(format!(
                "shard {shard}/{of} was counted twice and the counts disagree: {first} solutions \
                 in {}, {second} in {}; count it a third time on another machine (`queens count \
                 {} --shard {shard}/{of} --json`) and merge with the record that agrees with it \
                 in place of the other",
                names[a], names[b], records[a].n
            )));
        }
        merged => merged?,
    };
    writeln!(out, "{}", merged.to_json())?;
    out.finish()
}

pub(crate) fn verify(args: &VerifyArgs) -> Result<(), Failure> {
    let mut out = Out::open(args.output.path())?;
    for (record, name) in read_records(&args.files, "verify")? {
        let whose = format!("shard {}/{} of n = {}", record.shard, record.of, record.n);
        let again = record.verify().map_err(|err| match err {
            queens::Error::AuditFailed { .. } => Failure::Refused(format!(
                "{name}: {whose}: {err}; this machine and the one that wrote the record \
                 disagree: count the shard on a third (`queens count {} --shard {}/{} --json`)",
                record.n, record.shard, record.of
            )),
            err => Failure::Refused(format!("{name}: {whose}: {err}")),
        })?;
        let parts = match again.agreed.len() {
            1 => "1 part".to_string(),
            parts => format!("{parts} parts"),
        };
        writeln!(
            out,
            "{name}: {whose}: the {parts} of its audit agree here ({})",
            took(again.time)
        )?;
        if again.agreed.is_empty() {
            say(format_args!(
                "queens: warning: {name}: {whose}: its audit counted no part again (its \
                 parts are longer than 1% of the shard's time): count the shard twice instead"
            ));
        }
    }
    out.finish()
}
