"""Proof-number search from Python: search(..., algo="pns") and "dfpn" on
a tree whose leaves are -1, 0 and 1 and on a Game, with "proved" and
"result"; what they refuse, in sentences."""
import pytest

import gamesearch
from tictactoe import EMPTY, KeyedTicTacToe, TicTacToe

DRAW = "['A', ('B', -1), ('C', 0)]"
SEED = ['A', ['B', ('E', 3), ('F', 12), ('G', 8)],
        ['C', ('H', 2), ('I', 4), ('J', 6)],
        ['D', ('K', 14), ('L', 5), ('M', 2)]]


def test_tree_proofs():
    for algo in ("pns", "dfpn"):
        r = gamesearch.Tree(DRAW).search(algo=algo)
        assert (r.value, r.best, r.nodes, r.leaves) == (0.0, "C", 6, 4)
        assert r.proved is True and r.result == "draw"
    r = gamesearch.Tree("['A', ['B', ('C', 1), ('D', -1)], ('E', -1)]"
                        ).search(algo="pns")
    assert (r.value, r.result, r.best) == (-1.0, "loss", "B")


def test_tree_refusals():
    with pytest.raises(ValueError) as e:
        gamesearch.Tree(SEED).search(algo="pns")
    assert str(e.value) == ("algo='pns' proves outcomes, so every leaf must "
                            "be -1, 0 or 1, and leaf 'E' (line 1, column 13) "
                            "is 3")
    with pytest.raises(ValueError) as e:
        gamesearch.Tree(DRAW).search(algo="dfpn", depth=1)
    assert str(e.value) == ("depth goes with the depth-first algorithms: "
                            "dfpn proves the outcome at the leaves (give "
                            "depth=None)")
    with pytest.raises(ValueError) as e:
        gamesearch.Tree(DRAW).page(algo="pns")
    assert str(e.value) == ("algo='pns' proves the outcome without the "
                            "search's events, so the page has no steps to "
                            "show for it: open it on another algorithm")


def test_game_proofs():
    r = gamesearch.search(TicTacToe(), EMPTY, algo="pns")
    assert (r.value, r.proved, r.result) == (0.0, True, "draw")
    assert r.nodes == gamesearch.search(TicTacToe(), EMPTY,
                                        algo="pns").nodes
    r = gamesearch.search(KeyedTicTacToe(), EMPTY, algo="dfpn")
    assert (r.value, r.proved, r.result) == (0.0, True, "draw")
    r = gamesearch.search(TicTacToe(), EMPTY, algo="pns", max_nodes=50)
    assert (r.proved, r.result, r.stopped) == (False, None, "nodes")
    assert r.nodes <= 50
