"""Every value the package hands out is a value: equal ones hash alike (usable as dict keys
and set members), and each pickles and copies to an equal one (multiprocessing, caches)."""

import copy
import inspect
import pickle

import pytest

import queens
from queens import Event, Puzzle, PuzzleIterator, Queens, Solution, Style, Symmetry


def round_trips(value):
    """pickle (every protocol), copy and deepcopy give back an equal value of the same type."""
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(value, protocol=protocol))
        assert type(again) is type(value) and again == value, (protocol, value)
        assert hash(again) == hash(value)
    assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert copy.deepcopy([value, {"k": value}]) == [value, {"k": value}]


def values():
    """One or more of every value class the module exports."""
    p = queens.puzzle(8, seed=1)
    blocks = queens.puzzle(8, kind="blocks", seed=2)
    read = Puzzle(str(p))
    return [
        *Style.ALL,
        *Symmetry.ALL,
        Solution([1, 3, 0, 2]),
        Solution([]),
        queens.construct(1000),
        Queens(8),
        Queens(0),
        Queens(8, queens=[(7, 0)], blocks=[(0, 1), (3, 3)], prefix=[2]),
        p,
        blocks,
        read,
        *list(Queens(5).trace())[:40],
    ]


def test_enums_hash_and_work_as_dict_keys():
    assert {Style.Fen: 1}[Style.Fen] == 1
    assert {Symmetry.Rotate90: "r"}[Symmetry.Rotate90] == "r"
    assert len(set(Style.ALL)) == 8 and len(set(Symmetry.ALL)) == 8
    # They equal their numbers, so they hash as their numbers do.
    for enum in (*Style.ALL, *Symmetry.ALL):
        assert enum == int(enum) and hash(enum) == hash(int(enum))
    # Symmetries a board returns are the same keys.
    assert Queens(8, queens=[(0, 0)]).symmetries()[1] in {Symmetry.Transpose}


def test_every_value_is_hashable_and_round_trips():
    for value in values():
        round_trips(value)


def test_every_exported_class_is_a_value_or_an_iterator():
    """A class added later is checked too: either it is a value (hashable, pickles) or it is
    a one-pass iterator, as generators are."""
    iterators = {"Solutions", "Completions", "Trace", "PuzzleIterator"}
    seen = set()
    for value in values():
        seen.add(type(value).__name__)
    classes = {
        name
        for name, obj in vars(queens).items()
        if inspect.isclass(obj) and obj.__module__ == "queens" and not issubclass(obj, BaseException)
    }
    assert classes - iterators <= seen, classes - iterators - seen


def test_enums_unpickle_to_the_members_themselves():
    for enum in (*Style.ALL, *Symmetry.ALL):
        assert pickle.loads(pickle.dumps(enum)) is getattr(type(enum), enum.name)


def test_puzzles_are_equal_by_content():
    p = queens.puzzle(10, level="hard", seed=3)
    assert p == queens.puzzle(10, level="hard", seed=3)
    assert p != queens.puzzle(10, level="hard", seed=4)
    assert len({p, queens.puzzle(10, level="hard", seed=3)}) == 1
    # Made from its text, it has no seed: another puzzle, the same board.
    assert Puzzle(str(p)) != p and Puzzle(str(p)) == Puzzle(str(p))
    assert p != "not a puzzle"


def test_events_are_values():
    events = list(Queens(6).trace())
    assert len(set(events)) < len(events)
    for event in events[:200]:
        again = pickle.loads(pickle.dumps(event))
        assert again == event and str(again) == str(event)
        assert (again.kind, again.row, again.col, again.depth, again.attacked, again.index) == (
            event.kind,
            event.row,
            event.col,
            event.depth,
            event.attacked,
            event.index,
        )
    # An event can be made by hand, and is checked.
    assert Event("place", row=0, col=1, depth=1, attacked=0b111) == Event("place", 0, 1, 1, 0b111)
    assert str(Event("solution", index=3)) == "solution 4"
    for bad in [
        lambda: Event("teleport", row=0),
        lambda: Event("remove", row=0),
        lambda: Event("remove", row=0, col=1, index=2),
        lambda: Event("solution"),
        lambda: Event("place", row=-1, col=0, depth=1, attacked=0),
    ]:
        with pytest.raises(queens.InvalidInput):
            bad()


def test_a_puzzle_iterator_pickles_where_it_stands():
    made = PuzzleIterator(8, level="easy", seed=5, kind="queens")
    next(made)
    again = pickle.loads(pickle.dumps(made))
    assert next(again) == next(made)
    assert next(again).seed == next(made).seed == 7


def test_exceptions_pickle_for_multiprocessing():
    for error in [queens.InvalidInput("x"), queens.NotEnoughMemory("y"), queens.Cancelled("z")]:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and again.args == error.args


def test_queens_pickles_with_its_arguments():
    q = Queens(8, queens=[(7, 0)], prefix=[1])
    again = pickle.loads(pickle.dumps(q))
    assert repr(again) == repr(q) and list(again) == list(q)


def test_enums_are_python_enums():
    import enum

    for cls, names in (
        (Style, ["Dots", "List", "Matrix", "Stars", "Grid", "Unicode", "Fen", "Algebraic"]),
        (
            Symmetry,
            ["Identity", "Rotate90", "Rotate180", "Rotate270", "FlipHorizontal",
             "FlipVertical", "Transpose", "AntiTranspose"],
        ),
    ):
        assert issubclass(cls, enum.Enum) and len(cls) == 8
        assert [member.name for member in cls] == names == list(cls.__members__)
        for number, member in enumerate(cls):
            assert isinstance(member, cls) and isinstance(member, enum.Enum)
            assert cls(number) is member is cls[member.name] and member.value == number
            assert repr(member) == f"<{cls.__name__}.{member.name}: {number}>"
        with pytest.raises(ValueError):
            cls(8)
        with pytest.raises(KeyError):
            cls["Nothing"]
    # A style is looked up by the name render takes as well, and renders by either.
    assert Style("fen") is Style.Fen and Style.Fen.text == "fen"
    s = Solution([1, 3, 0, 2])
    assert all(s.render(style) == s.render(style.text) for style in Style)
    # A board's symmetries are members of the enum.
    assert all(type(g) is Symmetry for g in Queens(8).symmetries())
