#!/bin/sh
# gamesearch's proof-number searches (--algo pns, dfpn) and --max-nodes,
# driven as a user drives them: exact standard output, standard error and
# exit status.
#
# usage: test_pns_cli.sh GAMESEARCH_BINARY SOURCE_DIR
set -u
GS=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

# run [--stdin FILE] ARGS...: runs gamesearch, keeping stdout, stderr, status.
run() {
    input=/dev/null
    if [ $# -gt 0 ] && [ "$1" = --stdin ]; then
        input=$2
        shift 2
    fi
    "$GS" "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
    status=$?
}

# check NAME STATUS STDOUT STDERR: the last run gave exactly these.
check() {
    printf '%s' "$3" >"$TMP/want_out"
    printf '%s' "$4" >"$TMP/want_err"
    [ -n "$3" ] && echo >>"$TMP/want_out"
    [ -n "$4" ] && echo >>"$TMP/want_err"
    if [ "$status" -ne "$2" ]; then
        failed=$((failed + 1))
        echo "FAIL: $1: exit status $status, expected $2"; cat "$TMP/err"
    elif ! cmp -s "$TMP/out" "$TMP/want_out"; then
        failed=$((failed + 1))
        echo "FAIL: $1: standard output differs:"; diff "$TMP/want_out" "$TMP/out"
    elif ! cmp -s "$TMP/err" "$TMP/want_err"; then
        failed=$((failed + 1))
        echo "FAIL: $1: standard error differs:"; diff "$TMP/want_err" "$TMP/err"
    else
        passed=$((passed + 1))
    fi
}

bad_input() {
    name=$1
    want=$2
    shift 2
    run "$@"
    check "$name" 2 "" "$want"
}

R='depth=3,values=-1..1,seed=2'

# ---- tree ----
run tree --random "$R" --algo pns
check "tree --algo pns: a win in one proof" 0 "algorithm: pns (proof-number search)
value: 1 (proved: a win for MAX)
best: B
nodes: 13, leaves: 5 (one proof)" ""
run tree --random "$R" --algo minimax --json
case $(cat "$TMP/out") in '{"value":1,"best":"B",'*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); echo "FAIL: minimax's value of $R" ;; esac
printf "['A', ('B', -1), ('C', 0)]\n" >"$TMP/draw.tree"
run tree "$TMP/draw.tree" --algo pns
check "tree --algo pns: a draw in two proofs" 0 "algorithm: pns (proof-number search)
value: 0 (proved: a draw)
best: C
nodes: 6, leaves: 4 (two proofs)" ""
run tree "$TMP/draw.tree" --algo dfpn
check "tree --algo dfpn" 0 "algorithm: dfpn (depth-first proof-number search)
value: 0 (proved: a draw)
best: C
nodes: 6, leaves: 4 (two proofs)" ""
run tree --random "$R" --algo pns --max-nodes 4
check "tree --algo pns --max-nodes: not proved, exit 1" 1 "value: not proved (stopped by --max-nodes)
nodes: 3" "gamesearch tree: --random '$R': stopped by --max-nodes (4 nodes) before the value was proved"
run tree --random "$R" --algo alphabeta --max-nodes 3
check "tree --algo alphabeta --max-nodes: stopped, exit 1" 1 "" "gamesearch tree: --random '$R': stopped by --max-nodes (3 nodes) before the value was known"
bad_input "tree --algo pns: a leaf that is no outcome" "gamesearch tree: $SRC/examples/seed.tree:3:13: --algo pns proves outcomes, so every leaf must be -1, 0 or 1, and leaf 'E' is 3" tree "$SRC/examples/seed.tree" --algo pns
bad_input "tree --algo dfpn: a random leaf that is no outcome" "gamesearch tree: --random 'depth=3,values=0..2,seed=2': --algo dfpn proves outcomes, so every leaf must be -1, 0 or 1, and leaf 'J' is 2" tree --random depth=3,values=0..2,seed=2 --algo dfpn
bad_input "tree --algo pns --depth" "gamesearch tree: --depth goes with the depth-first algorithms: pns proves the value at the leaves" tree "$TMP/draw.tree" --algo pns --depth 2
bad_input "tree --algo pns --html" "gamesearch tree: --algo pns proves the outcome without the search's events, so it has no trace, drawing, page or check: give it without --dot, --trace, --html and --check (--json works)" tree "$TMP/draw.tree" --algo pns --html "$TMP/page.html"
[ -e "$TMP/page.html" ] && { failed=$((failed + 1)); echo "FAIL: tree --algo pns --html wrote a page"; }
run tree --random "$R" --algo pns --json
check "tree --algo pns --json: a win" 0 '{"algorithm":"pns","value":1,"proved":true,"result":"win","best":"B","nodes":13,"leaves":5,"proofs":1}' ""
run tree "$TMP/draw.tree" --algo dfpn --json
check "tree --algo dfpn --json: a draw" 0 '{"algorithm":"dfpn","value":0,"proved":true,"result":"draw","best":"C","nodes":6,"leaves":4,"proofs":2}' ""
run tree --random "$R" --algo pns --json --max-nodes 4
check "tree --algo pns --json: not proved, exit 1" 1 '{"algorithm":"pns","value":null,"proved":false,"result":null,"best":null,"nodes":3,"stopped":"nodes"}' "gamesearch tree: --random '$R': stopped by --max-nodes (4 nodes) before the value was proved"
bad_input "tree --algo pns on a chance tree" "gamesearch tree: --random 'depth=2,agents=max+chance,values=-1..1,seed=4': --algo pns searches trees of max and min nodes only, and agent 2 is chance (use --algo alphabeta or minimax)" tree --random depth=2,agents=max+chance,values=-1..1,seed=4 --algo pns
bad_input "tree --max-nodes: a bad value" "gamesearch tree: --max-nodes needs a whole number of nodes from 0 to 10^15 (0: no limit), not 'x'" tree "$TMP/draw.tree" --max-nodes x

# untime: the last run's times, which vary, as T.
untime() {
    sed -e 's/"time_ms":[0-9.]*/"time_ms":T/' -e 's/time: [0-9.]* ms/time: T ms/' "$TMP/out" >"$TMP/out2"
    mv "$TMP/out2" "$TMP/out"
}

# ---- ttt, mnk, gomoku ----
run ttt --solve X...O.... --algo pns --json
untime
check "ttt --solve --algo pns" 0 '{"value":0,"best":[1,2,3,5,6,7,8],"nodes":1788,"time_ms":T}' ""
run ttt --solve X...O.... --algo alphabeta --json
untime
case $(cat "$TMP/out") in '{"value":0,"best":[1,2,3,5,6,7,8],'*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); echo "FAIL: alpha-beta's solve of X...O...." ;; esac
run ttt --solve XX..O.... --algo dfpn
untime
check "ttt --solve --algo dfpn: the one move that draws" 0 "     a   b   c
  1  X | X | .
    ---+---+---
  2  . | O | .
    ---+---+---
  3  . | . | .
O to move: draw
value: 0
optimal moves: c1
nodes: 140, time: T ms" ""
run ttt --solve X...O.... --algo pns --max-nodes 100 --json
untime
check "ttt --solve --max-nodes: not proved, exit 1" 1 '{"value":null,"stopped":"nodes","proved":0,"moves":7,"best_proved":[],"nodes":99,"time_ms":T}' "gamesearch ttt: --solve: stopped by --max-nodes (100 nodes) before the value was proved (0 of 7 moves proved)"
run ttt --solve X...O.... --algo alphabeta --max-nodes 300
untime
check "ttt --solve --algo alphabeta --max-nodes" 1 "     a   b   c
  1  X | . | .
    ---+---+---
  2  . | O | .
    ---+---+---
  3  . | . | .
X to move: not proved: the node limit (300 nodes) stopped the search (5 of 7 moves proved)
best of the proved moves: draw (value 0): b1 c1 a2 c2 a3
nodes: 300, time: T ms" "gamesearch ttt: --solve: stopped by --max-nodes (300 nodes) before the value was proved (5 of 7 moves proved)"
bad_input "ttt --algo pns --depth" "gamesearch ttt: --depth goes with the depth-first algorithms: pns proves the outcome at the end of the game" ttt --solve X...O.... --algo pns --depth 3
bad_input "gomoku --algo pns without --max-nodes" "gamesearch gomoku: --algo pns on a board of more than 16 cells needs --max-nodes N (its memory grows with its nodes)" gomoku --solve x --algo pns
bad_input "mnk --max-nodes: a bad value" "gamesearch mnk: --max-nodes needs a whole number of nodes from 0 to 10^15 (0: no limit), not '-1'" mnk --solve ......... --max-nodes -1

# ---- connect4 ----
printf '5554224333234511764415115\n52753311433677442422121\n1233722555341451114725221333\n' >"$TMP/c4"
run --stdin "$TMP/c4" connect4 solve --weak --algo pns
sed 's/ [0-9]*$//' "$TMP/out" >"$TMP/out2"; mv "$TMP/out2" "$TMP/out"
check "connect4 solve --weak --algo pns" 0 "5554224333234511764415115 1 2468
52753311433677442422121 1 1968
1233722555341451114725221333 -1 6088" ""
run --stdin "$TMP/c4" connect4 solve --weak --algo dfpn --max-nodes 1500
sed 's/ [0-9]*$//' "$TMP/out" >"$TMP/out2"; mv "$TMP/out2" "$TMP/out"
check "connect4 solve --weak --algo dfpn --max-nodes" 1 "5554224333234511764415115 ? 1499
52753311433677442422121 1 1192
1233722555341451114725221333 ? 1498" "gamesearch connect4: line 1: stopped by --max-nodes before the score was known
gamesearch connect4: line 3: stopped by --max-nodes before the score was known"
bad_input "connect4 --algo pns without --weak" "gamesearch connect4: --algo pns goes with solve --weak (it proves a position's outcome, the sign of its score)" connect4 solve --algo pns
bad_input "connect4 analyze --algo dfpn" "gamesearch connect4: --algo dfpn goes with solve --weak (it proves a position's outcome, the sign of its score)" connect4 analyze 44 --weak --algo dfpn

# ---- match ----
run match ttt --a pns --b alphabeta -n 2 --moves
check "match: pns draws tic-tac-toe against alpha-beta" 0 "game 1: a first, draw in 9 plies: b2 a1 c1 a3 a2 c2 b3 b1 c3
game 2: b first, draw in 9 plies: b2 a1 c1 a3 a2 c2 b3 b1 c3
a: pns
b: alphabeta
2 games: a won 0, b won 0, 2 drawn
score of a: 0.500 (95% interval 0.500 to 0.500)
Elo difference: 0.0 (95% interval 0.0 to 0.0)" ""
run match mnk --k 2 --a dfpn --b random -n 2 --moves
check "match: dfpn plays a proved win" 0 "game 1: a first, a wins in 3 plies: c3 a1 b2
game 2: b first, b wins in 3 plies: b3 b2 a3
a: dfpn
b: random
2 games: a won 1, b won 1, 0 drawn
score of a: 0.500 (95% interval 0.000 to 1.000)
Elo difference: 0.0 (95% interval -inf to +inf)" ""
bad_input "match: pns with a depth" "gamesearch match: --a 'pns:depth=3': pns players take no 'depth'" match ttt --a pns:depth=3 --b random

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
