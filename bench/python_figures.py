"""Figures for docs/python.md: what a search costs from Python.

    python3 bench/python_figures.py PROGRAM SHARED [REPEATS]

PROGRAM is the `gamesearch` program to compare with, SHARED the reference
data directory (../shared: Pons's Connect Four test sets, CS188's
layouts). Run it with
the Python that has the package installed. Prints node counts first, then
the best of REPEATS wall times (default 5).
"""
import os
import subprocess
import sys
import time

import gamesearch
from gamesearch import connect4, pacman

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "python", "tests"))
from tictactoe import EMPTY, TicTacToe, alphabeta  # noqa: E402


def minimax(game, state, count):
    """Plain-Python minimax over the same Game methods."""
    count[0] += 1
    if game.is_terminal(state):
        return game.value(state)
    values = [minimax(game, game.result(state, a), count)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def nearest_food(state):
    """A CS188-style evaluation: the score, plus a little for being near the
    nearest dot, minus a lot for a ghost next to Pacman."""
    x, y = state.getPacmanPosition()
    food = state.getFood().asList()
    near = min((abs(x - fx) + abs(y - fy) for fx, fy in food), default=0)
    danger = any(abs(x - gx) + abs(y - gy) <= 1
                 for gx, gy in state.getGhostPositions())
    return state.getScore() - near / 10 - (100 if danger else 0)


def best(f, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return out, min(times)


def row(what, nodes, seconds):
    rate = "%12.0f" % (nodes / seconds) if nodes else "%12s" % "-"
    print("%-56s %10s %9.3f %s" % (what, nodes if nodes else "-", seconds, rate))


def main():
    program = sys.argv[1]
    shared = sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    os.environ["GAMESEARCH_LAYOUTS"] = os.path.join(shared, "cs188", "layouts")
    print("%-56s %10s %9s %12s" % ("search", "nodes", "seconds", "nodes/s"))
    g = TicTacToe()
    for algo in ("minimax", "alphabeta"):
        r, s = best(lambda: gamesearch.search(g, EMPTY, algo=algo), repeats)
        row("tic-tac-toe in Python, gamesearch %s" % algo, r.nodes, s)
    for name, f in (("minimax", minimax), ("alphabeta", alphabeta)):
        count = [0]

        def run():
            count[0] = 0
            return f(g, EMPTY, count=count)
        _, s = best(run, repeats)
        row("tic-tac-toe in Python, plain Python %s" % name, count[0], s)

    def cli(*args, stdin=None):
        return subprocess.run([program, *args], input=stdin, check=True,
                              capture_output=True, text=True).stdout

    r, s = best(lambda: cli("ttt", "--solve", ".........", "--algo", "minimax",
                            "--no-tt"), repeats)
    row("tic-tac-toe, program: ttt --solve minimax", 549946, s)

    with open(os.path.join(shared, "connect4", "Test_L1_R1")) as f:
        positions = [line.split()[0] for line in f]
    _, s = best(lambda: [connect4.solve(p) for p in positions], repeats)
    row("Connect Four, Test_L1_R1 (1000): connect4.solve", 0, s)
    _, s = best(lambda: cli("connect4", "solve",
                            stdin="\n".join(positions) + "\n"), repeats)
    row("Connect Four, Test_L1_R1 (1000): connect4 solve", 0, s)

    args = dict(layout="smallClassic", pacman="MinimaxAgent",
                agent_args={"depth": 2}, games=10, fix_random_seed=True)
    games, s = best(lambda: pacman.play(**args), repeats)
    row("Pacman, 10 games: pacman.play", sum(x.nodes for x in games), s)
    games, s = best(lambda: pacman.play(evaluation=lambda st: st.getScore(),
                                        **args), repeats)
    row("Pacman, 10 games: pacman.play, evaluation in Python",
        sum(x.nodes for x in games), s)
    games, s = best(lambda: pacman.play(evaluation=nearest_food, **args),
                    repeats)
    row("Pacman, 10 games: pacman.play, nearest-food evaluation",
        sum(x.nodes for x in games), s)
    _, s = best(lambda: cli("pacman", "-p", "MinimaxAgent", "-a", "depth=2",
                            "-l", "smallClassic", "-q", "-n", "10", "-f"),
                repeats)
    row("Pacman, 10 games: gamesearch pacman -q", 0, s)


if __name__ == "__main__":
    main()
