#!/bin/sh
# bench/pns_connect4.sh: proof-number search against the exact solver on
# the first positions of Pascal Pons's Connect Four test sets: the signs
# each proves against the set's scores, its nodes, and its time as a
# ratio to the solver's.
#
#   sh bench/pns_connect4.sh [GAMESEARCH_BINARY [COUNT [ROUNDS [MAX_NODES [SETS]]]]]
#
# Defaults: build/gamesearch, the first 100 lines of each set of SETS
# ("L3_R1 L2_R1 L2_R2", from ../shared/connect4 or
# $GS_SHARED_DIR/connect4), 3 rounds, 2*10^7 nodes a line (pns keeps its
# tree in memory: some 28 bytes a node). Each round runs `connect4 solve --weak
# --no-book` (alpha-beta: the exact solver, without its book), then
# `--algo pns`, then `--algo dfpn` on the same lines, so that a load on
# the machine falls on the three alike; the time is each one's least
# total over the rounds. Nodes are facts of the searches; times depend on
# the machine and its load.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gs=${1:-$here/../build/gamesearch}
count=${2:-100}
rounds=${3:-3}
max_nodes=${4:-20000000}
sets=${5:-L3_R1 L2_R1 L2_R2}
shared=${GS_SHARED_DIR:-$here/../../shared}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-8s %-10s %8s %12s %10s %8s\n' set search signs nodes "time ms" ratio
for set in $sets; do
    file=$shared/connect4/Test_$set
    head -n "$count" "$file" | cut -d' ' -f1 >"$tmp/in"
    head -n "$count" "$file" | awk '{ print ($2 > 0) - ($2 < 0) }' >"$tmp/want"
    for r in $(seq "$rounds"); do
        for algo in alphabeta pns dfpn; do
            if [ "$algo" = alphabeta ]; then
                "$gs" connect4 solve --weak --no-book <"$tmp/in" >"$tmp/out" || true
            else
                "$gs" connect4 solve --weak --algo "$algo" \
                    --max-nodes "$max_nodes" <"$tmp/in" >"$tmp/out" 2>/dev/null || true
            fi
            # signs right, nodes, microseconds
            awk '{ print $2 }' "$tmp/out" | paste -d' ' - "$tmp/want" |
                awk '$1 == $2 { ok++ } END { printf "%d ", ok + 0 }' >"$tmp/$algo.$r"
            awk '{ n += $3; t += $4 } END { printf "%d %d\n", n, t }' \
                "$tmp/out" >>"$tmp/$algo.$r"
        done
    done
    ab=$(for r in $(seq "$rounds"); do cut -d' ' -f3 "$tmp/alphabeta.$r"; done | sort -n | head -n 1)
    for algo in alphabeta pns dfpn; do
        best=$(for r in $(seq "$rounds"); do cut -d' ' -f3 "$tmp/$algo.$r"; done | sort -n | head -n 1)
            read -r ok nodes _ <"$tmp/$algo.1"
        awk -v s="$set" -v a="$algo" -v ok="$ok" -v c="$count" -v n="$nodes" \
            -v t="$best" -v ab="$ab" 'BEGIN {
                r = "-"
                if (ab > 0)
                    r = sprintf("x%.1f", t / ab)
                printf "%-8s %-10s %4d/%-3d %12d %10.1f %8s\n", s, a, ok, c, n,
                       t / 1000, r }'
    done
done
