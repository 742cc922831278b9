"""One word for one thing: a puzzle's level is asked for as `level=` (the Rust library's
`Puzzles::level`) and read back as `Puzzle.level`; `difficulty=`, its old name, still works
with a DeprecationWarning."""

import inspect
import pathlib
import pickle
import warnings

import pytest

import queens
from queens import PuzzleIterator

PACKAGE = pathlib.Path(__file__).parent.parent / "queens"


def test_a_puzzle_is_asked_for_by_the_level_it_reports():
    for level in ["easy", "medium", "hard"]:
        p = queens.puzzle(10, level=level, seed=3)
        assert p.level == level
        assert next(PuzzleIterator(10, level=level, seed=3)) == p
    # Positionally, as before.
    assert queens.puzzle(10, "hard", 3) == queens.puzzle(10, level="hard", seed=3)
    with pytest.raises(queens.InvalidInput, match="not a level"):
        queens.puzzle(8, level="expert")


def test_the_old_keyword_still_works_and_warns():
    with pytest.warns(DeprecationWarning, match="level="):
        old = queens.puzzle(10, difficulty="hard", seed=3)
    assert old == queens.puzzle(10, level="hard", seed=3)
    with pytest.warns(DeprecationWarning, match="level="):
        made = PuzzleIterator(8, difficulty="easy", seed=5)
    assert next(made) == queens.puzzle(8, level="easy", seed=5)
    # The warning points at the caller's line, not at the package.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        queens.puzzle(8, difficulty="easy")
    assert caught and caught[0].filename == __file__
    with pytest.raises(TypeError, match="level"):
        queens.puzzle(8, level="easy", difficulty="easy")
    with pytest.raises(TypeError, match="level"):
        PuzzleIterator(8, level="easy", difficulty="easy")


def test_an_iterator_pickles_with_its_level_and_no_warning():
    made = PuzzleIterator(8, level="medium", seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = pickle.loads(pickle.dumps(made))
    assert next(again) == next(made) and next(again).level == "medium"


def test_the_package_says_level_everywhere():
    # The signatures, the stubs, the docstrings and the README say level, never difficulty,
    # except where the old keyword is kept for the callers who still use it.
    for call in (queens.puzzle, PuzzleIterator):
        assert "level" in inspect.signature(call).parameters
        doc = call.__doc__ or ""
        assert doc.count("difficulty") <= 1 and ("old name" in doc or "difficulty" not in doc), doc
    readme = (PACKAGE.parent / "README.md").read_text()
    assert "difficulty" not in readme.lower()
    stubs = (PACKAGE / "_queens.pyi").read_text()
    # The old keyword only in the two overloads marked deprecated.
    assert stubs.count("difficulty: str | None") == stubs.count('@deprecated("difficulty= is now level=")') == 2
