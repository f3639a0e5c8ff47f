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
# COMMAND=1 times what a user runs instead: the program's command
# `gamesearch connect4 analyze POSITION` at its defaults (the shipped
# book, every core, 16 MiB) on the same positions, its wall time from
# start to exit and its CPU time (user + system, /usr/bin/time); the
# nodes are not shown by the command, so those columns are '-'.
#   bench/c4_analyze_sample.sh BUILD_DIR K SEED [PLY...]
#   e.g. nice bench/c4_analyze_sample.sh build 5 1
set -eu
build=$1 k=$2 seed=$3
shift 3
[ $# -gt 0 ] || set -- 8 9 10 11 12 13 14 15 16 17 18 19 20
out=${OUT_DIR:-}
threads=${THREADS:-$(nproc 2>/dev/null || echo 1)}
tt_mb=${TT_MB:-16}
command=${COMMAND:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| ply | K | mean nodes | max nodes | mean CPU s | max CPU s | max wall s | over 1 s CPU | over 1 s wall |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for ply in "$@"; do
    if [ "$command" = 1 ]; then
        "$build/c4_analyze_sample" --list "$ply" "$k" "$seed" > "$tmp/pos"
        : > "$tmp/ply"
        while read -r pos; do
            w0=$(date +%s%N)
            /usr/bin/time -f '%U %S' -o "$tmp/time" \
                "$build/gamesearch" connect4 analyze "$pos" > /dev/null
            w1=$(date +%s%N)
            awk -v pos="$pos" -v w="$((w1 - w0))" \
                '{ printf "%s - %.3f %.3f\n", pos, $1 + $2, w / 1e9 }' \
                "$tmp/time" >> "$tmp/ply"
        done < "$tmp/pos"
    else
        "$build/c4_analyze_sample" "$ply" "$k" "$seed" "$threads" "$tt_mb" > "$tmp/ply"
    fi
    [ -z "$out" ] || cp "$tmp/ply" "$out/ply-$ply.txt"
    awk -v ply="$ply" -v cmd="$command" '
        { n++; nodes += $2; cpu += $3
          if ($2 > mn) mn = $2; if ($3 > mc) mc = $3; if ($4 > mw) mw = $4
          if ($3 > 1) oc++; if ($4 > 1) ow++ }
        END { an = sprintf("%d", nodes / n); mn = sprintf("%d", mn)
              if (cmd == 1) { an = "-"; mn = "-" }
              printf "| %d | %d | %s | %s | %.3f | %.3f | %.3f | %d | %d |\n",
                ply, n, an, mn, cpu / n, mc, mw, oc, ow }' "$tmp/ply"
done
