"""`Style` and `Symmetry`: Python enums (`enum.IntEnum`), numbered in the crate's order."""

import enum
from typing import ClassVar


class Style(enum.IntEnum):
    """The text styles a solution is drawn in; `Solution.render` takes a member or its
    lowercase name, `Style.Fen.text` (``"fen"``).

    >>> Style("fen") is Style.Fen is Style["Fen"] is Style(6)
    True
    """

    __module__ = "queens"
    ALL: ClassVar[list["Style"]]

    Dots = 0
    List = 1
    Matrix = 2
    Stars = 3
    Grid = 4
    Unicode = 5
    Fen = 6
    Algebraic = 7

    @classmethod
    def _missing_(cls, value: object) -> "Style | None":
        # Looked up by the name `render` takes, too.
        if isinstance(value, str):
            return next((style for style in cls if style.text == value.lower()), None)
        return None

    @property
    def text(self) -> str:
        """The style's lowercase name, as `Solution.render` and ``queens solve --format``
        take it."""
        return self.name.lower()


class Symmetry(enum.IntEnum):
    """The eight symmetries of the square, the identity first.

    >>> [s.name for s in Symmetry][:3]
    ['Identity', 'Rotate90', 'Rotate180']
    """

    __module__ = "queens"
    ALL: ClassVar[list["Symmetry"]]

    Identity = 0
    Rotate90 = 1
    Rotate180 = 2
    Rotate270 = 3
    FlipHorizontal = 4
    FlipVertical = 5
    Transpose = 6
    AntiTranspose = 7


# Every member in order, as the package gave them before they were `enum`s.
Style.ALL = list(Style)
Symmetry.ALL = list(Symmetry)
