//! `queens`: the command-line face of the library. It parses arguments, calls the library
//! and prints; every computation is a library call.

mod args;
mod output;

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use clap::error::ErrorKind;
use queens::{Queens, Solution, SolutionsExt};

use args::{CheckArgs, Cli, Command, CountArgs, ShowArgs, SolveArgs};
use output::SolutionWriter;

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
        Command::Check(args) => check(&args),
        Command::Show(args) => show(&args),
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
    let commands = ["solve", "count", "check", "show", "help"];
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
    let rendered = err.render().to_string();
    let first_line = rendered.lines().next().unwrap_or("invalid arguments");
    eprintln!("queens: {first_line}");
    ExitCode::from(2)
}

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
    let total = if args.fundamental {
        let _ = Queens::try_new(args.n)?;
        queens::count_fundamental(args.n)
    } else {
        queens::try_count(args.n)?
    };
    writeln!(io::stdout(), "{total}")?;
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

fn show(args: &ShowArgs) -> Result<(), Failure> {
    let solution: Solution = args.placement.parse()?;
    let mut writer = SolutionWriter::create(&args.format, false)?;
    writer.write(solution)?;
    writer.finish()
}
