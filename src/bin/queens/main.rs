//! `queens`: the command-line face of the library. It parses arguments, calls the library
//! and prints; every computation is a library call.

mod args;
mod output;
mod progress;
mod watch;

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use queens::counting::{Counter, Engine, Shard, ShardRecord};
use queens::puzzle::{Puzzle, Puzzles, read_puzzle};
use queens::trace::Event;
use queens::{Builder, Queens, Solution};

use args::{
    AnimateArgs, CheckArgs, Cli, Command, CountArgs, CountChoice, MergeArgs, OneArgs, PlanArgs,
    PuzzleArgs, SampleArgs, ShowArgs, SolveArgs, SquareText, TraceArgs,
};
use output::{Out, SolutionWriter};

/// Why the command stopped early.
pub enum Failure {
    /// Bad input: printed as one line, exit code 2.
    Usage(String),
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
        Failure::Usage(err.to_string())
    }
}

fn main() -> ExitCode {
    let args = with_default_command(std::env::args_os());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err, &args),
    };
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Count(args) => count(&args),
        Command::Plan(args) => plan(&args),
        Command::Merge(args) => merge(&args),
        Command::Check(args) => check(&args),
        Command::Show(args) => show(&args),
        Command::Puzzle(args) => puzzle(&args),
        Command::One(args) => one(&args),
        Command::Sample(args) => sample(&args),
        Command::Trace(args) => trace(&args),
        Command::Animate(args) => animate(&args),
        Command::Watch(args) => watch::watch(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(err)) => {
            say(format_args!("queens: error: {err}"));
            ExitCode::from(2)
        }
        Err(Failure::Usage(message)) => {
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

/// Help and version go to stdout with success. A mistake in the arguments is one line with
/// exit code 2, then what clap has to add: its tips (a similar command, option or value;
/// how to pass a value that starts with `-`) and the usage they lead to.
fn usage_error(err: &clap::Error, args: &[OsString]) -> ExitCode {
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
    let tip = match err.kind() {
        ErrorKind::MissingRequiredArgument => file_took_the_size(args),
        _ => None,
    };
    for line in clap_lines(&err.render().to_string(), tip) {
        say(format_args!("{line}"));
    }
    ExitCode::from(2)
}

/// The lines printed for clap's `rendered` error: its message as one line, then its tips,
/// `extra_tip` (if any), and its usage line if it has one. Each line quotes at
/// most [`MAX_MESSAGE`] characters: an argument may be long.
fn clap_lines(rendered: &str, extra_tip: Option<String>) -> Vec<String> {
    let cut = |mut line: String| {
        if let Some((cut, _)) = line.char_indices().nth(MAX_MESSAGE) {
            line.truncate(cut);
            line.push_str("...");
        }
        line
    };
    // The message runs up to the first blank line; tips, usage and a pointer to --help
    // follow.
    let mut lines = rendered.lines();
    let message: Vec<&str> = lines
        .by_ref()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut printed = vec![cut(format!("queens: {}", message.join(" ")))];
    let rest: Vec<&str> = lines.map(str::trim).collect();
    let tips = rest
        .iter()
        .filter(|line| line.starts_with("tip:"))
        .map(|tip| tip.to_string())
        .chain(extra_tip);
    printed.extend(tips.map(|tip| cut(format!("  {tip}"))));
    let usage = rest.iter().find(|line| line.starts_with("Usage:"));
    printed.extend(usage.map(|usage| cut(usage.to_string())));
    printed
}

/// The longest line of an error printed, in characters.
const MAX_MESSAGE: usize = 300;

/// Whether `text` is written like a board size: decimal digits only.
fn is_number(text: &OsStr) -> bool {
    text.to_str()
        .is_some_and(|text| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
}

/// A tip for a command that lacks its board size because an option that takes a FILE took
/// it: `queens count --checkpoint 16`.
fn file_took_the_size(args: &[OsString]) -> Option<String> {
    let command = Cli::command();
    let name = args.get(1)?.to_str()?;
    let sub = command.find_subcommand(name)?;
    if !sub.get_positionals().any(|arg| arg.get_id() == "n") {
        return None;
    }
    let takes_file = |option: &str| {
        sub.get_arguments().find(|arg| {
            let names_file = arg
                .get_value_names()
                .is_some_and(|names| names.iter().any(|name| name == "FILE"));
            let named = if let Some(long) = option.strip_prefix("--") {
                arg.get_long() == Some(long)
            } else if let Some(short) = option.strip_prefix('-') {
                let mut chars = short.chars();
                matches!((chars.next(), chars.next()), (Some(c), None) if arg.get_short() == Some(c))
            } else {
                false
            };
            names_file && named
        })
    };
    let mut words = args[2..].iter().filter_map(|a| a.to_str());
    while let Some(word) = words.next() {
        // `--output=8`, `-o=8`, `-o8` or `--output 8`.
        let (option, value) = match word.split_once('=') {
            Some((option, value)) if option.starts_with('-') => (option, Some(value)),
            _ if !word.starts_with("--") && word.starts_with('-') && word.len() > 2 => {
                let at = word.char_indices().nth(2).map_or(word.len(), |(at, _)| at);
                (&word[..at], Some(&word[at..]))
            }
            _ => (word, None),
        };
        let Some(arg) = takes_file(option) else {
            continue;
        };
        let Some(value) = value.or_else(|| words.next()) else {
            continue;
        };
        if is_number(OsStr::new(value)) {
            let long = arg.get_long().unwrap_or_default();
            return Some(format!(
                "tip: {value} was read as the FILE of --{long}; the board size comes first: `queens {name} {value} --{long} FILE`"
            ));
        }
    }
    None
}

/// The board of `queens solve`: its size, fixed queens, blocked squares and puzzle file.
fn solve_board(args: &SolveArgs) -> Result<Builder, Failure> {
    let builder = match &args.puzzle {
        Some(path) => {
            let (name, reader) = open_input(path, |n| {
                format!(
                    "--puzzle takes a puzzle FILE, not a board size: `queens solve {n}` solves the {n}x{n} board"
                )
            })?;
            let puzzle =
                read_puzzle(reader).map_err(|err| Failure::Usage(format!("{name}: {err}")))?;
            if let Some(n) = args.n.filter(|&n| n != puzzle.n()) {
                return Err(Failure::Usage(format!(
                    "{name} is a {0}x{0} puzzle, not {n}x{n}",
                    puzzle.n()
                )));
            }
            puzzle
        }
        None => Queens::builder(args.n.expect("clap requires n without a puzzle")),
    };
    let prefix = args.prefix.as_ref().map_or(&[][..], |p| &p.0[..]);
    let n = builder.n();
    let on_board = |given: &[SquareText]| {
        given
            .iter()
            .map(|square| square.on(n))
            .collect::<Result<Vec<_>, _>>()
    };
    Ok(builder
        .prefix(prefix)
        .queens(on_board(&args.queens)?)
        .blocks(on_board(&args.blocks)?))
}

fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let board = solve_board(args)?;
    let n = board.n();
    let search = board.build()?;
    let limit = args.first.unwrap_or(usize::MAX);
    // Classes under the symmetries that keep the puzzle (all eight on a plain board).
    let search = match args.fundamental {
        true => search.soonest_fundamental(),
        false => search.soonest(),
    };
    let format = output::format_for(n, args.format.format)?;
    let mut writer = SolutionWriter::create(args.output.path(), format, args.numbered)?;
    let started = Instant::now();
    let solutions = search.take(limit);
    for solution in solutions {
        writer.write(solution)?;
    }
    let written = writer.written();
    writer.finish()?;
    if !args.quiet {
        let kind = match (args.fundamental, written) {
            (true, 1) => "fundamental solution",
            (true, _) => "fundamental solutions",
            (false, 1) => "solution",
            (false, _) => "solutions",
        };
        say(format_args!(
            "{written} {kind} of {n} {} in {}",
            if n == 1 { "queen" } else { "queens" },
            took(started.elapsed())
        ));
    }
    Ok(())
}

fn count(args: &CountArgs) -> Result<(), Failure> {
    // Opened first: a count of hours does not find out at its end that it cannot write.
    let mut out = Out::open(args.output.path())?;
    let Shard { index, of } = args.shard.unwrap_or(Shard::WHOLE);
    let mut counter = counter(&args.count)?.shard(index, of);
    let fundamental = args.count.fundamental;
    // Chosen once: the checkpoint, the progress bar and the count all number the same
    // engine's subproblems.
    let engine = counter.chosen_engine()?;
    counter = counter.engine(engine);
    if engine == Engine::Quadrants && fundamental && of > 1 && !args.json {
        return Err(Failure::Usage(
            "a shard of the quadrant join has no symmetry classes of its own: add --json and \
             merge the shards' records with `queens merge`"
                .into(),
        ));
    }
    counter.validate()?;
    if let (Some(output), Some(checkpoint)) = (args.output.path(), &args.checkpoint)
        && same_file(output, checkpoint)
    {
        return Err(Failure::Usage(format!(
            "--output and --checkpoint both name {}: the count would replace its checkpoint",
            output.display()
        )));
    }
    if let Some(forecast) = counter.forecast()? {
        let hours = forecast.hours();
        if hours > queens::counting::Estimate::LONG_HOURS {
            say(format_args!(
                "queens: warning: this count would take about {} on {} thread{} ({}; `queens plan {}` \
                 tells more); press Ctrl-C to stop it",
                duration(hours * 3600.0),
                forecast.threads,
                if forecast.threads == 1 { "" } else { "s" },
                forecast.error_bar(),
                args.count.n
            ));
        }
    }
    let subproblems = Shard { index, of }.subproblems_of(counter.total_subproblems()?);
    if let Some(path) = &args.checkpoint {
        counter = counter.checkpoint(path)?;
        let done = counter.resumed_subproblems();
        if done > 0 {
            // Said, so that a requeued or restarted job's log shows the work it kept.
            say(format_args!(
                "queens: resuming from {}: {done} of {subproblems} subproblems already counted",
                path.display()
            ));
        }
    }
    let resumed = counter.resumed_subproblems();
    let bar = progress::Bar::new(subproblems, resumed, args.quiet);
    let done = Arc::new(AtomicUsize::new(resumed));
    let started = Instant::now();
    let interrupted = Interrupted {
        done: Arc::clone(&done),
        of: subproblems,
        resumed,
        started,
        checkpoint: args.checkpoint.clone(),
        bar: bar.clone(),
    };
    output::on_interrupt(move || say(format_args!("{}", interrupted.report())));
    let report_to = bar.clone();
    let counter = counter.on_finished(move |_, progress| {
        done.fetch_max(progress.done, Ordering::Relaxed);
        report_to.update(progress);
    });
    let counts = counter.run()?;
    let seconds = started.elapsed();
    bar.finish();
    let incomplete = counter.checkpoint_failure();
    let number = match fundamental {
        true => counts.fundamental.unwrap_or(0),
        false => counts.total,
    };
    if args.json {
        let record = ShardRecord::new(&counts, seconds.as_secs_f64());
        writeln!(out, "{}", record.to_json())?;
    } else {
        writeln!(out, "{number}")?;
    }
    out.finish()?;
    if !args.json && !args.quiet {
        say(format_args!(
            "{number} {}solution{} of {} {}{} counted in {}",
            if fundamental { "fundamental " } else { "" },
            if number == 1 { "" } else { "s" },
            args.count.n,
            if args.count.n == 1 { "queen" } else { "queens" },
            match of {
                1 => String::new(),
                _ => format!(", shard {index}/{of},"),
            },
            took(seconds)
        ));
    }
    match incomplete {
        Some(err) => {
            say(format_args!(
                "queens: warning: the count is right, but the checkpoint is incomplete: {err}"
            ));
            Err(Failure::Flawed)
        }
        None => Ok(()),
    }
}

/// What an interrupted count says: what it had done, in how long, and where that is kept,
/// or how it could have been.
struct Interrupted {
    /// Subproblems finished, resumed ones included.
    done: Arc<AtomicUsize>,
    of: usize,
    resumed: usize,
    started: Instant,
    checkpoint: Option<std::path::PathBuf>,
    bar: progress::Bar,
}

impl Interrupted {
    fn report(&self) -> String {
        self.bar.finish();
        let done = self.done.load(Ordering::Relaxed);
        let resumed = match self.resumed {
            0 => String::new(),
            resumed => format!(" ({resumed} of them resumed)"),
        };
        let kept = match &self.checkpoint {
            Some(path) => format!(
                "kept in {} (the same command goes on from there)",
                path.display()
            ),
            None => "and lost (`--checkpoint FILE` would have kept them for the next run to go \
                     on from)"
                .into(),
        };
        format!(
            "queens: interrupted after {}: {done} of {} subproblems counted{resumed}, {kept}",
            took(self.started.elapsed()),
            self.of
        )
    }
}

/// Whether two paths name one file, which may not exist yet.
fn same_file(a: &Path, b: &Path) -> bool {
    // The file itself, or the folder it would be made in and its name.
    let resolved = |path: &Path| {
        std::fs::canonicalize(path).ok().or_else(|| {
            let folder = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            Some(std::fs::canonicalize(folder).ok()?.join(path.file_name()?))
        })
    };
    a == b || matches!((resolved(a), resolved(b)), (Some(a), Some(b)) if a == b)
}

/// The counter of what `choice` asks for.
fn counter(choice: &CountChoice) -> Result<Counter, Failure> {
    let counter = Counter::new(choice.n)?
        .threads(choice.threads)
        .fundamental(choice.fundamental)
        .engine(choice.engine);
    Ok(match choice.memory {
        Some(bytes) => counter.memory(bytes),
        None => counter,
    })
}

fn plan(args: &PlanArgs) -> Result<(), Failure> {
    let counter = counter(&args.count)?;
    // Everything is worked out before a line is printed: a plan refused prints nothing.
    let engine = counter.validate()?;
    let subproblems = counter.total_subproblems()?;
    let shards = usize::try_from(args.shards).unwrap_or(usize::MAX);
    let mut out = Out::open(args.output.path())?;
    let estimate = counter.estimate_within(
        usize::try_from(args.sample).unwrap_or(usize::MAX),
        Duration::from_secs(args.seconds),
    )?;
    let threads = estimate.threads;
    let storage = match (engine, estimate.streamed) {
        (Engine::Quadrants, true) => {
            " (each subproblem builds only the rows it reads: the whole tables do not fit)"
        }
        (Engine::Quadrants, false) => " (the whole tables of each case, shared by the threads)",
        _ => "",
    };
    let measured = estimate.sampled_peak.map_or(String::new(), |bytes| {
        format!("; the sample grew this process by {}", size(bytes, false))
    });
    let plural = if threads == 1 { "" } else { "s" };
    let parts = match engine {
        Engine::Quadrants => "subproblem steps",
        _ => "subproblems",
    };
    let how = match (estimate.whole, engine) {
        (true, _) => "",
        (false, Engine::Quadrants) => ", some stopped and estimated from the part that ran",
        (false, _) => ", each along a random path down its search",
    };
    let report = format!(
        "n = {}: the {engine} engine, {subproblems} subproblems\n\
         memory: {} on {threads} thread{plural}{storage}{measured}\n\
         time: {} of {} {parts} timed here{how} in {:.2} s: about {} of CPU time in all ({})\n\
         shards: {shards} of about {} subproblems, about {} each on {threads} thread{plural}\n",
        args.count.n,
        match estimate.memory {
            0 => "no tables".to_string(),
            bytes => format!("about {} a process", size(bytes, true)),
        },
        estimate.sampled.len(),
        estimate.parts,
        estimate.seconds,
        duration(estimate.cpu_seconds),
        estimate.error_bar(),
        subproblems.div_ceil(shards),
        duration(estimate.hours_per_shard(shards, threads) * 3600.0),
    );
    out.write_all(report.as_bytes())?;
    out.finish()
}

/// How long something took: to the millisecond (or finer) up to two minutes, then in
/// minutes, hours or years.
fn took(elapsed: Duration) -> String {
    match elapsed.as_secs_f64() {
        seconds if seconds < 120.0 => format!("{elapsed:.3?}"),
        seconds => duration(seconds),
    }
}

/// `bytes` in the unit that shows them: bytes below 1 KiB, else KiB, MiB, GiB or TiB to
/// three significant figures, rounded up (a need) or down (what is available): as
/// `queens::Error::NotEnoughMemory` writes them.
fn size(bytes: u64, round_up: bool) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    }
    let mut unit = 0;
    loop {
        let shift = 10 * (unit as u32 + 1);
        let decimals = match bytes >> shift {
            0..=9 => 2,
            10..=99 => 1,
            _ => 0,
        };
        let scale = 10u128.pow(decimals);
        let (scaled, divisor) = (u128::from(bytes) * scale, 1u128 << shift);
        let value = match round_up {
            true => scaled.div_ceil(divisor),
            false => scaled / divisor,
        };
        if value >= 1024 * scale && unit + 1 < UNITS.len() {
            unit += 1;
            continue;
        }
        let whole = value / scale;
        let fraction = format!("{:0width$}", value % scale, width = decimals as usize);
        let fraction = fraction.trim_end_matches('0');
        return match fraction {
            "" => format!("{whole} {}", UNITS[unit]),
            _ => format!("{whole}.{fraction} {}", UNITS[unit]),
        };
    }
}

/// Seconds as seconds, minutes, hours or years, whichever reads best.
fn duration(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    match seconds {
        s if s < 120.0 => format!("{s:.1} s"),
        s if s < 7200.0 => format!("{:.1} minutes", s / 60.0),
        s if s < 2.0 * YEAR => format!("{:.1} hours", s / 3600.0),
        s if s < 1e4 * YEAR => format!("{:.1} years", s / YEAR),
        s => format!("{:.2e} years", s / YEAR),
    }
}

fn merge(args: &MergeArgs) -> Result<(), Failure> {
    let mut out = Out::open(args.output.path())?;
    let mut records = Vec::new();
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = match args.files.is_empty() {
        true => &stdin_only[..],
        false => &args.files[..],
    };
    for path in files {
        let (name, reader) = open_input(path, |n| {
            format!(
                "merge reads the records of `queens count --shard I/K --json`, not a board size: `queens count {n}` counts the {n}x{n} board"
            )
        })?;
        let read = ShardRecord::read_all(reader)
            .map_err(|err| Failure::Usage(format!("{name}: {err}")))?;
        records.extend(read);
    }
    let merged = ShardRecord::merge(&records)?;
    writeln!(out, "{}", merged.to_json())?;
    out.finish()
}

/// A file to read, or standard input for `-`, with the name errors give it. A file that is
/// not there, named like a board size, was likely meant as one: `size_hint(N)` says what
/// the option or argument takes, and how to give a size.
fn open_input(
    path: &Path,
    size_hint: impl Fn(&str) -> String,
) -> Result<(String, Box<dyn BufRead>), Failure> {
    if path.as_os_str() == "-" {
        return Ok(("standard input".into(), Box::new(io::stdin().lock())));
    }
    let cannot = |why: String| Failure::Usage(format!("cannot read {}: {why}", path.display()));
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
const SHOWN_COLUMNS: usize = 64;

fn check(args: &CheckArgs) -> Result<(), Failure> {
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
        return Err(Failure::Usage("no solutions found in the input".into()));
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

/// `one` keeps every column in memory and writes its text whole: a billion queens is about
/// as far as a workstation goes.
const MAX_ONE: usize = 1_000_000_000;

/// Bytes `one` needs for a board of `n` queens: the solution's columns (8 a queen) and
/// either its text, written as one record, or, before, a random solution's local search
/// (12 bytes a queen at most: its columns, diagonal counts and the rows it suspects). Peak
/// resident sizes at n = 10^7 stay under it in every format (158-236 MB, 16-24 bytes a
/// queen, where this says 170-260 MB).
fn one_bytes(n: usize, format: args::Format, random: bool) -> u64 {
    let search = if random {
        (n as u64).saturating_mul(12)
    } else {
        0
    };
    (n as u64)
        .saturating_mul(8)
        .saturating_add(output::text_bytes(n, format).max(search))
}

fn one(args: &OneArgs) -> Result<(), Failure> {
    if args.n > MAX_ONE {
        return Err(queens::Error::TooLarge {
            n: args.n,
            max: MAX_ONE,
        }
        .into());
    }
    let format = output::format_for(args.n, args.format.format)?;
    // Refused in one line rather than killed by the kernel halfway through.
    let needed = one_bytes(args.n, format, args.random);
    if let Some(available) = queens::counting::available_memory().filter(|&free| needed > free) {
        return Err(queens::Error::NotEnoughMemory {
            needed,
            available,
            advice: "ask for a smaller board (--format json or list needs the least)",
        }
        .into());
    }
    let solution = if args.random {
        queens::large_boards::random(args.n, args.seed)?
    } else {
        queens::large_boards::construct(args.n)?
    };
    let mut writer = SolutionWriter::create(args.output.path(), format, false)?;
    writer.write(solution)?;
    writer.finish()
}

fn sample(args: &SampleArgs) -> Result<(), Failure> {
    let format = output::format_for(args.n, args.format.format)?;
    let mut writer = SolutionWriter::create(args.output.path(), format, false)?;
    for k in 0..args.count {
        writer.write(queens::search::sample(
            args.n,
            args.seed.wrapping_add(k as u64),
        )?)?;
    }
    writer.finish()
}

fn puzzle(args: &PuzzleArgs) -> Result<(), Failure> {
    let (n, explained) = explained_file(args)?;
    let file = args.rate.as_deref().or(explained);
    let explain = args.explain.is_some();
    let mut out = Out::open(args.output.path())?;
    if let Some(path) = file {
        let (name, reader) = open_input(path, |n| {
            format!(
                "--rate takes a puzzle FILE, not a board size: `queens puzzle {n}` makes a puzzle on the {n}x{n} board"
            )
        })?;
        let puzzle = read_puzzle(reader)
            .and_then(|board| Puzzle::from_builder(&board))
            .map_err(|err| Failure::Usage(format!("{name}: {err}")))?;
        write_puzzle(&mut out, &puzzle, &format!("{name}:"), args, explain)?;
    } else {
        let n = n.expect("clap or explained_file requires n without a file");
        let puzzles = Puzzles::new(n)
            .kind(args.kind)
            .seed(args.seed.unwrap_or(0))
            .minimal(args.minimal);
        let puzzles = match args.level {
            Some(level) => puzzles.level(level),
            None => puzzles,
        };
        let count = usize::try_from(args.count.unwrap_or(1)).unwrap_or(usize::MAX);
        for (k, puzzle) in puzzles.take(count).enumerate() {
            let puzzle = puzzle?;
            if k > 0 && args.format != "json" {
                writeln!(out)?;
            }
            let title = format!(
                "puzzle {} of n = {}, seed {}:",
                k + 1,
                puzzle.n(),
                puzzle.seed().unwrap_or_default()
            );
            write_puzzle(&mut out, &puzzle, &title, args, explain)?;
        }
    }
    out.finish()
}

/// The board size of `queens puzzle`, and the file `--explain` names, if it names one. A
/// number after `--explain` is the board size: `--explain 8` is `8 --explain`.
fn explained_file(args: &PuzzleArgs) -> Result<(Option<usize>, Option<&Path>), Failure> {
    let value = match &args.explain {
        Some(Some(value)) => value,
        Some(None) if args.n.is_none() => {
            return Err(Failure::Usage(
                "--explain needs a board size before it, or a puzzle FILE after it: \
                 `queens puzzle 8 --explain`, `queens puzzle --explain puzzle.txt`"
                    .into(),
            ));
        }
        _ => return Ok((args.n, None)),
    };
    if is_number(value.as_os_str()) {
        let text = value.to_string_lossy();
        let n: usize = text.parse().map_err(|_| {
            Failure::Usage(format!(
                "board size {text} (after --explain) is too large: at most {} is supported",
                Queens::MAX_N
            ))
        })?;
        return match args.n {
            Some(first) if first != n => Err(Failure::Usage(format!(
                "two board sizes, {first} and {n} after --explain: --explain takes a FILE or nothing"
            ))),
            _ => Ok((Some(n), None)),
        };
    }
    // What makes puzzles has no place in grading one, as with --rate.
    let making = [
        ("the board size", args.n.is_some()),
        ("--level", args.level.is_some()),
        ("--seed", args.seed.is_some()),
        ("--count", args.count.is_some()),
        ("--minimal", args.minimal),
    ];
    if let Some((name, _)) = making.iter().find(|(_, given)| *given) {
        return Err(Failure::Usage(format!(
            "--explain {} grades the puzzle in that file: {name} cannot be used with it (to make \
             puzzles and explain them, give N and a bare --explain)",
            value.display()
        )));
    }
    Ok((None, Some(value)))
}

/// One puzzle in the format asked: as text, a `#` line with its `title` and grade, the
/// board, and its solving path if asked (`solve --puzzle` skips the `#` lines).
fn write_puzzle(
    out: &mut impl Write,
    puzzle: &Puzzle,
    title: &str,
    args: &PuzzleArgs,
    explain: bool,
) -> Result<(), Failure> {
    match args.format.as_str() {
        "json" => writeln!(out, "{}", puzzle.to_json())?,
        "csplib" => {
            write!(out, "{}", puzzle.to_csplib())?;
            if explain {
                for (i, step) in puzzle.explanation().iter().enumerate() {
                    writeln!(out, "$ {}. {step}", i + 1)?;
                }
            }
        }
        _ => {
            let r = puzzle.rating();
            writeln!(
                out,
                "# {title} {} ({} clues, {} blocks; {} forced, {} excluded, {} refuted, {} guessed)",
                r.level,
                puzzle.clues().len(),
                puzzle.blocks().len(),
                r.forced,
                r.excluded,
                r.refuted,
                r.guessed
            )?;
            write!(out, "{puzzle}")?;
            if explain {
                for (i, step) in puzzle.explanation().iter().enumerate() {
                    writeln!(out, "# {}. {step}", i + 1)?;
                }
            }
        }
    }
    Ok(())
}

/// The events of the search of `n` queens, up to the `first`-th solution.
fn events(n: usize, first: Option<u64>) -> Result<impl Iterator<Item = Event>, Failure> {
    let mut seen = 0;
    let last = first.unwrap_or(u64::MAX);
    Ok(Queens::try_new(n)?.trace().take_while(move |event| {
        let more = seen < last;
        if let Event::Solution { .. } = event {
            seen += 1;
        }
        more
    }))
}

fn trace(args: &TraceArgs) -> Result<(), Failure> {
    let events = events(args.n, args.first)?;
    let mut out = Out::open(args.output.path())?;
    let json = args.format == "json";
    for event in events {
        if json {
            let line = serde_json::to_string(&event).map_err(io::Error::other)?;
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{event}")?;
        }
    }
    out.finish()
}

/// The largest board `animate` draws, and the most events it animates: the first
/// solution of every board up to 15 x 15 takes fewer (16 x 16: 23,785), and a picture of
/// 20,000 takes about 33 MB.
const MAX_ANIMATED: usize = 15;
const MAX_FRAMES: usize = 20_000;

fn animate(args: &AnimateArgs) -> Result<(), Failure> {
    if args.n > MAX_ANIMATED {
        return Err(Failure::Usage(format!(
            "boards up to {MAX_ANIMATED} x {MAX_ANIMATED} are animated, not {0} x {0}",
            args.n
        )));
    }
    let events: Vec<Event> = events(args.n, Some(args.first))?
        .take(MAX_FRAMES + 1)
        .collect();
    if events.len() > MAX_FRAMES {
        return Err(Failure::Usage(format!(
            "the search takes over {MAX_FRAMES} steps to its solution {}: too long to animate",
            args.first
        )));
    }
    let picture = queens::trace::animated_svg(args.n, &events)?;
    let mut out = Out::open(args.output.path())?;
    out.write_all(picture.as_bytes())?;
    out.finish()
}

fn show(args: &ShowArgs) -> Result<(), Failure> {
    let solution: Solution = args.placement.parse()?;
    let format = output::format_for(solution.n(), args.format.format)?;
    let mut writer = SolutionWriter::create(args.output.path(), format, false)?;
    writer.write(solution)?;
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_the_library_s_memory_errors_write_them() {
        for bytes in [
            0,
            1,
            1023,
            1024,
            1025,
            1536,
            (1 << 20) - 1,
            1 << 20,
            64 << 20,
            (19 << 20) + (300 << 10),
            3 << 29,
            1 << 40,
            u64::MAX,
        ] {
            let message = queens::Error::NotEnoughMemory {
                needed: bytes,
                available: bytes,
                advice: "",
            }
            .to_string();
            assert_eq!(
                message,
                format!(
                    "this needs about {} of memory, but only {} is available; ",
                    size(bytes, true),
                    size(bytes, false)
                )
            );
        }
        assert_eq!(size(8_700_000, true), "8.3 MiB");
    }

    #[test]
    fn times_read_to_the_millisecond_then_in_minutes_and_hours() {
        assert_eq!(took(Duration::from_millis(1500)), "1.500s");
        assert_eq!(took(Duration::from_micros(2500)), "2.500ms");
        assert_eq!(took(Duration::from_secs(600)), "10.0 minutes");
        assert_eq!(took(Duration::from_secs(3 * 3600)), "3.0 hours");
    }

    #[test]
    fn clap_s_tips_and_usage_follow_its_message_on_lines_of_their_own() {
        let rendered = "error: unexpected argument '--frist' found\n\n  tip: a similar argument \
                        exists: '--first'\n\nUsage: queens solve --first <K> <N>\n\nFor more \
                        information, try '--help'.\n";
        assert_eq!(
            clap_lines(rendered, Some("tip: more".into())),
            [
                "queens: error: unexpected argument '--frist' found",
                "  tip: a similar argument exists: '--first'",
                "  tip: more",
                "Usage: queens solve --first <K> <N>",
            ]
        );
        let one_line = "error: invalid value 'x' for '--first <K>': invalid digit found in \
                        string\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_lines(one_line, None),
            ["queens: error: invalid value 'x' for '--first <K>': invalid digit found in string"]
        );
    }

    #[test]
    fn a_number_taken_by_an_option_that_takes_a_file_is_named_in_a_tip() {
        let tip = |args: &[&str]| {
            let args: Vec<OsString> = args.iter().map(OsString::from).collect();
            file_took_the_size(&args)
        };
        let expected = "tip: 16 was read as the FILE of --checkpoint; the board size comes \
                        first: `queens count 16 --checkpoint FILE`";
        assert_eq!(
            tip(&["queens", "count", "--checkpoint", "16"]).as_deref(),
            Some(expected)
        );
        assert_eq!(
            tip(&["queens", "count", "--checkpoint=16"]).as_deref(),
            Some(expected)
        );
        // A file's name, an option that takes no FILE, a command without a board size.
        assert_eq!(tip(&["queens", "count", "--checkpoint", "cp16"]), None);
        assert_eq!(tip(&["queens", "count", "--threads", "16"]), None);
        assert_eq!(tip(&["queens", "merge", "-o", "16"]), None);
        assert_eq!(tip(&["queens", "nosuch", "-o", "16"]), None);
    }
}
