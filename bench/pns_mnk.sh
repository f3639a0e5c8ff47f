#!/bin/sh
# bench/pns_mnk.sh: the m,n,k and Gomoku rows of docs/algorithms.md's
# table of proof-number search against alpha-beta: bench_pns on each
# position, alpha-beta, pns and dfpn run in turn ROUNDS times (default
# 3), so that the time ratios are measured alike under the same load.
#
#   sh bench/pns_mnk.sh [BENCH_PNS_BINARY [ROUNDS]]   (default build/bench_pns)
#
# Each line is printed before its searches, as the command that repeats
# it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
b=${1:-$here/../build/bench_pns}
rounds=${2:-3}

row() {   # ROWS COLS K POSITION MAX_NODES
    echo "bench_pns $1 $2 $3 \"$4\" $5 \"\" $rounds"
    "$b" "$1" "$2" "$3" "$4" "$5" "" "$rounds"
}

# tic-tac-toe, and 4,4,4 after O a1, X b2
row 3 3 3 "" 100000000
row 4 4 4 "O....X.........." 30000000
# 5,5,4: six random stones (random.Random(1)), X to move
for pos in "..XXX...O......O..O......" "......O.....X.OX....O...X" \
           "X..X........OX.O...O....." "O......OX.....O.......X.X" \
           "O..O......X.......X.OX..." "X.....X.....OO...O..X...." \
           "O......O......XOX......X." ".......O...X..O..X...X.O."; do
    row 5 5 4 "$pos" 3000000
done
# Gomoku's five in a row on small boards: an open three for X to move
# (in a row, on a diagonal, split), a broken four-three, and fourteen
# random stones
row 7 7 5 "O.....O................XXX......................O" 2000000
row 7 7 5 "...O....X.......X....O..X....................O..." 2000000
row 6 6 5 "O....O.......XX.X.............O....." 2000000
row 7 7 5 "O.....O.........XX......X......X..........O.....O" 2000000
row 6 6 5 "...X.OX.XOX........O.O.OOX.X....O.X." 2000000
