"""The Python boundary: what a caller hands the extension is checked in
one place and named in the error, and nothing a Python game returns can
crash the interpreter."""
import pytest

import gamesearch


class Nim(gamesearch.Game):
    """Take 1 or more from one pile; who cannot move loses."""

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [(i, k) for i, p in enumerate(state[0])
                for k in range(1, p + 1)]

    def result(self, state, action):
        piles = list(state[0])
        piles[action[0]] -= action[1]
        return (tuple(piles), 1 - state[1])

    def is_terminal(self, state):
        return sum(state[0]) == 0

    def value(self, state):
        return 1.0 if state[1] == 1 else -1.0


NIM = ((1, 2, 3), 0)


class Shared(gamesearch.Game):
    """A state whose move list the game hands out and then changes: a
    shallow copy shares it, and result() removes the action from it."""

    def to_move(self, state):
        return state["agent"]

    def actions(self, state):
        return state["moves"]

    def result(self, state, action):
        child = dict(state)
        child["moves"].remove(action)
        child["moves"] = list(child["moves"])
        child["agent"] = 1 - state["agent"]
        return child

    def is_terminal(self, state):
        return not state["moves"]

    def value(self, state):
        return float(len(state["moves"]))


@pytest.mark.parametrize("algo", ["minimax", "alphabeta", "expectimax"])
def test_a_game_that_changes_its_actions_cannot_crash(algo):
    # the moves are strings made here, so that the list held their only
    # reference: the extension holds its own
    state = {"moves": ["m%d" % i for i in range(6)], "agent": 0}
    with pytest.raises(RuntimeError, match=r"^actions\(\) listed fewer "
                       r"actions along the principal variation than "
                       r"during the search$"):
        gamesearch.search(Shared(), state, algo=algo)


def test_mcts_on_a_changing_game_raises_the_game_s_error():
    state = {"moves": ["m%d" % i for i in range(6)], "agent": 0}
    with pytest.raises(ValueError, match=r"list.remove\(x\): x not in list"):
        gamesearch.search(Shared(), state, algo="mcts")


def test_order_may_sort_the_list_it_is_given():
    class InPlace(Nim):
        def order(self, state, actions):
            actions.sort(key=lambda a: -a[1])
            return actions

    class Copy(Nim):
        def order(self, state, actions):
            return sorted(actions, key=lambda a: -a[1])

    a = gamesearch.search(InPlace(), NIM)
    b = gamesearch.search(Copy(), NIM)
    assert (a.value, a.best, a.nodes) == (b.value, b.best, b.nodes)
    assert a.nodes != gamesearch.search(Nim(), NIM).nodes


def test_mcts_on_a_python_game():
    r = gamesearch.search(Nim(), NIM, algo="mcts")
    assert (r.value, r.best, r.nodes) == (
        gamesearch.search(Nim(), NIM).value, (2, 1), 214)
    assert r.stopped is None


def test_unknown_algorithm_lists_every_one():
    message = (r"^algo 'best' is unknown \(minimax, alphabeta, expectimax, "
               r"expectiminimax, mcts, pvs, mtdf, sss, maxn, paranoid, brs, "
               r"pns or dfpn\)$")
    with pytest.raises(ValueError, match=message):
        gamesearch.search(Nim(), NIM, algo="best")
    with pytest.raises(ValueError, match=message):
        gamesearch.Tree("['A', ('B', 1)]").search(algo="best")


class Dice(Nim):
    agents = 2
    roles = ("max", "chance")

    def __init__(self, p):
        self.p = p

    def probabilities(self, state):
        n = len(self.actions(state))
        return [1.0] if n == 1 else self.p(n)


@pytest.mark.parametrize("p, message", [
    (lambda n: [1.0] * n,
     r"^probabilities\(\) returned \(1.0, 1.0, 1.0, 1.0, 1.0\), which "
     r"sum to 5.0, not 1$"),
    (lambda n: [0.0] * n,
     r"^probabilities\(\) returned 0.0 for action 0: each must be in "
     r"\(0, 1\]$"),
    (lambda n: [-0.5, 1.5] + [0.0] * (n - 2),
     r"^probabilities\(\) returned -0.5 for action 0: each must be in "
     r"\(0, 1\]$"),
    (lambda n: [float("nan")] * n,
     r"^probabilities\(\) returned nan for action 0: each must be in "
     r"\(0, 1\]$"),
    (lambda n: [1 / n + 1e-8] + [1 / n] * (n - 1),
     r"which sum to 1.0000000\d+, not 1$"),
])
@pytest.mark.parametrize("algo", ["expectimax", "mcts"])
def test_probabilities_are_checked_as_the_tree_format_checks_them(
        p, message, algo):
    with pytest.raises(ValueError, match=message):
        gamesearch.search(Dice(p), NIM, algo=algo)


def test_probabilities_within_the_tolerance_are_taken():
    r = gamesearch.search(Dice(lambda n: [1 / n + 1e-11] + [1 / n] * (n - 1)),
                          NIM, algo="expectimax")
    u = gamesearch.search(Dice(lambda n: [1 / n] * n), NIM, algo="expectimax")
    assert (r.value, r.nodes) == (pytest.approx(u.value), u.nodes)


@pytest.mark.parametrize("kw, error, message", [
    (dict(max_nodes=2**64 + 10), OverflowError,
     r"^max_nodes is 18446744073709551626: give 0 \(no limit\) or more$"),
    (dict(max_nodes=-1), ValueError,
     r"^max_nodes is -1: give 0 \(no limit\) or more$"),
    (dict(max_nodes=10.0), TypeError, r"^max_nodes must be an int, not float$"),
    (dict(depth=2**40), OverflowError,
     r"^depth is 1099511627776: give None \(no limit\) or 0 or more$"),
    (dict(depth=-1), ValueError,
     r"^depth is -1: give None \(no limit\) or 0 or more$"),
    (dict(time=float("nan")), ValueError,
     r"^time is nan: give a finite number of seconds, 0 \(no limit\) or more$"),
    (dict(time=-1), ValueError,
     r"^time is -1: give a finite number of seconds, 0 \(no limit\) or more$"),
])
def test_search_numbers_are_checked(kw, error, message):
    with pytest.raises(error, match=message):
        gamesearch.search(Nim(), NIM, **kw)


def test_max_nodes_at_the_top_of_its_range_is_no_limit_in_practice():
    r = gamesearch.search(Nim(), NIM, max_nodes=2**64 - 1)
    assert (r.stopped, r.nodes) == (None, 249)
    assert r.nodes == gamesearch.search(Nim(), NIM).nodes


def test_game_numbers_are_checked():
    class Many(Nim):
        agents = 2**70

    class NoRoom(Nim):
        max_actions = 0

    with pytest.raises(OverflowError, match=r"^game.agents is 1180591620717411303424: give 1 or more$"):
        gamesearch.search(Many(), NIM)
    with pytest.raises(ValueError, match=r"^game.max_actions is 0: give 1 or more$"):
        gamesearch.search(NoRoom(), NIM)


@pytest.mark.parametrize("leaves, value, best", [
    ([("B", 1e-20), ("C", 2e-20)], 2e-20, "C"),
    ([("B", 1.2345678901234567e-12), ("C", 1e-12)], 1.2345678901234567e-12, "B"),
    ([("B", 1e70), ("C", -1e308)], 1e70, "B"),
    ([("B", -5e-324), ("C", 5e-324)], 5e-324, "C"),
])
def test_tree_numbers_reach_the_search_exactly(leaves, value, best):
    r = gamesearch.Tree(["A"] + leaves).search()
    assert (r.value, r.best) == (value, best)


@pytest.mark.parametrize("depth, error", [(2**40, OverflowError),
                                          (-1, ValueError)])
def test_tree_depth_is_checked(depth, error):
    with pytest.raises(error, match=r"^depth is %d: give None or 0 \(no "
                       r"cutoff\) or more$" % depth):
        gamesearch.Tree("['A', ('B', 1)]").search(depth=depth)


def _play(**kw):
    from gamesearch import pacman
    args = dict(layout="smallClassic", num_ghosts=1, seed=1, max_moves=3)
    args.update(kw)
    return pacman.play(**args)


@pytest.mark.parametrize("agent", ["ReflexAgent", "MinimaxAgent",
                                   "AlphaBetaAgent", "ExpectimaxAgent"])
@pytest.mark.parametrize("value, shown", [(float("nan"), "nan"),
                                          (float("inf"), "inf"),
                                          (float("-inf"), "-inf")])
def test_pacman_evaluations_must_be_finite(cs188_layouts, agent, value, shown):
    with pytest.raises(ValueError, match=r"^evaluation returned %s: values "
                       r"must be finite numbers$" % shown):
        _play(pacman=agent, evaluation=lambda s: value,
              agent_args=None if agent == "ReflexAgent" else {"depth": 1})


def test_pacman_refuses_the_keyboard_and_lists_the_agents(cs188_layouts):
    agents = (r"LeftTurnAgent, GreedyAgent, RandomAgent, ReflexAgent, "
              r"MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, "
              r"MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent")
    with pytest.raises(ValueError, match=r"^KeyboardAgent plays the keys a "
                       r"person presses, and play\(\) has no keyboard: give "
                       r"one of %s$" % agents):
        _play(pacman="KeyboardAgent")
    with pytest.raises(ValueError, match=r"^no Pacman agent 'Foo' \(%s\)$"
                       % agents):
        _play(pacman="Foo")


@pytest.mark.parametrize("kw, error, message", [
    (dict(max_moves=-5), ValueError,
     r"^max_moves is -5: give 0 \(no limit\) or more$"),
    (dict(games=-1), ValueError, r"^games is -1: give 0 or more$"),
    (dict(games=2**40), OverflowError, r"^games is 1099511627776: give 0 or more$"),
    (dict(num_ghosts=-1), ValueError, r"^num_ghosts is -1: give 0 or more$"),
    (dict(seed=2**64), OverflowError,
     r"^seed is 18446744073709551616: give -9223372036854775808 .. "
     r"9223372036854775807$"),
    (dict(max_moves=1.5), TypeError, r"^max_moves must be an int, not float$"),
    (dict(agent_args=5), TypeError,
     r"^agent_args must be a str \('depth=2'\) or a dict \(\{'depth': 2\}\), "
     r"not int$"),
])
def test_pacman_arguments_are_checked(cs188_layouts, kw, error, message):
    with pytest.raises(error, match=message):
        _play(**kw)


def _interrupted_within_a_second(call):
    """Sends SIGINT to this process 0.2 s into call() and returns how long
    the call took to raise KeyboardInterrupt."""
    import os
    import signal
    import threading
    import time
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    return time.monotonic() - start


@pytest.mark.parametrize("call", [
    lambda: gamesearch.connect4.solve("12", book=False),
    lambda: gamesearch.connect4.analyze("12", book=False),
    # a search of seconds (the empty 4x4 board took 0.21 s, too close
    # to the signal's 0.2 s to be sure of a search to stop)
    lambda: gamesearch.mnk.solve("." * 25, size=(5, 5), k=4, depth=12),
], ids=["connect4.solve", "connect4.analyze", "mnk.solve"])
def test_ctrl_c_stops_a_long_solve(call):
    assert _interrupted_within_a_second(call) < 1.2
    # the solver is whole afterwards
    assert gamesearch.connect4.solve("4455") == 18
    assert gamesearch.mnk.solve("X.O......") == (1, [3, 6, 8])


@pytest.mark.parametrize("kw, error, message", [
    (dict(depth=-1), ValueError,
     r"^depth is -1: give None \(to the end\) or 1 or more plies$"),
    (dict(depth=2**40), OverflowError,
     r"^depth is 1099511627776: give None \(to the end\) or 1 or more plies$"),
    (dict(k=0), ValueError, r"^k is 0: give 1 .. 32$"),
    (dict(size=(3, 2**33)), OverflowError, r"^cols is 8589934592: give 1 .. 32$"),
    (dict(size=(3.0, 3)), TypeError, r"^rows must be an int, not float$"),
])
def test_mnk_arguments_are_checked(kw, error, message):
    with pytest.raises(error, match=message):
        gamesearch.mnk.solve("." * 9, **kw)


class Endless(gamesearch.Game):
    """A count that never ends: only a depth cutoff stops a search."""

    def to_move(self, state):
        return state % 2

    def actions(self, state):
        return [1]

    def result(self, state, action):
        return state + action

    def is_terminal(self, state):
        return False

    def value(self, state):
        return float(state)


def test_too_deep_names_the_python_argument():
    with pytest.raises(ValueError) as e:
        gamesearch.search(Endless(), 0, algo="minimax")
    assert str(e.value) == (
        "the game goes deeper than the 4096 plies gamesearch searches: cut "
        "it off with depth (the states at the cutoff valued by the game's "
        "value)")
    assert gamesearch.search(Endless(), 0, algo="minimax", depth=3).value == 3


def test_mcts_options_on_a_python_game():
    big = ((3, 4, 5, 6), 0)
    few = gamesearch.search(Nim(), big, algo="mcts", iterations=10, seed=1)
    assert few.leaves == 10 and few.stopped is None   # a playout each
    again = gamesearch.search(Nim(), big, algo="mcts", iterations=10, seed=1)
    assert (again.nodes, again.best, again.value) == (
        few.nodes, few.best, few.value)
    greedy = gamesearch.search(Nim(), big, algo="mcts", iterations=40,
                               exploration=0)
    wide = gamesearch.search(Nim(), big, algo="mcts", iterations=40,
                             exploration=100.0)
    assert greedy.leaves == wide.leaves == 40
    assert greedy.nodes != wide.nodes   # UCT's constant reaches the tree
    seeds = {gamesearch.search(Nim(), big, algo="mcts", iterations=30,
                               seed=s).nodes for s in range(6)}
    assert len(seeds) > 1   # the seed reaches the playouts


@pytest.mark.parametrize("kw, error, message", [
    ({"iterations": -1}, ValueError, r"^iterations is -1: give 0 \(no limit"),
    ({"iterations": 2**64}, OverflowError, r"^iterations is 18446744073709551616"),
    ({"iterations": 1.5}, TypeError, r"^iterations must be an int, not float$"),
    ({"exploration": -0.5}, ValueError, r"^exploration is -0.5: give a finite"),
    ({"exploration": float("nan")}, ValueError, r"^exploration is nan"),
    ({"exploration": float("inf")}, ValueError, r"^exploration is inf"),
    ({"exploration": "2"}, TypeError, r"^exploration must be a number, not str$"),
    ({"seed": -3}, ValueError, r"^seed is -3: give a whole number"),
    ({"seed": 2**64}, OverflowError, r"^seed is 18446744073709551616"),
])
def test_mcts_options_are_checked(kw, error, message):
    with pytest.raises(error, match=message):
        gamesearch.search(Nim(), NIM, algo="mcts", **kw)


@pytest.mark.parametrize("kw", [{"iterations": 5}, {"exploration": 1.0},
                                {"seed": 0}])
def test_mcts_options_need_mcts(kw):
    with pytest.raises(ValueError, match=r"^iterations, exploration and seed "
                       r"are options of algo='mcts', not of "
                       r"algo='alphabeta'$"):
        gamesearch.search(Nim(), NIM, **kw)


@pytest.mark.parametrize("kw", [{"depth": True}, {"depth": False},
                                {"max_nodes": True},
                                {"algo": "mcts", "iterations": True},
                                {"algo": "mcts", "seed": False}])
def test_a_bool_is_not_a_count(kw):
    name = [k for k in kw if k != "algo"][0]
    with pytest.raises(TypeError, match=r"^%s must be an int, not bool$"
                       % name):
        gamesearch.search(Nim(), NIM, **kw)
