#!/bin/sh
# gamesearch web --out DIR: the site's files, and every bad input refused
# with one message and status 2, nothing half-written. A build without the
# WebAssembly engine is held to its own message instead.
#
# usage: test_web.sh GAMESEARCH_BINARY
set -u
GS=$1
TMP=$(mktemp -d)
trap 'chmod -R u+w "$TMP"; rm -rf "$TMP"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    echo "FAIL: $1"
    shift
    for line in "$@"; do echo "  $line"; done
}
# expect STATUS STDERR ARGS...: runs gamesearch and compares.
expect() {
    want_status=$1 want_err=$2
    shift 2
    "$GS" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    status=$?
    if [ "$status" -eq "$want_status" ] && [ "$(cat "$TMP/err")" = "$want_err" ]; then ok
    else bad "gamesearch $*" "status $status, want $want_status" "stderr: $(cat "$TMP/err")" \
        "want:   $want_err"; fi
}

# --help, in any build.
"$GS" web --help >"$TMP/out" 2>&1
if [ $? -eq 0 ] && [ "$(head -n 1 "$TMP/out")" = "usage: gamesearch web --out DIR" ]; then ok
else bad "web --help" "$(head -n 2 "$TMP/out")"; fi
"$GS" --help >"$TMP/out" 2>&1
grep -q '^  web ' "$TMP/out" && ok || bad "--help lists web"

mkdir "$TMP/site"
"$GS" web --out "$TMP/site" >"$TMP/out" 2>"$TMP/err"
if [ $? -eq 2 ] && grep -q "no WebAssembly engine" "$TMP/err"; then
    expect 2 "gamesearch web: this build has no WebAssembly engine, so it cannot write the pages that search in the browser (build with clang, lld and wasi-libc installed, or -DGS_WASM_JS=PATH)" \
        web --out "$TMP/site"
    [ -z "$(ls "$TMP/site")" ] && ok || bad "no engine: nothing written"
    echo "$passed passed, $failed failed (a build without the engine)"
    [ "$failed" -eq 0 ]
    exit $?
fi

# ---- the site ----
if [ "$(cat "$TMP/out")" = "wrote $TMP/site/index.html, $TMP/site/tree-lab.html, $TMP/site/connect4.html and $TMP/site/pacman.html" ]; then ok
else bad "web: what it says" "$(cat "$TMP/out" "$TMP/err")"; fi
if [ "$(cd "$TMP/site" && ls)" = "$(printf 'connect4.html\nindex.html\npacman.html\ntree-lab.html')" ]; then ok
else bad "web: the files" "$(ls "$TMP/site")"; fi
grep -q 'href="tree-lab.html"' "$TMP/site/index.html" && ok || bad "index links the lab"
grep -q 'href="connect4.html"' "$TMP/site/index.html" && ok || bad "index links Connect Four"
grep -q 'href="pacman.html"' "$TMP/site/index.html" && ok || bad "index links the Pacman page"
grep -q 'gsw_pac_step' "$TMP/site/pacman.html" && ok || bad "Pacman: the engine inlined"
# Every key of the templates filled in; the engine inlined.
if ! grep -q '@@[A-Za-z.-]*@@' "$TMP/site/index.html" "$TMP/site/tree-lab.html" "$TMP/site/connect4.html" "$TMP/site/pacman.html"; then ok
else bad "web: a key left" "$(grep -o '@@[A-Za-z.]*@@' "$TMP/site"/*.html | head -3)"; fi
grep -q 'gsw_tree_page' "$TMP/site/tree-lab.html" && ok || bad "lab: the engine inlined"
grep -q 'gsw_c4_book_move' "$TMP/site/connect4.html" && ok || bad "connect4: the engine inlined"
# A trailing slash is the same directory.
expect 0 "" web --out "$TMP/site/"

# ---- bad input ----
expect 2 "gamesearch web: give the site's directory: --out DIR" web
expect 2 "gamesearch web: --out needs a value (see gamesearch web --help)" web --out
expect 2 "gamesearch web: --out $TMP/none: no such directory (create it first)" web --out "$TMP/none"
: >"$TMP/file"
expect 2 "gamesearch web: --out $TMP/file: not a directory" web --out "$TMP/file"
expect 2 "gamesearch web: unknown option '--bogus' (see gamesearch web --help)" web --out "$TMP/site" --bogus
# A directory that cannot be written (root writes anywhere but /sys).
mkdir "$TMP/ro"
chmod 555 "$TMP/ro"
if : 2>/dev/null >"$TMP/ro/probe"; then rm -f "$TMP/ro/probe"; ro=/sys; else ro=$TMP/ro; fi
if [ -d "$ro" ]; then
    expect 2 "gamesearch web: --out $ro/index.html: cannot write: Permission denied" web --out "$ro"
fi
# One page that cannot be written: nothing is replaced, nothing left over.
mkdir -p "$TMP/half/tree-lab.html"
echo old >"$TMP/half/index.html"
expect 2 "gamesearch web: --out $TMP/half/tree-lab.html: cannot write: Is a directory" web --out "$TMP/half"
[ "$(cat "$TMP/half/index.html")" = old ] && ok || bad "half: index.html kept"
[ "$(ls -A "$TMP/half" | tr '\n' ' ')" = "index.html tree-lab.html " ] && ok ||
    bad "half: no temporary file left" "$(ls -A "$TMP/half")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
