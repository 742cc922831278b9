"""A `Solution` is the sequence of its columns: it equals a tuple, list or any other sequence of
the same ints, hashes as the tuple of its columns (the same dict key and set member), orders
against them as tuples do, and every call that takes a solution takes any sequence of ints."""

import array
import collections.abc
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import queens
from queens import Puzzle, Queens, Solution


class Columns(collections.abc.Sequence):
    """A sequence of ints that is neither a list nor a tuple (nor hashable as a tuple)."""

    def __init__(self, items):
        self.items = list(items)

    def __getitem__(self, index):
        return self.items[index]

    def __len__(self):
        return len(self.items)


class Number:
    """An int in disguise, as numpy's integers are: it has `__index__`."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def forms(columns):
    """The same columns as every kind of sequence a caller may hold them in."""
    return [
        tuple(columns),
        list(columns),
        Columns(columns),
        array.array("q", columns),
        [Number(c) for c in columns],
        [bool(c) if c in (0, 1) else c for c in columns],
        Solution(columns),
    ]


def test_a_solution_equals_the_sequence_of_its_columns():
    s = Queens(4)[0]
    assert s == (1, 3, 0, 2) and (1, 3, 0, 2) == s
    assert s == [1, 3, 0, 2] and [1, 3, 0, 2] == s
    assert not s != (1, 3, 0, 2) and not (1, 3, 0, 2) != s
    for same in forms([1, 3, 0, 2]):
        assert s == same and same == s and not s != same, same
    for other in [(2, 0, 3, 1), (1, 3, 0), (1, 3, 0, 2, 4), [], (1, 3, 0, -2), (1, 3, 0, 2**70)]:
        assert s != other and other != s and not s == other, other
    # Not sequences of ints, or sequences that hash their own way: never equal.
    for other in ["1302", b"\x01\x03\x00\x02", bytearray(b"\x01\x03\x00\x02"), range(4), 1302, None,
                  {1: 3}, {1, 3, 0, 2}, ("1", "3", "0", "2"), (1.0, 3.0, 0.0, 2.0), (1, 3, 0, None)]:
        assert s != other and not s == other, other
    assert Solution([]) == () == Solution([]) and Solution([]) == []


def test_a_solution_hashes_as_the_tuple_of_its_columns():
    for s in [*Queens(6), Solution([]), Solution([0]), queens.construct(1000)]:
        assert hash(s) == hash(tuple(s))
    s = Queens(4)[0]
    assert {s: 1}[(1, 3, 0, 2)] == 1 and {(1, 3, 0, 2): 1}[s] == 1
    assert (1, 3, 0, 2) in {s} and s in {(1, 3, 0, 2)}
    assert len({s, (1, 3, 0, 2), Solution([1, 3, 0, 2])}) == 1
    # Still a value: pickled, it hashes and compares the same.
    again = pickle.loads(pickle.dumps(s))
    assert again == (1, 3, 0, 2) and hash(again) == hash((1, 3, 0, 2))


def test_a_solution_orders_against_sequences_as_tuples_do():
    a, b = Queens(4)
    assert a < (2, 0, 3, 1) and a <= [1, 3, 0, 2] and b > (1, 3, 0, 2) and b >= Columns([2, 0, 3, 1])
    assert (1, 3, 0, 2) < b and [2, 0, 3, 1] > a
    assert sorted([(2, 0, 3, 1), a]) == [a, b] and sorted([b, (1, 3, 0, 2)]) == [(1, 3, 0, 2), b]
    assert a < (1, 3, 0, 2, 0) and a > (1, 3)
    with pytest.raises(TypeError):
        a < "1302"
    with pytest.raises(TypeError):
        a < 5


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 8).flatmap(lambda n: st.tuples(st.integers(0, max(len(list(Queens(n))) - 1, 0)), st.just(n))),
       st.lists(st.integers(-2, 9), max_size=9))
def test_equality_and_order_are_those_of_the_tuple(picked, other):
    index, n = picked
    solutions = list(Queens(n))
    if not solutions:
        return
    s = solutions[index]
    t = tuple(s)
    other = tuple(other)
    assert (s == other) == (t == other) and (s != other) == (t != other)
    assert (s < other) == (t < other) and (s >= other) == (t >= other)
    assert (s == list(other)) == (t == other)
    assert (list(other) in Queens(n)) == (other in solutions) == (other in set(solutions))


def test_a_list_of_solutions_finds_tuples_and_lists():
    eight = list(Queens(8))
    assert eight.index((0, 4, 7, 5, 2, 6, 1, 3)) == 0 and [7, 3, 0, 2, 5, 1, 6, 4] in eight
    assert eight.count(tuple(eight[5])) == 1


def test_membership_of_a_board_takes_any_sequence_of_ints():
    q = Queens(4)
    for same in forms([1, 3, 0, 2]):
        assert same in q, same
    assert (1, 3, 0, 2) not in Queens(4, queens=[(0, 2)])
    assert [0, 4, 7, 5, 2, 6, 1, 3] in Queens(8)
    # Queens that attack each other, another size, columns off the board: not on it.
    for other in [(0, 1, 2, 3), (1, 3, 0), (1, 3, 0, 4), (1, 3, 0, -2), (1, 3, 0, 2**70), "1302", (1.0, 3, 0, 2)]:
        assert other not in q, other


def test_every_call_that_takes_a_solution_takes_any_sequence_of_ints():
    p = queens.puzzle(8, seed=1)
    answer = list(p.solution)
    wrong = list(next(s for s in Queens(8) if s != p.solution))
    for given in forms(answer):
        assert p.check(given) is True, given
        assert p.svg(given) == p.svg(p.solution), given
        assert Solution(given) == p.solution
        assert Queens(8, prefix=given) == Queens(8, prefix=answer)
        assert list(queens.queens(8, given[:5])) == [tuple(answer[5:])]
    for given in forms(wrong):
        assert p.check(given) is False
    # A sequence that is no solution: queens that attack each other do not solve it...
    assert p.check([0] * 8) is False
    # ... but cannot be drawn, and columns off the board or another size are refused.
    with pytest.raises(queens.InvalidInput, match="attack"):
        p.svg([0] * 8)
    with pytest.raises(queens.InvalidInput, match="from 0 to 7"):
        p.check([0, 4, 7, 5, 2, 6, 1, 8])
    with pytest.raises(queens.InvalidInput, match="from 0 to 7"):
        p.svg([0, 4, 7, 5, 2, 6, 1, -1])
    with pytest.raises(queens.InvalidInput, match="4 x 4"):
        p.check((1, 3, 0, 2))
    # What is not a sequence of ints is a TypeError, saying what a solution is.
    for bad in ["04752613", 8, None, [0.0] * 8, {0: 1}]:
        with pytest.raises(TypeError, match="sequence of ints"):
            p.check(bad)
        if bad is not None:  # svg(None) draws the puzzle without an answer
            with pytest.raises(TypeError, match="sequence of ints"):
                p.svg(bad)
    queens.prettyprint((1, 3, 0, 2))


def test_a_solution_is_made_from_any_iterable_of_ints():
    for given in forms([1, 3, 0, 2]) + [iter([1, 3, 0, 2]), (c for c in [1, 3, 0, 2])]:
        assert Solution(given) == (1, 3, 0, 2), given
    assert Solution(range(1)) == (0,) and Solution(b"") == ()
    with pytest.raises(TypeError):
        Solution("1302")
    with pytest.raises(TypeError):
        Solution([1.0, 3.0, 0.0, 2.0])
