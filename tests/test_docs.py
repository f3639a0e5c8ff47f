#!/usr/bin/env python3
"""Every command the documentation shows, run: README.md and docs/**/*.md.

usage: test_docs.py PREFIX SOURCE_DIR SHARED_DIR [PAGE...]

PREFIX is an installed gamesearch (`cmake --install build --prefix
PREFIX`, done by test_docs.sh): the commands run the installed program,
as a reader who ran the quick start does. The rules, also in
docs/testing.md:

- A block fenced with ``` (no language) that holds lines starting with
  `$ ` is a transcript: each `$ COMMAND` runs with sh, standard input
  empty, standard output and error together, and must print the lines
  under it up to the next `$ ` or the fence. A line `...` stands for any
  number of lines. Times are filtered on both sides (times()). The command
  must exit 0, or the status it names at its end: `# exit status N`.
- A ```sh block is run whole with `sh -e`: it must exit 0; its output
  is not checked.
- A ```python block runs with GS_DOCS_PYTHON (python_block()).
- A block right under a line `*(Not run by the tests: REASON.)*` is not
  run; under `*(Run by the tests only with CS188's files ...)*` it runs
  when SHARED_DIR/cs188 is there.
- README.md has at most 300 lines.
- Every relative link leads to a file of the source tree, and its
  #anchor to a heading there.
- A ```c block right under a line that ends with "The whole of
  `FILE`:" must be FILE, byte for byte.

Each page runs in a directory of its own, in order, with the clone's
examples/ and layouts/ (read only), an empty docs/, CS188's tests as
tests/ and its layouts in multiagent/layouts (when SHARED_DIR has them).
"""
import os
import re
import subprocess
import sys
import tempfile

NOT_RUN = re.compile(r"^\*\(Not run by the tests: .+\.\)\*$")
CS188 = re.compile(r"^\*\(Run by the tests only with CS188's files")
WHOLE = re.compile(r"The whole of `([^`]+)`:$")
README_LINES = 300
STATUS = re.compile(r"\s+# exit status (\d+)$")


def times(line):
    """The parts of a line that change from run to run: times."""
    line = re.sub(r"\b\d+(\.\d+)? ?(ms|µs|s)\b", r"T \2", line)
    line = re.sub(r'("time_ms"|"seconds"): ?[0-9.e+-]+', r"\1:T", line)
    # connect4 solve: POSITION SCORE NODES MICROSECONDS
    line = re.sub(r"^(\d* (-?\d+|\?) \d+) \d+$", r"\1 T", line)
    # compare's rows: depth algorithm nodes leaves ms ebf value best
    f = line.split()
    if len(f) >= 6 and f[0].isdigit() and re.match(r"(minimax|alphabeta|expectimax|pvs|mtdf|sss)", f[1]):
        f[4] = "T"
        line = " ".join(f)
    return line.rstrip()


def matches(expected, actual):
    """expected (with `...` lines) against actual, line for line."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and same(times(expected[0]), times(actual[0])) and \
        matches(expected[1:], actual[1:])


def same(expected, actual):
    """A line as shown against a line as printed: `...` inside a line stands
    for any text."""
    if "..." not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual) is not None


def blocks(text):
    """(line number, marker line above, info string, lines) of each fence."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)$", lines[i])
        if not m:
            i += 1
            continue
        start = i
        above = ""
        j = i - 1
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        if j >= 0:
            above = lines[j]
        i += 1
        body = []
        while i < len(lines) and lines[i] != "```":
            body.append(lines[i])
            i += 1
        yield start + 1, above, m.group(1), body
        i += 1


def python_block(where, body, work, env):
    """A ```python block, run by GS_DOCS_PYTHON (a Python that imports
    gamesearch): it must exit 0, and when every print at the left margin
    carries a comment, print for print the comment (up to two spaces) is
    what it printed. Not run (and not failed) without GS_DOCS_PYTHON."""
    python = env.get("GS_DOCS_PYTHON")
    if not python:
        print("not run: %s (no Python with the gamesearch package here)" % where)
        return 0
    prints = [l for l in body if l.startswith("print(")]
    expected = []
    for l in prints:
        m = re.search(r"\)\s+# (.*)$", l)
        if not m:
            expected = None
            break
        expected.append(re.split(r"  ", m.group(1))[0].rstrip())
    p = subprocess.run([python, "-"], input="\n".join(body).encode(), cwd=work, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    out = p.stdout.decode("utf-8", "replace")
    actual = out.rstrip("\n").split("\n") if out.strip("\n") else []
    if p.returncode != 0 or (expected is not None and
                             not (len(expected) == len(actual) and
                                  all(same(e, a) for e, a in zip(expected, actual)))):
        print("FAIL: %s: python (exit status %d)\n--- shown\n%s\n--- printed\n%s"
              % (where, p.returncode, "\n".join(expected or []), out))
        return 1
    return 0


def anchors(path):
    """The anchors GitHub gives the headings of a page."""
    out = set()
    fenced = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            m = None if fenced else re.match(r"^#+ (.*)$", line)
            if m:
                a = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
                out.add(a)
    return out


def links(path, rel, src, text):
    """Every relative link of the page leads to a file of the source tree,
    and its #anchor to a heading there."""
    failed = 0
    here = os.path.dirname(path)
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(here, file)) if file else path
        if not os.path.exists(full) or not full.startswith(src):
            print("FAIL: %s: a link to %s, which is not there" % (rel, target))
            failed += 1
        elif anchor and full.endswith(".md") and anchor not in anchors(full):
            print("FAIL: %s: a link to %s: no such heading" % (rel, target))
            failed += 1
    return failed


def run(cmd, cwd, env):
    p = subprocess.run(["sh", "-c", cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def setup(work, src, shared):
    os.makedirs(os.path.join(work, "docs"))
    for d in ("examples", "layouts"):
        os.symlink(os.path.join(src, d), os.path.join(work, d))
    cs = os.path.join(shared, "cs188")
    if os.path.isdir(cs):
        os.symlink(os.path.join(cs, "tests"), os.path.join(work, "tests"))
        os.makedirs(os.path.join(work, "multiagent"))
        os.symlink(os.path.join(cs, "layouts"), os.path.join(work, "multiagent", "layouts"))


def page(path, rel, src, shared, env, tmp, fix=None):
    work = os.path.join(tmp, rel.replace("/", "_"))
    setup(work, src, shared)
    have_cs188 = os.path.isdir(os.path.join(shared, "cs188"))
    failed = ran = 0
    with open(path, encoding="utf-8") as f:
        text = f.read()
    failed += links(path, rel, os.path.realpath(src), text)
    for line, above, info, body in blocks(text):
        where = "%s:%d" % (rel, line)
        if NOT_RUN.match(above) or (CS188.match(above) and not have_cs188):
            print("not run: %s (%s)" % (where, above.strip("*()")))
            continue
        m = WHOLE.search(above)
        if info == "c" and m:
            with open(os.path.join(src, m.group(1)), encoding="utf-8") as f:
                whole = f.read()
            ran += 1
            if whole != "\n".join(body) + "\n":
                print("FAIL: %s: the block is not %s as it is" % (where, m.group(1)))
                failed += 1
            continue
        if info == "python":
            failed += python_block(where, body, work, env)
            ran += 1
            continue
        if info == "sh":
            ran += 1
            status, out = run("set -e\n" + "\n".join(body), work, env)
            if status != 0:
                print("FAIL: %s: exit status %d\n%s" % (where, status, out))
                failed += 1
            continue
        if info != "" or not any(l.startswith("$ ") for l in body):
            continue
        k = 0
        while k < len(body):
            cmd_line = line + 1 + k
            if not body[k].startswith("$ "):
                k += 1
                continue
            cmd = body[k][2:]
            k += 1
            expected = []
            while k < len(body) and not body[k].startswith("$ "):
                expected.append(body[k])
                k += 1
            want = 0
            s = STATUS.search(cmd)
            if s:
                want = int(s.group(1))
            ran += 1
            status, out = run(cmd, work, env)
            actual = out.rstrip("\n").split("\n") if out.strip("\n") else []
            if status != want and matches(expected, actual) and fix is not None:
                fix.append((cmd_line, status))
            if status != want or not matches(expected, actual):
                print("FAIL: %s:%d: $ %s\n(exit status %d, wanted %d)\n--- shown\n%s\n--- printed\n%s"
                      % (rel, cmd_line, cmd, status, want, "\n".join(expected), out))
                failed += 1
    print("%s: %d run, %d failed" % (rel, ran, failed))
    if fix:
        lines = text.split("\n")
        for n, status in fix:
            lines[n - 1] += "   # exit status %d" % status
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return failed


def main():
    prefix, src, shared = sys.argv[1:4]
    pages = sys.argv[4:]
    if not pages:
        pages = ["README.md"]
        for d in ("docs", "docs/ref"):
            pages += sorted(os.path.join(d, n) for n in os.listdir(os.path.join(src, d))
                            if n.endswith(".md"))
    env = dict(os.environ)
    env["LC_ALL"] = "C.UTF-8"
    env.pop("NO_COLOR", None)
    failed = 0
    # The front page stays short: what a reader needs first, then links.
    with open(os.path.join(src, "README.md"), encoding="utf-8") as f:
        n = len(f.read().splitlines())
    if n > README_LINES:
        print("FAIL: README.md has %d lines, more than %d: move the rest to docs/"
              % (n, README_LINES))
        failed += 1
    with tempfile.TemporaryDirectory() as tmp:
        for rel in pages:
            fix = [] if os.environ.get("GS_DOCS_FIX_STATUS") else None
            failed += page(os.path.join(src, rel), rel, src, shared, env, tmp, fix)
    print("FAILED: %d" % failed if failed else "every command as shown")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
