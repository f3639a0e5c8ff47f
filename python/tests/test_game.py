"""gamesearch.Game and gamesearch.search: a tic-tac-toe written in Python
searched by the C engine, chance agents, the options, exceptions raised by
the game, Ctrl-C, and reference counts over many searches."""
import gc
import os
import signal
import sys
import threading
import traceback
import weakref

import pytest

import gamesearch
from tictactoe import EMPTY, KeyedTicTacToe, TicTacToe, alphabeta


def test_minimax_visits_549946_nodes():
    r = gamesearch.search(TicTacToe(), EMPTY, algo="minimax")
    assert r.value == 0
    assert r.nodes == 549946
    assert r.leaves == 255168
    assert r.cutoffs == 0
    assert r.best == 0
    assert r.stopped is None
    assert r.seconds > 0


def test_alphabeta_as_plain_python():
    count = [0]
    assert alphabeta(TicTacToe(), EMPTY, count=count) == 0
    r = gamesearch.search(TicTacToe(), EMPTY)
    assert (r.value, r.nodes, r.leaves, r.cutoffs) == (0, count[0], 7330, 4237)
    assert count[0] == 18297
    # the principal variation is a whole drawn game, as actions
    assert r.pv == [0, 4, 1, 2, 6, 3, 5, 7, 8]


def test_pv_and_best_are_the_game_objects():
    class Named(TicTacToe):
        def actions(self, state):
            return ["c%d" % i for i in super().actions(state)]

        def result(self, state, action):
            return super().result(state, int(action[1:]))

    r = gamesearch.search(Named(), EMPTY)
    assert r.best == "c0"
    assert r.pv[:3] == ["c0", "c4", "c1"]


def test_won_position():
    # X to move at b: X X . / O O . / . . .
    state = (("X", "X", None, "O", "O", None, None, None, None), 0)
    r = gamesearch.search(TicTacToe(), state)
    assert (r.value, r.best, r.pv) == (1, 2, [2])


def test_depth_table_iterative():
    g = KeyedTicTacToe()
    r = gamesearch.search(g, EMPTY, algo="minimax", depth=2)
    assert (r.nodes, r.leaves, r.value) == (1 + 9 + 72, 72, 0)
    r = gamesearch.search(g, EMPTY, algo="minimax", depth=1, depth_unit="rounds")
    assert r.nodes == 82
    t = gamesearch.search(g, EMPTY, table=True)
    assert t.value == 0 and t.nodes < 18297 and t.table_hits > 0
    i = gamesearch.search(g, EMPTY, table=True, iterative=True)
    assert i.value == 0 and i.depth == 9
    with pytest.raises(ValueError, match="table=True needs the game's key"):
        gamesearch.search(TicTacToe(), EMPTY, table=True)


def test_order():
    class Centre(TicTacToe):
        def order(self, state, actions):
            return sorted(actions, key=lambda a: a != 4)

    plain = gamesearch.search(TicTacToe(), EMPTY)
    ordered = gamesearch.search(Centre(), EMPTY)
    assert ordered.value == 0 and ordered.best == 4
    assert ordered.nodes < plain.nodes


def test_limits():
    r = gamesearch.search(TicTacToe(), EMPTY, algo="minimax", max_nodes=1000)
    assert r.stopped == "nodes" and r.nodes == 1000
    r = gamesearch.search(TicTacToe(), EMPTY, algo="minimax", time=0.05)
    assert r.stopped == "time" and r.nodes < 549946


class Dice(gamesearch.Game):
    """MAX stops (worth 3) or rolls a loaded die: 6 with probability 1/2,
    else 1, 2, 3, 4 or 5 (1/10 each)."""
    agents = 2
    roles = ("max", "chance")

    def to_move(self, state):
        return 0 if state == "start" else 1

    def actions(self, state):
        return {"start": ["stop", "roll"], "rolling": [1, 2, 3, 4, 5, 6]}[state]

    def result(self, state, action):
        return ("stopped", 3) if action == "stop" else \
            ("rolled", action) if state == "rolling" else "rolling"

    def is_terminal(self, state):
        return isinstance(state, tuple)

    def value(self, state):
        return state[1]

    def probabilities(self, state):
        return [0.1] * 5 + [0.5]


def test_chance():
    r = gamesearch.search(Dice(), "start", algo="expectimax")
    assert r.value == pytest.approx(0.1 * 15 + 3) and r.best == "roll"
    r = gamesearch.search(Dice(), "start")
    assert r.value == pytest.approx(4.5) and r.best == "roll"

    class Fair(Dice):
        def probabilities(self, state):
            return None

    r = gamesearch.search(Fair(), "start")
    assert r.value == 3.5 and r.best == "roll"


def test_hook_sees_and_stops():
    events = []

    def hook(kind, state, ply, action, value, bound):
        events.append((kind, ply, action, value, bound))

    tree = gamesearch.Tree(['A', ['B', ('E', 3)]])   # unused: hooks are per search
    del tree
    r = gamesearch.search(Dice(), "start", hook=hook)
    assert events[0] == ("enter", 0, None, None, None)
    assert events[1] == ("enter", 1, "stop", None, None)
    assert events[2] == ("leave", 1, "stop", 3.0, "exact")
    assert events[-1] == ("leave", 0, None, 4.5, "exact")
    assert sum(e[0] == "enter" for e in events) == r.nodes

    seen = []

    def stopper(kind, state, ply, action, value, bound):
        seen.append(kind)
        return len(seen) >= 10

    r = gamesearch.search(TicTacToe(), EMPTY, hook=stopper)
    assert r.stopped == "hook" and len(seen) == 10


class Failing(TicTacToe):
    """Raises in `method` at its n-th call."""

    def __init__(self, method, n):
        self.calls = 0
        self.n = n
        setattr(self, method, self._wrap(getattr(self, method)))

    def _wrap(self, f):
        def failing(*args):
            self.calls += 1
            if self.calls == self.n:
                raise LookupError("call %d" % self.n)
            return f(*args)
        return failing


@pytest.mark.parametrize("method", ["to_move", "actions", "result",
                                    "is_terminal", "value"])
def test_exceptions_propagate(method):
    g = Failing(method, 50)
    with pytest.raises(LookupError, match="call 50") as info:
        gamesearch.search(g, EMPTY)
    # the traceback reaches into the game's method
    frames = [f.name for f in traceback.extract_tb(info.value.__traceback__)]
    assert "failing" in frames
    # no more calls once it failed
    assert g.calls == 50
    # the engine is usable: the same game object searched again
    g.n = -1
    r = gamesearch.search(g, EMPTY)
    assert (r.value, r.nodes) == (0, 18297)


def test_bad_game_answers():
    class Agent7(TicTacToe):
        def to_move(self, state):
            return 7

    with pytest.raises(ValueError, match=r"to_move\(\) returned 7, but the game has 2"):
        gamesearch.search(Agent7(), EMPTY)

    class Nan(TicTacToe):
        def value(self, state):
            return float("nan")

    with pytest.raises(ValueError, match=r"value\(\) returned nan"):
        gamesearch.search(Nan(), EMPTY)

    class Few(TicTacToe):
        max_actions = 4

    with pytest.raises(ValueError, match="returned 9 actions, more than"):
        gamesearch.search(Few(), EMPTY)

    class Roles(TicTacToe):
        roles = ("max", "foe")

    with pytest.raises(ValueError, match="each role is 'max', 'min' or 'chance'"):
        gamesearch.search(Roles(), EMPTY)

    class Sum(Dice):
        def probabilities(self, state):
            return [0.5, 0.5]

    with pytest.raises(ValueError, match="returned 2 numbers for 6 actions"):
        gamesearch.search(Sum(), "start")
    with pytest.raises(ValueError, match="algo 'nope'"):
        gamesearch.search(TicTacToe(), EMPTY, algo="nope")
    with pytest.raises(ValueError, match="depth_unit"):
        gamesearch.search(TicTacToe(), EMPTY, depth_unit="turns")


def test_keyboard_interrupt_stops_a_long_search():
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    # Python's own handler, even when started with SIGINT ignored
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in range(20):     # 2 s each: far longer than the timer
                gamesearch.search(TicTacToe(), EMPTY, algo="minimax")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    r = gamesearch.search(TicTacToe(), EMPTY)
    assert (r.value, r.nodes) == (0, 18297)


class State:
    """A tic-tac-toe state whose instances the test can count."""
    __slots__ = ("board", "player", "__weakref__")
    live = weakref.WeakSet()

    def __init__(self, board, player):
        self.board = board
        self.player = player
        State.live.add(self)


class Counted(TicTacToe):
    def to_move(self, state):
        return state.player

    def actions(self, state):
        return [i for i, c in enumerate(state.board) if c is None]

    def result(self, state, action):
        b = state.board
        return State(b[:action] + ("XO"[state.player],) + b[action + 1:],
                     1 - state.player)

    def is_terminal(self, state):
        return super().is_terminal((state.board, state.player))

    def value(self, state):
        return super().value((state.board, state.player))

    def key(self, state):
        return (state.board, state.player)


def test_no_references_kept():
    game = Counted()
    root = State((None,) * 9, 0)

    def searches(n):
        for i in range(n):
            r = gamesearch.search(game, root, depth=3 + i % 3,
                                  table=i % 2 == 1)
            assert r.value == 0
            try:
                gamesearch.search(Failing("value", 5), EMPTY)
            except LookupError:
                pass
        gc.collect()

    searches(300)    # warms what caches there are
    game_refs = sys.getrefcount(game)
    root_refs = sys.getrefcount(root)
    # A leak of one object a search would be 600 blocks a round of 300,
    # every round; the interpreter's own caches may still take a few dozen
    # once (seen: 113), so the least growth of three rounds is asked for.
    growth = []
    for _ in range(3):
        blocks = sys.getallocatedblocks()
        searches(300)
        assert len(State.live) == 1          # the root alone
        assert sys.getrefcount(game) == game_refs
        assert sys.getrefcount(root) == root_refs
        growth.append(sys.getallocatedblocks() - blocks)
    assert min(growth) < 100, growth
