"""What a new Python user meets first: play() with no layout, the messages
of a wrong argument, Result's repr, the docstrings and types, help()'s
pointer to the installed docs, and the pages and drawings a notebook shows
(called here as Jupyter calls them, with no Jupyter)."""
import html
import inspect
import json
import os
import re
import typing

import pytest

import gamesearch
from gamesearch import connect4, mnk, pacman

SEED = ['A', ['B', ('E', 3), ('F', 12), ('G', 8)],
        ['C', ('H', 2), ('I', 4), ('J', 6)],
        ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]


def page_data(page):
    """The JSON a page holds, and the page without it."""
    m = re.search(r'<script type="application/json" id="gs-data">(.*?)'
                  r'</script>', page, re.S)
    assert m, "no data in the page"
    return json.loads(m.group(1)), page[:m.start(1)] + page[m.end(1):]


# ---- Pacman with no layout ----

def test_play_with_no_layout_plays_the_programs_default():
    assert pacman.DEFAULT_LAYOUT == "crossroads"
    assert inspect.signature(pacman.play).parameters["layout"].default == \
        "crossroads"
    games = pacman.play(seed=1, max_moves=30)
    named = pacman.play(layout="crossroads", seed=1, max_moves=30)
    assert [g._replace(seconds=0) for g in games] == \
        [g._replace(seconds=0) for g in named]
    assert len(games) == 1 and games[0].moves == 30


# ---- Wrong arguments say what they should be ----

def test_connect4_position_not_a_string():
    for call in (connect4.solve, connect4.analyze):
        with pytest.raises(TypeError) as info:
            call(44)
        assert str(info.value) == ("position: expected a string of column "
                                   "digits 1-7 such as '4453', not int 44")
    with pytest.raises(TypeError) as info:
        connect4.solve(["4", "4"])
    assert str(info.value) == ("position: expected a string of column "
                               "digits 1-7 such as '4453', not list "
                               "['4', '4']")


def test_mnk_position_not_a_string():
    with pytest.raises(TypeError) as info:
        mnk.solve(44)
    assert str(info.value) == ("position: expected a string of one "
                               "character a cell, 'X', 'O' or '.', row by "
                               "row, such as 'X.O......', not int 44")


def test_unknown_agents_are_listed():
    with pytest.raises(ValueError) as info:
        pacman.play(pacman="Hero", max_moves=1)
    assert str(info.value) == (
        "no Pacman agent 'Hero' (LeftTurnAgent, GreedyAgent, RandomAgent, "
        "ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, "
        "ChampionAgent, MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent)")
    with pytest.raises(ValueError) as info:
        pacman.play(ghosts="Blinky", max_moves=1)
    assert str(info.value) == ("no ghost agent 'Blinky' (RandomGhost or "
                               "DirectionalGhost)")
    with pytest.raises(ValueError) as info:
        gamesearch.Tree(SEED).search(algo="best")
    assert str(info.value) == ("algo 'best' is unknown (minimax, alphabeta, "
                               "expectimax, expectiminimax, mcts, pvs, mtdf, "
                               "sss, maxn, paranoid, brs, pns or dfpn)")


# ---- What a student looks at ----

def test_result_repr_shows_what_a_student_looks_at():
    r = gamesearch.Tree(SEED).search()
    assert repr(r) == ("Result(value=5.0, best='D', visited=['A', 'B', 'E', "
                       "'F', 'G', 'C', 'H', 'D', ... 12 in all], "
                       "pruned=['I', 'J', 'O'], nodes=12)")
    # every field is still there
    assert r.pv == ['A', 'D', 'L'] and r.leaves == 7
    assert "_tree" not in r._asdict() and r == gamesearch.Result(**r._asdict())


def test_result_repr_of_a_small_search_and_of_a_game():
    r = gamesearch.Tree(['A', ('B', 1), ('C', 2)]).search()
    assert repr(r) == ("Result(value=2.0, best='C', visited=['A', 'B', 'C'], "
                       "pruned=[], nodes=3)")

    class Count(gamesearch.Game):
        def to_move(self, s):
            return s % 2

        def actions(self, s):
            return [1, 2] if s < 4 else []

        def result(self, s, a):
            return s + a

        def is_terminal(self, s):
            return s >= 4

        def value(self, s):
            return s

    g = gamesearch.search(Count(), 0)
    assert repr(g) == "Result(value=4.0, best=1, pv=[1, 1, 1, 1], nodes=%d)" \
        % g.nodes
    assert g.page() is None and g.svg() is None
    assert g._repr_html_() is None and g._repr_svg_() is None


def test_game_methods_have_docstrings():
    for name in ("to_move", "actions", "result", "is_terminal", "value",
                 "probabilities", "key", "order"):
        doc = getattr(gamesearch.Game, name).__doc__
        assert doc and len(doc) > 20, name


def test_algo_is_typed_as_its_choices():
    choices = typing.get_args(gamesearch.Algo)
    assert choices == ("minimax", "alphabeta", "expectimax",
                       "expectiminimax", "mcts", "pvs", "mtdf", "sss",
                       "maxn", "paranoid", "brs", "pns", "dfpn")
    for f in (gamesearch.search, gamesearch.Tree.search, gamesearch.Tree.page,
              gamesearch.search_game):
        assert typing.get_type_hints(f)["algo"] == gamesearch.Algo, f
    # the very names the engine takes (best-reply search needs moves out
    # of turn, which a tree has not: the engine names it, and says so)
    for algo in choices:
        if algo == "brs":
            with pytest.raises(ValueError, match="turn_to"):
                gamesearch.Tree(SEED).search(algo=algo)
            continue
        if algo in ("pns", "dfpn"):   # (the seed tree's leaves are scores)
            with pytest.raises(ValueError, match="proves outcomes"):
                gamesearch.Tree(SEED).search(algo=algo)
            continue
        gamesearch.Tree(SEED).search(algo=algo)
    stub = os.path.join(os.path.dirname(gamesearch.__file__), "__init__.pyi")
    text = open(stub).read()
    assert ('Algo = Literal["minimax", "alphabeta", "expectimax", '
            '"expectiminimax", "mcts",\n               "pvs", "mtdf", "sss", '
            '"maxn", "paranoid", "brs", "pns",\n               "dfpn"]'
            ) in text
    assert "algo: str =" not in text


def test_help_points_to_the_installed_docs():
    path = gamesearch.DOCS
    assert os.path.isfile(path), path
    # installed as CMake installs it (share/doc/gamesearch/docs/python.md),
    # or in the source tree (docs/python.md): one layout
    assert path.endswith(os.path.join("docs", "python.md")), path
    assert path in gamesearch.__doc__
    with open(path) as f:
        assert f.read().startswith("# gamesearch from Python")


# ---- Pages and drawings ----

def test_tree_page_is_the_programs(cli, tmp_path):
    tree = gamesearch.Tree(SEED)
    path = tmp_path / "seed.tree"
    path.write_text(tree.text + "\n")
    mine = tmp_path / "mine.html"
    page = tree.page(title="seed.tree", html=str(mine))
    assert mine.read_text() == page
    cli("tree", str(path), "--html", str(tmp_path / "cli.html"))
    assert page == (tmp_path / "cli.html").read_text()


def test_tree_page_is_self_contained():
    tree = gamesearch.Tree(['A', ['<b>', ('x</script>', 1), ('c', 2)],
                            ('d', 0)])
    page = tree.page()
    assert "@@" not in page
    assert "</script>" not in page.split('id="gs-data">')[1].split(
        "</script>")[0]
    data, frame = page_data(page)
    assert data["title"] == "tree"
    assert [n["name"] for n in data["tree"]["nodes"]][:2] == ["A", "<b>"]
    assert "\\u003cb>" in page and "x\\u003c/script>" in page
    # nothing fetched: no script, style or image from elsewhere
    assert not re.search(r'<(script|link|img)[^>]+(src|href)=', frame)


def test_result_page_opens_on_its_search():
    tree = gamesearch.Tree(SEED)
    for kwargs, initial in (({"algo": "minimax"}, 0), ({}, 1),
                            ({"prune_equal": False}, 2),
                            ({"algo": "expectimax"}, 3)):
        r = tree.search(**kwargs)
        data, _ = page_data(r.page())
        assert data["initial"] == initial, kwargs
        run = data["runs"][initial]
        assert run["value"] == r.value and run["best"] == r.best


def test_notebook_html_is_the_page_in_an_iframe():
    r = gamesearch.Tree(SEED).search()
    shown = r._repr_html_()
    m = re.fullmatch(r'<iframe srcdoc="([^"]*)" style="[^"]*"></iframe>',
                     shown)
    assert m
    assert html.unescape(m.group(1)) == r.page()
    tree = gamesearch.Tree(SEED)
    assert html.unescape(re.search(r'srcdoc="([^"]*)"',
                                   tree._repr_html_()).group(1)) == tree.page()


def test_tree_svg():
    svg = gamesearch.Tree(SEED)._repr_svg_()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert svg.endswith("</svg>")
    # MAX A a box; MIN B, C, D circles; MAX M a box; leaves plain
    assert svg.count("<rect") == 2 and svg.count("<circle") == 3
    assert svg.count("<line") == 14
    for leaf, value in (("E", 3), ("F", 12), ("O", 2)):
        assert '>%s</text>' % leaf in svg
        assert 'font-weight="bold">%d</text>' % value in svg
    assert "stroke-dasharray" not in svg


def test_result_svg_shows_values_and_cuts():
    r = gamesearch.Tree(SEED).search()
    svg = r._repr_svg_()
    assert svg == r.svg()
    # the root's value, and the nodes cut: I, J (under C) and O (under M)
    assert re.search(r'>A</text>\n<text [^>]*font-weight="bold">5</text>',
                     svg)
    # C stopped at H (at most 2), M at N (at least 7): bounds, not values
    assert re.search(r'>C</text>\n<text [^>]*font-weight="bold">\u2264 2<',
                     svg)
    assert re.search(r'>M</text>\n<text [^>]*font-weight="bold">\u2265 7<',
                     svg)
    for cut in r.pruned:
        assert re.search(r'fill="#999">%s</text>' % cut, svg), cut
    # (each cut here is a leaf: its edge dashed)
    assert svg.count('stroke-dasharray="4 3"') == len(r.pruned)
    chance = gamesearch.Tree(SEED).search(algo="expectimax").svg()
    assert chance.count("<polygon") == 3   # B, C and D average


def test_big_trees_are_drawn_only_when_asked():
    wide = ['R'] + [('L%d' % i, i) for i in range(500)]
    tree = gamesearch.Tree(wide)
    assert tree._repr_svg_() is None
    assert tree.svg().count("<line") == 500
    r = tree.search()
    assert r._repr_svg_() is None
    assert repr(r).startswith("Result(value=499.0, best='L499', visited=["
                              "'R', 'L0', 'L1', 'L2', 'L3', 'L4', 'L5', "
                              "'L6', ... 501 in all], pruned=[], ")


def test_pacman_replay_page(cli, tmp_path):
    mine = tmp_path / "mine.html"
    games = pacman.play(seed=1, max_moves=30, games=2, html=str(mine))
    assert len(games) == 2
    data, frame = page_data(mine.read_text())
    assert [g["score"] for g in data["games"]] == [g.score for g in games]
    theirs = tmp_path / "cli.html"
    cli("pacman", "-p", "MinimaxAgent", "-q", "--seed", "1", "--max-moves", "30", "-n", "2",
        "--html", str(theirs))
    data2, frame2 = page_data(theirs.read_text())
    assert frame == frame2

    def timeless(d):
        # a decision's fourth field is the seconds it took
        for g in d["games"]:
            for dec in g.get("decisions") or []:
                dec[3] = 0
        return d
    assert timeless(data) == timeless(data2)
