"""Connect Four on the standard 7x6 board, solved exactly in C (the GIL is
released while it searches). A position is the columns played from the
empty board, one digit (1-7) a move, as in Pascal Pons's solver: "4453".
Scores are Pons's, for the player to move: 0 a draw, a win with the
player's last stone 1, with the stone before 2, and so on; a loss the
negative of the opponent's win.

Both answer from the book shipped in the library first (every position of
up to 9 stones, so every column of a position of up to 8, and the
computer's lines of play), as `gamesearch connect4` does; book=False
searches every position instead (the same scores, in more time)."""
import threading

from . import _gamesearch

__all__ = ["solve", "analyze"]

# One solver (and its 64 MiB table, emptied before each solve) per thread,
# kept from call to call as `gamesearch connect4 solve` keeps one; and one
# for analyze, which searches as `gamesearch connect4 analyze` does, on
# every core with a 16 MiB table (a person waits for it).
_local = threading.local()


def _solver():
    solver = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = _gamesearch.c4_solver()
    return solver


def _analyzer():
    solver = getattr(_local, "analyzer", None)
    if solver is None:
        solver = _local.analyzer = _gamesearch.c4_solver(0, True)
    return solver


def _position(position):
    """`position`, refused with what it should be when it is not a str."""
    if not isinstance(position, str):
        raise TypeError("position: expected a string of column digits 1-7 "
                        "such as '4453', not %s %r"
                        % (type(position).__name__, position))
    return position


def solve(position, weak=False, book=True):
    """The score of `position` (a str of column digits 1-7, "4453"; "" the
    empty board) for the player to move; with weak=True only its sign (1
    win, 0 draw, -1 loss), usually faster; book=False: searched, not
    read from the shipped book."""
    return _gamesearch.c4_solve(_solver(), _position(position),
                                weak=bool(weak), book=bool(book))["score"]


def analyze(position, weak=False, book=True):
    """The score of each of the 7 columns for the player to move (the score
    of the position after that move, from the mover's side); None for a
    full column. book=False: every column searched, none read from the
    shipped book."""
    return _gamesearch.c4_analyze(_analyzer(), _position(position),
                                  weak=bool(weak), book=bool(book))["scores"]
