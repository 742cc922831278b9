//! `queens`: the command-line face of the library. It parses arguments, calls the library
//! and prints; every computation is a library call.

mod args;
mod check;
mod count;
mod one;
mod output;
mod progress;
mod puzzle;
mod records;
mod solve;
mod trace;
mod units;
mod usage;
mod watch;

use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use args::{Cli, Command};
use clap::Parser;
/// Why the command stopped early.
pub enum Failure {
    /// Refused before or while working: bad input, or a job that cannot be done here (too
    /// little memory, a file that cannot be written). Printed as one line, exit code 2.
    Refused(String),
    /// Reading or writing failed; a closed pipe is a normal end.
    Io(io::Error),
    /// The answer is out, but something is wrong (already reported): exit code 1. `check`
    /// found invalid solutions, or a count's checkpoint lacks some of its work.
    Flawed,
}

/// Writes one line to standard error. A closed or full stderr is no reason to fail: the
/// line is dropped.
pub fn say(line: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr(), "{line}");
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Failure::Io(err)
    }
}

impl From<queens::Error> for Failure {
    fn from(err: queens::Error) -> Self {
        Failure::Refused(err.describe(advice))
    }
}

/// An error's advice in the command's terms: the flags that take it.
fn advice(advice: queens::Advice) -> String {
    use queens::Advice;
    match advice {
        Advice::FewerThreads => "count on fewer --threads",
        Advice::ConstellationEngine => {
            "count with --engine constellations, which needs almost no memory"
        }
        Advice::SolutionsAlone => "resume it without --fundamental",
        Advice::Classes => "resume it with --fundamental",
        Advice::SmallerBoard => "ask for a smaller board (--format json or list needs the least)",
        Advice::ReadAll => "`queens check` reads them all",
        advice => advice.words(),
    }
    .to_owned()
}

fn main() -> ExitCode {
    let args = with_default_command(std::env::args_os());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => return usage::usage_error(&err, &args),
    };
    let result = match cli.command {
        Command::Solve(args) => solve::solve(&args),
        Command::Count(args) => count::count(&args),
        Command::Plan(args) => count::plan(&args),
        Command::Merge(args) => records::merge(&args),
        Command::Verify(args) => records::verify(&args),
        Command::Check(args) => check::check(&args),
        Command::Show(args) => solve::show(&args),
        Command::Puzzle(args) => puzzle::puzzle(&args),
        Command::One(args) => one::one(&args),
        Command::Sample(args) => one::sample(&args),
        Command::Trace(args) => trace::trace(&args),
        Command::Animate(args) => trace::animate(&args),
        Command::Watch(args) => watch::watch(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(err)) => {
            say(format_args!("queens: error: {err}"));
            ExitCode::from(2)
        }
        Err(Failure::Refused(message)) => {
            say(format_args!("queens: error: {message}"));
            ExitCode::from(2)
        }
        Err(Failure::Flawed) => ExitCode::from(1),
    }
}

/// `queens 8` means `queens solve 8`: insert the default command before a bare size.
/// Anything else is left to clap, which names an unknown subcommand as such.
fn with_default_command(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.collect();
    let needs_command = args.get(1).is_some_and(|first| {
        let first = first.to_string_lossy();
        !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit())
    });
    if needs_command {
        args.insert(1, "solve".into());
    }
    args
}
