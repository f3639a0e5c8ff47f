#!/bin/sh
# `gamesearch connect4 book --ply N --out FILE`, the book of every position:
# a build stopped before its end (a limit, a kill, a write cut short in the middle of
# a record) keeps its solved positions in FILE.part, and the same command
# continues from them to the very file an unbroken build writes; a
# FILE.part of another build or board, or with a record of another
# position, is refused with one message (exit 2) and left as it was; a
# book cut short or corrupt given to --book gets one message, exit 2.
# With SOURCE_DIR: the shipped books' files are the books the program
# answers from (analysis.book, built again from the program's own book
# with no search, is the same file), and analysis-web.book, the WebAssembly
# module's, is that book cut at 7 stones.
#
# usage: test_c4_book_cli.sh GAMESEARCH_BINARY [SOURCE_DIR]
set -u
GS=$1
SRC=${2:-}
case $GS in /*) ;; *) GS=$(pwd)/$GS ;; esac
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
    (cd "$TMP" && "$GS" "$@" </dev/null >"$TMP/out" 2>"$TMP/err")
    status=$?
}

# same NAME FILE: FILE is the unbroken build's book, and no FILE.part is
# left.
same() {
    if cmp -s "$TMP/whole.book" "$TMP/$2" && [ ! -e "$TMP/$2.part" ]; then
        ok
    else
        bad "$1" "not the unbroken build's book, or $2.part left"
    fi
}

B="connect4 book --width 5 --height 4 --ply 5"

# The unbroken build: 542 positions of 5 stones solved.
run $B --out whole.book
check "an unbroken build" 0 "785 positions (up to 5 stones) written to whole.book" ""

# A build a limit stops keeps what it solved; the same command goes on.
run $B --max-nodes 2000 --out a.book
check "a build stopped by a limit" 1 "" "gamesearch connect4: book --ply 5: a search was stopped by --max-nodes before its score was known: no book written
gamesearch connect4: book: the 10 positions solved are kept in a.book.part: the same command continues from them"
[ ! -e "$TMP/a.book" ] && [ "$(wc -c <"$TMP/a.book.part")" -eq $((16 + 24 * 10)) ] && ok ||
    bad "the partial build's file" "$(ls -l "$TMP")"
run $B --out a.book
check "the build continued" 0 "785 positions (up to 5 stones) written to a.book" "gamesearch connect4: book: continuing from a.book.part: 10 of 542 positions solved before"
same "the build continued" a.book

# A record cut short at the end (a write the process did not finish) is
# dropped, and its position solved again.
run $B --max-nodes 2500 --out b.book
head -c $((16 + 24 * 100 + 13)) "$TMP/b.book.part" >"$TMP/cut" && mv "$TMP/cut" "$TMP/b.book.part"
run $B --out b.book
check "a record cut short" 0 "785 positions (up to 5 stones) written to b.book" "gamesearch connect4: book: continuing from b.book.part: 100 of 542 positions solved before"
same "a record cut short" b.book

# size FILE: its bytes, 0 when there is none.
size() { if [ -e "$1" ]; then wc -c <"$1"; else echo 0; fi; }

# The positions --book has are taken from it, not searched: the same
# book, at once.
run $B --book whole.book --max-nodes 1 --out g.book
check "the positions --book has" 0 "785 positions (up to 5 stones) written to g.book" ""
same "the positions --book has" g.book

# A kill in the middle (SIGTERM; SIGINT, Ctrl-C, ends it the same way):
# the positions solved so far are kept, and the same command continues
# to the unbroken build's book.
C="connect4 book --width 6 --height 4 --ply 7"
(cd "$TMP" && exec "$GS" $C --out c.book >/dev/null 2>&1) &
pid=$!
n=0
while [ "$n" -lt 400 ] && [ "$(size "$TMP/c.book.part")" -lt 100 ]; do
    sleep 0.05
    n=$((n + 1))
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
status=$?
size=$(size "$TMP/c.book.part")
if [ "$status" -eq 0 ]; then
    echo "not checked: the build of c.book ended before the kill"
elif [ "$size" -ge 40 ] && [ ! -e "$TMP/c.book" ] &&
     [ -z "$(ls -A "$TMP" | grep '^\.c\.book')" ]; then ok; else
    bad "a build killed" "status $status, c.book.part of $size bytes" "$(ls -lA "$TMP")"
fi
run $C --out c.book
(cd "$TMP" && "$GS" $C --out c-whole.book >/dev/null 2>&1)
if [ "$status" -eq 0 ] && cmp -s "$TMP/c.book" "$TMP/c-whole.book" && [ ! -e "$TMP/c.book.part" ]; then ok; else
    bad "the killed build, continued" "status $status" "$(cat "$TMP/err")"
fi

# A FILE.part that is not of this build: refused, left as it was, and no
# book written.
run $B --max-nodes 2000 --out d.book
cp "$TMP/d.book.part" "$TMP/d.keep"
run connect4 book --width 5 --height 4 --ply 4 --out d.book
check "a partial build of another depth" 2 "" "gamesearch connect4: book: d.book.part is not a partial build of this book (it is of the 5x4 board to 5 stones): remove it to start again"
run connect4 book --width 6 --height 4 --ply 5 --out d.book
check "a partial build of another board" 2 "" "gamesearch connect4: book: d.book.part is not a partial build of this book (it is of the 5x4 board to 5 stones): remove it to start again"
printf 'GSC4PART\005\004\005\001\000\000\000\000' >"$TMP/e.book.part"
head -c 24 /dev/zero >>"$TMP/e.book.part"
run $B --out e.book
check "a record of another position" 2 "" "gamesearch connect4: book: e.book.part is not a partial build of this book (record 1 is not the position the book solves there): remove it to start again"
printf 'GSC4PART\005\004\005\001\000\000\000\000' >"$TMP/h.book.part"
head -c $((24 * 543)) /dev/zero >>"$TMP/h.book.part"
run $B --out h.book
check "more records than positions" 2 "" "gamesearch connect4: book: h.book.part is not a partial build of this book (it has more positions than the book solves): remove it to start again"
printf 'not a partial build of anything' >"$TMP/f.book.part"
run $B --out f.book
check "not a partial build" 2 "" "gamesearch connect4: book: f.book.part is not a partial build of this book (it does not start as one): remove it to start again"
if cmp -s "$TMP/d.book.part" "$TMP/d.keep" && [ ! -e "$TMP/d.book" ] && [ ! -e "$TMP/e.book" ] &&
   [ "$(cat "$TMP/f.book.part")" = "not a partial build of anything" ]; then ok; else
    bad "refused partial builds are left as they were" "$(ls -l "$TMP")"
fi

# A book cut short, or with a corrupt entry, given to --book.
head -c 100 "$TMP/whole.book" >"$TMP/short.book"
run connect4 analyze --width 5 --height 4 --book short.book 33
check "a book cut short" 2 "" "gamesearch connect4: --book 'short.book': the book says 785 entries, but holds 84 bytes of them"
cp "$TMP/whole.book" "$TMP/corrupt.book"
printf '\377\377\377\377\377\377\377\377' | dd of="$TMP/corrupt.book" bs=1 seek=40 conv=notrunc 2>/dev/null
run connect4 analyze --width 5 --height 4 --book corrupt.book 33
check "a corrupt book" 2 "" "gamesearch connect4: --book 'corrupt.book': entry 4 is not a position and score in increasing order"

# The shipped files against the program's book, each to the stones its
# header gives (its 11th byte): each position answered from the book,
# none searched (a --max-nodes of 1 would stop any search).
if [ -n "$SRC" ]; then
    for f in analysis.book analysis-web.book; do
        ply=$(od -An -tu1 -j10 -N1 "$SRC/games/connect4/$f" | tr -d ' ')
        run connect4 book --ply "$ply" --max-nodes 1 --out "$f"
        if [ "$status" -eq 0 ] && cmp -s "$TMP/$f" "$SRC/games/connect4/$f"; then ok; else
            bad "games/connect4/$f: the program's book to $ply stones" "status $status" "$(cat "$TMP/err")"
        fi
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
