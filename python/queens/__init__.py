"""N-Queens in Rust, for Python: the textbook's generator, lazy solutions, symmetry,
puzzles with fixed queens and blocked squares, exact counting and the search's trace.

>>> from queens import queens, prettyprint, Queens
>>> list(queens(4))
[(1, 3, 0, 2), (2, 0, 3, 1)]
>>> list(queens(4, (1, 3, 0)))
[(2,)]
>>> next(iter(Queens(8)))
Solution([0, 4, 7, 5, 2, 6, 1, 3])
"""

from collections.abc import Sequence
from typing import Iterable

from ._enums import Style, Symmetry
from ._errors import Cancelled, Disagreement, InvalidInput, NotEnoughMemory, QueensError
from ._queens import (
    Completions,
    Event,
    Puzzle,
    PuzzleIterator,
    Queens,
    Solution,
    Solutions,
    Trace,
    animated_svg,
    check,
    construct,
    count,
    count_shard,
    merge,
    plan,
    puzzle,
    queens,
    random,
    sample,
    verify,
)

# Both are sequences as `list` and `range` are: indexed, sliced, sized, searched.
Sequence.register(Solution)
Sequence.register(Queens)

__all__ = [
    "Cancelled",
    "Completions",
    "Disagreement",
    "Event",
    "InvalidInput",
    "NotEnoughMemory",
    "Puzzle",
    "PuzzleIterator",
    "Queens",
    "QueensError",
    "Solution",
    "Solutions",
    "Style",
    "Symmetry",
    "Trace",
    "animated_svg",
    "check",
    "construct",
    "count",
    "count_shard",
    "merge",
    "plan",
    "prettyprint",
    "puzzle",
    "queens",
    "random",
    "sample",
    "verify",
]


def prettyprint(solution: Iterable[int]) -> None:
    """Prints a solution as the textbook's ``prettyprint`` does: a row of ``. `` squares per
    queen, ``O `` where it stands.

    >>> prettyprint((1, 3, 0, 2))
    . O . . 
    . . . O 
    O . . . 
    . . O . 
    """
    columns = list(solution)
    length = len(columns)
    for pos in columns:
        print(". " * pos + "O " + ". " * (length - pos - 1))
