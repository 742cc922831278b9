//! `trace` and `animate`: the search's events, as text or an animated picture.

use std::io;
use std::io::Write;

use queens::Queens;
use queens::trace::Event;

use crate::Failure;
use crate::args::{AnimateArgs, TraceArgs};
use crate::output::Out;

/// The events of the search of `n` queens, up to the `first`-th solution.
pub(crate) fn events(n: usize, first: Option<u64>) -> Result<impl Iterator<Item = Event>, Failure> {
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

pub(crate) fn trace(args: &TraceArgs) -> Result<(), Failure> {
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
pub(crate) const MAX_ANIMATED: usize = 15;
pub(crate) const MAX_FRAMES: usize = 20_000;

pub(crate) fn animate(args: &AnimateArgs) -> Result<(), Failure> {
    if args.n > MAX_ANIMATED {
        return Err(Failure::Refused(format!(
            "boards up to {MAX_ANIMATED} x {MAX_ANIMATED} are animated, not {0} x {0}",
            args.n
        )));
    }
    let events: Vec<Event> = events(args.n, Some(args.first))?
        .take(MAX_FRAMES + 1)
        .collect();
    if events.len() > MAX_FRAMES {
        return Err(Failure::Refused(format!(
            "the search takes over {MAX_FRAMES} steps to its solution {}: too long to animate",
            args.first
        )));
    }
    let picture = queens::trace::animated_svg(args.n, &events)?;
    let mut out = Out::open(args.output.path())?;
    out.write_all(picture.as_bytes())?;
    out.finish()
}
