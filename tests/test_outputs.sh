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

# ---- every output option, by one rule ----

printf "['A', ('B', 1), ('C'," >"$TMP/bad.tree"
# Each case: NAME, the command before the output option, the option, the
# command after it that succeeds, and one that fails after the output is
# opened (a bad tree, a KeyboardAgent with no terminal to play on, a
# limit that stops a search).
C4="connect4 book --width 5 --height 4 --ply 2"
PAC="pacman -l corridor --seed 1 -q"
cases() {
    echo "tree|--dot|tree $EX/seed.tree|tree $TMP/bad.tree"
    echo "tree|--html|tree $EX/seed.tree|tree $TMP/bad.tree"
    echo "compare|--svg|compare tree $EX/seed.tree|compare tree $TMP/bad.tree"
    echo "pacman|--record|$PAC -p GreedyAgent|pacman -l corridor --seed 1 -p KeyboardAgent"
    echo "pacman|--json|$PAC -p GreedyAgent|pacman -l corridor --seed 1 -p KeyboardAgent"
    echo "pacman|--html|$PAC -p GreedyAgent|pacman -l corridor --seed 1 -p KeyboardAgent"
    echo "connect4|--out|$C4|$C4 --max-nodes 1"
}
# Files whose bytes do not vary from run to run ('-' compared whole).
same_bytes() { case "$1" in --json|--html) return 1 ;; esac; [ "$2" != pacman ]; }

cases >"$TMP/cases"
while IFS='|' read -r cmd opt good fail; do
    name="$cmd $opt"
    # A failing run leaves an existing file byte for byte.
    printf 'old contents\n' >"$TMP/keep"
    run $fail $opt "$TMP/keep"
    if [ "$status" -ne 0 ] && [ "$(cat "$TMP/keep")" = "old contents" ] &&
        [ -z "$(ls -A "$TMP" | grep '\.gs-')" ]; then ok
    else bad "$name: a failed run keeps the old file" "status $status" "$(cat "$TMP/keep" | head -c 200)"; fi
    # The same with the output going nowhere yet: no file left behind.
    rm -f "$TMP/new"
    run $fail $opt "$TMP/new"
    if [ ! -e "$TMP/new" ]; then ok; else bad "$name: a failed run leaves no new file"; fi

    # A good run writes the file; '-' writes the same to standard output,
    # and nothing else goes there.
    run $good $opt "$TMP/file"
    st=$status
    run $good $opt -
    if [ "$st" -eq 0 ] && [ "$status" -eq 0 ] && [ -s "$TMP/file" ] &&
        { ! same_bytes "$opt" "$cmd" && [ "$(head -c 1 "$TMP/out")" = "$(head -c 1 "$TMP/file")" ] ||
          cmp -s "$TMP/out" "$TMP/file"; }; then ok
    else bad "$name -: standard output" "status $st $status" "$(head -c 200 "$TMP/out")" "$(head -c 300 "$TMP/err")"; fi

    # A missing directory: refused before the work, with the system's reason.
    run $good $opt "$TMP/none/x"
    if [ "$status" -eq 2 ] && [ ! -s "$TMP/out" ] &&
        [ "$(cat "$TMP/err")" = "gamesearch $cmd: $opt $TMP/none/x: cannot write: No such file or directory" ]; then ok
    else bad "$name: a missing directory" "status $status" "$(cat "$TMP/err")"; fi

    # A symbolic link: the file it names is replaced, the link kept.
    mkdir -p "$TMP/real"
    printf 'old\n' >"$TMP/real/target"
    rm -f "$TMP/link"
    ln -s real/target "$TMP/link"
    run $good $opt "$TMP/link"
    if [ "$status" -eq 0 ] && [ -L "$TMP/link" ] && [ -s "$TMP/real/target" ] &&
        [ "$(cat "$TMP/real/target")" != old ] && [ -z "$(ls -A "$TMP/real" | grep '\.gs-')" ]; then ok
    else bad "$name: through a symbolic link" "status $status" "$(ls -la "$TMP" "$TMP/real")"; fi

    # The mode of an existing file is kept; a new file gets the umask's.
    printf 'old\n' >"$TMP/mode"
    chmod 640 "$TMP/mode"
    rm -f "$TMP/fresh"
    run $good $opt "$TMP/mode"
    st=$status
    (umask 027 && "$GS" $good $opt "$TMP/fresh" >/dev/null 2>&1)
    if [ "$st" -eq 0 ] && [ "$(stat -c %a "$TMP/mode")" = 640 ] &&
        [ "$(stat -c %a "$TMP/fresh")" = 640 ]; then ok
    else bad "$name: the file's mode" "$(stat -c %a "$TMP/mode" "$TMP/fresh")"; fi

    # Run as root, a file another user owns keeps its owner and group
    # (and its mode, setgid included); otherwise skipped, saying so once.
    if [ "$(id -u)" -eq 0 ]; then
        printf 'old
' >"$TMP/owned"
        chown 65534:65534 "$TMP/owned" && chmod 2640 "$TMP/owned"
        run $good $opt "$TMP/owned"
        if [ "$status" -eq 0 ] && [ "$(cat "$TMP/owned")" != old ] &&
            [ "$(stat -c %u:%g:%a "$TMP/owned")" = 65534:65534:2640 ]; then ok
        else bad "$name: the file's owner" "status $status" "$(stat -c %u:%g:%a "$TMP/owned")"; fi
        # Another user replacing root's file (in a directory open to all)
        # may not give it to root: the file becomes theirs, as a new one.
        if command -v setpriv >/dev/null 2>&1; then
            chmod 755 "$TMP" && mkdir -p "$TMP/open" && chmod 777 "$TMP/open"
            printf 'old\n' >"$TMP/open/rootfile"
            chmod 666 "$TMP/open/rootfile"
            setpriv --reuid 65534 --regid 65534 --clear-groups \
                "$GS" $good $opt "$TMP/open/rootfile" </dev/null >/dev/null 2>"$TMP/err"
            st=$?
            if [ "$st" -eq 0 ] && [ "$(cat "$TMP/open/rootfile")" != old ] &&
                [ "$(stat -c %u:%a "$TMP/open/rootfile")" = 65534:666 ]; then ok
            else bad "$name: another user's output over root's file" "status $st" \
                "$(cat "$TMP/err")" "$(stat -c %u:%g:%a "$TMP/open/rootfile")"; fi
        fi
    elif [ -z "${said_owner:-}" ]; then
        said_owner=1
        echo "skipped: owners kept (needs root to give a file to another user)"
    fi
done <"$TMP/cases"

# Every way a tree run fails keeps both files: a bad tree, a missing
# input, a bad --agents.
for fail in "$TMP/bad.tree" "$TMP/missing.tree" "$EX/seed.tree --agents max,foo"; do
    printf 'old drawing\n' >"$TMP/keep.dot"
    printf 'old page\n' >"$TMP/keep.html"
    run tree $fail --dot "$TMP/keep.dot" --html "$TMP/keep.html"
    if [ "$status" -eq 2 ] && [ "$(cat "$TMP/keep.dot")" = "old drawing" ] &&
        [ "$(cat "$TMP/keep.html")" = "old page" ]; then ok
    else bad "tree $fail: both files kept" "status $status" "$(cat "$TMP/err")"; fi
done

# Two outputs on standard output at once, or beside what is printed there.
run tree "$EX/seed.tree" --dot - --html -
if [ "$status" -eq 2 ] && [ "$(cat "$TMP/err")" = "gamesearch tree: --html - names the drawing (--dot): give another name" ]; then ok
else bad "tree --dot - --html -" "status $status" "$(cat "$TMP/err")"; fi
run tree "$EX/seed.tree" --json --html -
if [ "$status" -eq 2 ] && [ "$(cat "$TMP/err")" = "gamesearch tree: --json and --html - cannot both write to standard output; give --html a file name" ]; then ok
else bad "tree --json --html -" "status $status" "$(cat "$TMP/err")"; fi
run pacman -l corridor --seed 1 -q -p GreedyAgent --json - --record -
if [ "$status" -eq 2 ] && [ "$(cat "$TMP/err")" = "gamesearch pacman: --json - and --record - name the same file: give each its own" ]; then ok
else bad "pacman --json - --record -" "status $status" "$(cat "$TMP/err")"; fi
# With --json -, the games' lines go to standard error.
run pacman -l corridor --seed 1 -q -p GreedyAgent --json -
if [ "$status" -eq 0 ] && [ "$(head -c 1 "$TMP/out")" = "{" ] && grep -q '^Average Score' "$TMP/err"; then ok
else bad "pacman --json -: the games' lines on standard error" "$(head -c 200 "$TMP/out")"; fi

# ---- a full disk ----

# A small filesystem of its own (a mount namespace, as root), filled up:
# no output can be written; each old file stays whole.
if unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$TMP' 2>/dev/null" 2>/dev/null; then
    mkdir -p "$TMP/full"
    unshare -m sh -c '
        dir=$1 gs=$2 ex=$3
        mount -t tmpfs -o size=64k tmpfs "$dir" || exit 99
        for f in page.html game.json c4.book; do printf "old %s\n" $f >"$dir/$f"; done
        dd if=/dev/zero of="$dir/filler" bs=1k count=64 2>/dev/null
        one() {
            name=$1
            shift
            "$gs" "$@" >/dev/null 2>"$dir/../$name.err"
            echo $? >"$dir/../$name.status"
        }
        one page tree "$ex/seed.tree" --html "$dir/page.html"
        one json pacman -l corridor --seed 1 -q -p GreedyAgent --json "$dir/game.json"
        one book connect4 book --width 5 --height 4 --ply 2 --out "$dir/c4.book"
        for f in page.html game.json c4.book; do cat "$dir/$f"; done >"$dir/../full.files"
        ls -A "$dir" | tr "\n" " " >"$dir/../full.ls"' sh "$TMP/full" "$GS" "$EX"
    # (connect4 book stops at its partial build's file, before any search)
    for x in "page|tree: --html $TMP/full/page.html" "json|pacman: --json $TMP/full/game.json" \
        "book|connect4: book: $TMP/full/c4.book.part"; do
        name=${x%%|*}
        want="gamesearch ${x#*|}: cannot write: No space left on device"
        if [ "$(cat "$TMP/$name.status")" = 1 ] && [ "$(cat "$TMP/$name.err")" = "$want" ]; then ok
        else bad "a full disk: $name" "status $(cat "$TMP/$name.status")" "$(cat "$TMP/$name.err")"; fi
    done
    if [ "$(cat "$TMP/full.files")" = "$(printf 'old page.html\nold game.json\nold c4.book')" ] &&
        [ "$(cat "$TMP/full.ls")" = "c4.book filler game.json page.html " ]; then ok
    else bad "a full disk: the old files kept, no temporary file left" "$(cat "$TMP/full.ls")"; fi
else
    echo "skipped: a full filesystem (mounting a small tmpfs needs root and unshare -m)"
fi

# ---- a run stopped by a signal leaves no temporary file ----

# Ctrl-C, kill or a closed terminal while a book is being solved: the old
# book stays as it was and no temporary file is left beside it, only the
# partial build the same command continues from, c4.book.part. (A book of
# 4 plies takes minutes: the signal comes long before the end.)
# (env --default-signal: a job started with & would ignore SIGINT.)
mkdir -p "$TMP/sig"
for sig in INT TERM HUP; do
    printf "old book\n" >"$TMP/sig/c4.book"
    rm -f "$TMP/sig/c4.book.part"
    env --default-signal=INT "$GS" connect4 book --ply 4 --no-book --out "$TMP/sig/c4.book" </dev/null >/dev/null 2>&1 &
    pid=$!
    sleep 1
    kill -s $sig $pid
    wait $pid
    status=$?
    left=$(ls -A "$TMP/sig" | tr "\n" " ")
    if [ "$(cat "$TMP/sig/c4.book")" = "old book" ] && [ "$left" = "c4.book c4.book.part " ] &&
        [ "$(head -c 8 "$TMP/sig/c4.book.part")" = GSC4PART ] && [ "$status" -gt 128 ]; then ok
    else bad "connect4 book stopped by SIG$sig: the old book kept, no temporary file" \
        "status $status" "left: $left"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
