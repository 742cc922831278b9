//! `solve` and `show`: boards drawn in every format.

use std::time::Instant;

use queens::puzzle::read_puzzle;
use queens::{Builder, Queens, Solution};

use crate::args::{ShowArgs, SolveArgs, SquareText};
use crate::check::open_input;
use crate::output::SolutionWriter;
use crate::units::took;
use crate::{Failure, output, say};

/// The board of `queens solve`: its size, fixed queens, blocked squares and puzzle file.
pub(crate) fn solve_board(args: &SolveArgs) -> Result<Builder, Failure> {
    let builder = match &args.puzzle {
        Some(path) => {
            let (name, reader) = open_input(path, |n| {
                format!(
                    "--puzzle takes a puzzle FILE, not a board size: `queens solve {n}` solves the {n}x{n} board"
                )
            })?;
            let puzzle =
                read_puzzle(reader).map_err(|err| Failure::Refused(format!("{name}: {err}")))?;
            if let Some(n) = args.n.filter(|&n| n != puzzle.n()) {
                return Err(Failure::Refused(format!(
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

pub(crate) fn solve(args: &SolveArgs) -> Result<(), Failure> {
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

pub(crate) fn show(args: &ShowArgs) -> Result<(), Failure> {
    // `-` is standard input, as every command that reads takes it.
    let solution: Solution = match args.placement.as_str() {
        "-" => placement_from(std::io::stdin().lock())?.parse()?,
        placement => placement.parse()?,
    };
    let format = output::format_for(solution.n(), args.format.format)?;
    let mut writer = SolutionWriter::create(args.output.path(), format, false)?;
    writer.write(solution)?;
    writer.finish()
}

/// The most bytes of standard input `show -` reads: a drawing of the largest board drawn
/// (1000 x 1000, two bytes a square) with room to spare.
const PLACEMENT_BYTES: u64 = 16 << 20;

/// The placement `reader` holds, refused past [`PLACEMENT_BYTES`] or where it is not text.
fn placement_from(reader: impl std::io::Read) -> Result<String, Failure> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader.take(PLACEMENT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > PLACEMENT_BYTES {
        return Err(Failure::Refused(format!(
            "standard input holds more than {} MiB: not one placement",
            PLACEMENT_BYTES >> 20
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| Failure::Refused("standard input is not UTF-8 text".into()))
}
