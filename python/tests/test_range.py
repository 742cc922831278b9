"""`Queens` is indexed, sliced and compared as `range` is, for indexes of any size; a
`Solution` is indexed as a list is."""

import itertools
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import queens
from queens import Queens, Solution

EIGHT = list(Queens(8))
HUGE = [2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**70, 10**30, 2**127, 2**128, 2**200]


def test_huge_indexes_are_out_of_range_as_in_range():
    r = range(92)
    for i in HUGE + [-i for i in HUGE] + [92, -93]:
        with pytest.raises(IndexError):
            r[i]
        with pytest.raises(IndexError, match="out of range"):
            Queens(8)[i]
    # Constrained boards and the largest ones: still no solution that far.
    with pytest.raises(IndexError):
        Queens(30, prefix=list(queens.construct(30))[:24])[2**70]
    with pytest.raises(IndexError):
        Queens(27)[2**64]
    with pytest.raises(IndexError):
        Queens(27)[-(2**64) - 1]


def test_indexes_must_be_integers_as_in_range():
    for bad in [1.5, "1", None, [1]]:
        with pytest.raises(TypeError):
            range(92)[bad]
        with pytest.raises(TypeError, match="integers or slices"):
            Queens(8)[bad]
    # Anything with __index__ is an index.
    assert Queens(8)[True] == EIGHT[1]

    class Two:
        def __index__(self):
            return 2

    assert Queens(8)[Two()] == EIGHT[2] and Queens(8).nth(Two()) == EIGHT[2]


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.none(), st.integers(-200, 200), st.sampled_from(HUGE + [-h for h in HUGE])),
    st.one_of(st.none(), st.integers(-200, 200), st.sampled_from(HUGE + [-h for h in HUGE])),
    st.one_of(
        st.none(),
        st.integers(-100, 100).filter(lambda s: s != 0),
        st.sampled_from(HUGE + [-h for h in HUGE]),
    ),
)
def test_slices_of_any_bounds_are_those_of_range(start, stop, step):
    expected = [EIGHT[i] for i in range(92)[start:stop:step]]
    assert Queens(8)[start:stop:step] == expected


def test_slices_of_every_board_size_and_of_solutions():
    for n in range(0, 8):
        solutions = list(Queens(n))
        for s in [slice(None), slice(None, None, -1), slice(-2**70, 2**70), slice(2**70, None, -3)]:
            assert Queens(n)[s] == solutions[s]
    with pytest.raises(ValueError):
        Queens(8)[::0]
    s = Solution([1, 3, 0, 2])
    assert s[-(2**70) : 2**70] == [1, 3, 0, 2] and s[:: -(2**70)] == [2]
    for i in HUGE + [-i for i in HUGE]:
        with pytest.raises(IndexError):
            [1, 3, 0, 2][i]
        with pytest.raises(IndexError):
            s[i]


def test_nth_counts_from_the_first_and_refuses_negative_indexes_as_islice_does():
    q = Queens(8)
    assert q.nth(0) == EIGHT[0] and q.nth(91) == EIGHT[91] and q.nth(92) is None
    # itertools refuses a negative count with ValueError; so does nth, naming q[k].
    with pytest.raises(ValueError):
        next(itertools.islice(range(92), -1, None))
    for k in [-1, -92, -(2**70)]:
        with pytest.raises(queens.InvalidInput, match=r"q\[-1\]|from the end"):
            q.nth(k)
    # Past the end, however far: None, as for q.nth(92).
    for k in HUGE:
        assert q.nth(k) is None
    with pytest.raises(TypeError):
        q.nth(1.0)


def test_equal_boards_are_equal_and_hash_alike():
    assert Queens(8) == Queens(8) and not Queens(8) != Queens(8)
    assert hash(Queens(8)) == hash(Queens(8))
    assert Queens(8) != Queens(9) and Queens(8) != range(92) and Queens(8) != 8
    same = [
        Queens(8, queens=[(0, 1), (7, 2)]),
        Queens(8, queens=[(7, 2), (0, 1), (0, 1)]),
        Queens(8, prefix=[1], queens=[(7, 2)]),
        # A blocked square a fixed queen attacks changes nothing.
        Queens(8, queens=[(0, 1), (7, 2)], blocks=[(0, 5), (1, 1)]),
    ]
    for a in same:
        for b in same:
            assert a == b and hash(a) == hash(b)
            assert list(a) == list(b)
    assert Queens(8, queens=[(0, 1)]) != Queens(8, queens=[(0, 2)])
    assert Queens(8, blocks=[(3, 3)]) == Queens(8, blocks=[(3, 3), (3, 3)])
    assert Queens(8, blocks=[(3, 3)]) != Queens(8, blocks=[(3, 4)]) != Queens(8)
    assert len({Queens(6), Queens(6), Queens(7)}) == 2
    # Equality is about the board, not how far an iteration has gone.
    q = Queens(8)
    stream = iter(q)
    next(stream)
    assert q == Queens(8)
    assert pickle.loads(pickle.dumps(q)) == q
    with pytest.raises(TypeError):
        Queens(8) < Queens(9)


def test_membership_is_checked_on_the_board_without_a_search():
    q = Queens(8, queens=[(7, 0)])
    inside = [s for s in EIGHT if s[7] == 0]
    assert all(s in q for s in inside)
    assert not any(s in q for s in EIGHT if s[7] != 0)
    # Another size, another type: not in it, as 1.5 is not in a range; the columns of a
    # solution are, as the solution equals them.
    assert Solution([1, 3, 0, 2]) not in q and [0, 4, 7, 5, 2, 6, 1, 3] in Queens(8)
    assert "x" not in q and 3 not in q and (0, 4, 7, 5, 2, 6, 1, 3) not in q
    # A 64 x 64 board answers at once.
    s = queens.construct(64)
    assert s in Queens(64) and s not in Queens(64, blocks=[(0, s[0])])


def test_truth_is_having_a_solution_without_counting_them_all():
    assert Queens(8) and not Queens(3) and Queens(0) and not Queens(2)
    assert Queens(64)  # counting these would take ages
    assert not Queens(4, queens=[(0, 0)])


def test_queens_has_every_method_and_protocol_of_range():
    import collections.abc as abc

    r, q = range(92), Queens(8)
    # Every public method of range, but the attributes of an arithmetic progression.
    for name in set(dir(r)) - {"start", "stop", "step"}:
        assert hasattr(q, name), name
    for kind in (abc.Sequence, abc.Reversible, abc.Collection, abc.Sized, abc.Hashable):
        assert isinstance(q, kind) and isinstance(r, kind), kind
    # index and count as range's: a member's place, and 0 or 1.
    for k in [0, 1, 17, 91]:
        assert q.index(EIGHT[k]) == r.index(k) == k
        assert q.index(list(EIGHT[k])) == k and q.index(tuple(EIGHT[k])) == k
        assert q.count(EIGHT[k]) == r.count(k) == 1
    for stranger in [[0] * 8, Solution([1, 3, 0, 2]), "x", 3, None]:
        assert q.count(stranger) == 0 == r.count(-1)
        with pytest.raises(ValueError, match="is not in Queens"):
            q.index(stranger)
    assert q.count() == 92
    with pytest.raises(TypeError):
        q.count(1, 2)
    # The Sequence mixins agree with them.
    assert abc.Sequence.index(q, EIGHT[5]) == 5 and abc.Sequence.count(q, EIGHT[5]) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 11), st.data())
def test_index_of_any_solution_of_a_constrained_board(n, data):
    board = Queens(n, blocks=[(0, 0), (n - 1, n // 2)])
    solutions = list(board)
    if not solutions:
        return
    k = data.draw(st.integers(0, len(solutions) - 1))
    assert board.index(solutions[k]) == k
    # Not one of this board's: a solution of the open board using a blocked square.
    outside = [s for s in Queens(n) if s[0] == 0]
    for s in outside[:3]:
        assert board.count(s) == 0
