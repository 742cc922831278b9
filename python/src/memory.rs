//! Memory a result needs, checked before it is made: `MemoryError` rather than an abort.

use crate::*;

/// A `String` with room for `bytes` of text that Python will copy, made before the text is
/// written: `NotEnoughMemory` (a `MemoryError`) where the memory this process may still use
/// (the machine's, its control group's and its own limits, as the crate reads them) is less
/// than the text and its copy, or where the room cannot be allocated, rather than the
/// interpreter aborting. `what` says what the text is, and what to do instead.
pub(crate) fn room(bytes: u64, what: impl FnOnce() -> String) -> PyResult<String> {
    // Small texts are many and cheap: the limits are read for large ones only.
    const LARGE: u64 = 16 << 20;
    let needed = bytes.saturating_mul(2);
    if needed > LARGE
        && let Some(available) =
            queens::counting::available_memory().filter(|&available| needed > available)
    {
        return Err(exception(
            "NotEnoughMemory",
            format!(
                "{} needs about {} MiB of memory, but only {} MiB is available",
                what(),
                mib(needed),
                available >> 20
            ),
        ));
    }
    let mut out = String::new();
    usize::try_from(bytes)
        .ok()
        .and_then(|bytes| out.try_reserve_exact(bytes).ok())
        .ok_or_else(|| {
            error(queens::Error::OutOfMemory {
                bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
            })
        })?;
    Ok(out)
}

/// The most bytes `style` takes to draw an `n x n` solution: room made for them first
/// means drawing never reallocates (and so never aborts).
pub(crate) fn text_bytes(style: queens::Style, n: usize) -> u64 {
    use queens::Style as S;
    let n = n as u128;
    // Digits of n, at least as many as any row, column or rank number has.
    let d = u128::from(n.checked_ilog10().unwrap_or(0)) + 1;
    let bytes = match style {
        S::Dots | S::Matrix | S::Stars => 2 * n * n + n,
        S::Unicode => 3 * n * n + n,
        S::Grid => (n + 1) * (d + n * (d + 1) + 1),
        S::List => n * (d + 2) + 2,
        S::Fen => n * (2 * d + 2),
        // A file's letters are no more than its number's digits.
        S::Algebraic => n * (2 * d + 1),
        // A style added later: a generous bound, drawn square by square.
        _ => (n + 1) * (n + 1) * (d + 4),
    };
    u64::try_from(bytes).unwrap_or(u64::MAX)
}
