//! `queens`: the command-line face of the library. It parses arguments, calls the library
//! and prints; every computation is a library call.

mod args;
mod checkpoint;
mod json;
mod output;
mod progress;
mod shards;

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::Parser;
use clap::error::ErrorKind;
use queens::{Counter, Queens, Solution, SolutionsExt};

use args::{CheckArgs, Cli, Command, CountArgs, MergeArgs, OneArgs, ShowArgs, SolveArgs};
use checkpoint::Checkpoint;
use output::SolutionWriter;
use shards::ShardRecord;

/// Why the command stopped early.
pub enum Failure {
    /// Bad input: printed as one line, exit code 2.
    Usage(String),
    /// Reading or writing failed; a closed pipe is a normal end.
    Io(io::Error),
    /// `check` found invalid solutions (already reported): exit code 1.
    Invalid,
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Failure::Io(err)
    }
}

impl From<queens::Error> for Failure {
    fn from(err: queens::Error) -> Self {
        Failure::Usage(err.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(with_default_command(std::env::args_os())) {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Count(args) => count(&args),
        Command::Merge(args) => merge(&args),
        Command::Check(args) => check(&args),
        Command::Show(args) => show(&args),
        Command::One(args) => one(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(err)) => {
            eprintln!("queens: error: {err}");
            ExitCode::from(2)
        }
        Err(Failure::Usage(message)) => {
            eprintln!("queens: error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Invalid) => ExitCode::from(1),
    }
}

/// `queens 8` means `queens solve 8`: insert the default command before a bare size.
fn with_default_command(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.collect();
    let commands = ["solve", "count", "merge", "one", "check", "show", "help"];
    let needs_command = args.get(1).is_some_and(|first| {
        let first = first.to_string_lossy();
        !commands.contains(&first.as_ref()) && !first.starts_with('-')
    });
    if needs_command {
        args.insert(1, "solve".into());
    }
    args
}

/// Help and version go to stdout with success; real errors are one line with exit code 2.
fn usage_error(err: &clap::Error) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = write!(io::stdout(), "{}", err.render());
        return ExitCode::SUCCESS;
    }
    if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = write!(io::stderr(), "{}", err.render());
        return ExitCode::from(2);
    }
    // clap's message runs up to the first blank line; usage and tips follow it.
    let rendered = err.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    eprintln!("queens: {}", message.join(" "));
    ExitCode::from(2)
}

/// Above this size `solve` uses the most-constrained order, which finds solutions fast.
const LEXICOGRAPHIC_UP_TO: usize = 30;

fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let prefix = args.prefix.as_ref().map_or(&[][..], |p| &p.0[..]);
    if prefix.len() > args.n {
        return Err(queens::Error::PrefixTooLong {
            len: prefix.len(),
            n: args.n,
        }
        .into());
    }
    let fixed: Vec<_> = prefix
        .iter()
        .copied()
        .enumerate()
        .chain(args.queens.iter().copied())
        .collect();
    let search = Queens::with_queens(args.n, &fixed)?;
    let search: Box<dyn Iterator<Item = Solution>> = if args.n > LEXICOGRAPHIC_UP_TO {
        Box::new(search.most_constrained())
    } else {
        Box::new(search)
    };
    let mut writer = SolutionWriter::create(&args.format, args.numbered)?;
    let started = Instant::now();
    let limit = args.first.unwrap_or(usize::MAX);
    let solutions: Box<dyn Iterator<Item = Solution>> = if args.fundamental {
        Box::new(search.fundamental().take(limit))
    } else {
        Box::new(search.take(limit))
    };
    for solution in solutions {
        writer.write(solution)?;
    }
    let written = writer.written();
    writer.finish()?;
    if !args.quiet {
        let kind = if args.fundamental {
            "fundamental solutions"
        } else {
            "solutions"
        };
        eprintln!(
            "{written} {kind} of {} queens in {:.3?}",
            args.n,
            started.elapsed()
        );
    }
    Ok(())
}

fn count(args: &CountArgs) -> Result<(), Failure> {
    let (index, of) = args.shard.unwrap_or((0, 1));
    let mut counter = Counter::new(args.n)?.threads(args.threads).shard(index, of);
    let checkpoint = match &args.checkpoint {
        Some(path) => Some(Arc::new(Checkpoint::open(path, args.n, index, of)?)),
        None => None,
    };
    if let Some(checkpoint) = &checkpoint {
        counter = counter.resume(checkpoint.resumed().iter().copied());
    }
    let bar = progress::Bar::new(counter.total_subproblems().div_ceil(of));
    let (record_to, report_to) = (checkpoint.clone(), bar.clone());
    let started = Instant::now();
    let counts = counter
        .on_finished(move |subproblem, progress| {
            if let Some(checkpoint) = &record_to {
                checkpoint.record(subproblem);
            }
            report_to.update(progress);
        })
        .run()?;
    bar.finish();
    if let Some(checkpoint) = checkpoint.and_then(Arc::into_inner) {
        checkpoint.finish()?;
    }
    let mut out = io::stdout().lock();
    if args.json {
        let record = ShardRecord::new(&counts, started.elapsed().as_secs_f64());
        writeln!(out, "{}", record.to_json())?;
    } else if args.fundamental {
        writeln!(out, "{}", counts.fundamental.unwrap_or(0))?;
    } else {
        writeln!(out, "{}", counts.total)?;
    }
    Ok(())
}

fn merge(args: &MergeArgs) -> Result<(), Failure> {
    let mut texts = Vec::new();
    if args.files.is_empty() {
        let mut input = String::new();
        io::stdin().read_to_string(&mut input)?;
        texts.push(("standard input".to_string(), input));
    }
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .map_err(|err| Failure::Usage(format!("cannot read {}: {err}", path.display())))?;
        texts.push((path.display().to_string(), text));
    }
    let mut records = Vec::new();
    for (name, text) in &texts {
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
        {
            let record = ShardRecord::parse(line)
                .map_err(|reason| Failure::Usage(format!("{name}, line {}: {reason}", i + 1)))?;
            records.push(record);
        }
    }
    let merged = shards::merge(&records).map_err(Failure::Usage)?;
    writeln!(io::stdout(), "{}", merged.to_json())?;
    Ok(())
}

fn check(args: &CheckArgs) -> Result<(), Failure> {
    let mut input = String::new();
    match args.file.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            input = std::fs::read_to_string(path)
                .map_err(|err| Failure::Usage(format!("cannot read {}: {err}", path.display())))?;
        }
        _ => {
            io::stdin().read_to_string(&mut input)?;
        }
    }
    let mut out = io::stdout().lock();
    let (mut valid, mut invalid) = (0, 0);
    for (line, result) in queens::parse_many(&input) {
        match result {
            Ok(solution) => {
                valid += 1;
                writeln!(
                    out,
                    "line {line}: valid {}",
                    solution.render(queens::Style::List)
                )?;
            }
            Err(err) => {
                invalid += 1;
                writeln!(out, "line {line}: invalid: {err}")?;
            }
        }
    }
    writeln!(out, "{valid} valid, {invalid} invalid")?;
    if valid + invalid == 0 {
        return Err(Failure::Usage("no solutions found in the input".into()));
    }
    if invalid > 0 {
        Err(Failure::Invalid)
    } else {
        Ok(())
    }
}

/// `one` keeps every column in memory (8 bytes a queen, more for `--random`): a billion
/// queens is about as far as a workstation goes, and refusing beats running out of memory.
const MAX_ONE: usize = 1_000_000_000;

fn one(args: &OneArgs) -> Result<(), Failure> {
    if args.n > MAX_ONE {
        return Err(queens::Error::TooLarge {
            n: args.n,
            max: MAX_ONE,
        }
        .into());
    }
    output::check_drawable(args.n, args.format.format)?;
    let solution = if args.random {
        queens::random(args.n, args.seed)?
    } else {
        queens::construct(args.n)?
    };
    let mut writer = SolutionWriter::create(&args.format, false)?;
    writer.write(solution)?;
    writer.finish()
}

fn show(args: &ShowArgs) -> Result<(), Failure> {
    let solution: Solution = args.placement.parse()?;
    let mut writer = SolutionWriter::create(&args.format, false)?;
    writer.write(solution)?;
    writer.finish()
}
