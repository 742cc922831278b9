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

/// Memory kept free: below it a stream stops with `NotEnoughMemory` (a `MemoryError`),
/// while there is room to raise it, rather than an allocation failing where Rust aborts the
/// interpreter (or a panic's hook, allocating, hangs it).
const RESERVE: u64 = 32 << 20;

/// `NotEnoughMemory` once the memory this process may still use is below [`RESERVE`].
pub(crate) fn enough_left(what: &str) -> PyResult<()> {
    match memory_short() {
        Some(available) => Err(out_of_memory(what, available)),
        None => Ok(()),
    }
}

/// The memory this process may still use, where it is below [`RESERVE`] (any thread may
/// ask; the exception is made on Python's, by [`out_of_memory`]).
pub(crate) fn memory_short() -> Option<u64> {
    queens::counting::available_memory().filter(|&available| available < RESERVE)
}

/// The exception for `what` stopped with `available` bytes of memory left.
pub(crate) fn out_of_memory(what: &str, available: u64) -> PyErr {
    exception(
        "NotEnoughMemory",
        format!(
            "{what} stopped with only {} MiB of memory left, before the interpreter runs out; keep fewer of its results at once",
            available >> 20
        ),
    )
}

/// Whether the `made`-th item of a stream is one to check memory before: reading the
/// limits takes tens of microseconds, so once every 4,096 items (a few MiB at most).
pub(crate) fn memory_checked_at(made: u64) -> bool {
    made.is_multiple_of(4096)
}
