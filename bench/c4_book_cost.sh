#!/bin/sh
# bench/c4_book_cost.sh: what a Connect Four book of every position to N
# stones costs (7x6, mirror images folded, games over left out), for each
# N given: the positions with N stones (the ones `connect4 book --ply N`
# solves; the shallower ones are scored from them without a search), the
# book's entries and bytes, and the CPU time of solving a seeded random
# sample of K of the N-stone positions, one process, one thread, 64 MiB,
# the table emptied between positions, user + system seconds of
# /usr/bin/time (which a loaded machine distorts less than wall time).
# The estimate for the book is positions * (CPU seconds / K): an upper
# bound, since the build keeps its table from one position to the next.
#
#   bench/c4_book_cost.sh BUILD_DIR K SEED N...
#   e.g. nice bench/c4_book_cost.sh build 10 1 4 5 6 7 8 9 10
set -eu
build=$1 k=$2 seed=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' "| N | positions | entries to N | bytes | sample | mean nodes | max nodes | CPU s a position | CPU-hours for the book |"
printf '%s\n' "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for n in "$@"; do
    "$build/c4_book_positions" "$n" 0 2> "$tmp/counts" > /dev/null
    count=$(sed -n "s/^ply $n: //p" "$tmp/counts")
    entries=$(sed -n 's/^plies 0 to [0-9]*: \([0-9]*\) positions$/\1/p' \
              "$tmp/counts")
    "$build/c4_book_positions" "$n" "$count" 2> /dev/null > "$tmp/all"
    take=$k
    [ "$take" -gt "$count" ] && take=$count
    # a seeded shuffle: the same SEED gives the same sample
    awk -v seed="$seed" 'BEGIN { srand(seed) } { print rand() "\t" $0 }' \
        "$tmp/all" | sort -k1,1 | head -n "$take" | cut -f2 > "$tmp/sample"
    /usr/bin/time -f '%U %S' -o "$tmp/time" \
        "$build/gamesearch" connect4 solve --no-book < "$tmp/sample" \
        > "$tmp/solved"
    awk -v n="$n" -v count="$count" -v entries="$entries" -v take="$take" \
        -v cpu="$(awk '{ print $1 + $2 }' "$tmp/time")" '
        { nodes += $3; if ($3 > max) max = $3 }
        END {
            per = cpu / take
            printf "| %d | %d | %d | %d | %d | %.3g M | %.3g M | %.3f | %.2f |\n",
                n, count, entries, 16 + 8 * entries, take, nodes / NR / 1e6,
                max / 1e6, per, per * count / 3600
        }' "$tmp/solved"
done
