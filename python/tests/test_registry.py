"""The library's registry from Python: the list of games and a search of
any of them by name (Nim's theory, tic-tac-toe's draw, a tree's value)."""
import pytest

import gamesearch


def test_games_lists_the_registry():
    games = {g["name"]: g for g in gamesearch.games()}
    assert list(games)[:7] == ["tree", "ttt", "mnk", "gomoku", "connect4",
                               "pacman", "nim"]
    nim = games["nim"]
    assert nim["title"] == "Nim"
    assert nim["source"] is None
    assert nim["match"] is True
    assert nim["params"] == [{"name": "piles", "default": "3,4,5",
                              "help": "the piles at the start (1 to 8 piles "
                                      "of 0 to 31)"}]
    assert games["tree"]["source"] == "file"
    assert games["pacman"]["source"] == "layout"
    assert games["pacman"]["match"] is False


@pytest.mark.parametrize("piles", ["3,4,5", "1,2,3", "2,2", "5,7,1,4"])
def test_nim_theory(piles):
    x = 0
    for p in piles.split(","):
        x ^= int(p)
    r = gamesearch.search_game("nim:piles=" + piles)
    assert r.value == (1 if x else -1)
    assert r.bound == "exact"
    if piles != "5,7,1,4":   # minimax: hundreds of millions of nodes
        m = gamesearch.search_game("nim:piles=" + piles, algo="minimax",
                                   table=False)
        assert m.value == r.value and m.nodes >= r.nodes


def test_positions_and_names():
    r = gamesearch.search_game("nim", "3,4,5")
    assert (r.value, r.best) == (1, "1:2")
    assert gamesearch.search_game("nim", "1,4,5 min").value == 1
    assert gamesearch.search_game("ttt").value == 0
    assert gamesearch.search_game("ttt", "b2 b1").value == 999993
    r = gamesearch.search_game(
        "tree", source="['A', ['B', ('C', 3), ('D', 5)], ['E', ('F', 2)]]")
    assert (r.value, r.best) == (3, "B")


def test_bad_input():
    with pytest.raises(ValueError, match=r"^unknown game 'chess' \(tree, "):
        gamesearch.search_game("chess")
    with pytest.raises(ValueError, match=r"^piles 'x' is not 1 to 8 numbers"):
        gamesearch.search_game("nim:piles=x")
    with pytest.raises(gamesearch.ParseError,
                       match=r"unknown parameter 'pile' \(nim takes piles\)"):
        gamesearch.search_game("nim:pile=3")
    with pytest.raises(gamesearch.ParseError,
                       match=r"^position: line 1, column 1: '1,2' is not 3 "):
        gamesearch.search_game("nim", "1,2")
    with pytest.raises(ValueError, match="tree is made from a file"):
        gamesearch.search_game("tree")
