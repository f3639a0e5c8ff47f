#!/bin/sh
# bench/c4_threads.sh: what N threads save over one in Connect Four solves,
# in figures that do not depend on the machine's load.
#
#   sh bench/c4_threads.sh [--threads N] [--runs R] [--weak] [FILE] [BUILD_DIR]
#
# Solves the positions of FILE (default: the first 20 of Pons's
# Test_L1_R3, from ../shared/connect4 or $C4_SETS) with build/c4_threads
# (bench/c4_threads.c), alternately on one thread and on N (default 2),
# R times each (default 1), the 64 MiB table emptied before each position.
# Prints, for each run, the sums over the positions: the nodes the calling
# thread searched (the owner), every thread's nodes, the wall time, and the
# processor time of the calling thread; then the ratios one thread / N
# threads of the owner's nodes and of its processor time (each an estimate
# of the speed-up N idle cores would give: the first counts the nodes
# saved, the second also what sharing the table and the caches costs each
# thread), and the load average, with which the wall times mean little.
# Every value is checked against the one-thread run (exit status 1 when
# one differs).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
threads=2
runs=1
weak=""
file=""
build=$root/build
while [ $# -gt 0 ]; do
    case $1 in
    --threads) threads=$2; shift ;;
    --runs) runs=$2; shift ;;
    --weak) weak=--weak ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) if [ -z "$file" ]; then file=$1; else build=$1; fi ;;
    esac
    shift
done
prog=$build/c4_threads
[ -x "$prog" ] || { echo "bench/c4_threads.sh: no $prog (build with GS_BENCH=ON)" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ -z "$file" ]; then
    sets=${C4_SETS:-$root/../shared/connect4}
    [ -r "$sets/Test_L1_R3" ] || { echo "bench/c4_threads.sh: no $sets/Test_L1_R3" >&2; exit 1; }
    head -n 20 "$sets/Test_L1_R3" >"$TMP/in"
    file="$TMP/in"
fi

echo "c4_threads $weak on $(grep -c . "$file") positions, 1 and $threads threads, $runs run(s) each"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %4s %14s %14s %10s %10s\n' threads run owner_nodes total_nodes wall_s owner_cpu_s
status=0
r=1
while [ "$r" -le "$runs" ]; do
    for t in 1 "$threads"; do
        "$prog" --threads "$t" $weak <"$file" >"$TMP/out.$t.$r"
        tail -n 1 "$TMP/out.$t.$r" | awk -v t="$t" -v r="$r" \
            '{ printf "%-8s %4s %14s %14s %10.1f %10.1f\n", t, r, $5, $7, $9 / 1e6, $11 / 1e6 }'
        if ! sed '$d' "$TMP/out.$t.$r" | cut -d' ' -f1,2 | cmp -s - "$TMP/values" 2>/dev/null; then
            if [ -f "$TMP/values" ]; then
                echo "bench/c4_threads.sh: $t threads, run $r: a value differs from one thread's" >&2
                status=1
            else
                sed '$d' "$TMP/out.$t.$r" | cut -d' ' -f1,2 >"$TMP/values"
            fi
        fi
    done
    r=$((r + 1))
done
cat "$TMP"/out.1.* | grep '^sum' | awk '{ o += $5; c += $11; n++ } END { print o / n, c / n }' >"$TMP/one"
cat "$TMP"/out."$threads".* | grep '^sum' | awk '{ o += $5; c += $11; n++ } END { print o / n, c / n }' >"$TMP/many"
paste "$TMP/one" "$TMP/many" | awk -v t="$threads" \
    '{ printf "1 / %s threads: owner nodes %.2fx, owner processor time %.2fx\n", t, $1 / $3, $2 / $4 }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
