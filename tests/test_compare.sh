#!/bin/sh
# `gamesearch compare` driven as a user drives it: its node counts against
# the engine's own (`gamesearch tree --json`, and tic-tac-toe's known
# 549,946), the table, the JSON, the chart, and one message with exit
# status 2 for each kind of bad input.
#
# usage: test_compare.sh GAMESEARCH_BINARY SOURCE_DIR
set -u
GS=$1
SRC=$2
EX=$SRC/examples
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

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

# bad_input NAME MESSAGE ARGS...: exit 2, nothing on standard output.
bad_input() {
    name=$1
    want=$2
    shift 2
    run compare "$@"
    same "$name: status" 2 "$status"
    same "$name: stdout" "" "$(cat "$TMP/out")"
    same "$name: message" "gamesearch compare: $want" "$(cat "$TMP/err")"
}

# nodes ALGO DEPTH: the node count of that row of the JSON in $TMP/out.
nodes() {
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(str(r["nodes"]) for r in d["rows"]
               if r["algo"] == sys.argv[2] and r["depth"] == int(sys.argv[3])))
' "$TMP/out" "$1" "$2"
}

# ---- tic-tac-toe from the empty board ----

run compare --json
same "ttt --json: status" 0 "$status"
same "ttt: minimax's whole game tree" 549946 "$(nodes minimax 9)"
same "ttt: alpha-beta at depth 9" 20866 "$(nodes alphabeta 9)"
same "ttt: with ordering" 1628 "$(nodes alphabeta+order 9)"
same "ttt: with the table" 921 "$(nodes alphabeta+order+tt 9)"
same "ttt: expectimax visits what minimax does" 549946 "$(nodes expectimax 9)"
same "ttt --json: the rows and their fields" \
    "54 algo,best,depth,ebf,leaves,nodes,seconds,value" \
    "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["game"] == "ttt" and d["position"] == ""
assert abs(d["branching"] - 549946 ** (1 / 9)) < 1e-12
r = d["rows"][0]
print(len(d["rows"]), ",".join(sorted(r)))' "$TMP/out")"

# The table: times masked, the rest exact.
run compare ttt --depth 2 --algo minimax,alphabeta
same "ttt table: status" 0 "$status"
same "ttt table" "ttt, the empty board
depth  algorithm                       nodes       leaves         ms     ebf        value  best
    1  minimax                            10            9         MS   10.00            4  b2
    1  alphabeta                          10            9         MS   10.00            4  b2

    2  minimax                            82           72         MS    9.06            1  b2
    2  alphabeta                          36           26         MS    6.00            1  b2" \
    "$(sed 's/  *[0-9]*\.[0-9][0-9][0-9] \( *[0-9]*\.[0-9][0-9] \)/         MS \1/' "$TMP/out")"

run compare ttt --depth 9-9 --algo minimax
same "ttt: 549,946 nodes in the table" \
    "    9  minimax                       549,946      255,168" \
    "$(tail -n 1 "$TMP/out" | cut -c1-57)"

# From a position, depths LO-HI.
run compare ttt ....X.... --depth 2-3 --algo alphabeta --json
same "ttt from a position" "2 3" \
    "$(python3 -c '
import json, sys
print(" ".join(str(r["depth"]) for r in json.load(open(sys.argv[1]))["rows"]))' "$TMP/out")"

# ---- trees: the counts of `gamesearch tree` ----

for t in seed aima-5-2 dice two-ghosts; do
    run compare tree "$EX/$t.tree" --json
    same "$t: status" 0 "$status"
    # Each searched to its leaves: as deep as the tree is high.
    depth=3
    [ "$t" = aima-5-2 ] && depth=2
    [ "$t" = two-ghosts ] && depth=4
    for algo in minimax alphabeta expectimax; do
        "$GS" tree "$EX/$t.tree" --algo "$algo" --json >"$TMP/tree.json"
        want=$(python3 -c '
import json, sys
print(json.load(open(sys.argv[1]))["nodes"])' "$TMP/tree.json")
        same "$t: $algo's nodes as gamesearch tree counts them" "$want" \
            "$(nodes "$algo" "$depth")"
    done
done

# PVS, MTD(f) and SSS* when named, beside alpha-beta, on the trees without
# chance nodes: their node counts as gamesearch tree counts them.
for t in seed aima-5-2 two-ghosts; do
    depth=3
    [ "$t" = aima-5-2 ] && depth=2
    [ "$t" = two-ghosts ] && depth=4
    run compare tree "$EX/$t.tree" --json --algo alphabeta,pvs,mtdf,sss
    same "$t: pvs, mtdf, sss: status" 0 "$status"
    for algo in pvs mtdf sss; do
        "$GS" tree "$EX/$t.tree" --algo "$algo" --json >"$TMP/tree.json"
        want=$(python3 -c '
import json, sys
print(json.load(open(sys.argv[1]))["nodes"])' "$TMP/tree.json")
        same "$t: $algo's nodes as gamesearch tree counts them" "$want" \
            "$(nodes "$algo" "$depth")"
    done
done

# A tree whose inner nodes have values: every depth; a nested list: only
# its height.
run compare tree "$EX/two-ghosts.tree" --algo minimax --json
"$GS" tree "$EX/two-ghosts.tree" --algo minimax --depth 1 --json >"$TMP/tree.json"
same "two-ghosts: depth 3 plies, one round of gamesearch tree" \
    "$(python3 -c '
import json, sys
print(json.load(open(sys.argv[1]))["nodes"])' "$TMP/tree.json") 22" \
    "$(nodes minimax 3) $(nodes minimax 4)"
run compare tree "$EX/seed.tree" --algo minimax,alphabeta
same "seed: the table" "tree $EX/seed.tree
depth  algorithm                       nodes       leaves         ms     ebf        value  best
    3  minimax                            15           10         MS    2.47            5  D
    3  alphabeta                          12            7         MS    2.29            5  D" \
    "$(sed 's/  *[0-9]*\.[0-9][0-9][0-9] \( *[0-9]*\.[0-9][0-9] \)/         MS \1/' "$TMP/out")"

# ---- Connect Four, Pacman, the node limit ----

run compare connect4 4453 --depth 5 --algo minimax --max-nodes 3000 --json
same "connect4: minimax stops at the limit, then is not searched" \
    "8 57 400 2717 3000 True" \
    "$(python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
print(" ".join(str(r["nodes"]) for r in rows), rows[-1].get("stopped") and rows[-1]["value"] is None and rows[-1]["best"] is None)' "$TMP/out")"

run compare pacman crossroads --ghosts 1 --depth 4 --algo minimax,alphabeta,expectimax --json
same "pacman: status" 0 "$status"
same "pacman: 1 ghost, depth 4" "34 26 34" \
    "$(nodes minimax 4) $(nodes alphabeta 4) $(nodes expectimax 4)"

# ---- The chart ----

run compare --svg "$TMP/ttt.svg" --algo minimax,alphabeta,alphabeta+order+tt
same "--svg: status" 0 "$status"
if command -v xmllint >/dev/null 2>&1; then
    if xmllint --noout "$TMP/ttt.svg" 2>"$TMP/xml"; then ok; else
        bad "--svg: well-formed XML" "$(cat "$TMP/xml")"; fi
fi
same "--svg: one line per algorithm, two references, a dot per search" \
    "3 2 27" \
    "$(grep -c '<g class="algorithm"' "$TMP/ttt.svg") $(grep -c 'class="reference"' "$TMP/ttt.svg") $(grep -c '<circle' "$TMP/ttt.svg")"
same "--svg: axes and legend" "1 1 1" \
    "$(grep -c '>depth (plies)<' "$TMP/ttt.svg") $(grep -c '>nodes searched (log scale)<' "$TMP/ttt.svg") $(grep -c '>alphabeta+order+tt<' "$TMP/ttt.svg")"

# Lines that coincide both show; the open marker and expectimax's value
# explained; a tree named by its file's name, not its path.
run compare --svg "$TMP/mm.svg" --algo minimax,expectimax --max-nodes 100000
same "--svg: expectimax dashed over minimax (line and legend), said in the legend" "2 1 1 1" \
    "$(grep -c 'stroke-width="2" stroke-dasharray="6 4"/>$' "$TMP/mm.svg") $(grep -c '>same nodes as minimax</text>' "$TMP/mm.svg") $(grep -c '>stopped at the node limit</text>' "$TMP/mm.svg") $(grep -c '>random, its value an expectation</text>' "$TMP/mm.svg")"
same "the table: what expectimax's value is" "
expectimax takes every MIN player for a uniform random mover: its value is
the expected score against such a player, not the game's value." \
    "$(tail -n 3 "$TMP/out")"
run compare --algo minimax,alphabeta --depth 3
same "the table: no note without expectimax" "    3  alphabeta" "$(tail -n 1 "$TMP/out" | cut -c 1-16)"
run compare tree "$EX/seed.tree" --svg "$TMP/tree.svg"
same "--svg: the tree's name in the title, not its path" "1 1" \
    "$(grep -c '<title>Nodes searched: tree seed.tree</title>' "$TMP/tree.svg") $(grep -c 'font-weight="bold" fill="#222">Nodes searched: tree seed.tree</text>' "$TMP/tree.svg")"
same "--svg: one depth drawn as bars" "5 0" \
    "$(grep -c '<rect class="bar"' "$TMP/tree.svg") $(grep -c '<circle' "$TMP/tree.svg")"
run compare tree "$EX/seed.tree" --svg "$TMP/large.svg" --large
same "--large: type for a projector" "0 1 1" \
    "$status $(grep -c '<svg .* width="904" height="518"' "$TMP/large.svg") $(grep -c '<g font-size="18" fill="#333">' "$TMP/large.svg")"
if command -v xmllint >/dev/null 2>&1; then
    for f in mm tree large; do
        if xmllint --noout "$TMP/$f.svg" 2>"$TMP/xml"; then ok; else
            bad "--svg $f: well-formed XML" "$(cat "$TMP/xml")"; fi
    done
fi

# ---- Proof-number search: searched once, to the end ----

run compare ttt --algo alphabeta+order+tt,pns+order,dfpn+order --depth 9-9
same "pns and dfpn rows: status" 0 "$status"
same "pns and dfpn rows" "ttt, the empty board
depth  algorithm                       nodes       leaves         ms     ebf        value  best
    9  alphabeta+order+tt                921          272         MS    2.13            0  b2

  end  pns+order                      12,081        1,267         MS       -         draw  b2
  end  dfpn+order                     11,533          715         MS       -         draw  c1

pns and dfpn prove the outcome at the end of the game (depth \"end\"): win,
draw or loss for MAX, or \"not proved\" when --max-nodes stopped them." \
    "$(sed 's/  *[0-9]*\.[0-9][0-9][0-9] \( *[0-9.-]* \)/         MS \1/' "$TMP/out")"
printf "['A', ('B', -1), ('C', 0)]\n" >"$TMP/draw.tree"
run compare tree "$TMP/draw.tree" --algo minimax,pns,dfpn --json
same "pns in the JSON" '{"game":"tree","position":"'"$TMP"'/draw.tree","branching":3,"rows":[{"algo":"minimax","depth":1,"nodes":3,"leaves":2,"seconds":S,"ebf":3,"value":0,"best":"C"},{"algo":"pns","depth":0,"nodes":6,"leaves":4,"seconds":S,"ebf":null,"value":0,"best":"C","proved":true,"result":"draw"},{"algo":"dfpn","depth":0,"nodes":6,"leaves":4,"seconds":S,"ebf":null,"value":0,"best":"C","proved":true,"result":"draw"}]}' \
    "$(sed 's/"seconds":[^,]*/"seconds":S/g' "$TMP/out")"
run compare ttt --algo pns --max-nodes 1000 --json
same "pns not proved: status" 0 "$status"
same "pns not proved in the JSON" '{"algo":"pns","depth":0,"nodes":1000,"leaves":0,"seconds":S,"ebf":null,"value":null,"best":null,"proved":false,"stopped":true}' \
    "$(python3 -c '
import json, sys
print(json.dumps(json.load(open(sys.argv[1]))["rows"][0], separators=(",", ":")))' "$TMP/out" | sed 's/"seconds":[^,]*/"seconds":S/')"
run compare ttt --algo pns --max-nodes 1000
same "pns not proved in the table" "  end  pns                             1,000            0         MS       -   not proved  -" \
    "$(sed -n 3p "$TMP/out" | sed 's/  *[0-9]*\.[0-9][0-9][0-9] \( *[0-9.-]* \)/         MS \1/')"
# On values that are not outcomes: a note, not a row.
run compare tree "$EX/seed.tree" --algo minimax,pns
same "pns on seed.tree: status" 0 "$status"
same "pns on seed.tree: a note" "tree $EX/seed.tree
depth  algorithm                       nodes       leaves         ms     ebf        value  best
    3  minimax                            15           10         MS    2.47            5  D

pns is left out: it proves a win, draw or loss, and leaf 'E' (line 3, column 13) is 3, not -1, 0 or 1." \
    "$(sed 's/  *[0-9]*\.[0-9][0-9][0-9] \( *[0-9.-]* \)/         MS \1/' "$TMP/out")"
run compare tree "$EX/seed.tree" --algo minimax,dfpn --json
same "dfpn on seed.tree: the note in the JSON" \
    "minimax|dfpn is left out: it proves a win, draw or loss, and leaf 'E' (line 3, column 13) is 3, not -1, 0 or 1." \
    "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(",".join(r["algo"] for r in d["rows"]) + "|" + "".join(d["notes"]))' "$TMP/out")"
run compare pacman --algo alphabeta,pns --depth 1
same "pns on pacman: a note" "pns is left out: it proves a win, draw or loss, and pacman's values are scores, not outcomes." \
    "$(tail -n 1 "$TMP/out")"
run compare ttt --algo minimax,pns --depth 2 --svg "$TMP/proof.svg"
same "pns in the chart: a level line" 1 \
    "$(grep -c 'pns, to the end of the game: 16460 nodes' "$TMP/proof.svg")"
same "pns in the chart's legend" 1 "$(grep -c '>pns (to the end)<' "$TMP/proof.svg")"

# ---- Bad input ----

bad_input "--large without a chart" "--large sets the chart's type: give --svg FILE too" --large

bad_input "unknown game" "unknown game 'chess' (tree, ttt, mnk, gomoku, connect4, pacman, nim or mnkp)" chess
bad_input "extra argument" "unexpected argument 'y' (see gamesearch compare --help)" ttt x y
bad_input "unknown algorithm" "--algo 'foo': not an algorithm (see gamesearch compare --help)" --algo minimax,foo
bad_input "ordering without a hint" "--algo 'alphabeta+order': the game has no move ordering hint" tree "$EX/seed.tree" --algo alphabeta+order
bad_input "+tt after minimax" "--algo 'minimax+tt': only alphabeta, pvs, mtdf and sss take +order, +tt and +iter" --algo minimax+tt
bad_input "mtdf on a chance tree" "--algo 'mtdf': the game has a chance agent (pvs, mtdf and sss search MAX and MIN agents only)" tree "$EX/dice.tree" --algo mtdf
bad_input "+tt after mtdf" "--algo 'mtdf+tt': mtdf and sss always use the table: give them without +tt" --algo mtdf+tt
bad_input "+iter after sss" "--algo 'sss+iter': sss searches one depth: give it without +iter" --algo sss+iter
bad_input "+tt after pns" "--algo 'pns+tt': pns and dfpn take +order only (dfpn has a table of its own)" --algo pns+tt
bad_input "pns on a chance tree" "--algo 'pns': the game has a chance agent (pns and dfpn prove outcomes of MAX and MIN)" tree "$EX/dice.tree" --algo pns
bad_input "only proofs on values that are not outcomes" "--algo 'pns,dfpn': proof-number search proves a win, draw or loss, and leaf 'E' (line 3, column 13) is 3, not -1, 0 or 1" tree "$EX/seed.tree" --algo pns,dfpn
bad_input "depth 0" "--depth needs D or LO-HI, depths from 1 to 1000, not '0'" --depth 0
bad_input "depths the wrong way" "--depth needs D or LO-HI, depths from 1 to 1000, not '5-3'" --depth 5-3
bad_input "no tree file" "tree needs a FILE (see gamesearch compare --help)" tree
bad_input "missing tree file" "tree $TMP/none.tree: cannot open: No such file or directory" tree "$TMP/none.tree"
printf "A: B C\nB = 1\n" >"$TMP/bad.tree"
bad_input "bad tree" "$TMP/bad.tree:1:6: node 'C' is used as a child but never defined" tree "$TMP/bad.tree"
bad_input "tree depth without values" "$EX/seed.tree:3:7: node 'B' is cut off at ply 1 but has no value (at depth 1)" tree "$EX/seed.tree" --depth 2
bad_input "bad connect4 position" "position '448': character 3: '8' is not a column (columns are 1-7)" connect4 448
bad_input "bad ttt position" "position 'XXO': the position has 3 cells, not 9" ttt XXO
bad_input "bad size" "--size needs ROWSxCOLUMNS, each 1 to 32, not '3y3'" mnk --size 3y3
bad_input "k too large" "--k 3 cannot fit on a 2x2 board" mnk --size 2x2 --k 3
bad_input "unwritable chart" "--svg $TMP/no/x.svg: cannot write: No such file or directory" --svg "$TMP/no/x.svg"
cp "$EX/seed.tree" "$TMP/t.tree"
bad_input "chart over its tree" "--svg $TMP/t.tree names the tree file: give another name" tree "$TMP/t.tree" --svg "$TMP/t.tree"
same "chart over its tree: the tree kept" "$(cat "$EX/seed.tree")" "$(cat "$TMP/t.tree")"
bad_input "bad node limit" "--max-nodes needs a whole number of nodes from 0 to 1000000000000000, not '-1'" --max-nodes -1
bad_input "unknown option" "unknown option '--bogus' (see gamesearch compare --help)" --bogus

bad_input "no value" "--algo needs a value (see gamesearch compare --help)" --algo

run compare --help
same "--help" "0 usage: gamesearch compare [GAME] [options]" "$status $(head -n 1 "$TMP/out")"

echo "test_compare.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
