//! The module's functions: counting, one solution of any board, checking solutions.

use crate::*;

/// The number of solutions of `n` queens, or of symmetry classes with `fundamental`, on
/// `threads` threads (all cores by default) within `memory` bytes (besides what the machine
/// allows; 4 GiB for the quadrant join if not given), with the GIL released; Ctrl-C stops it. With `checkpoint` (a path), each
/// finished part is recorded in that file, and a count stopped (Ctrl-C, a crash) and called
/// again with the same file resumes where it stopped, as `queens count --checkpoint` does.
/// `engine` is "auto" (the faster for the board), "constellations" (any board, almost no
/// memory), "quadrants" (the quadrant join, to n = 28, the fastest from n = 14 but
/// memory-hungry) or "bitboard" (a plain search of solutions alone, the slowest, to check
/// the others), as `queens count --engine` takes them.
#[pyfunction]
#[pyo3(signature = (n, fundamental = false, threads = None, memory = None, checkpoint = None, engine = "auto"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    fundamental: bool,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    checkpoint: Option<std::path::PathBuf>,
    engine: &str,
) -> PyResult<u64> {
    let stop = Arc::new(AtomicBool::new(false));
    let (counter, memory) = counter(n, fundamental, threads, memory, engine, "count()")?;
    let counter = counter.cancel_when(Arc::clone(&stop));
    let failed = |err| count_error(err, memory);
    // Checked and sized once, its warnings decided by the library: a count of a day or
    // more says so before it starts (it goes on: Ctrl-C stops it).
    let mut prepared = interruptible(py, None, move || Ok(counter.prepare()))?.map_err(failed)?;
    for warning in prepared.warnings() {
        let message = format!("{warning}; Ctrl-C stops it");
        py.import("warnings")?.call_method1("warn", (message,))?;
    }
    if let Some(path) = checkpoint {
        prepared = prepared.checkpoint(path).map_err(failed)?;
    }
    let counts = {
        let prepared = prepared.clone();
        interruptible(py, Some(stop), move || Ok(prepared.run()))?.map_err(failed)?
    };
    if let Some(err) = prepared.checkpoint_failure() {
        let message = format!("the count is right, but the checkpoint is incomplete: {err}");
        py.import("warnings")?.call_method1("warn", (message,))?;
    }
    Ok(match fundamental {
        true => counts.fundamental.unwrap_or_default(),
        false => counts.total,
    })
}

/// The counter that `function` (`count()`, `plan()`) was asked for, and its memory bound.
pub(crate) fn counter(
    n: &Bound<'_, PyAny>,
    fundamental: bool,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    engine: &str,
    function: &str,
) -> PyResult<(queens::counting::Counter, Option<u64>)> {
    let n = size_arg(n, "n", function, (0, MAX_N))?;
    let max_threads = queens::counting::Counter::MAX_THREADS as u64;
    let threads = threads
        .map(|t| {
            noted_arg(
                t,
                "threads",
                function,
                (0, max_threads),
                " (0 or None: one a core)",
            )
            .map(|t| t as usize)
        })
        .transpose()?;
    let memory = memory
        .map(|bytes| noted_arg(bytes, "memory", function, (1, u64::MAX), " bytes"))
        .transpose()?;
    let engine: queens::counting::Engine = engine.parse().map_err(error)?;
    let counter = queens::counting::Counter::new(n)
        .map_err(error)?
        .fundamental(fundamental)
        .engine(engine)
        .threads(threads.unwrap_or(0));
    Ok(match memory {
        Some(bytes) => (counter.memory(bytes), memory),
        None => (counter, memory),
    })
}

/// What a count would take, as `queens plan --json` gives it: a dict with the `engine`, the
/// bytes a process needs (`memory_bytes`), the CPU time (`cpu_seconds`) and its error bar
/// (two standard errors) as a fraction (`error`, None where none can be estimated), whether
/// `count` takes the board (`countable`: not above n = 28), and for `shards`
/// shards the largest one's `subproblems_per_shard` and `seconds_per_shard` (with the
/// `setup_seconds` of it a process spends building the tables), and what the count
/// `chosen` for this processor (the kernels that run here, cache, storage, sieve, buckets,
/// how it counts ones); from parts of the
/// count timed here for `seconds` (15 by default; up to three times as long while fewer than 10
/// parts are timed, for an error bar), on its threads, with the GIL released.
#[pyfunction]
#[pyo3(signature = (n, fundamental = false, threads = None, memory = None, engine = "auto", shards = None, seconds = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan<'py>(
    py: Python<'py>,
    n: &Bound<'_, PyAny>,
    fundamental: bool,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    engine: &str,
    shards: Option<&Bound<'_, PyAny>>,
    seconds: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (counter, memory) = counter(n, fundamental, threads, memory, engine, "plan()")?;
    let shards = shards
        .map(|k| arg(k, "shards", "plan()", (1, 1_000_000)))
        .transpose()?
        .unwrap_or(1) as usize;
    let budget = match seconds {
        Some(seconds) => Duration::from_secs(arg(seconds, "seconds", "plan()", (1, 86_400))?),
        None => queens::counting::Estimate::BUDGET,
    };
    let samples = queens::counting::Estimate::SAMPLES;
    let estimate = interruptible(py, None, move || {
        Ok(counter.estimate_within(samples, budget))
    })?
    .map_err(|err| count_error(err, memory))?;
    let record = serde_json::to_string(&estimate.plan(shards))
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    py.import("json")?.call_method1("loads", (record,))
}

/// A solution drawn exactly uniformly at random, the same for the same seed.
#[pyfunction]
pub(crate) fn sample(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
) -> PyResult<Solution> {
    let n = size_arg(n, "n", "sample()", (0, queens::search::SAMPLE_MAX_N))?;
    let seed = arg(seed, "seed", "sample()", (0, u64::MAX))?;
    interruptible(py, None, move || queens::search::sample(n, seed)).map(Solution::wrap)
}

/// One solution of any board, by an explicit formula.
#[pyfunction]
pub(crate) fn construct(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Solution> {
    // As large as memory holds (8 bytes a row): `NotEnoughMemory` says when it does not.
    let n = size_arg(n, "n", "construct()", (0, usize::MAX))?;
    interruptible(py, None, move || queens::large_boards::construct(n)).map(Solution::wrap)
}

/// A random solution of any board, by local search, the same for the same seed.
#[pyfunction]
#[pyo3(signature = (n, seed = Int::Default(0)), text_signature = "(n, seed=0)")]
pub(crate) fn random(py: Python<'_>, n: &Bound<'_, PyAny>, seed: Int<'_>) -> PyResult<Solution> {
    let n = size_arg(n, "n", "random()", (0, u32::MAX as usize))?;
    let seed = seed.get("seed", "random()", (0, u64::MAX))?;
    interruptible(py, None, move || queens::large_boards::random(n, seed)).map(Solution::wrap)
}

/// Checks the solutions in `text` (a `str`, or `bytes` read from a file), in any format
/// `queens solve` writes, as `queens check` does: a list of `(line, item)`, `item` the
/// `Solution` that starts on that line, or the exception (not raised) saying why what is
/// there is not one: an `InvalidInput` for an invalid solution, a heading without its
/// board, a picture cut short, or a board of another size than `n` where `n` is given;
/// a `QueensError` for a line that is not UTF-8. `[]` is the one solution of the 0 x 0 board,
/// as `queens.Queens(0)` has it. Raises `InvalidInput` if the text holds no solution at all,
/// or `n` is not a board size.
#[pyfunction]
#[pyo3(signature = (text, n = None))]
pub(crate) fn check(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    n: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(usize, Py<PyAny>)>> {
    let mut bytes: Vec<u8> = match text.extract::<String>() {
        Ok(text) => text.into_bytes(),
        Err(_) => text
            .extract::<Vec<u8>>()
            .map_err(|_| PyTypeError::new_err("check() reads a str or bytes of solutions"))?,
    };
    // A text given whole is not cut short, whether or not a newline ends it (a stream that
    // ends in the middle of a line is: `queens check` refuses its last solution).
    if bytes.last().is_some_and(|&b| b != b'\n') {
        bytes.push(b'\n');
    }
    let n = n
        .map(|n| size_arg(n, "n", "check()", (0, usize::MAX)))
        .transpose()?;
    // Read on a worker that Ctrl-C stops, and that stops itself before memory runs out.
    let halt = Arc::new(AtomicBool::new(false));
    let halted = Arc::clone(&halt);
    let read = interruptible(py, Some(halt), move || {
        let read = queens::formats::parse_reader(&bytes[..]);
        let read: Box<dyn Iterator<Item = _>> = match n {
            Some(n) => Box::new(read.board_size(n)),
            None => Box::new(read),
        };
        let mut kept: Vec<(usize, Result<queens::Solution, queens::Error>)> = Vec::new();
        for (made, item) in read.enumerate() {
            if halted.load(Ordering::Relaxed) {
                break;
            }
            // Room made ahead, fallibly: a doubling of millions of lines is a large
            // allocation, which would abort where it fails.
            let full = kept.len() == kept.capacity();
            if full && kept.try_reserve(kept.len().max(4096)).is_err() {
                return Ok(Err(memory_short().unwrap_or_default()));
            }
            if let Some(available) = memory_checked_at(made as u64).then(memory_short).flatten() {
                return Ok(Err(available));
            }
            kept.push(item);
        }
        Ok(Ok(kept))
    })?
    .map_err(|available| out_of_memory("check()", available))?;
    if read.is_empty() {
        return Err(invalid("no solutions found in the text".to_owned()));
    }
    read.into_iter()
        .map(|(line, result)| {
            next_item(py, "check()")?;
            let item = match result {
                Ok(solution) => Py::new(py, Solution::wrap(solution))?.into_any(),
                Err(err) => error(err).value(py).clone().into_any().unbind(),
            };
            Ok((line, item))
        })
        .collect()
}

/// Seconds the Rust iterator takes to step through every solution of `n` (building no
/// Python object, the GIL released): the yardstick of `bench.py`.
#[pyfunction]
pub(crate) fn _rust_iteration_seconds(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<f64> {
    let n = size_arg(n, "n", "_rust_iteration_seconds()", (0, MAX_N))?;
    let mut search = queens::Queens::try_new(n).map_err(error)?;
    Ok(py.detach(|| {
        let started = std::time::Instant::now();
        let mut solutions = 0u64;
        while let Some(columns) = search.next_columns() {
            solutions += columns.first().map_or(1, |&c| c as u64 + 1);
        }
        std::hint::black_box(solutions);
        started.elapsed().as_secs_f64()
    }))
}
