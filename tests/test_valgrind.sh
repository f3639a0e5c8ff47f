#!/bin/sh
# The gamesearch program under valgrind's memcheck: a small run of every
# subcommand, the good paths and the bad-input ones (exit status 2), must
# end with no memory error and no leak (definite, indirect or possible).
# Memory still reachable at exit is not a leak and is not reported.
#
# usage: test_valgrind.sh GAMESEARCH_BINARY SOURCE_DIR [THREADS]
# (THREADS: the build's GS_THREADS, ON by default; OFF, and the solve
# runs on one thread)
# Exits 77 (skipped) when valgrind is not installed. Not for builds with
# AddressSanitizer, which valgrind cannot run.
set -u
GS=$1
SRC=$2
THREADS=${3:-ON}
EX=$SRC/examples
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind is not installed: skipped (scripts/install-deps.sh installs it)"
    exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

# Status 99 is valgrind's, never gamesearch's: an error or a leak. No
# suppressions: the system libraries these runs use (the C library, nettle)
# need none on Debian 12.
VALGRIND="valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite,indirect,possible
    --show-leak-kinds=definite,indirect,possible --num-callers=30"

GAMESEARCH_LAYOUTS=$SRC/layouts
export GAMESEARCH_LAYOUTS

ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    echo "FAIL: $1"
    shift
    for line in "$@"; do echo "  $line"; done
}

# vg NAME STATUS [--stdin FILE] ARGS...: runs gamesearch ARGS under
# valgrind; passes when it exits with STATUS and valgrind reports nothing.
# Standard output and error are kept in $TMP/out and $TMP/err.
vg() {
    name=$1
    want=$2
    shift 2
    input=/dev/null
    if [ $# -gt 0 ] && [ "$1" = --stdin ]; then
        input=$2
        shift 2
    fi
    # shellcheck disable=SC2086
    $VALGRIND --log-file="$TMP/vg.log" "$GS" "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
    status=$?
    if [ "$status" -eq 99 ] || [ -s "$TMP/vg.log" ]; then
        bad "$name: valgrind reports errors or leaks (exit status $status)" \
            "$(head -n 60 "$TMP/vg.log")"
    elif [ "$status" -ne "$want" ]; then
        bad "$name: exit status $status, expected $want" "$(head -n 3 "$TMP/err")"
    else
        ok
    fi
}

# vg_bad NAME ARGS...: bad input: exit status 2, one line on standard error,
# nothing on standard output, and clean under valgrind.
vg_bad() {
    name=$1
    shift
    before=$failed
    vg "$name" 2 "$@"
    if [ "$failed" -eq "$before" ]; then
        if [ -s "$TMP/out" ] || [ "$(wc -l <"$TMP/err")" -ne 1 ] ||
            ! grep -q '^gamesearch' "$TMP/err"; then
            passed=$((passed - 1))
            bad "$name: not one message on standard error and nothing on standard output" \
                "$(head -n 3 "$TMP/err")" "$(head -n 3 "$TMP/out")"
        fi
    fi
}

start=$(date +%s)

# ---- the program ----
vg "--help" 0 --help
vg "--version" 0 --version
vg "no command: the usage, exit status 2" 2
vg_bad "unknown command" bogus

# ---- tree ----
vg "tree: text" 0 tree "$EX/seed.tree"
vg "tree: --json from standard input" 0 --stdin "$EX/aima-5-2.tree" tree - --json
vg "tree: --dot FILE" 0 tree "$EX/seed.tree" --dot "$TMP/seed.dot"
if [ -s "$TMP/seed.dot" ]; then ok; else bad "tree: --dot FILE wrote nothing"; fi
vg "tree: --dot -, minimax" 0 tree "$EX/two-ghosts.tree" --algo minimax --dot -
vg "tree: a chance tree (Star1)" 0 tree "$EX/dice.tree" --json
vg "tree: a chance tree drawn" 0 tree "$EX/dice.tree" --dot "$TMP/dice.dot"
vg "tree: expectimax, depth cutoff" 0 tree "$EX/two-ghosts.tree" --algo expectimax --depth 1
vg "tree: --agents, --no-prune-equal" 0 tree "$EX/seed.tree" --agents max,chance --no-prune-equal --json
printf 'A: B C\nB = 1\n' >"$TMP/undef.tree"
vg_bad "tree: child never defined" tree "$TMP/undef.tree"
printf "['A', ('B', 1)" >"$TMP/open.tree"
vg_bad "tree: unclosed list" tree "$TMP/open.tree"
printf 'A: B\nB: C\nC: A\n' >"$TMP/cycle.tree"
vg_bad "tree: cycle" tree "$TMP/cycle.tree"
printf 'agents: max min chance\nA: B\nB: C\nC: X@0.5 Y@0.4\nX = 1\nY = 2\n' >"$TMP/prob.tree"
vg_bad "tree: probabilities" tree "$TMP/prob.tree"
: >"$TMP/empty.tree"
vg_bad "tree: empty input" tree "$TMP/empty.tree"
head -c 2048 /dev/urandom >"$TMP/junk.tree"
vg_bad "tree: random bytes" tree "$TMP/junk.tree"
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "[\"n\", "; printf "(\"x\", 1)";
             for (i = 0; i < 5000; i++) printf "]" }' >"$TMP/deep.tree"
vg_bad "tree: deeper than the search goes" tree "$TMP/deep.tree"
vg_bad "tree: cutoff node without a value" tree "$EX/seed.tree" --depth 1
vg_bad "tree: missing file" tree "$TMP/none.tree"
vg_bad "tree: unknown option" tree --bogus "$EX/seed.tree"
vg_bad "tree: --depth without its value" tree "$EX/seed.tree" --depth
vg_bad "tree: bad --agents" tree --agents max,mni "$EX/seed.tree"
vg_bad "tree: unwritable --dot" tree "$EX/seed.tree" --dot "$TMP/no/such/dir.dot"

# ---- ttt, mnk, gomoku ----
vg "ttt --solve --json" 0 ttt --solve ....X.... --json
vg "ttt --solve, for people" 0 ttt --solve XX.OO....
printf 'x\nb2\nzz\nb2\n\n10\na3\nq\n' >"$TMP/answers"
vg "ttt: a game at the prompt" 0 --stdin "$TMP/answers" ttt
printf 'o\n' >"$TMP/answers"
vg "ttt: standard input ends at the prompt" 0 --stdin "$TMP/answers" ttt
vg "ttt: two computers" 0 ttt --x computer --o computer --algo minimax --no-tt
vg "mnk --solve" 0 mnk --size 4x3 --solve ............ --json
vg "mnk: two computers, depth 2" 0 mnk --size 4x4 --k 3 --x computer --o computer --depth 2 --eval threats
printf 'h8\nq\n' >"$TMP/answers"
vg "gomoku: one move each" 0 --stdin "$TMP/answers" gomoku --x human --time 0.3
vg "gomoku --solve with a depth" 0 gomoku --solve "$(printf '%0.s.' $(seq 1 112))X$(printf '%0.s.' $(seq 1 112))" --depth 2
vg_bad "ttt: bad character" ttt --solve X.x......
vg_bad "ttt: game over" ttt --solve XXX.OO...
vg_bad "ttt: bad --start" ttt --start OO.......
vg_bad "ttt: bad player" ttt --x robot
vg_bad "mnk: bad size" mnk --size 0x3
vg_bad "mnk: k too long" mnk --size 3x3 --k 4
vg_bad "gomoku: bad time" gomoku --time soon
vg_bad "gomoku: --solve without a depth" gomoku --solve x

# ---- connect4 ----
printf '%s\n' 2252576253462244111563365343671351441 7422341735647741166133573473242566 \
    5554224333234511764415115 52753311433677442422121 271713432331713132 >"$TMP/c4.in"
vg "connect4 solve" 0 --stdin "$TMP/c4.in" connect4 solve
if [ "$THREADS" = OFF ]; then
    vg "connect4 solve --weak, symmetry" 0 --stdin "$TMP/c4.in" connect4 solve --weak --symmetry --tt-mb 4
else
    vg "connect4 solve --weak, two threads, symmetry" 0 --stdin "$TMP/c4.in" connect4 solve --weak --threads 2 --symmetry --tt-mb 4
fi
printf '445566\n4458\n4444444\n1212121\n12\001\n' >"$TMP/c4.in"
vg "connect4 solve: bad lines among good ones" 2 --stdin "$TMP/c4.in" connect4 solve
printf '\n4455\n' >"$TMP/c4.in"
vg "connect4 solve: stopped by --max-nodes" 1 --stdin "$TMP/c4.in" connect4 solve --max-nodes 50 --width 5 --height 4
vg "connect4 analyze" 0 connect4 analyze 445566
vg "connect4 analyze --weak" 0 connect4 analyze 2252576253462244111563365343671351441 --weak
printf '0\nabc\n9\n\n7\n' >"$TMP/answers"
vg "connect4 play: you win" 0 --stdin "$TMP/answers" connect4 play --start 445566
printf '1\n2\n3\n4\n1\n2\n3\n4\n1\n2\n3\n4\n1\n2\n3\n4\n' >"$TMP/answers"
vg "connect4 play: a whole game on 4x4" 0 --stdin "$TMP/answers" connect4 play --first computer --width 4 --height 4
vg_bad "connect4: no command" connect4
vg_bad "connect4: unknown command" connect4 sovle
vg_bad "connect4: --width 10" connect4 solve --width 10
vg_bad "connect4: a board too big" connect4 solve --width 9 --height 7
vg_bad "connect4: analyze a full column" connect4 analyze 4444444
vg_bad "connect4: play from a bad position" connect4 play --start 448
vg_bad "connect4: --weak with play" connect4 play --weak

# ---- pacman ----
vg "pacman: AlphaBetaAgent, quiet" 0 pacman -l corridor -p AlphaBetaAgent -a depth=2 -q -n 2 --seed 1
vg "pacman: ExpectimaxAgent, -j 2" 0 pacman -l spiral -p ExpectimaxAgent -a depth=2,evalFn=better -q -n 4 -x 1 --seeds 3 -j 2
vg "pacman: ChampionAgent, a node budget" 0 pacman -l crossroads -p ChampionAgent -a nodes=2000 -g DirectionalGhost -k 2 -q --seeds 1 --max-moves 120
vg "pacman: MinimaxAgent, countStates" 0 pacman -l corridor -p MinimaxAgent -a depth=1,countStates=1 -q --seed 2 --max-moves 30
vg "pacman: --record" 0 pacman -l spiral -p GreedyAgent -g DirectionalGhost -q -n 3 --seed 9 --record "$TMP/games.rec"
vg "pacman: --replay -q" 0 pacman --replay "$TMP/games.rec" -q
vg "pacman: --replay -t" 0 pacman --replay "$TMP/games.rec" -t --frameTime 0
vg "pacman: --json, -j 2" 0 pacman -l crossroads -p AlphaBetaAgent -a depth=1 -q -n 3 --seeds 4 -j 2 --json "$TMP/r.json"
if [ -s "$TMP/r.json" ]; then ok; else bad "pacman: --json wrote nothing"; fi
vg "pacman: no terminal, the text display" 0 pacman -l corridor -p LeftTurnAgent --frameTime 0 --seed 11
vg_bad "pacman: -a a key the agent does not take" pacman -l corridor -p GreedyAgent -a depth=1 -q
printf '%s\n' '%%%%%' '%P.P%' '%%%%%' >"$TMP/bad.lay"
vg_bad "pacman: a bad layout" pacman -l "$TMP/bad.lay" -p GreedyAgent -q
vg_bad "pacman: no such layout" pacman -l nowhere -p GreedyAgent -q
vg_bad "pacman: unknown agent" pacman -p MinimaxAgnet
vg_bad "pacman: -a depth=0" pacman -p MinimaxAgent -a depth=0 -q
vg_bad "pacman: -j 0" pacman -p GreedyAgent -q -j 0
vg_bad "pacman: KeyboardAgent without a terminal" pacman -l corridor
vg_bad "pacman: --replay, no file" pacman --replay "$TMP/none.rec"
printf 'hello\n' >"$TMP/bad.rec"
vg_bad "pacman: not a record" pacman --replay "$TMP/bad.rec"
sed '$d' "$TMP/games.rec" >"$TMP/bad.rec"
vg_bad "pacman: a record cut short" pacman --replay "$TMP/bad.rec"
printf '%s\n' 'gamesearch-pacman-record 1' 'pacman: GreedyAgent' 'ghosts: 0 RandomGhost' \
    'games: 1' 'layout: 3 tiny' '%%%%%%' '%P ..%' '%%%%%%' \
    'game 1 result=Win score=517 moves=3' 'West East East' 'end' >"$TMP/bad.rec"
vg_bad "pacman: an illegal move in a record" pacman --replay "$TMP/bad.rec"
vg_bad "pacman: --record unwritable" pacman -p GreedyAgent -q --record "$TMP/no/such.rec"

# ---- MCTS and match ----

vg "tree --algo mcts" 0 tree --algo mcts "$EX/aima-5-2.tree"
vg "connect4 analyze --algo mcts, two threads" 0 connect4 analyze --algo mcts --iterations 500 --threads 2 445566
vg "match, two threads" 0 match ttt --a mcts:iterations=200 --b random -n 3 -j 2 --json
vg_bad "match: a bad player" match ttt --a mcts:depth=2 --b random

# ---- bench ----
vg "bench" 0 bench
vg_bad "bench: unknown option" bench --quick

echo "$passed passed, $failed failed ($(($(date +%s) - start)) s under valgrind)"
[ "$failed" -eq 0 ]
