#!/bin/sh
# bench/pacman_large.sh: how ChampionAgent's time a move grows with the
# maze, on generated square mazes of 62, 68, 128 and 256 cells a side.
#
#   sh bench/pacman_large.sh [GAMESEARCH_BINARY]     (default: build/gamesearch)
#
# Each maze: a wall all round, a pillar at every fourth cell of every
# fourth row (an open floor like layouts/arena.lay, so that the maze has
# most of its cells open), food on every open cell, Pacman in the
# bottom-left corner, two ghosts in the top-right one. For each side it
# plays one game of `-p ChampionAgent -g DirectionalGhost -q --seeds 1
# --max-moves MOVES` (default 60 single-agent moves: 20 of Pacman's) and
# prints the side, the open cells, Pacman's moves, the mean and the
# largest time of a move (from --json), the best of REPEATS runs (default
# 3). The games play the same every run (a node budget, not a clock).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
GS=${1:-$root/build/gamesearch}
REPEATS=${REPEATS:-3}
MOVES=${MOVES:-60}
SIDES=${SIDES:-62 68 128 256}
[ -x "$GS" ] || { echo "bench/pacman_large.sh: no gamesearch at $GS" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# maze SIDE: the layout on standard output.
maze() {
    awk -v n="$1" 'BEGIN {
        for (r = 0; r < n; r++) {
            line = ""
            for (c = 0; c < n; c++) {
                ch = "."
                if (r == 0 || c == 0 || r == n - 1 || c == n - 1) ch = "%"
                else if (r % 4 == 0 && c % 4 == 0) ch = "%"
                else if (r == n - 2 && c == 1) ch = "P"
                else if (r == 1 && (c == n - 2 || c == n - 3)) ch = "G"
                line = line ch
            }
            print line
        }
    }'
}

printf '%6s %8s %8s %12s %12s\n' side open moves "ms/move" "max ms"
for side in $SIDES; do
    maze "$side" >"$tmp/m$side.lay"
    open=$(tr -cd '.PG' <"$tmp/m$side.lay" | wc -c)
    best=""
    i=0
    while [ "$i" -lt "$REPEATS" ]; do
        "$GS" pacman -l "$tmp/m$side.lay" -p ChampionAgent -g DirectionalGhost \
            -q --seeds 1 --max-moves "$MOVES" --json "$tmp/j.json" >/dev/null
        line=$(awk -F'[:,]' '
            /^ *"pacman_moves":/ { gsub(/ /, "", $2); m = $2 }
            /^ *"move_seconds":/ { gsub(/ /, "", $2); s = $2 }
            /^ *"move_seconds_max":/ { gsub(/ /, "", $2); x = $2 }
            END { printf "%d %.3f %.3f", m, 1000 * s / m, 1000 * x }' "$tmp/j.json")
        set -- $line
        if [ -z "$best" ] || awk -v a="$2" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$2
            moves=$1
            max=$3
        fi
        i=$((i + 1))
    done
    printf '%6s %8s %8s %12s %12s\n' "$side" "$open" "$moves" "$best" "$max"
done
