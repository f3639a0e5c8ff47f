#!/bin/sh
# bench/c4_analyze_sample.sh: does `gamesearch connect4 analyze` answer
# within a second by the search alone? K random positions (seeded,
# reachable, game not over: bench/c4_analyze_sample.c) at each ply given
# (default 8 to 20), each analysed as `connect4 analyze --no-book` does it
# by default (every core, a 16 MiB table; THREADS and TT_MB in the
# environment say otherwise);
# a line a ply: the mean and largest nodes, the mean and largest CPU
# seconds (user + system: what a loaded machine distorts least) and wall
# seconds, and how many positions took more than one second of CPU and of
# wall time. Positions and their figures: OUT_DIR/ply-N.txt when OUT_DIR
# is given.
#   bench/c4_analyze_sample.sh BUILD_DIR K SEED [PLY...]
#   e.g. nice bench/c4_analyze_sample.sh build 5 1
set -eu
build=$1 k=$2 seed=$3
shift 3
[ $# -gt 0 ] || set -- 8 9 10 11 12 13 14 15 16 17 18 19 20
out=${OUT_DIR:-}
threads=${THREADS:-$(nproc 2>/dev/null || echo 1)}
tt_mb=${TT_MB:-16}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| ply | K | mean nodes | max nodes | mean CPU s | max CPU s | max wall s | over 1 s CPU | over 1 s wall |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for ply in "$@"; do
    "$build/c4_analyze_sample" "$ply" "$k" "$seed" "$threads" "$tt_mb" > "$tmp/ply"
    [ -z "$out" ] || cp "$tmp/ply" "$out/ply-$ply.txt"
    awk -v ply="$ply" '
        { n++; nodes += $2; cpu += $3
          if ($2 > mn) mn = $2; if ($3 > mc) mc = $3; if ($4 > mw) mw = $4
          if ($3 > 1) oc++; if ($4 > 1) ow++ }
        END { printf "| %d | %d | %d | %d | %.3f | %.3f | %.3f | %d | %d |\n",
                ply, n, nodes / n, mn, cpu / n, mc, mw, oc, ow }' "$tmp/ply"
done
