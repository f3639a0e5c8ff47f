#!/bin/sh
# Games per second and positions per second of --mpi against the number of
# ranks (rank 0 hands out the work and prints; with K ranks, K - 1 work,
# and with one rank it works alone). Prints one line per run.
#   bench/mpi_scaling.sh GAMESEARCH SHARED_DIR [RANKS...]
# The positions are the first 200 lines of SHARED_DIR/connect4/Test_L2_R2.
set -eu
GS=$1
SHARED=$2
shift 2
[ $# -gt 0 ] || set -- 1 2 3 4
MPIRUN="mpirun --oversubscribe"
[ "$(id -u)" -eq 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
head -200 "$SHARED/connect4/Test_L2_R2" | cut -d' ' -f1 >"$TMP/lines"
games=200
now() { date +%s.%N; }
for np in "$@"; do
    t0=$(now)
    # shellcheck disable=SC2086
    $MPIRUN -np "$np" "$GS" pacman -l crossroads -p ExpectimaxAgent -a depth=3 \
        -k 2 -q -n $games --seeds 1 --mpi </dev/null >"$TMP/p"
    t1=$(now)
    # shellcheck disable=SC2086
    $MPIRUN -np "$np" "$GS" connect4 solve --mpi <"$TMP/lines" >"$TMP/c"
    t2=$(now)
    awk -v np="$np" -v g=$games -v t0="$t0" -v t1="$t1" -v t2="$t2" \
        -v avg="$(grep '^Average Score' "$TMP/p" | cut -d' ' -f3)" \
        -v pos="$(wc -l <"$TMP/c")" -v nodes="$(awk '{n += $3} END {print n}' "$TMP/c")" \
        'BEGIN { printf "ranks %d: pacman %d games (average %s) in %.2f s, %.1f games/s; " \
                        "connect4 %d positions (%d nodes) in %.2f s, %.1f positions/s\n",
                 np, g, avg, t1 - t0, g / (t1 - t0), pos, nodes, t2 - t1, pos / (t2 - t1) }'
done
