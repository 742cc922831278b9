"""What Jupyter shows: a solution's `_repr_svg_` is well-formed SVG of its board."""

import xml.etree.ElementTree as ET

import pytest

import queens

SVG = "{http://www.w3.org/2000/svg}"


def test_a_solution_draws_itself_as_valid_svg():
    s = next(iter(queens.Queens(8)))
    root = ET.fromstring(s._repr_svg_())
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    # Every queen is drawn.
    drawn = [e for e in root.iter() if e.get("class") == "queen"]
    assert len(drawn) == 8


def test_an_animated_trace_is_valid_svg():
    events = []
    for event in queens.Queens(5).trace():
        events.append(event)
        if event.kind == "solution":
            break
    root = ET.fromstring(queens.animated_svg(5, events))
    assert root.tag == f"{SVG}svg"
    assert root.iter(f"{SVG}animate") is not None


def labels(svg):
    """The coordinates drawn beside each board of a picture: for every element holding a
    board's squares, its file labels and its rank labels as (text, x, y), with the squares'
    extent (left, top, right, bottom) in the same coordinates."""
    boards = []
    for holder in ET.fromstring(svg).iter():
        children = list(holder)
        squares = [
            e for e in children if e.tag == f"{SVG}rect" and e.get("x") is not None
            and e.get("width") == "32" and e.get("height") == "32"
        ]
        if not squares:
            continue
        xs = [float(e.get("x")) for e in squares]
        ys = [float(e.get("y")) for e in squares]

        def texts(kind):
            return [
                (e.text, float(e.get("x")), float(e.get("y")))
                for e in children
                if e.tag == f"{SVG}text" and e.get("class") == kind
            ]

        boards.append((texts("file"), texts("rank"), (min(xs), min(ys), max(xs) + 32, max(ys) + 32)))
    return boards


def file_names(n):
    names = []
    for col in range(n):
        name, rest = "", col + 1
        while rest:
            rest -= 1
            name = chr(ord("a") + rest % 26) + name
            rest //= 26
        names.append(name)
    return names


def assert_labelled_as_in_chess(svg, n):
    """Files a, b, c, ... left to right under the board; ranks 1 at the bottom to n at the top
    on its left, each at the middle of its column or row."""
    boards = labels(svg)
    assert boards, "no board in the picture"
    for files, ranks, (left, top, right, bottom) in boards:
        assert [t for t, _, _ in files] == file_names(n), files
        assert [x for _, x, _ in files] == [left + 16 + 32 * c for c in range(n)], files
        assert all(y > bottom for _, _, y in files), (files, bottom)
        assert sorted(t for t, _, _ in ranks) == sorted(str(r) for r in range(1, n + 1)), ranks
        for text, x, y in ranks:
            row = n - int(text)  # rank n is the top row
            assert top + 32 * row < y < top + 32 * (row + 1), (text, y, top)
            assert x < left, (text, x, left)


def test_a_solution_picture_is_labelled_as_in_chess():
    for n in (1, 4, 8, 30):
        s = queens.construct(n) if n > 1 else queens.Solution([0])
        assert_labelled_as_in_chess(s._repr_svg_(), n)
        assert s.svg() == s._repr_svg_()
    # Labelled, the picture still reads back as the solution it shows.
    s = queens.Queens(8)[5]
    assert [item for _, item in queens.check(s.svg())] == [s]
    assert queens.Solution.parse(s.svg()) == s


def test_a_solution_too_large_to_draw_says_so():
    assert queens.construct(1001)._repr_svg_() is None
    with pytest.raises(queens.InvalidInput, match="from 0 to 1000"):
        queens.construct(1001).svg()


def test_puzzle_and_search_pictures_are_labelled_too():
    p = queens.puzzle(8, seed=1)
    for svg in (p._repr_svg_(), p.svg(), p.svg(p.solution)):
        assert_labelled_as_in_chess(svg, 8)
    events = []
    for event in queens.Queens(6).trace():
        events.append(event)
        if event.kind == "solution":
            break
    assert_labelled_as_in_chess(queens.animated_svg(6, events), 6)
