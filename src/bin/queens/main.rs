//! `queens`: the command-line face of the library. It parses arguments, calls the library
//! and prints; every computation is a library call.

mod args;
mod output;
mod progress;
mod watch;

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use clap::error::ErrorKind;
use queens::counting::{Counter, Engine, Shard, ShardRecord};
use queens::puzzle::{Puzzle, Puzzles, read_puzzle};
use queens::trace::Event;
use queens::{Builder, Queens, Solution};

use args::{
    AnimateArgs, CheckArgs, Cli, Command, CountArgs, CountChoice, MergeArgs, OneArgs, PlanArgs,
    PuzzleArgs, SampleArgs, ShowArgs, SolveArgs, TraceArgs,
};
use output::SolutionWriter;

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
    let cli = match Cli::try_parse_from(with_default_command(std::env::args_os())) {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
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
    // clap's message runs up to the first blank line; usage and tips follow it. It quotes
    // the argument, which may be long.
    let rendered = err.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut message = message.join(" ");
    if let Some((cut, _)) = message.char_indices().nth(MAX_MESSAGE) {
        message.truncate(cut);
        message.push_str("...");
    }
    say(format_args!("queens: {message}"));
    ExitCode::from(2)
}

/// The longest error message printed, in characters.
const MAX_MESSAGE: usize = 300;

/// The board of `queens solve`: its size, fixed queens, blocked squares and puzzle file.
fn solve_board(args: &SolveArgs) -> Result<Builder, Failure> {
    let builder = match &args.puzzle {
        Some(path) => {
            let (name, reader) = open_input(path)?;
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
    Ok(builder
        .prefix(prefix)
        .queens(args.queens.iter().copied())
        .blocks(args.blocks.iter().copied()))
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
    let mut writer = SolutionWriter::create(&args.format, args.numbered)?;
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
            "{written} {kind} of {n} {} in {:.3?}",
            if n == 1 { "queen" } else { "queens" },
            started.elapsed()
        ));
    }
    Ok(())
}

fn count(args: &CountArgs) -> Result<(), Failure> {
    let out = output::stdout()?;
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
    let bar = progress::Bar::new(subproblems);
    let report_to = bar.clone();
    let started = Instant::now();
    let counter = counter.on_finished(move |_, progress| report_to.update(progress));
    let counts = counter.run()?;
    bar.finish();
    let incomplete = counter.checkpoint_failure();
    let mut out = out.lock();
    if args.json {
        let record = ShardRecord::new(&counts, started.elapsed().as_secs_f64());
        writeln!(out, "{}", record.to_json())?;
    } else if fundamental {
        writeln!(out, "{}", counts.fundamental.unwrap_or(0))?;
    } else {
        writeln!(out, "{}", counts.total)?;
    }
    out.flush()?;
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
    let out = output::stdout()?;
    let estimate = counter.estimate_within(
        usize::try_from(args.sample).unwrap_or(usize::MAX),
        Duration::from_secs(args.seconds),
    )?;
    let threads = estimate.threads;
    let mib = |bytes: u64| bytes.div_ceil(1 << 20);
    let storage = match (engine, estimate.streamed) {
        (Engine::Quadrants, true) => {
            " (each subproblem builds only the rows it reads: the whole tables do not fit)"
        }
        (Engine::Quadrants, false) => " (the whole tables of each case, shared by the threads)",
        _ => "",
    };
    let measured = estimate.sampled_peak.map_or(String::new(), |bytes| {
        format!(
            "; the sample grew this process by {:.1} MiB",
            bytes as f64 / 1048576.0
        )
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
         memory: about {} MiB a process on {threads} thread{plural}{storage}{measured}\n\
         time: {} of {} {parts} timed here{how} in {:.2} s: about {} of CPU time in all ({})\n\
         shards: {shards} of about {} subproblems, about {} each on {threads} thread{plural}\n",
        args.count.n,
        mib(estimate.memory),
        estimate.sampled.len(),
        estimate.parts,
        estimate.seconds,
        duration(estimate.cpu_seconds),
        estimate.error_bar(),
        subproblems.div_ceil(shards),
        duration(estimate.hours_per_shard(shards, threads) * 3600.0),
    );
    let mut out = out.lock();
    out.write_all(report.as_bytes())?;
    out.flush()?;
    Ok(())
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
    let out = output::stdout()?;
    let mut records = Vec::new();
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = match args.files.is_empty() {
        true => &stdin_only[..],
        false => &args.files[..],
    };
    for path in files {
        let (name, reader) = open_input(path)?;
        let read = ShardRecord::read_all(reader)
            .map_err(|err| Failure::Usage(format!("{name}: {err}")))?;
        records.extend(read);
    }
    let merged = ShardRecord::merge(&records)?;
    writeln!(out.lock(), "{}", merged.to_json())?;
    Ok(())
}

/// A file to read, or standard input for `-`, with the name errors give it.
fn open_input(path: &Path) -> Result<(String, Box<dyn BufRead>), Failure> {
    if path.as_os_str() == "-" {
        return Ok(("standard input".into(), Box::new(io::stdin().lock())));
    }
    let cannot = |why: String| Failure::Usage(format!("cannot read {}: {why}", path.display()));
    let file = File::open(path).map_err(|err| cannot(err.to_string()))?;
    if file.metadata().is_ok_and(|meta| meta.is_dir()) {
        return Err(cannot("it is a directory".into()));
    }
    Ok((path.display().to_string(), Box::new(BufReader::new(file))))
}

/// `check` shows a valid solution's columns up to this size, and only its size above.
const SHOWN_COLUMNS: usize = 64;

fn check(args: &CheckArgs) -> Result<(), Failure> {
    let out = output::stdout()?;
    let (_, reader) = open_input(args.file.as_deref().unwrap_or(Path::new("-")))?;
    let mut read = queens::formats::parse_reader(reader);
    if let Some(n) = args.n {
        read = read.board_size(n);
    }
    let mut out = io::BufWriter::new(out.lock());
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
    out.flush()?;
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
    output::check_drawable(args.n, args.format.format)?;
    // Refused in one line rather than killed by the kernel halfway through.
    let needed = one_bytes(args.n, args.format.format, args.random);
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
    let mut writer = SolutionWriter::create(&args.format, false)?;
    writer.write(solution)?;
    writer.finish()
}

fn sample(args: &SampleArgs) -> Result<(), Failure> {
    let mut writer = SolutionWriter::create(&args.format, false)?;
    for k in 0..args.count {
        writer.write(queens::search::sample(
            args.n,
            args.seed.wrapping_add(k as u64),
        )?)?;
    }
    writer.finish()
}

fn puzzle(args: &PuzzleArgs) -> Result<(), Failure> {
    let file = args
        .rate
        .as_ref()
        .or(args.explain.as_ref().and_then(Option::as_ref));
    let explain = args.explain.is_some();
    let out = output::stdout()?;
    let mut out = io::BufWriter::new(out.lock());
    if let Some(path) = file {
        let (name, reader) = open_input(path)?;
        let puzzle = read_puzzle(reader)
            .and_then(|board| Puzzle::from_builder(&board))
            .map_err(|err| Failure::Usage(format!("{name}: {err}")))?;
        write_puzzle(&mut out, &puzzle, &format!("{name}:"), args, explain)?;
    } else {
        let n = args.n.expect("clap requires n without a file");
        let puzzles = Puzzles::new(n)
            .kind(args.kind)
            .seed(args.seed)
            .minimal(args.minimal);
        let puzzles = match args.difficulty {
            Some(level) => puzzles.level(level),
            None => puzzles,
        };
        let count = usize::try_from(args.count).unwrap_or(usize::MAX);
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
    out.flush()?;
    Ok(())
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
    let out = output::stdout()?;
    let mut out = io::BufWriter::new(out.lock());
    let json = args.format == "json";
    for event in events(args.n, args.first)? {
        if json {
            let line = serde_json::to_string(&event).map_err(io::Error::other)?;
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{event}")?;
        }
    }
    out.flush()?;
    Ok(())
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
    output::write_file(
        args.output.as_deref().unwrap_or(Path::new("-")),
        queens::trace::animated_svg(args.n, &events)?.as_bytes(),
    )
}

fn show(args: &ShowArgs) -> Result<(), Failure> {
    let solution: Solution = args.placement.parse()?;
    let mut writer = SolutionWriter::create(&args.format, false)?;
    writer.write(solution)?;
    writer.finish()
}
