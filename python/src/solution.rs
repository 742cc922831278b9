//! `Solution`: a sequence of columns, drawn, compared and hashed like a tuple.

use crate::*;

/// `solution` drawn in `style` between `before` and `after`, as a Python `str`, with room
/// made first (see [`room`]): `MemoryError` rather than an abort for a board too large.
pub(crate) fn drawing<'py>(
    py: Python<'py>,
    solution: &queens::Solution,
    style: queens::Style,
    before: &str,
    after: &str,
) -> PyResult<Bound<'py, PyString>> {
    let n = solution.n();
    let bytes = style
        .max_bytes(n)
        .saturating_add((before.len() + after.len()) as u64);
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
pub(crate) const MAX_DRAWN: usize = 1000;

/// Columns as a Python list, built an item at a time: `MemoryError` where Python has no
/// room, rather than an abort (`PyList::new` panics), and refused at once where the memory
/// available is less than the list's.
pub(crate) fn int_list<'py>(
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

/// One solution: a sequence of columns, `s[row]` the column of row `row`'s queen. It equals
/// any other sequence of the same ints (a tuple, a list, ...; not a str, bytes or range, which
/// hash their own way), orders against them as tuples do, and hashes as the tuple of its
/// columns: `{s: 1}[(1, 3, 0, 2)]` finds it.
#[pyclass(frozen, sequence, module = "queens")]
pub(crate) struct Solution {
    pub(crate) inner: queens::Solution,
    /// The hash of the tuple of its columns, once asked for.
    pub(crate) hash: std::sync::OnceLock<isize>,
}

impl Solution {
    pub(crate) fn wrap(inner: queens::Solution) -> Solution {
        Solution {
            inner,
            hash: std::sync::OnceLock::new(),
        }
    }

    /// The columns as a Python tuple (`MemoryError` where it does not fit).
    pub(crate) fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let columns = self.inner.columns();
        let list = int_list(py, columns.len(), columns.iter().copied())?;
        py.get_type::<PyTuple>().call1((list,))
    }

    /// The picture of the board, or None over [`MAX_DRAWN`] squares a side.
    pub(crate) fn picture<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyString>>> {
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
pub(crate) fn comparable(other: &Bound<'_, PyAny>) -> bool {
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
    pub(crate) fn new(columns: &Bound<'_, PyAny>) -> PyResult<Solution> {
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
    pub(crate) fn parse(text: &str) -> PyResult<Solution> {
        text.parse().map(Solution::wrap).map_err(error)
    }

    /// The board size.
    #[getter]
    pub(crate) fn n(&self) -> usize {
        self.inner.n()
    }

    pub(crate) fn __len__(&self) -> usize {
        self.inner.n()
    }

    /// The column of row `index` (negative from the end, of any size, as a list takes it),
    /// or a list of those of a slice.
    pub(crate) fn __getitem__(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
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

    pub(crate) fn __contains__(&self, column: &Bound<'_, PyAny>) -> bool {
        column
            .extract::<usize>()
            .is_ok_and(|column| self.inner.contains(&column))
    }

    /// The row whose queen stands in `column`, as `list.index` finds it.
    pub(crate) fn index(&self, column: &Bound<'_, PyAny>) -> PyResult<usize> {
        column
            .extract::<usize>()
            .ok()
            .and_then(|column| self.inner.iter().position(|&c| c == column))
            .ok_or_else(|| PyValueError::new_err("no queen in that column"))
    }

    /// How many queens stand in `column` (0 or 1), as `list.count` counts.
    pub(crate) fn count(&self, column: &Bound<'_, PyAny>) -> usize {
        usize::from(self.__contains__(column))
    }

    /// The columns, one at a time (nothing is copied, however large the board).
    pub(crate) fn __iter__(slf: &Bound<'_, Self>) -> ColumnIterator {
        ColumnIterator {
            solution: slf.clone().unbind(),
            row: 0,
        }
    }

    /// Compares with another solution, or with any sequence of ints as tuples compare.
    pub(crate) fn __richcmp__<'py>(
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
    pub(crate) fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        if let Some(&hash) = self.hash.get() {
            return Ok(hash);
        }
        let hash = self.tuple(py)?.hash()?;
        Ok(*self.hash.get_or_init(|| hash))
    }

    /// The board drawn in dots; `MemoryError` for a board too large to draw in memory.
    pub(crate) fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        drawing(py, &self.inner, queens::Style::Dots, "", "")
    }

    pub(crate) fn __repr__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        drawing(py, &self.inner, queens::Style::List, "Solution(", ")")
    }

    /// The solution drawn in `style` (a `Style` or its name); `MemoryError` for a board
    /// too large to draw so in memory.
    pub(crate) fn render<'py>(
        &self,
        py: Python<'py>,
        style: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyString>> {
        drawing(py, &self.inner, style_of(style)?, "", "")
    }

    /// The image of the solution under `symmetry`.
    pub(crate) fn transform(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<Solution> {
        Ok(Solution::wrap(self.inner.transform(symmetry_of(symmetry)?)))
    }

    /// The smallest of the solution's images under the eight symmetries.
    pub(crate) fn canonical(&self) -> Solution {
        Solution::wrap(self.inner.canonical())
    }

    /// Whether the solution is the smallest of its images.
    pub(crate) fn is_canonical(&self) -> bool {
        self.inner.is_canonical()
    }

    /// How many distinct images the solution has (2, 4 or 8).
    pub(crate) fn orbit_size(&self) -> usize {
        self.inner.orbit_size()
    }

    /// Pickles as its columns (for `multiprocessing` and `copy`).
    #[allow(clippy::type_complexity)]
    pub(crate) fn __reduce__<'py>(
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
    pub(crate) fn svg<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.picture(py)?.ok_or_else(|| {
            let n = self.inner.n();
            invalid(format!(
                "a {n} x {n} board is too large to draw: a picture is drawn of boards from 0 to {MAX_DRAWN} squares a side; render() draws any as text"
            ))
        })
    }

    /// The picture Jupyter draws (see `svg`); None (Jupyter shows the text) for a board over
    /// 1000 x 1000.
    pub(crate) fn _repr_svg_<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyString>>> {
        self.picture(py)
    }
}

/// The columns of a solution, one at a time.
#[pyclass(module = "queens")]
pub(crate) struct ColumnIterator {
    pub(crate) solution: Py<Solution>,
    /// The next row.
    pub(crate) row: usize,
}

#[pymethods]
impl ColumnIterator {
    pub(crate) fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    pub(crate) fn __next__(&mut self) -> Option<usize> {
        let column = self.solution.get().inner.columns().get(self.row).copied()?;
        self.row += 1;
        Some(column)
    }

    pub(crate) fn __length_hint__(&self) -> usize {
        self.solution.get().inner.n().saturating_sub(self.row)
    }
}
