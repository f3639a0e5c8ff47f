"""gamesearch: adversarial search (minimax, alpha-beta, expectimax) in C.

    Tree(source).search(...)        an explicit game tree, as text or as the
                                    nested lists of the alpha-beta labs
    Game, search(game, state, ...)  your own game, written in Python, searched
                                    by the C engine
    connect4, mnk, pacman           the built-in games at C speed
    games(), search_game(name, ...) every game of the library's registry
                                    by name ("nim:piles=3,4,5"), in C

docs/python.md documents every name.
"""
from . import _gamesearch
from ._gamesearch import ParseError

__version__ = _gamesearch.version()
__all__ = ["ParseError", "Result", "Tree", "Game", "search", "games",
           "search_game", "connect4", "mnk", "pacman", "__version__"]

_ROLES = {"max": 0, "min": 1, "chance": 2}


class Result:
    """What a search found. Tree searches set value, best, action, pv,
    visited, pruned, nodes, leaves, cutoffs and trace; searches of a Game
    set value, best, pv, nodes, leaves, cutoffs, seconds and stopped (and
    depth and table_hits)."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def __repr__(self):
        shown = ", ".join("%s=%r" % (k, v) for k, v in self.__dict__.items()
                          if k != "trace" and k != "visited" and k != "pruned")
        return "Result(%s)" % shown

    def __eq__(self, other):
        return isinstance(other, Result) and self.__dict__ == other.__dict__

    def _asdict(self):
        return dict(self.__dict__)


def _quote(name):
    if not isinstance(name, str):
        raise TypeError("a node's name must be a str, not %s"
                        % type(name).__name__)
    if "'" not in name:
        return "'" + name + "'"
    if '"' not in name:
        return '"' + name + '"'
    raise ValueError("the name %r holds both quote characters" % name)


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("a leaf's value must be a number, not %r" % (value,))
    if isinstance(value, int):
        return str(value)
    # repr round-trips, and the tree format reads exponents: the search
    # sees the very double given
    return repr(float(value))


class _Punct(str):
    """Punctuation on _nested_text's stack (not a node)."""


def _nested_text(node):
    """The nested-list syntax of a tree given as Python lists and tuples."""
    out = []
    stack = [node]
    while stack:
        item = stack.pop()
        if type(item) is _Punct:
            out.append(item)
            continue
        if isinstance(item, tuple):
            if len(item) != 2:
                raise TypeError("a leaf is a tuple (name, value), not %r"
                                % (item,))
            out.append("(%s, %s)" % (_quote(item[0]), _number(item[1])))
            continue
        if not isinstance(item, list):
            raise TypeError("a tree is lists (inner nodes) and tuples "
                            "(leaves), not %s %r" % (type(item).__name__, item))
        if len(item) < 2:
            raise TypeError("an inner node is a list [name, child, ...] "
                            "with at least one child, not %r" % (item,))
        out.append("[" + _quote(item[0]))
        stack.append(_Punct("]"))
        for child in reversed(item[1:]):
            stack.append(child)
            stack.append(_Punct(", "))
    return "".join(out)


class Tree:
    """An explicit game tree: `source` is nested lists as the alpha-beta labs
    write them (['A', ['B', ('E', 3), ...], ...]: lists for inner nodes,
    tuples for leaves), or the text of either syntax of `gamesearch tree`.
    A tree that cannot be read raises ParseError (with line and column in
    `text`)."""

    def __init__(self, source):
        if isinstance(source, (list, tuple)):
            text = _nested_text(source if isinstance(source, list)
                                else list(source))
        elif isinstance(source, bytes):
            text = source.decode("utf-8")
        elif isinstance(source, str):
            text = source
        else:
            raise TypeError("Tree() takes nested lists or text, not %s"
                            % type(source).__name__)
        info = _gamesearch.tree_check(text)
        self.text = text
        self.nodes = info["nodes"]
        self.agents = info["agents"]

    def __repr__(self):
        return "Tree(%d nodes)" % self.nodes

    def search(self, algo="alphabeta", prune_equal=True, depth=None,
               agents=None, trace=False):
        """Searches the tree; see docs/python.md."""
        if agents is not None and not isinstance(agents, str):
            agents = " ".join(agents)
        found = _gamesearch.tree_search(
            self.text, algo=algo, prune_equal=bool(prune_equal),
            depth=depth, agents=agents,
            trace=bool(trace))
        return Result(**found)


class Game:
    """Subclass it to search your own game (docs/python.md): set `agents`
    and `roles`, define to_move, actions, result, is_terminal and value,
    and optionally probabilities, key and order."""

    agents = 2
    roles = ("max", "min")
    #: the most actions a state may have
    max_actions = 1024

    def to_move(self, state):
        raise NotImplementedError("Game.to_move")

    def actions(self, state):
        raise NotImplementedError("Game.actions")

    def result(self, state, action):
        raise NotImplementedError("Game.result")

    def is_terminal(self, state):
        raise NotImplementedError("Game.is_terminal")

    def value(self, state):
        raise NotImplementedError("Game.value")

    def probabilities(self, state):
        """At a chance agent: a probability for each action (in the order
        actions() gives them), or None for uniform."""
        return None

    def key(self, state):
        """A hashable key: equal states, equal keys (enables the table)."""
        raise NotImplementedError("Game.key")

    def order(self, state, actions):
        """`actions` in the order to try them (alpha-beta prunes more when
        the best comes first)."""
        return actions


def _overrides(game, name):
    """The game defines `name` itself (not only Game's placeholder)."""
    own = getattr(type(game), name, None)
    base = getattr(Game, name)
    if own is None:
        return hasattr(game, name)
    return own is not base


def search(game, state, algo="alphabeta", depth=None, depth_unit="plies",
           prune_equal=True, table=False, iterative=False, max_nodes=0,
           time=0, hook=None, iterations=None, exploration=None, seed=None):
    """Searches `state` of `game` (a Game) in C; see docs/python.md."""
    # numbers are checked (and named in errors) by the extension
    agents = getattr(game, "agents", 2)
    roles = tuple(getattr(game, "roles", ("max", "min")))
    try:
        codes = tuple(_ROLES[r.lower()] for r in roles)
    except (KeyError, AttributeError):
        raise ValueError("game.roles is %r: each role is 'max', 'min' or "
                         "'chance'" % (roles,)) from None
    if depth_unit not in ("plies", "rounds"):
        raise ValueError("depth_unit is %r: 'plies' or 'rounds'"
                         % (depth_unit,))
    has_key = _overrides(game, "key")
    if table and not has_key:
        raise ValueError("table=True needs the game's key(state)")
    if hook is not None and not callable(hook):
        raise TypeError("hook must be callable")
    found = _gamesearch.search(
        game, state, algo=algo, depth=0 if depth is None else depth,
        depth_unit=depth_unit, prune_equal=bool(prune_equal),
        table=bool(table), iterative=bool(iterative),
        max_nodes=max_nodes, time=time, hook=hook,
        agents=agents, roles=codes,
        max_actions=getattr(game, "max_actions", 1024),
        probabilities=True if _overrides(game, "probabilities") else None,
        key=True if has_key else None,
        order=True if _overrides(game, "order") else None,
        iterations=iterations, exploration=exploration, seed=seed)
    return Result(**found)


def games():
    """The games of the library's registry, as `gamesearch games` lists
    them: a dict a game (name, title, summary, source, params, match)."""
    return _gamesearch.games()


def search_game(game, position="", source=None, algo="alphabeta", depth=0,
                table=True):
    """Searches `position` ("" the start) of a registry game named
    "NAME[:key=value,...]" in C: to the end, or `depth` plies; the table
    when the game hashes, its ordering hint when it has one. `source` is
    the text of a game made from one (a tree, a Pacman layout). Returns a
    Result with value (MAX's side), best (the action's name or None),
    bound, nodes, leaves and seconds."""
    if source is not None and not isinstance(source, str):
        raise TypeError("source must be a str")
    return Result(**_gamesearch.game_search(
        game, position=position, source=source, algo=algo, depth=int(depth),
        table=bool(table)))


from . import connect4, mnk, pacman  # noqa: E402  (they need the above)
