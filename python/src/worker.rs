//! Long calls on a worker thread with the GIL released, so that Ctrl-C interrupts them.

use crate::*;

/// Runs a search a slice of placements at a time, checking for signals between slices, so
/// that Ctrl-C raises `KeyboardInterrupt` within milliseconds and leaves the search usable.
pub(crate) fn searched(
    py: Python<'_>,
    mut step: impl FnMut(u64) -> std::task::Poll<Option<queens::Solution>>,
) -> PyResult<Option<Solution>> {
    // About a millisecond of search between checks.
    const SLICE: u64 = 1 << 20;
    loop {
        if let std::task::Poll::Ready(found) = step(SLICE) {
            return Ok(found.map(Solution::wrap));
        }
        py.check_signals()?;
    }
}

/// The exception for work that panicked (which the crate means never to do): memory that
/// could not be had (a capacity past what can be allocated) as `NotEnoughMemory`, also a
/// `MemoryError`; anything else as a `QueensError` with the panic's message.
pub(crate) fn panicked(payload: &(dyn std::any::Any + Send)) -> PyErr {
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("no message");
    match message.contains("capacity overflow") || message.contains("memory allocation") {
        true => exception("NotEnoughMemory", format!("out of memory: {message}")),
        false => exception("QueensError", format!("the work failed: {message}")),
    }
}

/// Runs `work` on a worker thread with the GIL released, checking for signals every 20 ms.
/// On a signal (Ctrl-C) `stop` is set, so that work that watches it ends soon, and the
/// signal's exception is raised at once; work that cannot stop finishes in the background.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> Result<T, queens::Error> + Send + 'static,
) -> PyResult<T> {
    let worker = std::thread::Builder::new()
        .name("queens".into())
        .spawn(work)
        .map_err(|err| PyValueError::new_err(format!("cannot start a thread: {err}")))?;
    loop {
        let finished = py.detach(|| {
            for _ in 0..4 {
                if worker.is_finished() {
                    return true;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            worker.is_finished()
        });
        if finished {
            return match worker.join() {
                Ok(result) => result.map_err(error),
                Err(panic) => Err(panicked(panic.as_ref())),
            };
        }
        if let Err(signal) = py.check_signals() {
            if let Some(stop) = &stop {
                stop.store(true, Ordering::Relaxed);
            }
            return Err(signal);
        }
    }
}
