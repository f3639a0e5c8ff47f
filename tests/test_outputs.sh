#!/bin/sh
# The files gamesearch writes (every output option of every command): a
# run that fails leaves an existing file as it was, byte for byte; '-' is
# standard output; an output that cannot be created is refused before the
# work, with the system's reason; a symbolic link keeps pointing at the
# file it names, and a file keeps its mode.
#
# usage: test_outputs.sh GAMESEARCH_BINARY SOURCE_DIR
set -u
GS=$1
SRC=$2
EX=$SRC/examples
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

# run ARGS...: runs gamesearch, keeping stdout, stderr, status.
run() {
    "$GS" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    status=$?
}

# ---- pacman -j N --html keeps the searches the page shows ----

# The decisions, each without its time (the 4th field): the same with one
# thread as with two.
decisions() {
    grep -o '"decisions":\[\[[^"]*' "$1" |
        sed 's/\[\([0-9-]*,[0-9]*,[0-9-]*\),[0-9.e+-]*,\[/[\1,T,[/g'
}
pj="-p AlphaBetaAgent -a depth=2 -l corridor -n 3 --seeds 5 -q"
run pacman $pj -j 1 --html "$TMP/j1.html"
st1=$status
run pacman $pj -j 2 --html "$TMP/j2.html"
if [ "$st1" -eq 0 ] && [ "$status" -eq 0 ] &&
    [ "$(decisions "$TMP/j1.html" | wc -l)" -eq 3 ] &&
    [ "$(decisions "$TMP/j1.html")" = "$(decisions "$TMP/j2.html")" ]; then ok
else bad "pacman -j 2 --html: the searches of -j 1" "status $st1 $status" \
    "$(decisions "$TMP/j2.html" | head -c 300)"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
