//! `one` and `sample`: one solution of a board of any size, or a uniform random one.

use crate::args::{OneArgs, SampleArgs};
use crate::output::SolutionWriter;
use crate::{Failure, args, output};

/// `one` keeps every column in memory and writes its text whole: a billion queens is about
/// as far as a workstation goes.
pub(crate) const MAX_ONE: usize = 1_000_000_000;

/// Bytes `one` needs for a board of `n` queens: the solution's columns (8 a queen) and
/// either its text, written as one record, or, before, a random solution's local search
/// (12 bytes a queen at most: its columns, diagonal counts and the rows it suspects). Peak
/// resident sizes at n = 10^7 stay under it in every format (158-236 MB, 16-24 bytes a
/// queen, where this says 170-260 MB).
pub(crate) fn one_bytes(n: usize, format: args::Format, random: bool) -> u64 {
    let search = if random {
        (n as u64).saturating_mul(12)
    } else {
        0
    };
    (n as u64)
        .saturating_mul(8)
        .saturating_add(output::text_bytes(n, format).max(search))
}

pub(crate) fn one(args: &OneArgs) -> Result<(), Failure> {
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
            advice: &[queens::Advice::SmallerBoard],
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

pub(crate) fn sample(args: &SampleArgs) -> Result<(), Failure> {
    // Refused before the format is chosen, which warns of a board too large to draw.
    if args.n > queens::search::SAMPLE_MAX_N {
        return Err(queens::Error::TooLarge {
            n: args.n,
            max: queens::search::SAMPLE_MAX_N,
        }
        .into());
    }
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
