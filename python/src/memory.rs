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
