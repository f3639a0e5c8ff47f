#!/bin/sh
# bench/connect4.sh: what `gamesearch connect4 solve` costs on Pascal Pons's
# six Connect Four test sets. For the same beside Pons's and Steininger's
# solvers, run side by side, see bench/c4_peers.sh.
#
#   sh bench/connect4.sh [options] [GAMESEARCH_BINARY]   (default: build/gamesearch)
#
# Options:
#   --sets LIST    sets to run, comma-separated, with or without "Test_"
#                  (default: L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3)
#   --count N      positions per set (default: all 1000, but the first 200
#                  of Test_L1_R3, whose positions take seconds each)
#   --strong       only the exact scores (default: exact, then --weak)
#   --weak         only win/draw/loss (gamesearch connect4 solve --weak)
#   --threads N    passed on to gamesearch (default 1)
#   --tt-mb N      passed on to gamesearch (default: its own, 64)
#   --empty        also solve the empty 7x6 board (an empty line) in each
#                  mode and report its score, nodes and time
#   --no-sets      run no set (with --empty: only the empty board)
#   -h, --help     show this help
#
# The sets are read from ../shared/connect4 beside the project, or from
# $C4_SETS. Each is solved by one run of the program, with the positions on
# its standard input; every score is checked against the file (--weak: its
# sign). For each set and mode the table shows the positions, the mean
# search time per position and the mean nodes (the program's MICROSECONDS
# and NODES columns: the table is emptied before each position, and no
# book is used), the
# search speed in thousands of nodes a second, the wall time of the whole
# run (which also counts reading, printing and emptying the table) and the
# mismatches.
#
# Exit status: 0; 1 when a run failed or a score differs from the file.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
die() { echo "bench/connect4.sh: $*" >&2; exit 1; }

sets="L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3"
count=""
modes="strong weak"
threads=1
tt_mb=""
empty=0
GS=$root/build/gamesearch
while [ $# -gt 0 ]; do
    case $1 in
    --sets) [ $# -ge 2 ] || die "--sets needs a list"; sets=$2; shift ;;
    --sets=*) sets=${1#*=} ;;
    --count) [ $# -ge 2 ] || die "--count needs a number"; count=$2; shift ;;
    --count=*) count=${1#*=} ;;
    --strong) modes="strong" ;;
    --weak) modes="weak" ;;
    --threads) [ $# -ge 2 ] || die "--threads needs a number"; threads=$2; shift ;;
    --threads=*) threads=${1#*=} ;;
    --tt-mb) [ $# -ge 2 ] || die "--tt-mb needs a number"; tt_mb=$2; shift ;;
    --tt-mb=*) tt_mb=${1#*=} ;;
    --empty) empty=1 ;;
    --no-sets) sets="" ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see sh bench/connect4.sh --help)" ;;
    *) GS=$1 ;;
    esac
    shift
done
case $count in
''|*[!0-9]*) [ -z "$count" ] || die "--count needs a whole number, not '$count'" ;;
esac
[ "$count" != 0 ] || die "--count needs a whole number above 0"

[ -x "$GS" ] || die "no gamesearch binary at $GS (build it, or give its path)"
dir=${C4_SETS:-$root/../shared/connect4}
if [ -n "$sets" ]; then
    [ -d "$dir" ] || die "no test sets in $dir (set C4_SETS=DIR)"
    dir=$(cd "$dir" && pwd)
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

opts="--threads $threads"
[ -z "$tt_mb" ] || opts="$opts --tt-mb $tt_mb"

# now: seconds since the epoch, to the nanosecond where date knows it.
now() { date +%s.%N 2>/dev/null | sed 's/\.N$//'; }

load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
if [ -n "$sets" ]; then
    echo "gamesearch connect4 solve on Pons's test sets ($dir)"
else
    echo "gamesearch connect4 solve"
fi
echo "program: $GS $opts"
echo "machine: $cores cores, load average $load"
if [ -n "$sets" ]; then
    echo
    printf '%-11s %-6s %6s %11s %13s %10s %9s %5s\n' \
        set mode lines "mean time" "mean nodes" "Knodes/s" "wall (s)" wrong
fi
status=0

old_ifs=$IFS
IFS=,
# shellcheck disable=SC2086
set -- $sets
IFS=$old_ifs
for name in "$@"; do
    case $name in Test_*) ;; *) name=Test_$name ;; esac
    file=$dir/$name
    if [ ! -f "$file" ]; then
        echo "$name: no file $file" >&2
        status=1
        continue
    fi
    n=$count
    if [ -z "$n" ]; then
        n=1000
        [ "$name" = Test_L1_R3 ] && n=200
    fi
    head -n "$n" "$file" >"$TMP/set"
    cut -d' ' -f1 "$TMP/set" >"$TMP/in"
    for mode in $modes; do
        weak=""
        [ "$mode" = weak ] && weak=--weak
        t0=$(now)
        # shellcheck disable=SC2086
        if ! "$GS" connect4 solve --no-book $weak $opts <"$TMP/in" >"$TMP/out" 2>"$TMP/err"; then
            echo "$name $mode: gamesearch connect4 solve failed: $(head -n 3 "$TMP/err")" >&2
            status=1
        fi
        t1=$(now)
        line=$(paste -d' ' "$TMP/set" "$TMP/out" | awk -v weak="$mode" -v wall="$(echo "$t0 $t1" | awk '{ print $2 - $1 }')" '
            function fmt_us(us) {
                if (us < 1000) return sprintf("%.1f us", us)
                if (us < 1e6) return sprintf("%.2f ms", us / 1e3)
                return sprintf("%.2f s", us / 1e6)
            }
            function fmt_n(x,    s, out) {
                s = sprintf("%.0f", x)
                out = ""
                while (length(s) > 3) {
                    out = "," substr(s, length(s) - 2) out
                    s = substr(s, 1, length(s) - 3)
                }
                return s out
            }
            {
                want = $2
                if (weak == "weak") want = (want > 0) - (want < 0)
                if (NF != 6 || $3 != $1 || $4 != want) wrong++
                nodes += $5; us += $6; k++
            }
            END {
                if (k == 0) { printf "0|-|-|-|%.2f|0", wall; exit }
                mt = us / k; mn = nodes / k
                rate = us > 0 ? nodes / us * 1e3 : 0
                printf "%d|%s|%s|%.0f|%.2f|%d", k, fmt_us(mt), fmt_n(mn), rate, wall, wrong
            }')
        old_ifs=$IFS
        IFS='|'
        # shellcheck disable=SC2086
        set -- $line
        IFS=$old_ifs
        lines=$1
        printf '%-11s %-6s %6s %11s %13s %10s %9s %5s\n' \
            "$name" "$mode" "$lines" "$2" "$3" "$4" "$5" "$6"
        if [ "$lines" -ne "$n" ]; then
            echo "$name $mode: $lines positions solved of $n" >&2
            status=1
        fi
        if [ "$6" -ne 0 ]; then
            echo "$name $mode: $6 scores differ from the file, the first:" >&2
            paste -d' ' "$TMP/set" "$TMP/out" | awk -v weak="$mode" '
                { want = $2; if (weak == "weak") want = (want > 0) - (want < 0)
                  if (NF != 6 || $3 != $1 || $4 != want) print "  " $0 }' | head -n 5 >&2
            status=1
        fi
    done
done

if [ "$empty" -eq 1 ]; then
    echo
    echo "the empty 7x6 board (the first player wins with the last stone: score 1)"
    for mode in $modes; do
        weak=""
        [ "$mode" = weak ] && weak=--weak
        t0=$(now)
        # shellcheck disable=SC2086
        if ! printf '\n' | "$GS" connect4 solve --no-book $weak $opts >"$TMP/out" 2>"$TMP/err"; then
            echo "empty board $mode: gamesearch connect4 solve failed: $(head -n 3 "$TMP/err")" >&2
            status=1
            continue
        fi
        t1=$(now)
        # The line starts with a space: SCORE NODES MICROSECONDS.
        # shellcheck disable=SC2046
        set -- $(cat "$TMP/out")
        awk -v mode="$mode" -v s="$1" -v n="$2" -v us="$3" -v t0="$t0" -v t1="$t1" 'BEGIN {
            printf "  %-6s score %s, %.0f nodes, %.2f s (wall %.2f s), %.0f Knodes/s\n",
                mode, s, n, us / 1e6, t1 - t0, (us > 0 ? n / us * 1e3 : 0) }'
        if [ "$1" != 1 ]; then
            echo "empty board $mode: score $1, not 1" >&2
            status=1
        fi
    done
fi
exit "$status"
