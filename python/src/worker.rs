//! Long calls on a worker thread with the GIL released, so that Ctrl-C interrupts them.

use crate::*;

/// Ready for one more item of a stream: Ctrl-C seen at once, also where C code draws the
/// items (`tuple()`, `set()`, `sorted()` check for no signal between them), and memory
/// running out raised as `NotEnoughMemory` (see [`enough_left`]). `what` names the items.
pub(crate) fn next_item(py: Python<'_>, what: &str) -> PyResult<()> {
    // Items made by every stream of the process: one count paces the memory checks.
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    py.check_signals()?;
    match memory_checked_at(MADE.fetch_add(1, Ordering::Relaxed)) {
        true => enough_left(what),
        false => Ok(()),
    }
}

/// Runs a search a slice of placements at a time, checking for signals between slices, so
/// that Ctrl-C raises `KeyboardInterrupt` within milliseconds and leaves the search usable;
/// each call is one item of a stream of solutions ([`next_item`]).
pub(crate) fn searched(
    py: Python<'_>,
    mut step: impl FnMut(u64) -> std::task::Poll<Option<queens::Solution>>,
) -> PyResult<Option<Solution>> {
    // About a millisecond of search between checks.
    const SLICE: u64 = 1 << 20;
    next_item(py, "a stream of solutions")?;
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
    let (sender, mut receiver) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("queens".into())
        .spawn(move || {
            let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            // The caller may have gone on a signal: nobody to tell.
            let _ = sender.send(done);
        })
        .map_err(|err| PyValueError::new_err(format!("cannot start a thread: {err}")))?;
    loop {
        // The result as soon as it comes (no wait of a whole period after short work); the
        // receiver goes along with the GIL released, and comes back.
        let received;
        (received, receiver) = py.detach(move || {
            let received = receiver.recv_timeout(Duration::from_millis(20));
            (received, receiver)
        });
        // Signals first, also once the work is done: a loop of short calls (a slice's
        // elements, C code driving an iterator) must see Ctrl-C too.
        if let Err(signal) = py.check_signals() {
            if let Some(stop) = &stop {
                stop.store(true, Ordering::Relaxed);
            }
            return Err(signal);
        }
        match received {
            Ok(Ok(result)) => return result.map_err(error),
            Ok(Err(panic)) => return Err(panicked(panic.as_ref())),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(exception(
                    "QueensError",
                    "the work ended without a result".to_owned(),
                ));
            }
        }
    }
}
