//! The search as events, and their animated picture.

use crate::*;

/// One step of a search: a queen placed or removed, a dead end, a solution.
///
/// Event(kind, row=None, col=None, depth=None, attacked=None, index=None, n=None) makes one
/// by hand, with the fields its kind has: "place" (row, col, depth, attacked), "remove"
/// (row, col), "dead_end" (row, attacked), "dead_column" (col, attacked), "solution"
/// (index); and, if given, `n`, the size of the board whose search it is of, which a trace's
/// events carry so that `animated_svg` refuses them on another board.
#[pyclass(frozen, module = "queens")]
pub(crate) struct Event {
    pub(crate) inner: queens::trace::Event,
    /// The size of the board whose search made it, if known.
    pub(crate) n: Option<usize>,
}

#[pymethods]
impl Event {
    #[new]
    #[pyo3(signature = (kind, row = None, col = None, depth = None, attacked = None, index = None, n = None))]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        kind: &str,
        row: Option<&Bound<'_, PyAny>>,
        col: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        attacked: Option<&Bound<'_, PyAny>>,
        index: Option<&Bound<'_, PyAny>>,
        n: Option<&Bound<'_, PyAny>>,
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
        let n = n
            .map(|n| size_arg(n, "n", "Event()", (0, MAX_N)))
            .transpose()?;
        if let Some(n) = n {
            queens::trace::animated_svg(n, &[inner]).map_err(error)?;
        }
        Ok(Event { inner, n })
    }

    /// Pickles as its kind and fields.
    #[allow(clippy::type_complexity)]
    pub(crate) fn __reduce__<'py>(
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
            Option<usize>,
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
                event.n,
            ),
        )
    }

    /// `"place"`, `"remove"`, `"dead_end"`, `"dead_column"` or `"solution"`.
    #[getter]
    pub(crate) fn kind(&self) -> &'static str {
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
    pub(crate) fn row(&self) -> Option<usize> {
        match self.inner {
            queens::trace::Event::Place { row, .. }
            | queens::trace::Event::Remove { row, .. }
            | queens::trace::Event::DeadEnd { row, .. } => Some(row),
            _ => None,
        }
    }

    /// The column, for events on a square or a column.
    #[getter]
    pub(crate) fn col(&self) -> Option<usize> {
        match self.inner {
            queens::trace::Event::Place { col, .. }
            | queens::trace::Event::Remove { col, .. }
            | queens::trace::Event::DeadColumn { col, .. } => Some(col),
            _ => None,
        }
    }

    /// Queens on the board after a placement.
    #[getter]
    pub(crate) fn depth(&self) -> Option<usize> {
        match self.inner {
            queens::trace::Event::Place { depth, .. } => Some(depth),
            _ => None,
        }
    }

    /// The attacked squares, as a mask of columns (or rows): of the next row after a
    /// placement, of the dead row or column.
    #[getter]
    pub(crate) fn attacked(&self) -> Option<u64> {
        match self.inner {
            queens::trace::Event::Place {
                next_row_attacked, ..
            } => Some(next_row_attacked),
            queens::trace::Event::DeadEnd { attacked, .. }
            | queens::trace::Event::DeadColumn { attacked, .. } => Some(attacked),
            _ => None,
        }
    }

    /// The size of the board whose search it is of (`None` for one made by hand without
    /// it); not part of its equality, which is the event's kind and fields.
    #[getter]
    pub(crate) fn n(&self) -> Option<usize> {
        self.n
    }

    /// The solution's number from 0, for a solution.
    #[getter]
    pub(crate) fn index(&self) -> Option<u64> {
        match self.inner {
            queens::trace::Event::Solution { index } => Some(index),
            _ => None,
        }
    }

    pub(crate) fn __str__(&self) -> String {
        self.inner.to_string()
    }

    pub(crate) fn __repr__(&self) -> String {
        format!("Event('{}')", self.inner)
    }

    pub(crate) fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, Event>>()
            .is_ok_and(|other| other.inner == self.inner)
    }

    pub(crate) fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.to_string().hash(&mut hasher);
        hasher.finish()
    }
}

/// The events of a search, lazily.
#[pyclass(module = "queens")]
pub(crate) struct Trace {
    pub(crate) inner: queens::trace::Trace,
}

#[pymethods]
impl Trace {
    pub(crate) fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    pub(crate) fn __repr__(&self) -> String {
        let n = self.inner.n();
        format!("<queens.Trace: the events of the search of a {n} x {n} board>")
    }

    pub(crate) fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Event>> {
        next_item(py, "a trace's events")?;
        let n = Some(self.inner.n());
        Ok(self.inner.next().map(|inner| Event { inner, n }))
    }
}

/// An animated SVG picture of an `n x n` board going through `events` (SMIL, no script).
#[pyfunction]
pub(crate) fn animated_svg(n: &Bound<'_, PyAny>, events: &Bound<'_, PyAny>) -> PyResult<String> {
    let n = size_arg(n, "n", "animated_svg()", (0, MAX_N))?;
    let mut drawn = Vec::new();
    for (at, event) in events.try_iter()?.enumerate() {
        if memory_checked_at(at as u64) {
            enough_left("animated_svg()")?;
        }
        let event = event?.extract::<PyRef<'_, Event>>()?;
        if let Some(made) = event.n.filter(|&made| made != n) {
            return Err(invalid(format!(
                "event {at} ({}) is of the search of a {made}x{made} board: animated_svg() draws a {n}x{n} board's",
                event.inner
            )));
        }
        drawn.push(event.inner);
    }
    // Refused while memory is left to say so: a picture of millions of events is gigabytes.
    let bytes = queens::trace::animated_bytes(n, drawn.len()) as u64;
    drop(room(bytes, || {
        format!("a picture of {} events", drawn.len())
    })?);
    queens::trace::animated_svg(n, &drawn).map_err(error)
}
