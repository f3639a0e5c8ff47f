#!/usr/bin/env python3
"""How long `gamesearch connect4 play` makes a person wait.

Plays GAMES games of `gamesearch connect4 play` through a pipe, taking the
person's side: a move chosen by MCTS (`connect4 analyze --algo mcts
--iterations N`, no book) nine times out of ten and a random one the tenth,
so that the games are long and close rather than lost in a few moves (N 0:
random moves only; N -1: the best move by the exact solver,
`connect4 analyze`, every time: the person plays perfectly). For each game it prints the moves, the computer's
turns, how many came from the book, and the longest wait: the wall time
from the person's move to the computer's line, as a person sees it.

    python3 bench/c4_play.py GAMESEARCH computer|human SEED GAMES N [options]

The options after N go to `connect4 play` (`--book FILE`, `--no-book`, ...;
the 7x6 board only);
`computer` makes the computer move first. Standard library only.
"""
import random
import re
import subprocess
import sys
import time

PROMPT = 'q to quit): '
CHOICE = re.compile(r'computer \((.)\) plays (\d), (.*), ([0-9.]+) ms')


def person_move(gs, moves, heights, rng, iterations):
    cols = [c for c in range(len(heights)) if heights[c] < 6]
    if iterations < 0:
        r = subprocess.run([gs, 'connect4', 'analyze', moves],
                           capture_output=True, text=True, check=True)
        return int(re.search(r'^best: (\d)', r.stdout, re.M).group(1)) - 1
    if iterations and rng.random() < 0.9:
        r = subprocess.run([gs, 'connect4', 'analyze', '--no-book', '--algo',
                            'mcts', '--iterations', str(iterations), moves],
                           capture_output=True, text=True, check=False)
        m = re.search(r'^best: (\d)', r.stdout, re.M)
        if m:
            return int(m.group(1)) - 1
    return rng.choice(cols)


def play(gs, first, rng, iterations, extra):
    p = subprocess.Popen([gs, 'connect4', 'play', '--first', first] + extra,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, bufsize=1)
    heights, moves, buf, turns = [0] * 7, '', '', []
    since = time.monotonic()
    while True:
        ch = p.stdout.read(1)
        if not ch:
            break
        buf += ch
        if ch == '\n':
            m = CHOICE.match(buf)
            buf = ''
            if m:
                c = int(m.group(2)) - 1
                heights[c] += 1
                moves += str(c + 1)
                turns.append((len(moves), time.monotonic() - since,
                              'from the book' in m.group(3)))
        elif buf.endswith(PROMPT):
            c = person_move(gs, moves, heights, rng, iterations)
            heights[c] += 1
            moves += str(c + 1)
            p.stdin.write(f'{c + 1}\n')
            p.stdin.flush()
            since = time.monotonic()
            buf = ''
    p.wait()
    return moves, turns


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    gs, first = sys.argv[1], sys.argv[2]
    seed, games, iterations = map(int, sys.argv[3:6])
    worst = 0.0
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        moves, turns = play(gs, first, rng, iterations, sys.argv[6:])
        slow = max(turns, key=lambda t: t[1])
        worst = max(worst, slow[1])
        print(f'game {g + 1}: {moves} ({len(moves)} moves): {len(turns)} '
              f'computer turns, {sum(t[2] for t in turns)} from the book, '
              f'longest wait {slow[1]:.3f} s (stone {slow[0]})', flush=True)
    print(f'longest wait over {games} games: {worst:.3f} s')


if __name__ == '__main__':
    main()
