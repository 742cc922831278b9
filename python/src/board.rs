//! `Queens`: a board's solutions held as `range` holds numbers, and the streams over them.

use crate::*;

/// A board as the Python arguments give it: its size, its fixed queens (the prefix's
/// first) and its blocked squares, each checked.
pub(crate) struct Board {
    pub(crate) n: usize,
    pub(crate) queens: Option<Vec<(usize, usize)>>,
    pub(crate) blocks: Option<Vec<(usize, usize)>>,
    pub(crate) prefix: Option<Vec<usize>>,
}

impl Board {
    pub(crate) fn new(
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

    pub(crate) fn builder(&self) -> queens::Builder {
        queens::Queens::builder(self.n)
            .prefix(self.prefix.as_deref().unwrap_or_default())
            .queens(self.queens.iter().flatten().copied())
            .blocks(self.blocks.iter().flatten().copied())
    }

    /// The arguments as `repr` shows them: `8, queens=[(7, 0)]`.
    pub(crate) fn args(&self) -> String {
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
/// `reversed(q)`, `len(q)` and `q.count()` (the number of solutions, counted without building
/// them), `s in q`, `q.index(s)`, `q.count(s)` and `bool(q)` are about the whole board, and
/// it is a `collections.abc.Sequence`. Boards with the same squares open to a queen
/// are equal (and hash alike), however their queens and blocks were given; a board pickles
/// as its arguments.
///
/// Keyword arguments: `queens`, (row, column) squares whose queens are fixed; `blocks`,
/// (row, column) squares where no queen may stand; `prefix`, the columns of the first rows'
/// queens. Rows and columns count from 0 at the top left.
#[pyclass(name = "Queens", frozen, module = "queens")]
pub(crate) struct PyQueens {
    pub(crate) inner: queens::Queens,
    /// The arguments, as `repr` shows them.
    pub(crate) args: String,
    /// The arguments, as `pickle` gives them back.
    pub(crate) board: Board,
    /// The squares open to a queen, row by row: what equal boards share.
    pub(crate) open: Vec<u64>,
}

/// The largest board known to have fewer than 2^64 solutions, whatever its fixed queens
/// and blocked squares (which only take solutions away): A000170(27) is
/// 234,907,967,154,122,528.
pub(crate) const FEWER_THAN_2_64_UP_TO: usize = 27;

impl PyQueens {
    /// The solution at `index`, or `None` past either end.
    pub(crate) fn get(&self, py: Python<'_>, index: Index) -> PyResult<Option<queens::Solution>> {
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
    pub(crate) fn beyond_every_solution(&self, py: Python<'_>) -> PyResult<()> {
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

    /// How many solutions the board has, counted without building them (the GIL released).
    pub(crate) fn total(&self, py: Python<'_>) -> PyResult<u64> {
        let search = self.inner.clone();
        interruptible(py, None, move || search.try_count())
    }

    /// The number of solutions as a Python `int`.
    pub(crate) fn length<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.total(py)?.into_pyobject(py)?.into_any())
    }

    /// `solution` as one of the board's, if it is: a `Solution`, or any sequence of ints it
    /// equals, of the board's size on its open squares (checked square by square, without a
    /// search). Anything else is not.
    pub(crate) fn member(&self, solution: &Bound<'_, PyAny>) -> PyResult<Option<queens::Solution>> {
        let on_board = |columns: &[usize]| {
            columns.len() == self.board.n
                && columns
                    .iter()
                    .zip(&self.open)
                    .all(|(&col, &open)| col < 64 && open >> col & 1 == 1)
        };
        if let Ok(solution) = solution.cast::<Solution>() {
            let inner = &solution.get().inner;
            return Ok(on_board(inner.columns()).then(|| inner.clone()));
        }
        if !comparable(solution) || solution.len()? != self.board.n {
            return Ok(None);
        }
        let Some(items) = ints_of(solution)? else {
            return Ok(None);
        };
        let columns: Option<Vec<usize>> = items.iter().map(|item| item.extract().ok()).collect();
        Ok(columns
            .filter(|columns| on_board(columns))
            .and_then(|columns| queens::Solution::new(columns).ok()))
    }

    /// The solutions of a slice: bounds and steps of any size, as `range` takes them.
    pub(crate) fn slice<'py>(
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
        // One search on one worker, skipping to each solution in turn from the end it walks
        // from; Ctrl-C stops it between two solutions.
        let mut search = self.inner.clone();
        let halt = Arc::new(AtomicBool::new(false));
        let halted = Arc::clone(&halt);
        let found = interruptible(py, Some(halt), move || {
            let (mut found, mut walked, mut next) = (Vec::new(), 0i128, start);
            while (if backward { next > stop } else { next < stop })
                && !halted.load(Ordering::Relaxed)
            {
                // Memory watched as a stream watches it, and room made fallibly: a slice
                // of a large board can hold billions of solutions.
                let full = found.len() == found.capacity();
                let short = memory_checked_at(found.len() as u64)
                    .then(memory_short)
                    .flatten();
                if let Some(available) = short.or_else(|| {
                    (full && found.try_reserve(found.len().max(64)).is_err()).then_some(0)
                }) {
                    return Ok(Err(SliceStop::Memory(available)));
                }
                let from_end = if backward { len - 1 - next } else { next };
                let Ok(skip) = usize::try_from(from_end - walked) else {
                    return Ok(Err(SliceStop::Overflow));
                };
                let solution = match backward {
                    true => search.nth_back(skip),
                    false => search.nth(skip),
                };
                match solution {
                    Some(solution) => found.push(solution),
                    None => break,
                }
                walked = from_end + 1;
                next += step;
            }
            Ok(Ok(found))
        })?
        .map_err(|stop| match stop {
            SliceStop::Overflow => PyOverflowError::new_err("a slice's step is beyond a usize"),
            SliceStop::Memory(available) => out_of_memory("a slice", available),
        })?;
        for solution in found {
            list.append(Py::new(py, Solution::wrap(solution))?)?;
        }
        Ok(list)
    }
}

#[pymethods]
impl PyQueens {
    #[new]
    #[pyo3(signature = (n, queens = None, blocks = None, prefix = None))]
    pub(crate) fn new(
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
    pub(crate) fn __iter__(&self) -> Solutions {
        Solutions {
            inner: Search::Forward(Box::new(self.inner.clone())),
            what: format!("solutions of Queens({})", self.args),
        }
    }

    /// Every solution, from the last one back.
    pub(crate) fn __reversed__(&self) -> Solutions {
        Solutions {
            inner: Search::Back(Box::new(self.inner.clone())),
            what: format!("reversed solutions of Queens({})", self.args),
        }
    }

    /// The number of solutions, counted without building them (the GIL released; Ctrl-C
    /// stops it).
    pub(crate) fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let total = self.total(py)?;
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
    pub(crate) fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let mut search = self.inner.clone().most_constrained();
        Ok(searched(py, |nodes| search.next_within(nodes))?.is_some())
    }

    /// Whether `solution` is one of the board's: a `Solution`, or any sequence of ints it
    /// equals, of the board's size on its open squares (checked square by square, without a
    /// search). Anything else is not.
    pub(crate) fn __contains__(&self, solution: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.member(solution)?.is_some())
    }

    /// The index of `solution` among the board's solutions (`ValueError` if it is not
    /// one), as `range.index` gives a number's: the solutions before it are counted a row at
    /// a time, not built (the GIL released; Ctrl-C stops it).
    pub(crate) fn index(&self, py: Python<'_>, solution: &Bound<'_, PyAny>) -> PyResult<u64> {
        let Some(member) = self.member(solution)? else {
            return Err(PyValueError::new_err(format!(
                "{} is not in Queens({})",
                solution.repr()?,
                self.args
            )));
        };
        let search = self.inner.clone();
        interruptible(py, None, move || Ok(search.position(&member)))
            .map(|position| position.unwrap_or_default())
    }

    /// `count()`: how many solutions the board has, counted without building them (the GIL
    /// released). `count(solution)`: how many times `solution` is one of them, 0 or 1, as
    /// `range.count` says of a number.
    #[pyo3(signature = (*solution))]
    pub(crate) fn count<'py>(
        &self,
        py: Python<'py>,
        solution: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match solution.len() {
            0 => self.length(py),
            1 => Ok(u64::from(self.member(&solution.get_item(0)?)?.is_some())
                .into_pyobject(py)?
                .into_any()),
            given => Err(PyTypeError::new_err(format!(
                "count() takes at most 1 argument ({given} given)"
            ))),
        }
    }

    /// Equal to another board with the same squares open to a queen (the same solutions in
    /// the same order); no order between boards.
    pub(crate) fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> Py<PyAny> {
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

    pub(crate) fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.board.n, &self.open).hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as its arguments.
    #[allow(clippy::type_complexity)]
    pub(crate) fn __reduce__<'py>(
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

    pub(crate) fn __repr__(&self) -> String {
        format!("Queens({})", self.args)
    }

    /// The solution at index `k`, counted from the first (skipping the solutions before it
    /// by counting whole subtrees, not building them), or `None` past the end, however far.
    /// A negative `k` is refused (`InvalidInput`, a `ValueError`, as `itertools.islice`
    /// refuses one): `q[k]` counts from the end.
    pub(crate) fn nth(&self, py: Python<'_>, k: &Bound<'_, PyAny>) -> PyResult<Option<Solution>> {
        match index_of(k, "nth() takes an integer")? {
            Index::Back(_) | Index::FarBack => Err(invalid(format!(
                "k = {k} is out of range: nth(k) counts from the first solution, and takes k from 0 up (None past the end); q[{k}] counts from the end"
            ))),
            index => Ok(self.get(py, index)?.map(Solution::wrap)),
        }
    }

    /// The solution at `index` (any int, negative from the end), or a list of those of a
    /// slice; skipped solutions are counted, not built.
    pub(crate) fn __getitem__(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
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
    pub(crate) fn fundamental(&self) -> Solutions {
        Solutions {
            inner: Search::Fundamental(Box::new(self.inner.clone().classes())),
            what: format!("fundamental solutions of Queens({})", self.args),
        }
    }

    /// The same solutions, searching the most constrained row or column first: fast first
    /// solutions on large boards.
    pub(crate) fn most_constrained(&self) -> Solutions {
        Solutions {
            inner: Search::MostConstrained(Box::new(self.inner.clone().most_constrained())),
            what: format!("most-constrained solutions of Queens({})", self.args),
        }
    }

    /// Whether the board has no, one or several solutions, searching no further than the
    /// second: a list of none, its one solution, or the first two found.
    pub(crate) fn uniqueness(&self, py: Python<'_>) -> PyResult<Vec<Solution>> {
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
    pub(crate) fn symmetries<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.inner
            .symmetries()
            .into_iter()
            .map(|symmetry| symmetry_member(py, symmetry))
            .collect()
    }

    /// The search as a stream of events.
    pub(crate) fn trace(&self) -> Trace {
        Trace {
            inner: self.inner.clone().trace(),
        }
    }
}

/// Why a slice's search stopped short.
enum SliceStop {
    /// A step past a `usize`.
    Overflow,
    /// Memory ran short, this much left.
    Memory(u64),
}

/// The searches a `Solutions` stream runs.
pub(crate) enum Search {
    Forward(Box<queens::Queens>),
    Back(Box<queens::Queens>),
    Fundamental(Box<queens::adaptors::Fundamental<queens::Queens>>),
    MostConstrained(Box<queens::search::MostConstrained>),
}

impl Search {
    pub(crate) fn next_within(&mut self, nodes: u64) -> std::task::Poll<Option<queens::Solution>> {
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
pub(crate) struct Solutions {
    pub(crate) inner: Search,
    /// What it streams, as `repr` says.
    pub(crate) what: String,
}

#[pymethods]
impl Solutions {
    pub(crate) fn __repr__(&self) -> String {
        format!("<queens.Solutions: {}>", self.what)
    }

    pub(crate) fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    pub(crate) fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        searched(py, |nodes| self.inner.next_within(nodes))
    }
}

/// The textbook generator's stream: the completions of `state`, each a tuple of the columns
/// after it.
#[pyclass(module = "queens")]
pub(crate) struct Completions {
    pub(crate) inner: Option<queens::Queens>,
    pub(crate) skip: usize,
    /// The call that made it, as `repr` shows it.
    pub(crate) call: String,
}

#[pymethods]
impl Completions {
    pub(crate) fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    pub(crate) fn __repr__(&self) -> String {
        format!("<queens.queens generator: {}>", self.call)
    }

    pub(crate) fn __next__<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
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
pub(crate) fn completions(num: Int<'_>, state: Option<&Bound<'_, PyAny>>) -> PyResult<Completions> {
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
