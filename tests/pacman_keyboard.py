"""The keyboard game of `gamesearch pacman` in a pseudo-terminal, as a
person plays it: nothing moves before the first key, and q ends the run
with the lines and the summary of the games played.

usage: python3 pacman_keyboard.py GAMESEARCH_BINARY
Prints one line per check ("ok: ..." or "FAIL: ..."); exit status 1 when
one failed.
"""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

GS = sys.argv[1]
failed = 0


def check(ok, what):
    global failed
    print(("ok: " if ok else "FAIL: ") + what)
    failed += not ok


def start(*args):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.execv(GS, [GS, "pacman", "-l", "corridor", "-k", "0"] + list(args))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    return pid, fd


def read_for(fd, seconds):
    out, end = b"", time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out.decode("utf-8", "replace")


def finish(pid, fd):
    rest = read_for(fd, 2.0)
    _, status = os.waitpid(pid, 0)
    return rest, os.WEXITSTATUS(status)


# The game waits for the player; q before the first move plays nothing.
pid, fd = start("--frameTime", "0.05")
shown = read_for(fd, 1.0)
if "ncursesw" in shown:     # a build without the view: nothing to check
    finish(pid, fd)
    print("skipped: this gamesearch has no terminal view")
    sys.exit(0)
check("starts it" in shown and "Score: -" not in shown,
      "the keyboard game waits for the first key")
os.write(fd, b"q")
rest, status = finish(pid, fd)
check(status == 0 and "Pacman" not in rest and "Record:" not in rest,
      "q before the first move: no game, no summary")

# A key starts the game; q in the middle counts it, with the summary.
pid, fd = start("--frameTime", "0.2")
read_for(fd, 0.5)
os.write(fd, b"d")
read_for(fd, 0.5)
os.write(fd, b"q")
rest, status = finish(pid, fd)
check(status == 0 and "Pacman quit! Score: " in rest and
      "Record:        Loss" in rest,
      "q in a game: its line and the summary")
sys.exit(1 if failed else 0)
