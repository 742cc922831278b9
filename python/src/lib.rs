//! The `queens` crate as the Python extension module `queens._queens`; `queens/__init__.py`
//! re-exports it with the textbook's `queens` generator and `prettyprint`.
//!
//! Every call that can take long (counting, sampling, building large boards) runs on a
//! worker thread with the GIL released, while the calling thread checks for signals every
//! 20 ms, so Ctrl-C raises `KeyboardInterrupt` at once. Errors become the exceptions of
//! `queens._errors`, with the crate's messages; nothing here panics.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PySlice, PyString, PyTuple};
use queens::puzzle::Uniqueness;

/// A crate error as the exception of `queens._errors` that fits it (memory that cannot be
/// had a `NotEnoughMemory`, also a `MemoryError`), its message in this package's terms.
fn error(err: queens::Error) -> PyErr {
    use queens::Error as E;
    let class = match &err {
        E::NotEnoughMemory { .. } | E::OutOfMemory { .. } => "NotEnoughMemory",
        E::Cancelled { .. } => "Cancelled",
        E::Overflow { .. } | E::Checkpoint { .. } | E::Read { .. } => "QueensError",
        _ => "InvalidInput",
    };
    let message = match &err {
        // The advice is the command line's; the way out from Python is `count()`'s engine.
        E::NotEnoughMemory {
            needed,
            available,
            advice,
        } => format!(
            "this needs about {} MiB of memory, but only {} MiB is available; {}",
            mib(*needed),
            available >> 20,
            match advice.contains("constellations") {
                true => "count with queens.count(n, engine=\"constellations\"), which needs almost no memory".to_owned(),
                false => pythonic(advice),
            }
        ),
        _ => pythonic(&err.to_string()),
    };
    exception(class, message)
}

/// What the crate's messages say in the terms of its command line or its Rust API, in this
/// package's: the flags of `queens count` as the arguments of `count()`, the `queens check`
/// command as `check()`. `tests/test_messages.py` makes each of these messages and checks
/// that no flag, Rust path or command is left.
const PYTHON_WORDS: [(&str, &str); 6] = [
    (
        "with --fundamental (`Counter::fundamental(true)`)",
        "with fundamental=True",
    ),
    (
        "without --fundamental (`Counter::fundamental(false)`)",
        "with fundamental=False",
    ),
    ("`--engine constellations`", "engine=\"constellations\""),
    ("`--engine quadrants`", "engine=\"quadrants\""),
    ("`--engine auto`", "engine=\"auto\""),
    ("`queens check`", "queens.check()"),
];

/// A crate message in this package's terms (see [`PYTHON_WORDS`]).
fn pythonic(message: &str) -> String {
    PYTHON_WORDS
        .iter()
        .fold(message.to_owned(), |message, (cli, python)| {
            message.replace(cli, python)
        })
}

/// Bytes in MiB, rounded up.
fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// A `String` with room for `bytes` of text that Python will copy, made before the text is
/// written: `NotEnoughMemory` (a `MemoryError`) where the memory this process may still use
/// (the machine's, its control group's and its own limits, as the crate reads them) is less
/// than the text and its copy, or where the room cannot be allocated, rather than the
/// interpreter aborting. `what` says what the text is, and what to do instead.
fn room(bytes: u64, what: impl FnOnce() -> String) -> PyResult<String> {
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
fn text_bytes(style: queens::Style, n: usize) -> u64 {
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

/// `solution` drawn in `style` between `before` and `after`, as a Python `str`, with room
/// made first (see [`room`]): `MemoryError` rather than an abort for a board too large.
fn drawing<'py>(
    py: Python<'py>,
    solution: &queens::Solution,
    style: queens::Style,
    before: &str,
    after: &str,
) -> PyResult<Bound<'py, PyString>> {
    let n = solution.n();
    let bytes = text_bytes(style, n).saturating_add((before.len() + after.len()) as u64);
    let mut text = room(bytes, || {
        let instead = match style.is_board() {
            true => "; style \"list\", \"fen\" or \"algebraic\" takes a few bytes a queen",
            false => "",
        };
        format!("drawing a {n} x {n} board as {}{instead}", style.name())
    })?;
    text.push_str(before);
    solution.render(style).write_into(&mut text);
    text.push_str(after);
    // Python's copy: a `MemoryError` if it cannot be had (`PyString::new` would panic).
    PyString::from_bytes(py, text.as_bytes())
}

/// The largest board drawn as a picture, as the command line draws them: larger boards
/// have no picture (`_repr_svg_` gives None, and Jupyter shows the text).
const MAX_DRAWN: usize = 1000;

/// Columns as a Python list, built an item at a time: `MemoryError` where Python has no
/// room, rather than an abort (`PyList::new` panics), and refused at once where the memory
/// available is less than the list's.
fn int_list<'py>(
    py: Python<'py>,
    len: usize,
    items: impl Iterator<Item = usize>,
) -> PyResult<Bound<'py, PyList>> {
    // A list's pointer and an int object an item.
    let bytes = (len as u64).saturating_mul(40);
    if bytes > 16 << 20
        && let Some(available) = queens::counting::available_memory().filter(|&a| bytes > a)
    {
        return Err(exception(
            "NotEnoughMemory",
            format!(
                "a list of {len} columns needs about {} MiB of memory, but only {} MiB is available; iterate over the solution instead",
                mib(bytes),
                available >> 20
            ),
        ));
    }
    let list = PyList::empty(py);
    for item in items {
        list.append(item)?;
    }
    Ok(list)
}

/// A Python index of any size: counted from the front (0, 1, ...) or from the back (-1 is
/// 0 from the back, -2 is 1, ...), or beyond what a `usize` holds at either end.
#[derive(Clone, Copy)]
enum Index {
    Front(usize),
    Back(usize),
    FarFront,
    FarBack,
}

/// `index` as an [`Index`]: any `int`, or anything with `__index__`, as `range` takes them;
/// `TypeError` saying `expected` otherwise.
fn index_of(index: &Bound<'_, PyAny>, expected: &str) -> PyResult<Index> {
    let py = index.py();
    let int = py
        .import("operator")?
        .call_method1("index", (index,))
        .map_err(|err| match err.is_instance_of::<PyTypeError>(py) {
            true => PyTypeError::new_err(format!(
                "{expected}, not {}",
                index
                    .get_type()
                    .name()
                    .map_or_else(|_| "that".to_owned(), |name| name.to_string())
            )),
            false => err,
        })?;
    Ok(match int.extract::<i128>() {
        Ok(i) if i >= 0 => usize::try_from(i).map_or(Index::FarFront, Index::Front),
        Ok(i) => usize::try_from(-1 - i).map_or(Index::FarBack, Index::Back),
        Err(_) if int.lt(0)? => Index::FarBack,
        Err(_) => Index::FarFront,
    })
}

/// The exception `class` of `queens._errors` with `message`.
fn exception(class: &str, message: String) -> PyErr {
    Python::attach(|py| {
        py.import("queens._errors")
            .and_then(|module| module.getattr(class))
            .and_then(|class| class.call1((message.clone(),)))
            .map_or_else(|_| PyValueError::new_err(message), PyErr::from_value)
    })
}

/// `InvalidInput` (a `ValueError`) with `message`.
fn invalid(message: String) -> PyErr {
    exception("InvalidInput", message)
}

/// A bound of a range as a message gives it: `2**64 - 1` and `2**32 - 1` as Python writes
/// them, other numbers in digits.
fn bound(value: u64) -> String {
    match value {
        u64::MAX => "2**64 - 1".to_owned(),
        0xFFFF_FFFF => "2**32 - 1".to_owned(),
        _ => value.to_string(),
    }
}

/// `value` as a Python `int` (anything with `__index__`, as `range` takes it); `TypeError`
/// otherwise, as Python's own calls raise it.
fn int_of<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if value.is_exact_instance_of::<pyo3::types::PyInt>() {
        return Ok(value.clone());
    }
    value
        .py()
        .import("operator")?
        .call_method1("index", (value,))
}

/// An `int` as a message shows it: its digits, or its size where they are too many to read.
fn shown(int: &Bound<'_, PyAny>) -> String {
    match int.str().map(|digits| digits.to_string()) {
        Ok(digits) if digits.len() <= 60 => digits,
        _ => {
            let bits = int
                .call_method0("bit_length")
                .and_then(|bits| bits.extract::<u64>())
                .unwrap_or(0);
            let sign = if int.lt(0).unwrap_or(false) {
                "a negative"
            } else {
                "an"
            };
            format!("<{sign} int of {bits} bits>")
        }
    }
}

/// `value`, an int, in `low..=high`: `TypeError` for what is no int, and `InvalidInput` (a
/// `ValueError`) with the message `refused` makes of the value as shown otherwise.
fn int_in(
    value: &Bound<'_, PyAny>,
    (low, high): (u64, u64),
    refused: impl FnOnce(String) -> String,
) -> PyResult<u64> {
    let int = int_of(value)?;
    match int.extract::<u64>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(invalid(refused(shown(&int)))),
    }
}

/// The integer argument `name` of `call` in `low..=high`, or `InvalidInput` (a `ValueError`)
/// giving the range `call` takes: "n = -1 is out of range: Queens() takes n from 0 to 64".
fn arg(value: &Bound<'_, PyAny>, name: &str, call: &str, range: (u64, u64)) -> PyResult<u64> {
    noted_arg(value, name, call, range, "")
}

/// [`arg`], the range followed by `note` (as " (0 or None: one a core)").
fn noted_arg(
    value: &Bound<'_, PyAny>,
    name: &str,
    call: &str,
    (low, high): (u64, u64),
    note: &str,
) -> PyResult<u64> {
    int_in(value, (low, high), |shown| {
        format!(
            "{name} = {shown} is out of range: {call} takes {name} from {} to {}{note}",
            bound(low),
            bound(high)
        )
    })
}

/// A board size (or another count of things in memory) `name` of `call` in `low..=high`.
fn size_arg(
    value: &Bound<'_, PyAny>,
    name: &str,
    call: &str,
    (low, high): (usize, usize),
) -> PyResult<usize> {
    // A usize is at most 64 bits on every platform Python runs on.
    arg(value, name, call, (low as u64, high as u64)).map(|value| value as usize)
}

/// An integer argument that has a default: the object given, checked where it is used (any
/// int, so that its range can be given), or the default.
enum Int<'py> {
    Given(Bound<'py, PyAny>),
    Default(u64),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int<'py> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Int::Given(obj.to_owned()))
    }
}

impl Int<'_> {
    /// The value, checked as [`arg`] checks it.
    fn get(&self, name: &str, call: &str, range: (u64, u64)) -> PyResult<u64> {
        match self {
            Int::Given(value) => arg(value, name, call, range),
            Int::Default(value) => Ok(*value),
        }
    }
}

/// The largest board the search, the count, puzzles and pictures of the search take.
const MAX_N: usize = queens::Queens::MAX_N;

/// A row or column (`subject`, as "row") of an `n x n` board, or `InvalidInput` saying what
/// `call` takes (`what`, as "rows and columns of queens="): "row -1 is out of range:
/// Queens(8) takes rows and columns of queens= from 0 to 7".
fn line_of(
    value: &Bound<'_, PyAny>,
    n: usize,
    subject: &str,
    call: &str,
    what: &str,
) -> PyResult<usize> {
    let last = (n as u64).checked_sub(1);
    let refused = |shown: String| match last {
        None => format!("{subject} {shown} is off the board: {call} has no square"),
        Some(last) => {
            format!("{subject} {shown} is out of range: {call} takes {what} from 0 to {last}")
        }
    };
    let Some(last) = last else {
        let int = int_of(value)?;
        return Err(invalid(refused(shown(&int))));
    };
    int_in(value, (0, last), refused).map(|value| value as usize)
}

/// Squares given as (row, column) pairs (tuples, lists or any sequence of two ints) of an
/// `n x n` board, each checked.
fn squares_of(
    pairs: &Bound<'_, PyAny>,
    n: usize,
    call: &str,
    what: &str,
) -> PyResult<Vec<(usize, usize)>> {
    let mut squares = Vec::new();
    for pair in pairs.try_iter()? {
        let pair = pair?;
        let (row, col): (Bound<'_, PyAny>, Bound<'_, PyAny>) = match pair.extract() {
            Ok(both) => both,
            Err(_) => {
                let items: Vec<Bound<'_, PyAny>> = match pair.cast::<PyString>() {
                    Ok(_) => Vec::new(),
                    Err(_) => pair
                        .try_iter()
                        .and_then(|items| items.collect::<PyResult<_>>())
                        .unwrap_or_default(),
                };
                match <[Bound<'_, PyAny>; 2]>::try_from(items) {
                    Ok([row, col]) => (row, col),
                    Err(_) => {
                        return Err(PyTypeError::new_err(format!(
                            "{what} are (row, column) pairs of ints, not {}",
                            type_name(&pair)
                        )));
                    }
                }
            }
        };
        squares.push((
            line_of(&row, n, "row", call, what)?,
            line_of(&col, n, "column", call, what)?,
        ));
    }
    Ok(squares)
}

/// The name of `value`'s type, for a `TypeError`.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "that".to_owned(), |name| name.to_string())
}

/// The columns of a solution given as a `Solution` or as any other sequence of ints (a list,
/// a tuple, an array, ...; not a `str`): `TypeError` for anything else, and `InvalidInput`
/// for a column off its board (from 0 to the number of rows less one). Queens that attack
/// each other are left to the caller.
fn columns_arg(value: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    if let Ok(solution) = value.cast::<Solution>() {
        return Ok(solution.get().inner.to_vec());
    }
    let what = "a solution is a queens.Solution or a sequence of ints (its columns)";
    if value.cast::<pyo3::types::PySequence>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "{what}, not {}",
            type_name(value)
        )));
    }
    checked_columns(&ints_arg(value, what)?)
}

/// The items of `iterable` as ints: `TypeError` saying `what` it must be for a str (a
/// sequence of characters), for what is not iterable or for an item that is no int.
fn ints_arg<'py>(iterable: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let not = |detail: String| PyTypeError::new_err(format!("{what}, not {detail}"));
    if iterable.is_instance_of::<PyString>() {
        return Err(not("str".to_owned()));
    }
    let items = iterable.try_iter().map_err(|_| not(type_name(iterable)))?;
    let mut ints = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        match int_of(&item) {
            Ok(int) => ints.push(int),
            Err(err) if err.is_instance_of::<PyTypeError>(iterable.py()) => {
                return Err(PyTypeError::new_err(format!(
                    "{what}, but item {i} is a {}",
                    type_name(&item)
                )));
            }
            Err(err) => return Err(err),
        }
    }
    Ok(ints)
}

/// The items of `iterable` as ints, or None if one is no int (anything with `__index__`).
fn ints_of<'py>(iterable: &Bound<'py, PyAny>) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
    let mut ints = Vec::new();
    for item in iterable.try_iter()? {
        match int_of(&item?) {
            Ok(int) => ints.push(int),
            Err(err) if err.is_instance_of::<PyTypeError>(iterable.py()) => return Ok(None),
            Err(err) => return Err(err),
        }
    }
    Ok(Some(ints))
}

/// The columns of a solution of `ints.len()` rows, each from 0 to the rows less one.
fn checked_columns(ints: &[Bound<'_, PyAny>]) -> PyResult<Vec<usize>> {
    let rows = ints.len();
    let call = format!(
        "a solution of {rows} row{}",
        if rows == 1 { "" } else { "s" }
    );
    ints.iter()
        .map(|int| line_of(int, rows, "column", &call, "columns"))
        .collect()
}

/// Runs a search a slice of placements at a time, checking for signals between slices, so
/// that Ctrl-C raises `KeyboardInterrupt` within milliseconds and leaves the search usable.
fn searched(
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
fn panicked(payload: &(dyn std::any::Any + Send)) -> PyErr {
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
fn interruptible<T: Send + 'static>(
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

/// The eight symmetries of the square.
#[pyclass(eq, eq_int, frozen, from_py_object, module = "queens")]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    FlipHorizontal,
    FlipVertical,
    Transpose,
    AntiTranspose,
}

impl Symmetry {
    const ALL: [(Symmetry, queens::Symmetry); 8] = [
        (Symmetry::Identity, queens::Symmetry::Identity),
        (Symmetry::Rotate90, queens::Symmetry::Rotate90),
        (Symmetry::Rotate180, queens::Symmetry::Rotate180),
        (Symmetry::Rotate270, queens::Symmetry::Rotate270),
        (Symmetry::FlipHorizontal, queens::Symmetry::FlipHorizontal),
        (Symmetry::FlipVertical, queens::Symmetry::FlipVertical),
        (Symmetry::Transpose, queens::Symmetry::Transpose),
        (Symmetry::AntiTranspose, queens::Symmetry::AntiTranspose),
    ];

    fn of(symmetry: queens::Symmetry) -> Symmetry {
        Symmetry::ALL
            .iter()
            .find(|(_, s)| *s == symmetry)
            .map_or(Symmetry::Identity, |&(py, _)| py)
    }

    fn crate_symmetry(self) -> queens::Symmetry {
        Symmetry::ALL
            .iter()
            .find(|(py, _)| *py == self)
            .map_or(queens::Symmetry::Identity, |&(_, s)| s)
    }
}

/// The text styles a solution is drawn in.
#[pyclass(eq, eq_int, frozen, from_py_object, module = "queens")]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Dots,
    List,
    Matrix,
    Stars,
    Grid,
    Unicode,
    Fen,
    Algebraic,
}

impl Style {
    fn crate_style(self) -> queens::Style {
        queens::Style::ALL[self as usize]
    }
}

#[pymethods]
impl Style {
    /// Every style, in order.
    #[classattr]
    #[pyo3(name = "ALL")]
    fn all() -> Vec<Style> {
        vec![
            Style::Dots,
            Style::List,
            Style::Matrix,
            Style::Stars,
            Style::Grid,
            Style::Unicode,
            Style::Fen,
            Style::Algebraic,
        ]
    }

    /// The style's name, as `Solution.render` also takes it.
    #[getter]
    fn name(&self) -> &'static str {
        self.crate_style().name()
    }

    /// Hashes as its number, which it equals.
    fn __hash__(&self) -> u64 {
        *self as u64
    }

    /// Pickles as the member itself, `getattr(Style, "Fen")`, so that it unpickles to it.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Member<'py>> {
        let member = match slf.get() {
            Style::Dots => "Dots",
            Style::List => "List",
            Style::Matrix => "Matrix",
            Style::Stars => "Stars",
            Style::Grid => "Grid",
            Style::Unicode => "Unicode",
            Style::Fen => "Fen",
            Style::Algebraic => "Algebraic",
        };
        member_of(slf.as_any(), member)
    }
}

#[pymethods]
impl Symmetry {
    /// The eight symmetries, the identity first.
    #[classattr]
    #[pyo3(name = "ALL")]
    fn all() -> Vec<Symmetry> {
        Symmetry::ALL.iter().map(|&(py, _)| py).collect()
    }

    /// Hashes as its number, which it equals.
    fn __hash__(&self) -> u64 {
        *self as u64
    }

    /// Pickles as the member itself, `getattr(Symmetry, "Rotate90")`, so that it unpickles
    /// to it.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Member<'py>> {
        let member = match slf.get() {
            Symmetry::Identity => "Identity",
            Symmetry::Rotate90 => "Rotate90",
            Symmetry::Rotate180 => "Rotate180",
            Symmetry::Rotate270 => "Rotate270",
            Symmetry::FlipHorizontal => "FlipHorizontal",
            Symmetry::FlipVertical => "FlipVertical",
            Symmetry::Transpose => "Transpose",
            Symmetry::AntiTranspose => "AntiTranspose",
        };
        member_of(slf.as_any(), member)
    }
}

/// What an enum member pickles as: `getattr` of its class and its name.
type Member<'py> = (
    Bound<'py, PyAny>,
    (Bound<'py, pyo3::types::PyType>, &'static str),
);

/// `(getattr, (type(value), member))`, the `__reduce__` of an enum member.
fn member_of<'py>(value: &Bound<'py, PyAny>, member: &'static str) -> PyResult<Member<'py>> {
    let getattr = value.py().import("builtins")?.getattr("getattr")?;
    Ok((getattr, (value.get_type(), member)))
}

/// A style given as `Style.LIST` or by name (`"list"`).
fn style_of(style: &Bound<'_, PyAny>) -> PyResult<queens::Style> {
    if let Ok(style) = style.extract::<Style>() {
        return Ok(style.crate_style());
    }
    let name: String = style
        .extract()
        .map_err(|_| PyTypeError::new_err("a style is a queens.Style or its name"))?;
    name.parse().map_err(error)
}

/// A symmetry given as `Symmetry.Rotate90`.
fn symmetry_of(symmetry: &Bound<'_, PyAny>) -> PyResult<queens::Symmetry> {
    symmetry
        .extract::<Symmetry>()
        .map(Symmetry::crate_symmetry)
        .map_err(|_| PyTypeError::new_err("a symmetry is a queens.Symmetry"))
}

/// One solution: a sequence of columns, `s[row]` the column of row `row`'s queen. It equals
/// any other sequence of the same ints (a tuple, a list, ...; not a str, bytes or range, which
/// hash their own way), orders against them as tuples do, and hashes as the tuple of its
/// columns: `{s: 1}[(1, 3, 0, 2)]` finds it.
#[pyclass(frozen, sequence, module = "queens")]
struct Solution {
    inner: queens::Solution,
    /// The hash of the tuple of its columns, once asked for.
    hash: std::sync::OnceLock<isize>,
}

impl Solution {
    fn wrap(inner: queens::Solution) -> Solution {
        Solution {
            inner,
            hash: std::sync::OnceLock::new(),
        }
    }

    /// The columns as a Python tuple (`MemoryError` where it does not fit).
    fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let columns = self.inner.columns();
        let list = int_list(py, columns.len(), columns.iter().copied())?;
        py.get_type::<PyTuple>().call1((list,))
    }

    /// The picture of the board, or None over [`MAX_DRAWN`] squares a side.
    fn picture<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyString>>> {
        let n = self.inner.n();
        if n > MAX_DRAWN {
            return Ok(None);
        }
        // About a hundred bytes a square, a thousand a queen.
        let bytes = (n as u64 * n as u64 * 100).saturating_add(n as u64 * 1000 + 4096);
        drop(room(bytes, || format!("a picture of a {n} x {n} board"))?);
        let picture = queens::formats::svg(std::slice::from_ref(&self.inner));
        PyString::from_bytes(py, picture.as_bytes()).map(Some)
    }
}

/// Whether a solution compares with `other` (if its items are ints): any sequence but a str,
/// bytes, bytearray, memoryview or range, whose hashes are not a tuple's (equal values hash
/// alike).
fn comparable(other: &Bound<'_, PyAny>) -> bool {
    use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyRange, PySequence};
    let own_hash = other.is_instance_of::<PyString>()
        || other.is_instance_of::<PyBytes>()
        || other.is_instance_of::<PyByteArray>()
        || other.is_instance_of::<PyMemoryView>()
        || other.is_instance_of::<PyRange>();
    !own_hash && other.cast::<PySequence>().is_ok()
}

#[pymethods]
impl Solution {
    /// A solution from its columns, any iterable of ints; `InvalidInput` (a `ValueError`) for
    /// a column off the board (from 0 to the number of columns less one) or queens that attack.
    #[new]
    fn new(columns: &Bound<'_, PyAny>) -> PyResult<Solution> {
        let ints = ints_arg(
            columns,
            "a solution is made from its columns, an iterable of ints",
        )?;
        queens::Solution::new(checked_columns(&ints)?)
            .map(Solution::wrap)
            .map_err(error)
    }

    /// Reads a solution drawn in any style (or a column list).
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Solution> {
        text.parse().map(Solution::wrap).map_err(error)
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.inner.n()
    }

    fn __len__(&self) -> usize {
        self.inner.n()
    }

    /// The column of row `index` (negative from the end, of any size, as a list takes it),
    /// or a list of those of a slice.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let columns = self.inner.columns();
        if let Ok(slice) = index.cast::<PySlice>() {
            // Python clamps bounds of any size to the length.
            let indices = slice.indices(columns.len() as isize)?;
            let picked = (0..indices.slicelength)
                .map(|k| columns[(indices.start + k as isize * indices.step) as usize]);
            return Ok(int_list(py, indices.slicelength, picked)?
                .into_any()
                .unbind());
        }
        let at = match index_of(index, "Solution indices must be integers or slices")? {
            Index::Front(i) => Some(i),
            Index::Back(i) => columns.len().checked_sub(1 + i),
            Index::FarFront | Index::FarBack => None,
        };
        match at.and_then(|at| columns.get(at)) {
            Some(&column) => Ok(column.into_pyobject(py)?.into_any().unbind()),
            None => Err(PyIndexError::new_err("solution index out of range")),
        }
    }

    fn __contains__(&self, column: &Bound<'_, PyAny>) -> bool {
        column
            .extract::<usize>()
            .is_ok_and(|column| self.inner.contains(&column))
    }

    /// The row whose queen stands in `column`, as `list.index` finds it.
    fn index(&self, column: &Bound<'_, PyAny>) -> PyResult<usize> {
        column
            .extract::<usize>()
            .ok()
            .and_then(|column| self.inner.iter().position(|&c| c == column))
            .ok_or_else(|| PyValueError::new_err("no queen in that column"))
    }

    /// How many queens stand in `column` (0 or 1), as `list.count` counts.
    fn count(&self, column: &Bound<'_, PyAny>) -> usize {
        usize::from(self.__contains__(column))
    }

    /// The columns, one at a time (nothing is copied, however large the board).
    fn __iter__(slf: &Bound<'_, Self>) -> ColumnIterator {
        ColumnIterator {
            solution: slf.clone().unbind(),
            row: 0,
        }
    }

    /// Compares with another solution, or with any sequence of ints as tuples compare.
    fn __richcmp__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let answer = |answer: bool| PyBool::new(py, answer).to_owned().into_any().unbind();
        if let Ok(other) = other.cast::<Solution>() {
            return Ok(answer(op.matches(self.inner.cmp(&other.get().inner))));
        }
        if !comparable(other) {
            return Ok(py.NotImplemented());
        }
        let columns = self.inner.columns();
        let equality = matches!(op, CompareOp::Eq | CompareOp::Ne);
        if equality && other.len()? != columns.len() {
            return Ok(answer(matches!(op, CompareOp::Ne)));
        }
        let Some(items) = ints_of(other)? else {
            return Ok(py.NotImplemented());
        };
        match op {
            CompareOp::Eq | CompareOp::Ne => {
                let same = items.len() == columns.len()
                    && items
                        .iter()
                        .zip(columns)
                        .all(|(item, &column)| item.extract::<usize>().ok() == Some(column));
                Ok(answer(same == matches!(op, CompareOp::Eq)))
            }
            _ => {
                let theirs = PyTuple::new(py, items)?;
                Ok(self.tuple(py)?.rich_compare(theirs, op)?.unbind())
            }
        }
    }

    /// The hash of the tuple of its columns, which it equals.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        if let Some(&hash) = self.hash.get() {
            return Ok(hash);
        }
        let hash = self.tuple(py)?.hash()?;
        Ok(*self.hash.get_or_init(|| hash))
    }

    /// The board drawn in dots; `MemoryError` for a board too large to draw in memory.
    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        drawing(py, &self.inner, queens::Style::Dots, "", "")
    }

    fn __repr__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        drawing(py, &self.inner, queens::Style::List, "Solution(", ")")
    }

    /// The solution drawn in `style` (a `Style` or its name); `MemoryError` for a board
    /// too large to draw so in memory.
    fn render<'py>(
        &self,
        py: Python<'py>,
        style: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyString>> {
        drawing(py, &self.inner, style_of(style)?, "", "")
    }

    /// The image of the solution under `symmetry`.
    fn transform(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<Solution> {
        Ok(Solution::wrap(self.inner.transform(symmetry_of(symmetry)?)))
    }

    /// The smallest of the solution's images under the eight symmetries.
    fn canonical(&self) -> Solution {
        Solution::wrap(self.inner.canonical())
    }

    /// Whether the solution is the smallest of its images.
    fn is_canonical(&self) -> bool {
        self.inner.is_canonical()
    }

    /// How many distinct images the solution has (2, 4 or 8).
    fn orbit_size(&self) -> usize {
        self.inner.orbit_size()
    }

    /// Pickles as its columns (for `multiprocessing` and `copy`).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyType>, (Bound<'py, PyList>,))> {
        let columns = slf.get().inner.columns();
        let list = int_list(slf.py(), columns.len(), columns.iter().copied())?;
        Ok((slf.get_type(), (list,)))
    }

    /// The board as an SVG picture, files a, b, c, ... along the bottom and ranks 1 (the
    /// bottom row) to n up the side, as `queens solve --format svg` draws it; `InvalidInput`
    /// for a board over 1000 x 1000, as the command line draws none, and `MemoryError` where
    /// the picture does not fit in memory.
    fn svg<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.picture(py)?.ok_or_else(|| {
            let n = self.inner.n();
            invalid(format!(
                "a {n} x {n} board is too large to draw: a picture is drawn of boards from 0 to {MAX_DRAWN} squares a side; render() draws any as text"
            ))
        })
    }

    /// The picture Jupyter draws (see `svg`); None (Jupyter shows the text) for a board over
    /// 1000 x 1000.
    fn _repr_svg_<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyString>>> {
        self.picture(py)
    }
}

/// The columns of a solution, one at a time.
#[pyclass(module = "queens")]
struct ColumnIterator {
    solution: Py<Solution>,
    /// The next row.
    row: usize,
}

#[pymethods]
impl ColumnIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<usize> {
        let column = self.solution.get().inner.columns().get(self.row).copied()?;
        self.row += 1;
        Some(column)
    }

    fn __length_hint__(&self) -> usize {
        self.solution.get().inner.n().saturating_sub(self.row)
    }
}

/// A board as the Python arguments give it: its size, its fixed queens (the prefix's
/// first) and its blocked squares, each checked.
struct Board {
    n: usize,
    queens: Option<Vec<(usize, usize)>>,
    blocks: Option<Vec<(usize, usize)>>,
    prefix: Option<Vec<usize>>,
}

impl Board {
    fn new(
        n: &Bound<'_, PyAny>,
        queens: Option<&Bound<'_, PyAny>>,
        blocks: Option<&Bound<'_, PyAny>>,
        prefix: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Board> {
        let n = size_arg(n, "n", "Queens()", (0, MAX_N))?;
        let call = format!("Queens({n})");
        let given = |pairs: Option<&Bound<'_, PyAny>>, what: &str| {
            pairs
                .map(|pairs| squares_of(pairs, n, &call, what))
                .transpose()
        };
        let prefix = prefix
            .map(|prefix| {
                ints_arg(
                    prefix,
                    "prefix= is the first rows' columns, a sequence of ints",
                )?
                .iter()
                .map(|col| line_of(col, n, "prefix column", &call, "prefix columns"))
                .collect::<PyResult<Vec<usize>>>()
            })
            .transpose()?;
        Ok(Board {
            n,
            queens: given(queens, "rows and columns of queens=")?,
            blocks: given(blocks, "rows and columns of blocks=")?,
            prefix,
        })
    }

    fn builder(&self) -> queens::Builder {
        queens::Queens::builder(self.n)
            .prefix(self.prefix.as_deref().unwrap_or_default())
            .queens(self.queens.iter().flatten().copied())
            .blocks(self.blocks.iter().flatten().copied())
    }

    /// The arguments as `repr` shows them: `8, queens=[(7, 0)]`.
    fn args(&self) -> String {
        let mut args = self.n.to_string();
        for (name, given) in [
            ("queens", self.queens.as_ref().map(|q| format!("{q:?}"))),
            ("blocks", self.blocks.as_ref().map(|b| format!("{b:?}"))),
            ("prefix", self.prefix.as_ref().map(|p| format!("{p:?}"))),
        ] {
            if let Some(given) = given {
                args.push_str(&format!(", {name}={given}"));
            }
        }
        args
    }
}

/// Queens(n, queens=None, blocks=None, prefix=None): every solution of an n x n board, in
/// lexicographic order, as `range` holds its numbers: each `iter()` (each `for` loop) starts
/// afresh and yields solutions lazily; `q[k]` (any int, negative from the end), `q[a:b:c]`,
/// `reversed(q)`, `len(q)` (the number of solutions, counted without building them), `s in
/// q` and `bool(q)` are about the whole board. Boards with the same squares open to a queen
/// are equal (and hash alike), however their queens and blocks were given; a board pickles
/// as its arguments.
///
/// Keyword arguments: `queens`, (row, column) squares whose queens are fixed; `blocks`,
/// (row, column) squares where no queen may stand; `prefix`, the columns of the first rows'
/// queens. Rows and columns count from 0 at the top left.
#[pyclass(name = "Queens", frozen, module = "queens")]
struct PyQueens {
    inner: queens::Queens,
    /// The arguments, as `repr` shows them.
    args: String,
    /// The arguments, as `pickle` gives them back.
    board: Board,
    /// The squares open to a queen, row by row: what equal boards share.
    open: Vec<u64>,
}

/// The largest board known to have fewer than 2^64 solutions, whatever its fixed queens
/// and blocked squares (which only take solutions away): A000170(27) is
/// 234,907,967,154,122,528.
const FEWER_THAN_2_64_UP_TO: usize = 27;

impl PyQueens {
    /// The solution at `index`, or `None` past either end.
    fn get(&self, py: Python<'_>, index: Index) -> PyResult<Option<queens::Solution>> {
        let search = self.inner.clone();
        match index {
            Index::Front(k) => interruptible(py, None, move || {
                let mut search = search;
                Ok(search.nth(k))
            }),
            Index::Back(k) => interruptible(py, None, move || {
                let mut search = search;
                Ok(search.nth_back(k))
            }),
            Index::FarFront | Index::FarBack => self.beyond_every_solution(py).map(|()| None),
        }
    }

    /// `Ok` if an index of 2^64 or more is past the end, as it is unless the board has more
    /// solutions than a `u64` counts (known at once up to n = 27, counted above):
    /// `OverflowError` then, since no search can skip that many.
    fn beyond_every_solution(&self, py: Python<'_>) -> PyResult<()> {
        if self.board.n <= FEWER_THAN_2_64_UP_TO {
            return Ok(());
        }
        let search = self.inner.clone();
        match interruptible(py, None, move || Ok(search.try_count()))? {
            Ok(_) => Ok(()),
            Err(queens::Error::Overflow { .. }) => Err(PyOverflowError::new_err(format!(
                "Queens({}) has more than 2**64 - 1 solutions: an index of 2**64 or more is beyond what a search can skip",
                self.args
            ))),
            Err(err) => Err(error(err)),
        }
    }

    /// The number of solutions as a Python `int`.
    fn length<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.count(py)?.into_pyobject(py)?.into_any())
    }

    /// The solutions of a slice: bounds and steps of any size, as `range` takes them.
    fn slice<'py>(
        &self,
        py: Python<'py>,
        slice: &Bound<'py, PySlice>,
    ) -> PyResult<Bound<'py, PyList>> {
        // Python checks the slice (integers or None, a step that is not 0).
        slice.call_method1("indices", (0,))?;
        let negative = |name: &str| -> PyResult<bool> {
            let value = slice.getattr(name)?;
            Ok(!value.is_none() && value.lt(0)?)
        };
        let backward = negative("step")?;
        // Bounds from the end need the length; from the front a bound of 2^64 stands in
        // for it, beyond every index a search reaches.
        let far: i128 = 1 << 64;
        let len = match backward || negative("start")? || negative("stop")? {
            true => self.length(py)?,
            false => far.into_pyobject(py)?.into_any(),
        };
        let (start, stop, step): (Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>) =
            slice.call_method1("indices", (len.clone(),))?.extract()?;
        let (start, stop, len): (i128, i128, i128) =
            (start.extract()?, stop.extract()?, len.extract()?);
        // A step longer than every board's solutions takes one of them.
        let step = step
            .extract::<i128>()
            .unwrap_or(if backward { -far } else { far })
            .clamp(-far, far);
        let list = PyList::empty(py);
        if !backward && start >= far {
            // Beyond a u64 from the front: past the end, unless the board has that many.
            self.beyond_every_solution(py)?;
            return Ok(list);
        }
        // One search, skipping to each solution in turn from the end it walks from.
        let mut search = self.inner.clone();
        let mut walked = 0i128;
        let mut next = start;
        while if backward { next > stop } else { next < stop } {
            let from_end = if backward { len - 1 - next } else { next };
            let skip = usize::try_from(from_end - walked)
                .map_err(|_| PyOverflowError::new_err("a slice's step is beyond a usize"))?;
            let (rest, found) = interruptible(py, None, move || {
                let found = match backward {
                    true => search.nth_back(skip),
                    false => search.nth(skip),
                };
                Ok((search, found))
            })?;
            search = rest;
            match found {
                Some(solution) => list.append(Py::new(py, Solution::wrap(solution))?)?,
                None => break,
            }
            walked = from_end + 1;
            next += step;
        }
        Ok(list)
    }
}

#[pymethods]
impl PyQueens {
    #[new]
    #[pyo3(signature = (n, queens = None, blocks = None, prefix = None))]
    fn new(
        n: &Bound<'_, PyAny>,
        queens: Option<&Bound<'_, PyAny>>,
        blocks: Option<&Bound<'_, PyAny>>,
        prefix: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyQueens> {
        let board = Board::new(n, queens, blocks, prefix)?;
        let inner = board.builder().build().map_err(error)?;
        Ok(PyQueens {
            open: inner.open_squares().to_vec(),
            inner,
            args: board.args(),
            board,
        })
    }

    /// A fresh stream of every solution, from the first.
    fn __iter__(&self) -> Solutions {
        Solutions {
            inner: Search::Forward(Box::new(self.inner.clone())),
            what: format!("solutions of Queens({})", self.args),
        }
    }

    /// Every solution, from the last one back.
    fn __reversed__(&self) -> Solutions {
        Solutions {
            inner: Search::Back(Box::new(self.inner.clone())),
            what: format!("reversed solutions of Queens({})", self.args),
        }
    }

    /// The number of solutions, counted without building them (the GIL released; Ctrl-C
    /// stops it).
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let total = self.count(py)?;
        usize::try_from(total)
            .ok()
            .filter(|&len| isize::try_from(len).is_ok())
            .ok_or_else(|| {
                pyo3::exceptions::PyOverflowError::new_err(
                    "too many solutions for len(); use count()",
                )
            })
    }

    /// Whether the board has a solution, found the fastest way (the most constrained row
    /// first), not by counting them all.
    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let mut search = self.inner.clone().most_constrained();
        Ok(searched(py, |nodes| search.next_within(nodes))?.is_some())
    }

    /// Whether `solution` is one of the board's: a `Solution`, or any sequence of ints it
    /// equals, of the board's size on its open squares (checked square by square, without a
    /// search). Anything else is not.
    fn __contains__(&self, solution: &Bound<'_, PyAny>) -> PyResult<bool> {
        let on_board = |columns: &[usize]| {
            columns.len() == self.board.n
                && columns
                    .iter()
                    .zip(&self.open)
                    .all(|(&col, &open)| col < 64 && open >> col & 1 == 1)
        };
        if let Ok(solution) = solution.cast::<Solution>() {
            return Ok(on_board(solution.get().inner.columns()));
        }
        if !comparable(solution) || solution.len()? != self.board.n {
            return Ok(false);
        }
        let Some(items) = ints_of(solution)? else {
            return Ok(false);
        };
        let columns: Option<Vec<usize>> = items.iter().map(|item| item.extract().ok()).collect();
        Ok(columns
            .is_some_and(|columns| on_board(&columns) && queens::Solution::new(columns).is_ok()))
    }

    /// Equal to another board with the same squares open to a queen (the same solutions in
    /// the same order); no order between boards.
    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let Ok(other) = other.cast::<PyQueens>() else {
            return py.NotImplemented();
        };
        let same = self.board.n == other.get().board.n && self.open == other.get().open;
        match op {
            CompareOp::Eq => PyBool::new(py, same).to_owned().into_any().unbind(),
            CompareOp::Ne => PyBool::new(py, !same).to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.board.n, &self.open).hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as its arguments.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (
            usize,
            Option<Vec<(usize, usize)>>,
            Option<Vec<(usize, usize)>>,
            Option<Vec<usize>>,
        ),
    ) {
        let board = &slf.get().board;
        (
            slf.get_type(),
            (
                board.n,
                board.queens.clone(),
                board.blocks.clone(),
                board.prefix.clone(),
            ),
        )
    }

    fn __repr__(&self) -> String {
        format!("Queens({})", self.args)
    }

    /// The solution at index `k`, counted from the first (skipping the solutions before it
    /// by counting whole subtrees, not building them), or `None` past the end, however far.
    /// A negative `k` is refused (`InvalidInput`, a `ValueError`, as `itertools.islice`
    /// refuses one): `q[k]` counts from the end.
    fn nth(&self, py: Python<'_>, k: &Bound<'_, PyAny>) -> PyResult<Option<Solution>> {
        match index_of(k, "nth() takes an integer")? {
            Index::Back(_) | Index::FarBack => Err(invalid(format!(
                "k = {k} is out of range: nth(k) counts from the first solution, and takes k from 0 up (None past the end); q[{k}] counts from the end"
            ))),
            index => Ok(self.get(py, index)?.map(Solution::wrap)),
        }
    }

    /// The solution at `index` (any int, negative from the end), or a list of those of a
    /// slice; skipped solutions are counted, not built.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return Ok(self.slice(py, slice)?.into_any().unbind());
        }
        let index = index_of(index, "Queens indices must be integers or slices")?;
        match self.get(py, index)? {
            Some(s) => Ok(Py::new(py, Solution::wrap(s))?.into_any()),
            None => Err(PyIndexError::new_err("Queens index out of range")),
        }
    }

    /// One solution per class under the board's symmetries.
    fn fundamental(&self) -> Solutions {
        Solutions {
            inner: Search::Fundamental(Box::new(self.inner.clone().classes())),
            what: format!("fundamental solutions of Queens({})", self.args),
        }
    }

    /// The same solutions, searching the most constrained row or column first: fast first
    /// solutions on large boards.
    fn most_constrained(&self) -> Solutions {
        Solutions {
            inner: Search::MostConstrained(Box::new(self.inner.clone().most_constrained())),
            what: format!("most-constrained solutions of Queens({})", self.args),
        }
    }

    /// Whether the board has no, one or several solutions, searching no further than the
    /// second: a list of none, its one solution, or the first two found.
    fn uniqueness(&self, py: Python<'_>) -> PyResult<Vec<Solution>> {
        let search = self.inner.clone();
        let answer = interruptible(py, None, move || Ok(search.uniqueness()))?;
        Ok(match answer {
            Uniqueness::NoSolution => vec![],
            Uniqueness::Unique(only) => vec![Solution::wrap(only)],
            Uniqueness::Several(first, second) => {
                vec![Solution::wrap(first), Solution::wrap(second)]
            }
        })
    }

    /// The symmetries of the board that keep its fixed queens and blocked squares.
    fn symmetries(&self) -> Vec<Symmetry> {
        self.inner
            .symmetries()
            .into_iter()
            .map(Symmetry::of)
            .collect()
    }

    /// The search as a stream of events.
    fn trace(&self) -> Trace {
        Trace {
            inner: self.inner.clone().trace(),
        }
    }

    /// How many solutions the board has, counted without building them (the GIL released).
    fn count(&self, py: Python<'_>) -> PyResult<u64> {
        let search = self.inner.clone();
        interruptible(py, None, move || search.try_count())
    }
}

/// The searches a `Solutions` stream runs.
enum Search {
    Forward(Box<queens::Queens>),
    Back(Box<queens::Queens>),
    Fundamental(Box<queens::adaptors::Fundamental<queens::Queens>>),
    MostConstrained(Box<queens::search::MostConstrained>),
}

impl Search {
    fn next_within(&mut self, nodes: u64) -> std::task::Poll<Option<queens::Solution>> {
        match self {
            Search::Forward(search) => search.next_within(nodes),
            Search::Back(search) => search.next_back_within(nodes),
            Search::Fundamental(classes) => classes.next_within(nodes, queens::Queens::next_within),
            Search::MostConstrained(search) => search.next_within(nodes),
        }
    }
}

/// A lazy stream of solutions, consumed as it goes: forward, reversed, fundamental or
/// most-constrained.
#[pyclass(module = "queens")]
struct Solutions {
    inner: Search,
    /// What it streams, as `repr` says.
    what: String,
}

#[pymethods]
impl Solutions {
    fn __repr__(&self) -> String {
        format!("<queens.Solutions: {}>", self.what)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        searched(py, |nodes| self.inner.next_within(nodes))
    }
}

/// The textbook generator's stream: the completions of `state`, each a tuple of the columns
/// after it.
#[pyclass(module = "queens")]
struct Completions {
    inner: Option<queens::Queens>,
    skip: usize,
    /// The call that made it, as `repr` shows it.
    call: String,
}

#[pymethods]
impl Completions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!("<queens.queens generator: {}>", self.call)
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let Some(search) = &mut self.inner else {
            return Ok(None);
        };
        match searched(py, |nodes| search.next_within(nodes))? {
            Some(solution) => Ok(Some(PyTuple::new(py, &solution.inner[self.skip..])?)),
            None => Ok(None),
        }
    }
}

/// `queens(num=8, state=())`: the completions of the first rows' columns `state`, as the
/// textbook's recursive generator yields them (tuples of the remaining columns, in the same
/// order), computed lazily by the crate's state machine.
#[pyfunction(name = "queens")]
#[pyo3(signature = (num = Int::Default(8), state = None), text_signature = "(num=8, state=None)")]
fn completions(num: Int<'_>, state: Option<&Bound<'_, PyAny>>) -> PyResult<Completions> {
    // Any number of rows up to the crate's largest board; none or fewer yield nothing, as
    // the chapter's `range(num)` does.
    let num = match num {
        Int::Default(num) => num as i128,
        Int::Given(num) => {
            let int = int_of(&num)?;
            match int.extract::<i128>() {
                Ok(num) if num <= MAX_N as i128 => num,
                Err(_) if int.lt(0)? => -1,
                _ => {
                    return Err(invalid(format!(
                        "num = {} is out of range: queens() takes num up to {MAX_N} (0 or less yields nothing)",
                        shown(&int)
                    )));
                }
            }
        }
    };
    let state = match state {
        None => Vec::new(),
        Some(state) => ints_arg(
            state,
            "state is the first rows' columns, a sequence of ints",
        )?,
    };
    let call = format!(
        "queens({num}, [{}])",
        state.iter().map(shown).collect::<Vec<_>>().join(", ")
    );
    // The textbook's generator yields nothing for these: no row is left to fill, or a
    // queen stands off the board (no position matches it).
    let prefix: Option<Vec<usize>> = state
        .iter()
        .map(|col| {
            col.extract::<usize>()
                .ok()
                .filter(|&col| (col as i128) < num)
        })
        .collect();
    let prefix = prefix.filter(|prefix| num > 0 && (prefix.len() as i128) < num);
    let Some(prefix) = prefix else {
        return Ok(Completions {
            inner: None,
            skip: 0,
            call,
        });
    };
    let inner = match queens::Queens::with_prefix(num as usize, &prefix) {
        Ok(search) => Some(search),
        // A state whose queens attack each other has no completion.
        Err(queens::Error::Attack { .. }) => None,
        Err(err) => return Err(error(err)),
    };
    Ok(Completions {
        inner,
        skip: prefix.len(),
        call,
    })
}

/// One step of a search: a queen placed or removed, a dead end, a solution.
///
/// Event(kind, row=None, col=None, depth=None, attacked=None, index=None) makes one by
/// hand, with the fields its kind has: "place" (row, col, depth, attacked), "remove" (row,
/// col), "dead_end" (row, attacked), "dead_column" (col, attacked), "solution" (index).
#[pyclass(frozen, module = "queens")]
struct Event {
    inner: queens::trace::Event,
}

#[pymethods]
impl Event {
    #[new]
    #[pyo3(signature = (kind, row = None, col = None, depth = None, attacked = None, index = None))]
    fn new(
        kind: &str,
        row: Option<&Bound<'_, PyAny>>,
        col: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        attacked: Option<&Bound<'_, PyAny>>,
        index: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Event> {
        use queens::trace::Event as E;
        let fields = [
            ("row", row),
            ("col", col),
            ("depth", depth),
            ("attacked", attacked),
            ("index", index),
        ];
        let needs: &[&str] = match kind {
            "place" => &["row", "col", "depth", "attacked"],
            "remove" => &["row", "col"],
            "dead_end" => &["row", "attacked"],
            "dead_column" => &["col", "attacked"],
            "solution" => &["index"],
            _ => {
                return Err(invalid(format!(
                    "{kind:?} is not an event kind: place, remove, dead_end, dead_column or solution"
                )));
            }
        };
        let given: Vec<&str> = fields
            .iter()
            .filter(|(_, value)| value.is_some())
            .map(|(name, _)| *name)
            .collect();
        if given != needs {
            return Err(invalid(format!(
                "a {kind} event has {}, not {}",
                needs.join(", "),
                match given.is_empty() {
                    true => "nothing".to_owned(),
                    false => given.join(", "),
                }
            )));
        }
        // Every field is given (checked above); a search's events are of boards up to 64 x 64.
        let field = |value: Option<&Bound<'_, PyAny>>, name: &str, range: (u64, u64)| {
            let value = value.ok_or_else(|| invalid(format!("a {kind} event has {name}")))?;
            arg(value, name, "Event()", range)
        };
        let line =
            |value, name| Ok::<_, PyErr>(field(value, name, (0, MAX_N as u64 - 1))? as usize);
        let mask = |value| field(value, "attacked", (0, u64::MAX));
        let inner = match kind {
            "place" => E::Place {
                row: line(row, "row")?,
                col: line(col, "col")?,
                depth: field(depth, "depth", (1, MAX_N as u64))? as usize,
                next_row_attacked: mask(attacked)?,
            },
            "remove" => E::Remove {
                row: line(row, "row")?,
                col: line(col, "col")?,
            },
            "dead_end" => E::DeadEnd {
                row: line(row, "row")?,
                attacked: mask(attacked)?,
            },
            "dead_column" => E::DeadColumn {
                col: line(col, "col")?,
                attacked: mask(attacked)?,
            },
            _ => E::Solution {
                index: field(index, "index", (0, u64::MAX))?,
            },
        };
        Ok(Event { inner })
    }

    /// Pickles as its kind and fields.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (
            &'static str,
            Option<usize>,
            Option<usize>,
            Option<usize>,
            Option<u64>,
            Option<u64>,
        ),
    ) {
        let event = slf.get();
        (
            slf.get_type(),
            (
                event.kind(),
                event.row(),
                event.col(),
                event.depth(),
                event.attacked(),
                event.index(),
            ),
        )
    }

    /// `"place"`, `"remove"`, `"dead_end"`, `"dead_column"` or `"solution"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner {
            queens::trace::Event::Place { .. } => "place",
            queens::trace::Event::Remove { .. } => "remove",
            queens::trace::Event::DeadEnd { .. } => "dead_end",
            queens::trace::Event::DeadColumn { .. } => "dead_column",
            queens::trace::Event::Solution { .. } => "solution",
            _ => "other",
        }
    }

    /// The row, for events on a square or a row.
    #[getter]
    fn row(&self) -> Option<usize> {
        match self.inner {
            queens::trace::Event::Place { row, .. }
            | queens::trace::Event::Remove { row, .. }
            | queens::trace::Event::DeadEnd { row, .. } => Some(row),
            _ => None,
        }
    }

    /// The column, for events on a square or a column.
    #[getter]
    fn col(&self) -> Option<usize> {
        match self.inner {
            queens::trace::Event::Place { col, .. }
            | queens::trace::Event::Remove { col, .. }
            | queens::trace::Event::DeadColumn { col, .. } => Some(col),
            _ => None,
        }
    }

    /// Queens on the board after a placement.
    #[getter]
    fn depth(&self) -> Option<usize> {
        match self.inner {
            queens::trace::Event::Place { depth, .. } => Some(depth),
            _ => None,
        }
    }

    /// The attacked squares, as a mask of columns (or rows): of the next row after a
    /// placement, of the dead row or column.
    #[getter]
    fn attacked(&self) -> Option<u64> {
        match self.inner {
            queens::trace::Event::Place {
                next_row_attacked, ..
            } => Some(next_row_attacked),
            queens::trace::Event::DeadEnd { attacked, .. }
            | queens::trace::Event::DeadColumn { attacked, .. } => Some(attacked),
            _ => None,
        }
    }

    /// The solution's number from 0, for a solution.
    #[getter]
    fn index(&self) -> Option<u64> {
        match self.inner {
            queens::trace::Event::Solution { index } => Some(index),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Event('{}')", self.inner)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, Event>>()
            .is_ok_and(|other| other.inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.to_string().hash(&mut hasher);
        hasher.finish()
    }
}

/// The events of a search, lazily.
#[pyclass(module = "queens")]
struct Trace {
    inner: queens::trace::Trace,
}

#[pymethods]
impl Trace {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        let n = self.inner.n();
        format!("<queens.Trace: the events of the search of a {n} x {n} board>")
    }

    fn __next__(&mut self) -> Option<Event> {
        self.inner.next().map(|inner| Event { inner })
    }
}

/// An animated SVG picture of an `n x n` board going through `events` (SMIL, no script).
#[pyfunction]
fn animated_svg(n: &Bound<'_, PyAny>, events: &Bound<'_, PyAny>) -> PyResult<String> {
    let n = size_arg(n, "n", "animated_svg()", (0, MAX_N))?;
    let events: Vec<queens::trace::Event> = events
        .try_iter()?
        .map(|event| Ok(event?.extract::<PyRef<'_, Event>>()?.inner))
        .collect::<PyResult<_>>()?;
    queens::trace::animated_svg(n, &events).map_err(error)
}

/// The number of solutions of `n` queens, or of symmetry classes with `fundamental`, on
/// `threads` threads (all cores by default) within `memory` bytes (besides what the machine
/// allows), with the GIL released; Ctrl-C stops it. With `checkpoint` (a path), each
/// finished part is recorded in that file, and a count stopped (Ctrl-C, a crash) and called
/// again with the same file resumes where it stopped, as `queens count --checkpoint` does.
/// `engine` is "auto" (the faster for the board), "constellations" (any board, almost no
/// memory) or "quadrants" (the quadrant join, to n = 26, the fastest from n = 14 but
/// memory-hungry), as `queens count --engine` takes them.
#[pyfunction]
#[pyo3(signature = (n, fundamental = false, threads = None, memory = None, checkpoint = None, engine = "auto"))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    fundamental: bool,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    checkpoint: Option<std::path::PathBuf>,
    engine: &str,
) -> PyResult<u64> {
    let stop = Arc::new(AtomicBool::new(false));
    let n = size_arg(n, "n", "count()", (0, MAX_N))?;
    let max_threads = queens::counting::Counter::MAX_THREADS as u64;
    let threads = threads
        .map(|t| {
            noted_arg(
                t,
                "threads",
                "count()",
                (0, max_threads),
                " (0 or None: one a core)",
            )
            .map(|t| t as usize)
        })
        .transpose()?;
    let memory = memory
        .map(|bytes| noted_arg(bytes, "memory", "count()", (1, u64::MAX), " bytes"))
        .transpose()?;
    let engine: queens::counting::Engine = engine.parse().map_err(error)?;
    let mut counter = queens::counting::Counter::new(n)
        .map_err(error)?
        .fundamental(fundamental)
        .engine(engine)
        .threads(threads.unwrap_or(0))
        .cancel_when(Arc::clone(&stop));
    if let Some(bytes) = memory {
        counter = counter.memory(bytes);
    }
    let failed = |err| count_error(err, memory);
    counter.validate().map_err(failed)?;
    if let Some(path) = checkpoint {
        counter = counter.checkpoint(path).map_err(failed)?;
    }
    // A count of a day or more says so before it starts (it goes on: Ctrl-C stops it).
    let forecast = {
        let counter = counter.clone();
        interruptible(py, None, move || Ok(counter.forecast()))?.map_err(failed)?
    };
    if let Some(forecast) = forecast.filter(|f| f.hours() > queens::counting::Estimate::LONG_HOURS)
    {
        let message = format!(
            "this count would take about {:.3e} hours on {} threads ({}); Ctrl-C stops it",
            forecast.hours(),
            forecast.threads,
            forecast.error_bar()
        );
        py.import("warnings")?.call_method1("warn", (message,))?;
    }
    let counts = {
        let counter = counter.clone();
        interruptible(py, Some(stop), move || Ok(counter.run()))?.map_err(failed)?
    };
    if let Some(err) = counter.checkpoint_failure() {
        let message = format!("the count is right, but the checkpoint is incomplete: {err}");
        py.import("warnings")?.call_method1("warn", (message,))?;
    }
    Ok(match fundamental {
        true => counts.fundamental.unwrap_or_default(),
        false => counts.total,
    })
}

/// A count's error, memory that does not fit said in `count()`'s terms: what the count
/// needs, the limit it is over (`memory=` where the caller's is the one), and each way out
/// the crate advises, as the arguments that take it.
fn count_error(err: queens::Error, memory: Option<u64>) -> PyErr {
    let queens::Error::NotEnoughMemory {
        needed,
        available,
        advice,
    } = &err
    else {
        return error(err);
    };
    let (over, mut ways) = match memory {
        Some(limit) if limit == *available => (
            format!("more than memory={limit} (bytes) allows"),
            vec!["allow it more memory".to_owned()],
        ),
        _ => (
            format!("but only {} MiB is available", available >> 20),
            Vec::new(),
        ),
    };
    if advice.contains("fewer threads") {
        ways.push("count on fewer threads (threads=1)".to_owned());
    }
    if advice.contains("constellations") {
        ways.push("count with engine=\"constellations\", which needs almost no memory".to_owned());
    }
    if ways.is_empty() {
        ways.push(pythonic(advice));
    }
    let ways = match ways.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    exception(
        "NotEnoughMemory",
        format!(
            "this count needs about {} MiB of memory, {over}; {ways}",
            mib(*needed)
        ),
    )
}

/// A solution drawn exactly uniformly at random, the same for the same seed.
#[pyfunction]
fn sample(py: Python<'_>, n: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<Solution> {
    let n = size_arg(n, "n", "sample()", (0, queens::search::SAMPLE_MAX_N))?;
    let seed = arg(seed, "seed", "sample()", (0, u64::MAX))?;
    interruptible(py, None, move || queens::search::sample(n, seed)).map(Solution::wrap)
}

/// One solution of any board, by an explicit formula.
#[pyfunction]
fn construct(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Solution> {
    // As large as memory holds (8 bytes a row): `NotEnoughMemory` says when it does not.
    let n = size_arg(n, "n", "construct()", (0, usize::MAX))?;
    interruptible(py, None, move || queens::large_boards::construct(n)).map(Solution::wrap)
}

/// A random solution of any board, by local search, the same for the same seed.
#[pyfunction]
#[pyo3(signature = (n, seed = Int::Default(0)), text_signature = "(n, seed=0)")]
fn random(py: Python<'_>, n: &Bound<'_, PyAny>, seed: Int<'_>) -> PyResult<Solution> {
    let n = size_arg(n, "n", "random()", (0, u32::MAX as usize))?;
    let seed = seed.get("seed", "random()", (0, u64::MAX))?;
    interruptible(py, None, move || queens::large_boards::random(n, seed)).map(Solution::wrap)
}

/// Checks the solutions in `text` (a `str`, or `bytes` read from a file), in any format
/// `queens solve` writes, as `queens check` does: a list of `(line, item)`, `item` the
/// `Solution` that starts on that line, or the exception (not raised) saying why what is
/// there is not one: an `InvalidInput` for an invalid solution, a heading without its
/// board, a picture cut short, or a board of another size than `n` where `n` is given;
/// a `QueensError` for a line that is not UTF-8. An empty board is never valid. Raises
/// `InvalidInput` if the text holds no solution at all, or `n` is not a board size from 1.
#[pyfunction]
#[pyo3(signature = (text, n = None))]
fn check(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    n: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(usize, Py<PyAny>)>> {
    let bytes: Vec<u8> = match text.extract::<String>() {
        Ok(text) => text.into_bytes(),
        Err(_) => text
            .extract::<Vec<u8>>()
            .map_err(|_| PyTypeError::new_err("check() reads a str or bytes of solutions"))?,
    };
    // An empty board is never valid.
    let n = n
        .map(|n| size_arg(n, "n", "check()", (1, usize::MAX)))
        .transpose()?;
    let read: Vec<(usize, Result<queens::Solution, queens::Error>)> = py.detach(move || {
        let read = queens::formats::parse_reader(&bytes[..]);
        match n {
            Some(n) => read.board_size(n).collect(),
            None => read.collect(),
        }
    });
    if read.is_empty() {
        return Err(invalid("no solutions found in the text".to_owned()));
    }
    read.into_iter()
        .map(|(line, result)| {
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
fn _rust_iteration_seconds(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<f64> {
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

/// A puzzle with exactly one solution: clue queens or blocked squares, the solution, its
/// level, the counts of the techniques its solving path uses and the path in words.
///
/// Puzzle(text) reads a drawn board (Q a queen, x a blocked square, . open), CSPLib 080's
/// form or the JSON `to_json()` writes (its seed kept), and grades it if it has exactly one
/// solution. Puzzles are equal when all of that is, and pickle as their JSON.
#[pyclass(frozen, module = "queens")]
struct Puzzle {
    inner: queens::puzzle::Puzzle,
}

impl Puzzle {
    /// The columns of `answer` (a `Solution` or any sequence of ints): `InvalidInput` for an
    /// answer of another size than the puzzle's, or a column off the board.
    fn answer(&self, answer: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let columns = columns_arg(answer)?;
        let (n, size) = (self.inner.n(), columns.len());
        match size == n {
            true => Ok(columns),
            false => Err(invalid(format!(
                "the answer is a {size} x {size} solution, but the puzzle is {n} x {n}"
            ))),
        }
    }
}

#[pymethods]
impl Puzzle {
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(Puzzle {
            inner: text.parse().map_err(error)?,
        })
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.inner.n()
    }

    /// The seed it was made from; None for a puzzle read from text.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.inner.seed()
    }

    /// The clue queens as (row, column) pairs, 0-based from the top left.
    #[getter]
    fn clues(&self) -> Vec<(usize, usize)> {
        self.inner.clues().to_vec()
    }

    /// The blocked squares as (row, column) pairs, 0-based from the top left.
    #[getter]
    fn blocks(&self) -> Vec<(usize, usize)> {
        self.inner.blocks().to_vec()
    }

    /// The one solution.
    #[getter]
    fn solution(&self) -> Solution {
        Solution::wrap(self.inner.solution().clone())
    }

    /// The level: "easy", "medium", "hard" or "harder".
    #[getter]
    fn level(&self) -> &'static str {
        self.inner.level().name()
    }

    /// How often the solving path uses each technique, simplest first: forced, excluded,
    /// refuted and guessed (the level is the hardest used).
    #[getter]
    fn rating<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let r = self.inner.rating();
        let rating = pyo3::types::PyDict::new(py);
        for (technique, steps) in [
            ("forced", r.forced),
            ("excluded", r.excluded),
            ("refuted", r.refuted),
            ("guessed", r.guessed),
        ] {
            rating.set_item(technique, steps)?;
        }
        Ok(rating)
    }

    /// The solving path, a sentence a step.
    #[getter]
    fn explanation(&self) -> Vec<String> {
        self.inner
            .explanation()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Whether `answer` (a `Solution` or any sequence of ints, its columns) solves the puzzle:
    /// False for queens that attack each other; `InvalidInput` (a `ValueError`) for an answer
    /// of another size or a column off the board.
    fn check(&self, answer: &Bound<'_, PyAny>) -> PyResult<bool> {
        let columns = self.answer(answer)?;
        Ok(queens::Solution::new(columns).is_ok_and(|answer| self.inner.check(&answer)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Puzzle>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let p = &self.inner;
        (p.seed(), p.clues(), p.blocks(), p.solution()).hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as its JSON, which reads back to it.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (String,)) {
        (slf.get_type(), (slf.get().inner.to_json(),))
    }

    /// The puzzle as one line of JSON, as `queens puzzle --format json` writes it.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The puzzle in CSPLib 080's Essence' form (a clue written as its row's other squares
    /// blocked).
    fn to_csplib(&self) -> String {
        self.inner.to_csplib()
    }

    /// An SVG picture: clues as dark crowns on a gold disc, blocked squares crossed out, and
    /// the queens of `answer` (a `Solution` or any sequence of ints of the puzzle's size), if
    /// given, as outlined crowns; `InvalidInput` (a `ValueError`) for an answer of another
    /// size, a column off the board or queens that attack each other.
    #[pyo3(signature = (answer = None))]
    fn svg(&self, answer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        match answer {
            Some(answer) => {
                let answer = queens::Solution::new(self.answer(answer)?).map_err(error)?;
                self.inner.svg_with(&answer).map_err(error)
            }
            None => Ok(self.inner.svg()),
        }
    }

    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let seed = self
            .inner
            .seed()
            .map_or_else(|| "None".to_owned(), |seed| seed.to_string());
        format!(
            "<Puzzle n={} seed={seed} level={:?} clues={:?} blocks={}>",
            self.inner.n(),
            self.inner.level().name(),
            self.inner.clues(),
            self.inner.blocks().len()
        )
    }
}

/// The level a request for puzzles asks for, `level=` or, with a `DeprecationWarning`, its
/// old name `difficulty=`; a `TypeError` for both.
fn level_asked<'a>(
    py: Python<'_>,
    call: &str,
    level: Option<&'a str>,
    difficulty: Option<&'a str>,
) -> PyResult<Option<&'a str>> {
    let Some(old) = difficulty else {
        return Ok(level);
    };
    if level.is_some() {
        return Err(PyTypeError::new_err(format!(
            "{call} takes level=, or difficulty= (its old name), not both"
        )));
    }
    let message = std::ffi::CString::new(format!(
        "{call}: difficulty= is now level= (as Puzzle.level reads it back); difficulty={old:?} will stop working"
    ))
    .unwrap_or_default();
    let category = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
    PyErr::warn(py, category.as_any(), &message, 1)?;
    Ok(Some(old))
}

/// The puzzles of one request to `call`, puzzle k made from seed + k.
fn puzzles(
    call: &str,
    n: &Bound<'_, PyAny>,
    level: Option<&str>,
    seed: &Int<'_>,
    minimal: bool,
    kind: &str,
) -> PyResult<(queens::puzzle::Puzzles, usize, u64)> {
    use queens::puzzle::{Kind, Puzzles};
    let kind: Kind = kind.parse().map_err(error)?;
    let n = match kind {
        Kind::Blocks => int_in(n, (0, Puzzles::MAX_BLOCKS_N as u64), |shown| {
            format!(
                "n = {shown} is out of range: {call} takes n from 0 to {} for kind=\"blocks\" (a larger board needs most of its squares blocked to have one solution; clue queens go to {MAX_N})",
                Puzzles::MAX_BLOCKS_N
            )
        })? as usize,
        _ => size_arg(n, "n", call, (0, MAX_N))?,
    };
    let seed = seed.get("seed", call, (0, u64::MAX))?;
    let mut puzzles = Puzzles::new(n).kind(kind).seed(seed).minimal(minimal);
    if let Some(level) = level {
        puzzles = puzzles.level(level.parse().map_err(error)?);
    }
    Ok((puzzles, n, seed))
}

/// A puzzle with exactly one solution on an n x n board, the same for the same arguments:
/// of the `level` asked ("easy", "medium", "hard", "harder", as `Puzzle.level` reads it back;
/// any when None), minimal if asked (no clue can be removed without a second solution), of
/// the `kind` asked ("queens" for clue queens, "blocks" for blocked squares). `difficulty=`
/// is the old name of `level=`, kept for a while with a `DeprecationWarning`.
#[pyfunction]
#[pyo3(
    signature = (n, level = None, seed = Int::Default(0), minimal = false, kind = "queens", *, difficulty = None),
    text_signature = "(n, level=None, seed=0, minimal=False, kind='queens', *, difficulty=None)"
)]
#[allow(clippy::too_many_arguments)]
fn puzzle(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    level: Option<&str>,
    seed: Int<'_>,
    minimal: bool,
    kind: &str,
    difficulty: Option<&str>,
) -> PyResult<Puzzle> {
    let level = level_asked(py, "puzzle()", level, difficulty)?;
    let (puzzles, _, _) = puzzles("puzzle()", n, level, &seed, minimal, kind)?;
    let made = interruptible(py, None, move || puzzles.first())?;
    Ok(Puzzle { inner: made })
}

/// Puzzles one after another, for datasets: the puzzles `puzzle()` makes of the same
/// arguments, puzzle k from seed + k. It pickles as its arguments and the next seed, so that
/// a copy goes on from where it stands. `difficulty=` is the old name of `level=`, kept for
/// a while with a `DeprecationWarning`.
#[pyclass(module = "queens")]
struct PuzzleIterator {
    inner: queens::puzzle::Puzzles,
    /// The seed of the next puzzle.
    seed: u64,
    /// The other arguments: n, level, minimal and kind.
    args: (usize, Option<String>, bool, String),
}

#[pymethods]
impl PuzzleIterator {
    #[new]
    #[pyo3(
        signature = (n, level = None, seed = Int::Default(0), minimal = false, kind = "queens", *, difficulty = None),
        text_signature = "(n, level=None, seed=0, minimal=False, kind='queens', *, difficulty=None)"
    )]
    fn new(
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        level: Option<&str>,
        seed: Int<'_>,
        minimal: bool,
        kind: &str,
        difficulty: Option<&str>,
    ) -> PyResult<Self> {
        let level = level_asked(py, "PuzzleIterator()", level, difficulty)?;
        let (inner, n, seed) = puzzles("PuzzleIterator()", n, level, &seed, minimal, kind)?;
        Ok(PuzzleIterator {
            inner,
            seed,
            args: (n, level.map(str::to_owned), minimal, kind.to_owned()),
        })
    }

    /// Pickles as its arguments, the next seed for `seed`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (usize, Option<String>, u64, bool, String),
    ) {
        let this = slf.borrow();
        let (n, level, minimal, kind) = this.args.clone();
        (slf.get_type(), (n, level, this.seed, minimal, kind))
    }

    fn __repr__(&self) -> String {
        format!(
            "<queens.PuzzleIterator: next seed {}, {:?}>",
            self.seed, self.inner
        )
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Puzzle> {
        let puzzles = self.inner.clone().seed(self.seed);
        let made = interruptible(py, None, move || puzzles.first())?;
        self.seed = self.seed.wrapping_add(1);
        Ok(Puzzle { inner: made })
    }
}

#[pymodule]
fn _queens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solution>()?;
    m.add_class::<PyQueens>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<Completions>()?;
    m.add_class::<Event>()?;
    m.add_class::<Trace>()?;
    m.add_class::<Style>()?;
    m.add_class::<Symmetry>()?;
    m.add_class::<Puzzle>()?;
    m.add_class::<PuzzleIterator>()?;
    m.add_function(wrap_pyfunction!(puzzle, m)?)?;
    m.add_function(wrap_pyfunction!(completions, m)?)?;
    m.add_function(wrap_pyfunction!(animated_svg, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(construct, m)?)?;
    m.add_function(wrap_pyfunction!(random, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(_rust_iteration_seconds, m)?)?;
    Ok(())
}
