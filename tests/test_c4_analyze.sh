#!/bin/sh
# `gamesearch connect4 analyze`: every column's score against `solve` of
# each child, --json exactly, the columns shown as they are proved on a
# terminal (under script(1), a node limit making it deterministic but for
# the times), a stop by Ctrl-C (SIGINT) and by q, and a --book too large
# to load.
#
# usage: test_c4_analyze.sh GAMESEARCH_BINARY [THREADS]
#
# THREADS is the build's GS_THREADS (ON by default): without threads the
# analysis runs on the program's one thread, which watches no keys, and
# Ctrl-C ends the program as it always does; the stops are not tested.
set -u
GS=$1
THREADS=${2:-ON}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

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

run() {
    "$GS" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    status=$?
}

# Each column's score is minus the score `solve` gives the position after
# it (a win at once: the win's score), for positions of 8 stones or more.
for p in 2531276566711153 44455554221 7422341735647741166133573473242566; do
    run connect4 analyze --no-book "$p"
    if [ "$status" -ne 0 ]; then
        bad "analyze $p" "exit status $status" "$(cat "$TMP/err")"
        continue
    fi
    got=$(head -1 "$TMP/out")
    want=""
    for c in 1 2 3 4 5 6 7; do
        child=$(echo "$p$c" | "$GS" connect4 solve --no-book 2>/dev/null)
        if [ -z "$child" ]; then
            # not a position: the column is full, or the move wins at once
            if "$GS" connect4 analyze "$p" --json 2>/dev/null |
               grep -q "\"column\": $c, \"score\": \([0-9]*\)"; then
                s=$("$GS" connect4 analyze "$p" --json |
                    sed "s/.*\"column\": $c, \"score\": \([0-9-]*\).*/\1/")
            else
                s=.
            fi
        else
            s=$(echo "$child" | cut -d' ' -f2)
            s=$((-s))
        fi
        want="$want${want:+ }$s"
    done
    if [ "$got" = "$want" ]; then ok; else
        bad "analyze $p against solve of each child" "analyze: $got" \
            "solve:   $want"
    fi
done

# Positions with fewer stones than the shipped book's every position
# (games/connect4/analysis.book): every column from the book, no search,
# each against solve of the position after it (from the book too).
for p in "" 4 1; do
    run connect4 analyze "$p"
    want=""
    for c in 1 2 3 4 5 6 7; do
        s=$(echo "$p$c" | "$GS" connect4 solve --max-nodes 1 2>/dev/null | cut -d' ' -f2)
        want="$want${want:+ }$((-s))"
    done
    if [ "$status" -eq 0 ] && [ "$(head -1 "$TMP/out")" = "$want" ] &&
       [ "$(tail -1 "$TMP/out")" = "(from the book: no search)" ]; then ok; else
        bad "analyze '$p' from the book" "status $status" "$(cat "$TMP/out" "$TMP/err")" \
            "solve: $want"
    fi
done

# --json: each column's score and the stones to the end it implies.
run connect4 analyze --no-book --json 2531276566711153
check "analyze --json" 0 '{"position": "2531276566711153", "to_move": "X", "weak": false, "columns": [{"column": 1, "score": -2, "moves_to_end": 24}, {"column": 2, "score": 2, "moves_to_end": 23}, {"column": 3, "score": -1, "moves_to_end": 26}, {"column": 4, "score": 0, "moves_to_end": 26}, {"column": 5, "score": -1, "moves_to_end": 26}, {"column": 6, "score": 0, "moves_to_end": 26}, {"column": 7, "score": -12, "moves_to_end": 4}], "best": [2], "complete": true, "from_book": false}' ""
run connect4 analyze --json 2252576253462244111563365343671351441
check "analyze --json: full columns, the last stones" 0 '{"position": "2252576253462244111563365343671351441", "to_move": "O", "weak": false, "columns": [null, null, null, null, null, {"column": 6, "score": -1, "moves_to_end": 4}, {"column": 7, "score": -2, "moves_to_end": 2}], "best": [6], "complete": true, "from_book": false}' ""
run connect4 analyze --json --weak 2252576253462244111563365343671351441
check "analyze --json --weak: no stones to the end" 0 '{"position": "2252576253462244111563365343671351441", "to_move": "O", "weak": true, "columns": [null, null, null, null, null, {"column": 6, "score": -1, "moves_to_end": null}, {"column": 7, "score": -1, "moves_to_end": null}], "best": [6, 7], "complete": true, "from_book": false}' ""
run connect4 analyze --json 445566 --no-book
check "analyze --json: wins at once" 0 '{"position": "445566", "to_move": "X", "weak": false, "columns": [{"column": 1, "score": 17, "moves_to_end": 3}, {"column": 2, "score": 17, "moves_to_end": 3}, {"column": 3, "score": 18, "moves_to_end": 1}, {"column": 4, "score": 17, "moves_to_end": 3}, {"column": 5, "score": 17, "moves_to_end": 3}, {"column": 6, "score": 17, "moves_to_end": 3}, {"column": 7, "score": 18, "moves_to_end": 1}], "best": [3, 7], "complete": true, "from_book": false}' ""
run connect4 analyze --json 445566
check "analyze --json: the same from the book" 0 '{"position": "445566", "to_move": "X", "weak": false, "columns": [{"column": 1, "score": 17, "moves_to_end": 3}, {"column": 2, "score": 17, "moves_to_end": 3}, {"column": 3, "score": 18, "moves_to_end": 1}, {"column": 4, "score": 17, "moves_to_end": 3}, {"column": 5, "score": 17, "moves_to_end": 3}, {"column": 6, "score": 17, "moves_to_end": 3}, {"column": 7, "score": 18, "moves_to_end": 1}], "best": [3, 7], "complete": true, "from_book": true}' ""
run connect4 analyze --json --no-book --max-nodes 30000 2531276566711153
check "analyze --json: columns a limit stopped" 1 '{"position": "2531276566711153", "to_move": "X", "weak": false, "columns": [{"column": 1, "score": null, "moves_to_end": null}, {"column": 2, "score": 2, "moves_to_end": 23}, {"column": 3, "score": null, "moves_to_end": null}, {"column": 4, "score": null, "moves_to_end": null}, {"column": 5, "score": null, "moves_to_end": null}, {"column": 6, "score": null, "moves_to_end": null}, {"column": 7, "score": -12, "moves_to_end": 4}], "best": [], "complete": false, "from_book": false}' "gamesearch connect4: column 1: stopped by --max-nodes before the score was known
gamesearch connect4: column 3: stopped by --max-nodes before the score was known
gamesearch connect4: column 4: stopped by --max-nodes before the score was known
gamesearch connect4: column 5: stopped by --max-nodes before the score was known
gamesearch connect4: column 6: stopped by --max-nodes before the score was known"
run connect4 analyze --json --algo mcts 44
check "analyze --json --algo mcts: refused" 2 "" "gamesearch connect4: --json goes with the exact solver's analyze, not --algo mcts"
run connect4 solve --json
check "solve --json: refused" 2 "" "gamesearch connect4: --json goes with analyze"

# Output not a terminal: the final lines only, as before.
run connect4 analyze --no-book --max-nodes 30000 2531276566711153
check "analyze --max-nodes, not a terminal: the final lines" 1 "? 2 ? ? ? ? -12
best: ?" "gamesearch connect4: column 1: stopped by --max-nodes before the score was known
gamesearch connect4: column 3: stopped by --max-nodes before the score was known
gamesearch connect4: column 4: stopped by --max-nodes before the score was known
gamesearch connect4: column 5: stopped by --max-nodes before the score was known
gamesearch connect4: column 6: stopped by --max-nodes before the score was known"

# On a terminal: each column as it settles, with the time (here replaced).
if script -qec true /dev/null >/dev/null 2>&1; then
    script -qec "\"$GS\" connect4 analyze --no-book --max-nodes 30000 2531276566711153 2>/dev/null" /dev/null </dev/null >"$TMP/tty"
    status=$?
    tr -d '\r' <"$TMP/tty" | sed 's/, [0-9]*\.[0-9]* s$/, T s/' >"$TMP/out"
    : >"$TMP/err"
    stops=" (q and Enter, or Ctrl-C, stops)"
    [ "$THREADS" = OFF ] && stops=""
    check "analyze on a terminal: each column as it is proved" 1 "Each column as it is proved$stops:
column 1: ? (stopped by --max-nodes), T s
column 2: 2, T s
column 3: ? (stopped by --max-nodes), T s
column 4: ? (stopped by --max-nodes), T s
column 5: ? (stopped by --max-nodes), T s
column 6: ? (stopped by --max-nodes), T s
column 7: -12, T s
? 2 ? ? ? ? -12
best: ?" ""

    # q and Enter on the terminal stops it: the columns known so far.
    # One thread and 64 MiB (not analyze's defaults) keep column 2 of
    # 121217 searching past the first second.
    if [ "$THREADS" != OFF ]; then
    { sleep 1; echo q; sleep 5; } |
        script -qec "\"$GS\" connect4 analyze --no-book --threads 1 --tt-mb 64 121217 2>/dev/null" /dev/null >"$TMP/tty"
    status=$?
    tr -d '\r' <"$TMP/tty" | sed 's/, [0-9]*\.[0-9]* s$/, T s/' | grep -v '^q$' >"$TMP/out"
    check "analyze on a terminal: q stops it" 1 "Each column as it is proved (q and Enter, or Ctrl-C, stops):
column 1: 18, T s
column 2: ? (stopped by q or Ctrl-C), T s
18 ? ? ? ? ? ?
best: ?" ""
    fi
else
    echo "skipped: the terminal cases (no script(1))"
fi

# Ctrl-C (SIGINT) stops a long analysis through the solver's cancel: the
# win at once known, '?' for the rest, exit 1.
if [ "$THREADS" = OFF ]; then
    echo "skipped: the stops by q and Ctrl-C (built without threads)"
else
"$GS" connect4 analyze --no-book --threads 1 --tt-mb 64 121217 </dev/null >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
status=$?
check "analyze: Ctrl-C stops it" 1 "18 ? ? ? ? ? ?
best: ?" "gamesearch connect4: stopped by q or Ctrl-C before every column's score was known"
fi

# A --book above 16 MiB stays in its file: its header, size and first and
# last entries checked at once, look-ups by binary search in the file.
if command -v python3 >/dev/null 2>&1; then
    python3 - "$TMP" <<'PY'
import struct, sys
n = 2200000
def book(path, last):
    with open(path, 'wb') as f:
        f.write(b'GSC4BOOK' + bytes([7, 6, 8, 1]) + struct.pack('<I', n))
        f.write(b''.join(struct.pack('<Q', (k * 7 + 1) << 8)
                         for k in range(n - 1)))
        f.write(struct.pack('<Q', last))
book(sys.argv[1] + '/big.book', ((n - 1) * 7 + 1) << 8)
book(sys.argv[1] + '/bad.book', 1 << 8 | 0x7f)
PY
    run connect4 analyze --book "$TMP/big.book" 2531276566711153
    check "analyze --book above 16 MiB" 0 "-2 2 -1 0 -1 0 -12
best: 2" ""
    run connect4 analyze --book "$TMP/bad.book" 44
    check "analyze --book above 16 MiB, a bad last entry" 2 "" "gamesearch connect4: --book '$TMP/bad.book': the book's first or last entry is not a position and score in increasing order"
else
    echo "skipped: a book above 16 MiB (no python3 to write one)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
