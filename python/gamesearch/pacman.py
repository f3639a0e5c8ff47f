"""CS188's Pacman, played by the library as pacman.py plays it (the same
rules, agents and random numbers: a seeded game is pacman.py's game, move
for move). play() runs in C with the GIL released, unless it is given an
`evaluation`: a Python function of a state with pacman.py's GameState
method names, called at every leaf of the agent's search."""
import os
import secrets
from typing import NamedTuple

from . import _gamesearch

__all__ = ["play", "find_layout", "GameResult", "Grid", "AgentState",
           "Configuration", "GameState", "DEFAULT_LAYOUT"]

GameState = _gamesearch.GameState


class Grid:
    """pacman.py's Grid: grid[x][y] is a cell, (0, 0) the bottom left."""

    def __init__(self, width, height, data=None):
        self.width = width
        self.height = height
        self.data = data if data is not None else [
            [False] * height for _ in range(width)]

    def __getitem__(self, x):
        return self.data[x]

    def __eq__(self, other):
        return isinstance(other, Grid) and self.data == other.data

    def __hash__(self):
        return hash(tuple(tuple(col) for col in self.data))

    def __str__(self):
        rows = [[str(self.data[x][y])[0] for x in range(self.width)]
                for y in range(self.height)]
        rows.reverse()
        return "\n".join("".join(r) for r in rows)

    def count(self, item=True):
        return sum(col.count(item) for col in self.data)

    def asList(self, key=True):
        return [(x, y) for x in range(self.width) for y in range(self.height)
                if self.data[x][y] == key]

    def copy(self):
        return Grid(self.width, self.height, [col[:] for col in self.data])

    deepCopy = copy
    shallowCopy = copy


class Configuration:
    """pacman.py's Configuration: a position and a direction."""

    def __init__(self, pos, direction):
        self.pos = pos
        self.direction = direction

    def getPosition(self):
        return self.pos

    def getDirection(self):
        return self.direction


class AgentState:
    """pacman.py's AgentState, as an evaluation sees it."""

    def __init__(self, pos, direction, scaredTimer, isPacman):
        self.configuration = Configuration(pos, direction)
        self.scaredTimer = scaredTimer
        self.isPacman = bool(isPacman)

    def getPosition(self):
        return self.configuration.pos

    def getDirection(self):
        return self.configuration.direction

    def __repr__(self):
        return "%s: %s (%s)%s" % (
            "Pacman" if self.isPacman else "Ghost", self.configuration.pos,
            self.configuration.direction,
            ", scared %d" % self.scaredTimer if self.scaredTimer else "")


_gamesearch.pacman_set_classes(Grid, AgentState)


class GameResult(NamedTuple):
    """One game: its final score, whether Pacman won, the single-agent moves
    played (Pacman's and the ghosts'), Pacman's moves, the nodes of his
    searches, the game's wall time, and how it ended ("win", "loss")."""
    score: int
    win: bool
    moves: int
    pacman_moves: int
    nodes: int
    seconds: float
    result: str


def _layout_dirs():
    env = os.environ.get("GAMESEARCH_LAYOUTS", "")
    dirs = [d for d in env.split(":") if d]
    dirs.append(os.path.join(os.path.dirname(__file__), "layouts"))
    dirs.append("layouts")
    dirs.append(".")
    return dirs


def find_layout(name):
    """The path of layout `name`, found as `gamesearch pacman -l` finds it: a
    name with a '/' or ending in .lay is tried as a path first; then
    NAME.lay in $GAMESEARCH_LAYOUTS's directories (':' between them), the
    package's own mazes, ./layouts and the current directory."""
    if "/" in name or name.endswith(".lay"):
        if os.path.isfile(name):
            return name
    file = os.path.basename(name) if "/" in name else name
    if not file.endswith(".lay"):
        file += ".lay"
    dirs = _layout_dirs()
    for d in dirs:
        path = os.path.join(d, file)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError("layout '%s' not found: looked for %s in %s"
                            % (name, file, ", ".join(dirs)))


def _agent_args(args):
    if args is None:
        return None
    if isinstance(args, str):
        return args or None
    if not hasattr(args, "items"):
        raise TypeError("agent_args must be a str ('depth=2') or a dict "
                        "({'depth': 2}), not %s" % type(args).__name__)
    parts = []
    for key, value in args.items():
        if isinstance(value, bool):
            value = int(value)
        parts.append("%s=%s" % (key, value))
    return ",".join(parts) or None


#: The layout play() plays without one: `gamesearch pacman`'s default, one
#: of the mazes shipped with the package (pacman.py's mediumClassic is
#: CS188's: give its path, or its directory in $GAMESEARCH_LAYOUTS).
DEFAULT_LAYOUT = "crossroads"


def play(layout=DEFAULT_LAYOUT, pacman="MinimaxAgent", agent_args=None,
         ghosts="RandomGhost", num_ghosts=4, games=1, fix_random_seed=False,
         seed=None, seeds=None, evaluation=None, max_moves=0, html=None):
    """Plays `games` games as `gamesearch pacman` (and pacman.py) would, and
    returns a list of GameResult; see docs/python.md. `layout` is a name
    (found as find_layout finds it) or a path; `pacman` one of LeftTurnAgent,
    GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, AlphaBetaAgent,
    ExpectimaxAgent, ChampionAgent, MCTSAgent, MaxnAgent, ParanoidAgent,
    BRSAgent; `ghosts` RandomGhost or DirectionalGhost. With `html` (a path) the games' replay page is
    written there, as `gamesearch pacman --html FILE` writes it: one
    self-contained file that plays the games back in a browser."""
    chosen = sum((bool(fix_random_seed), seed is not None, seeds is not None))
    if chosen > 1:
        raise ValueError("give at most one of fix_random_seed, seed and seeds")
    if evaluation is not None and not callable(evaluation):
        raise TypeError("evaluation must be a function of a state")
    if fix_random_seed:
        kind, base = "fix", 0
    elif seed is not None:
        kind, base = "seed", seed
    else:
        kind = "seeds"
        base = seeds if seeds is not None else secrets.randbelow(2**31)
    path = find_layout(layout)
    with open(path, "rb") as f:
        text = f.read()
    found = _gamesearch.pacman_play(
        text, layout, pacman, _agent_args(agent_args), ghosts,
        num_ghosts, games, kind, base, evaluation, max_moves,
        page=html is not None)
    if html is not None:
        from . import _page
        found, data = found
        with open(html, "w", encoding="utf-8") as f:
            f.write(_page("pacman.html", data))
    return [GameResult(**g) for g in found]
