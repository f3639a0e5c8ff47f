#!/bin/sh
# The gamesearch program driven as a user drives it: exact standard output,
# standard error and exit status for good and bad input.
#
# usage: test_cli.sh GAMESEARCH_BINARY SOURCE_DIR
set -u
GS=$1
SRC=$2
EX=$SRC/examples
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

ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    echo "FAIL: $1"
    shift
    for line in "$@"; do echo "  $line"; done
}

# check NAME STATUS STDOUT STDERR: the last run gave exactly these.
check() {
    printf '%s' "$3" >"$TMP/want_out"
    printf '%s' "$4" >"$TMP/want_err"
    [ -n "$3" ] && echo >>"$TMP/want_out"
    [ -n "$4" ] && echo >>"$TMP/want_err"
    if [ "$status" -ne "$2" ]; then
        bad "$1" "exit status $status, expected $2" "stderr: $(cat "$TMP/err")"
    elif ! cmp -s "$TMP/out" "$TMP/want_out"; then
        bad "$1" "standard output differs:" "$(diff "$TMP/want_out" "$TMP/out")"
    elif ! cmp -s "$TMP/err" "$TMP/want_err"; then
        bad "$1" "standard error differs:" "$(diff "$TMP/want_err" "$TMP/err")"
    else
        ok
    fi
}

# bad_input NAME EXPECTED_STDERR ARGS...: exit 2, nothing on stdout.
bad_input() {
    name=$1
    want=$2
    shift 2
    run "$@"
    check "$name" 2 "" "$want"
}

# ---- solving ----

run tree "$EX/seed.tree"
check "seed tree, text" 0 "algorithm: alphabeta, textbook pruning (cut on v >= beta, v <= alpha)
agents: max min
value: 5
best: D
principal variation: A -> D -> L
nodes visited: 12 (7 leaves evaluated, 2 cutoffs)
visited: A B E F G C H D K L M N
pruned: I J O" ""

run tree "$EX/seed.tree" --json
check "seed tree, json" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","F","G","C","H","D","K","L","M","N"],"pruned":["I","J","O"],"nodes":12,"leaves":7}' ""

run tree --no-prune-equal --json "$EX/seed.tree"
check "seed tree, CS188 pruning: same value, same cuts" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","F","G","C","H","D","K","L","M","N"],"pruned":["I","J","O"],"nodes":12,"leaves":7}' ""

run tree "$EX/seed.tree" --algo minimax --json
check "seed tree, minimax visits all 15" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","F","G","C","H","I","J","D","K","L","M","N","O"],"pruned":[],"nodes":15,"leaves":10}' ""

run tree "$EX/seed.tree" --algo=expectimax --json
check "seed tree, expectimax: MIN nodes averaged" 0 '{"value":8.666666666666666,"best":"D","action":"D","pv":["A","D"],"visited":["A","B","E","F","G","C","H","I","J","D","K","L","M","N","O"],"pruned":[],"nodes":15,"leaves":10}' ""

run tree "$EX/seed.tree" --agents max,chance --json
check "--agents turns MIN into chance" 0 '{"value":8.666666666666666,"best":"D","action":"D","pv":["A","D"],"visited":["A","B","E","F","G","C","H","I","J","D","K","L","M","N","O"],"pruned":[],"nodes":15,"leaves":10}' ""

printf "['A', ['B', ('C', 3)], ['D', ('E', 3), ('F', 1)]]" >"$TMP/tie.tree"
run tree "$TMP/tie.tree" --json
check "tie: the textbook rule prunes on equality" 0 '{"value":3,"best":"B","action":"B","pv":["A","B","C"],"visited":["A","B","C","D","E"],"pruned":["F"],"nodes":5,"leaves":2}' ""
run tree "$TMP/tie.tree" --json --no-prune-equal
check "tie: the CS188 rule does not" 0 '{"value":3,"best":"B","action":"B","pv":["A","B","C"],"visited":["A","B","C","D","E","F"],"pruned":[],"nodes":6,"leaves":3}' ""

run --stdin "$EX/aima-5-2.tree" tree
check "AIMA figure 5.2 from standard input" 0 "algorithm: alphabeta, textbook pruning (cut on v >= beta, v <= alpha)
agents: max min
value: 3
best: B (action a1)
principal variation: A -> B -> B1
nodes visited: 11 (7 leaves evaluated, 1 cutoff)
visited: A B B1 B2 B3 C C1 D D1 D2 D3
pruned: C2 C3" ""

run --stdin "$EX/aima-5-2.tree" tree - --json
check "'-' reads standard input" 0 '{"value":3,"best":"B","action":"a1","pv":["A","B","B1"],"visited":["A","B","B1","B2","B3","C","C1","D","D1","D2","D3"],"pruned":["C2","C3"],"nodes":11,"leaves":7}' ""

run tree "$EX/two-ghosts.tree" --json
check "two MIN agents in a row" 0 '{"value":1,"best":"g1","action":"West","pv":["p","g1","h1","q2","r3"],"visited":["p","g1","h1","q1","r1","r2","q2","r3","h2","q3","r4","g2","h3","q4","r6","q5","r7","r8","h4","q6","r9"],"pruned":["r5"],"nodes":21,"leaves":8}' ""

run tree "$EX/two-ghosts.tree" --depth 1 --json
# q1..q6 are read at ply 3: h1 = min(7, -3), h2 = 4, g1 = -3; h3 = min(12, 9),
# h4 = 0, g2 = 0; p = max(-3, 0) = 0 by East. Nothing can be pruned.
check "a depth cutoff reads inner nodes' values" 0 '{"value":0,"best":"g2","action":"East","pv":["p","g2","h4","q6"],"visited":["p","g1","h1","q1","q2","h2","q3","g2","h3","q4","q5","h4","q6"],"pruned":[],"nodes":13,"leaves":6}' ""

run tree "$EX/dice.tree" --json
check "Star1 prunes at chance nodes with bounds" 0 '{"value":5,"best":"M1","action":"safe","pv":["S","M1","C1"],"visited":["S","M1","C1","L1","H1","C2","L2","H2","M2","C3","L3"],"pruned":["H3","C4"],"nodes":11,"leaves":5}' ""

run tree "$EX/dice.tree" --algo minimax --json
check "expectiminimax on the same tree: same value" 0 '{"value":5,"best":"M1","action":"safe","pv":["S","M1","C1"],"visited":["S","M1","C1","L1","H1","C2","L2","H2","M2","C3","L3","H3","C4","L4","H4"],"pruned":[],"nodes":15,"leaves":8}' ""

# ---- drawing ----

run tree "$EX/seed.tree" --dot -
crosses=$(grep -c 'color=orange' "$TMP/out")
bold=$(grep -c 'penwidth=3' "$TMP/out")
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^digraph gametree {$' &&
    [ "$crosses" -eq 3 ] && [ "$bold" -eq 5 ] && [ ! -s "$TMP/err" ] &&
    grep -q 'n5 \[shape=ellipse, label="C" + "\\n≤ 2"\];' "$TMP/out"; then
    ok
else
    bad "--dot -: 3 crossed edges, PV (3 nodes, 2 edges) bold, C <= 2" "status $status crosses $crosses bold $bold"
fi

run tree "$EX/seed.tree" --dot "$TMP/seed.dot" --json
if [ "$status" -eq 0 ] && grep -q '"value":5' "$TMP/out" && [ -s "$TMP/seed.dot" ] &&
    tail -n 1 "$TMP/seed.dot" | grep -q '^}$'; then
    ok
else
    bad "--dot FILE writes the file and still prints" "status $status"
fi

# ---- help ----

run tree --help
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch tree'; then ok; else bad "tree --help" "status $status"; fi
run --help
if [ "$status" -eq 0 ] && grep -q '^  tree ' "$TMP/out"; then ok; else bad "--help" "status $status"; fi
run --version
check "--version" 0 "gamesearch 0.1.0" ""

# ---- bad input: one message, exit 2, nothing on stdout ----

run
if [ "$status" -eq 2 ] && [ ! -s "$TMP/out" ] && grep -q '^usage:' "$TMP/err"; then ok; else bad "no command" "status $status"; fi
bad_input "unknown command" "gamesearch: unknown command 'bogus' (see gamesearch --help)" bogus
bad_input "unknown option" "gamesearch tree: unknown option '--bogus' (see gamesearch tree --help)" tree --bogus "$EX/seed.tree"
bad_input "option without its value" "gamesearch tree: --depth needs a value (see gamesearch tree --help)" tree "$EX/seed.tree" --depth
bad_input "bad depth" "gamesearch tree: --depth needs a whole number of rounds from 0 to 1000000, not 'two'" tree --depth two "$EX/seed.tree"
bad_input "negative depth" "gamesearch tree: --depth needs a whole number of rounds from 0 to 1000000, not '-1'" tree --depth=-1 "$EX/seed.tree"
bad_input "bad algorithm" "gamesearch tree: unknown algorithm 'negamax' (expected minimax, alphabeta or expectimax)" tree --algo negamax "$EX/seed.tree"
bad_input "flag with a value" "gamesearch tree: --json takes no value" tree --json=yes "$EX/seed.tree"
bad_input "two inputs" "gamesearch tree: one input at a time: 'a.tree' and 'b.tree' (see gamesearch tree --help)" tree a.tree b.tree
bad_input "--json and --dot - together" "gamesearch tree: --json and --dot - cannot both write to standard output; give --dot a file name" tree --json --dot - "$EX/seed.tree"
bad_input "bad --agents" "gamesearch tree: --agents 'max,mni': unknown role 'mni' (expected max, min or chance)" tree --agents max,mni "$EX/seed.tree"
bad_input "missing file" "gamesearch tree: $TMP/none.tree: cannot open: No such file or directory" tree "$TMP/none.tree"
bad_input "unwritable --dot" "gamesearch tree: --dot $TMP/no/such/dir.dot: cannot write: No such file or directory" tree "$EX/seed.tree" --dot "$TMP/no/such/dir.dot"

t() { printf "$1" >"$TMP/bad.tree"; }
t "['A', ('B', 1)"
bad_input "unclosed list" "gamesearch tree: $TMP/bad.tree:1:15: expected ',' or ']' after a list element, but the input ends" tree "$TMP/bad.tree"
t "['A', ('B', 1, 2)]"
bad_input "tuple of three" "gamesearch tree: $TMP/bad.tree:1:16: expected ')' after the value of 'B' (a tuple is (name, value))" tree "$TMP/bad.tree"
t "A: B C\nB = 1\n"
bad_input "child never defined" "gamesearch tree: $TMP/bad.tree:1:6: node 'C' is used as a child but never defined" tree "$TMP/bad.tree"
t "A: B\nB: C\nC: A\n"
bad_input "cycle" "gamesearch tree: $TMP/bad.tree:1:1: cycle: A -> B -> C -> A" tree "$TMP/bad.tree"
t "agents: max min chance\nA: B\nB: C\nC: X@0.5 Y@0.4\nX = 1\nY = 2\n"
bad_input "probabilities" "gamesearch tree: $TMP/bad.tree:4:1: probabilities of 'C' sum to 0.9, not 1" tree "$TMP/bad.tree"
t "agents: max min mx\n"
bad_input "unknown role" "gamesearch tree: $TMP/bad.tree:1:17: unknown role 'mx' (expected max, min or chance)" tree "$TMP/bad.tree"
t "A: B C\nB = 1\nC:\n"
bad_input "leaf without a value" "gamesearch tree: $TMP/bad.tree:3:1: node 'C' has no value (a leaf needs one)" tree "$TMP/bad.tree"
bad_input "cutoff node without a value" "gamesearch tree: $EX/seed.tree:5:34: node 'M' is cut off at ply 2 but has no value" tree "$EX/seed.tree" --depth 1
t "bounds: -10 10\nA: B\nB = 11\n"
bad_input "value outside the bounds" "gamesearch tree: $TMP/bad.tree:3:5: value 11 of 'B' lies outside the bounds -10 .. 10" tree "$TMP/bad.tree"
t ""
bad_input "empty input" "gamesearch tree: $TMP/bad.tree: empty input: no tree" tree "$TMP/bad.tree"
t "A: B\nB = \001\n"
bad_input "binary junk" "gamesearch tree: $TMP/bad.tree:2:5: unexpected character '\\x01'" tree "$TMP/bad.tree"
printf 'A: B\nB = 1\n\000\n' >"$TMP/bad.tree"
bad_input "a NUL byte" "gamesearch tree: $TMP/bad.tree:3:1: unexpected character '\\x00'" tree "$TMP/bad.tree"

# A list nested a million levels deep: parsed, then refused by the search.
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "[\"n\", "; printf "(\"x\", 1)";
             for (i = 0; i < 1000000; i++) printf "]" }' >"$TMP/deep.tree"
bad_input "a million levels deep" "gamesearch tree: $TMP/deep.tree: the tree is 1000000 plies deep, more than the 4096 plies gamesearch searches; cut it off with --depth" tree "$TMP/deep.tree"
bad_input "a million levels deep, cut off" "gamesearch tree: $TMP/deep.tree:1:25: node 'n' is cut off at ply 4 but has no value" tree "$TMP/deep.tree" --depth 2

# 4096 plies is within reach.
awk 'BEGIN { for (i = 0; i < 4095; i++) printf "[\"n\", "; printf "(\"x\", 7)";
             for (i = 0; i < 4095; i++) printf "]" }' >"$TMP/deep4096.tree"
run tree "$TMP/deep4096.tree" --json
if [ "$status" -eq 0 ] && grep -q '^{"value":7,"best":"n",' "$TMP/out" && grep -q '"nodes":4096,"leaves":1}$' "$TMP/out"; then
    ok
else
    bad "a chain 4096 plies deep is searched" "status $status: $(head -c 200 "$TMP/err")"
fi

# Random bytes: a clear error, never a crash.
i=0
while [ $i -lt 20 ]; do
    head -c 4096 /dev/urandom >"$TMP/junk.tree"
    run tree "$TMP/junk.tree"
    if [ "$status" -ne 2 ] || [ -s "$TMP/out" ] || [ "$(wc -l <"$TMP/err")" -ne 1 ]; then
        cp "$TMP/junk.tree" "${TMPDIR:-/tmp}/gamesearch-junk-$$.tree"
        bad "random bytes (kept in ${TMPDIR:-/tmp}/gamesearch-junk-$$.tree)" "status $status"
        break
    fi
    i=$((i + 1))
done
[ $i -eq 20 ] && ok


# ---- tic-tac-toe, m,n,k, Gomoku ----

# json_no_time: the last run's output without its time_ms field.
json_no_time() { sed 's/,"time_ms":[0-9.]*//' "$TMP/out"; }

run ttt --solve .........  --json
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":0,"best":[0,1,2,3,4,5,6,7,8],"nodes":2127}' ]; then ok; else bad "ttt --solve empty board" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve ......... --algo minimax --no-tt --json
# plain minimax under each of the nine first moves: the whole tree less its root
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":0,"best":[0,1,2,3,4,5,6,7,8],"nodes":549945}' ]; then ok; else bad "ttt --solve by plain minimax" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve ....X.... --json
# after X takes the centre, only the corners hold the draw for O
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":0,"best":[0,2,6,8],"nodes":1185}' ]; then ok; else bad "ttt --solve: O must take a corner" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve X.O...... --json
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":1,"best":[3,6,8],"nodes":401}' ]; then ok; else bad "ttt --solve: X wins" "$(cat "$TMP/out" "$TMP/err")"; fi
run mnk --size 4x3 --solve ............ --json
if [ "$status" -eq 0 ] && grep -q '^{"value":1,"best":\[0,2,3,4,5,6,7,8,9,11\],' "$TMP/out"; then ok; else bad "(4,3,3) is a first-player win" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve XX.OO....
if [ "$status" -eq 0 ] && grep -q '^X to move: wins$' "$TMP/out" && grep -q '^optimal moves: c1$' "$TMP/out"; then ok; else bad "ttt --solve, for people" "$(cat "$TMP/out" "$TMP/err")"; fi

bad_input "ttt: bad character" "gamesearch ttt: --solve 'X.x......': unexpected character 'x' at cell 2 (use X, O or .)" ttt --solve X.x......
bad_input "ttt: wrong length" "gamesearch ttt: --solve 'X.O.....': the position has 8 cells, not 9" ttt --solve X.O.....
bad_input "ttt: impossible counts" "gamesearch ttt: --solve 'OO.......': O has 2 stones but X only 0 (X moves first)" ttt --solve OO.......
bad_input "ttt: game over" "gamesearch ttt: --solve 'XXX.OO...': the game is already over (X has a line)" ttt --solve XXX.OO...
bad_input "ttt: --json alone" "gamesearch ttt: --json goes with --solve" ttt --json
bad_input "ttt: no --size" "gamesearch ttt: unknown option '--size' (see gamesearch ttt --help)" ttt --size 3x3
bad_input "ttt: bad player" "gamesearch ttt: --x needs human or computer, not 'robot'" ttt --x robot
bad_input "mnk: bad size" "gamesearch mnk: --size needs ROWSxCOLUMNS, each 1 to 32, not '0x3'" mnk --size 0x3
bad_input "mnk: k too long" "gamesearch mnk: --k 4 cannot fit on a 3x3 board" mnk --size 3x3 --k 4
bad_input "gomoku: solve needs a depth" "gamesearch gomoku: --solve on a board of more than 16 cells needs --depth N (a search to the end would not finish)" gomoku --solve x
bad_input "gomoku: bad time" "gamesearch gomoku: --time needs a number of seconds from 0 to 86400, not 'soon'" gomoku --time soon

# A person at the prompt: bad answers get a message and the prompt again;
# the end of input ends the game cleanly.
printf 'x\nb2\nzz\nb2\n\n10\n' >"$TMP/answers"
run --stdin "$TMP/answers" ttt
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] &&
    grep -q "^computer (O) plays a1$" "$TMP/out" &&
    grep -q "^'zz' is not a cell of this 3x3 board: type a cell such as a1, or a number from 1 to 9.$" "$TMP/out" &&
    grep -q "^b2 is taken: choose an empty cell.$" "$TMP/out" &&
    grep -q "^Type a cell such as a1, or q to quit.$" "$TMP/out" &&
    grep -q "^'10' is not a cell" "$TMP/out" &&
    tail -n 1 "$TMP/out" | grep -q "^Game left unfinished.$" &&
    grep -q "^computer move: [0-9.]* ms, [0-9,]* nodes$" "$TMP/out"; then
    ok
else
    bad "ttt at the prompt" "status $status" "$(tail -n 5 "$TMP/out")"
fi
run ttt --x computer --o computer
if [ "$status" -eq 0 ] && tail -n 1 "$TMP/out" | grep -q '^Draw.$' && [ "$(grep -c '^computer move' "$TMP/out")" -eq 9 ]; then ok; else bad "two perfect computers draw" "status $status"; fi
printf 'o\nb2\na1\nc3\n' >"$TMP/answers"
run --stdin "$TMP/answers" ttt
if [ "$status" -eq 0 ] && grep -q "^computer (X) plays b2$" "$TMP/out" && grep -q '^b2 is taken' "$TMP/out"; then ok; else bad "ttt as O: the computer opens in the centre" "$(head -n 12 "$TMP/out")"; fi
run gomoku --x computer --o computer --time 0.05 --start "$(printf '%0.s.' $(seq 1 112))X$(printf '%0.s.' $(seq 1 112))" --depth 1
if [ "$status" -eq 0 ] && grep -Eq '^(X|O) wins\.$|^Draw\.$' "$TMP/out"; then ok; else bad "gomoku: two computers finish a game" "status $status $(tail -n 3 "$TMP/err")"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
