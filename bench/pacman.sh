#!/bin/sh
# bench/pacman.sh: what CS188's search agents cost in gamesearch pacman,
# against pacman.py v1.004 playing the same games.
#
#   sh bench/pacman.sh [GAMESEARCH_BINARY]      (default: build/gamesearch)
#
# The three runs of the issue, each `-l smallClassic -q -n 10 -f`:
#   MinimaxAgent -a depth=2, AlphaBetaAgent -a depth=3, ExpectimaxAgent -a depth=2.
# For each it prints our time (the median of REPEATS runs, default 5, of the
# batch as --json measures it), the nodes the searches generated (the same
# every run: a fact of the search), nodes per second, pacman.py's time and
# the speed-up.
#
# pacman.py: with PACMAN_PY=DIR (a CS188 multiagent directory whose
# multiAgents.py has the agents, and python3), or a pacman.py on PATH, the
# same commands are timed there, once each, and their output compared with
# ours. Otherwise the figures of the issue are used: 17.7 s, 61 s and 33 s,
# measured on this project's machine (2 shared cores), about 45,000 nodes a
# second.
#
# Layouts: smallClassic.lay from ../shared/cs188/layouts beside the
# project when it is there, else from $GAMESEARCH_LAYOUTS.
#
# Exit status: 0; 1 when a run failed or a speed-up is below MIN_SPEEDUP
# (default 200).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
GS=${1:-$root/build/gamesearch}
REPEATS=${REPEATS:-5}
MIN_SPEEDUP=${MIN_SPEEDUP:-200}

die() { echo "bench/pacman.sh: $*" >&2; exit 1; }

[ -x "$GS" ] || die "no gamesearch binary at $GS (build it, or give its path)"
if [ -d "$root/../shared/cs188/layouts" ]; then
    shared=$(cd "$root/../shared/cs188/layouts" && pwd)
    GAMESEARCH_LAYOUTS="$shared${GAMESEARCH_LAYOUTS:+:$GAMESEARCH_LAYOUTS}"
fi
export GAMESEARCH_LAYOUTS="${GAMESEARCH_LAYOUTS:-$root/layouts}"
found=""
old_ifs=$IFS
IFS=:
for d in $GAMESEARCH_LAYOUTS; do
    [ -z "$found" ] && [ -f "$d/smallClassic.lay" ] && found=$d
done
IFS=$old_ifs
[ -n "$found" ] || die "smallClassic.lay not found in $GAMESEARCH_LAYOUTS: set GAMESEARCH_LAYOUTS to CS188's layouts directory"

py_dir=""
if [ -n "${PACMAN_PY:-}" ]; then
    [ -f "$PACMAN_PY/pacman.py" ] || die "PACMAN_PY=$PACMAN_PY has no pacman.py"
    py_dir=$PACMAN_PY
elif p=$(command -v pacman.py 2>/dev/null); then
    py_dir=$(dirname "$p")
fi
if [ -n "$py_dir" ]; then
    command -v python3 >/dev/null || die "pacman.py needs python3"
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# field NAME FILE: the number after "NAME": in the summary of a --json file.
field() {
    sed -n '/"summary"/,$p' "$2" | sed -n "s/^ *\"$1\": \\([-0-9.e+]*\\).*/\\1/p"
}

# median: the middle of the numbers on standard input.
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Seconds pacman.py takes for a command (run in its directory), its output
# kept in $TMP/py.out.
time_py() {
    (cd "$py_dir" && python3 -c '
import subprocess, sys, time
t = time.perf_counter()
r = subprocess.run(sys.argv[2:], stdout=open(sys.argv[1], "w"))
print("%.3f" % (time.perf_counter() - t))
sys.exit(r.returncode)' "$TMP/py.out" python3 pacman.py "$@")
}

load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
echo "gamesearch pacman against pacman.py v1.004: smallClassic, 10 games, -f"
echo "machine: $cores cores, load average $load; ours: the median of $REPEATS runs"
if [ -n "$py_dir" ]; then
    echo "pacman.py: $py_dir (timed once per run, with python3 $(python3 -c 'import platform; print(platform.python_version())'))"
else
    echo "pacman.py: not here (set PACMAN_PY=DIR); its times are the issue's"
fi
echo
printf '%-24s %10s %10s %12s %14s %10s %9s\n' run "ours (s)" nodes nodes/s "pacman.py (s)" "py nodes/s" speed-up
status=0
for spec in "MinimaxAgent depth=2 17.7" "AlphaBetaAgent depth=3 61" "ExpectimaxAgent depth=2 33"; do
    # shellcheck disable=SC2086
    set -- $spec
    agent=$1 args=$2 issue=$3
    cmd="-p $agent -a $args -l smallClassic -q -n 10 -f"
    : >"$TMP/times"
    nodes=""
    i=0
    while [ $i -lt "$REPEATS" ]; do
        # shellcheck disable=SC2086
        if ! "$GS" pacman $cmd --json "$TMP/run.json" >"$TMP/ours.out" 2>"$TMP/err"; then
            echo "$agent: gamesearch pacman $cmd failed: $(head -n 3 "$TMP/err")" >&2
            status=1
            continue 2
        fi
        field seconds "$TMP/run.json" >>"$TMP/times"
        n=$(field nodes "$TMP/run.json")
        if [ -n "$nodes" ] && [ "$n" != "$nodes" ]; then
            echo "$agent: the node count changed between runs ($nodes, then $n)" >&2
            status=1
        fi
        nodes=$n
        i=$((i + 1))
    done
    ours=$(median <"$TMP/times")
    py=$issue
    note=" (issue)"
    if [ -n "$py_dir" ]; then
        # shellcheck disable=SC2086
        if py=$(time_py $cmd); then
            note=""
            if ! cmp -s "$TMP/py.out" "$TMP/ours.out"; then
                note=" (other games!)"
                echo "$agent: pacman.py's output differs from ours:" >&2
                diff "$TMP/py.out" "$TMP/ours.out" | head -n 6 >&2
                status=1
            fi
        else
            echo "$agent: pacman.py $cmd failed (does multiAgents.py have $agent?)" >&2
            py=$issue
            note=" (issue)"
            status=1
        fi
    fi
    line=$(awk -v o="$ours" -v n="$nodes" -v p="$py" -v min="$MIN_SPEEDUP" '
        function rate(x) { return x >= 1e6 ? sprintf("%.1fM", x / 1e6) : sprintf("%.1fk", x / 1e3) }
        BEGIN {
            s = p / o
            printf "%.4f %d %s %s %.0f %d", o, n, rate(n / o), rate(n / p), s, (s >= min) }')
    # shellcheck disable=SC2086
    set -- $line
    printf '%-24s %10s %10s %12s %14s %10s %8sx\n' "$agent $args" "$1" "$2" "$3" "$py$note" "$4" "$5"
    [ "$6" -eq 1 ] || status=1
done
echo
if [ "$status" -eq 0 ]; then
    echo "every run at least ${MIN_SPEEDUP}x faster than pacman.py"
else
    echo "bench/pacman.sh: a run failed or is below ${MIN_SPEEDUP}x (see above)" >&2
fi
exit "$status"
