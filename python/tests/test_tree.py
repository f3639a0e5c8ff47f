"""gamesearch.Tree: the alpha-beta lab's nested lists, both text syntaxes,
the results the program prints, the trace, and the errors."""
import json
import math
import os

import pytest

import gamesearch

SEED = ['A', ['B', ('E', 3), ('F', 12), ('G', 8)],
        ['C', ('H', 2), ('I', 4), ('J', 6)],
        ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]

LINES = """\
# the seed tree, as lines
agents: max min
A: B C D
B: E F G
C: H I J
D: K L M
M: N O
E = 3
F = 12
G = 8
H = 2
I = 4
J = 6
K = 14
L = 5
N = 7
O = 2
"""


def test_seed_nested_list():
    r = gamesearch.Tree(SEED).search()
    assert r.value == 5
    assert r.best == "D"
    assert r.action == "D"
    assert r.pv == ["A", "D", "L"]
    assert r.visited == ["A", "B", "E", "F", "G", "C", "H", "D", "K", "L",
                         "M", "N"]
    assert r.pruned == ["I", "J", "O"]
    assert (r.nodes, r.leaves, r.cutoffs) == (12, 7, 2)
    assert r.trace is None


def test_utility_vectors_and_maxn(source_dir):
    with open(os.path.join(source_dir, "examples", "aima-5-4.tree")) as f:
        t = gamesearch.Tree(f.read())
    r = t.search(algo="maxn")
    assert r.value == [1.0, 2.0, 6.0]
    assert (r.best, r.action) == ("B1", "a1")
    assert r.pv == ["A", "B1", "C1", "J"]
    p = t.search(algo="paranoid")
    assert p.value == 1 and p.best == "B1"
    nested = gamesearch.Tree(['A', ['B', ('D', [1, -1]), ('E', [4, -4])],
                              ['C', ('F', [2, -2])]])
    assert nested.search(algo="maxn").value == [2.0, -2.0]
    assert nested.search(algo="minimax").value == 2
    with pytest.raises(ValueError, match="agents 'max min max' names 3 "
                       "agents, but the tree's utility vectors have 2 "
                       "values"):
        nested.search(algo="maxn", agents="max min max")
    with pytest.raises(ValueError, match="turn_to"):
        nested.search(algo="brs")


def test_three_sources_agree(source_dir):
    with open(os.path.join(source_dir, "examples", "seed.tree")) as f:
        text = f.read()
    results = [gamesearch.Tree(s).search()._asdict()
               for s in (SEED, text, LINES, repr(SEED))]
    assert all(r == results[0] for r in results)


def test_minimax_and_strict_pruning():
    t = gamesearch.Tree(SEED)
    r = t.search(algo="minimax")
    assert (r.value, r.nodes, r.leaves, r.pruned) == (5, 15, 10, [])
    # The CS188 rule cuts only on v < alpha: the same here, as no value
    # ties the window.
    r = t.search(prune_equal=False)
    assert (r.value, r.nodes, r.pruned) == (5, 12, ["I", "J", "O"])
    # Three agents (max min min): D's child M is a MIN node now, worth 2,
    # and so is D.
    r = t.search(agents="max min min")
    assert (r.value, r.best, r.nodes) == (3, "B", 13)
    assert t.search(agents=["max", "min", "min"])._asdict() == r._asdict()


def test_expectimax_and_chance():
    r = gamesearch.Tree(SEED).search(algo="expectimax")
    # B: (3+12+8)/3, C: 4, D: (14+5+max(7,2))/3 (M, at ply 2, is MAX's)
    assert r.value == 26 / 3
    assert r.best == "D"
    text = "agents: max chance\nA: X Y\nX: a@0.25 b@0.75\nY: c d\n" \
           "a = 8\nb = 0\nc = 1\nd = 2\n"
    r = gamesearch.Tree(text).search()
    assert r.value == 2 and r.best == "X"


def test_depth_cutoff():
    text = "A: B C\nB: D E\nC: F G\nB = 4\nC = 9\nD = 1\nE = 2\nF = 3\nG = 4\n"
    t = gamesearch.Tree(text)
    assert t.search().value == 3
    r = t.search(depth=0)
    assert r.value == 3
    # One round (MAX and MIN) reaches the leaves; a cutoff at depth... the
    # lines syntax puts values on inner nodes for a cutoff at ply 1:
    text1 = "agents: max\n" + text
    r = gamesearch.Tree(text1).search(depth=1)
    assert (r.value, r.best, r.nodes) == (9, "C", 3)


def test_trace():
    r = gamesearch.Tree(SEED).search(trace=True)
    kinds = [e["event"] for e in r.trace]
    assert kinds.count("enter") == r.nodes == kinds.count("leave")
    assert [e["node"] for e in r.trace if e["event"] == "enter"] == r.visited
    prunes = [e for e in r.trace if e["event"] == "prune"]
    assert [e["node"] for e in prunes] == r.pruned
    assert [e["parent"] for e in prunes] == ["C", "C", "M"]
    assert r.trace[0] == {"event": "enter", "node": "A", "parent": None,
                          "ply": 0, "alpha": -math.inf, "beta": math.inf}
    assert r.trace[1]["parent"] == "A"
    # C is cut at H = 2 <= alpha = 3: its window when it cut, and I's prune
    assert prunes[0] == {"event": "prune", "node": "I", "parent": "C",
                         "ply": 2, "alpha": 3, "beta": math.inf}
    leave_c = [e for e in r.trace if e["event"] == "leave" and e["node"] == "C"]
    assert leave_c[0]["value"] == 2 and leave_c[0]["bound"] == "upper"
    assert (leave_c[0]["alpha"], leave_c[0]["beta"]) == (3, math.inf)
    last = r.trace[-1]
    assert last["event"] == "leave" and last["node"] == "A"
    assert last["value"] == 5 and last["bound"] == "exact"


def test_same_answers_as_the_program(cli, source_dir):
    path = os.path.join(source_dir, "examples", "seed.tree")
    with open(path) as f:
        text = f.read()
    for algo in ("minimax", "alphabeta", "expectimax"):
        for prune in (True, False):
            args = ["tree", path, "--json", "--algo", algo]
            if not prune:
                args.append("--no-prune-equal")
            want = json.loads(cli(*args))
            got = gamesearch.Tree(text).search(algo=algo, prune_equal=prune)
            assert got.value == want["value"]
            assert got.nodes == want["nodes"]
            assert got.leaves == want["leaves"]
            assert got.visited == want["visited"]
            assert got.pruned == want["pruned"]
            assert got.best == want["best"]


@pytest.mark.parametrize("text, line, column, message", [
    ("['A', ('B', 1)", 1, 15,
     "expected ',' or ']' after a list element, but the input ends"),
    ("A: B C\nB = 1\n", 1, 6, "node 'C' is used as a child but never defined"),
    ("", 0, 0, "empty input: no tree"),
])
def test_parse_errors(text, line, column, message):
    with pytest.raises(gamesearch.ParseError) as info:
        gamesearch.Tree(text)
    e = info.value
    assert (e.line, e.column, e.message) == (line, column, message)
    assert isinstance(e, ValueError)
    if line:
        assert str(e) == "line %d, column %d: %s" % (line, column, message)


def test_bad_nested_lists():
    with pytest.raises(TypeError, match="not str 'B'"):
        gamesearch.Tree(['A', 'B'])
    with pytest.raises(TypeError, match="must be a number, not 'x'"):
        gamesearch.Tree(['A', ('B', 'x')])
    with pytest.raises(TypeError, match="at least one child"):
        gamesearch.Tree(['A'])
    with pytest.raises(TypeError, match=r"tuple \(name, value\)"):
        gamesearch.Tree(['A', ('B', 1, 2)])
    with pytest.raises(gamesearch.ParseError, match="inf"):
        gamesearch.Tree(['A', ('B', float("inf"))])


def test_bad_search_arguments():
    t = gamesearch.Tree(SEED)
    with pytest.raises(ValueError, match="algo 'best' is unknown"):
        t.search(algo="best")
    with pytest.raises(ValueError, match="agents 'max foo'"):
        t.search(agents="max foo")
    with pytest.raises(ValueError, match="depth is -1"):
        t.search(depth=-1)


def test_values_needed_at_the_cutoff():
    with pytest.raises(gamesearch.ParseError) as info:
        gamesearch.Tree("A: B C\nB: D\nC = 1\nD = 2\n").search(depth=1,
                                                              agents="max")
    assert info.value.line == 2


def test_trace_same_as_the_program(cli, source_dir):
    path = os.path.join(source_dir, "examples", "seed.tree")
    want = json.loads(cli("tree", path, "--json", "--trace"))["trace"]
    got = gamesearch.Tree(open(path).read()).search(trace=True).trace

    def plain(e):
        """The program's JSON event: no ply or leaf, null for infinities."""
        return {k: None if v in (math.inf, -math.inf) else v
                for k, v in e.items() if k not in ("ply", "leaf")}
    assert [plain(e) for e in got] == want


def test_pvs_mtdf_sss():
    t = gamesearch.Tree(SEED)
    r = t.search(algo="sss")
    assert (r.value, r.best, r.passes) == (5, "D", 3)
    assert r.visited == ["A", "B", "E", "C", "H", "D", "K",
                         "A", "B", "C", "D", "K", "L",
                         "A", "B", "C", "D", "K", "L", "M", "N"]
    # children no pass reached, each once
    assert r.pruned == ["F", "G", "I", "J", "O"]
    r = t.search(algo="mtdf")
    assert (r.value, r.best, r.nodes, r.passes) == (5, "D", 20, 3)
    assert r.pruned == ["I", "J", "O"]
    r = t.search(algo="pvs", prune_equal=False)
    assert (r.value, r.best, r.nodes, r.passes) == (5, "D", 17, 1)
    assert t.search().passes == 1
    text = "agents: max chance\nA: X Y\nX: a@0.25 b@0.75\nY: c d\n" \
           "a = 8\nb = 0\nc = 1\nd = 2\n"
    with pytest.raises(ValueError, match=r"^options.algo is mtdf, which "
                       r"searches games of MAX and MIN agents only, but "
                       r"agent 1 is a chance agent"):
        gamesearch.Tree(text).search(algo="mtdf")
