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
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySlice, PyTuple};
use queens::puzzle::Uniqueness;

/// A crate error as the exception of `queens._errors` that fits it.
fn error(err: queens::Error) -> PyErr {
    use queens::Error as E;
    let class = match &err {
        E::NotEnoughMemory { .. } | E::OutOfMemory { .. } => "NotEnoughMemory",
        E::Cancelled { .. } => "Cancelled",
        E::Overflow { .. } | E::Checkpoint { .. } | E::Read { .. } => "QueensError",
        _ => "InvalidInput",
    };
    exception(class, err.to_string())
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

/// A whole number that must not be negative: `InvalidInput` naming `what` otherwise.
fn natural(value: i128, what: &str) -> PyResult<usize> {
    usize::try_from(value).map_err(|_| {
        invalid(format!(
            "{what} = {value} is not a number from 0 to {}",
            usize::MAX
        ))
    })
}

/// Squares given as pairs of whole numbers, each checked.
fn squares(pairs: Option<Vec<(i128, i128)>>, what: &str) -> PyResult<Vec<(usize, usize)>> {
    pairs
        .unwrap_or_default()
        .into_iter()
        .map(|(row, col)| Ok((natural(row, what)?, natural(col, what)?)))
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
                Err(_) => Err(PyValueError::new_err("the count failed")),
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
}

#[pymethods]
impl Symmetry {
    /// The eight symmetries, the identity first.
    #[classattr]
    #[pyo3(name = "ALL")]
    fn all() -> Vec<Symmetry> {
        Symmetry::ALL.iter().map(|&(py, _)| py).collect()
    }
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

/// One solution: a sequence of columns, `s[row]` the column of row `row`'s queen.
#[pyclass(frozen, sequence, module = "queens")]
#[derive(Clone)]
struct Solution {
    inner: queens::Solution,
}

impl Solution {
    fn wrap(inner: queens::Solution) -> Solution {
        Solution { inner }
    }
}

#[pymethods]
impl Solution {
    /// A solution from its columns; `InvalidInput` (a `ValueError`) if queens attack.
    #[new]
    fn new(columns: Vec<usize>) -> PyResult<Solution> {
        queens::Solution::new(columns)
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

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let columns = self.inner.columns();
        if let Ok(slice) = index.cast::<PySlice>() {
            let indices = slice.indices(columns.len() as isize)?;
            let picked: Vec<usize> = (0..indices.slicelength)
                .map(|k| columns[(indices.start + k as isize * indices.step) as usize])
                .collect();
            return Ok(picked.into_pyobject(py)?.into_any().unbind());
        }
        let i: isize = index.extract()?;
        let len = columns.len() as isize;
        let at = if i < 0 { i + len } else { i };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err("solution index out of range"));
        }
        Ok(columns[at as usize].into_pyobject(py)?.into_any().unbind())
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

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .inner
            .columns()
            .to_vec()
            .into_pyobject(py)?
            .try_iter()?
            .into_any())
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        match other.extract::<PyRef<'_, Solution>>() {
            Ok(other) => op
                .matches(self.inner.cmp(&other.inner))
                .into_pyobject(py)
                .map_or_else(
                    |_| py.NotImplemented(),
                    |b| b.to_owned().into_any().unbind(),
                ),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Solution({})", self.inner.render(queens::Style::List))
    }

    /// The solution drawn in `style` (a `Style` or its name).
    fn render(&self, style: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.inner.render(style_of(style)?).to_string())
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
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (Vec<usize>,)) {
        (slf.get_type(), (slf.get().inner.columns().to_vec(),))
    }

    /// The board as an SVG picture, which Jupyter draws.
    fn _repr_svg_(&self) -> String {
        queens::formats::svg(std::slice::from_ref(&self.inner))
    }
}

/// What a board's constraints are, as the Python arguments give them.
fn board(
    n: i128,
    queens: Option<Vec<(i128, i128)>>,
    blocks: Option<Vec<(i128, i128)>>,
    prefix: Option<Vec<i128>>,
) -> PyResult<queens::Queens> {
    let prefix: Vec<usize> = prefix
        .unwrap_or_default()
        .into_iter()
        .map(|col| natural(col, "a prefix column"))
        .collect::<PyResult<_>>()?;
    queens::Queens::builder(natural(n, "n")?)
        .prefix(&prefix)
        .queens(squares(queens, "a queen's row or column")?)
        .blocks(squares(blocks, "a blocked square's row or column")?)
        .build()
        .map_err(error)
}

/// Queens(n, queens=None, blocks=None, prefix=None): every solution of an n x n board, in
/// lexicographic order, as `range` holds its numbers: each `iter()` (each `for` loop) starts
/// afresh and yields solutions lazily; `q[k]`, `q[a:b:c]`, `reversed(q)` and `len(q)` (the
/// number of solutions, counted without building them) are about the whole board.
///
/// Keyword arguments: `queens`, (row, column) squares whose queens are fixed; `blocks`,
/// (row, column) squares where no queen may stand; `prefix`, the columns of the first rows'
/// queens. Rows and columns count from 0 at the top left.
#[pyclass(name = "Queens", frozen, module = "queens")]
struct PyQueens {
    inner: queens::Queens,
    /// The arguments, as `repr` shows them.
    args: String,
}

impl PyQueens {
    /// The solution at `index` (negative from the end), or `None` past either end.
    fn get(&self, py: Python<'_>, index: isize) -> PyResult<Option<queens::Solution>> {
        let search = self.inner.clone();
        interruptible(py, None, move || {
            let mut search = search;
            Ok(match index {
                0.. => search.nth(index as usize),
                _ => search.nth_back((-1 - index) as usize),
            })
        })
    }
}

#[pymethods]
impl PyQueens {
    #[new]
    #[pyo3(signature = (n, queens = None, blocks = None, prefix = None))]
    fn new(
        n: i128,
        queens: Option<Vec<(i128, i128)>>,
        blocks: Option<Vec<(i128, i128)>>,
        prefix: Option<Vec<i128>>,
    ) -> PyResult<PyQueens> {
        let mut args = n.to_string();
        for (name, given) in [
            ("queens", queens.as_ref().map(|q| format!("{q:?}"))),
            ("blocks", blocks.as_ref().map(|b| format!("{b:?}"))),
            ("prefix", prefix.as_ref().map(|p| format!("{p:?}"))),
        ] {
            if let Some(given) = given {
                args.push_str(&format!(", {name}={given}"));
            }
        }
        Ok(PyQueens {
            inner: board(n, queens, blocks, prefix)?,
            args,
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

    fn __repr__(&self) -> String {
        format!("Queens({})", self.args)
    }

    /// The solution at index `k` (skipping the solutions before it by counting whole
    /// subtrees, not building them), or `None` past the end.
    fn nth(&self, py: Python<'_>, k: usize) -> PyResult<Option<Solution>> {
        let k = isize::try_from(k).map_err(|_| PyIndexError::new_err("index too large"))?;
        Ok(self.get(py, k)?.map(Solution::wrap))
    }

    /// The solution at `index` (negative from the end), or a list of those of a slice;
    /// skipped solutions are counted, not built.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let total = || -> PyResult<isize> {
                let left = self.inner.clone().try_count().map_err(error)?;
                isize::try_from(left).map_err(|_| PyIndexError::new_err("too many solutions"))
            };
            let needs_count = ["start", "stop"].iter().any(|name| {
                slice
                    .getattr(*name)
                    .and_then(|v| v.extract::<Option<isize>>())
                    .is_ok_and(|v| v.is_some_and(|v| v < 0))
            });
            let backward = slice
                .getattr("step")
                .and_then(|v| v.extract::<Option<isize>>())
                .is_ok_and(|v| v.is_some_and(|v| v < 0));
            let len = if needs_count || backward {
                total()?
            } else {
                isize::MAX
            };
            let indices = slice.indices(len)?;
            if indices.step < 0 {
                // Backward: each solution found on its own (the count above bounds them).
                let mut picked = Vec::new();
                let mut at = indices.start;
                while at > indices.stop {
                    match self.get(py, at)? {
                        Some(s) => picked.push(Solution::wrap(s)),
                        None => break,
                    }
                    at += indices.step;
                }
                return Ok(picked.into_pyobject(py)?.into_any().unbind());
            }
            let mut search = self.inner.clone();
            let mut picked = Vec::new();
            let mut next = indices.start;
            let mut at = 0isize;
            while next < indices.stop {
                let mut step = search;
                let skip = (next - at) as usize;
                let (rest, found) = interruptible(py, None, move || {
                    let found = step.nth(skip);
                    Ok((step, found))
                })?;
                search = rest;
                match found {
                    Some(s) => picked.push(Solution::wrap(s)),
                    None => break,
                }
                at = next + 1;
                let Some(after) = next.checked_add(indices.step) else {
                    break;
                };
                next = after;
            }
            return Ok(picked.into_pyobject(py)?.into_any().unbind());
        }
        let i: isize = index.extract()?;
        match self.get(py, i)? {
            Some(s) => Ok(Solution::wrap(s).into_pyobject(py)?.into_any().unbind()),
            None => Err(PyIndexError::new_err("solution index out of range")),
        }
    }

    /// One solution per class under the board's symmetries.
    fn fundamental(&self) -> Solutions {
        Solutions {
            inner: Search::Fundamental(Box::new(self.inner.clone().fundamental())),
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
#[pyo3(signature = (num = 8, state = None))]
fn completions(num: isize, state: Option<Vec<isize>>) -> PyResult<Completions> {
    let state = state.unwrap_or_default();
    let call = format!("queens({num}, {state:?})");
    // The textbook's generator yields nothing for these: no row is left to fill, or a
    // queen stands off the board (no position matches it).
    let hopeless =
        num <= 0 || state.len() >= num as usize || state.iter().any(|&c| c < 0 || c >= num);
    if hopeless {
        return Ok(Completions {
            inner: None,
            skip: 0,
            call,
        });
    }
    let prefix: Vec<usize> = state.iter().map(|&c| c as usize).collect();
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
#[pyclass(frozen, module = "queens")]
struct Event {
    inner: queens::trace::Event,
}

#[pymethods]
impl Event {
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
fn animated_svg(n: i128, events: &Bound<'_, PyAny>) -> PyResult<String> {
    let n = natural(n, "n")?;
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
#[pyfunction]
#[pyo3(signature = (n, fundamental = false, threads = None, memory = None, checkpoint = None))]
fn count(
    py: Python<'_>,
    n: i128,
    fundamental: bool,
    threads: Option<i128>,
    memory: Option<i128>,
    checkpoint: Option<std::path::PathBuf>,
) -> PyResult<u64> {
    let stop = Arc::new(AtomicBool::new(false));
    let threads = threads.map(|t| natural(t, "threads")).transpose()?;
    let mut counter = queens::counting::Counter::new(natural(n, "n")?)
        .map_err(error)?
        .fundamental(fundamental)
        .threads(threads.unwrap_or(0))
        .cancel_when(Arc::clone(&stop));
    if let Some(bytes) = memory {
        let bytes = u64::try_from(bytes)
            .ok()
            .filter(|&b| b > 0)
            .ok_or_else(|| invalid(format!("memory = {bytes} is not a number of bytes")))?;
        counter = counter.memory(bytes);
    }
    counter.validate().map_err(error)?;
    if let Some(path) = checkpoint {
        counter = counter.checkpoint(path).map_err(error)?;
    }
    // A count of a day or more says so before it starts (it goes on: Ctrl-C stops it).
    let forecast = {
        let counter = counter.clone();
        interruptible(py, None, move || counter.forecast())?
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
        interruptible(py, Some(stop), move || counter.run())?
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

/// A solution drawn exactly uniformly at random, the same for the same seed.
#[pyfunction]
fn sample(py: Python<'_>, n: i128, seed: u64) -> PyResult<Solution> {
    let n = natural(n, "n")?;
    interruptible(py, None, move || queens::search::sample(n, seed)).map(Solution::wrap)
}

/// One solution of any board, by an explicit formula.
#[pyfunction]
fn construct(py: Python<'_>, n: i128) -> PyResult<Solution> {
    let n = natural(n, "n")?;
    interruptible(py, None, move || queens::large_boards::construct(n)).map(Solution::wrap)
}

/// A random solution of any board, by local search, the same for the same seed.
#[pyfunction]
#[pyo3(signature = (n, seed = 0))]
fn random(py: Python<'_>, n: i128, seed: u64) -> PyResult<Solution> {
    let n = natural(n, "n")?;
    interruptible(py, None, move || queens::large_boards::random(n, seed)).map(Solution::wrap)
}

/// Seconds the Rust iterator takes to step through every solution of `n` (building no
/// Python object, the GIL released): the yardstick of `bench.py`.
#[pyfunction]
fn _rust_iteration_seconds(py: Python<'_>, n: usize) -> PyResult<f64> {
    let mut search = queens::Queens::try_new(n).map_err(error)?;
    Ok(py.detach(|| {
        let started = std::time::Instant::now();
        let mut solutions = 0u64;
        while let Some(columns) = search.next_columns() {
            solutions += columns[0] as u64 + 1;
        }
        std::hint::black_box(solutions);
        started.elapsed().as_secs_f64()
    }))
}

/// A puzzle with exactly one solution: clue queens or blocked squares, the solution, its
/// level, the counts of the techniques its solving path uses and the path in words.
///
/// Puzzle(text) reads a drawn board (Q a queen, x a blocked square, . open) or CSPLib 080's
/// form, and grades it if it has exactly one solution.
#[pyclass(frozen, module = "queens")]
struct Puzzle {
    inner: queens::puzzle::Puzzle,
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

    /// How often the solving path uses each technique.
    #[getter]
    fn rating(&self) -> std::collections::HashMap<&'static str, usize> {
        let r = self.inner.rating();
        [
            ("forced", r.forced),
            ("excluded", r.excluded),
            ("refuted", r.refuted),
            ("guessed", r.guessed),
        ]
        .into_iter()
        .collect()
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

    /// Whether `answer` solves the puzzle.
    fn check(&self, answer: &Solution) -> bool {
        self.inner.check(&answer.inner)
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
    /// the queens of `answer` (a Solution), if given, as outlined crowns.
    #[pyo3(signature = (answer = None))]
    fn svg(&self, answer: Option<&Solution>) -> String {
        self.inner.svg(answer.map(|answer| &answer.inner))
    }

    fn _repr_svg_(&self) -> String {
        self.inner.svg(None)
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

/// The puzzles of one request, puzzle k made from seed + k.
fn puzzles(
    n: i128,
    difficulty: Option<&str>,
    seed: u64,
    minimal: bool,
    kind: &str,
) -> PyResult<queens::puzzle::Puzzles> {
    let mut puzzles = queens::puzzle::Puzzles::new(natural(n, "n")?)
        .kind(kind.parse().map_err(error)?)
        .seed(seed)
        .minimal(minimal);
    if let Some(level) = difficulty {
        puzzles = puzzles.level(level.parse().map_err(error)?);
    }
    Ok(puzzles)
}

/// A puzzle with exactly one solution on an n x n board, the same for the same arguments:
/// of the `difficulty` asked ("easy", "medium", "hard", "harder"; any when None), minimal if
/// asked (no clue can be removed without a second solution), of the `kind` asked ("queens"
/// for clue queens, "blocks" for blocked squares).
#[pyfunction]
#[pyo3(signature = (n, difficulty = None, seed = 0, minimal = false, kind = "queens"))]
fn puzzle(
    py: Python<'_>,
    n: i128,
    difficulty: Option<&str>,
    seed: u64,
    minimal: bool,
    kind: &str,
) -> PyResult<Puzzle> {
    let puzzles = puzzles(n, difficulty, seed, minimal, kind)?;
    let made = interruptible(py, None, move || puzzles.first())?;
    Ok(Puzzle { inner: made })
}

/// Puzzles one after another, for datasets: puzzle k made from seed + k.
#[pyclass(module = "queens")]
struct PuzzleIterator {
    inner: queens::puzzle::Puzzles,
    /// The seed of the next puzzle.
    seed: u64,
}

#[pymethods]
impl PuzzleIterator {
    #[new]
    #[pyo3(signature = (n, difficulty = None, seed = 0, minimal = false, kind = "queens"))]
    fn new(
        n: i128,
        difficulty: Option<&str>,
        seed: u64,
        minimal: bool,
        kind: &str,
    ) -> PyResult<Self> {
        Ok(PuzzleIterator {
            inner: puzzles(n, difficulty, seed, minimal, kind)?,
            seed,
        })
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
    m.add_function(wrap_pyfunction!(_rust_iteration_seconds, m)?)?;
    Ok(())
}
