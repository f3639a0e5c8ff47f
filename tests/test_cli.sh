#!/bin/sh
# The gamesearch program driven as a user drives it: exact standard output,
# standard error and exit status for good and bad input.
#
# usage: test_cli.sh GAMESEARCH_BINARY SOURCE_DIR [SHARED_DIR [THREADS]]
#
# THREADS is the build's GS_THREADS (ON by default): OFF, and the cases
# that need threads check the program's refusal instead.
#
# The cases against reference data (Pons's Connect Four sets, CS188's
# layouts and traces) read SHARED_DIR (SOURCE_DIR/../shared by default) and
# are skipped, with a line saying so, when it is absent.
set -u
GS=$1
SRC=$2
SHARED=${3:-$SRC/../shared}
THREADS=${4:-ON}
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

# Whole numbers print whole, however many trailing zeros they have.
printf "['A', ['B', ('E', 70), ('F', 120000)], ['C', ('H', 2), ('I', 4)]]\n" >"$TMP/whole.tree"
run tree "$TMP/whole.tree" --json
check "whole values print whole" 0 '{"value":70,"best":"B","action":"B","pv":["A","B","E"],"visited":["A","B","E","F","C","H"],"pruned":["I"],"nodes":6,"leaves":3}' ""

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

# PVS, MTD(f) and SSS*: alpha-beta's value; the passes listed one after
# another, the children no pass reached as pruned, and how many passes.
run tree "$EX/seed.tree" --algo pvs --json
check "pvs: D scouted, then searched again" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","F","G","C","H","D","K","L","M","N","D","K","L","M","N"],"pruned":["I","J","O"],"nodes":17,"leaves":10}' ""
run tree "$EX/seed.tree" --algo mtdf --json
check "mtdf: three passes from 0" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","F","G","A","B","E","C","H","D","K","L","M","N","A","D","L","B","C"],"pruned":["I","J","O"],"nodes":20,"leaves":9,"passes":3}' ""
run tree "$EX/seed.tree" --algo sss
check "sss: three passes from +inf, five leaves of alpha-beta's seven" 0 "algorithm: sss, textbook pruning (cut on v >= beta, v <= alpha)
agents: max min
value: 5
best: D
principal variation: A -> D -> L
nodes visited: 21 (8 leaves evaluated, 5 cutoffs)
passes: 3
visited: A B E C H D K A B C D K L A B C D K L M N
pruned: F G I J O" ""
run tree "$EX/seed.tree" --algo sss --no-prune-equal --json
check "sss, strict rule" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","C","H","D","K","A","B","C","D","K","L","A","B","C","D","K","L","M","N"],"pruned":["F","G","I","J","O"],"nodes":21,"leaves":8,"passes":3}' ""
bad_input "sss refuses chance nodes" "gamesearch tree: $EX/dice.tree: --algo sss searches trees of max and min nodes only, and agent 3 is chance (use --algo alphabeta or minimax)" tree --algo sss "$EX/dice.tree"
for algo in pvs mtdf sss; do
    run ttt --solve X...O.... --algo $algo --json
    sed 's/"nodes":[0-9]*,"time_ms":[0-9.e+-]*/N/' "$TMP/out" >"$TMP/out2"
    mv "$TMP/out2" "$TMP/out"
    check "ttt --solve --algo $algo: alpha-beta's answer" 0 '{"value":0,"best":[1,2,3,5,6,7,8],N}' ""
done

# ---- numbers and text at their limits ----

# Chance nodes whose plain sums overflow: the expectation is still
# computed, and no JSON holds inf or NaN.
printf 'agents: max chance\nA: X Y\nY = -100\nX: a b c d e\na = 1e308\nb = 1e308\nc = -1e308\nd = -1e308\ne = -5\n' >"$TMP/huge.tree"
run tree "$TMP/huge.tree" --json
check "chance node near the limits of a double" 0 '{"value":-1,"best":"X","action":"X","pv":["A","X"],"visited":["A","X","a","b","c","d","e","Y"],"pruned":[],"nodes":8,"leaves":6}' ""
printf 'agents: max chance chance\nbounds: -1.5e308 1.5e308\nA: X Y\nY = -100\nX: P Q\nP: a b c d e\nQ: d c b a e\na = 1e308\nb = 1e308\nc = -1e308\nd = -1e308\ne = -5\n' >"$TMP/huge2.tree"
for algo in alphabeta minimax expectimax; do
    run tree "$TMP/huge2.tree" --algo $algo --json
    if [ "$status" -eq 0 ] && grep -q '^{"value":-1,"best":"X",' "$TMP/out"; then ok; else bad "nested chance nodes near the limits ($algo)" "$(cat "$TMP/out" "$TMP/err")"; fi
done
# Values at the edge of a double are read; beyond it, or not numbers, refused.
t() { printf "$1" >"$TMP/bad.tree"; }
t "A: B C\nB = 1.7976931348623157e308\nC = -1.7976931348623157e308\n"
run tree "$TMP/bad.tree" --json
check "the largest doubles are values" 0 '{"value":1.7976931348623157e+308,"best":"B","action":"B","pv":["A","B"],"visited":["A","B","C"],"pruned":[],"nodes":3,"leaves":2}' ""
t "A: B\nB = 1.8e308\n"
bad_input "a value beyond the largest double" "gamesearch tree: $TMP/bad.tree:2:5: number '1.8e308' is out of range" tree "$TMP/bad.tree"
# A finite decimal written out in full reads, up to 4096 characters.
{ printf 'A: B\nB = 1'; head -c 70 /dev/zero | tr '\0' 0; printf '\n'; } >"$TMP/long.tree"
run tree "$TMP/long.tree"
if [ "$status" -eq 0 ] && grep -qx 'value: 1e+70' "$TMP/out"; then ok; else bad "tree: 1 and 70 zeros" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
{ printf 'A: B\nB = 1.'; head -c 4095 /dev/zero | tr '\0' 0; printf '\n'; } >"$TMP/long.tree"
bad_input "tree: a number of 4097 characters" "gamesearch tree: $TMP/long.tree:2:5: number '1.00000000000000000000000000000000000000...' is too long (at most 4096 characters)" tree "$TMP/long.tree"
t "A: B\nB = -inf\n"
bad_input "an infinite value" "gamesearch tree: $TMP/bad.tree:2:5: invalid number '-inf'" tree "$TMP/bad.tree"
t "['A', ('B', nan)]"
bad_input "a NaN value" "gamesearch tree: $TMP/bad.tree:1:13: invalid number 'nan'" tree "$TMP/bad.tree"

# Expectimax searches the MIN agents as chance agents, and says so.
run tree "$EX/seed.tree" --algo expectimax
if [ "$status" -eq 0 ] && sed -n 2p "$TMP/out" | grep -qx 'agents: max chance'; then ok; else bad "expectimax: the roles as searched" "$(cat "$TMP/out" "$TMP/err")"; fi
run tree "$EX/two-ghosts.tree" --algo expectimax
if [ "$status" -eq 0 ] && sed -n 2p "$TMP/out" | grep -q '^agents: max chance chance'; then ok; else bad "expectimax: two ghosts as chance" "$(cat "$TMP/out" "$TMP/err")"; fi

# Every JSON document parses, and every DOT file is UTF-8 that Graphviz
# reads, whatever bytes the names and paths hold: bytes that are not
# UTF-8 become U+FFFD, and long names are never cut inside a character.
json_ok() { python3 -c 'import json,sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$1" 2>/dev/null; }
utf8_ok() { python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$1" 2>/dev/null; }
if command -v python3 >/dev/null 2>&1; then
    # a stray byte, an overlong '/', a character cut short
    odd=$(printf 'm\377a\300\257z\342\202.lay')
    printf '%%%%%%%%%%%%\n%%P ..%%\n%%%%%%%%%%%%\n' >"$TMP/$odd"
    run pacman -l "$TMP/$odd" -p GreedyAgent -q --json "$TMP/odd.json"
    if [ "$status" -eq 0 ] && json_ok "$TMP/odd.json" &&
        grep -q '"layout": ".*m\\ufffda\\ufffd\\ufffdz\\ufffd.lay"' "$TMP/odd.json"; then
        ok
    else
        bad "pacman --json: a layout path that is not UTF-8" "status $status" "$(grep layout "$TMP/odd.json")"
    fi
    run pacman -l "$TMP/$odd" -p GreedyAgent -q -a "depth=$(printf '\377')" --json "$TMP/odd2.json"
    [ "$status" -eq 2 ] && ok || bad "pacman -a: bad bytes are bad input" "status $status"
    run bench --json
    if [ "$status" -eq 0 ] && json_ok "$TMP/out"; then ok; else bad "bench --json parses" "status $status"; fi
    run tree "$TMP/huge.tree" --json
    if json_ok "$TMP/out"; then ok; else bad "tree --json near the limits parses" "$(cat "$TMP/out")"; fi
    # Action names of 297 to 300 bytes ending in a 2-, 3- or 4-byte
    # character, with probabilities: the edge labels once went through a
    # 300-byte buffer that cut them.
    long=$(awk 'BEGIN { for (i = 0; i < 296; i++) printf "x" }')
    printf 'agents: max chance\nA: C\nC: %s\303\251=L1@0.25 %sx\342\202\254=L2@0.25 %s\360\237\216\262=L3@0.5\nL1 = 1\nL2 = 2\nL3 = 3\n' \
        "$long" "$long" "$long" >"$TMP/long.tree"
    run tree "$TMP/long.tree" --dot "$TMP/long.dot"
    want=$(printf 'xlabel="x%s\342\202\254" + " 0.25"' "$long")
    if [ "$status" -eq 0 ] && utf8_ok "$TMP/long.dot" &&
        grep -qF "$want" "$TMP/long.dot"; then
        ok
    else
        bad "tree --dot: long action names whole, valid UTF-8" "status $status" "$(grep xlabel "$TMP/long.dot" | head -c 400)"
    fi
    if command -v dot >/dev/null 2>&1; then
        if dot -Tsvg "$TMP/long.dot" >"$TMP/long.svg" 2>"$TMP/dot.err" &&
            [ ! -s "$TMP/dot.err" ] && utf8_ok "$TMP/long.svg"; then
            ok
        else
            bad "dot -Tsvg reads the drawing" "$(cat "$TMP/dot.err")"
        fi
    fi
    # A name longer than the 16384 bytes Graphviz takes in one quoted
    # string: written in pieces joined with +, whole.
    huge_name=$(awk 'BEGIN { for (i = 0; i < 20000; i++) printf "N" }')
    printf "['%s', ('B', 1)]\n" "$huge_name" >"$TMP/hugename.tree"
    run tree "$TMP/hugename.tree" --dot "$TMP/hugename.dot"
    if [ "$status" -eq 0 ] &&
        [ "$(tr -c 'N' '\n' <"$TMP/hugename.dot" | awk 'length > 16384 { n++ } length > 0 { t += length } END { print n + 0, t }')" = "0 20000" ]; then
        ok
    else
        bad "tree --dot: a 20000-byte name in pieces Graphviz reads" "status $status"
    fi
    if command -v dot >/dev/null 2>&1; then
        if dot -Tsvg "$TMP/hugename.dot" >"$TMP/hugename.svg" 2>"$TMP/dot.err" &&
            [ ! -s "$TMP/dot.err" ]; then
            ok
        else
            bad "dot -Tsvg reads a 20000-byte name" "$(cat "$TMP/dot.err")"
        fi
    fi
else
    echo "skipped: the JSON and UTF-8 checks need python3"
fi

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

# --html: one self-contained page; names cannot end its script.
printf "A: B\nB: x=C y=D\nC = 1\nD = 2\n" | sed 's|^A: B|A: </script><b>|; s|^B:|</script><b>:|' >"$TMP/script.tree"
run tree "$TMP/script.tree" --html "$TMP/script.html" --json
if [ "$status" -eq 0 ] && grep -q '"value":1' "$TMP/out" &&
    head -n 1 "$TMP/script.html" | grep -q '^<!DOCTYPE html>$' &&
    [ "$(grep -o '</script>' "$TMP/script.html" | wc -l)" -eq 2 ] &&
    grep -qF '"name":"\u003c/script>\u003cb>"' "$TMP/script.html" &&
    ! grep -qE '(src|href)=' "$TMP/script.html"; then
    ok
else
    bad "--html FILE: one page, names escaped, nothing fetched, and still prints" "status $status"
fi
bad_input "--practice alone" "gamesearch tree: --practice makes a page: give --html FILE too" tree "$EX/seed.tree" --practice
cp "$EX/seed.tree" "$TMP/in.tree"
bad_input "--html over its input" "gamesearch tree: --html $TMP/in.tree names the input file: give another name" tree "$TMP/in.tree" --html "$TMP/in.tree"
bad_input "--html over the drawing" "gamesearch tree: --html $TMP/d.out names the drawing (--dot): give another name" tree "$TMP/in.tree" --dot "$TMP/d.out" --html "$TMP/d.out"
bad_input "--html in a missing directory" "gamesearch tree: --html $TMP/none/p.html: cannot write: No such file or directory" tree "$EX/seed.tree" --html "$TMP/none/p.html"

# ---- help ----

run tree --help
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch tree'; then ok; else bad "tree --help" "status $status"; fi
run --help
if [ "$status" -eq 0 ] && grep -q '^  tree ' "$TMP/out"; then ok; else bad "--help" "status $status"; fi
run --version
check "--version" 0 "gamesearch 0.4.0" ""

# ---- watching the search: --trace, --random, CS188 test files ----

run tree "$EX/seed.tree" --trace
check "seed tree, --trace: the step table" 0 "algorithm: alphabeta, textbook pruning (cut on v >= beta, v <= alpha)
agents: max min
value: 5
best: D
principal variation: A -> D -> L
nodes visited: 12 (7 leaves evaluated, 2 cutoffs)
visited: A B E F G C H D K L M N
pruned: I J O

step  event  node  ply  role       alpha      beta  value
   1  enter  A       0  max         -inf      +inf
   2  enter  B       1  min         -inf      +inf
   3  enter  E       2  max         -inf      +inf
   4  leave  E       2  max         -inf      +inf  3 leaf
   5  enter  F       2  max         -inf         3
   6  leave  F       2  max         -inf         3  12 leaf
   7  enter  G       2  max         -inf         3
   8  leave  G       2  max         -inf         3  8 leaf
   9  leave  B       1  min         -inf         3  3
  10  enter  C       1  min            3      +inf
  11  enter  H       2  max            3      +inf
  12  leave  H       2  max            3      +inf  2 leaf
  13  prune  I       1  min            3      +inf  cut at C: v = 2 < alpha = 3
  14  prune  J       1  min            3      +inf  cut at C: v = 2 < alpha = 3
  15  leave  C       1  min            3      +inf  <= 2
  16  enter  D       1  min            3      +inf
  17  enter  K       2  max            3      +inf
  18  leave  K       2  max            3      +inf  14 leaf
  19  enter  L       2  max            3        14
  20  leave  L       2  max            3        14  5 leaf
  21  enter  M       2  max            3         5
  22  enter  N       3  min            3         5
  23  leave  N       3  min            3         5  7 leaf
  24  prune  O       2  max            3         5  cut at M: v = 7 > beta = 5
  25  leave  M       2  max            3         5  >= 7
  26  leave  D       1  min            3         5  5
  27  leave  A       0  max            5      +inf  5" ""

run tree "$EX/seed.tree" --trace --json
check "seed tree, --trace --json" 0 '{"value":5,"best":"D","action":"D","pv":["A","D","L"],"visited":["A","B","E","F","G","C","H","D","K","L","M","N"],"pruned":["I","J","O"],"nodes":12,"leaves":7,"trace":[{"event":"enter","node":"A","parent":null,"alpha":null,"beta":null},{"event":"enter","node":"B","parent":"A","alpha":null,"beta":null},{"event":"enter","node":"E","parent":"B","alpha":null,"beta":null},{"event":"leave","node":"E","parent":"B","alpha":null,"beta":null,"value":3,"bound":"exact"},{"event":"enter","node":"F","parent":"B","alpha":null,"beta":3},{"event":"leave","node":"F","parent":"B","alpha":null,"beta":3,"value":12,"bound":"exact"},{"event":"enter","node":"G","parent":"B","alpha":null,"beta":3},{"event":"leave","node":"G","parent":"B","alpha":null,"beta":3,"value":8,"bound":"exact"},{"event":"leave","node":"B","parent":"A","alpha":null,"beta":3,"value":3,"bound":"exact"},{"event":"enter","node":"C","parent":"A","alpha":3,"beta":null},{"event":"enter","node":"H","parent":"C","alpha":3,"beta":null},{"event":"leave","node":"H","parent":"C","alpha":3,"beta":null,"value":2,"bound":"exact"},{"event":"prune","node":"I","parent":"C","alpha":3,"beta":null},{"event":"prune","node":"J","parent":"C","alpha":3,"beta":null},{"event":"leave","node":"C","parent":"A","alpha":3,"beta":null,"value":2,"bound":"upper"},{"event":"enter","node":"D","parent":"A","alpha":3,"beta":null},{"event":"enter","node":"K","parent":"D","alpha":3,"beta":null},{"event":"leave","node":"K","parent":"D","alpha":3,"beta":null,"value":14,"bound":"exact"},{"event":"enter","node":"L","parent":"D","alpha":3,"beta":14},{"event":"leave","node":"L","parent":"D","alpha":3,"beta":14,"value":5,"bound":"exact"},{"event":"enter","node":"M","parent":"D","alpha":3,"beta":5},{"event":"enter","node":"N","parent":"M","alpha":3,"beta":5},{"event":"leave","node":"N","parent":"M","alpha":3,"beta":5,"value":7,"bound":"exact"},{"event":"prune","node":"O","parent":"M","alpha":3,"beta":5},{"event":"leave","node":"M","parent":"D","alpha":3,"beta":5,"value":7,"bound":"lower"},{"event":"leave","node":"D","parent":"A","alpha":3,"beta":5,"value":5,"bound":"exact"},{"event":"leave","node":"A","parent":null,"alpha":5,"beta":null,"value":5,"bound":"exact"}]}' ""

# Star1 at the dice tree's chance nodes: the children's windows lie inside
# --dot-legend: the legend and why each cut, on the drawing of --dot.
run tree "$EX/seed.tree" --dot - --dot-legend
if [ "$status" -eq 0 ] && grep -q '^  legend \[shape=none' "$TMP/out" &&
   grep -q 'v = 2 &lt; &#945; = 3</font>>\];$' "$TMP/out" &&
   grep -q 'v = 7 &gt; &#946; = 5</font>>\];$' "$TMP/out" &&
   [ "$(grep -c '<br/>' "$TMP/out")" -eq 2 ]; then ok
else bad "--dot-legend: a legend, and the reason of each cut" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
if command -v dot >/dev/null 2>&1; then
    if dot -Tsvg "$TMP/out" >"$TMP/legend.svg" 2>"$TMP/err" && [ ! -s "$TMP/err" ]; then ok
    else bad "--dot-legend: Graphviz draws it without a word" "$(cat "$TMP/err")"; fi
fi
bad_input "--dot-legend without --dot" "gamesearch tree: --dot-legend adds to the drawing: give --dot FILE too" tree "$EX/seed.tree" --dot-legend

# Plain numbers, as homework gives a tree: named A, B, C ... level by level.
printf '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n' >"$TMP/homework.tree"
run tree "$TMP/homework.tree"
check "plain lists of numbers, text" 0 "algorithm: alphabeta, textbook pruning (cut on v >= beta, v <= alpha)
agents: max min
value: 3
best: B
principal variation: A -> B -> E
nodes visited: 11 (7 leaves evaluated, 1 cutoff)
visited: A B E F G C H D K L M
pruned: I J" ""
printf '[[3, 12, 8], [2, 4, 6], [14, 5, [7, 2]]]' | "$GS" tree - --dot - >"$TMP/plain.dot"
"$GS" tree "$EX/seed.tree" --dot - >"$TMP/seed.dot"
if cmp -s "$TMP/plain.dot" "$TMP/seed.dot"; then ok
else bad "plain lists: the seed tree's numbers draw as the seed tree" "$(diff "$TMP/seed.dot" "$TMP/plain.dot")"; fi

# the bounds, and a chance node's cut compares its bound with alpha.
run tree "$EX/dice.tree" --trace --json
check "dice tree, --trace --json with Star1" 0 '{"value":5,"best":"M1","action":"safe","pv":["S","M1","C1"],"visited":["S","M1","C1","L1","H1","C2","L2","H2","M2","C3","L3"],"pruned":["H3","C4"],"nodes":11,"leaves":5,"trace":[{"event":"enter","node":"S","parent":null,"alpha":null,"beta":null},{"event":"enter","node":"M1","parent":"S","alpha":null,"beta":null},{"event":"enter","node":"C1","parent":"M1","alpha":null,"beta":null},{"event":"enter","node":"L1","parent":"C1","alpha":0,"beta":10},{"event":"leave","node":"L1","parent":"C1","alpha":0,"beta":10,"value":4,"bound":"exact"},{"event":"enter","node":"H1","parent":"C1","alpha":0,"beta":10},{"event":"leave","node":"H1","parent":"C1","alpha":0,"beta":10,"value":6,"bound":"exact"},{"event":"leave","node":"C1","parent":"M1","alpha":null,"beta":null,"value":5,"bound":"exact"},{"event":"enter","node":"C2","parent":"M1","alpha":null,"beta":5},{"event":"enter","node":"L2","parent":"C2","alpha":0,"beta":10},{"event":"leave","node":"L2","parent":"C2","alpha":0,"beta":10,"value":6,"bound":"exact"},{"event":"enter","node":"H2","parent":"C2","alpha":0,"beta":4.666666676666667},{"event":"leave","node":"H2","parent":"C2","alpha":0,"beta":4.666666676666667,"value":6,"bound":"exact"},{"event":"leave","node":"C2","parent":"M1","alpha":null,"beta":5,"value":6,"bound":"lower"},{"event":"leave","node":"M1","parent":"S","alpha":null,"beta":5,"value":5,"bound":"exact"},{"event":"enter","node":"M2","parent":"S","alpha":5,"beta":null},{"event":"enter","node":"C3","parent":"M2","alpha":5,"beta":null},{"event":"enter","node":"L3","parent":"C3","alpha":4.444444434444445,"beta":10},{"event":"leave","node":"L3","parent":"C3","alpha":4.444444434444445,"beta":10,"value":0,"bound":"exact"},{"event":"prune","node":"H3","parent":"C3","alpha":5,"beta":null},{"event":"leave","node":"C3","parent":"M2","alpha":5,"beta":null,"value":0.9999999999999998,"bound":"upper"},{"event":"prune","node":"C4","parent":"M2","alpha":5,"beta":null},{"event":"leave","node":"M2","parent":"S","alpha":5,"beta":null,"value":0.9999999999999998,"bound":"upper"},{"event":"leave","node":"S","parent":null,"alpha":5,"beta":null,"value":5,"bound":"exact"}]}' ""

run tree --random depth=2,branching=2,values=0..9,seed=5
check "--random: a fixed spec, a fixed tree" 0 "# gamesearch tree --random depth=2,branching=2-2,values=0..9,agents=max+min,seed=5
agents: max min
A: B C
B: D E
C: F G
D = 9
E = 1
F = 6
G = 9" ""
"$GS" tree --random depth=2,branching=2,values=0..9,seed=5 >"$TMP/random.tree"
run --stdin "$TMP/random.tree" tree - --json
check "--random: its output parses and searches" 0 '{"value":6,"best":"C","action":"C","pv":["A","C","F"],"visited":["A","B","D","E","C","F","G"],"pruned":[],"nodes":7,"leaves":4}' ""
"$GS" tree --random depth=3,branching=2-3,agents=max+chance+min,values=-9..9,seed=2 >"$TMP/random.tree"
run tree "$TMP/random.tree" --json
value_ab=$(sed 's/.*"value":\([^,]*\),.*/\1/' "$TMP/out")
run tree "$TMP/random.tree" --json --algo minimax
value_mm=$(sed 's/.*"value":\([^,]*\),.*/\1/' "$TMP/out")
if [ "$status" -eq 0 ] && grep -q '^bounds: -9 9$' "$TMP/random.tree" && [ -n "$value_ab" ] &&
   [ "$value_ab" = "$value_mm" ]; then ok; else bad "--random with chance: Star1 gives minimax's value" "$value_ab $value_mm"; fi
bad_input "--random: a bad key" "gamesearch tree: --random 'depth=2,size=3': 'size=3' is not KEY=VALUE with a key depth, branching, values, agents or seed" tree --random depth=2,size=3
bad_input "--random: a bad branching" "gamesearch tree: --random 'branching=4-2': branching must be N or LO-HI, whole numbers from 1 to 26, LO <= HI" tree --random branching=4-2
bad_input "--random: too big" "gamesearch tree: --random 'depth=6,branching=1-26': depth 6 with up to 26 children a node can make 321272407 nodes, more than 1000000: lower depth or branching" tree --random depth=6,branching=1-26
bad_input "--random with a FILE" "gamesearch tree: --random makes a tree and reads none: give no FILE, and pipe its output into gamesearch tree -" tree --random depth=2 "$EX/seed.tree"
# The output options search the random tree as they would search its text.
R=depth=2,branching=2,values=0..9,seed=5
"$GS" tree --random $R >"$TMP/random.tree"
run tree --random $R --json
check "--random --json: the tree searched" 0 '{"value":6,"best":"C","action":"C","pv":["A","C","F"],"visited":["A","B","D","E","C","F","G"],"pruned":[],"nodes":7,"leaves":4}' ""
for opts in "--trace" "--json --trace" "--dot -" "--algo minimax" "--depth 1 --no-prune-equal" "--agents max,max"; do
    "$GS" tree "$TMP/random.tree" $opts >"$TMP/want_random" 2>&1
    run tree --random $R $opts
    if [ "$status" -eq 0 ] && [ -s "$TMP/out" ] && [ ! -s "$TMP/err" ] &&
       cmp -s "$TMP/out" "$TMP/want_random"; then ok
    else bad "--random $opts: as its text would give" "status $status" "$(diff "$TMP/want_random" "$TMP/out")"; fi
done
run tree --random $R --dot "$TMP/random.dot" --json
"$GS" tree "$TMP/random.tree" --dot - >"$TMP/want_random"
if [ "$status" -eq 0 ] && cmp -s "$TMP/random.dot" "$TMP/want_random" &&
   grep -q '"value":6' "$TMP/out"; then ok; else bad "--random --dot FILE: the drawing written" "status $status"; fi
run tree --random $R --html "$TMP/random.html" --practice
if [ "$status" -eq 0 ] && grep -q 'random depth=2,branching=2,values=0..9,seed=5' "$TMP/random.html" &&
   grep -q '"practice":true' "$TMP/random.html"; then ok
else bad "--random --html --practice: the page of the random tree" "status $status" "$(cat "$TMP/err")"; fi
bad_input "--random --depth: a cut without values" "gamesearch tree: --random 'depth=3': node 'E' is cut off at ply 2 but has no value" tree --random depth=3 --depth 1 --json
bad_input "--random --check" "gamesearch tree: --check prints its own report: give it without --json, --dot, --trace, --random and --html" tree --random depth=3 --check

# A CS188 test file of our own (../shared has the autograder's).
cat >"$TMP/small.test" <<'END'
class: "GraphGameTreeTest"
alg: "AlphaBetaAgent"
depth: "2"
diagram: """
ignored
"""
num_agents: "2"
start_state: "A"
win_states: "D E F G"
lose_states: ""
successors: """
A Left B
A Right C
B Left D
B Right E
C Left F
C Right G
"""
evaluation: """
D 3
E 5
F 2
G 9
"""
END
printf 'action: "Left"\ngenerated: "A B C D E F"\n' >"$TMP/small.solution"
run tree "$TMP/small.test"
check "a CS188 test: its algorithm, strict pruning, depth in rounds" 0 "algorithm: alphabeta, strict pruning (cut on v > beta, v < alpha)
agents: max min, depth 2 rounds
value: 3
best: B (action Left)
principal variation: A -> B -> D
nodes visited: 6 (3 leaves evaluated, 1 cutoff)
visited: A B D E C F
pruned: G" ""
run tree "$TMP/small.test" --check
check "--check: the solution beside the test matches" 0 "action: Left, as the solution says
generated: the 6 states of the solution: A B C D E F
PASS: $TMP/small.test" ""
printf 'action: "Right"\ngenerated: "A B C D E F G"\n' >"$TMP/other.solution"
run tree "$TMP/small.test" --check "$TMP/other.solution"
check "--check SOLUTION: a mismatch, listed" 1 "action: Left, but the solution says Right
generated: 6 states, the solution 7:
  in the solution, not generated: G
FAIL: $TMP/small.test" ""
run tree "$TMP/small.test" --check="$TMP/other.solution" --algo minimax
check "--check with --algo minimax: the action differs only" 1 "action: Left, but the solution says Right
generated: the 7 states of the solution: A B C D E F G
FAIL: $TMP/small.test" ""
bad_input "--check: no solution" "gamesearch tree: --check $TMP/none.solution: cannot open: No such file or directory" tree "$TMP/small.test" --check "$TMP/none.solution"
printf 'action: "Left"\n' >"$TMP/half.solution"
bad_input "--check: a solution without generated" "gamesearch tree: $TMP/half.solution: the solution has no generated field" tree "$TMP/small.test" --check "$TMP/half.solution"
bad_input "--check on a tree that is no test" "gamesearch tree: $EX/seed.tree: --check compares a CS188 test file with its .solution, and this is not one" tree "$EX/seed.tree" --check
bad_input "--check with --json" "gamesearch tree: --check prints its own report: give it without --json, --dot, --trace, --random and --html" tree "$TMP/small.test" --check --json
bad_input "--check from standard input" "gamesearch tree: --check needs the solution's file name when the test is read from standard input: --check=FILE.solution" --stdin "$TMP/small.test" tree - --check
sed 's/^G 9$/G nine/' "$TMP/small.test" >"$TMP/bad.test"
bad_input "a CS188 test with a bad evaluation" "gamesearch tree: $TMP/bad.test:23:3: invalid number 'nine'" tree "$TMP/bad.test"
sed 's/^G 9$//' "$TMP/small.test" >"$TMP/bad.test"
bad_input "a CS188 test without an evaluation the search needs" "gamesearch tree: $TMP/bad.test:17:9: state 'G' has no evaluation, and the search evaluates it at ply 2" tree "$TMP/bad.test"

# The autograder's own test files, when SHARED_DIR has them: every one
# matches its solution.
if [ -d "$SHARED/cs188/tests/q3" ]; then
    n=0
    for f in "$SHARED"/cs188/tests/q[234]/*.test; do
        run tree "$f" --check
        if [ "$status" -eq 0 ] && tail -n 1 "$TMP/out" | grep -q '^PASS: '; then n=$((n + 1)); else bad "--check $f" "$(cat "$TMP/out" "$TMP/err")"; fi
    done
    if [ "$n" -eq 82 ]; then ok; else bad "the autograder's 82 test files" "$n passed"; fi
else
    echo "skipped: the autograder's test files ($SHARED/cs188/tests not found)"
fi

# ---- bad input: one message, exit 2, nothing on stdout ----

run
if [ "$status" -eq 2 ] && [ ! -s "$TMP/out" ] && grep -q '^usage:' "$TMP/err"; then ok; else bad "no command" "status $status"; fi
bad_input "unknown command" "gamesearch: unknown command 'bogus' (see gamesearch --help)" bogus
bad_input "unknown option" "gamesearch tree: unknown option '--bogus' (see gamesearch tree --help)" tree --bogus "$EX/seed.tree"
bad_input "option without its value" "gamesearch tree: --depth needs a value (see gamesearch tree --help)" tree "$EX/seed.tree" --depth
bad_input "bad depth" "gamesearch tree: --depth needs a whole number of rounds from 0 to 1000000, not 'two'" tree --depth two "$EX/seed.tree"
bad_input "negative depth" "gamesearch tree: --depth needs a whole number of rounds from 0 to 1000000, not '-1'" tree --depth=-1 "$EX/seed.tree"
bad_input "bad algorithm" "gamesearch tree: unknown algorithm 'negamax' (expected minimax, alphabeta, expectimax, mcts, pvs, mtdf, sss, maxn, paranoid, brs, pns or dfpn)" tree --algo negamax "$EX/seed.tree"
bad_input "flag with a value" "gamesearch tree: --json takes no value" tree --json=yes "$EX/seed.tree"
bad_input "two inputs" "gamesearch tree: one input at a time: 'a.tree' and 'b.tree' (see gamesearch tree --help)" tree a.tree b.tree
bad_input "--json and --dot - together" "gamesearch tree: --json and --dot - cannot both write to standard output; give --dot a file name" tree --json --dot - "$EX/seed.tree"
bad_input "bad --agents" "gamesearch tree: --agents 'max,mni': unknown role 'mni' (expected max, min or chance)" tree --agents max,mni "$EX/seed.tree"
bad_input "missing file" "gamesearch tree: $TMP/none.tree: cannot open: No such file or directory" tree "$TMP/none.tree"
bad_input "unwritable --dot" "gamesearch tree: --dot $TMP/no/such/dir.dot: cannot write: No such file or directory" tree "$EX/seed.tree" --dot "$TMP/no/such/dir.dot"
# The drawing's file is opened before the input is read: its failure comes
# first; a bad tree leaves no drawing behind.
bad_input "unwritable --dot, before the input" "gamesearch tree: --dot $TMP/no/such/dir.dot: cannot write: No such file or directory" tree "$TMP/missing.tree" --dot "$TMP/no/such/dir.dot"
printf 'A: B C\nB = 1\n' >"$TMP/undef.tree"
bad_input "a bad tree with --dot" "gamesearch tree: $TMP/undef.tree:1:6: node 'C' is used as a child but never defined" tree "$TMP/undef.tree" --dot "$TMP/undef.dot"
if [ -e "$TMP/undef.dot" ]; then bad "a bad tree leaves no --dot file" "$TMP/undef.dot exists"; else ok; fi

t() { printf "$1" >"$TMP/bad.tree"; }
t "['A', ('B', 1)"
bad_input "unclosed list" "gamesearch tree: $TMP/bad.tree:1:15: expected ',' or ']' after a list element, but the input ends" tree "$TMP/bad.tree"
t "['A', ('B', 1, 2)]"
bad_input "tuple of three" "gamesearch tree: $TMP/bad.tree:1:16: expected ')' after the value of 'B' (a tuple is (name, value))" tree "$TMP/bad.tree"
M="name every node, as in ['A', ('B', 3)], or none, as in [[3, 12], [2]]"
t "['A', 3]"
bad_input "a bare value among named nodes" "gamesearch tree: $TMP/bad.tree:1:7: a value without a name in a tree of named nodes: $M" tree "$TMP/bad.tree"
t "['A', [[3, 4]]]"
bad_input "a list without a name among named nodes" "gamesearch tree: $TMP/bad.tree:1:7: a list without a name in a tree of named nodes: $M" tree "$TMP/bad.tree"
t "[[3, 12], ('X', 4)]"
bad_input "a tuple among plain numbers" "gamesearch tree: $TMP/bad.tree:1:11: a tuple (name, value) in a tree of plain numbers: $M" tree "$TMP/bad.tree"
t "[[3, 12], 'X']"
bad_input "a name among plain numbers" "gamesearch tree: $TMP/bad.tree:1:11: a name in a tree of plain numbers: $M" tree "$TMP/bad.tree"
t "[[3, 12], []]"
bad_input "an empty plain list" "gamesearch tree: $TMP/bad.tree:1:12: a list needs at least one child" tree "$TMP/bad.tree"
t "[[3, 12], [2, 4x]]"
bad_input "not a number among plain numbers" "gamesearch tree: $TMP/bad.tree:1:15: invalid number '4x'" tree "$TMP/bad.tree"
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
bad_input "cutoff node without a value" "gamesearch tree: $EX/seed.tree:5:34: node 'M' is cut off at ply 2 but has no value (a nested list has values only at its leaves)" tree "$EX/seed.tree" --depth 1
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
bad_input "a million levels deep" "gamesearch tree: $TMP/deep.tree: the tree is 1000000 plies deep, more than the 4096 plies gamesearch searches; a nested list has values only at its leaves, so --depth cannot cut it off: write it as lines, with values for the nodes at a cutoff of at most 2048 rounds, and give that --depth" tree "$TMP/deep.tree"
bad_input "a million levels deep, cut off" "gamesearch tree: $TMP/deep.tree:1:25: node 'n' is cut off at ply 4 but has no value (a nested list has values only at its leaves)" tree "$TMP/deep.tree" --depth 2
# The same depth as lines: --depth helps when the nodes at the cutoff have
# values, and is itself bounded.
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "n%d: n%d\n", i, i + 1; print "n5000 = 1"; print "n100 = 5" }' >"$TMP/deeplines.tree"
bad_input "5000 plies of lines" "gamesearch tree: $TMP/deeplines.tree: the tree is 5000 plies deep, more than the 4096 plies gamesearch searches; cut it off with --depth N, N at most 2048 rounds, the nodes at the cutoff given values" tree "$TMP/deeplines.tree"
bad_input "5000 plies of lines, cut off too deep" "gamesearch tree: $TMP/deeplines.tree: the tree is 5000 plies deep and a cutoff of 3000 rounds (6000 plies) lies beyond the 4096 plies gamesearch searches; give --depth at most 2048" tree "$TMP/deeplines.tree" --depth 3000
run tree "$TMP/deeplines.tree" --depth 50 --json
if [ "$status" -eq 0 ] && grep -q '^{"value":5,' "$TMP/out"; then ok; else bad "5000 plies of lines, cut off at 50 rounds" "status $status" "$(cat "$TMP/err")"; fi

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
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":0,"best":[0,1,2,3,4,5,6,7,8],"nodes":2129}' ]; then ok; else bad "ttt --solve empty board" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve ......... --algo minimax --no-tt --json
# plain minimax under each of the nine first moves: the whole tree less its root
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":0,"best":[0,1,2,3,4,5,6,7,8],"nodes":549946}' ]; then ok; else bad "ttt --solve by plain minimax" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve ....X.... --json
# after X takes the centre, only the corners hold the draw for O
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":0,"best":[0,2,6,8],"nodes":1186}' ]; then ok; else bad "ttt --solve: O must take a corner" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve X.O...... --json
if [ "$status" -eq 0 ] && [ "$(json_no_time)" = '{"value":1,"best":[3,6,8],"nodes":402}' ]; then ok; else bad "ttt --solve: X wins" "$(cat "$TMP/out" "$TMP/err")"; fi
run mnk --size 4x3 --solve ............ --json
if [ "$status" -eq 0 ] && grep -q '^{"value":1,"best":\[0,2,3,4,5,6,7,8,9,11\],' "$TMP/out"; then ok; else bad "(4,3,3) is a first-player win" "$(cat "$TMP/out" "$TMP/err")"; fi
run ttt --solve XX.OO....
if [ "$status" -eq 0 ] && grep -q '^X to move: wins$' "$TMP/out" && grep -q '^optimal moves: c1$' "$TMP/out"; then ok; else bad "ttt --solve, for people" "$(cat "$TMP/out" "$TMP/err")"; fi

bad_input "ttt: bad character" "gamesearch ttt: --solve 'X.x......': unexpected character 'x' at cell c1 (character 3; use X, O or .)" ttt --solve X.x......
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
# With no time limit and no depth the computer would never move on a large
# board: refused as --solve is, whenever the computer may play a side.
bad_input "gomoku: no limit needs a depth" "gamesearch gomoku: --time 0 (no limit) on a board of more than 16 cells needs --depth N for the computer (a search to the end would not finish)" gomoku --time 0
bad_input "gomoku: no limit needs a depth (computer O)" "gamesearch gomoku: --time 0 (no limit) on a board of more than 16 cells needs --depth N for the computer (a search to the end would not finish)" gomoku --time 0 --x human
run gomoku --time 0 --x human --o human
check "gomoku: no limit, two people" 0 "$(cat "$TMP/out")" ""
# A computer always moves within its time, even when the time is too
# short for the search to finish one move: a whole game at 1 ms a move.
run mnk --size 9x9 --k 5 --time 0.001 --x computer --o computer
if [ "$status" -ne 0 ] || [ -s "$TMP/err" ] ||
   ! grep -qE '^(X wins|O wins|Draw)\.$' "$TMP/out"; then
    bad "mnk 9x9: computers at 1 ms a move" "exit status $status" "stderr: $(cat "$TMP/err")"
else
    ok
fi

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
# Two people at the prompt, to the byte: undo at the start and in the
# game, a hint, the last move in brackets, the winning line, and the end of
# input at "Play again?"; --color=never, then always (NO_COLOR or not),
# and auto (not a terminal: no colour).
printf 'u\nb2\nu\nh\nb2\na1\nc1\nc2\na3\n' >"$TMP/answers"
run --stdin "$TMP/answers" ttt --x human --o human --color=never
check "ttt: undo, hint, the winning line, play again" 0 "     a   b   c
  1  . | . | .
    ---+---+---
  2  . | . | .
    ---+---+---
  3  . | . | .
X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): u
Nothing to undo: you have not moved yet.
X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): b2
     a   b   c
  1  . | . | .
    ---+---+---
  2  . |[X]| .
    ---+---+---
  3  . | . | .
O to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): u
Took back the last move.
     a   b   c
  1  . | . | .
    ---+---+---
  2  . | . | .
    ---+---+---
  3  . | . | .
X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): h
hint: b2 (a draw with best play)
X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): b2
     a   b   c
  1  . | . | .
    ---+---+---
  2  . |[X]| .
    ---+---+---
  3  . | . | .
O to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): a1
     a   b   c
  1 [O]| . | .
    ---+---+---
  2  . | X | .
    ---+---+---
  3  . | . | .
X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): c1
     a   b   c
  1  O | . |[X]
    ---+---+---
  2  . | X | .
    ---+---+---
  3  . | . | .
O to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): c2
     a   b   c
  1  O | . | X
    ---+---+---
  2  . | X |[O]
    ---+---+---
  3  . | . | .
X to move (a cell a1-c3 or 1-9; u undo, h hint, q quit): a3
     a   b   c
  1  O | . | x
    ---+---+---
  2  . | x | O
    ---+---+---
  3 [x]| . | .
The winning line: c1 b2 a3.
X wins.
Play again? [y/N] " ""
cp "$TMP/out" "$TMP/never"
NO_COLOR= "$GS" ttt --x human --o human <"$TMP/answers" >"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/never"; then ok; else bad "ttt --color auto: no colour in a pipe" "status $status"; fi
NO_COLOR=1 "$GS" ttt --x human --o human --color=always <"$TMP/answers" >"$TMP/out" 2>"$TMP/err"
status=$?
E=$(printf '\033')
printf '%s\n' "     a   b   c" "  1  ${E}[1;33mO${E}[0m | . | ${E}[1;7;31mX${E}[0m" "    ---+---+---" \
    "  2  . | ${E}[1;7;31mX${E}[0m | ${E}[1;33mO${E}[0m" "    ---+---+---" \
    "  3 [${E}[1;7;31mX${E}[0m]| . | ." "The winning line: c1 b2 a3." "X wins." "Play again? [y/N] " >"$TMP/want_colour"
if [ "$status" -eq 0 ] && tail -n 9 "$TMP/out" | cmp -s - "$TMP/want_colour" &&
    [ "$(sed "s/${E}\[[0-9;]*m//g" "$TMP/out" | tr 'xo' 'XO')" = "$(tr 'xo' 'XO' <"$TMP/never")" ]; then ok; else bad "ttt --color=always: the stones and the line in colour" "status $status" "$(tail -n 9 "$TMP/out" | cat -v)"; fi
bad_input "ttt: bad --color" "gamesearch ttt: --color needs auto, always or never, not 'blue'" ttt --color blue
run ttt --x computer --o computer
if [ "$status" -eq 0 ] && tail -n 1 "$TMP/out" | grep -q '^Draw.$' && [ "$(grep -c '^computer move' "$TMP/out")" -eq 9 ]; then ok; else bad "two perfect computers draw" "status $status"; fi
printf 'o\nb2\na1\nc3\n' >"$TMP/answers"
run --stdin "$TMP/answers" ttt
if [ "$status" -eq 0 ] && grep -q "^computer (X) plays b2$" "$TMP/out" && grep -q '^b2 is taken' "$TMP/out"; then ok; else bad "ttt as O: the computer opens in the centre" "$(head -n 12 "$TMP/out")"; fi
run gomoku --x computer --o computer --time 0.05 --start "$(printf '%0.s.' $(seq 1 112))X$(printf '%0.s.' $(seq 1 112))" --depth 1
if [ "$status" -eq 0 ] && grep -Eq '^(X|O) wins\.$|^Draw\.$' "$TMP/out"; then ok; else bad "gomoku: two computers finish a game" "status $status $(tail -n 3 "$TMP/err")"; fi

# ---- Connect Four ----

# c4_scores: the last run's solve lines as "POSITION SCORE", after checking
# that NODES and MICROSECONDS are whole numbers (their values change with
# the engine and the machine, so no test asserts them).
c4_scores() {
    awk 'NF != 4 || $3 !~ /^[0-9]+$/ || $4 !~ /^[0-9]+$/ { print "malformed: " $0; next }
         { print $1, $2 }' "$TMP/out"
}

# Lines of Pons's test sets (../shared/connect4/Test_L3_R1, Test_L2_R1).
printf '%s\n' 2252576253462244111563365343671351441 7422341735647741166133573473242566 \
    23163416124767223154467471272416755633 71255763773133525731261364622167124446454 \
    65214673556155731566316327373221417 5554224333234511764415115 \
    52753311433677442422121 1233722555341451114725221333 271713432331713132 >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(c4_scores)" = "2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
71255763773133525731261364622167124446454 0
65214673556155731566316327373221417 -1
5554224333234511764415115 4
52753311433677442422121 8
1233722555341451114725221333 -1
271713432331713132 -11" ]; then ok; else bad "connect4 solve: Pons's scores" "status $status" "$(cat "$TMP/out" "$TMP/err" | head -n 12)"; fi
run --stdin "$TMP/c4.in" connect4 solve --weak
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(c4_scores | awk '{ print $2 }' | tr '\n' ' ')" = "-1 1 0 0 -1 1 1 -1 -1 " ]; then ok; else bad "connect4 solve --weak: the signs" "status $status" "$(cat "$TMP/out" "$TMP/err" | head -n 12)"; fi
# Same scores whatever the table does: symmetry, one table for all
# lines, a tiny table, two threads.
run --stdin "$TMP/c4.in" connect4 solve
c4_scores >"$TMP/c4.want"
if [ "$THREADS" = OFF ]; then
    bad_input "connect4 solve --threads 2, built without threads" \
        "gamesearch connect4: --threads is 2, but this gamesearch was built without threads (GS_THREADS=OFF)" \
        connect4 solve --threads 2
fi
for opts in --symmetry --keep-table "--tt-mb 1" "--threads 2"; do
    [ "$THREADS" = OFF ] && [ "$opts" = "--threads 2" ] && continue
    # shellcheck disable=SC2086
    run --stdin "$TMP/c4.in" connect4 solve $opts
    if [ "$status" -eq 0 ] && c4_scores | cmp -s - "$TMP/c4.want"; then ok; else bad "connect4 solve $opts: the same scores" "status $status" "$(head -n 3 "$TMP/err")"; fi
done
# A win with the next stone scores as the game says: (42 + 1 - 6) / 2;
# 44553 loses so (two threats). The game's bounds know these values
# exactly; with --weak they lie beyond the root window.
printf '445566\n4455\n44553\n' >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve
if [ "$status" -eq 0 ] && [ "$(c4_scores)" = "445566 18
4455 18
44553 -18" ]; then ok; else bad "connect4 solve: wins and losses at once" "$(cat "$TMP/out" "$TMP/err")"; fi
run --stdin "$TMP/c4.in" connect4 solve --weak
if [ "$status" -eq 0 ] && [ "$(c4_scores)" = "445566 1
4455 1
44553 -1" ]; then ok; else bad "connect4 solve --weak: wins and losses at once" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi

# Lines that are not positions: one message each, the others solved, exit 2.
# 131111132422223253335444454755676666567777 fills the board with no line.
printf '%s\r\n' 445566 '4458' '1230' '4444444' '4455667' 'ab' '445566 x' '445566  ' \
    131111132422223253335444454755676666567777 13111113242222325333544445475567666656777 >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve
if [ "$status" -eq 2 ] && [ "$(c4_scores)" = "445566 18
445566 18
13111113242222325333544445475567666656777 0" ] && [ "$(cat "$TMP/err")" = "gamesearch connect4: line 2, character 4: '8' is not a column (columns are 1-7)
gamesearch connect4: line 3, character 4: '0' is not a column (columns are 1-7)
gamesearch connect4: line 4, character 7: column 4 is full
gamesearch connect4: line 5, character 7: the move in column 7 wins: the game is over
gamesearch connect4: line 6, character 1: 'a' is not a column (columns are 1-7)
gamesearch connect4: line 7, character 8: unexpected 'x' after the moves
gamesearch connect4: line 9, character 42: the board is full: the game is over" ]; then
    ok
else
    bad "connect4 solve: bad lines are reported and skipped" "status $status" "$(cat "$TMP/out" "$TMP/err")"
fi
printf '12\001\n' >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve
check "connect4 solve: a control character" 2 "" "gamesearch connect4: line 1, character 3: byte 0x01 is not a column (columns are 1-7)"
# A line of a million digits: refused as longer than any position.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "4444444444"; print "" }' >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve
check "connect4 solve: a line of a million digits" 2 "" "gamesearch connect4: line 1: longer than 1024 bytes, more than any position: the rest of the input is not read"
# An empty line is the empty board (its line starts with a space).
printf '\n\n' >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve --width 4 --height 4
if [ "$status" -eq 0 ] && [ "$(awk '/^ 0 [0-9]+ [0-9]+$/ { n++ } END { print n, NR }' "$TMP/out")" = "2 2" ]; then ok; else bad "connect4 solve: empty lines, 4x4 board: a draw" "$(cat "$TMP/out" "$TMP/err")"; fi
run connect4 solve --width 5 --height 4
check "connect4 solve: no input, no output" 0 "" ""
# A limit that stops a search: '?', a message, exit 1.
printf '\n445566\n' >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve --no-book --max-nodes 100
if [ "$status" -eq 1 ] && grep -Eqx ' \? [0-9]+ [0-9]+' "$TMP/out" && grep -Eqx '445566 18 [0-9]+ [0-9]+' "$TMP/out" &&
    [ "$(cat "$TMP/err")" = "gamesearch connect4: line 1: stopped by --max-nodes before the score was known" ]; then
    ok
else
    bad "connect4 solve --max-nodes: '?' for the stopped line" "status $status" "$(cat "$TMP/out" "$TMP/err")"
fi

# The shipped book answers the empty board without a search (0 nodes),
# and analyze says so.
run --stdin "$TMP/c4.in" connect4 solve --max-nodes 100
if [ "$status" -eq 0 ] && grep -Eqx ' 1 0 [0-9]+' "$TMP/out" && [ ! -s "$TMP/err" ]; then ok; else bad "connect4 solve: the empty board from the shipped book" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
run connect4 analyze ''
check "connect4 analyze '': from the shipped book" 0 "-2 -1 0 1 0 -1 -2
best: 4
(from the book: no search)" ""

# play: a move a limit stopped gives exit 1, so its reason goes to
# standard error too.
printf '4\nq\n' >"$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 play --first computer --start 4 --max-nodes 100 --no-book
if [ "$status" -eq 1 ] && [ "$(cat "$TMP/err")" = "gamesearch connect4: move 2 (column 4): stopped by --max-nodes before the score was known
gamesearch connect4: move 4 (column 4): stopped by --max-nodes before the score was known" ]; then
    ok
else
    bad "connect4 play --max-nodes: a message for each stopped move" "status $status" "$(cat "$TMP/err")"
fi

# Books: built on a small board, read back, answering without a search.
run connect4 book --width 5 --height 4 --ply 4 --out "$TMP/c4.book"
check "connect4 book: a 5x4 book" 0 "243 positions (up to 4 stones) written to $TMP/c4.book" ""
run connect4 analyze --width 5 --height 4 --book "$TMP/c4.book" 33
check "connect4 analyze --book: from the book" 0 "-1 -1 0 -1 -1
best: 3
(from the book: no search)" ""
run connect4 analyze --width 5 --height 4 --no-book 33
check "connect4 analyze --no-book: the same scores by search" 0 "-1 -1 0 -1 -1
best: 3" ""
run connect4 analyze --book "$TMP/c4.book" 44
check "connect4 --book: a book of another board" 2 "" "gamesearch connect4: --book '$TMP/c4.book': a book of the 5x4 board, not of the 7x6 board"
run connect4 analyze --book "$TMP/no-such.book" 44
check "connect4 --book: no such file" 2 "" "gamesearch connect4: --book '$TMP/no-such.book': cannot open the file"
# A book is read as it comes, never whole first: what does not start as a
# book is refused after its header's 16 bytes, however long it goes on.
timeout 60 "$GS" connect4 analyze --book /dev/zero 44 </dev/null >"$TMP/out" 2>"$TMP/err"
status=$?
check "connect4 --book /dev/zero: refused after its first bytes" 2 "" "gamesearch connect4: --book '/dev/zero': not a Connect Four book (it does not start with GSC4BOOK)"
yes | head -c 100M | timeout 60 "$GS" connect4 analyze --book /dev/stdin 44 >"$TMP/out" 2>"$TMP/err"
status=$?
check "connect4 --book: a pipe of 'yes' refused after its first bytes" 2 "" "gamesearch connect4: --book '/dev/stdin': not a Connect Four book (it does not start with GSC4BOOK)"
{ printf 'GSC4BOOK\007\006\001\001\377\377\377\377'; head -c 100M /dev/zero; } | timeout 60 "$GS" connect4 analyze --book /dev/stdin 44 >"$TMP/out" 2>"$TMP/err"
status=$?
check "connect4 --book: a header of 2^32 - 1 entries, then zeros" 2 "" "gamesearch connect4: --book '/dev/stdin': entry 2 is not a position and score in increasing order"
# A book that cannot be built names its one cause; a search a limit
# stopped is no bad input (exit 1), and no book is written.
run connect4 book --ply 6 --max-nodes 5 --no-book --out "$TMP/x.book"
check "connect4 book: a search stopped by --max-nodes" 1 "" "gamesearch connect4: book --ply 6: a search was stopped by --max-nodes before its score was known: no book written"
[ ! -e "$TMP/x.book" ] && ok || bad "connect4 book: no book written when a search was stopped"
run connect4 book --width 8 --height 7 --ply 2 --out "$TMP/x.book"
check "connect4 book: a board too large for a book" 2 "" "gamesearch connect4: book: a board of 8 columns and 7 rows is too large for a book (width * (height + 1) may be at most 56)"
run connect4 book --ply 42 --out "$TMP/x.book"
check "connect4 book: --ply not below the cells" 2 "" "gamesearch connect4: book --ply 42: --ply must be below the board's 42 cells"
run connect4 book --ply 43 --play first --out "$TMP/x.book"
check "connect4 book --play: --ply beyond the cells" 2 "" "gamesearch connect4: book --ply 43: --ply must be at most the board's 42 cells"
run connect4 book --ply 2
check "connect4 book: --out missing" 2 "" "gamesearch connect4: book needs --ply N and --out FILE"
run connect4 book --width 5 --height 4 --ply 6 --play both --no-book --out "$TMP/play.book"
check "connect4 book --play: a 5x4 book for play" 0 "152 positions (up to 6 stones) written to $TMP/play.book" ""
run --stdin /dev/null connect4 play --width 5 --height 4 --first computer --book "$TMP/play.book"
if [ "$status" -eq 0 ] && grep -qxF "computer (X) plays 3, score 0 (a draw, from the book), 0.000 ms, 0 nodes" "$TMP/out"; then ok; else bad "connect4 play --book: the first move from a book for play" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
run connect4 book --width 5 --height 4 --ply 6 --play first --no-book --out "$TMP/first.book"
check "connect4 book --play first" 0 "32 positions (up to 6 stones) written to $TMP/first.book" ""
printf '\n3\n1\n' > "$TMP/c4.in"
run --stdin "$TMP/c4.in" connect4 solve --width 5 --height 4 --book "$TMP/first.book"
if [ "$status" -eq 0 ] && [ "$(head -n 2 "$TMP/out")" = " 0 0 0
3 0 0 0" ] && grep -Eqx '1 1 9557 [0-9]+' "$TMP/out"; then ok; else bad "connect4 solve --book: a book for play has the computer's move, not the others" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
run connect4 book --ply 0 --play first --out "$TMP/x.book"
check "connect4 book --play: --ply 0" 2 "" "gamesearch connect4: book --play needs --ply 1 or more (the stones the book reaches)"
run connect4 book --ply 4 --play white --out "$TMP/x.book"
check "connect4 book --play: an unknown side" 2 "" "gamesearch connect4: unknown side 'white' (expected first, second or both)"
run connect4 solve --play first
check "connect4 solve --play: only for book" 2 "" "gamesearch connect4: --play goes with book"
run connect4 solve --ply 2
check "connect4 solve --ply: only for book" 2 "" "gamesearch connect4: --ply and --out go with book"

run connect4 analyze 445566 --no-book
check "connect4 analyze: two winning columns" 0 "17 17 18 17 17 17 18
best: 3 7" ""
run connect4 analyze 2252576253462244111563365343671351441
check "connect4 analyze: full columns" 0 ". . . . . -1 -2
best: 6" ""
run connect4 analyze 2252576253462244111563365343671351441 --weak
check "connect4 analyze --weak" 0 ". . . . . -1 -1
best: 6 7" ""
run connect4 analyze 5554224333234511764415115
check "connect4 analyze: one good column" 0 "-8 -8 -8 -8 . 4 -8
best: 6" ""
run connect4 analyze 7422341735647741166133573473242566
check "connect4 analyze: two best columns" 0 "-3 1 . . -4 1 .
best: 2 6" ""
run connect4 analyze 44553 --no-book
check "connect4 analyze: every column loses" 0 "-18 -18 -18 -18 -18 -18 -18
best: 1 2 3 4 5 6 7" ""
run connect4 analyze 44553 --weak --no-book
check "connect4 analyze --weak: every column loses (children won at once)" 0 "-1 -1 -1 -1 -1 -1 -1
best: 1 2 3 4 5 6 7" ""
run connect4 analyze 1311111324222232533354444547556766665677
check "connect4 analyze: the last empty cell" 0 ". . . . . . 0
best: 7" ""
run connect4 analyze 1 --max-nodes 10 --no-book
if [ "$status" -eq 1 ] && [ "$(cat "$TMP/out")" = "? ? ? ? ? ? ?
best: ?" ] && [ "$(wc -l <"$TMP/err")" -eq 7 ]; then ok; else bad "connect4 analyze --max-nodes: '?'" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi

# A person at the prompt: bad answers get a message and the prompt again.
printf '0\nabc\n9\n\n7\n' >"$TMP/answers"
run --stdin "$TMP/answers" connect4 play --start 445566
check "connect4 play: you win" 0 "You play X, the computer O. X moves first.
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O[O].|
|. . . X X X .|
+-------------+
X to move (a column 1-7; u undo, h hint, q quit): 0
'0' is not a column: type a number from 1 to 7, or q to quit.
X to move (a column 1-7; u undo, h hint, q quit): abc
'abc' is not a column: type a number from 1 to 7, or q to quit.
X to move (a column 1-7; u undo, h hint, q quit): 9
'9' is not a column: type a number from 1 to 7, or q to quit.
X to move (a column 1-7; u undo, h hint, q quit): 
Type a column number from 1 to 7, or q to quit.
X to move (a column 1-7; u undo, h hint, q quit): 7
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O O .|
|. . . x x x[x]
+-------------+
The winning four: row 1, columns 4 to 7.
X wins: you beat the computer.
Play again? [y/N] " ""
printf '1\n1\n1\n1\n' >"$TMP/answers"
run --stdin "$TMP/answers" connect4 play --start 4455 --first computer --no-book
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && head -n 1 "$TMP/out" | grep -qx 'You play O, the computer X. X moves first.' &&
    [ "$(grep -Ec '^computer \(X\) plays [2367], score 18 \(a win for X\), [0-9]+\.[0-9]{3} ms, [0-9,]+ nodes$' "$TMP/out")" -eq 2 ] &&
    tail -n 2 "$TMP/out" | head -n 1 | grep -qx 'X wins: the computer beat you.' &&
    tail -n 1 "$TMP/out" | grep -qxF 'Play again? [y/N] 1'; then
    ok
else
    bad "connect4 play: the computer wins at once" "status $status" "$(tail -n 12 "$TMP/out")"
fi
# Undo at the start and after a move, a hint, the last move in brackets,
# the winning four, play again, and the end of input at a move; the
# computer's timings left out. --color=always: the stones in colour.
printf 'u\nh\n7\ny\nu\n1\nh\nu\n' >"$TMP/answers"
run --stdin "$TMP/answers" connect4 play --start 445566 --color=never
sed -E 's/, [0-9]+\.[0-9]{3} ms, [0-9,]+ nodes$/, T ms, N nodes/' "$TMP/out" >"$TMP/session"
cp "$TMP/session" "$TMP/out"
check "connect4 play: undo, hint, the winning four, play again" 0 "You play X, the computer O. X moves first.
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O[O].|
|. . . X X X .|
+-------------+
X to move (a column 1-7; u undo, h hint, q quit): u
Nothing to undo: you have not moved yet.
X to move (a column 1-7; u undo, h hint, q quit): h
hint: 3, score 18 (a win for you, from the book)
X to move (a column 1-7; u undo, h hint, q quit): 7
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O O .|
|. . . x x x[x]
+-------------+
The winning four: row 1, columns 4 to 7.
X wins: you beat the computer.
Play again? [y/N] y
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O[O].|
|. . . X X X .|
+-------------+
X to move (a column 1-7; u undo, h hint, q quit): u
Nothing to undo: you have not moved yet.
X to move (a column 1-7; u undo, h hint, q quit): 1
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O O .|
[X]. . X X X .|
+-------------+
computer (O) plays 4, score -17 (a loss for O, from the book), T ms, N nodes
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . .[O]. . .|
|. . . O O O .|
|X . . X X X .|
+-------------+
X to move (a column 1-7; u undo, h hint, q quit): h
hint: 3, score 17 (a win for you, from the book)
X to move (a column 1-7; u undo, h hint, q quit): u
Took back your move and the computer's.
 1 2 3 4 5 6 7
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . O O[O].|
|. . . X X X .|
+-------------+
X to move (a column 1-7; u undo, h hint, q quit): 
Game left unfinished." ""
E=$(printf '\033')
run --stdin "$TMP/answers" connect4 play --start 445566 --color=always
if [ "$status" -eq 0 ] && grep -qxF "|. . . ${E}[1;7;31mX${E}[0m ${E}[1;7;31mX${E}[0m ${E}[1;7;31mX${E}[0m[${E}[1;7;31mX${E}[0m]" "$TMP/out" &&
    grep -qxF "|. . . ${E}[1;33mO${E}[0m ${E}[1;33mO${E}[0m[${E}[1;33mO${E}[0m].|" "$TMP/out"; then ok; else bad "connect4 play --color=always" "status $status" "$(head -n 8 "$TMP/out" | cat -v)"; fi
bad_input "connect4 play: bad --color" "gamesearch connect4: --color needs auto, always or never, not 'red'" connect4 play --color=red
bad_input "connect4: --color with solve" "gamesearch connect4: --color goes with play" connect4 solve --color=never
# The computer answers a threat; column 1 fills; q quits.
printf '1\n1\n1\n1\n1\n1\n1\nq\n' >"$TMP/answers"
run --stdin "$TMP/answers" connect4 play --start 2252576253462244111563365343671351441
if [ "$status" -eq 0 ] && grep -qx 'Column 1 is full: choose another.' "$TMP/out" &&
    tail -n 1 "$TMP/out" | grep -qx 'Game left unfinished.'; then ok; else bad "connect4 play: a full column, then q" "status $status" "$(tail -n 12 "$TMP/out")"; fi
run connect4 play --start 2252576253462244111563365343671351441 --first human
if [ "$status" -eq 0 ] && tail -n 2 "$TMP/out" | head -n 1 | grep -q '^O to move' &&
    tail -n 1 "$TMP/out" | grep -qx 'Game left unfinished.'; then ok; else bad "connect4 play: the end of input ends the game" "status $status" "$(tail -n 3 "$TMP/out")"; fi
# A whole game: the computer, first on a 4x4 board, draws against column 1, 2, 3, 4...
printf '1\n2\n3\n4\n1\n2\n3\n4\n1\n2\n3\n4\n1\n2\n3\n4\n' >"$TMP/answers"
run --stdin "$TMP/answers" connect4 play --first computer --width 4 --height 4
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(grep -c '^computer (X) plays' "$TMP/out")" -ge 4 ] &&
    tail -n 2 "$TMP/out" | head -n 1 | grep -Eqx 'Draw\.|X wins: the computer beat you\.' &&
    tail -n 1 "$TMP/out" | grep -q '^Play again? \[y/N\] [1-4]$'; then ok; else bad "connect4 play: a whole game on 4x4" "status $status" "$(tail -n 8 "$TMP/out")"; fi

run connect4 --help
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch connect4 solve' && grep -q -- '--keep-table' "$TMP/out"; then ok; else bad "connect4 --help" "status $status"; fi
run connect4 solve --help
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch connect4 solve'; then ok; else bad "connect4 solve --help" "status $status"; fi
run help connect4
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch connect4 solve'; then ok; else bad "gamesearch help connect4" "status $status"; fi
run --help
if grep -q '^  connect4 ' "$TMP/out"; then ok; else bad "--help lists connect4" ""; fi

bad_input "connect4: no command" "gamesearch connect4: a command is needed: solve, analyze, play or book (see gamesearch connect4 --help)" connect4
bad_input "connect4: unknown command" "gamesearch connect4: unknown command 'sovle' (expected solve, analyze, play or book; see gamesearch connect4 --help)" connect4 sovle
bad_input "connect4: unknown option" "gamesearch connect4: unknown option '--depth' (see gamesearch connect4 --help)" connect4 solve --depth 3
bad_input "connect4: option without its value" "gamesearch connect4: --width needs a value (see gamesearch connect4 --help)" connect4 solve --width
bad_input "connect4: flag with a value" "gamesearch connect4: --weak takes no value" connect4 solve --weak=yes
bad_input "connect4: solve takes no argument" "gamesearch connect4: unexpected argument '4453' (see gamesearch connect4 --help)" connect4 solve 4453
bad_input "connect4: analyze takes one" "gamesearch connect4: unexpected argument '12' (see gamesearch connect4 --help)" connect4 analyze 4453 12
bad_input "connect4: analyze without a position" "gamesearch connect4: analyze needs a POSITION ('' for the empty board)" connect4 analyze
bad_input "connect4: analyze a bad position" "gamesearch connect4: analyze '4444444', character 7: column 4 is full" connect4 analyze 4444444
bad_input "connect4: analyze a finished game" "gamesearch connect4: analyze '1212121', character 7: the move in column 1 wins: the game is over" connect4 analyze 1212121
bad_input "connect4: play from a bad position" "gamesearch connect4: --start '448', character 3: '8' is not a column (columns are 1-7)" connect4 play --start 448
bad_input "connect4: a narrow board's columns" "gamesearch connect4: --start '445', character 3: '5' is not a column (columns are 1-4)" connect4 play --width 4 --start 445
bad_input "connect4: --width 10" "gamesearch connect4: --width needs a whole number of columns from 1 to 9, not '10'" connect4 solve --width 10
bad_input "connect4: --height 0" "gamesearch connect4: --height needs a whole number of rows from 1 to 63, not '0'" connect4 solve --height 0
bad_input "connect4: a board too big" "gamesearch connect4: a board of 9 columns and 7 rows cannot be played (width * (height + 1) may be at most 64)" connect4 solve --width 9 --height 7
bad_input "connect4: --tt-mb 0" "gamesearch connect4: --tt-mb needs a whole number of MiB from 1 to 65536, not '0'" connect4 solve --tt-mb 0
bad_input "connect4: --threads 0" "gamesearch connect4: --threads needs a whole number from 1 to 256, not '0'" connect4 solve --threads 0
bad_input "connect4: --max-nodes -1" "gamesearch connect4: --max-nodes needs a whole number of nodes from 0 to 10^15 (0: no limit), not '-1'" connect4 solve --max-nodes=-1
bad_input "connect4: --time soon" "gamesearch connect4: --time needs a number of seconds from 0 to 86400 (0: no limit), not 'soon'" connect4 solve --time soon
bad_input "connect4: --first robot" "gamesearch connect4: --first needs human or computer, not 'robot'" connect4 play --first robot
bad_input "connect4: --first with solve" "gamesearch connect4: --first goes with play" connect4 solve --first computer
bad_input "connect4: --start with analyze" "gamesearch connect4: --start goes with play" connect4 analyze 44 --start 44
bad_input "connect4: --keep-table with analyze" "gamesearch connect4: --keep-table goes with solve" connect4 analyze 44 --keep-table
bad_input "connect4: --weak with play" "gamesearch connect4: --weak goes with solve and analyze (the computer plays the fastest win)" connect4 play --weak

# Pons's test sets in SHARED_DIR/connect4 when they are there: every score
# of Test_L3_R1, Test_L2_R1 and Test_L1_R1 (1000 positions each), and the
# signs of Test_L3_R1 with --weak.
C4SETS=$SHARED/connect4
if [ -d "$C4SETS" ]; then
    for spec in "Test_L3_R1 strong" "Test_L2_R1 strong" "Test_L1_R1 strong" "Test_L3_R1 weak"; do
        # shellcheck disable=SC2086
        set -- $spec
        weak=""
        [ "$2" = weak ] && weak=--weak
        cut -d' ' -f1 "$C4SETS/$1" >"$TMP/c4.in"
        # shellcheck disable=SC2086
        run --stdin "$TMP/c4.in" connect4 solve $weak
        if [ "$2" = weak ]; then
            awk '{ print $1, ($2 > 0) - ($2 < 0) }' "$C4SETS/$1" >"$TMP/c4.want"
        else
            awk '{ print $1, $2 }' "$C4SETS/$1" >"$TMP/c4.want"
        fi
        c4_scores >"$TMP/c4.got"
        if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && cmp -s "$TMP/c4.want" "$TMP/c4.got"; then
            ok
        else
            bad "connect4 solve $weak: every score of $1" "status $status, $(diff "$TMP/c4.want" "$TMP/c4.got" | grep -c '^>') lines differ" "$(diff "$TMP/c4.want" "$TMP/c4.got" | head -n 6)"
        fi
    done
else
    echo "skipped: $C4SETS not found: the checks against Pons's test sets"
fi

# ---- Pacman ----

# Layout names are found in the source tree's layouts/, whatever the build.
GAMESEARCH_LAYOUTS=$SRC/layouts
export GAMESEARCH_LAYOUTS
CS188=$SHARED/cs188

# result_lines: the per-game lines of the last run.
result_lines() { grep -E '^Pacman (emerges victorious|died|ran out of moves)! Score: -?[0-9]+$' "$TMP/out"; }

# summary_ok N: the last run printed N per-game lines and pacman.py's four
# summary lines over them: the scores as Python floats, the average of
# the scores, the win rate to two places, the record.
summary_ok() {
    awk -v n="$1" '
        /^Pacman / { sc[++k] = $NF; sum += $NF; w[k] = ($2 == "emerges") ? "Win" : "Loss"; wins += (w[k] == "Win"); next }
        /^Average Score: -?[0-9]+\.[0-9]+$/ { avg = $3; na++; next }
        /^Scores:        / { sl = substr($0, 16); ns++; next }
        /^Win Rate:      [0-9]+\/[0-9]+ \([01]\.[0-9][0-9]\)$/ { wr = substr($0, 16); nw++; next }
        /^Record:        / { rl = substr($0, 16); nr++; next }
        { bad = 1 }
        END {
            if (bad || k != n || na != 1 || ns != 1 || nw != 1 || nr != 1) exit 1
            for (i = 1; i <= k; i++) { want = want (i > 1 ? ", " : "") sc[i] ".0"; rec = rec (i > 1 ? ", " : "") w[i] }
            if (sl != want || rl != rec) exit 1
            if (wr != sprintf("%d/%d (%.2f)", wins, k, wins / k)) exit 1
            d = avg - sum / k; if (d < 0) d = -d
            if (d > 1e-9 * (1 + (avg < 0 ? -avg : avg))) exit 1
        }' "$TMP/out"
}

# What pacman.py v1.004 (Python 3.11) prints for the same commands, on the
# CS188 layouts in SHARED_DIR/cs188 when they are there.
if [ -d "$CS188/layouts" ]; then
    run pacman -l "$CS188/layouts/smallClassic.lay" -p GreedyAgent -q -n 12 -f
    check "pacman: GreedyAgent on smallClassic, as pacman.py plays it" 0 "Pacman died! Score: -176
Pacman died! Score: -295
Pacman died! Score: -149
Pacman emerges victorious! Score: 1141
Pacman died! Score: -290
Pacman died! Score: -147
Pacman died! Score: -373
Pacman died! Score: -316
Pacman died! Score: -437
Pacman died! Score: -428
Pacman died! Score: 319
Pacman died! Score: -346
Average Score: -124.75
Scores:        -176.0, -295.0, -149.0, 1141.0, -290.0, -147.0, -373.0, -316.0, -437.0, -428.0, 319.0, -346.0
Win Rate:      1/12 (0.08)
Record:        Loss, Loss, Loss, Win, Loss, Loss, Loss, Loss, Loss, Loss, Loss, Loss" ""
    cp "$TMP/out" "$TMP/greedy12"

    # pacman.py's option forms: clusters, attached values, --long=value,
    # long options cut short, a layout path without .lay.
    run pacman -qfn12 -pGreedyAgent "-l$CS188/layouts/smallClassic.lay"
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/greedy12"; then ok; else bad "pacman: -qfn12 -pAGENT -lLAYOUT" "status $status"; fi
    run pacman --numGames=12 --pac GreedyAgent --layout "$CS188/layouts/smallClassic" --quiet --fix
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/greedy12"; then ok; else bad "pacman: --numGames=12 --pac X --quiet --fix" "status $status $(cat "$TMP/err")"; fi

    run pacman -l "$CS188/layouts/mediumClassic.lay" -p GreedyAgent -g DirectionalGhost -k 2 -q -n 5 -f
    check "pacman: DirectionalGhost, -k 2, as pacman.py plays it" 0 "Pacman died! Score: -31
Pacman died! Score: -267
Pacman died! Score: -428
Pacman died! Score: -232
Pacman died! Score: -5
Average Score: -192.6
Scores:        -31.0, -267.0, -428.0, -232.0, -5.0
Win Rate:      0/5 (0.00)
Record:        Loss, Loss, Loss, Loss, Loss" ""

    run pacman -l "$CS188/layouts/smallClassic.lay" -p LeftTurnAgent -q -n 5 -f
    check "pacman: LeftTurnAgent, as pacman.py plays it" 0 "Pacman died! Score: -303
Pacman died! Score: -347
Pacman died! Score: -356
Pacman died! Score: -238
Pacman died! Score: -107
Average Score: -270.2
Scores:        -303.0, -347.0, -356.0, -238.0, -107.0
Win Rate:      0/5 (0.00)
Record:        Loss, Loss, Loss, Loss, Loss" ""

    run pacman -l "$CS188/layouts/minimaxClassic.lay" -p GreedyAgent -q -n 7 -f
    check "pacman: an average Python prints with 16 digits" 0 "Pacman emerges victorious! Score: 516
Pacman emerges victorious! Score: 516
Pacman emerges victorious! Score: 516
Pacman emerges victorious! Score: 516
Pacman emerges victorious! Score: 516
Pacman emerges victorious! Score: 516
Pacman emerges victorious! Score: 510
Average Score: 515.1428571428571
Scores:        516.0, 516.0, 516.0, 516.0, 516.0, 516.0, 510.0
Win Rate:      7/7 (1.00)
Record:        Win, Win, Win, Win, Win, Win, Win" ""

    # pacman.py's runGames with numTraining=2 (its -x hands numTraining to
    # the agent, which GreedyAgent does not take) and with random.seed(42).
    run pacman -l "$CS188/layouts/smallClassic.lay" -p GreedyAgent -q -n 5 -x 2 -f
    check "pacman: -x 2, as pacman.py's runGames plays it" 0 "Pacman died! Score: -149
Pacman emerges victorious! Score: 1141
Pacman died! Score: -290
Average Score: 234.0
Scores:        -149.0, 1141.0, -290.0
Win Rate:      1/3 (0.33)
Record:        Loss, Win, Loss" ""
    run pacman -l "$CS188/layouts/smallClassic.lay" -p GreedyAgent -g DirectionalGhost -q -n 4 --seed 42
    check "pacman: --seed 42 is random.seed(42)" 0 "Pacman died! Score: -410
Pacman died! Score: -419
Pacman died! Score: -321
Pacman died! Score: -356
Average Score: -376.5
Scores:        -410.0, -419.0, -321.0, -356.0
Win Rate:      0/4 (0.00)
Record:        Loss, Loss, Loss, Loss" ""

    # pacman.py's own games (the search-agent traces), turned into records
    # and replayed: every move legal, every final score as pacman.py's.
    traces=0
    for trace in "$CS188"/traces/*.trace; do
        [ -f "$trace" ] || continue
        traces=$((traces + 1))
        lay=$(sed -n '1s/.*-l \([A-Za-z]*\).*/\1/p' "$trace")
        awk -v layfile="$CS188/layouts/$lay.lay" -v name="$lay" '
            BEGIN { while ((getline l < layfile) > 0) rows[++nr] = l }
            /^#/ { next }
            /^GAME / { hdr[++ng] = "game " $2 " " $3 " " $4 " " $5; next }
            { acts[ng] = acts[ng] " " $3; if ($2 + 0 > ghosts) ghosts = $2 + 0 }
            END {
                print "gamesearch-pacman-record 1"; print "pacman: pacman.py"
                print "ghosts: " ghosts " RandomGhost"; print "games: " ng
                print "layout: " nr " " name
                for (i = 1; i <= nr; i++) print rows[i]
                for (g = 1; g <= ng; g++) { print hdr[g]; print substr(acts[g], 2); print "end" }
            }' "$trace" >"$TMP/trace.rec"
        want=$(sed -n 's/^GAME .* score=\(-*[0-9]*\) .*/\1.0/p' "$trace" | paste -sd, - | sed 's/,/, /g')
        run pacman --replay "$TMP/trace.rec" -q
        if [ "$status" -eq 0 ] && grep -qx "Scores:        $want" "$TMP/out" && summary_ok 10; then
            ok
        else
            bad "pacman: replaying pacman.py's games of $(basename "$trace")" "status $status" "$(head -n 3 "$TMP/err")"
        fi
    done
    if [ "$traces" -eq 7 ]; then ok; else bad "pacman: the 7 traces of $CS188/traces" "$traces found"; fi
else
    echo "skipped: $CS188 not found: pacman.py's games on the CS188 layouts and its traces replayed"
fi

# Every layout of ours is read and played to the end.
for lay in "$SRC"/layouts/*.lay; do
    name=$(basename "$lay" .lay)
    run pacman -l "$name" -p GreedyAgent -q -n 2 --seed 1 --max-moves 20000
    if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && summary_ok 2; then ok; else bad "pacman: layout $name" "status $status" "$(cat "$TMP/err" "$TMP/out")"; fi
done

# One random stream, seeded once: the same seed gives the same games.
run pacman -l fortress -p RandomAgent -g DirectionalGhost -q -n 6 --seed 42
cp "$TMP/out" "$TMP/seed42"
if [ "$status" -eq 0 ] && summary_ok 6; then ok; else bad "pacman: RandomAgent, DirectionalGhost" "status $status"; fi
run pacman -l fortress -p RandomAgent -g DirectionalGhost -q -n 6 --seed 42
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/seed42"; then ok; else bad "pacman: --seed 42 twice, the same games" "$(diff "$TMP/seed42" "$TMP/out")"; fi
run pacman -l fortress -p RandomAgent -g DirectionalGhost -q -n 6 --seed 43
if [ "$status" -eq 0 ] && ! cmp -s "$TMP/out" "$TMP/seed42"; then ok; else bad "pacman: --seed 43 plays other games" "status $status"; fi
run pacman -l fortress -p RandomAgent -q -n 3
if [ "$status" -eq 0 ] && summary_ok 3; then ok; else bad "pacman: seeded by the system" "status $status"; fi

# -x: the first games are training: played in the same stream, not shown,
# not in the summary.
run pacman -l crossroads -p GreedyAgent -q -n 6 --seed 5
result_lines | tail -n 4 >"$TMP/last4"
run pacman -l crossroads -p GreedyAgent -q -n 6 -x 2 --seed 5
result_lines >"$TMP/x2"
if [ "$status" -eq 0 ] && cmp -s "$TMP/x2" "$TMP/last4" && summary_ok 4; then ok; else bad "pacman: -x 2 hides the first two of six games" "$(diff "$TMP/last4" "$TMP/x2")"; fi
run pacman -l crossroads -p GreedyAgent -q -n 2 -x 2 --seed 5
check "pacman: -x as large as -n: nothing to show" 0 "" ""

# --max-moves: ours; a game that reaches it ends, counted as a loss.
run pacman -l labyrinth -p LeftTurnAgent -k 0 --max-moves 40 -q
check "pacman: --max-moves ends a game" 0 "Pacman ran out of moves! Score: 360
Average Score: 360.0
Scores:        360.0
Win Rate:      0/1 (0.00)
Record:        Loss" ""

# The keyboard game in a pseudo-terminal (python3's pty): it waits for the
# first key, and q ends the run with the games played and the summary.
if command -v python3 >/dev/null 2>&1 &&
    python3 "$SRC/tests/pacman_keyboard.py" "$GS" >"$TMP/kb" 2>&1; then
    ok
elif ! command -v python3 >/dev/null 2>&1; then
    echo "skipped: no python3: the keyboard game in a pseudo-terminal"
else
    bad "pacman: the keyboard game in a pseudo-terminal" "$(cat "$TMP/kb")"
fi

# -c with --timeout: pacman.py's game.py times every decision; one over the
# time ends the game before it is played, the agent "crashed" (a loss at
# the score so far). With --timeout 0 the first decision is over it; a
# search past the whole seconds is stopped there. Without -c, no timing.
run pacman -l crossroads -p GreedyAgent -q -n 2 --seeds 1 -c --timeout 0
check "pacman: -c --timeout 0: the first move is over the time" 0 "Pacman crashed
Pacman crashed
Average Score: 0.0
Scores:        0.0, 0.0
Win Rate:      0/2 (0.00)
Record:        Loss, Loss" "Agent 0 took too long to make a move! This is warning 1
Agent 0 exceeded the maximum number of warnings: 1
Agent 0 took too long to make a move! This is warning 1
Agent 0 exceeded the maximum number of warnings: 1"
run pacman -l labyrinth -p MinimaxAgent -a depth=9 -q --seeds 1 -c --timeout 1
check "pacman: -c --timeout 1: a search stopped at the second" 0 "Pacman crashed
Average Score: 0.0
Scores:        0.0
Win Rate:      0/1 (0.00)
Record:        Loss" "Agent 0 timed out on a single move!"
run pacman -l labyrinth -p LeftTurnAgent -k 0 --max-moves 40 -q --timeout 0
check "pacman: --timeout without -c times nothing" 0 "Pacman ran out of moves! Score: 360
Average Score: 360.0
Scores:        360.0
Win Rate:      0/1 (0.00)
Record:        Loss" ""
run pacman -l crossroads -p GreedyAgent -q -n 2 --seeds 1 -c --timeout 0 --record "$TMP/crashed.rec"
run pacman --replay "$TMP/crashed.rec" -q
check "pacman: games ended before their first move, recorded and replayed" 0 "Pacman ran out of moves! Score: 0
Pacman ran out of moves! Score: 0
Average Score: 0.0
Scores:        0.0, 0.0
Win Rate:      0/2 (0.00)
Record:        Loss, Loss" ""

# -t: pacman.py's text display: the maze after every round and at the end,
# Pacman '<' before his first move, an empty line after each "Score:".
run pacman -l corridor -p GreedyAgent -t --frameTime 0 --seed 11
cp "$TMP/out" "$TMP/text"
sed -e 's/P/</' "$SRC/layouts/corridor.lay" >"$TMP/frame0"
printf 'Score: 0\n\n' >>"$TMP/frame0"
frames=$(grep -c '^Score: ' "$TMP/text")
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && head -n 7 "$TMP/text" | cmp -s - "$TMP/frame0" &&
    head -n $((frames * 7)) "$TMP/text" | awk '
        NR % 7 == 6 && !/^Score: -?[0-9]+$/ { exit 1 }
        NR % 7 == 0 && $0 != "" { exit 1 }
        NR % 7 >= 1 && NR % 7 <= 5 && length($0) != 15 { exit 1 }' &&
    [ "$frames" -ge 3 ] && [ "$(wc -l <"$TMP/text")" -eq $((frames * 7 + 5)) ] &&
    sed -n "$((frames * 7 + 1))p" "$TMP/text" | grep -Eq '^Pacman (died|emerges victorious)! Score: -?[0-9]+$'; then
    ok
else
    bad "pacman -t: frames of the text display" "status $status" "$(head -n 8 "$TMP/text")"
fi
run pacman -l corridor -p GreedyAgent -q --seed 11
if grep -qxF "$(head -n 1 "$TMP/out")" "$TMP/text"; then ok; else bad "pacman -t and -q end the game alike" "$(head -n 1 "$TMP/out")"; fi
# Without a terminal the animated view gives way to the text display.
run pacman -l corridor -p GreedyAgent --frameTime 0 --seed 11
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/text" &&
    [ "$(cat "$TMP/err")" = "gamesearch pacman: standard output is not a terminal: showing the text display (-t) instead" ]; then
    ok
else
    bad "pacman: no terminal, the text display" "status $status" "$(cat "$TMP/err")"
fi

# --record, then --replay: the same games, checked move by move.
run pacman -l spiral -p GreedyAgent -g DirectionalGhost -q -n 4 -x 1 --seed 9 --record "$TMP/games.rec"
cp "$TMP/out" "$TMP/played"
if [ "$status" -eq 0 ] && head -n 1 "$TMP/games.rec" | grep -qx 'gamesearch-pacman-record 1' &&
    grep -qx 'ghosts: 1 DirectionalGhost' "$TMP/games.rec" && grep -qx 'seed: int 9' "$TMP/games.rec" &&
    [ "$(grep -c '^game [1-4] result=\(Win\|Loss\) score=-*[0-9]* moves=[0-9]*' "$TMP/games.rec")" -eq 4 ] &&
    grep -q '^game 1 .* training$' "$TMP/games.rec"; then
    ok
else
    bad "pacman --record writes the record" "status $status" "$(head -n 8 "$TMP/games.rec")"
fi
run pacman --replay "$TMP/games.rec" -q
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/played"; then ok; else bad "pacman --replay -q prints what the run printed" "$(diff "$TMP/played" "$TMP/out")"; fi
run pacman -l spiral -p GreedyAgent -g DirectionalGhost -t --frameTime 0 -n 4 -x 1 --seed 9
cp "$TMP/out" "$TMP/played_t"
run pacman --replay "$TMP/games.rec" -t --frameTime 0
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/played_t"; then ok; else bad "pacman --replay -t shows what the run showed" "status $status"; fi
run pacman -l labyrinth -p LeftTurnAgent -k 0 --max-moves 40 -q -f --record "$TMP/stopped.rec"
run pacman --replay "$TMP/stopped.rec" -q
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -qx 'Pacman ran out of moves! Score: 360' &&
    grep -qx 'seed: string cs188' "$TMP/stopped.rec" && grep -qx 'max-moves: 40' "$TMP/stopped.rec"; then
    ok
else
    bad "pacman: a stopped game recorded and replayed" "status $status" "$(cat "$TMP/err")"
fi

# ---- Many games: per-game streams (--seeds), -j, --json ----

# jfield NAME FILE: the value of "NAME" in the summary of a --json file.
jfield() { sed -n '/"summary"/,$p' "$2" | sed -n "s/^ *\"$1\": \\(.*[^,]\\),*$/\\1/p"; }
# jgames FILE: the lines of the games of a --json file.
jgames() { grep '^    {"game": ' "$1"; }

# -j 2 prints what -j 1 prints, game for game: 20 games, 3 of them training.
run pacman -l crossroads -p GreedyAgent -g DirectionalGhost -q -n 20 -x 3 --seeds 12
cp "$TMP/out" "$TMP/j1"
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && summary_ok 17; then ok; else bad "pacman --seeds: 20 games" "status $status" "$(cat "$TMP/err")"; fi
for j in 2 3 20; do
    run pacman -l crossroads -p GreedyAgent -g DirectionalGhost -q -n 20 -x 3 --seeds 12 -j $j
    if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && cmp -s "$TMP/out" "$TMP/j1"; then ok; else bad "pacman -j $j prints what -j 1 prints" "status $status" "$(diff "$TMP/j1" "$TMP/out" | head -n 5)"; fi
done
# Determinism: the same batch twice, the same games.
run pacman -l crossroads -p GreedyAgent -g DirectionalGhost -q -n 20 -x 3 --seeds 12 -j 2
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/j1"; then ok; else bad "pacman -j 2 twice, the same games" "$(diff "$TMP/j1" "$TMP/out" | head -n 5)"; fi
run pacman -l crossroads -p GreedyAgent -g DirectionalGhost -q -n 20 -x 3 --seeds 13 -j 2
if [ "$status" -eq 0 ] && ! cmp -s "$TMP/out" "$TMP/j1"; then ok; else bad "pacman --seeds 13 plays other games" "status $status"; fi
# Each game its own stream: game I is the same whatever -n.
run pacman -l fortress -p RandomAgent -q -n 9 --seeds 5 -j 2
result_lines | head -n 4 >"$TMP/first4"
run pacman -l fortress -p RandomAgent -q -n 4 --seeds 5
result_lines >"$TMP/only4"
if [ "$status" -eq 0 ] && cmp -s "$TMP/first4" "$TMP/only4"; then ok; else bad "pacman --seeds: the first games do not depend on -n" "$(diff "$TMP/only4" "$TMP/first4")"; fi
# -t: the frames of every game, in order.
run pacman -l spiral -p LeftTurnAgent -g DirectionalGhost -t --frameTime 0 -n 5 -x 1 --seeds 4
cp "$TMP/out" "$TMP/t1"
run pacman -l spiral -p LeftTurnAgent -g DirectionalGhost -t --frameTime 0 -n 5 -x 1 --seeds 4 -j 2
if [ "$status" -eq 0 ] && [ -s "$TMP/out" ] && cmp -s "$TMP/out" "$TMP/t1"; then ok; else bad "pacman -t -j 2 shows what -j 1 shows" "status $status"; fi
# --record: the same record, which replays.
run pacman -l spiral -p RandomAgent -q -n 6 -x 2 --seeds 8 --record "$TMP/s1.rec"
run pacman -l spiral -p RandomAgent -q -n 6 -x 2 --seeds 8 -j 2 --record "$TMP/s2.rec"
cp "$TMP/out" "$TMP/s2.out"
run pacman --replay "$TMP/s2.rec" -q
if [ "$status" -eq 0 ] && cmp -s "$TMP/s1.rec" "$TMP/s2.rec" && grep -qx 'seed: per-game 8' "$TMP/s2.rec" &&
    cmp -s "$TMP/out" "$TMP/s2.out"; then
    ok
else
    bad "pacman --record -j 2: the record of -j 1, replayed" "status $status" "$(diff "$TMP/s1.rec" "$TMP/s2.rec" | head -n 5)"
fi
# Without a seed option: a base seed from the system, written down; --seeds
# with it plays the same games again.
run pacman -l spiral -p RandomAgent -q -n 5 -j 2 --record "$TMP/sys.rec"
cp "$TMP/out" "$TMP/sys.out"
base=$(sed -n 's/^seed: per-game \([0-9]*\) random$/\1/p' "$TMP/sys.rec")
run pacman -l spiral -p RandomAgent -q -n 5 --seeds "${base:-x}"
if [ -n "$base" ] && [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/sys.out"; then ok; else bad "pacman: the system's base seed, recorded, plays the games again" "seed '$base'" "$(cat "$TMP/err")"; fi
# -f and --seed: one stream, as pacman.py; -j plays them one after another
# and says so once.
run pacman -l crossroads -p GreedyAgent -q -n 6 -f
cp "$TMP/out" "$TMP/f1"
run pacman -l crossroads -p GreedyAgent -q -n 6 -f -j 2
check "pacman -f -j 2: one stream, one game after another" 0 "$(cat "$TMP/f1")" "gamesearch pacman: -f draws every game from one random stream, as pacman.py does, so the games are played one after another, not 2 at a time (--seeds N gives each game its own stream)"
run pacman -l crossroads -p GreedyAgent -q -n 6 --seed 5
cp "$TMP/out" "$TMP/s5"
run pacman -l crossroads -p GreedyAgent -q -n 6 --seed 5 --jobs=4
check "pacman --seed 5 -j 4: one stream, one game after another" 0 "$(cat "$TMP/s5")" "gamesearch pacman: --seed draws every game from one random stream, as pacman.py does, so the games are played one after another, not 4 at a time (--seeds N gives each game its own stream)"
if [ -d "$CS188/layouts" ]; then
    # pacman.py plays game I of --seeds N after random.seed('N:I').
    run pacman -l "$CS188/layouts/smallClassic.lay" -p GreedyAgent -q -n 3 --seeds 7 -j 2
    if [ "$status" -eq 0 ] && [ "$(result_lines | tr '\n' ,)" = "Pacman emerges victorious! Score: 1063,Pacman died! Score: -374,Pacman died! Score: 134," ]; then
        ok
    else
        bad "pacman --seeds 7: pacman.py's games after random.seed('7:1'), ('7:2'), ('7:3')" "$(result_lines)"
    fi
else
    echo "skipped: $CS188 not found: pacman.py's games with --seeds on smallClassic"
fi

# --json: the games and the summary of a deterministic run.
run pacman -l crossroads -p GreedyAgent -g DirectionalGhost -q -n 8 -x 2 --seeds 21 --max-moves 300 --record "$TMP/j.rec" --json "$TMP/j.json"
cp "$TMP/out" "$TMP/json.out"
jgames "$TMP/j.json" >"$TMP/jg"
if [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && summary_ok 6 &&
    [ "$(sed -n 1p "$TMP/j.json")" = "{" ] && [ "$(tail -n 1 "$TMP/j.json")" = "}" ] &&
    grep -qx '  "format": "gamesearch-pacman-results",' "$TMP/j.json" &&
    grep -qx '  "version": 1,' "$TMP/j.json" &&
    grep -qx '  "layout": "crossroads",' "$TMP/j.json" &&
    grep -qx '  "pacman": "GreedyAgent",' "$TMP/j.json" &&
    grep -qx '  "agent_args": null,' "$TMP/j.json" &&
    grep -qx '  "ghosts": 2,' "$TMP/j.json" &&
    grep -qx '  "ghost_agent": "DirectionalGhost",' "$TMP/j.json" &&
    grep -qx '  "max_moves": 300,' "$TMP/j.json" &&
    grep -qx '  "seed": {"stream": "per-game", "base": 21, "from_system": false},' "$TMP/j.json" &&
    grep -qx '  "threads": 1,' "$TMP/j.json" &&
    [ "$(wc -l <"$TMP/jg")" -eq 8 ] &&
    [ "$(jfield games "$TMP/j.json")" = 6 ] && [ "$(jfield played "$TMP/j.json")" = 8 ] &&
    [ "$(jfield nodes "$TMP/j.json")" = 0 ]; then
    ok
else
    bad "pacman --json: the run's fields" "status $status" "$(head -n 12 "$TMP/j.json")"
fi
# Each game as the record and the result lines have it: number, training,
# result, score, moves; Pacman moved in turn with the ghosts.
sed -n 's/^game \([0-9]*\) result=\([A-Za-z]*\) score=\(-*[0-9]*\) moves=\([0-9]*\)\( training\)*$/\1 \2 \3 \4\5/p' "$TMP/j.rec" >"$TMP/want_games"
sed 's/^ *{"game": \([0-9]*\), "training": \([a-z]*\), "result": "\([A-Za-z]*\)", "win": \([a-z]*\), "score": \(-*[0-9]*\), "moves": \([0-9]*\), "pacman_moves": \([0-9]*\), "nodes": 0, "seconds": [0-9.e+-]*, "move_seconds_mean": [0-9.e+-]*, "move_seconds_max": [0-9.e+-]*},*$/\1 \3 \5 \6 \2 \4 \7/' "$TMP/jg" |
    awk '{ ok = ($5 == "true" || $5 == "false") && ($6 == ($2 == "Win" ? "true" : "false")) && $7 == int(($4 + 2) / 3)
           print $1, $2, $3, $4 ($5 == "true" ? " training" : ""), (ok ? "" : "BAD") }' | sed 's/ $//' >"$TMP/got_games"
if [ -s "$TMP/want_games" ] && cmp -s "$TMP/want_games" "$TMP/got_games"; then ok; else bad "pacman --json: each game" "$(diff "$TMP/want_games" "$TMP/got_games" | head -n 6)"; fi
# The summary: pacman.py's figures, the extremes, the 95% intervals (Wilson;
# Student's t with 5 degrees of freedom: 2.57058183564).
if result_lines | awk -v wins="$(jfield wins "$TMP/j.json")" -v rate="$(jfield win_rate "$TMP/j.json")" \
    -v mean="$(jfield mean_score "$TMP/j.json")" -v min="$(jfield min_score "$TMP/j.json")" \
    -v max="$(jfield max_score "$TMP/j.json")" -v wci="$(jfield win_rate_ci95 "$TMP/j.json")" \
    -v mci="$(jfield mean_score_ci95 "$TMP/j.json")" '
    function near(a, b) { d = a - b; if (d < 0) d = -d; return d <= 1e-8 * (1 + (b < 0 ? -b : b)) }
    { s[++n] = $NF; sum += $NF; w += ($2 == "emerges"); lo = (n == 1 || $NF < lo) ? $NF : lo; hi = (n == 1 || $NF > hi) ? $NF : hi }
    END {
        m = sum / n; for (i = 1; i <= n; i++) v += (s[i] - m) ^ 2
        h = 2.57058183564 * sqrt(v / (n - 1)) / sqrt(n)
        z = 1.959963984540054; p = w / n
        c = (p + z * z / (2 * n)) / (1 + z * z / n); e = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        wl = c - e < 0 ? 0 : c - e; wh = c + e > 1 ? 1 : c + e
        gsub(/[][ ]/, "", wci); split(wci, W, ","); gsub(/[][ ]/, "", mci); split(mci, M, ",")
        exit !(n == 6 && wins == w && near(rate, p) && near(mean, m) && min == lo && max == hi &&
               near(W[1], wl) && near(W[2], wh) && near(M[1], m - h) && near(M[2], m + h))
    }'; then
    ok
else
    bad "pacman --json: the summary" "$(sed -n '/"summary"/,$p' "$TMP/j.json")"
fi
# -j 2 writes the same games and summary, times and threads aside.
run pacman -l crossroads -p GreedyAgent -g DirectionalGhost -q -n 8 -x 2 --seeds 21 --max-moves 300 --json "$TMP/j2.json" -j 2
untimed() { sed -e 's/"seconds": [^,}]*//' -e 's/"move_seconds_[a-z]*": [^,}]*//g' -e '/"threads"/d' -e '/seconds/d' -e '/per_second/d' "$1"; }
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/json.out" && grep -qx '  "threads": 2,' "$TMP/j2.json" &&
    untimed "$TMP/j.json" >"$TMP/ju1" && untimed "$TMP/j2.json" >"$TMP/ju2" && cmp -s "$TMP/ju1" "$TMP/ju2"; then
    ok
else
    bad "pacman --json -j 2: the results of -j 1" "$(diff "$TMP/ju1" "$TMP/ju2" | head -n 6)"
fi
# A searching agent: the nodes it searched, the same whatever -j.
run pacman -l crossroads -p AlphaBetaAgent -a depth=2 -q -n 6 --seeds 2 --json "$TMP/ab1.json"
cp "$TMP/out" "$TMP/ab1.out"
run pacman -l crossroads -p AlphaBetaAgent -a depth=2 -q -n 6 --seeds 2 --json "$TMP/ab2.json" -j 2
nodes=$(jfield nodes "$TMP/ab1.json")
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/ab1.out" && [ "${nodes:-0}" -gt 0 ] &&
    [ "$(jgames "$TMP/ab1.json" | grep -c '"nodes": [1-9]')" -eq 6 ] &&
    untimed "$TMP/ab1.json" >"$TMP/ju1" && untimed "$TMP/ab2.json" >"$TMP/ju2" && cmp -s "$TMP/ju1" "$TMP/ju2"; then
    ok
else
    bad "pacman --json: AlphaBetaAgent's nodes, -j 1 and -j 2" "status $status" "$(diff "$TMP/ju1" "$TMP/ju2" | head -n 6)"
fi
# All games training: no statistics, nulls.
run pacman -l corridor -p GreedyAgent -q -n 2 -x 2 -f --json "$TMP/j0.json"
if [ "$status" -eq 0 ] && [ ! -s "$TMP/out" ] && [ "$(jfield games "$TMP/j0.json")" = 0 ] &&
    [ "$(jfield win_rate "$TMP/j0.json")" = null ] && [ "$(jfield mean_score_ci95 "$TMP/j0.json")" = null ] &&
    grep -qx '  "seed": {"stream": "single", "string": "cs188"},' "$TMP/j0.json"; then
    ok
else
    bad "pacman --json: only training games" "$(cat "$TMP/j0.json")"
fi
if [ -w /dev/full ]; then
    run pacman -l corridor -p GreedyAgent -q --seed 1 --json /dev/full
    if [ "$status" -eq 1 ] && [ "$(cat "$TMP/err")" = "gamesearch pacman: --json /dev/full: cannot write: No space left on device" ]; then ok; else bad "pacman --json: a full disk" "status $status" "$(cat "$TMP/err")"; fi
fi
# The progress line: on a terminal's standard error only, erased at the end;
# standard output is unchanged (util-linux script(1) gives the terminal).
if script --version 2>/dev/null | grep -q util-linux; then
    run pacman -l labyrinth -p RandomAgent -k 1 -q -n 2000 --seeds 1
    cp "$TMP/out" "$TMP/p1"
    script -qec "\"$GS\" pacman -l labyrinth -p RandomAgent -k 1 -q -n 2000 --seeds 1 -j 2 >\"$TMP/p2\"" "$TMP/typescript" >/dev/null 2>&1
    status=$?
    # The line after the last progress line erases it.
    if [ "$status" -eq 0 ] && cmp -s "$TMP/p1" "$TMP/p2" &&
        tr '\r' '\n' <"$TMP/typescript" | awk -v esc="$(printf '\033')" '
            /games\/s/ { last = NR } { line[NR] = $0 }
            END { exit !(last == 0 || index(line[last + 1], esc "[K") == 1) }'; then
        ok
    else
        bad "pacman: the progress line, on the terminal only" "status $status" "$(tail -c 200 "$TMP/typescript" | od -c | tail -n 5)"
    fi
fi

# Records that are wrong: file, line and column, exit 2, nothing on stdout.
R=$TMP/games.rec
first_action=$(awk '/^game 1 /{ print NR + 1; exit }' "$R")
sed "${first_action}s/^[A-Za-z]*/Up/" "$R" >"$TMP/bad.rec"
bad_input "pacman --replay: an unknown action" "gamesearch pacman: $TMP/bad.rec:$first_action:1: unknown action 'Up' (expected North, South, East, West or Stop)" pacman --replay "$TMP/bad.rec"
sed '1s/ 1$/ 7/' "$R" >"$TMP/bad.rec"
bad_input "pacman --replay: a later version" "gamesearch pacman: $TMP/bad.rec:1:26: record version 7 is not known to this gamesearch (it reads version 1)" pacman --replay "$TMP/bad.rec"
printf 'hello\n' >"$TMP/bad.rec"
bad_input "pacman --replay: not a record" "gamesearch pacman: $TMP/bad.rec:1:1: not a gamesearch pacman record (its first line should be 'gamesearch-pacman-record 1')" pacman --replay "$TMP/bad.rec"
header=$(grep -n '^game 2 ' "$R" | cut -d: -f1)
sed "${header}s/score=-*[0-9]*/score=12345/" "$R" >"$TMP/bad.rec"
result=$(sed -n "${header}s/.*result=\([A-Za-z]*\) .*/\1/p" "$R")
score=$(sed -n "${header}s/.*score=\(-*[0-9]*\) .*/\1/p" "$R")
bad_input "pacman --replay: a score the moves do not give" "gamesearch pacman: $TMP/bad.rec:$header:1: game 2's moves give result=$result score=$score, but the record says result=$result score=12345" pacman --replay "$TMP/bad.rec"
sed "$((header + 1)),\$d" "$R" >"$TMP/bad.rec"
bad_input "pacman --replay: cut short" "gamesearch pacman: $TMP/bad.rec:$header:1: the record ends inside game 2 (no 'end' line)" pacman --replay "$TMP/bad.rec"
sed 's/^games: 4$/games: 5/' "$R" >"$TMP/bad.rec"
games_line=$(grep -n '^games: ' "$R" | cut -d: -f1)
bad_input "pacman --replay: a game missing" "gamesearch pacman: $TMP/bad.rec:$games_line:8: the header says 5 games, but the record holds 4" pacman --replay "$TMP/bad.rec"
layout_line=$(grep -n '^layout: ' "$R" | cut -d: -f1)
sed "$((layout_line + 2))s/^%./%X/" "$R" >"$TMP/bad.rec"
bad_input "pacman --replay: a bad maze" "gamesearch pacman: $TMP/bad.rec:$((layout_line + 2)):2: unexpected character 'X' (a layout holds '%', '.', 'o', 'P', 'G', '1'-'4' and spaces)" pacman --replay "$TMP/bad.rec"
printf '%s\n' 'gamesearch-pacman-record 1' 'pacman: GreedyAgent' 'ghosts: 0 RandomGhost' \
    'games: 1' 'layout: 3 tiny' '%%%%%%' '%P ..%' '%%%%%%' \
    'game 1 result=Win score=517 moves=3' 'West East East' 'end' >"$TMP/bad.rec"
bad_input "pacman --replay: an illegal move" "gamesearch pacman: $TMP/bad.rec:10:1: West is not a legal move for Pacman here (game 1, move 1)" pacman --replay "$TMP/bad.rec"
sed 's/^West East East$/East East East East/; s/moves=3/moves=4/' "$TMP/bad.rec" >"$TMP/bad2.rec"
bad_input "pacman --replay: moves after the end" "gamesearch pacman: $TMP/bad2.rec:10:16: game 1 is over after move 3 (Pacman won), but the record goes on" pacman --replay "$TMP/bad2.rec"
sed 's/^West East East$/East East East/' "$TMP/bad.rec" >"$TMP/good.rec"
# A game longer than the record's own max-moves: refused where it goes on.
sed 's/^West East East$/East East East/; s/^ghosts: 0 RandomGhost$/&\nmax-moves: 2/' "$TMP/bad.rec" >"$TMP/bad4.rec"
bad_input "pacman --replay: a game beyond max-moves" "gamesearch pacman: $TMP/bad4.rec:11:11: game 1 goes on after move 2, but the record's max-moves: 2 ends a game there" pacman --replay "$TMP/bad4.rec"
sed 's/^West East East$/East East East/; s/^ghosts: 0 RandomGhost$/&\nmax-moves: 3/' "$TMP/bad.rec" >"$TMP/bad4.rec"
run pacman --replay "$TMP/bad4.rec" -q
if [ "$status" -eq 0 ]; then ok; else bad "pacman --replay: a game of exactly max-moves" "status $status" "$(cat "$TMP/err")"; fi
# Numbers too large for any integer type are quoted as written.
sed 's/^West East East$/East East East/; s/moves=3/moves=99999999999999999999/' "$TMP/bad.rec" >"$TMP/bad3.rec"
bad_input "pacman --replay: moves= beyond 64 bits" "gamesearch pacman: $TMP/bad3.rec:11:1: game 1 has 3 moves, but its header says moves=99999999999999999999" pacman --replay "$TMP/bad3.rec"
sed 's/^West East East$/East East East/; s/^game 1 /game 18446744073709551617 /' "$TMP/bad.rec" >"$TMP/bad3.rec"
bad_input "pacman --replay: a game number beyond 64 bits" "gamesearch pacman: $TMP/bad3.rec:9:6: expected game 1 here, not game 18446744073709551617" pacman --replay "$TMP/bad3.rec"
run pacman --replay "$TMP/good.rec" -q
check "pacman --replay: a record written by hand" 0 "Pacman emerges victorious! Score: 517
Average Score: 517.0
Scores:        517.0
Win Rate:      1/1 (1.00)
Record:        Win" ""
# One byte of a record changed: a clear message or a clean replay, never a crash.
size=$(wc -c <"$R")
i=0
while [ $i -lt 20 ]; do
    off=$(awk -v s="$size" -v seed="$i" 'BEGIN { srand(seed + 1); print int(rand() * s) }')
    { head -c "$off" "$R"; printf '\001'; tail -c +"$((off + 2))" "$R"; } >"$TMP/junk.rec"
    run pacman --replay "$TMP/junk.rec" -q
    if ! { [ "$status" -eq 2 ] && [ ! -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" -eq 1 ]; } &&
        ! { [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ]; }; then
        cp "$TMP/junk.rec" "${TMPDIR:-/tmp}/gamesearch-junk-$$.rec"
        bad "pacman --replay: a damaged record (kept in ${TMPDIR:-/tmp}/gamesearch-junk-$$.rec)" "status $status"
        break
    fi
    i=$((i + 1))
done
[ $i -eq 20 ] && ok

# ---- The CS188 search agents ----

# countStates: the states a search generated, as CS188's autograder counts
# them. Pacman alone in a corridor, two moves deep: 13 nodes, of which
# Stop-West and West-Stop end alike, and so do Stop-East and East-Stop.
printf '%s\n' '%%%%%%%%%' '%.  P   %' '%%%%%%%%%' >"$TMP/corridor.lay"
run pacman -l "$TMP/corridor.lay" -k 0 -p MinimaxAgent -a depth=2,countStates=1 --max-moves 1 -q --seed 1
check "pacman: countStates, counted by hand" 0 "Pacman ran out of moves! Score: -1
Average Score: -1.0
Scores:        -1.0
Win Rate:      0/1 (0.00)
Record:        Loss" "move 1: 13 nodes, 11 distinct states"
run pacman -l "$TMP/corridor.lay" -k 0 -p alphabeta -a countStates=1,depth=2 --max-moves 1 -q --seed 1
check "pacman: countStates, alpha-beta (nothing to prune: every line ties)" 0 "Pacman ran out of moves! Score: -1
Average Score: -1.0
Scores:        -1.0
Win Rate:      0/1 (0.00)
Record:        Loss" "move 1: 13 nodes, 11 distinct states"

# countStates over several games: each line names its game, and the lines
# come in game order, the same for any -j (the games played side by side
# keep theirs until the games before them are printed).
printf '%s\n' '%%%%%%%%%' '%.  P   %' '%%%%%%%%%' >"$TMP/corridor.lay"
run pacman -l "$TMP/corridor.lay" -k 0 -p MinimaxAgent -a depth=2,countStates=1 --max-moves 2 -q -n 2 --seeds 1
check "pacman: countStates over two games names the game" 0 "Pacman ran out of moves! Score: -2
Pacman ran out of moves! Score: -2
Average Score: -2.0
Scores:        -2.0, -2.0
Win Rate:      0/2 (0.00)
Record:        Loss, Loss" "game 1, move 1: 13 nodes, 11 distinct states
game 1, move 2: 13 nodes, 10 distinct states
game 2, move 1: 13 nodes, 11 distinct states
game 2, move 2: 13 nodes, 10 distinct states"
run pacman -l crossroads -p AlphaBetaAgent -a depth=2,countStates=1 -g DirectionalGhost -q -n 6 --seeds 3
cp "$TMP/out" "$TMP/cs_out1"
cp "$TMP/err" "$TMP/cs_err1"
if [ "$status" -eq 0 ] && grep -q '^game 6, move 1: ' "$TMP/cs_err1" &&
    [ "$(grep -v '^game [1-6], move [0-9]*: [0-9]* nodes, [0-9]* distinct states$' "$TMP/cs_err1")" = "" ]; then
    ok
else
    bad "pacman: countStates lines of six games" "status $status" "$(head -n 3 "$TMP/cs_err1")"
fi
for j in 2 3; do
    run pacman -l crossroads -p AlphaBetaAgent -a depth=2,countStates=1 -g DirectionalGhost -q -n 6 --seeds 3 -j $j
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/cs_out1" && cmp -s "$TMP/err" "$TMP/cs_err1"; then
        ok
    else
        bad "pacman: countStates with -j $j prints what -j 1 prints" "status $status" "$(diff "$TMP/cs_err1" "$TMP/err" | head -n 5)"
    fi
done

# -a for the searching agents.
bad_input "pacman: -a depth=0" "gamesearch pacman: -a: depth must be a whole number of rounds from 1 to 1000, not '0'" pacman -p MinimaxAgent -a depth=0 -q
bad_input "pacman: -a evalFn unknown" "gamesearch pacman: -a: evalFn 'best' is unknown to ExpectimaxAgent (it knows scoreEvaluationFunction or score, betterEvaluationFunction or better, reflex, champion)" pacman -p ExpectimaxAgent -a evalFn=best -q
bad_input "pacman: -a ghostModel unknown" "gamesearch pacman: -a: ghostModel must be min, random or directional, not 'smart'" pacman -p expectimax -a ghostModel=smart -q
bad_input "pacman: -a time=0" "gamesearch pacman: -a: time must be a number of seconds above 0, at most 3600, not '0'" pacman -p ChampionAgent -a time=0 -q
bad_input "pacman: -a countStates=2" "gamesearch pacman: -a: countStates must be 0 or 1, not '2'" pacman -p AlphaBetaAgent -a countStates=2 -q
bad_input "pacman: -a unknown key for a search agent" "gamesearch pacman: -a: MinimaxAgent takes no argument 'index' (it takes depth, evalFn, ghostModel, time, nodes, countStates)" pacman -p MinimaxAgent -a index=0 -q
bad_input "pacman: ReflexAgent takes no depth" "gamesearch pacman: -a: ReflexAgent takes no argument 'depth' (it takes index)" pacman -p ReflexAgent -a depth=2 -q

if [ -d "$CS188/layouts" ]; then
    # pacman.py's multiAgents.py agents, as CS188's solutions play them
    # (SHARED_DIR/cs188/traces): every game's score and every move.
    run pacman -p MinimaxAgent -a depth=2 -l "$CS188/layouts/smallClassic.lay" -q -n 10 -f
    check "pacman: MinimaxAgent depth 2 on smallClassic, as pacman.py plays it" 0 "Pacman died! Score: 49
Pacman died! Score: -182
Pacman died! Score: -507
Pacman emerges victorious! Score: 949
Pacman died! Score: -186
Pacman died! Score: -382
Pacman emerges victorious! Score: 1394
Pacman died! Score: 77
Pacman died! Score: -323
Pacman died! Score: -299
Average Score: 59.0
Scores:        49.0, -182.0, -507.0, 949.0, -186.0, -382.0, 1394.0, 77.0, -323.0, -299.0
Win Rate:      2/10 (0.20)
Record:        Loss, Loss, Loss, Win, Loss, Loss, Win, Loss, Loss, Loss" ""
    cp "$TMP/out" "$TMP/minimax10"
    # Alpha-beta's choices are minimax's; the short names are the agents.
    run pacman -p AlphaBetaAgent -a depth=2 -l "$CS188/layouts/smallClassic.lay" -q -n 10 -f
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/minimax10"; then ok; else bad "pacman: AlphaBetaAgent plays as MinimaxAgent" "$(diff "$TMP/minimax10" "$TMP/out" | head -n 4)"; fi
    run pacman -p minimax -l "$CS188/layouts/smallClassic.lay" -q -n 10 -f
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/minimax10"; then ok; else bad "pacman: -p minimax, depth 2 by default" "$(diff "$TMP/minimax10" "$TMP/out" | head -n 4)"; fi
    traces=0
    for trace in "$CS188"/traces/[acf]*.trace; do
        [ -f "$trace" ] || continue
        traces=$((traces + 1))
        args=$(sed -n '1s/^# args: //p' "$trace" | sed "s|-l \([A-Za-z]*\)|-l $CS188/layouts/\1.lay|")
        # shellcheck disable=SC2086
        run pacman $args --record "$TMP/agent.rec"
        awk '/^#/ { next } /^GAME / { g++; print "game", g, $3, $4; next } { print g, $3 }' "$trace" >"$TMP/want_moves"
        awk '/^game / { g++; print "game", g, $3, $4; on = 1; next } /^end/ { on = 0; next }
             on { for (i = 1; i <= NF; i++) print g, $i }' "$TMP/agent.rec" >"$TMP/got_moves"
        if [ "$status" -eq 0 ] && [ -s "$TMP/want_moves" ] && cmp -s "$TMP/want_moves" "$TMP/got_moves"; then
            ok
        else
            bad "pacman: the games of $(basename "$trace"), move for move" "status $status" "$(diff "$TMP/want_moves" "$TMP/got_moves" | head -n 4)"
        fi
    done
    # a, c: minimax and expectimax on smallClassic; f1-f3: the others.
    if [ "$traces" -eq 5 ]; then ok; else bad "pacman: the 5 search-agent traces (a, c, f*) of $CS188/traces" "$traces found"; fi

    # CS188's question 5: expectimax, depth 2, our betterEvaluationFunction,
    # one RandomGhost on smallClassic: every game won, above 1200.
    run pacman -p ExpectimaxAgent -a depth=2,evalFn=better -l "$CS188/layouts/smallClassic.lay" -k 1 -q -n 10 --seed 0
    check "pacman: question 5, ExpectimaxAgent with evalFn=better" 0 "Pacman emerges victorious! Score: 1353
Pacman emerges victorious! Score: 1133
Pacman emerges victorious! Score: 1341
Pacman emerges victorious! Score: 1181
Pacman emerges victorious! Score: 1368
Pacman emerges victorious! Score: 1161
Pacman emerges victorious! Score: 1362
Pacman emerges victorious! Score: 1381
Pacman emerges victorious! Score: 1377
Pacman emerges victorious! Score: 1380
Average Score: 1303.7
Scores:        1353.0, 1133.0, 1341.0, 1181.0, 1368.0, 1161.0, 1362.0, 1381.0, 1377.0, 1380.0
Win Rate:      10/10 (1.00)
Record:        Win, Win, Win, Win, Win, Win, Win, Win, Win, Win" ""
    run pacman -p expectimax -a depth=2,evalFn=betterEvaluationFunction -l "$CS188/layouts/smallClassic.lay" -k 1 -q -n 10 --seed 0
    if [ "$status" -eq 0 ] && grep -qx 'Average Score: 1303.7' "$TMP/out"; then ok; else bad "pacman: evalFn=betterEvaluationFunction is better" "status $status"; fi

    # CS188's question 1: ReflexAgent, one RandomGhost on openClassic.
    run pacman -p ReflexAgent -l "$CS188/layouts/openClassic.lay" -k 1 -q -n 10 --seed 0
    check "pacman: question 1, ReflexAgent" 0 "Pacman emerges victorious! Score: 1238
Pacman emerges victorious! Score: 1244
Pacman emerges victorious! Score: 1239
Pacman emerges victorious! Score: 1235
Pacman emerges victorious! Score: 1233
Pacman emerges victorious! Score: 1241
Pacman emerges victorious! Score: 1246
Pacman emerges victorious! Score: 1242
Pacman emerges victorious! Score: 1239
Pacman emerges victorious! Score: 1242
Average Score: 1239.9
Scores:        1238.0, 1244.0, 1239.0, 1235.0, 1233.0, 1241.0, 1246.0, 1242.0, 1239.0, 1242.0
Win Rate:      10/10 (1.00)
Record:        Win, Win, Win, Win, Win, Win, Win, Win, Win, Win" ""

    # ChampionAgent: a fixed node budget, so the same games everywhere;
    # a decision depends on the state alone, so -j changes nothing.
    run pacman -p ChampionAgent -a nodes=5000 -l "$CS188/layouts/mediumClassic.lay" -g DirectionalGhost -k 2 -q -n 2 --seeds 1
    check "pacman: ChampionAgent on mediumClassic, 5000 nodes a move" 0 "Pacman emerges victorious! Score: 1870
Pacman emerges victorious! Score: 1883
Average Score: 1876.5
Scores:        1870.0, 1883.0
Win Rate:      2/2 (1.00)
Record:        Win, Win" ""
    cp "$TMP/out" "$TMP/champ1"
    run pacman -p champion -a nodes=5000 -l "$CS188/layouts/mediumClassic.lay" -g DirectionalGhost -k 2 -q -n 2 --seeds 1 -j 2
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/champ1"; then ok; else bad "pacman: ChampionAgent -j 2 plays as -j 1" "$(diff "$TMP/champ1" "$TMP/out" | head -n 4)"; fi
else
    echo "skipped: $CS188 not found: the CS188 agents' games and questions 1 and 5"
fi

# The quick start's first game: the champion clears crossroads in 370 of its
# moves (1108 moves of all agents). It used to leave the two dots in dead
# ends for 324 moves while a ghost followed it, winning after 496; 1110
# moves of all agents (370 rounds) are the bound.
run pacman -p ChampionAgent -g DirectionalGhost -l crossroads --seeds 2 -q --max-moves 1110
check "pacman: ChampionAgent clears crossroads without wandering" 0 "Pacman emerges victorious! Score: 2140
Average Score: 2140.0
Scores:        2140.0
Win Rate:      1/1 (1.00)
Record:        Win" ""

# Layouts that are wrong.
printf '%s\n' '%%%%%' '%P.P%' '%%%%%' >"$TMP/bad.lay"
bad_input "pacman: a layout with two Pacmen" "gamesearch pacman: $TMP/bad.lay:2:4: the layout has 2 Pacmen (the second at line 2, column 4)" pacman -l "$TMP/bad.lay" -p GreedyAgent -q
# Food walled off from Pacman: the game could never be won, and would
# never end (a replay of it, or --record, would grow without end).
printf '%s\n' '%%%%%' '%P%.%' '%%%%%' >"$TMP/bad.lay"
bad_input "pacman: food Pacman cannot reach" "gamesearch pacman: $TMP/bad.lay:2:4: Pacman cannot reach the food at line 2, column 4 (walls cut it off): the game could never be won" pacman -l "$TMP/bad.lay" -p GreedyAgent -q --record "$TMP/never.rec"
printf '%s\n' '%%%%%' '%P.Z%' '%%%%%' >"$TMP/bad.lay"
bad_input "pacman: a layout with a stray character" "gamesearch pacman: $TMP/bad.lay:2:4: unexpected character 'Z' (a layout holds '%', '.', 'o', 'P', 'G', '1'-'4' and spaces)" pacman -l "$TMP/bad.lay" -p GreedyAgent -q
bad_input "pacman: no such layout" "gamesearch pacman: layout 'nowhere' not found: looked for nowhere.lay in $SRC/layouts, ./layouts and the current directory" pacman -l nowhere -p GreedyAgent -q
bad_input "pacman: no such layout file" "gamesearch pacman: layout '$TMP/none.lay' not found (no file $TMP/none.lay)" pacman -l "$TMP/none.lay" -p GreedyAgent -q

# Bad options: one message, exit 2, nothing on stdout.
bad_input "pacman: -n 0" "gamesearch pacman: -n needs a whole number of games from 1 to 1000000, not '0'" pacman -n 0 -p GreedyAgent -q
bad_input "pacman: --numGames=many" "gamesearch pacman: --numGames needs a whole number of games from 1 to 1000000, not 'many'" pacman --numGames=many
bad_input "pacman: -k -1" "gamesearch pacman: -k needs a whole number of ghosts from 0 to 1000000, not '-1'" pacman -k -1
bad_input "pacman: -x without a value" "gamesearch pacman: -x needs a value (see gamesearch pacman --help)" pacman -p GreedyAgent -x
bad_input "pacman: --frameTime" "gamesearch pacman: --frameTime needs a number of seconds, at most 60 (below 0: wait for a key), not 'fast'" pacman --frameTime fast
bad_input "pacman: --max-moves 0" "gamesearch pacman: --max-moves needs a whole number of moves from 1 to 1000000000, not '0'" pacman --max-moves 0
bad_input "pacman: --seed" "gamesearch pacman: --seed needs a whole number from -9223372036854775808 to 18446744073709551615, not '1.5'" pacman --seed 1.5
bad_input "pacman: -f and --seed" "gamesearch pacman: -f and --seed both set the random seed: give one" pacman -p GreedyAgent -q -f --seed 3
bad_input "pacman: unknown agent" "gamesearch pacman: unknown Pacman agent 'MinimaxAgnet' (available: KeyboardAgent, LeftTurnAgent, GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent)" pacman -p MinimaxAgnet
bad_input "pacman: unknown ghost" "gamesearch pacman: unknown ghost agent 'SmartGhost' (expected RandomGhost or DirectionalGhost)" pacman -g SmartGhost
bad_input "pacman: -a unknown key" "gamesearch pacman: -a: GreedyAgent takes no argument 'depth' (it takes evalFn)" pacman -p GreedyAgent -a depth=2 -q
bad_input "pacman: -a bad evalFn" "gamesearch pacman: -a: evalFn 'better' is unknown to GreedyAgent (it knows scoreEvaluation)" pacman -p GreedyAgent -a evalFn=better -q
bad_input "pacman: -a bare key" "gamesearch pacman: -a: LeftTurnAgent takes no argument 'fast' (it takes index)" pacman -p LeftTurnAgent -a fast -q
bad_input "pacman: -a empty piece" "gamesearch pacman: -a: empty argument in 'index=0,' (expected key=value,key=value,...)" pacman -p RandomAgent -a index=0, -q
bad_input "pacman: unknown option" "gamesearch pacman: unknown option '--colour' (see gamesearch pacman --help)" pacman --colour
bad_input "pacman: ambiguous option" "gamesearch pacman: ambiguous option '--rec' (--recordActions, --record)" pacman --rec x
bad_input "pacman: flag with a value" "gamesearch pacman: --quietTextGraphics takes no value" pacman --quietTextGraphics=yes
bad_input "pacman: -r" "gamesearch pacman: -r writes pacman.py's Python pickles, which gamesearch does not; use --record FILE" pacman -r
bad_input "pacman: an argument" "gamesearch pacman: unexpected argument 'smallClassic' (see gamesearch pacman --help)" pacman smallClassic
bad_input "pacman: --replay with -n" "gamesearch pacman: --replay plays the games as recorded: -n cannot be used with it" pacman --replay "$R" -n 2
bad_input "pacman: --replay, no file" "gamesearch pacman: $TMP/none.rec: cannot open: No such file or directory" pacman --replay "$TMP/none.rec"
bad_input "pacman: --record unwritable" "gamesearch pacman: --record $TMP/no/such.rec: cannot write: No such file or directory" pacman -p GreedyAgent -q --record "$TMP/no/such.rec"
bad_input "pacman: KeyboardAgent and -q" "gamesearch pacman: KeyboardAgent needs the terminal view, not -q; choose another agent with -p (available: LeftTurnAgent, GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent)" pacman -q
bad_input "pacman: KeyboardAgent and -t" "gamesearch pacman: KeyboardAgent needs the terminal view, not -t; choose another agent with -p (available: LeftTurnAgent, GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent)" pacman -t -l corridor
bad_input "pacman: KeyboardAgent without a terminal" "gamesearch pacman: KeyboardAgent needs a terminal (standard input is not a terminal); choose another agent with -p" pacman -l corridor
bad_input "pacman: -j 0" "gamesearch pacman: -j needs a whole number of games at once from 1 to 256, not '0'" pacman -p GreedyAgent -q -j 0
bad_input "pacman: --jobs many" "gamesearch pacman: --jobs needs a whole number of games at once from 1 to 256, not 'many'" pacman -p GreedyAgent -q --jobs many
bad_input "pacman: -j 257" "gamesearch pacman: -j needs a whole number of games at once from 1 to 256, not '257'" pacman -p GreedyAgent -q -j257
bad_input "pacman: -j without -q or -t" "gamesearch pacman: -j 2 plays games side by side, which the terminal view cannot show: add -q or -t" pacman -p GreedyAgent -l corridor -j 2
bad_input "pacman: KeyboardAgent and -j" "gamesearch pacman: KeyboardAgent plays in the terminal view, one game at a time: -j 2 cannot be used with it" pacman -j 2
# Seeds take every whole number of 64 bits, signed or not; a record and
# --json keep them as given, and a replay plays the same games.
bad_input "pacman: --seed past 2^64 - 1" "gamesearch pacman: --seed needs a whole number from -9223372036854775808 to 18446744073709551615, not '18446744073709551616'" pacman -p GreedyAgent -q --seed 18446744073709551616
bad_input "pacman: --seed below -2^63" "gamesearch pacman: --seed needs a whole number from -9223372036854775808 to 18446744073709551615, not '-9223372036854775809'" pacman -p GreedyAgent -q --seed -9223372036854775809
for seed in 18446744073709551615 -9223372036854775808 9223372036854775808; do
    run pacman -l corridor -p RandomAgent -k 1 -q --seed "$seed" --record "$TMP/seed.rec" --json "$TMP/seed.json"
    cp "$TMP/out" "$TMP/seed.out"
    run pacman --replay "$TMP/seed.rec" -q
    if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/seed.out" && grep -qx "seed: int $seed" "$TMP/seed.rec" &&
        grep -qF "\"seed\": {\"stream\": \"single\", \"int\": $seed}" "$TMP/seed.json"; then ok; else bad "pacman --seed $seed: recorded and replayed" "status $status" "$(cat "$TMP/err")"; fi
done
run pacman -l corridor -p RandomAgent -k 1 -q -n 2 --seeds 18446744073709551615 --json "$TMP/seed.json"
if [ "$status" -eq 0 ] && grep -qF '"seed": {"stream": "per-game", "base": 18446744073709551615, "from_system": false}' "$TMP/seed.json"; then ok; else bad "pacman --seeds 2^64 - 1" "status $status" "$(cat "$TMP/err")"; fi
bad_input "pacman: --seeds" "gamesearch pacman: --seeds needs a whole number from -9223372036854775808 to 18446744073709551615, not 'abc'" pacman --seeds abc
bad_input "pacman: -f and --seeds" "gamesearch pacman: -f and --seeds both set the random seed: give one" pacman -p GreedyAgent -q -f --seeds 3
bad_input "pacman: --seed and --seeds" "gamesearch pacman: --seed and --seeds both set the random seed: give one" pacman -p GreedyAgent -q --seeds 3 --seed 1
bad_input "pacman: --see" "gamesearch pacman: ambiguous option '--see' (--seed, --seeds)" pacman --see 3
bad_input "pacman: --json unwritable" "gamesearch pacman: --json $TMP/no/such.json: cannot write: No such file or directory" pacman -p GreedyAgent -q --json "$TMP/no/such.json"
bad_input "pacman: --replay with -j" "gamesearch pacman: --replay plays the games as recorded: -j cannot be used with it" pacman --replay "$R" -j 2
# Two outputs never name one file: not each other (by name, or by device
# and inode), not an input, not the file standard output goes to.
bad_input "pacman: --json and --record, one file" "gamesearch pacman: --json $TMP/same.out and --record $TMP/./same.out name the same file: give each its own" pacman -p GreedyAgent -q -l corridor --json "$TMP/same.out" --record "$TMP/./same.out"
: >"$TMP/same.out"
ln "$TMP/same.out" "$TMP/same.link"
bad_input "pacman: --json and --record, one file by two links" "gamesearch pacman: --json $TMP/same.out and --record $TMP/same.link name the same file: give each its own" pacman -p GreedyAgent -q -l corridor --json "$TMP/same.out" --record "$TMP/same.link"
cp "$SRC/layouts/corridor.lay" "$TMP/corr.lay"
bad_input "pacman: --record over the layout" "gamesearch pacman: --record $TMP/corr.lay names the layout file: give another name" pacman -p GreedyAgent -q -l "$TMP/corr.lay" --record "$TMP/corr.lay"
"$GS" pacman -p GreedyAgent -q -l corridor --json "$TMP/same.out" >"$TMP/same.out" 2>"$TMP/err"
status=$?
: >"$TMP/out"
check "pacman: --json onto standard output's file" 2 "" "gamesearch pacman: --json $TMP/same.out is also standard output: give another name"
run pacman -p GreedyAgent -q -l corridor --seed 1 --json /dev/null --record /dev/null
if [ "$status" -eq 0 ]; then ok; else bad "pacman: --json and --record both /dev/null" "status $status" "$(cat "$TMP/err")"; fi
cp "$EX/seed.tree" "$TMP/in.tree"
bad_input "tree: --dot over its input" "gamesearch tree: --dot $TMP/./in.tree names the input file: give another name" tree "$TMP/in.tree" --dot "$TMP/./in.tree"
if cmp -s "$EX/seed.tree" "$TMP/in.tree"; then ok; else bad "tree: the input survives --dot naming it"; fi
"$GS" tree "$EX/seed.tree" --dot "$TMP/same.out" >"$TMP/same.out" 2>"$TMP/err"
status=$?
: >"$TMP/out"
check "tree: --dot onto standard output's file" 2 "" "gamesearch tree: --dot $TMP/same.out is also standard output: give another name"

# The option at fault is the first game option, not the last option read.
bad_input "pacman: -n before --replay, -q after" "gamesearch pacman: --replay plays the games as recorded: -n cannot be used with it" pacman -n 2 --replay "$R" -q
bad_input "pacman: --numGames before --replay, -t after" "gamesearch pacman: --replay plays the games as recorded: --numGames cannot be used with it" pacman --numGames 2 --replay "$R" -t --frameTime 0
bad_input "pacman: -qn2 with --replay" "gamesearch pacman: --replay plays the games as recorded: -n cannot be used with it" pacman -qn2 --replay "$R" --frameTime 0
bad_input "pacman: --replay with --json" "gamesearch pacman: --replay plays the games as recorded: --json cannot be used with it" pacman --replay "$R" --json "$TMP/r.json"
run pacman --help
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch pacman' && grep -q -- '--numGames' "$TMP/out"; then ok; else bad "pacman --help" "status $status"; fi
run --help
if grep -q '^  pacman ' "$TMP/out"; then ok; else bad "--help lists pacman" ""; fi

# ---- bench: the node-count signature (docs/ref/bench.md) ----

# Every search of `gamesearch bench` is deterministic, so its total node
# count is the same in every build: the number in bench/signature.
run bench
want=$(tr -d ' \t\r\n' <"$SRC/bench/signature")
got=$(sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p' "$TMP/out")
if [ "$status" -ne 0 ]; then
    bad "bench: every search succeeds with the known values" "exit status $status" "$(head -n 5 "$TMP/err")"
elif [ -s "$TMP/err" ] || ! tail -n 3 "$TMP/out" | head -n 1 | grep -q '^Nodes searched: [0-9][0-9]*$' ||
    ! tail -n 2 "$TMP/out" | head -n 1 | grep -q '^Nodes/second: [0-9][0-9]*$' ||
    ! tail -n 1 "$TMP/out" | grep -q '^Time: [0-9][0-9.]* seconds$'; then
    bad "bench: the totals on the last three lines, nothing on stderr" "$(tail -n 3 "$TMP/out")" "$(head -n 3 "$TMP/err")"
elif [ "$got" != "$want" ]; then
    bad "bench: Nodes searched is bench/signature" \
        "Nodes searched: $got, but bench/signature says $want" \
        "search behaviour changed: if intended, update bench/signature and put 'Bench: $got' in the commit message"
else
    ok
fi
run bench --help
if [ "$status" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^usage: gamesearch bench'; then ok; else bad "bench --help" "status $status"; fi
bad_input "bench: unknown option" "gamesearch bench: unknown option '--quick' (see gamesearch bench --help)" bench --quick
bad_input "bench: an argument" "gamesearch bench: unexpected argument '3' (see gamesearch bench --help)" bench 3
bad_input "bench: flag with a value" "gamesearch bench: --json takes no value" bench --json=1
run --help
if grep -q '^  bench ' "$TMP/out"; then ok; else bad "--help lists bench" ""; fi

# ---- Determinism: the same run twice, and -j 2 as -j 1 ----

# Searching agents without a time limit play the same games every time,
# node for node, however many games run at once: ChampionAgent under a node
# budget (iterative deepening, its table emptied before each move,
# DirectionalGhosts as chance nodes) and ExpectimaxAgent to a fixed depth.
# The --json files are compared without their times and thread count
# (untimed, above); the games must differ from each other, or the
# comparison would prove little.
for agent in "ChampionAgent -a nodes=1000" "ExpectimaxAgent -a depth=2"; do
    games="pacman -l crossroads -p $agent -g DirectionalGhost -q -n 4 --seeds 7 --max-moves 240"
    # shellcheck disable=SC2086
    run $games --json "$TMP/det1.json"
    cp "$TMP/out" "$TMP/det1.out"
    st1=$status
    # shellcheck disable=SC2086
    run $games --json "$TMP/det2.json"
    cp "$TMP/out" "$TMP/det2.out"
    st2=$status
    # shellcheck disable=SC2086
    run $games --json "$TMP/det3.json" -j 2
    if [ "$st1" -eq 0 ] && [ "$st2" -eq 0 ] && [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] && summary_ok 4 &&
        [ "$(result_lines | sort -u | wc -l)" -ge 2 ] &&
        [ "$(jgames "$TMP/det1.json" | grep -c '"nodes": [1-9]')" -eq 4 ] &&
        cmp -s "$TMP/det1.out" "$TMP/det2.out" && cmp -s "$TMP/det1.out" "$TMP/out" &&
        untimed "$TMP/det1.json" >"$TMP/du1" && untimed "$TMP/det2.json" >"$TMP/du2" &&
        untimed "$TMP/det3.json" >"$TMP/du3" && cmp -s "$TMP/du1" "$TMP/du2" && cmp -s "$TMP/du1" "$TMP/du3"; then
        ok
    else
        bad "pacman $agent: the same games and nodes twice and with -j 2" "status $st1 $st2 $status" \
            "$(diff "$TMP/du1" "$TMP/du2" | head -n 4)" "$(diff "$TMP/du1" "$TMP/du3" | head -n 4)"
    fi
done

# connect4 solve: the same scores and node counts twice (the times aside),
# with the table emptied for each line, kept from line to line, and with
# symmetry and the weak solver. Lines of Pons's Test_L1_R1 and Test_L2_R2,
# each some thousands of nodes (without the book, which holds 32164625).
printf '%s\n' 32164625 17516442226766 37416146447 7441746225252552 214644735611711 >"$TMP/c4d.in"
for opts in "" "--keep-table" "--symmetry --weak"; do
    # shellcheck disable=SC2086
    run --stdin "$TMP/c4d.in" connect4 solve --no-book $opts
    awk '{ print $1, $2, $3 }' "$TMP/out" >"$TMP/c4d1"
    st1=$status
    # shellcheck disable=SC2086
    run --stdin "$TMP/c4d.in" connect4 solve --no-book $opts
    awk '{ print $1, $2, $3 }' "$TMP/out" >"$TMP/c4d2"
    case $opts in
        *--weak*) want="1 1 -1 1 1" ;;
        *) want="11 8 -9 2 4" ;;
    esac
    if [ "$st1" -eq 0 ] && [ "$status" -eq 0 ] && [ ! -s "$TMP/err" ] &&
        [ "$(awk '{ print $2 }' "$TMP/c4d1" | tr '\n' ' ')" = "$want " ] &&
        awk '$3 !~ /^[1-9][0-9]*$/ { bad = 1 } END { exit bad || NR != 5 }' "$TMP/c4d1" &&
        cmp -s "$TMP/c4d1" "$TMP/c4d2"; then
        ok
    else
        bad "connect4 solve $opts: the same scores and nodes twice" "status $st1 $status" "$(diff "$TMP/c4d1" "$TMP/c4d2" | head -n 6)" "$(cat "$TMP/err")"
    fi
done

# mnk --solve: the same value, moves and node count twice.
for size in "3x3 --k 3 --solve X........" "4x4 --k 3 --solve X.......O......."; do
    # shellcheck disable=SC2086
    run mnk --size $size --json
    sed 's/,"time_ms":[0-9.e+-]*}$/}/' "$TMP/out" >"$TMP/mnk1"
    st1=$status
    # shellcheck disable=SC2086
    run mnk --size $size --json
    sed 's/,"time_ms":[0-9.e+-]*}$/}/' "$TMP/out" >"$TMP/mnk2"
    if [ "$st1" -eq 0 ] && [ "$status" -eq 0 ] && grep -q '^{"value":-*[01],"best":\[[0-9,]*\],"nodes":[1-9][0-9]*}$' "$TMP/mnk1" &&
        cmp -s "$TMP/mnk1" "$TMP/mnk2"; then
        ok
    else
        bad "mnk --size $size: the same answer and nodes twice" "status $st1 $status" "$(cat "$TMP/mnk1" "$TMP/mnk2")"
    fi
done

# ---- bad input: more cases (docs/bad-input.md) ----

# A finished game cannot be played on, as it cannot be solved.
bad_input "ttt: --start a finished game" "gamesearch ttt: --start 'XXX.OO...': the game is already over (X has a line)" ttt --start XXX.OO... --x computer
bad_input "mnk: --start a full board" "gamesearch mnk: --start 'XOXXOOOXX': the game is already over (the board is full)" mnk --start XOXXOOOXX
# Standard input that cannot be read is bad input, as a file is.
run --stdin "$TMP" connect4 solve
check "connect4 solve: standard input that cannot be read" 2 "" "gamesearch connect4: reading standard input: Is a directory"
# Lines of standard input have one bound, CLI_LINE_MAX (1024 bytes): a
# longer line is refused as soon as it is seen, never stored whole, and
# the input is read no further (a stream without a newline never ends).
head -c 100M /dev/zero | timeout 60 "$GS" connect4 solve >"$TMP/out" 2>"$TMP/err"
status=$?
check "connect4 solve: a line of zero bytes without end" 2 "" "gamesearch connect4: line 1: longer than 1024 bytes, more than any position: the rest of the input is not read"
{ printf '445566\n4458\n'; head -c 100M /dev/zero | tr '\0' 4; } | timeout 60 "$GS" connect4 solve >"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" -eq 2 ] && grep -Eqx '445566 18 0 [0-9]+' "$TMP/out" && [ "$(cat "$TMP/err")" = "gamesearch connect4: line 2, character 4: '8' is not a column (columns are 1-7)
gamesearch connect4: line 3: longer than 1024 bytes, more than any position: the rest of the input is not read" ]; then ok; else bad "connect4 solve: good lines answered before a line without end" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
head -c 1024 /dev/zero | tr '\0' 4 >"$TMP/long.in"
run --stdin "$TMP/long.in" connect4 solve
check "connect4 solve: a line of 1024 bytes is read and checked" 2 "" "gamesearch connect4: line 1, character 7: column 4 is full"
head -c 1025 /dev/zero | tr '\0' 4 >"$TMP/long.in"
run --stdin "$TMP/long.in" connect4 solve
check "connect4 solve: a line of 1025 bytes" 2 "" "gamesearch connect4: line 1: longer than 1024 bytes, more than any position: the rest of the input is not read"
head -c 100M /dev/zero | timeout 60 "$GS" ttt >"$TMP/out" 2>"$TMP/err"
status=$?
check "ttt: an answer without end" 2 "Play X (moves first) or O? [X/o] " "gamesearch ttt: standard input: an answer longer than 1024 bytes, more than any move: the rest of the input is not read"
{ printf '4\n'; head -c 100M /dev/zero; } | timeout 60 "$GS" connect4 play --start 4455 --max-nodes 1000 >"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" -eq 2 ] && tail -n 1 "$TMP/out" | grep -qx 'Game left unfinished.' &&
    [ "$(tail -n 1 "$TMP/err")" = "gamesearch connect4: standard input: an answer longer than 1024 bytes, more than any move: the rest of the input is not read" ]; then ok; else bad "connect4 play: an answer without end" "status $status" "$(tail -n 3 "$TMP/out" "$TMP/err")"; fi
run --stdin "$TMP" mnk --size 4x4 --k 3
check "mnk: a prompt whose standard input cannot be read" 2 "Play X (moves first) or O? [X/o] " "gamesearch mnk: reading standard input: Is a directory"
# A game whose 'end' line is missing, followed by the next game.
printf '%s\n' 'gamesearch-pacman-record 1' 'pacman: GreedyAgent' 'ghosts: 0 RandomGhost' \
    'games: 2' 'layout: 3 tiny' '%%%%%%' '%P ..%' '%%%%%%' \
    'game 1 result=Win score=517 moves=3' 'East East East' \
    'game 2 result=Win score=517 moves=3' 'East East East' 'end' >"$TMP/noend.rec"
bad_input "pacman --replay: a game without its end line" "gamesearch pacman: $TMP/noend.rec:11:1: expected 'end' after the moves of game 1, before the next game" pacman --replay "$TMP/noend.rec"
# --dot that cannot be written says why (a full disk: exit status 1).
if [ -w /dev/full ]; then
    run tree "$EX/seed.tree" --dot /dev/full
    check "tree --dot: a full disk" 1 "" "gamesearch tree: --dot /dev/full: cannot write: No space left on device"
fi

# Records that once came back changed when written and read again.
printf '%s\n' 'gamesearch-pacman-record 1' 'pacman: GreedyAgent' 'ghosts: 0 RandomGhost' \
    'games: 0' 'layout: 3 tiny' '' '  ' "$(printf '\t')" >"$TMP/blankmaze.rec"
bad_input "pacman --replay: a maze of blank rows" "gamesearch pacman: $TMP/blankmaze.rec:5:9: layout: its 3 rows are all blank" pacman --replay "$TMP/blankmaze.rec"
printf 'gamesearch-pacman-record 1\npacman: GreedyAgent\nghosts: 0 RandomGhost\ngames: 0\nlayout: 3 ti\033ny\n%%%%%%%%%%%%\n%%P ..%%\n%%%%%%%%%%%%\n' >"$TMP/ctrl.rec"
bad_input "pacman --replay: a control character in the header" "gamesearch pacman: $TMP/ctrl.rec:5:13: control character (byte 0x1b) in a header line" pacman --replay "$TMP/ctrl.rec"

# A file over 1 GiB is refused by its size, unread (a sparse file: no
# disk is used).
rm -f "$TMP/gib.tree"
if truncate -s 1100M "$TMP/gib.tree" 2>/dev/null; then
    bad_input "tree: a file over 1 GiB" "gamesearch tree: $TMP/gib.tree: larger than 1 GiB (1073741824 bytes), the most gamesearch reads" tree "$TMP/gib.tree"
    # One byte over the limit is refused; exactly 1 GiB is read and parsed
    # (its zero bytes are then the error).
    truncate -s 1073741825 "$TMP/gib.tree"
    bad_input "tree: a file of 1 GiB and 1 byte" "gamesearch tree: $TMP/gib.tree: larger than 1 GiB (1073741824 bytes), the most gamesearch reads" tree "$TMP/gib.tree"
    truncate -s 1073741824 "$TMP/gib.tree"
    bad_input "tree: a file of exactly 1 GiB is read" "gamesearch tree: $TMP/gib.tree:1:1: unexpected character '\\x00'" tree "$TMP/gib.tree"
    rm -f "$TMP/gib.tree"
    # Standard input, whose size is not known before reading: the same.
    head -c 1073741825 /dev/zero | "$GS" tree >"$TMP/out" 2>"$TMP/err"
    status=$?
    check "tree: 1 GiB and 1 byte on standard input" 2 "" "gamesearch tree: <stdin>: larger than 1 GiB (1073741824 bytes), the most gamesearch reads"
fi

# Standard output that cannot be written (a full device): every command
# that prints says so and fails, whatever it printed and however much.
if [ -w /dev/full ]; then
    full() {
        name=$1
        shift
        "$GS" "$@" </dev/null >/dev/full 2>"$TMP/err"
        status=$?
        printf '' >"$TMP/out"
        check "$name: standard output on a full device" 1 "" "gamesearch: cannot write to standard output: No space left on device"
    }
    full "--help" --help
    full "--version" --version
    full "tree --help" tree --help
    full "tree" tree "$EX/seed.tree"
    full "tree --json" tree "$EX/seed.tree" --json
    full "tree --dot -" tree "$EX/seed.tree" --dot -
    full "ttt --solve" ttt --solve .........
    full "ttt --solve --json" ttt --solve ......... --json
    full "ttt at the prompt" ttt
    full "mnk --solve" mnk --size 3x3 --k 3 --solve .........
    full "gomoku at the prompt" gomoku
    full "connect4 analyze" connect4 analyze 4455
    full "connect4 play" connect4 play
    full "pacman -q" pacman -l corridor -p GreedyAgent -q --seed 1
    full "pacman -t" pacman -l corridor -p GreedyAgent -t --frameTime 0 --seed 1
    full "bench" bench
    # Standard output closed from the start: an error only when written to.
    "$GS" pacman -l corridor -p GreedyAgent -q -n 1 -x 1 </dev/null >&- 2>"$TMP/err"
    status=$?
    : >"$TMP/out"
    check "pacman printing nothing, standard output closed" 0 "" ""
    "$GS" tree "$EX/seed.tree" </dev/null >&- 2>"$TMP/err"
    status=$?
    check "tree, standard output closed" 1 "" "gamesearch: cannot write to standard output: Bad file descriptor"
    # A file opened with standard output closed must not become standard
    # output: the record holds the record alone, and the lost lines fail.
    rm -f "$TMP/closed.rec"
    "$GS" pacman -l corridor -p GreedyAgent -q --seed 1 --record "$TMP/closed.rec" </dev/null >&- 2>"$TMP/err"
    status=$?
    : >"$TMP/out"
    check "pacman --record, standard output closed" 1 "" "gamesearch: cannot write to standard output: Bad file descriptor"
    if [ "$(head -n 1 "$TMP/closed.rec")" = "gamesearch-pacman-record 1" ]; then ok; else bad "pacman --record, standard output closed: the record" "first line" "$(head -n 1 "$TMP/closed.rec")"; fi
    echo 4455 >"$TMP/c4line"
    "$GS" connect4 solve <"$TMP/c4line" >/dev/full 2>"$TMP/err"
    status=$?
    check "connect4 solve: standard output on a full device" 1 "" "gamesearch: cannot write to standard output: No space left on device"
    run pacman -l corridor -p GreedyAgent -q --seed 1 --record "$TMP/full.rec"
    full "pacman --replay" pacman --replay "$TMP/full.rec" -q
    run pacman -l corridor -p GreedyAgent -q --seed 1 --record /dev/full
    if [ "$status" -eq 1 ] && [ "$(cat "$TMP/err")" = "gamesearch pacman: --record /dev/full: cannot write: No space left on device" ]; then ok; else bad "pacman --record: a full disk" "status $status" "$(cat "$TMP/err")"; fi
fi

# User text in messages: control bytes and bytes that are not UTF-8 shown
# as \xHH, never sent to the terminal; long text cut at a character
# boundary after 64 bytes, with "...".
bad_input "an escape sequence in an option" "gamesearch tree: --depth needs a whole number of rounds from 0 to 1000000, not 'a\\x1b[31mb'" tree --depth "$(printf 'a\033[31mb')"
bad_input "a byte that is not UTF-8 in a name" "gamesearch pacman: unknown Pacman agent 'Gr\\xffeedy' (available: KeyboardAgent, LeftTurnAgent, GreedyAgent, RandomAgent, ReflexAgent, MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent, ChampionAgent, MCTSAgent, MaxnAgent, ParanoidAgent, BRSAgent)" pacman -p "$(printf 'Gr\377eedy')"
bad_input "a position of 10,000 characters" "gamesearch ttt: --solve 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX...': the position has 10000 cells, not 9" ttt --solve "$(head -c 10000 /dev/zero | tr '\0' X)"
bad_input "long text cut between characters" "gamesearch ttt: --solve 'a$(printf '\303\251%.0s' $(seq 31))...': unexpected character 'a' at cell a1 (character 1; use X, O or .)" ttt --solve "a$(printf '\303\251%.0s' $(seq 100))"
bad_input "an escape sequence in an unknown option" "gamesearch tree: unknown option '--\\x1b]0;x\\x07' (see gamesearch tree --help)" tree "$(printf -- '--\033]0;x\007')"
printf 'x\033[2Jy\nq\n' >"$TMP/esc.in"
run --stdin "$TMP/esc.in" connect4 play --first human
if [ "$status" -eq 0 ] && ! grep -q "$(printf '\033')" "$TMP/out" &&
    grep -qxF "X to move (a column 1-7; u undo, h hint, q quit): x\\x1b[2Jy" "$TMP/out" &&
    grep -qxF "'x\\x1b[2Jy' is not a column: type a number from 1 to 7, or q to quit." "$TMP/out"; then ok; else bad "connect4 play: an escape sequence typed" "$(cat "$TMP/out")"; fi

# A UTF-8 byte order mark at the very start is skipped by every reader:
# trees, layouts, records; columns count from after it.
printf '\357\273\277A: B C\nB = 1\n' >"$TMP/bom.tree"
bad_input "tree: a byte order mark" "gamesearch tree: $TMP/bom.tree:1:6: node 'C' is used as a child but never defined" tree "$TMP/bom.tree"
printf '\357\273\277%%PZ.%%\n' >"$TMP/bom.lay"
bad_input "layout: a byte order mark" "gamesearch pacman: $TMP/bom.lay:1:3: unexpected character 'Z' (a layout holds '%', '.', 'o', 'P', 'G', '1'-'4' and spaces)" pacman -l "$TMP/bom.lay" -p GreedyAgent -q
{ printf '\357\273\277'; cat "$SRC/layouts/corridor.lay"; } >"$TMP/bom.lay"
run pacman -l "$TMP/bom.lay" -p GreedyAgent -q --seed 1 --record "$TMP/bom.rec"
cp "$TMP/out" "$TMP/bom.out"
run pacman -l corridor -p GreedyAgent -q --seed 1
if cmp -s "$TMP/out" "$TMP/bom.out"; then ok; else bad "layout: a byte order mark changes nothing"; fi
{ printf '\357\273\277'; cat "$TMP/bom.rec"; } >"$TMP/bom2.rec"
run pacman --replay "$TMP/bom2.rec" -q
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/bom.out"; then ok; else bad "record: a byte order mark" "status $status" "$(cat "$TMP/err")"; fi
printf '\357\273\277gamesearch-pacman-record 7\n' >"$TMP/bom3.rec"
bad_input "record: columns after a byte order mark" "gamesearch pacman: $TMP/bom3.rec:1:26: record version 7 is not known to this gamesearch (it reads version 1)" pacman --replay "$TMP/bom3.rec"

# A directory where a file is wanted is named as one, in every reader; a
# pipe is read to its end, as a file.
mkdir -p "$TMP/adir.lay"
bad_input "tree: a directory" "gamesearch tree: $TMP/adir.lay: is a directory, not a file" tree "$TMP/adir.lay"
run --stdin "$TMP" tree
check "tree: a directory on standard input" 2 "" "gamesearch tree: <stdin>: is a directory, not a file"
bad_input "pacman --replay: a directory" "gamesearch pacman: $TMP/adir.lay: is a directory, not a file" pacman --replay "$TMP/adir.lay"
bad_input "layout: a directory by its path" "gamesearch pacman: layout '$TMP/adir.lay': $TMP/adir.lay is a directory, not a file" pacman -l "$TMP/adir.lay" -p GreedyAgent -q
GAMESEARCH_LAYOUTS="$TMP" "$GS" pacman -l adir -p GreedyAgent -q </dev/null >"$TMP/out" 2>"$TMP/err"
status=$?
check "layout: a directory by its name" 2 "" "gamesearch pacman: layout 'adir': $TMP/adir.lay is a directory, not a file"
if mkfifo "$TMP/fifo.lay" 2>/dev/null; then
    cat "$SRC/layouts/corridor.lay" >"$TMP/fifo.lay" &
    run pacman -l "$TMP/fifo.lay" -p GreedyAgent -q --seed 1
    wait
    cp "$TMP/out" "$TMP/fifo.out"
    run pacman -l corridor -p GreedyAgent -q --seed 1
    if cmp -s "$TMP/out" "$TMP/fifo.out"; then ok; else bad "layout: a named pipe is read" "$(cat "$TMP/fifo.out")"; fi
fi

# ---- pacman --html: the replay page (its behaviour: tests/browser) ----

bad_input "pacman --html: a page that cannot be written" "gamesearch pacman: --html $TMP/no/x.html: cannot write: No such file or directory" pacman -p GreedyAgent -q -l corridor --seed 1 --html "$TMP/no/x.html"
run pacman -p AlphaBetaAgent -a depth=1 -q -l corridor --seed 1 --html "$TMP/page.html" --record "$TMP/page.rec"
check "pacman --html: the games' lines as without it" 0 "$("$GS" pacman -p AlphaBetaAgent -a depth=1 -q -l corridor --seed 1)" ""
run pacman --replay "$TMP/page.rec" -q --html "$TMP/replay.html"
same_moves=$(python3 -c '
import json, re, sys
def data(p):
    t = open(p, encoding="utf-8").read()
    return json.loads(re.search(r"<script type=\"application/json\" id=\"gs-data\">(.*?)</script>", t, re.S).group(1))
a, b = data(sys.argv[1]), data(sys.argv[2])
ga, gb = a["games"][0], b["games"][0]
print(ga["moves"] == gb["moves"], len(ga["decisions"]) == sum(1 for m in ga["moves"] if m[0] == 0), len(gb["decisions"]))' "$TMP/page.html" "$TMP/replay.html")
if [ "$status" -eq 0 ] && [ "$same_moves" = "True True 0" ]; then ok; else
    bad "pacman --replay --html: the same moves, no decisions" "status $status: $same_moves"; fi

# ---- MCTS and match ----

run tree --algo mcts "$EX/aima-5-2.tree"
check "tree --algo mcts: visits and means, the root proved" 0 "algorithm: mcts
agents: max min
value: 3
best: B (action a1)
principal variation: A -> B -> B1
nodes visited: 13 (10 leaves evaluated, 0 cutoffs)
visits (mean): A=10 (3) B=4 (3) C=2 (2) D=4 (2) B1=1 (3) B2=1 (12) B3=1 (8) D1=1 (14) D2=1 (5) D3=1 (2) C1=1 (2)
proved: yes" ""
bad_input "tree --algo mcts: text only" "gamesearch tree: --algo mcts prints its own text: give it without --json, --dot, --trace, --html and --check" tree --algo mcts --dot - "$EX/aima-5-2.tree"
bad_input "tree: an unknown algorithm" "gamesearch tree: unknown algorithm 'uct' (expected minimax, alphabeta, expectimax, mcts, pvs, mtdf, sss, maxn, paranoid, brs, pns or dfpn)" tree --algo uct "$EX/aima-5-2.tree"
# More than two players: max^n and paranoid on trees of utility vectors.
run tree --algo maxn "$EX/aima-5-4.tree"
if [ "$status" -eq 0 ] && grep -q '^value: (1, 2, 6)$' "$TMP/out" && grep -q '^best: B1 (action a1)$' "$TMP/out"; then ok; else bad "tree --algo maxn: AIMA's figure 5.4" "$(cat "$TMP/out" "$TMP/err")"; fi
run tree --algo maxn --json "$EX/aima-5-4.tree"
if [ "$status" -eq 0 ] && grep -q '^{"value":\[1,2,6\],"best":"B1","action":"a1",' "$TMP/out"; then ok; else bad "tree --algo maxn --json: the value a list" "$(cat "$TMP/out" "$TMP/err")"; fi
run tree --algo maxn "$EX/shallow.tree"
if [ "$status" -eq 0 ] && grep -q '^value: (6, 2, 2)$' "$TMP/out" && grep -q '^pruned: H$' "$TMP/out"; then ok; else bad "tree --algo maxn: shallow pruning" "$(cat "$TMP/out" "$TMP/err")"; fi
run tree --algo paranoid "$EX/aima-5-4.tree"
if [ "$status" -eq 0 ] && grep -q '^value: 1$' "$TMP/out" && grep -q '^pruned: C4$' "$TMP/out"; then ok; else bad "tree --algo paranoid" "$(cat "$TMP/out" "$TMP/err")"; fi
bad_input "tree --algo brs" "gamesearch tree: --algo brs lets one opponent move out of turn while the others pass, and an explicit tree has no such moves: use --algo maxn or paranoid" tree --algo brs "$EX/aima-5-4.tree"
bad_input "tree: --agents against the vectors" "gamesearch tree: --agents 'max,min' names 2 agents, but the utility vectors of $EX/aima-5-4.tree have 3 values (one utility an agent)" tree --agents max,min "$EX/aima-5-4.tree"
printf "sum: 5\nA: B C\nB = 1 2 2\nC = 3 2 1\n" >"$TMP/sum.tree"
bad_input "tree: a vector above sum:" "gamesearch tree: $TMP/sum.tree:4:1: the utilities of 'C' add up to 6, more than sum: 5" tree "$TMP/sum.tree"
# Pacman's ghosts each scored by their own utility: max^n, paranoid and
# best-reply search on the maze (crossroads), paranoid as alpha-beta.
run compare pacman --algo alphabeta,maxn,paranoid,brs --depth 4-4
if [ "$status" -eq 0 ] && grep -Eq '^ +4 +alphabeta +19 +9 ' "$TMP/out" && grep -Eq '^ +4 +maxn +19 +9 ' "$TMP/out" && grep -Eq '^ +4 +paranoid +19 +9 ' "$TMP/out" && grep -Eq '^ +4 +brs +32 +14 ' "$TMP/out"; then ok; else bad "compare pacman: maxn, paranoid, brs" "$(cat "$TMP/out" "$TMP/err")"; fi
bad_input "ttt --algo maxn" "gamesearch ttt: --algo maxn searches games of more than two players; with two, max^n is minimax: use --algo minimax" ttt --algo maxn
bad_input "match: a maxn player" "gamesearch match: --a 'maxn': 'maxn' searches games of more than two players, and a match is of two: on two players max^n is minimax, and paranoid and best-reply search are alpha-beta" match ttt --a maxn --b random
bad_input "compare: brs on a tree" "gamesearch compare: --algo 'brs': the game has no turn_to hook (brs moves one opponent while the others pass)" compare tree "$EX/aima-5-4.tree" --algo brs
run ttt --algo mcts --solve "XX..O...."
if [ "$status" -eq 0 ] && grep -q '^O to move: draw$' "$TMP/out" && grep -q '^optimal moves: c1$' "$TMP/out"; then ok; else bad "ttt --algo mcts --solve: the solver finds the block" "$(cat "$TMP/out" "$TMP/err")"; fi
run connect4 analyze --algo mcts --iterations 3000 11223
if [ "$status" -eq 0 ] && grep -q '^best: 4 (3000 iterations' "$TMP/out"; then ok; else bad "connect4 analyze --algo mcts: the block" "$(cat "$TMP/out" "$TMP/err")"; fi
# An MCTS solve is bounded: by --time when given, by its node limit
# always; one a limit stops says "not proved" and exits 1. MCTS has no
# fixed depth to give it.
run mnk --size 4x4 --k 4 --algo mcts --solve ................ --time 0.2
if [ "$status" -eq 1 ] && grep -qx 'X to move: not proved: the time limit stopped the search (0 of 16 moves proved)' "$TMP/out" &&
    [ "$(cat "$TMP/err")" = "gamesearch mnk: --solve: stopped by --time before the value was proved (0 of 16 moves proved)" ]; then ok; else bad "mnk --algo mcts --solve: stopped by --time" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
run mnk --size 4x4 --k 4 --algo mcts --solve ................
if [ "$status" -eq 1 ] && grep -qx 'X to move: not proved: the node limit (2,000,000 nodes) stopped the search (0 of 16 moves proved)' "$TMP/out" &&
    [ "$(cat "$TMP/err")" = "gamesearch mnk: --solve: stopped by the node limit of an MCTS solve (2,000,000 nodes) before the value was proved (0 of 16 moves proved)" ]; then ok; else bad "mnk --algo mcts --solve: stopped by the node limit" "status $status" "$(cat "$TMP/out" "$TMP/err")"; fi
bad_input "mnk --algo mcts --depth: refused" "gamesearch mnk: --depth goes with the depth-first algorithms: mcts searches no fixed depth (limit it with --time)" mnk --size 5x5 --k 4 --algo mcts --depth 3 --solve .........................
bad_input "connect4 solve: no mcts" "gamesearch connect4: --algo mcts and --iterations go with analyze and play" connect4 solve --algo mcts

run match ttt --a alphabeta --b mcts:iterations=20000 -n 2 --json
check "match --json: its exact shape" 0 '{"game": "ttt", "games": 2, "a": {"spec": "alphabeta", "wins": 0}, "b": {"spec": "mcts:iterations=20000", "wins": 0}, "draws": 2, "elo": 0.0, "elo_interval": [0.0, 0.0], "results": [{"seed": 1, "first": "a", "result": "draw", "plies": 9, "moves": ["b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1", "c3"]}, {"seed": 2, "first": "b", "result": "draw", "plies": 9, "moves": ["a3", "b2", "b3", "c3", "a1", "a2", "c2", "b1", "c1"]}]}' ""
if json_ok "$TMP/out"; then ok; else bad "match --json parses"; fi
run match connect4 --a mcts:iterations=300 --b random -n 4 --seeds 7 --moves
cp "$TMP/out" "$TMP/match1"
run match connect4 --a mcts:iterations=300 --b random -n 4 --seeds 7 --moves -j 3
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/match1"; then ok; else bad "match -j 3: the output of -j 1" "$(diff "$TMP/match1" "$TMP/out")"; fi
if grep -q '^4 games: a won 4, b won 0, 0 drawn$' "$TMP/out" && grep -q '^game 2: b first, a wins in ' "$TMP/out"; then ok; else bad "match: MCTS beats random at Connect Four" "$(cat "$TMP/out")"; fi
bad_input "match: a bad player" "gamesearch match: --b 'mcts:depth=2': mcts players take no 'depth'" match ttt --a alphabeta --b mcts:depth=2
bad_input "match: no game" "gamesearch match: which game? (ttt, mnk, gomoku, connect4 or nim) (see gamesearch match --help)" match --a random --b random
bad_input "match: an unknown game" "gamesearch match: unknown game 'go' (expected ttt, mnk, gomoku, connect4 or nim)" match go --a random --b random
bad_input "match: --size is mnk's" "gamesearch match: only mnk takes a board size and k" match ttt --size 4x4 --a random --b random
run match mnk:m=3,n=3,k=3 --a alphabeta --b alphabeta:eval=none -n 2 --json
if [ "$status" -eq 0 ] && grep -q '"game": "mnk", "games": 2, .*"draws": 2,' "$TMP/out"; then ok; else bad "match mnk:PARAMS: perfect play draws" "$(cat "$TMP/out" "$TMP/err")"; fi
bad_input "match: a bad parameter" "gamesearch match: mnk:q=1: unknown parameter 'q' (mnk takes m, n, k, eval)" match mnk:q=1 --a random --b random
bad_input "match: no board for k" "gamesearch match: no 3x3 board with k 4" match mnk --k 4 --a random --b random

# ---- the registry ----

run games
if [ "$status" -eq 0 ] && grep -q '^connect4  Connect Four: 7x6, four in a row, with its exact solver$' "$TMP/out" &&
    grep -q '^            k=3            stones in a row that win (at most the longer side)$' "$TMP/out" &&
    grep -q '^            made from a layout (default crossroads)$' "$TMP/out"; then ok; else bad "games: the table" "$(cat "$TMP/out" "$TMP/err")"; fi
run games --json
if [ "$status" -eq 0 ] && json_ok "$TMP/out" &&
    grep -q '{"name": "ttt", "title": "tic-tac-toe", "summary": "tic-tac-toe: 3x3, three in a row", "source": null, "params": \[{"name": "eval", "default": "auto", ' "$TMP/out"; then ok; else bad "games --json" "$(cat "$TMP/out" "$TMP/err")"; fi
bad_input "games: an unknown option" "gamesearch games: unknown option '--all' (see gamesearch games --help)" games --all
run pacman -l corridor -p MCTSAgent -a iterations=200 -q --seed 1
cp "$TMP/out" "$TMP/pac1"
run pacman -l corridor -p MCTSAgent -a iterations=200 -q --seed 1 -n 1
if [ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/pac1" && grep -q '^Average Score' "$TMP/out"; then ok; else bad "pacman -p MCTSAgent plays, the same game twice" "$(cat "$TMP/out" "$TMP/err")"; fi
bad_input "pacman: MCTSAgent's arguments" "gamesearch pacman: -a: MCTSAgent takes no argument 'foo' (it takes depth, evalFn, ghostModel, time, nodes, countStates, iterations)" pacman -l corridor -p MCTSAgent -a foo=1 -q

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
