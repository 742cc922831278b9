//! Puzzles with exactly one solution: made, graded, explained, drawn.

use crate::*;

/// A puzzle with exactly one solution: clue queens or blocked squares, the solution, its
/// level, the counts of the techniques its solving path uses and the path in words.
///
/// Puzzle(text) reads a drawn board (Q a queen, x a blocked square, . open), CSPLib 080's
/// form or the JSON `to_json()` writes (its seed kept), and grades it if it has exactly one
/// solution. Puzzles are equal when all of that is, and pickle as their JSON.
#[pyclass(frozen, module = "queens")]
pub(crate) struct Puzzle {
    pub(crate) inner: queens::puzzle::Puzzle,
}

impl Puzzle {
    /// The columns of `answer` (a `Solution` or any sequence of ints): `InvalidInput` for an
    /// answer of another size than the puzzle's, or a column off the board.
    pub(crate) fn answer(&self, answer: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
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
    pub(crate) fn new(text: &str) -> PyResult<Self> {
        Ok(Puzzle {
            inner: text.parse().map_err(error)?,
        })
    }

    /// The board size.
    #[getter]
    pub(crate) fn n(&self) -> usize {
        self.inner.n()
    }

    /// The seed it was made from; None for a puzzle read from text.
    #[getter]
    pub(crate) fn seed(&self) -> Option<u64> {
        self.inner.seed()
    }

    /// The clue queens as (row, column) pairs, 0-based from the top left.
    #[getter]
    pub(crate) fn clues(&self) -> Vec<(usize, usize)> {
        self.inner.clues().to_vec()
    }

    /// The blocked squares as (row, column) pairs, 0-based from the top left.
    #[getter]
    pub(crate) fn blocks(&self) -> Vec<(usize, usize)> {
        self.inner.blocks().to_vec()
    }

    /// The one solution.
    #[getter]
    pub(crate) fn solution(&self) -> Solution {
        Solution::wrap(self.inner.solution().clone())
    }

    /// The level: "easy", "medium", "hard" or "harder".
    #[getter]
    pub(crate) fn level(&self) -> &'static str {
        self.inner.level().name()
    }

    /// How often the solving path uses each technique, simplest first: forced, excluded,
    /// refuted and guessed (the level is the hardest used).
    #[getter]
    pub(crate) fn rating<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
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
    pub(crate) fn explanation(&self) -> Vec<String> {
        self.inner
            .explanation()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Whether `answer` (a `Solution` or any sequence of ints, its columns) solves the puzzle:
    /// False for queens that attack each other; `InvalidInput` (a `ValueError`) for an answer
    /// of another size or a column off the board.
    pub(crate) fn check(&self, answer: &Bound<'_, PyAny>) -> PyResult<bool> {
        let columns = self.answer(answer)?;
        Ok(queens::Solution::new(columns).is_ok_and(|answer| self.inner.check(&answer)))
    }

    pub(crate) fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Puzzle>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    pub(crate) fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let p = &self.inner;
        (p.seed(), p.clues(), p.blocks(), p.solution()).hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as its JSON, which reads back to it.
    pub(crate) fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, pyo3::types::PyType>, (String,)) {
        (slf.get_type(), (slf.get().inner.to_json(),))
    }

    /// The puzzle as one line of JSON, as `queens puzzle --format json` writes it.
    pub(crate) fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The puzzle in CSPLib 080's Essence' form (a clue written as its row's other squares
    /// blocked).
    pub(crate) fn to_csplib(&self) -> String {
        self.inner.to_csplib()
    }

    /// An SVG picture: clues as dark crowns on a gold disc, blocked squares crossed out, and
    /// the queens of `answer` (a `Solution` or any sequence of ints of the puzzle's size), if
    /// given, as outlined crowns; `InvalidInput` (a `ValueError`) for an answer of another
    /// size, a column off the board or queens that attack each other.
    #[pyo3(signature = (answer = None))]
    pub(crate) fn svg(&self, answer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        match answer {
            Some(answer) => {
                let answer = queens::Solution::new(self.answer(answer)?).map_err(error)?;
                self.inner.svg_with(&answer).map_err(error)
            }
            None => Ok(self.inner.svg()),
        }
    }

    pub(crate) fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }

    pub(crate) fn __str__(&self) -> String {
        self.inner.to_string()
    }

    pub(crate) fn __repr__(&self) -> String {
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
pub(crate) fn level_asked<'a>(
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
pub(crate) fn puzzles(
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
        Kind::Blocks => int_in(
            n,
            (Puzzles::MIN_N as u64, Puzzles::MAX_BLOCKS_N as u64),
            |shown| {
                format!(
                    "n = {shown} is out of range: {call} takes n from {} to {} for kind=\"blocks\" (a larger board needs most of its squares blocked to have one solution; clue queens go to {MAX_N})",
                    Puzzles::MIN_N,
                    Puzzles::MAX_BLOCKS_N
                )
            },
        )? as usize,
        _ => size_arg(n, "n", call, (Puzzles::MIN_N, MAX_N))?,
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
pub(crate) fn puzzle(
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
pub(crate) struct PuzzleIterator {
    pub(crate) inner: queens::puzzle::Puzzles,
    /// The seed of the next puzzle.
    pub(crate) seed: u64,
    /// The other arguments: n, level, minimal and kind.
    pub(crate) args: (usize, Option<String>, bool, String),
}

#[pymethods]
impl PuzzleIterator {
    #[new]
    #[pyo3(
        signature = (n, level = None, seed = Int::Default(0), minimal = false, kind = "queens", *, difficulty = None),
        text_signature = "(n, level=None, seed=0, minimal=False, kind='queens', *, difficulty=None)"
    )]
    pub(crate) fn new(
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
    pub(crate) fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (usize, Option<String>, u64, bool, String),
    ) {
        let this = slf.borrow();
        let (n, level, minimal, kind) = this.args.clone();
        (slf.get_type(), (n, level, this.seed, minimal, kind))
    }

    pub(crate) fn __repr__(&self) -> String {
        format!(
            "<queens.PuzzleIterator: next seed {}, {:?}>",
            self.seed, self.inner
        )
    }

    pub(crate) fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    pub(crate) fn __next__(&mut self, py: Python<'_>) -> PyResult<Puzzle> {
        let puzzles = self.inner.clone().seed(self.seed);
        let made = interruptible(py, None, move || puzzles.first())?;
        self.seed = self.seed.wrapping_add(1);
        Ok(Puzzle { inner: made })
    }
}
