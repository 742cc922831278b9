"""Every form a puzzle writes reads back to the same puzzle, and a solution of another size
is refused wherever one is given with a puzzle."""

import json

import pytest

import queens
from queens import Puzzle, Solution


@pytest.mark.parametrize("kind", ["queens", "blocks"])
@pytest.mark.parametrize("n", [4, 5, 8, 11, 16])
def test_the_json_a_puzzle_writes_reads_back_to_it(kind, n):
    for seed in range(3):
        if kind == "blocks" and n > 16:
            continue
        p = queens.puzzle(n, seed=seed, kind=kind)
        again = Puzzle(p.to_json())
        assert again == p and again.seed == seed and again.to_json() == p.to_json()
        # The drawn form and CSPLib's say nothing of the seed; the board is the same.
        for text in (str(p), p.to_csplib()):
            assert Puzzle(text).solution == p.solution


@pytest.mark.parametrize("kind", ["queens", "blocks"])
def test_puzzles_take_boards_from_4(kind):
    # Smaller boards have no solution, or one that needs no clue (issue 77).
    for n in range(4):
        with pytest.raises(queens.InvalidInput, match="from 4 to"):
            queens.puzzle(n, kind=kind)


def test_json_of_a_board_without_a_seed_and_by_hand():
    p = Puzzle(". Q . .\n. . . .\n. . . .\n. . . .")
    assert Puzzle(p.to_json()) == p and Puzzle(p.to_json()).seed is None
    # Only the board is needed; the grade is worked out again.
    by_hand = Puzzle('{"n": 4, "queens": [[0, 1]]}')
    assert by_hand.solution == Solution([1, 3, 0, 2]) and by_hand.level == p.level
    assert Puzzle('\ufeff  {"n":4,"queens":[[0,1]],"blocks":[]}\n\n') == by_hand


def test_json_that_states_something_false_or_unknown_is_refused():
    p = queens.puzzle(8, seed=1)
    record = json.loads(p.to_json())
    wrong = dict(record, solution=[s for s in queens.Queens(8) if s != p.solution][0][:])
    with pytest.raises(queens.InvalidInput, match="solution"):
        Puzzle(json.dumps(wrong))
    with pytest.raises(queens.InvalidInput, match="solution"):
        Puzzle(json.dumps(dict(record, solution=[1, 3, 0, 2])))
    with pytest.raises(queens.InvalidInput, match="queen"):
        Puzzle(json.dumps(dict(record, queen=record["queens"])))
    with pytest.raises(queens.InvalidInput, match="off the 8x8 board"):
        Puzzle(json.dumps(dict(record, queens=[[8, 0]])))
    with pytest.raises(queens.InvalidInput, match="several solutions"):
        Puzzle(json.dumps(dict(record, queens=[], blocks=[], solution=None)))
    with pytest.raises(queens.InvalidInput, match="n"):
        Puzzle('{"queens": []}')
    with pytest.raises(queens.InvalidInput, match="board size"):
        Puzzle('{"n": 0}')
    with pytest.raises(queens.InvalidInput, match="too large"):
        Puzzle('{"n": 65}')
    with pytest.raises(queens.InvalidInput):
        Puzzle('{"n": 8, "queens": [[0, -1]]}')
    with pytest.raises(queens.InvalidInput):
        Puzzle('{"n": 8,')


def test_several_json_puzzles_are_not_one():
    lines = "\n".join(queens.puzzle(8, seed=s).to_json() for s in range(3))
    with pytest.raises(queens.InvalidInput, match="more than one puzzle.*line 2"):
        Puzzle(lines)
    with pytest.raises(queens.InvalidInput, match="line 1"):
        Puzzle(queens.puzzle(8, seed=1).to_json() + " trailing")


def test_a_solution_of_another_size_is_refused():
    p = queens.puzzle(8, seed=1)
    small = Solution([1, 3, 0, 2])
    with pytest.raises(queens.InvalidInput, match="4 x 4.*8 x 8|8 x 8.*4 x 4"):
        p.svg(small)
    with pytest.raises(ValueError):
        p.check(small)
    with pytest.raises(ValueError):
        p.svg(queens.construct(9))
    # The right size draws and checks as before.
    assert p.check(p.solution) and p.svg(p.solution).startswith("<svg")
    other = next(s for s in queens.Queens(8) if s != p.solution)
    assert not p.check(other) and p.svg(other).startswith("<svg")
    # An answer may be any sequence of its columns.
    assert p.svg(list(other)) == p.svg(other) and p.check(tuple(p.solution))
    # An animation of one board's events on a board of another size is refused too.
    with pytest.raises(queens.InvalidInput):
        queens.animated_svg(4, queens.Queens(8).trace())
