"""`queens.queens` and `queens.prettyprint` against the chapter's own programs."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import queens
import textbook


def test_the_chapters_examples():
    assert list(queens.queens(4, (1, 3, 0))) == [(2,)]
    assert list(queens.queens(3)) == []
    assert list(queens.queens(4)) == [(1, 3, 0, 2), (2, 0, 3, 1)]
    eight = list(queens.queens(8))
    assert len(eight) == 92
    assert eight[0] == (0, 4, 7, 5, 2, 6, 1, 3)
    assert eight[-1] == (7, 3, 0, 2, 5, 1, 6, 4)
    assert list(queens.queens()) == eight, "num defaults to 8"


def test_every_board_up_to_9_yields_what_the_chapter_yields():
    for n in range(0, 10):
        assert list(queens.queens(n)) == list(textbook.queens(n)), n


def test_it_is_lazy():
    taken = list(itertools.islice(queens.queens(30), 2))
    assert len(taken) == 2 and all(len(t) == 30 for t in taken)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 8), st.lists(st.integers(0, 7), max_size=8))
def test_completions_of_any_valid_state_match_the_chapter(n, state):
    state = tuple(c for c in state if c < n)
    # The chapter's generator never checks `state` itself; the two agree on states whose
    # queens do not attack each other.
    valid = all(not textbook.conflict(state[:i], c) for i, c in enumerate(state))
    ours = list(queens.queens(n, state))
    if valid:
        assert ours == list(textbook.queens(n, state))
    else:
        assert ours == []


def test_prettyprint_prints_what_the_chapter_prints(capsys):
    for solution in [(0, 4, 7, 5, 2, 6, 1, 3), (1, 3, 0, 2), (0,)]:
        textbook.prettyprint(solution)
        theirs = capsys.readouterr().out
        queens.prettyprint(solution)
        assert capsys.readouterr().out == theirs
    queens.prettyprint(queens.Solution([1, 3, 0, 2]))
    assert capsys.readouterr().out == ". O . . \n. . . O \nO . . . \n. . O . \n"


def test_boards_beyond_the_crate_are_refused_not_silently_empty():
    import pytest

    with pytest.raises(ValueError, match="num = 65 is out of range: queens\\(\\) takes num up to 64"):
        queens.queens(65)
    assert list(queens.queens(-3)) == [] and list(queens.queens(0)) == []
    assert list(queens.queens(4, (1, 3, 0, 2))) == [], "no row left to fill"
    assert list(queens.queens(4, (0, 0))) == [], "a state that attacks itself"
