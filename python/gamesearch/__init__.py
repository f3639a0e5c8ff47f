"""gamesearch: adversarial search (minimax, alpha-beta, expectimax) in C.

    Tree(source).search(...)        an explicit game tree, as text or as the
                                    nested lists of the alpha-beta labs
    Game, search(game, state, ...)  your own game, written in Python, searched
                                    by the C engine
    connect4, mnk, pacman           the built-in games at C speed
    games(), search_game(name, ...) every game of the library's registry
                                    by name ("nim:piles=3,4,5"), in C

In a notebook a tree and a tree's search result show as the step-through
page of `gamesearch tree --html` (tree.page(), result.page()), or as a
drawing (tree.svg(), result.svg()); both work offline.

Every name is documented in %s
"""
import html as _html
import json as _json
import os as _os
import re as _re
import sys as _sys
from typing import Literal as _Literal

from . import _gamesearch
from ._gamesearch import ParseError


def _docs_path():
    """docs/python.md where it is installed: share/doc/gamesearch/docs
    under the prefix the package was installed in (found from the
    package's place, else Python's prefixes), where CMake's install puts
    it too; else its place in the source repository."""
    name = _os.path.join("share", "doc", "gamesearch", "docs", "python.md")
    here = _os.path.dirname(_os.path.abspath(__file__))
    tried = []
    # PREFIX/lib/pythonX.Y/site-packages/gamesearch (and the like)
    up = here
    for _ in range(5):
        up = _os.path.dirname(up)
        tried.append(up)
    tried += [_sys.prefix, _sys.base_prefix]
    for prefix in tried:
        path = _os.path.join(prefix, name)
        if _os.path.isfile(path):
            return path
    # run from a clone: python/gamesearch/ beside docs/
    path = _os.path.join(_os.path.dirname(_os.path.dirname(here)), "docs",
                         "python.md")
    if _os.path.isfile(path):
        return path
    return "docs/python.md of gamesearch's source repository"


DOCS = _docs_path()
__doc__ = __doc__ % DOCS

__version__ = _gamesearch.version()
__all__ = ["ParseError", "Result", "Tree", "Game", "search", "games",
           "search_game", "connect4", "mnk", "pacman", "__version__", "DOCS"]

_ROLES = {"max": 0, "min": 1, "chance": 2}

#: The algorithms a search takes, by name.
Algo = _Literal["minimax", "alphabeta", "expectimax", "expectiminimax",
                "mcts", "pvs", "mtdf", "sss", "maxn", "paranoid", "brs",
                "pns", "dfpn"]


# The most names of a list that a repr shows before it says how many.
_REPR_ITEMS = 8


def _short(items):
    """repr of a list, its first _REPR_ITEMS items and how many in all."""
    if not isinstance(items, list) or len(items) <= _REPR_ITEMS:
        return repr(items)
    return "[%s, ... %d in all]" % (
        ", ".join(repr(x) for x in items[:_REPR_ITEMS]), len(items))


def _page(template, data):
    """The self-contained page web/`template` with its data, made as
    `gamesearch tree --html` and `gamesearch pacman --html` make theirs:
    each @@FILE@@ the file of web/, @@DATA@@ the JSON with every '<' as
    \\u003c (so that no name ends the script element), @@ENGINE@@ nothing
    (the engine is for the tree lab of `gamesearch web`)."""
    web = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "web")

    def fill(m):
        key = m.group(1)
        if key == "DATA":
            return data.replace("<", "\\u003c")
        if key == "ENGINE":     # the WebAssembly engine: only the lab's
            return ""
        path = _os.path.join(web, key)
        if "/" not in key and _os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
        return m.group(0)

    with open(_os.path.join(web, template), encoding="utf-8") as f:
        text = f.read()
    return _re.sub(r"@@((?:(?!@@).)+?)@@", fill, text)


def _iframe(page, height=640):
    """A page shown in a notebook: inside an iframe of its own, so that its
    styles and script touch nothing else."""
    return ('<iframe srcdoc="%s" style="width: 100%%; height: %dpx; '
            'border: 1px solid #ddd"></iframe>' % (_html.escape(page), height))


# Trees of more nodes than this are drawn only when asked (svg()), not
# shown by a notebook on its own.
_SVG_NODES = 400


def _svg(data, run=None):
    """An SVG drawing of the tree in page data `data` (the JSON object of
    gs_tree_page_data_write): MAX boxes, MIN circles, chance diamonds, as
    the page draws them; with `run` (one of data["runs"]) the values that
    search gave each node it left (a bound as "\u2264 2" or "\u2265 2"), its
    pruned subtrees greyed and dashed."""
    tree = data["tree"]
    nodes = {n["name"]: n for n in tree["nodes"]}
    agents = (run or data["runs"][0])["agents"]
    value, pruned, entered = {}, set(), set()
    if run:
        for ev in run.get("trace") or []:
            if ev["event"] == "leave" and ev.get("value") is not None:
                # a bound, as the page writes it: "≤ 2" (at most 2)
                value[ev["node"]] = {"upper": "\u2264 ", "lower": "\u2265 "}.get(
                    ev.get("bound"), "") + _num(ev["value"])
            elif ev["event"] == "prune":
                pruned.add(ev["node"])
            elif ev["event"] == "enter":
                entered.add(ev["node"])
    dx, dy, r = 46, 72, 15
    pos, order, leaves = {}, [], [0]

    def place(name, ply, cut):
        children = [c["node"] for c in nodes[name]["children"]]
        order.append((name, ply, cut))
        if not children:
            x = leaves[0] * dx + dx / 2
            leaves[0] += 1
        else:
            xs = [place(c, ply + 1, cut or c in pruned) for c in children]
            x = (xs[0] + xs[-1]) / 2
        pos[name] = (x, ply * dy + 24)
        return x

    place(tree["root"], 0, False)
    width = leaves[0] * dx
    height = max(p[1] for p in pos.values()) + 48
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12" '
           'text-anchor="middle">' % (width, height, width, height)]
    for name, ply, cut in order:
        x, y = pos[name]
        for c in nodes[name]["children"]:
            cx, cy = pos[c["node"]]
            grey = cut or c["node"] in pruned
            out.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s"%s/>'
                       % (x, y + r, cx, cy - r, "#bbb" if grey else "#555",
                          ' stroke-dasharray="4 3"' if grey else ""))
    for name, ply, cut in order:
        x, y = pos[name]
        node = nodes[name]
        grey = cut or name in pruned
        role = agents[ply % len(agents)] if node["children"] else None
        stroke = "#bbb" if grey else "#222"
        fill = "#fff" if not run or name in entered else "#f4f4f4"
        style = ' fill="%s" stroke="%s"%s' % (
            fill, stroke, ' stroke-dasharray="4 3"' if grey else "")
        if role == "max":
            out.append('<rect x="%g" y="%g" width="%d" height="%d"%s/>'
                       % (x - r, y - r, 2 * r, 2 * r, style))
        elif role == "min":
            out.append('<circle cx="%g" cy="%g" r="%d"%s/>' % (x, y, r, style))
        elif role == "chance":
            out.append('<polygon points="%g,%g %g,%g %g,%g %g,%g"%s/>'
                       % (x, y - r - 2, x + r + 2, y, x, y + r + 2,
                          x - r - 2, y, style))
        shown = value.get(name, node.get("value") if not run else None)
        label = _html.escape(name)
        out.append('<text x="%g" y="%g" fill="%s">%s</text>'
                   % (x, y + 4, "#999" if grey else "#000", label))
        if shown is not None and not (grey and run):
            out.append('<text x="%g" y="%g" fill="#1a5fb4" font-weight='
                       '"bold">%s</text>' % (x, y + r + 14,
                                               _html.escape(_num(shown))))
    out.append("</svg>")
    return "\n".join(out)


def _num(v):
    """A value as a person writes it: 3, not 3.0."""
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return str(v)


class Result:
    """What a search found. Tree searches set value, best, action, pv,
    visited, pruned, nodes, leaves, cutoffs, passes and trace; searches of
    a Game
    set value, best, pv, nodes, leaves, cutoffs, seconds and stopped (and
    depth and table_hits). repr() shows what to look at first (value,
    best, the nodes visited and pruned, nodes); every field is an
    attribute, and _asdict() gives them all. A tree's result shows in a
    notebook as the tree's step-through page opened on this search
    (page(), svg())."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def _fields(self):
        # (names with '_' are the result's own: the search that made it)
        return {k: v for k, v in self.__dict__.items()
                if not k.startswith("_")}

    def __repr__(self):
        d = self.__dict__
        shown = ["value=%r" % (d.get("value"),), "best=%r" % (d.get("best"),)]
        if "visited" in d:
            shown.append("visited=%s" % _short(d["visited"]))
            shown.append("pruned=%s" % _short(d.get("pruned")))
        elif "pv" in d:
            shown.append("pv=%s" % _short(d["pv"]))
        if "nodes" in d:
            shown.append("nodes=%r" % (d["nodes"],))
        if d.get("stopped"):
            shown.append("stopped=%r" % (d["stopped"],))
        return "Result(%s)" % ", ".join(shown)

    def __eq__(self, other):
        return isinstance(other, Result) and self._fields() == other._fields()

    def _asdict(self):
        return self._fields()

    def _page_data(self):
        """The page's data of the tree search that gave this result, or
        None."""
        made = self.__dict__.get("_tree")
        if made is None:
            return None
        tree, how = made
        return tree._page_data(**how)

    def page(self):
        """The tree's step-through page (a self-contained HTML document, as
        `gamesearch tree --html` writes it) opened on this search; None for
        a result that is not a tree's."""
        data = self._page_data()
        return None if data is None else _page("tree.html", data)

    def svg(self):
        """A drawing of the tree (SVG) with this search's values, its
        pruned branches greyed and dashed; None for a result that is not a
        tree's."""
        data = self._page_data()
        if data is None:
            return None
        d = _json.loads(data)
        return _svg(d, d["runs"][d["initial"]])

    def _repr_html_(self):
        page = self.page()
        return None if page is None else _iframe(page)

    def _repr_svg_(self):
        data = self._page_data()
        if data is None or len(_json.loads(data)["tree"]["nodes"]) > _SVG_NODES:
            return None
        return self.svg()


def _quote(name):
    if not isinstance(name, str):
        raise TypeError("a node's name must be a str, not %s"
                        % type(name).__name__)
    if "'" not in name:
        return "'" + name + "'"
    if '"' not in name:
        return '"' + name + '"'
    raise ValueError("the name %r holds both quote characters" % name)


def _value(value):
    """A leaf's value: a number, or a list of numbers (a utility vector,
    one an agent)."""
    if isinstance(value, (list, tuple)) and value:
        return "[%s]" % ", ".join(_number(v) for v in value)
    return _number(value)


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("a leaf's value must be a number, not %r (or a list "
                        "of numbers, one utility an agent)" % (value,))
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
            out.append("(%s, %s)" % (_quote(item[0]), _value(item[1])))
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

    def search(self, algo: Algo = "alphabeta", prune_equal=True, depth=None,
               agents=None, trace=False):
        """Searches the tree with `algo` ("minimax", "alphabeta",
        "expectimax", "expectiminimax", "mcts", "pvs", "mtdf", "sss",
        "maxn" or "paranoid"; max^n's value is the root's utility vector,
        a list of one float an agent; "pns" or "dfpn" prove the outcome of
        a tree whose leaves are -1, 0 and 1, with proved and result "win",
        "draw" or "loss", and no depth): `prune_equal` prunes on
        a value equal to the bound too (the textbook's rule; False is
        CS188's), `depth` cuts off after that many rounds (None: the
        tree's own), `agents` the roles ("max min chance" or a list),
        `trace` keeps every event. Returns a Result: value, best, the
        nodes visited and pruned, nodes; see docs/python.md."""
        if agents is not None and not isinstance(agents, str):
            agents = " ".join(agents)
        found = _gamesearch.tree_search(
            self.text, algo=algo, prune_equal=bool(prune_equal),
            depth=depth, agents=agents,
            trace=bool(trace))
        result = Result(**found)
        result._tree = (self, {"algo": algo, "prune_equal": prune_equal,
                               "depth": depth, "agents": agents})
        return result

    def _page_data(self, algo="alphabeta", prune_equal=True, depth=None,
                   agents=None, title=None, practice=False):
        return _gamesearch.tree_page(
            self.text, "tree" if title is None else str(title), algo=algo,
            prune_equal=bool(prune_equal), depth=depth, agents=agents,
            practice=bool(practice))

    def page(self, algo: Algo = "alphabeta", prune_equal=True, depth=None,
             agents=None, title=None, practice=False, html=None):
        """The step-through page of the tree (a self-contained HTML
        document, no network needed), as `gamesearch tree FILE --html`
        writes it: every algorithm's search traced step by step, opened on
        `algo` with `prune_equal`; `practice` opens it as an exercise;
        `title` heads it. With `html` (a path) the page is also written
        there."""
        if agents is not None and not isinstance(agents, str):
            agents = " ".join(agents)
        page = _page("tree.html", self._page_data(
            algo, prune_equal, depth, agents, title, practice))
        if html is not None:
            with open(html, "w", encoding="utf-8") as f:
                f.write(page)
        return page

    def svg(self):
        """A drawing of the tree (SVG, our own): MAX boxes, MIN circles,
        chance diamonds, the values at the leaves."""
        return _svg(_json.loads(self._page_data()))

    def _repr_html_(self):
        return _iframe(self.page())

    def _repr_svg_(self):
        return None if self.nodes > _SVG_NODES else self.svg()


class Game:
    """Subclass it to search your own game (docs/python.md): set `agents`
    and `roles`, define to_move, actions, result, is_terminal and value,
    and optionally probabilities, key and order."""

    agents = 2
    roles = ("max", "min")
    #: the most actions a state may have
    max_actions = 1024

    def to_move(self, state):
        """The agent to act in `state`: 0 .. agents - 1 (with two agents,
        0 is MAX and 1 MIN, as `roles` says)."""
        raise NotImplementedError("Game.to_move")

    def actions(self, state):
        """The legal actions in `state` (a sequence of any objects: moves,
        names, tuples), in the order to try them; at most max_actions. A
        state that is not terminal and has none is valued as a leaf."""
        raise NotImplementedError("Game.actions")

    def result(self, state, action):
        """The state after `action` in `state` (a new object: the search
        keeps states along its path, so do not change `state`)."""
        raise NotImplementedError("Game.result")

    def is_terminal(self, state):
        """True when the game is over in `state`."""
        raise NotImplementedError("Game.is_terminal")

    def value(self, state):
        """The utility of `state` from MAX's side (agent 0) when the game
        is over, or its evaluation at a depth cutoff: a finite number."""
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


def search(game, state, algo: Algo = "alphabeta", depth=None,
           depth_unit: _Literal["plies", "rounds"] = "plies",
           prune_equal=True, table=False, iterative=False, max_nodes=0,
           time=0, hook=None, iterations=None, exploration=None, seed=None):
    """Searches `state` of `game` (a Game) in C with `algo` ("minimax",
    "alphabeta", "expectimax", "expectiminimax", "mcts", "pvs", "mtdf",
    "sss", or "pns" and "dfpn", which prove the outcome: value 1, 0 or -1
    for MAX, with proved and result "win", "draw", "loss" or None when
    max_nodes or time stopped it; "dfpn" needs game.key), to the end or
    `depth` plies (or rounds: depth_unit="rounds");
    `table` remembers positions by game.key(state), `iterative` deepens one
    ply at a time, `max_nodes` and `time` (seconds) stop it early,
    `hook(event, state, ply, action, value, bound)` sees every step; with
    "mcts", `iterations`, `exploration` (the UCT constant) and `seed`.
    Returns a Result; see docs/python.md."""
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
    if algo in ("pns", "dfpn"):
        # a proof: the outcome for MAX, or none when a limit stopped it
        proved = found.get("stopped") is None
        found["proved"] = proved
        found["result"] = (None if not proved else "win" if found["value"] > 0
                           else "loss" if found["value"] < 0 else "draw")
    return Result(**found)


def games():
    """The games of the library's registry, as `gamesearch games` lists
    them: a dict a game (name, title, summary, source, params, match)."""
    return _gamesearch.games()


def search_game(game, position="", source=None, algo: Algo = "alphabeta",
                depth=0, table=True):
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
