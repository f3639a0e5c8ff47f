#!/bin/sh
# More than two players from the command line: `gamesearch mnkp` (its
# analysis, text and JSON, a game read from standard input, and one
# message with exit status 2 for each kind of bad input), `compare mnkp`,
# and Pacman's MaxnAgent, ParanoidAgent and BRSAgent in seeded batches
# (exact scores; -j 2 prints what -j 1 prints; --json and --record).
#
# usage: test_multi_cli.sh GAMESEARCH_BINARY SOURCE_DIR
set -u
GS=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
GAMESEARCH_LAYOUTS=$SRC/layouts
export GAMESEARCH_LAYOUTS

run() {
    "$GS" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    status=$?
}
ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    echo "FAIL: $1"
    shift
    for line in "$@"; do echo "  $line"; done
}
# same NAME WANT GOT
same() {
    if [ "$2" = "$3" ]; then ok; else bad "$1" "expected: $2" "got:      $3"; fi
}
# bad_input NAME COMMAND MESSAGE ARGS...: exit 2, nothing on standard
# output, one line on standard error.
bad_input() {
    name=$1
    cmd=$2
    want=$3
    shift 3
    run "$cmd" "$@"
    same "$name: status" 2 "$status"
    same "$name: stdout" "" "$(cat "$TMP/out")"
    same "$name: message" "gamesearch $cmd: $want" "$(cat "$TMP/err")"
}

# ---- gamesearch mnkp --solve ----

run mnkp --solve .........
same "solve empty: status" 0 "$status"
same "solve empty" "to move: X
algorithm: maxn, 9 plies (to the end)
utilities (X, O, Y): (1, 1, 1)
best: a1
nodes: 774170" "$(cat "$TMP/out")"

run mnkp --solve XX.O....Y --json
same "solve json" '{"algo":"maxn","to_move":"O","depth":5,"to_the_end":true,"value":[1,1,1],"best":"c1","nodes":146}' "$(cat "$TMP/out")"
run mnkp --solve XX.O....Y --algo paranoid --json
same "solve paranoid json" '{"algo":"paranoid","to_move":"O","depth":5,"to_the_end":true,"value":1,"best":"c1","nodes":80}' "$(cat "$TMP/out")"
run mnkp --solve XOYZ............ --players 4 --size 4x4 --depth 3
same "solve 4 players" "to move: X
algorithm: maxn, 3 plies
utilities (X, O, Y, Z): (1.28, 1.6, 0.8, 0.32)
best: a3
nodes: 1465" "$(cat "$TMP/out")"

# ---- a game: X from standard input, O and Y by max^n ----

printf 'b2\nzz\nc3\nq\n' | "$GS" mnkp >"$TMP/out" 2>"$TMP/err"
same "play: status" 0 "$?"
same "play: O's first reply" "O plays a1 (maxn, 8 plies, 79569 nodes)" \
    "$(grep '^O plays' "$TMP/out" | head -1)"
same "play: Y's first reply" "Y plays b1 (maxn, 7 plies, 9300 nodes)" \
    "$(grep '^Y plays' "$TMP/out" | head -1)"
same "play: a cell that is not empty" 1 "$(grep -c "'zz' is not an empty cell" "$TMP/out")"
same "play: quit" "game abandoned" "$(tail -1 "$TMP/out")"
run mnkp --seats ccc --algo paranoid
same "computers: status" 0 "$status"
same "computers: the end" "draw" "$(tail -1 "$TMP/out")"

# ---- bad input ----

bad_input "seats" mnkp "--seats needs one letter a player, h (human) or c (computer), for 3 players in turn (X, O, ...), not 'hx'" --seats hx
bad_input "algo" mnkp "unknown algorithm 'minimax' (expected maxn, paranoid or brs)" --algo minimax
bad_input "players" mnkp "--players needs a whole number of players from 2 to 4, not '5'" --players 5
bad_input "k" mnkp "--k 4 cannot fit on a 3x3 board" --k 4
bad_input "json alone" mnkp "--json goes with --solve" --json
bad_input "short position" mnkp "--solve 'X..': column 4: the position has 3 cells, not the board's 9" --solve X..
bad_input "bad mark" mnkp "--solve 'XOZ......': column 3: 'Z' is not a cell: '.' or a player's mark (XOY)" --solve XOZ......
bad_input "over" mnkp "--solve 'XXXOO.YY.': the game is over there" --solve XXXOO.YY.
bad_input "start" mnkp "--start '.O.......': column 1: X has 0 marks and O 1, but O moves right after X" --start .O.......

# ---- compare ----

run compare mnkp --algo maxn,paranoid,brs --depth 9-9 --json
same "compare: status" 0 "$status"
same "compare: nodes" "774170 8418 40039" "$(python3 -c '
import json, sys
print(" ".join(str(r["nodes"]) for r in json.load(open(sys.argv[1]))["rows"]))
' "$TMP/out")"

# ---- Pacman's agents of more than two players ----

for p in maxn paranoid brs; do
    run pacman -p $p -a depth=2,evalFn=better -l crossroads -k 2 -q -n 3 --seeds 1
    same "pacman $p: status" 0 "$status"
    cp "$TMP/out" "$TMP/$p.1"
    run pacman -p $p -a depth=2,evalFn=better -l crossroads -k 2 -q -n 3 --seeds 1 -j 2
    same "pacman $p: -j 2 as -j 1" "$(cat "$TMP/$p.1")" "$(cat "$TMP/out")"
done
same "pacman maxn: scores" "Scores:        2137.0, 644.0, 2546.0" "$(grep Scores "$TMP/maxn.1")"
same "pacman paranoid: scores" "Scores:        2135.0, 644.0, 2546.0" "$(grep Scores "$TMP/paranoid.1")"
same "pacman brs: scores" "Scores:        2538.0, 644.0, 2560.0" "$(grep Scores "$TMP/brs.1")"
run pacman -p AlphaBetaAgent -a depth=2,evalFn=better -l crossroads -k 2 -q -n 3 --seeds 1
same "pacman: paranoid plays alpha-beta's games" "$(cat "$TMP/paranoid.1")" "$(cat "$TMP/out")"

run pacman -p MaxnAgent -a depth=2,evalFn=better -l crossroads -k 2 -q -n 2 --seeds 1 --json "$TMP/r.json" --record "$TMP/r.rec"
same "pacman maxn --json: status" 0 "$status"
same "pacman maxn --json" "MaxnAgent depth=2,evalFn=better 21790 319" "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["pacman"], d["agent_args"], d["summary"]["nodes"], d["summary"]["pacman_moves"])
' "$TMP/r.json")"
run pacman --replay "$TMP/r.rec" -q
same "pacman maxn --replay: status" 0 "$status"
same "pacman maxn --replay" "Scores:        2137.0, 644.0" "$(grep Scores "$TMP/out")"

bad_input "pacman brs chance ghosts" pacman "-a: ghostModel must be min for BRSAgent, whose ghosts choose their replies, not 'random'" -p brs -a ghostModel=random -q
bad_input "pacman maxn iterations" pacman "-a: MaxnAgent takes no argument 'iterations' (it takes depth, evalFn, ghostModel, time, nodes, countStates)" -p maxn -a iterations=3 -q

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
