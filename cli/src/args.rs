//! The command line: clap definitions and the parsers of its values.

use std::path::PathBuf;
use std::str::FromStr;

use clap::{Args, Parser, Subcommand};
use queens::counting::{Engine, Shard};
use queens::{Square, Style};

/// Solve, count, check and draw N-Queens boards.
#[derive(Debug, Parser)]
#[command(
    name = "queens",
    version,
    after_help = "With only a board size, `queens N` is `queens solve N`.\n\n\
                  Examples:\n  queens 8\n  queens solve 8 --first 3 --format list\n  \
                  queens count 12\n  queens show 0,4,7,5,2,6,1,3 --format grid"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Stream the solutions of an N x N board as they are found (the default command).
    ///
    /// Up to n = 30 solutions come in lexicographic order. Above that, where the first
    /// lexicographic solution can take billions of steps, and on boards with blocked squares,
    /// they come in most-constrained order (the row or column with the fewest open squares
    /// first), which finds each one in about a millisecond and refutes impossible puzzles
    /// fast. With --fundamental the lexicographic order holds up to n = 20; above, each
    /// class comes as its representative when the most-constrained search first meets it.
    #[command(
        after_help = "Examples:\n  queens solve 8\n  queens solve 8 --first 3 --format list\n  \
                            queens solve 8 --fundamental --format fen\n  \
                            queens solve 4 --format matrix --numbered\n  \
                            queens solve 8 --prefix 1,3 --queen e1 --format grid\n  \
                            queens solve 8 --block a8 --block e5 --first 1\n  \
                            queens solve --puzzle puzzle.txt --first 1\n  \
                            queens solve 12 --format json | head -3\n  \
                            queens solve 8 --first 4 --format svg --output boards.svg"
    )]
    Solve(SolveArgs),
    /// Count the solutions of an N x N board, on every core, or one shard of the count.
    #[command(
        after_help = "Examples:\n  queens count 12\n  queens count 10 --fundamental\n  \
                            queens count 16 --threads 1\n  \
                            queens count 18 --shard 3/64 --json --output shard-3.json\n  \
                            queens count 18 --checkpoint n18.checkpoint\n  \
                            queens count 22 --memory 1G"
    )]
    Count(CountArgs),
    /// Plan a count without running it: its subproblems, memory, and time from a few of
    /// them timed here, to size a batch job before submitting it.
    #[command(after_help = "Examples:\n  queens plan 18\n  \
                            queens plan 23 --shards 64 --threads 1 --memory 1G --sample 8")]
    Plan(PlanArgs),
    /// Add up the JSON records of `count --shard ... --json`, checking that every shard is there once.
    #[command(
        after_help = "Examples:\n  queens merge shard-*.json\n  cat shard-*.json | queens merge"
    )]
    Merge(MergeArgs),
    /// Count again here the parts a shard record's audit counted twice, on the portable
    /// code: a check, on another machine, of records written on machines nobody tested.
    #[command(
        after_help = "Examples:\n  queens verify shard-3.json\n  cat shard-*.json | queens verify"
    )]
    Verify(VerifyArgs),
    /// Check solutions read from a file or standard input, in any format `solve` writes.
    #[command(
        after_help = "Examples:\n  queens solve 8 --format fen | queens check\n  \
                            queens check solutions.txt\n  \
                            queens solve 8 --numbered | queens check --n 8"
    )]
    Check(CheckArgs),
    /// Print one solution of an N x N board, for any N: by formula, or at random.
    #[command(
        after_help = "Examples:\n  queens one 1000000 --format list > million.txt\n  \
                            queens one 12 --format grid\n  \
                            queens one 100 --random --seed 7 --format json"
    )]
    One(OneArgs),
    /// Draw solutions exactly uniformly at random (up to about two seconds each at n = 16).
    #[command(after_help = "Examples:\n  queens sample 8\n  \
                            queens sample 12 --seed 7 --count 3 --format list")]
    Sample(SampleArgs),
    /// Stream the search's events: each queen placed and taken back, dead ends, solutions.
    #[command(after_help = "Examples:\n  queens trace 4 --first 1\n  \
                            queens trace 8 --first 1 --format json | tail -1")]
    Trace(TraceArgs),
    /// Draw the search as an animated SVG picture (no script: it plays in a README).
    #[command(after_help = "Examples:\n  queens animate 6 --output search.svg\n  \
                            queens animate 8 --first 2 --output search.svg")]
    Animate(AnimateArgs),
    /// Watch the search in the terminal: space plays or pauses, the arrows step, q quits.
    #[command(after_help = "Examples:\n  queens watch 8\n  queens watch 6 --speed 2 --paused")]
    Watch(WatchArgs),
    /// Make puzzles with exactly one solution, graded by the techniques a person needs.
    #[command(after_help = "Examples:\n  queens puzzle 8\n  \
                            queens puzzle 10 --level hard --seed 3 --explain\n  \
                            queens puzzle 12 --count 100 --format json -o puzzles.jsonl")]
    Puzzle(PuzzleArgs),
    /// Draw one given placement.
    #[command(after_help = "Examples:\n  queens show 0,4,7,5,2,6,1,3\n  \
                            queens show 0,4,7,5,2,6,1,3 --format unicode")]
    Show(ShowArgs),
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board size (may be left out with --puzzle, which gives it).
    #[arg(required_unless_present = "puzzle")]
    pub n: Option<usize>,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub first: Option<usize>,
    /// Keep one solution per symmetry class, its representative (the least of its images).
    #[arg(long)]
    pub fundamental: bool,
    #[command(flatten)]
    pub format: FormatArgs,
    /// Head each text board with `answer K:`, counting from 1.
    #[arg(long)]
    pub numbered: bool,
    /// Columns of the queens in the first rows, e.g. 1,3,0.
    #[arg(long, value_name = "COLUMNS", value_parser = parse_columns)]
    pub prefix: Option<Columns>,
    /// A queen fixed on SQUARE: its chess name (e4) or ROW,COL counted from 0 at the top left
    /// (4,4 on 8 x 8); may be repeated.
    #[arg(long = "queen", value_name = "SQUARE", value_parser = parse_square)]
    pub queens: Vec<SquareText>,
    /// A blocked square, on which no queen may stand (named as for --queen); may be repeated.
    #[arg(long = "block", value_name = "SQUARE", value_parser = parse_square)]
    pub blocks: Vec<SquareText>,
    /// A puzzle: a drawn board (Q a fixed queen, x a blocked square, . open; a line per
    /// row) or CSPLib 080's `letting n = N` / `letting blocks = [[r, c], ...]` (from 1).
    #[arg(long, value_name = "FILE")]
    pub puzzle: Option<PathBuf>,
    /// Print no summary line on standard error.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What is counted, and with what: shared by `count` and `plan`.
#[derive(Debug, Args)]
pub struct CountChoice {
    /// Board size.
    pub n: usize,
    /// Count symmetry classes instead of solutions.
    #[arg(long)]
    pub fundamental: bool,
    /// How to count: auto (the faster for the board), constellations, quadrants, or
    /// bitboard (a plain search, the slowest, to check the others).
    #[arg(long, value_name = "ENGINE", default_value = "auto", value_parser = parse_engine)]
    pub engine: Engine,
    /// Threads each process uses; 0 means one per core.
    #[arg(long, short = 't', value_name = "T", default_value_t = 0)]
    pub threads: usize,
    /// Keep what each process allocates for the count under SIZE (like 1G, 1.5GiB or 512MiB;
    /// default: 4 GiB, or less if the machine or its container or batch job allows less); the
    /// process's own few MiB of code and stacks come on top.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub count: CountChoice,
    /// Count only shard I of K (0 <= I < K); the K shards together count everything once.
    #[arg(long, value_name = "I/K", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// Print one JSON record (n, shard, of, total, fundamental, fixed, subproblems, seconds,
    /// audit).
    #[arg(long)]
    pub json: bool,
    /// Count without the audit: a sample of the count's own parts, drawn from its board and
    /// shard, counted again by another path (the portable code) in about 1% of its time; a
    /// disagreement stops the count, and the record lists the parts for `queens verify`.
    #[arg(long)]
    pub no_audit: bool,
    /// Say what the count chose for this processor (the kernels that run here, the cache
    /// its blocks are sized by, its storage, sieve and buckets, how it counts ones) before
    /// it starts, and what its audit did after.
    #[arg(long, short)]
    pub verbose: bool,
    /// Record each finished subproblem in FILE, and skip those it already holds.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Print no summary (how many, in how long) and no progress bar on standard error.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PlanArgs {
    #[command(flatten)]
    pub count: CountChoice,
    /// Shards the count would be split into.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub shards: u64,
    /// Parts of the count to time at most (each on one thread), spread over it: as many as
    /// the seconds allow.
    #[arg(long, value_name = "S", default_value_t = queens::counting::Estimate::SAMPLES as u64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub sample: u64,
    /// Seconds to spend timing: parts past it are not timed (while fewer than 10 are, for up
    /// to three times as long, so that the plan has an error bar), and a part that runs past it is
    /// stopped and estimated from what it did.
    #[arg(long, value_name = "T", default_value_t = queens::counting::Estimate::BUDGET.as_secs(), value_parser = parse_seconds)]
    pub seconds: u64,
    /// Print one JSON object (engine, memory_bytes, cpu_seconds, error, shards,
    /// seconds_per_shard (the largest shard's), setup_seconds, ...) for a batch script to
    /// size its jobs from.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Files of JSON records; standard input when none is given.
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Files of JSON records; standard input when none is given.
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct OneArgs {
    /// Board size: any number (a board above 1000 x 1000 is written as a list unless --format
    /// asks for another one-line format: json, fen or algebraic).
    pub n: usize,
    /// A random solution (local search) instead of the constructed one.
    #[arg(long)]
    pub random: bool,
    /// Seed of the random search; the same seed gives the same solution.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "random")]
    pub seed: u64,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SampleArgs {
    /// Board size.
    pub n: usize,
    /// Seed of the first draw; draw K uses seed S + K. The same seed gives the same solution.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// How many solutions to draw, each independently (so they may repeat).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: usize,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Board size.
    pub n: usize,
    /// Stop at the K-th solution.
    #[arg(long, value_name = "K")]
    pub first: Option<u64>,
    /// text (`place 0,4`, `remove 0,4`, `dead end 5`, `solution 1`) or json (JSON Lines).
    #[arg(long, short, value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct AnimateArgs {
    /// Board size (at most 15: the search to the first solution of 16 x 16 takes over
    /// 20,000 steps).
    pub n: usize,
    /// Animate up to the K-th solution (the search to it must take at most 20,000 steps).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub first: u64,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// Board size (at most 16).
    pub n: usize,
    /// Steps a second while playing (1 to 1000).
    #[arg(long, value_name = "S", default_value_t = 8)]
    pub speed: u32,
    /// Start paused.
    #[arg(long)]
    pub paused: bool,
}

#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// Board size (4 to 64; 4 to 24 for blocked squares).
    #[arg(required_unless_present_any = ["rate", "explain"])]
    pub n: Option<usize>,
    /// The level: easy (forced squares only), medium (exclusions too), hard (trials refuted
    /// too) or harder (a guess needed); any when absent. `--difficulty` is its old name.
    #[arg(long, value_name = "LEVEL", alias = "difficulty")]
    pub level: Option<queens::puzzle::Level>,
    /// What the puzzle gives: queens (clue queens) or blocks (blocked squares, as CSPLib 080).
    #[arg(long, value_name = "KIND", default_value = "queens")]
    pub kind: queens::puzzle::Kind,
    /// Seed of the first puzzle; puzzle K uses seed S + K. The same seed gives the same puzzle
    /// [default: 0].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// How many puzzles to make [default: 1].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Only minimal puzzles: no clue (or block) can be removed without a second solution.
    #[arg(long)]
    pub minimal: bool,
    /// Grade the puzzle in FILE (drawn or CSPLib 080; `-` for standard input) instead of
    /// making one.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["n", "level", "seed", "count", "minimal"])]
    pub rate: Option<PathBuf>,
    /// Print each puzzle's solving path in words; with FILE, grade and explain the puzzle in
    /// FILE. A number after it is the board size (`--explain 8` is `8 --explain`): write a
    /// file named like a number as ./8.
    #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with = "rate")]
    pub explain: Option<Option<PathBuf>>,
    /// text (drawn boards), json (JSON Lines) or csplib (CSPLib 080's Essence' form).
    #[arg(long, short, value_name = "FORMAT", default_value = "text", value_parser = ["text", "json", "csplib"])]
    pub format: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// File to read; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Every board must be N x N: a solution of another size is invalid.
    #[arg(long = "n", value_name = "N", value_parser = parse_board_size)]
    pub n: Option<usize>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The placement: a column list like 0,4,7,5,2,6,1,3, or any format `solve` writes
    /// (`-`: read it from standard input).
    pub placement: String,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct FormatArgs {
    /// Output format: dots, list, matrix, stars, grid, unicode, fen, algebraic, json or svg
    /// [default: dots, or list for a board too large to draw, above 1000 x 1000].
    #[arg(long, short, value_parser = parse_format)]
    pub format: Option<Format>,
}

/// Where a command writes: every command but `watch` takes it.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Write to FILE instead of standard output (`-` is standard output); FILE is replaced
    /// only once everything is written.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl OutputArgs {
    /// The file named, or `None` for standard output.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.output
            .as_deref()
            .filter(|path| path.as_os_str() != "-")
    }
}

/// How solutions are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One of the library's text styles.
    Text(Style),
    /// JSON Lines: one object per solution.
    Json,
    /// One SVG picture of every solution.
    Svg,
}

/// A column list, kept whole (clap would split a bare `Vec` into many values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Columns(pub Vec<usize>);

pub fn parse_format(name: &str) -> Result<Format, String> {
    match name {
        "json" => Ok(Format::Json),
        "svg" => Ok(Format::Svg),
        _ => Style::from_str(name).map(Format::Text).map_err(|_| {
            format!(
                "unknown format {name:?}; expected one of {}, json, svg",
                style_names()
            )
        }),
    }
}

fn style_names() -> String {
    let names: Vec<&str> = Style::ALL.iter().map(|style| style.name()).collect();
    names.join(", ")
}

pub fn parse_columns(text: &str) -> Result<Columns, String> {
    // An empty `--prefix ""` fixes nothing, as a script that builds the list may pass it.
    if text.trim().is_empty() {
        return Ok(Columns(Vec::new()));
    }
    queens::formats::parse_columns(text)
        .map(Columns)
        .map_err(|err| err.to_string())
}

/// The board size `check --n` requires: decimal digits, from 0 (the empty board, whose one
/// solution `queens solve 0` writes as `[]`).
pub fn parse_board_size(text: &str) -> Result<usize, String> {
    let digits = text.trim();
    let number = digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse::<usize>().ok())
        .flatten()
        .filter(|_| digits == "0" || !digits.starts_with('0'));
    number.ok_or_else(|| format!("expected a board size from 0, like 8, found {text:?}"))
}

pub fn parse_engine(text: &str) -> Result<Engine, String> {
    text.parse().map_err(|err: queens::Error| err.to_string())
}

/// A size in bytes: a number with an optional unit K, M, G or T, each a power of 1024,
/// written bare or followed by `B` or `iB` (`1G`, `1GB`, `1GiB`; any case). With a unit the
/// number may have a fraction (`1.5G`), rounded down to whole bytes.
/// Whole seconds of timing for a plan, from 1 to a day.
fn parse_seconds(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(seconds) if (1..=86_400).contains(&seconds) => Ok(seconds),
        _ => Err("expected whole seconds from 1 to 86400 (a day), such as 15".into()),
    }
}

pub fn parse_size(text: &str) -> Result<u64, String> {
    let expected = || format!("expected a size like 1G, 1.5GiB or 1048576, found {text:?}");
    let trimmed = text.trim();
    let digits = trimmed
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits);
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let unit = unit.trim().to_ascii_uppercase();
    let prefix = unit
        .strip_suffix("IB")
        .filter(|prefix| !prefix.is_empty())
        .or_else(|| unit.strip_suffix('B'))
        .unwrap_or(&unit);
    let shift = match prefix {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(expected()),
    };
    // `1.` and `.5` are not numbers; a fraction of a byte is not a size.
    let written = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let fractional = number.contains('.');
    if !written(whole) || (fractional && (!written(fraction) || shift == 0)) {
        return Err(expected());
    }
    let too_large = || format!("{text:?} is not a size from 1 byte to 2^64 - 1 bytes");
    // The fraction's digits past the 19th are below a byte even of terabytes (2^40 < 10^13).
    let fraction = &fraction[..fraction.len().min(19)];
    let scale = 10u128.pow(fraction.len() as u32);
    let whole: u128 = whole.parse().map_err(|_| too_large())?;
    let parts: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().map_err(|_| expected())?
    };
    whole
        .checked_mul(scale)
        .and_then(|scaled| scaled.checked_add(parts))
        .and_then(|scaled| scaled.checked_mul(1 << shift))
        .map(|bytes| bytes / scale)
        .and_then(|bytes| u64::try_from(bytes).ok())
        .filter(|&bytes| bytes > 0)
        .ok_or_else(too_large)
}

pub fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse().map_err(|err: queens::Error| err.to_string())
}

/// A square as given on the command line: which square it names depends on the board size,
/// known only once every argument is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareText(String);

impl SquareText {
    /// The square on an `n` x `n` board, or why the board has no such square.
    pub fn on(&self, n: usize) -> Result<Square, queens::Error> {
        queens::formats::parse_square(n, &self.0)
    }
}

/// A chess name or ROW,COL, checked for form here and against the board later.
pub fn parse_square(text: &str) -> Result<SquareText, String> {
    match queens::formats::parse_square(usize::MAX, text) {
        Ok(_) => Ok(SquareText(text.trim().to_owned())),
        Err(err) => Err(err.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn value_parsers_accept_what_help_shows() {
        assert_eq!(parse_columns("1,3,0"), Ok(Columns(vec![1, 3, 0])));
        assert_eq!(parse_columns(""), Ok(Columns(vec![])));
        assert_eq!(parse_square("7, 2").unwrap().on(8), Ok((7, 2)));
        assert_eq!(parse_square("e4").unwrap().on(8), Ok((4, 4)));
        assert_eq!(parse_format("json"), Ok(Format::Json));
        assert_eq!(parse_format("grid"), Ok(Format::Text(Style::Grid)));
        assert_eq!(parse_shard("3/64"), Ok(Shard { index: 3, of: 64 }));
        assert_eq!(parse_board_size("8"), Ok(8));
        for (text, bytes) in [
            ("1G", 1 << 30),
            ("1gib", 1 << 30),
            ("512MB", 512 << 20),
            ("7", 7),
            ("7B", 7),
            ("2 KiB", 2048),
            ("1.5G", 3 << 29),
            ("0.5 MiB", 1 << 19),
            ("1.0000001K", 1024),
            ("16777215.999999999999999999999T", u64::MAX),
        ] {
            assert_eq!(parse_size(text), Ok(bytes), "{text}");
        }
    }

    #[test]
    fn sizes_with_garbled_units_are_refused() {
        for text in [
            "1IB",
            "1iiB",
            "1GiBB",
            "1GG",
            "1BB",
            "1 iB",
            "G",
            "-1G",
            "0",
            "1.5",
            "1.5B",
            "1.G",
            ".5G",
            "1..5G",
            "1.5.0G",
            "0.0000000001K",
            "16777216T",
            "99999999999999999999999G",
        ] {
            assert!(parse_size(text).is_err(), "{text} was accepted");
        }
    }

    #[test]
    fn board_sizes_are_plain_numbers_from_0() {
        assert_eq!(parse_board_size("0"), Ok(0));
        for text in [
            "00",
            "",
            "-8",
            "+8",
            "08",
            "8.0",
            "eight",
            "99999999999999999999999",
        ] {
            let err = parse_board_size(text).unwrap_err();
            assert!(err.contains("board size from 0"), "{text}: {err}");
        }
        assert_eq!(parse_board_size("12"), Ok(12));
    }

    #[test]
    fn value_parsers_name_what_is_wrong() {
        assert!(parse_columns("1,x").unwrap_err().contains("\"x\" in"));
        assert!(parse_square("7").unwrap_err().contains("ROW,COL"));
        assert!(
            parse_square("E4")
                .unwrap_err()
                .contains("chess name like e4")
        );
        assert!(parse_format("png").unwrap_err().contains("svg"));
        assert!(
            parse_shard("4/4")
                .unwrap_err()
                .contains("numbered 0 to k - 1")
        );
        assert!(parse_shard("4").unwrap_err().contains("I/K"));
    }

    proptest! {
        #[test]
        fn value_parsers_read_back_what_they_read(text in "\\PC{0,40}", bytes in proptest::collection::vec(any::<u8>(), 0..40), numbers in "[0-9, /]{0,20}") {
            let lossy = String::from_utf8_lossy(&bytes);
            for input in [text.as_str(), &lossy, &numbers] {
                if let Ok(Columns(columns)) = parse_columns(input) {
                    let written: Vec<String> = columns.iter().map(usize::to_string).collect();
                    prop_assert_eq!(parse_columns(&written.join(",")), Ok(Columns(columns)));
                }
                if let Ok((row, col)) = parse_square(input).and_then(|s| s.on(64).map_err(|e| e.to_string())) {
                    let again = parse_square(&format!("{row},{col}")).unwrap().on(64);
                    prop_assert_eq!(again, Ok((row, col)));
                }
                if let Ok(format) = parse_format(input) {
                    prop_assert_eq!(parse_format(input.trim()), Ok(format));
                }
                if let Ok(shard) = parse_shard(input) {
                    prop_assert!(shard.index < shard.of);
                    prop_assert_eq!(parse_shard(&shard.to_string()), Ok(shard));
                }
            }
        }
    }
}
