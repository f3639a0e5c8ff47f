#!/bin/sh
# The example programs of examples/ (built against the public API alone):
# each run's output, to the byte.
#
# usage: test_examples.sh NIM SOLVE_TREE SOURCE_DIR [TAKE]
set -u
NIM=$1
SOLVE_TREE=$2
SRC=$3
TAKE=${4:-}
failed=0

# check NAME EXPECTED COMMAND...: the command prints EXPECTED and exits 0.
check() {
    name=$1
    expected=$2
    shift 2
    out=$("$@" 2>&1)
    status=$?
    if [ "$status" -ne 0 ] || [ "$out" != "$expected" ]; then
        echo "FAIL: $name (exit status $status)"
        echo "--- expected"
        echo "$expected"
        echo "--- got"
        echo "$out"
        failed=$((failed + 1))
    else
        echo "ok: $name"
    fi
}

check "nim 3 4 5" "piles: 3 4 5
value: 1 (the player to move wins)
best move: take 2 from pile 1" "$NIM"

check "nim 4 8" "piles: 4 8
value: -1 (the player to move loses)
best move: take 1 from pile 1" "$NIM" 4 8

check "nim 1 2 3 5" "piles: 1 2 3 5
value: 1 (the player to move wins)
best move: take 1 from pile 1" "$NIM" 1 2 3 5

check "solve_tree seed.tree" "value: 5
best: D
nodes visited: 12" "$SOLVE_TREE" "$SRC/examples/seed.tree"

check "solve_tree dice.tree" "value: 5
best: M1
nodes visited: 11" "$SOLVE_TREE" "$SRC/examples/dice.tree"

check "solve_tree two-ghosts.tree (depth: 2)" "value: 1
best: g1
nodes visited: 21" "$SOLVE_TREE" "$SRC/examples/two-ghosts.tree"

out=$("$NIM" 16 2>&1)
status=$?
if [ "$status" -ne 2 ] || [ "$out" != "nim: '16' is not a pile of 0 to 15 stones" ]; then
    echo "FAIL: nim 16 (exit status $status): $out"
    failed=$((failed + 1))
else
    echo "ok: nim 16 refused"
fi

# take.c, the game README.md shows whole.
if [ -n "$TAKE" ]; then
    check "take" "pile of 10: a win, take 2 (329 nodes)" "$TAKE"
    check "take 12" "pile of 12: a loss, take 1 (987 nodes)" "$TAKE" 12
    check "take 1" "pile of 1: a win, take 1 (2 nodes)" "$TAKE" 1
    out=$("$TAKE" 21 2>&1)
    status=$?
    if [ "$status" -ne 2 ] || [ "$out" != "take: give 1 to 20 stones" ]; then
        echo "FAIL: take 21 (exit status $status): $out"
        failed=$((failed + 1))
    else
        echo "ok: take 21 refused"
    fi
fi

[ "$failed" -eq 0 ]
