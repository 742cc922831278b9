//! `puzzle`: puzzles made, graded and explained.

use std::io::Write;
use std::path::Path;

use queens::Queens;
use queens::puzzle::{Puzzle, Puzzles, read_puzzle};

use crate::Failure;
use crate::args::PuzzleArgs;
use crate::check::open_input;
use crate::output::Out;
use crate::usage::is_number;

pub(crate) fn puzzle(args: &PuzzleArgs) -> Result<(), Failure> {
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
            .map_err(|err| Failure::Refused(format!("{name}: {err}")))?;
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
pub(crate) fn explained_file(args: &PuzzleArgs) -> Result<(Option<usize>, Option<&Path>), Failure> {
    let value = match &args.explain {
        Some(Some(value)) => value,
        Some(None) if args.n.is_none() => {
            return Err(Failure::Refused(
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
            Failure::Refused(format!(
                "board size {text} (after --explain) is too large: at most {} is supported",
                Queens::MAX_N
            ))
        })?;
        return match args.n {
            Some(first) if first != n => Err(Failure::Refused(format!(
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
        return Err(Failure::Refused(format!(
            "--explain {} grades the puzzle in that file: {name} cannot be used with it (to make \
             puzzles and explain them, give N and a bare --explain)",
            value.display()
        )));
    }
    Ok((None, Some(value)))
}

/// One puzzle in the format asked: as text, a `#` line with its `title` and grade, the
/// board, and its solving path if asked (`solve --puzzle` skips the `#` lines).
pub(crate) fn write_puzzle(
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
