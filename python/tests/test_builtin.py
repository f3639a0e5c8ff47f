"""The built-in games from Python: Connect Four, m,n,k and Pacman, their
answers against the program's, errors, and two threads at once."""
import json
import os
import threading

import pytest

import gamesearch
from gamesearch import connect4, mnk, pacman


def test_connect4_solve_and_analyze():
    assert connect4.analyze("5554224333234511764415115") == \
        [-8, -8, -8, -8, None, 4, -8]
    assert connect4.analyze("52753311433677442422121") == [2, 3, 7, 7, 8, 7, 2]
    # Pons's test set Test_L2_R1, its first three positions
    assert connect4.solve("5554224333234511764415115") == 4
    assert connect4.solve("52753311433677442422121") == 8
    assert connect4.solve("1233722555341451114725221333") == -1
    assert connect4.solve("1233722555341451114725221333", weak=True) == -1


def test_connect4_from_the_book():
    # The empty board and an 8-stone position whose columns the shipped
    # book holds (a search of each takes minutes and seconds): answered
    # at once, with the known scores.
    assert connect4.solve("") == 1
    assert connect4.analyze("") == [-2, -1, 0, 1, 0, -1, -2]
    assert connect4.analyze("12565576") == [-4, -4, -4, -4, -1, -3, -4]
    assert connect4.solve("12565576", weak=True) == -1
    # book=False searches the same scores (a 7-stone position quick to
    # search)
    want = [-16, -1, -16, None, -2, -16, -16]
    assert connect4.analyze("4444443") == want
    assert connect4.analyze("4444443", book=False) == want
    assert connect4.solve("4444443", book=False) == -1


def test_connect4_same_as_the_program(cli):
    positions = ["5554224333234511764415115", "52753311433677442422121",
                 "1233722555341451114725221333"]
    for p in positions:
        want = cli("connect4", "solve", stdin=p + "\n").split()
        assert connect4.solve(p) == int(want[1])
        want = cli("connect4", "analyze", p).split("\n")[0].split()
        got = ["." if s is None else str(s) for s in connect4.analyze(p)]
        assert got == want


@pytest.mark.parametrize("position, line, column, message", [
    ("8", 1, 1, "'8' is not a column (columns are 1-7)"),
    ("4444444", 1, 7, "column 4 is full"),
    ("12a", 1, 3, "'a' is not a column (columns are 1-7)"),
])
def test_connect4_errors(position, line, column, message):
    with pytest.raises(gamesearch.ParseError) as info:
        connect4.solve(position)
    assert (info.value.line, info.value.column, info.value.message) == \
        (line, column, message)


def test_mnk():
    assert mnk.solve(".........") == (0, list(range(9)))
    assert mnk.solve("X.O.X....") == (0, [8])
    value, best = mnk.solve("XX.OO....")
    assert (value, best) == (1, [2])
    # 4x4 with k=3: a win for the first player
    assert mnk.solve("." * 16, size=(4, 4), k=3).value == 1
    with pytest.raises(gamesearch.ParseError, match="X has 3 stones but O only 0"):
        mnk.solve("XXX......")
    with pytest.raises(gamesearch.ParseError, match="has 2 cells, not 9"):
        mnk.solve("XX")
    with pytest.raises(ValueError, match="already over"):
        mnk.solve("XXXOO....")
    with pytest.raises(ValueError, match="give depth=N"):
        mnk.solve("." * 25, size=(5, 5), k=4)


def test_mnk_same_as_the_program(cli):
    for p in (".........", "X.O.X....", "XO.......", "X...O...."):
        want = json.loads(cli("ttt", "--solve", p, "--json"))
        assert mnk.solve(p) == (want["value"], want["best"])


SMALL_CLASSIC = [49, -182, -507, 949, -186, -382, 1394, 77, -323, -299]


def test_pacman_minimax_as_pacman_py(cs188_layouts):
    games = pacman.play(layout="smallClassic.lay", pacman="MinimaxAgent",
                        agent_args={"depth": 2}, games=10,
                        fix_random_seed=True)
    assert [g.score for g in games] == SMALL_CLASSIC
    assert [g.result for g in games] == ["loss"] * 3 + ["win"] + \
        ["loss"] * 2 + ["win"] + ["loss"] * 3
    assert [g.win for g in games] == [g.result == "win" for g in games]
    assert all(g.moves > 0 and g.nodes > 0 for g in games)


def test_pacman_evaluation_equal_to_the_score(cs188_layouts):
    calls = [0]

    def score(state):
        calls[0] += 1
        return state.getScore()

    args = dict(layout="smallClassic", pacman="MinimaxAgent",
                agent_args={"depth": 2}, games=3, seeds=7)
    own = pacman.play(**args)
    given = pacman.play(evaluation=score, **args)
    strip = [g._replace(seconds=0) for g in own]
    assert [g._replace(seconds=0) for g in given] == strip
    assert calls[0] > 1000


def test_pacman_same_as_the_program(cli, cs188_layouts):
    out = cli("pacman", "-p", "AlphaBetaAgent", "-a", "depth=2", "-l",
              "smallClassic", "-q", "-n", "3", "--seeds", "5", "-g",
              "DirectionalGhost")
    want = [int(line.split()[-1].rstrip(",").split(",")[0])
            for line in out.splitlines() if "Score:" in line and "Pacman" in line]
    got = pacman.play(layout="smallClassic", pacman="AlphaBetaAgent",
                      agent_args="depth=2", games=3, seeds=5,
                      ghosts="DirectionalGhost")
    assert want and [g.score for g in got] == want


MAZE = """\
%%%%%%%
%.P o.%
% %%% %
%G   .%
%%%%%%%
"""


@pytest.fixture
def maze(tmp_path):
    path = tmp_path / "tiny.lay"
    path.write_text(MAZE)
    return str(path)


def test_state_view(maze):
    seen = []

    def look(s):
        if not seen:
            seen.append(dict(
                score=s.getScore(), pacman=s.getPacmanPosition(),
                ghosts=s.getGhostPositions(),
                scared=[g.scaredTimer for g in s.getGhostStates()],
                ghost_pos=[g.getPosition() for g in s.getGhostStates()],
                food=s.getFood().asList(), food_count=s.getFood().count(),
                f11=s.getFood()[1][3], capsules=s.getCapsules(),
                num_food=s.getNumFood(), wall=s.getWalls()[0][0],
                walls=s.getWalls().count(), win=s.isWin(), lose=s.isLose(),
                agents=s.getNumAgents(), legal=s.getLegalActions(0)))
            nxt = s.generateSuccessor(s.getAgentToMove(), s.getLegalActions(
                s.getAgentToMove())[0])
            seen.append(nxt)
        return s.getScore()

    pacman.play(layout=maze, pacman="MinimaxAgent", agent_args={"depth": 1},
                num_ghosts=1, games=1, seed=1, evaluation=look, max_moves=1)
    first = seen[0]
    # the first leaf of a one-round search: Pacman went West and ate the
    # dot at (1, 3), then the ghost went East
    assert first["score"] == 9.0
    assert first["pacman"] == (1, 3)
    assert first["ghosts"] == first["ghost_pos"] == [(2, 1)]
    assert first["food"] == [(5, 1), (5, 3)]
    assert first["food_count"] == first["num_food"] == 2
    assert first["f11"] is False
    assert first["capsules"] == [(4, 3)]
    assert first["wall"] is True and first["walls"] == 23
    assert first["agents"] == 2 and not first["win"] and not first["lose"]
    assert first["scared"] == [0]
    assert first["legal"] == ["Stop", "East", "South"]
    assert isinstance(seen[1], pacman.GameState)
    # a view kept after the search still shows its state
    assert seen[1].getNumAgents() == 2


def test_pacman_errors(maze, tmp_path):
    with pytest.raises(ValueError, match="no Pacman agent 'Hero'"):
        pacman.play(layout=maze, pacman="Hero")
    with pytest.raises(ValueError, match="agent_args"):
        pacman.play(layout=maze, agent_args={"deep": 2})
    with pytest.raises(ValueError, match="no ghost agent"):
        pacman.play(layout=maze, ghosts="Blinky")
    with pytest.raises(FileNotFoundError, match="layout 'nowhere' not found"):
        pacman.play(layout="nowhere")
    bad = tmp_path / "bad.lay"
    bad.write_text("%%%%\n%PX%\n%%%%\n")
    with pytest.raises(gamesearch.ParseError) as info:
        pacman.play(layout=str(bad))
    assert (info.value.line, info.value.column) == (2, 3)
    with pytest.raises(ValueError, match="at most one of"):
        pacman.play(layout=maze, seed=1, seeds=2)

    def broken(state):
        return state.getScore() / 0

    with pytest.raises(ZeroDivisionError):
        pacman.play(layout=maze, evaluation=broken, games=3, seed=1)
    # usable afterwards
    assert len(pacman.play(layout=maze, games=2, seed=1)) == 2


def test_our_layouts_ship_with_the_package():
    games = pacman.play(layout="corridor", pacman="ExpectimaxAgent",
                        games=2, seeds=3)
    assert len(games) == 2


def test_two_threads_at_once():
    positions = ["5554224333234511764415115",
                 "52753311433677442422121", "1233722555341451114725221333"]
    want = [connect4.solve(p) for p in positions]
    got = {}

    def work(i):
        got[i] = ([connect4.solve(p) for p in positions],
                  mnk.solve(".........").value,
                  [g.score for g in pacman.play(layout="corridor", games=2,
                                                seeds=1)])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got[0] == got[1]
    assert got[0][0] == want and got[0][1] == 0


def test_connect4_pons_test_sets():
    shared = os.environ.get("GAMESEARCH_SHARED",
                            os.path.join(os.path.dirname(__file__), "..", "..",
                                         "..", "shared"))
    sets = os.path.join(shared, "connect4")
    if not os.path.isdir(sets):
        pytest.skip("%s not found: Pons's test sets are not here" % sets)
    for name in ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2"):
        with open(os.path.join(sets, name)) as f:
            lines = [line.split() for line in f][:100]
        assert [connect4.solve(p) for p, _ in lines] == [int(s) for _, s in lines]


def test_keyboard_interrupt_stops_pacman():
    import signal
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # far longer than the timer: the GIL is released, and taken
            # back between moves to notice Ctrl-C
            pacman.play(layout="labyrinth", pacman="ExpectimaxAgent",
                        agent_args={"depth": 3}, games=10000, seeds=1)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert len(pacman.play(layout="corridor", games=1, seeds=1)) == 1


def test_pacman_search_too_deep_is_refused(cs188_layouts):
    # 1000 rounds of Pacman and 4 ghosts: 5000 plies, beyond the 4096 the
    # engine searches. The program says so and plays the first legal
    # move; Python raises (it has no standard error line to show).
    with pytest.raises(ValueError, match=(
            r"^MinimaxAgent: the search failed \(search deeper than the ply "
            r"limit\): depth in rounds times the agents \(Pacman and its "
            r"ghosts\) must stay within the 4096 plies gamesearch searches; "
            r"give a smaller depth$")):
        pacman.play(layout="originalClassic", agent_args="depth=1000",
                    seed=1)
    # a depth that fits plays on as before
    assert len(pacman.play(layout="originalClassic", agent_args="depth=1",
                           seed=1, max_moves=10)) == 1
