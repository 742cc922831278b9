//! Python arguments read into the crate's values: integers of any size, squares, columns,
//! indices; each refused with the range the call takes.

use crate::*;

/// A Python index of any size: counted from the front (0, 1, ...) or from the back (-1 is
/// 0 from the back, -2 is 1, ...), or beyond what a `usize` holds at either end.
#[derive(Clone, Copy)]
pub(crate) enum Index {
    Front(usize),
    Back(usize),
    FarFront,
    FarBack,
}

/// `index` as an [`Index`]: any `int`, or anything with `__index__`, as `range` takes them;
/// `TypeError` saying `expected` otherwise.
pub(crate) fn index_of(index: &Bound<'_, PyAny>, expected: &str) -> PyResult<Index> {
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

/// A bound of a range as a message gives it: `2**64 - 1` and `2**32 - 1` as Python writes
/// them, other numbers in digits.
pub(crate) fn bound(value: u64) -> String {
    match value {
        u64::MAX => "2**64 - 1".to_owned(),
        0xFFFF_FFFF => "2**32 - 1".to_owned(),
        _ => value.to_string(),
    }
}

/// `value` as a Python `int` (anything with `__index__`, as `range` takes it); `TypeError`
/// otherwise, as Python's own calls raise it.
pub(crate) fn int_of<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if value.is_exact_instance_of::<pyo3::types::PyInt>() {
        return Ok(value.clone());
    }
    value
        .py()
        .import("operator")?
        .call_method1("index", (value,))
}

/// An `int` as a message shows it: its digits, or its size where they are too many to read.
pub(crate) fn shown(int: &Bound<'_, PyAny>) -> String {
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
pub(crate) fn int_in(
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
pub(crate) fn arg(
    value: &Bound<'_, PyAny>,
    name: &str,
    call: &str,
    range: (u64, u64),
) -> PyResult<u64> {
    noted_arg(value, name, call, range, "")
}

/// [`arg`], the range followed by `note` (as " (0 or None: one a core)").
pub(crate) fn noted_arg(
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
pub(crate) fn size_arg(
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
pub(crate) enum Int<'py> {
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
    pub(crate) fn get(&self, name: &str, call: &str, range: (u64, u64)) -> PyResult<u64> {
        match self {
            Int::Given(value) => arg(value, name, call, range),
            Int::Default(value) => Ok(*value),
        }
    }
}

/// The largest board the search, the count, puzzles and pictures of the search take.
pub(crate) const MAX_N: usize = queens::Queens::MAX_N;

/// A row or column (`subject`, as "row") of an `n x n` board, or `InvalidInput` saying what
/// `call` takes (`what`, as "rows and columns of queens="): "row -1 is out of range:
/// Queens(8) takes rows and columns of queens= from 0 to 7".
pub(crate) fn line_of(
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
pub(crate) fn squares_of(
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
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "that".to_owned(), |name| name.to_string())
}

/// The columns of a solution given as a `Solution` or as any other sequence of ints (a list,
/// a tuple, an array, ...; not a `str`): `TypeError` for anything else, and `InvalidInput`
/// for a column off its board (from 0 to the number of rows less one). Queens that attack
/// each other are left to the caller.
pub(crate) fn columns_arg(value: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
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
pub(crate) fn ints_arg<'py>(
    iterable: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
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
pub(crate) fn ints_of<'py>(
    iterable: &Bound<'py, PyAny>,
) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
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
pub(crate) fn checked_columns(ints: &[Bound<'_, PyAny>]) -> PyResult<Vec<usize>> {
    let rows = ints.len();
    let call = format!(
        "a solution of {rows} row{}",
        if rows == 1 { "" } else { "s" }
    );
    ints.iter()
        .map(|int| line_of(int, rows, "column", &call, "columns"))
        .collect()
}
