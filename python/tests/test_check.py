"""queens.check: what `queens solve` writes, read back and checked as `queens check` does,
and nothing called valid that was not checked."""

import pytest

import queens
from queens import InvalidInput, Queens, QueensError, Solution, Style


def errors(read):
    return [(line, str(item)) for line, item in read if isinstance(item, QueensError)]


def test_every_style_reads_back_as_valid_solutions():
    solutions = list(Queens(6))
    for style in Style.ALL:
        for numbered in (False, True):
            # Boards end their rows with a newline, one-line styles need one; a blank
            # line between solutions, as `queens solve` leaves between boards.
            text = "\n".join(
                (f"answer {k}:\n" if numbered else "") + s.render(style).rstrip("\n") + "\n"
                for k, s in enumerate(solutions, 1)
            )
            read = queens.check(text)
            assert [item for _, item in read] == solutions, (style.name, numbered, read)
            assert queens.check(text.encode(), n=6) == read


def test_a_heading_without_its_board_is_an_error_not_an_empty_board():
    text = "answer 1:\n[0, 4, 7, 5, 2, 6, 1, 3]\nanswer 2:\n"
    read = queens.check(text)
    assert read[0] == (2, Solution([0, 4, 7, 5, 2, 6, 1, 3]))
    assert read[1][0] == 3
    assert isinstance(read[1][1], InvalidInput)
    assert "has no solution after it" in str(read[1][1])
    # The empty board written out is the one solution of Queens(0), as solve 0 writes it.
    for empty in ("[]", "()", '{"columns":[]}', "answer 1:\n[]"):
        (line, item), = queens.check(empty)
        assert item == Solution([]) and item in Queens(0), empty
        assert queens.check(empty, n=0) == [(line, item)]


def test_a_picture_holds_what_its_title_states_and_nothing_follows_it():
    solutions = list(Queens(6))
    picture = Queens(6)[0]._repr_svg_()
    (line, item), = queens.check(picture)
    assert item == solutions[0]
    read = queens.check(picture + "[0, 1, 2, 3]\ngarbage\n")
    assert read[0][1] == solutions[0]
    assert errors(read)[0][1].startswith('"[0, 1, 2, 3]" and 1 more line after the end of the SVG picture')
    wrong = picture.replace("<title>1 ", "<title>2 ")
    assert "title states 2 solutions, but it holds 1 boards" in errors(queens.check(wrong))[0][1]
    cut = "\n".join(picture.splitlines()[:20])
    assert "cut short" in errors(queens.check(cut))[-1][1]


def test_grid_labels_are_checked():
    grid = "  0 1 2 3\n0 - o - -\n0 - - - o\n0 o - - -\n0 - - o -\n"
    (line, item), = queens.check(grid)
    assert isinstance(item, InvalidInput)
    assert "numbered 0, but rows are numbered from 0 at the top, so it is row 1" in str(item)
    wide = "  0 1 2 3 4\n0 - o - -\n1 - - - o\n2 o - - -\n3 - - o -\n"
    assert "numbers 5 columns" in str(queens.check(wide)[0][1])


def test_n_says_which_board_every_solution_must_be():
    text = "[1, 3, 0, 2]\n[0, 2, 4, 1, 3]\n"
    assert [item for _, item in queens.check(text)] == [Solution([1, 3, 0, 2]), Solution([0, 2, 4, 1, 3])]
    read = queens.check(text, n=4)
    assert read[0] == (1, Solution([1, 3, 0, 2]))
    assert str(read[1][1]) == "a 5 x 5 board, where every board must be 4 x 4"
    with pytest.raises(InvalidInput):
        queens.check(text, n=-1)
    # n = 0 is a board size too: these are not of it.
    assert all(isinstance(item, InvalidInput) for _, item in queens.check(text, n=0))


def test_no_solution_at_all_raises():
    for text in ("", "\n\n", b"   \n"):
        with pytest.raises(InvalidInput, match="no solutions found"):
            queens.check(text)
    with pytest.raises(TypeError):
        queens.check(42)
    read = queens.check(b"[1, 3, 0, 2]\n\xff\n")
    assert isinstance(read[1][1], QueensError) and "not UTF-8" in str(read[1][1])
