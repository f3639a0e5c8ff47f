"""m,n,k games (tic-tac-toe is 3,3,3), solved in C (the GIL released). A
position is one character a cell, row by row from the top left: 'X', 'O'
or '.' ("X.O......"); the player to move follows from the counts. Cells
are numbered the same way, from 0."""
from typing import List, NamedTuple

from . import _gamesearch

__all__ = ["Solution", "solve"]


class Solution(NamedTuple):
    """value: 1 the player to move wins, 0 a draw, -1 a loss (with a depth,
    0 also when no win was found within it); best: the cells that reach it,
    ascending."""
    value: int
    best: List[int]


def solve(position, size=(3, 3), k=3, depth=None):
    """Solves `position` on a board of size (rows, cols) with k in a row to
    win. Boards of more than 16 cells need a depth (plies)."""
    if not isinstance(position, str):
        raise TypeError("position: expected a string of one character a "
                        "cell, 'X', 'O' or '.', row by row, such as "
                        "'X.O......', not %s %r"
                        % (type(position).__name__, position))
    rows, cols = size
    found = _gamesearch.mnk_solve(position, rows, cols, k, depth=depth)
    return Solution(found["value"], found["best"])
