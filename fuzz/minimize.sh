#!/bin/sh
# Shrinks gamesearch's fuzz corpus to the fewest inputs that reach all the
# code the whole corpus reaches (libFuzzer's merge), keeping every named
# input (seed-*, crash-*) whatever it covers.
#
# usage: sh fuzz/minimize.sh [TARGET...]   (default: every target)
# Uses the targets fuzz/run.sh built in FUZZ_BUILD (default build-fuzz).
set -eu
cd "$(dirname "$0")/.."
targets=${*:-"tree mnk connect4 layout record options agent_args"}
build=${FUZZ_BUILD:-build-fuzz}
for t in $targets; do
    [ -x "$build/fuzz/fuzz_$t" ] || { echo "fuzz/minimize.sh: no $build/fuzz/fuzz_$t (run fuzz/run.sh first)" >&2; exit 2; }
    corpus=fuzz/corpus/$t
    tmp=$(mktemp -d)
    "$build/fuzz/fuzz_$t" -merge=1 -close_fd_mask=3 "$tmp" "$corpus" >/dev/null 2>&1
    before=$(find "$corpus" -type f | wc -l)
    if [ "$(find "$tmp" -type f | wc -l)" -eq 0 ]; then
        echo "fuzz/minimize.sh: $t: the merge kept nothing; corpus left as it is" >&2
        rm -rf "$tmp"
        continue
    fi
    # Inputs the merge kept, under their hashes, unless a named input has
    # the same bytes; then the named inputs as they are.
    find "$corpus" -type f ! -name 'seed-*' ! -name 'crash-*' -exec rm -f {} +
    for f in "$tmp"/*; do
        [ -f "$f" ] || continue
        dup=""
        for n in "$corpus"/seed-* "$corpus"/crash-*; do
            [ -f "$n" ] && cmp -s "$f" "$n" && { dup=1; break; }
        done
        [ -n "$dup" ] || mv "$f" "$corpus/"
    done
    rm -rf "$tmp"
    echo "$t: $before inputs -> $(find "$corpus" -type f | wc -l)"
done
