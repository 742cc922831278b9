//! `merge` and `verify`: shards' records added up, and their audits counted again.

use std::io::Write;
use std::path::{Path, PathBuf};

use queens::counting::ShardRecord;

use crate::args::{MergeArgs, VerifyArgs};
use crate::check::open_input;
use crate::count::same_file;
use crate::output::Out;
use crate::units::took;
use crate::{Failure, say};

/// The files records are read from: `files`, or standard input where there are none.
fn sources(files: &[PathBuf]) -> Vec<PathBuf> {
    match files.is_empty() {
        true => vec![Path::new("-").to_path_buf()],
        false => files.to_vec(),
    }
}

/// A record with where it came from, or why a line is not one.
type Read = Result<(ShardRecord, String), String>;

/// Each record of the file `path`, or why its line is not one, with where it came from:
/// the file, and its line where the file holds several; a file with none is refused.
fn read_file(path: &Path, command: &str) -> Result<Vec<Read>, Failure> {
    let (name, reader) = open_input(path, |n| {
        format!(
            "{command} reads the records of `queens count --shard I/K --json`, not a board size: `queens count {n}` counts the {n}x{n} board"
        )
    })?;
    let read: Vec<_> = ShardRecord::read_each(reader).collect();
    if read.is_empty() && path != Path::new("-") {
        return Err(Failure::Refused(format!("{name}: no shard records in it")));
    }
    let several = read.len() > 1;
    Ok(read
        .into_iter()
        .map(|(line, record)| match record {
            Ok(record) if several => Ok((record, format!("{name} line {line}"))),
            Ok(record) => Ok((record, name.clone())),
            Err(err) => Err(format!("{name}: {err}")),
        })
        .collect())
}

/// The records in `files` (standard input where there are none), each with where it came
/// from; the first that does not read refuses them all.
fn read_records(files: &[PathBuf], command: &str) -> Result<Vec<(ShardRecord, String)>, Failure> {
    let mut records = Vec::new();
    for path in sources(files) {
        for record in read_file(&path, command)? {
            records.push(record.map_err(Failure::Refused)?);
        }
    }
    Ok(records)
}

/// Refuses an output that is one of the `files` read: it would replace a record.
fn apart_from_inputs(output: Option<&Path>, files: &[PathBuf]) -> Result<(), Failure> {
    let Some(output) = output.filter(|&path| path != Path::new("-")) else {
        return Ok(());
    };
    if let Some(file) = files.iter().find(|file| same_file(output, file)) {
        return Err(Failure::Refused(format!(
            "--output names {}, which is one of the records read: writing there would replace it",
            file.display()
        )));
    }
    let reads_stdin = files.is_empty() || files.iter().any(|file| file == Path::new("-"));
    if reads_stdin && is_stdin(output) {
        return Err(Failure::Refused(format!(
            "--output names {}, which is the file on standard input: writing there would \
             replace its records",
            output.display()
        )));
    }
    Ok(())
}

/// Whether `path` is the file standard input reads (`< FILE`).
#[cfg(unix)]
fn is_stdin(path: &Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let stdin = std::io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .map(std::fs::File::from);
    match (
        stdin.and_then(|file| file.metadata()),
        std::fs::metadata(path),
    ) {
        (Ok(stdin), Ok(output)) => {
            stdin.is_file() && (stdin.dev(), stdin.ino()) == (output.dev(), output.ino())
        }
        _ => false,
    }
}

/// Whether `path` is the file standard input reads: not known here.
#[cfg(not(unix))]
fn is_stdin(_: &Path) -> bool {
    false
}

pub(crate) fn merge(args: &MergeArgs) -> Result<(), Failure> {
    apart_from_inputs(args.output.path(), &args.files)?;
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
    apart_from_inputs(args.output.path(), &args.files)?;
    let mut out = Out::open(args.output.path())?;
    // Each file read and each record verified, whatever the others do: one bad record of
    // hundreds hides none of the rest.
    let (mut records, mut refused) = (0, Vec::new());
    for path in sources(&args.files) {
        let read = match read_file(&path, "verify") {
            Ok(read) => read,
            Err(Failure::Refused(why)) => {
                refused.push(why);
                continue;
            }
            Err(err) => return Err(err),
        };
        for record in read {
            records += 1;
            match record.and_then(|(record, name)| verify_one(&record, &name)) {
                Ok(said) => writeln!(out, "{said}")?,
                Err(why) => refused.push(why),
            }
        }
    }
    if records == 0 && refused.is_empty() {
        return Err(Failure::Refused(format!(
            "no shard records to verify in {}: `queens verify` reads the records of `queens \
             count --shard I/K --json`",
            read_from(&args.files)
        )));
    }
    // A failed run leaves a file it was to write as it was; what it says on standard
    // output is said.
    let to_a_file = args
        .output
        .path()
        .is_some_and(|path| path != Path::new("-"));
    if refused.is_empty() || !to_a_file {
        out.finish()?;
    }
    match refused.len() {
        0 => Ok(()),
        1 => Err(Failure::Refused(refused.remove(0))),
        many => {
            for why in &refused {
                say(format_args!("queens: error: {why}"));
            }
            Err(Failure::Refused(format!(
                "{many} of the records (or files) given did not verify: each is said above"
            )))
        }
    }
}

/// What a record's verification says, or why it failed.
fn verify_one(record: &ShardRecord, name: &str) -> Result<String, String> {
    let whose = format!("shard {}/{} of n = {}", record.shard, record.of, record.n);
    let again = record.verify().map_err(|err| match err {
        queens::Error::VerifyFailed { .. } => format!(
            "{name}: {err} (`queens count {} --shard {}/{} --json`)",
            record.n, record.shard, record.of
        ),
        err => format!("{name}: {err}"),
    })?;
    let agreed = match again.agreed.len() {
        0 => "its audit lists no part to count again".to_string(),
        1 => "the 1 part of its audit agrees here".to_string(),
        parts => format!("the {parts} parts of its audit agree here"),
    };
    match (record.counted_again_whole(), again.why_empty()) {
        (true, _) => Ok(format!(
            "{name}: {whose}: {agreed}, and the shard counted again whole agrees ({})",
            took(again.time)
        )),
        (false, Some(why)) => {
            say(format_args!(
                "queens: warning: {name}: {whose}: its audit counted no part again ({why}): \
                 count the shard twice instead"
            ));
            Ok(format!("{name}: {whose}: {agreed} ({})", took(again.time)))
        }
        (false, None) => Ok(format!("{name}: {whose}: {agreed} ({})", took(again.time))),
    }
}

/// Where records were read from, for a message: the files, or standard input.
fn read_from(files: &[PathBuf]) -> String {
    match files {
        [] => "standard input".into(),
        [file] => file.display().to_string(),
        files => format!("{} files", files.len()),
    }
}
