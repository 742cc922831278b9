"""The exceptions of the queens package: one base class, and the standard class each kind
of failure also is (bad input is a ``ValueError``, missing memory a ``MemoryError``)."""


class QueensError(Exception):
    """Base class of every error the queens package raises."""


class InvalidInput(QueensError, ValueError):
    """A board, queen, square, text or argument that means nothing: the message says which."""


class NotEnoughMemory(QueensError, MemoryError):
    """A count whose tables do not fit in the memory this process may use."""


class Cancelled(QueensError):
    """A count stopped before it finished."""


class Disagreement(QueensError):
    """Two counts of one part disagree (a shard counted twice, or a part an audit counted
    again): one machine cannot be trusted with the count, and a third count tells which."""
