"""The package's API against a brute-force checker written here in plain Python."""

import itertools
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import queens
from queens import Event, Queens, Solution, Style, Symmetry

OEIS = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]


def valid(columns):
    """Whether `columns` (row -> column) places non-attacking queens."""
    n = len(columns)
    return all(
        columns[a] != columns[b] and abs(columns[a] - columns[b]) != b - a
        for a in range(n)
        for b in range(a + 1, n)
    )


def brute_force(n, fixed=(), blocked=()):
    """Every solution of `n` keeping the `fixed` (row, col) queens and off `blocked`."""
    return [
        list(p)
        for p in itertools.permutations(range(n))
        if valid(p)
        and all(p[r] == c for r, c in fixed)
        and not any(p[r] == c for r, c in blocked)
    ]


def test_solutions_are_sequences():
    s = Solution([1, 3, 0, 2])
    assert len(s) == 4 and s.n == 4
    assert s[0] == 1 and s[-1] == 2 and s[1:3] == [3, 0] and s[::-1] == [2, 0, 3, 1]
    assert list(s) == [1, 3, 0, 2] and tuple(s) == (1, 3, 0, 2)
    assert 3 in s and s.index(0) == 2 and s.count(3) == 1
    with pytest.raises(IndexError):
        s[4]
    assert repr(s) == "Solution([1, 3, 0, 2])"
    assert str(s) == ". O . .\n. . . O\nO . . .\n. . O .\n"
    assert s == Solution([1, 3, 0, 2]) and s != Solution([2, 0, 3, 1])
    assert s < Solution([2, 0, 3, 1])
    assert s == [1, 3, 0, 2] and s == (1, 3, 0, 2), "a solution equals the sequence of its columns"
    assert len({s, Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])}) == 2
    assert isinstance(s, __import__("collections.abc").abc.Sequence)


def test_bad_input_raises_value_errors_with_the_crates_messages():
    with pytest.raises(queens.InvalidInput, match="attack each other") as caught:
        Solution([0, 1])
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, queens.QueensError)
    with pytest.raises(ValueError, match=r"row 8 is out of range: Queens\(8\) takes .* from 0 to 7"):
        Queens(8, queens=[(8, 0)])
    with pytest.raises(ValueError, match="on f6 and b6 share rank 6"):
        Queens(8, queens=[(2, 5), (2, 1)])
    with pytest.raises(ValueError, match="blocked"):
        Queens(4, queens=[(0, 1)], blocks=[(0, 1)])
    with pytest.raises(ValueError, match=r"n = 65 is out of range: Queens\(\) takes n from 0 to 64"):
        Queens(65)
    with pytest.raises(ValueError):
        Solution.parse("no board here")
    with pytest.raises(ValueError, match="from 0 to 18"):
        queens.sample(30, 1)
    with pytest.raises(ValueError):
        queens.construct(3)
    with pytest.raises(ValueError):
        Solution([0]).render("no-such-style")
    with pytest.raises(TypeError):
        Solution([0]).transform("rotate")
    with pytest.raises(queens.InvalidInput):
        Queens(-1)


def test_no_panic_reaches_python():
    hostile = [
        lambda: Queens(64, queens=[(63, 63)], blocks=[(0, 0)] * 10_000).most_constrained(),
        lambda: queens.animated_svg(4, [next(Queens(8).trace())] * 3),
        lambda: Solution.parse("\ufeff" + "Q" * 10_000),
        lambda: Queens(10)[10**6],
        lambda: Queens(10)[-(10**6)],
        lambda: Queens(6)[::-1],
        lambda: queens.count(65),
        lambda: queens.random(2),
    ]
    for call in hostile:
        try:
            call()
        except (ValueError, IndexError, queens.QueensError):
            pass


@settings(max_examples=120, deadline=None)
@given(
    st.integers(1, 7),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=3),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=6),
)
def test_boards_with_fixed_queens_and_blocks_match_brute_force(n, fixed, blocked):
    fixed = sorted({(r, c) for r, c in fixed if r < n and c < n})
    blocked = sorted({(r, c) for r, c in blocked if r < n and c < n})
    try:
        search = Queens(n, queens=fixed, blocks=blocked)
    except ValueError:
        rows = [r for r, _ in fixed]
        clash = len(rows) != len(set(rows)) or not valid_partial(fixed) or set(fixed) & set(blocked)
        assert clash
        return
    expected = brute_force(n, fixed, blocked)
    assert [list(s) for s in search] == expected
    assert Queens(n, queens=fixed, blocks=blocked).count() == len(expected)
    assert sorted(list(s) for s in Queens(n, queens=fixed, blocks=blocked).most_constrained()) == expected
    assert [list(s) for s in reversed(Queens(n, queens=fixed, blocks=blocked))] == expected[::-1]


def valid_partial(squares):
    return all(
        c1 != c2 and abs(c1 - c2) != abs(r1 - r2)
        for (r1, c1), (r2, c2) in itertools.combinations(squares, 2)
    )


@settings(max_examples=200, deadline=None)
@given(st.integers(4, 9), st.integers(0, 10_000), st.sampled_from(Style.ALL))
def test_every_style_round_trips(n, index, style):
    solutions = list(Queens(n))
    s = solutions[index % len(solutions)]
    drawn = s.render(style)
    assert Solution.parse(drawn) == s
    assert s.render(style.name) == drawn


def test_navigation_skips_and_both_ends_meet():
    eight = [list(s) for s in Queens(8)]
    search = Queens(8)
    assert list(search.nth(10)) == eight[10]
    assert list(search.nth(11)) == eight[11]
    # Backward slices, as lists do.
    assert [list(s) for s in Queens(8)[::-30]] == eight[::-30]
    assert [list(s) for s in Queens(8)[5:1:-2]] == eight[5:1:-2]
    assert Queens(8)[5] == Solution(eight[5]) and Queens(8)[-1] == Solution(eight[-1])
    assert [list(s) for s in Queens(8)[10:20:3]] == eight[10:20:3]
    assert [list(s) for s in Queens(8)[-3:]] == eight[-3:]
    assert [list(s) for s in Queens(8)[1 :: 2**62]] == eight[1:2]
    assert Queens(8)[100:200] == [] and Queens(8)[-1000:2] == [Solution(c) for c in eight[:2]]
    with pytest.raises(IndexError):
        Queens(8)[92]
    assert Queens(14)[300_000] == Queens(14).nth(300_000)
    assert search.nth(1000) is None


def test_symmetry_and_classes():
    s = next(iter(Queens(8)))
    assert s.transform(Symmetry.Rotate90) == Solution([7, 1, 3, 0, 6, 4, 2, 5])
    assert s.is_canonical() and s.orbit_size() == 8
    assert all(s.transform(g).canonical() == s for g in Symmetry.ALL)
    for n in range(1, 11):
        assert len(list(Queens(n).fundamental())) == [0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92][n]
    corner = Queens(8, queens=[(7, 0)])
    assert len(corner.symmetries()) == 2 and len(list(corner.fundamental())) == 2


def test_counts_match_oeis():
    for n, total in enumerate(OEIS):
        assert queens.count(n) == total
        assert Queens(n).count() == total
    assert queens.count(12, fundamental=True) == 1787
    assert queens.count(16, threads=1) == 14_772_512
    # Classes by Burnside from the join's total (n = 14..22) and by the constellation engine.
    assert queens.count(16, fundamental=True) == 1_846_955
    assert queens.count(15, fundamental=True) == 285_053
    # Within a memory bound the join builds only the rows each subproblem reads.
    assert queens.count(16, threads=1, memory=4 << 20) == 14_772_512
    with pytest.raises(queens.NotEnoughMemory):
        queens.count(16, memory=1024)


def test_trace_replays_to_the_solutions():
    board = {}
    found = []
    for event in itertools.islice(Queens(6).trace(), 100_000):
        assert isinstance(event, Event)
        if event.kind == "place":
            board[event.row] = event.col
            assert event.depth == len(board)
        elif event.kind == "remove":
            assert board.pop(event.row) == event.col
        elif event.kind == "solution":
            found.append([board[r] for r in range(6)])
            assert event.index == len(found) - 1
    assert found == [list(s) for s in Queens(6)]
    first = next(Queens(4).trace())
    assert str(first) == "place 0,0" and repr(first) == "Event('place 0,0')"
    assert first.attacked == 0b0011
    picture = queens.animated_svg(6, list(itertools.islice(Queens(6).trace(), 50)))
    assert picture.startswith("<svg ") and "<animate" in picture


def test_samples_constructions_and_random_boards_are_solutions():
    for seed in range(5):
        s = queens.sample(8, seed)
        assert valid(list(s)) and s == queens.sample(8, seed)
    assert len({queens.sample(8, seed) for seed in range(40)}) > 20
    for n in [1, 4, 5, 100, 1001]:
        assert valid(list(queens.construct(n))) if n <= 100 else len(queens.construct(n)) == n
        assert len(queens.random(n, 3)) == n
    assert queens.random(50, 1) == queens.random(50, 1)


def test_solutions_pickle_and_copy():
    import copy

    s = Solution([1, 3, 0, 2])
    assert pickle.loads(pickle.dumps(s)) == s
    assert copy.deepcopy(s) == s and copy.copy(s) == s



def test_bad_values_of_every_argument_raise_invalid_input():
    import pytest

    for call in [
        lambda: queens.Queens(-1),
        lambda: queens.Queens(8, queens=[(-1, 0)]),
        lambda: queens.Queens(8, blocks=[(0, -3)]),
        lambda: queens.Queens(8, prefix=[-2]),
        lambda: queens.count(-1),
        lambda: queens.count(8, threads=-1),
        lambda: queens.count(8, memory=-5),
        lambda: queens.construct(-4),
        lambda: queens.random(-4),
        lambda: queens.sample(-4, 0),
        lambda: queens.animated_svg(-1, []),
    ]:
        with pytest.raises(queens.InvalidInput):
            call()


def test_animated_svg_takes_any_iterable_of_events():
    svg = queens.animated_svg(4, queens.Queens(4).trace())
    assert svg.startswith("<svg")
    assert queens.animated_svg(4, (e for e in queens.Queens(4).trace())) == svg


def test_solution_parse_reads_the_json_lines_the_cli_writes():
    line = '{"n":4,"index":1,"columns":[1,3,0,2]}'
    assert queens.Solution.parse(line) == queens.Solution([1, 3, 0, 2])


def test_uniqueness_gives_none_the_one_or_the_first_two_solutions():
    assert queens.Queens(4, queens=[(0, 1)]).uniqueness() == [queens.Solution([1, 3, 0, 2])]
    assert queens.Queens(3).uniqueness() == []
    first, second = queens.Queens(64).uniqueness()
    assert first != second and len(first) == len(second) == 64


def test_puzzle_has_one_solution_its_level_and_an_explanation():
    p = queens.puzzle(10, level="hard", seed=3)
    assert p.level == "hard" and p.n == 10 and p.seed == 3
    assert list(queens.Queens(10, queens=p.clues)) == [p.solution]
    assert p.check(p.solution)
    assert not p.check(next(s for s in queens.Queens(10) if s != p.solution))
    assert p.rating["refuted"] > 0 and len(p.explanation) >= 10 - len(p.clues)
    assert str(p).count("Q") == len(p.clues)
    assert queens.puzzle(10, level="hard", seed=3).to_json() == p.to_json()
    with pytest.raises(queens.InvalidInput):
        queens.puzzle(8, level="expert")
    with pytest.raises(queens.InvalidInput):
        queens.puzzle(3)


def test_a_count_with_a_checkpoint_resumes_what_it_holds(tmp_path):
    path = tmp_path / "n12.checkpoint"
    assert queens.count(12, checkpoint=path) == 14200
    lines = path.read_text().splitlines()
    assert lines[0].startswith("queens checkpoint") and len(lines) > 10
    # The file says what is done: a second count reads it and counts nothing again.
    assert queens.count(12, checkpoint=str(path)) == 14200
    assert path.read_text().splitlines() == lines
    # A checkpoint of another count is refused, and left as it was.
    with pytest.raises(queens.QueensError, match="not n = 11"):
        queens.count(11, checkpoint=path)
    assert path.read_text().splitlines() == lines


def test_queens_behaves_like_range_a_fresh_iterator_each_time():
    q = Queens(8)
    assert len(list(q)) == 92 and len(list(q)) == 92 and len(q) == 92
    stream = iter(q)
    next(stream), next(stream)
    # Indexing is about the whole board, however far any iteration has gone.
    assert q[0] == Solution([0, 4, 7, 5, 2, 6, 1, 3]) and q.nth(0) == q[0]
    assert next(stream) == q[2]
    assert list(reversed(q))[0] == q[-1] and list(reversed(q)) == list(q)[::-1]
    assert len(Queens(6, queens=[(0, 1)])) == 1
    assert repr(q) == "Queens(8)"
    assert repr(Queens(8, queens=[(7, 0)], prefix=[1])) == "Queens(8, queens=[(7, 0)], prefix=[1])"
    assert repr(stream) == "<queens.Solutions: solutions of Queens(8)>"
    assert "fundamental" in repr(q.fundamental())
    assert repr(queens.queens(4, (1,))) == "<queens.queens generator: queens(4, [1])>"
    assert "8 x 8" in repr(q.trace())
    assert "next seed 3" in repr(queens.PuzzleIterator(8, seed=3))
    # help() explains the keyword arguments.
    assert "blocks" in (Queens.__doc__ or "") and "prefix" in (Queens.__doc__ or "")


def test_blocked_square_puzzles_read_puzzles_and_pictures():
    p = queens.puzzle(8, kind="blocks", seed=2)
    assert p.clues == [] and len(p.blocks) > 0
    assert list(queens.Queens(8, blocks=p.blocks)) == [p.solution]
    # Any puzzle text is graded: the drawn form and CSPLib 080's form read back.
    for text in (str(p), p.to_csplib()):
        again = queens.Puzzle(text)
        assert again.solution == p.solution and again.seed is None
    assert queens.Puzzle(str(p)).rating == p.rating
    with pytest.raises(queens.InvalidInput, match="several solutions"):
        queens.Puzzle("letting n = 8")
    # Jupyter draws clues apart from a solver's queens.
    clued = queens.puzzle(8, seed=1)
    assert clued._repr_svg_().count('class="clue"') == len(clued.clues)
    drawn = clued.svg(clued.solution)
    assert drawn.count('class="placed"') == 8 - len(clued.clues)
    assert "seed=1" in repr(clued) and "level=" in repr(clued)
    with pytest.raises(queens.InvalidInput):
        queens.puzzle(30, kind="blocks")
    with pytest.raises(queens.InvalidInput):
        queens.puzzle(8, kind="rooks")


def test_puzzle_iterator_makes_a_dataset_seed_by_seed():
    made = queens.PuzzleIterator(8, level="easy", seed=5)
    first, second = next(made), next(made)
    assert (first.seed, second.seed) == (5, 6)
    assert second.to_json() == queens.puzzle(8, level="easy", seed=6).to_json()


def test_animated_svg_refuses_the_events_of_another_board():
    six = list(itertools.islice(Queens(6).trace(), 30))
    assert all(event.n == 6 for event in six)
    # Every square of a 6 x 6 board is on an 8 x 8 one, but these are a 6 x 6 search's.
    with pytest.raises(queens.InvalidInput, match="event 0 .* of a 6x6 board"):
        queens.animated_svg(8, six)
    # Made by hand, an event knows its board only if told; the search's own facts still
    # give it away: a solution with six queens is not one of 8 x 8.
    by_hand = [Event(e.kind, row=e.row, col=e.col, depth=e.depth, attacked=e.attacked,
                     index=e.index) if e.kind != "solution" else Event("solution", index=e.index)
               for e in Queens(6).trace()]
    assert all(event.n is None for event in by_hand) and by_hand == list(Queens(6).trace())
    with pytest.raises(queens.InvalidInput, match="6x6 board was given where the 8x8"):
        queens.animated_svg(8, by_hand)
    assert queens.animated_svg(6, by_hand).startswith("<svg")
    # An event told its board is checked against it.
    with pytest.raises(queens.InvalidInput, match="off the 4x4 board"):
        Event("remove", row=5, col=0, n=4)
    assert pickle.loads(pickle.dumps(six[3])).n == 6
