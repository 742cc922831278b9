//! `check`: every solution read back and verified.

use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use crate::Failure;
use crate::args::CheckArgs;
use crate::output::Out;
use crate::usage::is_number;

/// A file to read, or standard input for `-`, with the name errors give it. A file that is
/// not there, named like a board size, was likely meant as one: `size_hint(N)` says what
/// the option or argument takes, and how to give a size.
pub(crate) fn open_input(
    path: &Path,
    size_hint: impl Fn(&str) -> String,
) -> Result<(String, Box<dyn BufRead>), Failure> {
    if path.as_os_str() == "-" {
        return Ok(("standard input".into(), Box::new(io::stdin().lock())));
    }
    let cannot = |why: String| Failure::Refused(format!("cannot read {}: {why}", path.display()));
    // The size as a size is written: `08` is 8.
    let size = path
        .to_str()
        .filter(|text| is_number(OsStr::new(text)))
        .and_then(|text| text.parse::<usize>().ok());
    let file = File::open(path).map_err(|err| match (err.kind(), size) {
        (io::ErrorKind::NotFound, Some(n)) => cannot(format!(
            "there is no such file; {}",
            size_hint(&n.to_string())
        )),
        _ => cannot(err.to_string()),
    })?;
    if file.metadata().is_ok_and(|meta| meta.is_dir()) {
        return Err(cannot("it is a directory".into()));
    }
    Ok((path.display().to_string(), Box::new(BufReader::new(file))))
}

/// `check` shows a valid solution's columns up to this size, and only its size above.
pub(crate) const SHOWN_COLUMNS: usize = 64;

pub(crate) fn check(args: &CheckArgs) -> Result<(), Failure> {
    let mut out = Out::open(args.output.path())?;
    let (_, reader) = open_input(args.file.as_deref().unwrap_or(Path::new("-")), |n| {
        format!(
            "check reads solutions from a FILE, not a board size: `--n {n}` requires {n}x{n} boards"
        )
    })?;
    let mut read = queens::formats::parse_reader(reader);
    if let Some(n) = args.n {
        read = read.board_size(n);
    }
    // Valid solutions by board size, for the summary.
    let mut valid = std::collections::BTreeMap::<usize, u64>::new();
    let mut invalid = 0u64;
    for (line, result) in read {
        match result {
            Ok(solution) if solution.n() <= SHOWN_COLUMNS => {
                writeln!(
                    out,
                    "line {line}: valid {}",
                    solution.render(queens::Style::List)
                )?;
                *valid.entry(solution.n()).or_default() += 1;
            }
            Ok(solution) => {
                writeln!(out, "line {line}: valid, {} queens", solution.n())?;
                *valid.entry(solution.n()).or_default() += 1;
            }
            Err(err) => {
                invalid += 1;
                writeln!(out, "line {line}: invalid: {err}")?;
            }
        }
    }
    let total: u64 = valid.values().sum();
    // Nothing was printed: a command that fails prints nothing on stdout.
    if total + invalid == 0 {
        return Err(Failure::Refused("no solutions found in the input".into()));
    }
    let sizes = match valid.len() {
        0 | 1 => String::new(),
        _ => {
            let each: Vec<String> = valid
                .iter()
                .map(|(n, count)| format!("{count} with n = {n}"))
                .collect();
            format!(" ({})", each.join(", "))
        }
    };
    writeln!(out, "{total} valid{sizes}, {invalid} invalid")?;
    out.finish()?;
    if invalid > 0 {
        Err(Failure::Flawed)
    } else {
        Ok(())
    }
}
