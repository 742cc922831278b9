"""Every integer argument of the package, found in its type stubs, refuses a value out of its
range (negative, too large, or far beyond 64 bits) with a `ValueError` that names the
argument and gives the range that call accepts, never a type's limit such as
18446744073709551615 where the call takes less."""

import ast
import pathlib
import re

import pytest

import queens
from queens import Event, PuzzleIterator, Queens, Solution

STUBS = pathlib.Path(__file__).parent.parent / "queens" / "_queens.pyi"
HUGE = [2**64, 2**70, 10**40, 2**200]
U64 = "2**64 - 1"

# Each integer argument: a call that takes it (everything else valid), its range as the
# message states it, values it accepts (the ends of its range where a call there is quick)
# and values past the top of its range that fit in 64 bits.
CALLS = {
    ("Queens", "n"): (lambda v: Queens(v), "from 0 to 64", [0, 64], [65]),
    ("animated_svg", "n"): (lambda v: queens.animated_svg(v, []), "from 0 to 64", [0, 64], [65]),
    ("count", "n"): (lambda v: queens.count(v), "from 0 to 64", [0, 8], [65, 2**63]),
    ("count", "threads"): (lambda v: queens.count(4, threads=v), "from 0 to 1024", [0, 2], [1025]),
    ("count", "memory"): (lambda v: queens.count(4, memory=v), f"from 1 to {U64}", [2**30, 2**64 - 1], [0]),
    ("plan", "n"): (lambda v: queens.plan(v, seconds=1), "from 0 to 64", [0, 8], [65, 2**63]),
    ("plan", "threads"): (lambda v: queens.plan(4, threads=v), "from 0 to 1024", [0, 2], [1025]),
    ("plan", "memory"): (
        lambda v: queens.plan(4, memory=v), f"from 1 to {U64}", [2**30, 2**64 - 1], [0]),
    ("plan", "shards"): (
        lambda v: queens.plan(4, shards=v), "from 1 to 1000000", [1, 10**6], [0, 10**6 + 1]),
    ("plan", "seconds"): (
        lambda v: queens.plan(4, seconds=v), "from 1 to 86400", [1, 86400], [0, 86401]),
    ("count_shard", "n"): (
        lambda v: queens.count_shard(v, 0, 1), "from 0 to 64", [0, 8], [65, 2**63]),
    ("count_shard", "shard"): (
        lambda v: queens.count_shard(8, v, 4), "from 0 to 3 (below `of`)", [0, 3], [4]),
    ("count_shard", "of"): (
        lambda v: queens.count_shard(8, 0, v), f"from 1 to {U64}", [1, 2**64 - 1], [0]),
    ("count_shard", "threads"): (
        lambda v: queens.count_shard(4, 0, 1, threads=v), "from 0 to 1024", [0, 2], [1025]),
    ("count_shard", "memory"): (
        lambda v: queens.count_shard(4, 0, 1, memory=v), f"from 1 to {U64}", [2**30, 2**64 - 1], [0]),
    ("sample", "n"): (lambda v: queens.sample(v, 0), "from 0 to 18", [0, 10], [19]),
    ("sample", "seed"): (lambda v: queens.sample(6, v), f"from 0 to {U64}", [0, 2**64 - 1], []),
    ("construct", "n"): (lambda v: queens.construct(v), f"from 0 to {U64}", [0, 10**6], []),
    ("random", "n"): (lambda v: queens.random(v), "from 0 to 2**32 - 1", [0, 1000], [2**32]),
    ("random", "seed"): (lambda v: queens.random(6, v), f"from 0 to {U64}", [0, 2**64 - 1], []),
    ("check", "n"): (lambda v: queens.check("[0]", n=v), f"from 0 to {U64}", [0, 2**64 - 1], [-1]),
    ("_rust_iteration_seconds", "n"): (
        lambda v: queens._queens._rust_iteration_seconds(v), "from 0 to 64", [0, 8], [65]),
    ("queens", "num"): (lambda v: queens.queens(v), "up to 64", [-(2**70), 64], [65]),
    ("puzzle", "n"): (lambda v: queens.puzzle(v), "from 4 to 64", [4, 64], [3, 65]),
    ("puzzle", "seed"): (lambda v: queens.puzzle(6, seed=v), f"from 0 to {U64}", [0, 2**64 - 1], []),
    ("PuzzleIterator", "n"): (lambda v: PuzzleIterator(v), "from 4 to 64", [4, 64], [3, 65]),
    ("PuzzleIterator", "seed"): (
        lambda v: PuzzleIterator(6, seed=v), f"from 0 to {U64}", [0, 2**64 - 1], []),
    ("Event", "row"): (lambda v: Event("remove", row=v, col=0), "from 0 to 63", [0, 63], [64]),
    ("Event", "col"): (lambda v: Event("remove", row=0, col=v), "from 0 to 63", [0, 63], [64]),
    ("Event", "depth"): (
        lambda v: Event("place", row=0, col=0, depth=v, attacked=0), "from 1 to 64", [1, 64], [0, 65]),
    ("Event", "attacked"): (
        lambda v: Event("dead_end", row=0, attacked=v), f"from 0 to {U64}", [0, 2**64 - 1], []),
    ("Event", "index"): (lambda v: Event("solution", index=v), f"from 0 to {U64}", [0, 2**64 - 1], []),
    ("Event", "n"): (lambda v: Event("solution", index=0, n=v), "from 0 to 64", [0, 64], [65]),
}

# Indexes: negative ones count from the end, and any size is past it (test_range.py).
INDEXES = {("Solution", "__getitem__"), ("Queens", "__getitem__"), ("Queens", "nth")}


def integer_arguments():
    """(owner, argument) for every argument the stubs annotate as an int."""
    found = set()
    tree = ast.parse(STUBS.read_text())

    def visit(node, owner):
        for item in node.body:
            if isinstance(item, ast.ClassDef):
                visit(item, item.name)
            elif isinstance(item, ast.FunctionDef):
                name = owner if item.name == "__new__" else item.name
                args = item.args.posonlyargs + item.args.args + item.args.kwonlyargs
                for arg in args:
                    text = ast.unparse(arg.annotation) if arg.annotation else ""
                    # One int (or None); the ints inside lists are tested below.
                    if re.fullmatch(r"(int|SupportsIndex)( \| None)?", text):
                        if (owner, item.name) not in INDEXES:
                            found.add((name, arg.arg))

    visit(tree, None)
    return found


def test_every_integer_argument_is_covered_here():
    # A new integer argument fails this test until it has a row in CALLS.
    assert integer_arguments() == set(CALLS), integer_arguments() ^ set(CALLS)


def message(call, value):
    with pytest.raises(ValueError) as caught:
        call(value)
    return str(caught.value)


@pytest.mark.parametrize("owner, name", sorted(CALLS))
def test_values_out_of_range_give_the_range_the_call_accepts(owner, name):
    call, stated, accepted, above = CALLS[(owner, name)]
    below = [] if owner == "queens" else [-1, -(2**70)]
    for value in below + above + HUGE:
        text = message(call, value)
        assert stated in text, (value, text)
        assert re.search(rf"\b{name}\b", text), (value, text)
        assert "18446744073709551615" not in text, text
        if "2**64" not in stated:
            assert "2**64" not in text, text
    for value in accepted:
        call(value)


def test_non_integers_are_type_errors():
    for call in [lambda: Queens(8.0), lambda: queens.count("8"), lambda: queens.sample(8, 1.5),
                 lambda: queens.puzzle(8, seed=None), lambda: Event("solution", index=0.5)]:
        with pytest.raises(TypeError):
            call()
    # Anything with __index__ is an int, as bool and numpy's integers are.
    assert len(Queens(True)) == 1 and queens.sample(6, True) in Queens(6)


def test_the_squares_and_columns_inside_lists_give_their_range():
    for call, stated in [
        (lambda v: Queens(8, queens=[(v, 0)]), "from 0 to 7"),
        (lambda v: Queens(8, queens=[(0, v)]), "from 0 to 7"),
        (lambda v: Queens(8, blocks=[(v, 1)]), "from 0 to 7"),
        (lambda v: Queens(8, prefix=[v]), "from 0 to 7"),
        (lambda v: Queens(5, queens=[[v, 1]]), "from 0 to 4"),
        (lambda v: Solution([1, 3, 0, v]), "from 0 to 3"),
        (lambda v: queens.puzzle(8, seed=1).check([0, 4, 7, 5, 2, 6, 1, v]), "from 0 to 7"),
    ]:
        for value in [-1, 8, 2**64, 2**200]:
            text = message(call, value)
            assert stated in text and "18446744073709551615" not in text, text
    # The textbook's generator: a state off the board has no completion, as before.
    assert list(queens.queens(4, (2**70,))) == [] and list(queens.queens(4, (-1,))) == []
    assert list(queens.queens(-(2**70))) == []


def test_puzzles_of_blocked_squares_give_their_own_range():
    for call in [lambda: queens.puzzle(25, kind="blocks"), lambda: PuzzleIterator(25, kind="blocks")]:
        with pytest.raises(ValueError, match="from 4 to 24"):
            call()
    assert queens.puzzle(24, kind="blocks", seed=0).n == 24
