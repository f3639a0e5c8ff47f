#!/bin/sh
# --mpi on this machine: 3 ranks under mpirun print what one process prints
# (times aside) for a Pacman batch (--record and --json included), a
# connect4 solve list and a match, and write the same connect4 book file,
# byte for byte; a rank that fails makes the run say what was lost and
# exit non-zero. Skipped (77) when MPI is not installed; a gamesearch built
# without MPI must refuse --mpi.
#   test_mpi.sh GAMESEARCH
set -u
GS=$1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { :; }
bad() { echo "FAIL: $1"; shift; for l in "$@"; do echo "  $l"; done; fails=$((fails + 1)); }

if "$GS" connect4 solve --mpi </dev/null >"$TMP/out" 2>"$TMP/err"; then
    status=0
else
    status=$?
fi
if grep -q "built without MPI" "$TMP/err"; then
    want="gamesearch: --mpi: this gamesearch was built without MPI (install Open MPI, libopenmpi-dev, and build it again)"
    if [ "$status" -eq 2 ] && [ "$(cat "$TMP/err")" = "$want" ] && [ ! -s "$TMP/out" ]; then
        echo "skipped: gamesearch was built without MPI (its refusal of --mpi checked)"
        exit 77
    fi
    bad "refusal of --mpi" "status $status" "$(cat "$TMP/err")"
    exit 1
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "skipped: mpirun not found (install openmpi-bin)"
    exit 77
fi

# Open MPI leaks what it keeps until the process ends; not gamesearch's.
ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
export ASAN_OPTIONS
MPIRUN="mpirun --oversubscribe"
[ "$(id -u)" -eq 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
# Only what a job printed, never mpirun's own notes, is compared.
run_mpi() { # NP ARGS...: into $TMP/mout, $TMP/merr, $mstatus
    np=$1
    shift
    # shellcheck disable=SC2086
    $MPIRUN -np "$np" "$GS" "$@" --mpi <"$TMP/in" >"$TMP/mout" 2>"$TMP/merr"
    mstatus=$?
}
# run_mpi until rank 0's message about the failed rank came through
# mpirun (up to three tries: on a loaded machine mpirun may stop the run
# before it passes the message on).
run_mpi_failing() {
    for try in 1 2 3; do
        run_mpi "$@"
        grep -q '^gamesearch' "$TMP/merr" && return
        : "try $try gave no message"
    done
}
run_one() {
    "$GS" "$@" <"$TMP/in" >"$TMP/out" 2>"$TMP/err"
    status=$?
}
# Times written by --json, and the microseconds of connect4 solve.
no_times() {
    sed -E 's/"(seconds|move_seconds|move_seconds_mean|move_seconds_max|games_per_second|nodes_per_second)": [^,}]*/"\1": T/g' "$1"
}

# ---- A Pacman batch, its record and its results ----
: >"$TMP/in"
set -- pacman -l crossroads -p ExpectimaxAgent -a depth=2 -k 2 -q -n 12 -x 2 --seeds 7
run_one "$@" --record "$TMP/one.rec" --json "$TMP/one.json"
run_mpi 3 "$@" --record "$TMP/mpi.rec" --json "$TMP/mpi.json"
if [ "$status" -eq 0 ] && [ "$mstatus" -eq 0 ] && cmp -s "$TMP/out" "$TMP/mout" &&
   [ ! -s "$TMP/merr" ] && grep -q '^Win Rate:      [0-9]*/10 ' "$TMP/mout"; then ok; else
    bad "pacman -q: 3 ranks print what one process prints" "status $status/$mstatus" "$(diff "$TMP/out" "$TMP/mout" | head -5)" "$(head -5 "$TMP/merr")"
fi
if cmp -s "$TMP/one.rec" "$TMP/mpi.rec"; then ok; else
    bad "pacman --record: the same file" "$(diff "$TMP/one.rec" "$TMP/mpi.rec" | head -5)"
fi
no_times "$TMP/one.json" >"$TMP/one.j"
no_times "$TMP/mpi.json" >"$TMP/mpi.j"
if cmp -s "$TMP/one.j" "$TMP/mpi.j" && [ "$(grep -c '"game": ' "$TMP/mpi.j")" -eq 12 ]; then ok; else
    bad "pacman --json: the same results, times aside" "$(diff "$TMP/one.j" "$TMP/mpi.j" | head -5)"
fi

# -t: every frame of every game, in game order.
set -- pacman -l crossroads -p GreedyAgent -k 1 -t --frameTime 0 -n 4 --seeds 3 --max-moves 60
run_one "$@"
run_mpi 3 "$@"
if [ "$status" -eq 0 ] && [ "$mstatus" -eq 0 ] && cmp -s "$TMP/out" "$TMP/mout" &&
   [ "$(grep -c '^Pacman' "$TMP/mout")" -eq 4 ]; then ok; else
    bad "pacman -t: 3 ranks print the same frames" "status $status/$mstatus" "$(diff "$TMP/out" "$TMP/mout" | head -5)"
fi

# One rank does it all alone; the options --mpi cannot take.
set -- pacman -l crossroads -p GreedyAgent -k 2 -q -n 3 --seeds 3
run_one "$@"
run_mpi 1 "$@"
if [ "$mstatus" -eq 0 ] && cmp -s "$TMP/out" "$TMP/mout"; then ok; else
    bad "pacman: one rank" "status $mstatus" "$(cat "$TMP/merr")"
fi
# (a refusal: one rank started without mpirun is enough)
"$GS" pacman -l crossroads -p GreedyAgent -q -n 3 -f --mpi >"$TMP/mout" 2>"$TMP/merr"
mstatus=$?
want="gamesearch pacman: --mpi plays the games on the ranks of MPI, each game with its own stream (--seeds N), shown with -q or -t: -f cannot be used with it"
if [ "$mstatus" -eq 2 ] && [ "$(grep -c "^gamesearch" "$TMP/merr")" -eq 1 ] &&
   [ "$(grep "^gamesearch" "$TMP/merr")" = "$want" ] && [ ! -s "$TMP/mout" ]; then ok; else
    bad "pacman -f --mpi: one message, status 2" "status $mstatus" "$(cat "$TMP/merr")"
fi
run_mpi 3 pacman -l nosuchmaze -p GreedyAgent -q -n 3
if [ "$mstatus" -eq 2 ] && [ "$(grep -c "^gamesearch pacman: layout 'nosuchmaze' not found" "$TMP/merr")" -eq 1 ]; then ok; else
    bad "pacman --mpi, a layout not found: one message, status 2" "status $mstatus" "$(cat "$TMP/merr")"
fi
run_mpi 3 pacman -l crossroads -p GreedyAgent -q -n 3 --json /nonexistent/dir/x.json
if [ "$mstatus" -eq 2 ] && [ "$(grep -c "^gamesearch pacman: --json /nonexistent/dir/x.json: cannot write: No such file or directory$" "$TMP/merr")" -eq 1 ]; then ok; else
    bad "pacman --mpi, --json cannot be written: every rank stops, status 2" "status $mstatus" "$(cat "$TMP/merr")"
fi

# ---- A connect4 solve list, a line that is not a position among them ----
for p in 5554224333234511764415115 52753311433677442422121 1233722555341451114725221333 \
         271713432331713132 6672375354252731116762237724 763452543756455357732314 \
         662222576343651642712157 3455565261655364217 4661237137541742643224 \
         12389 21253774536432517717274325 715371563635542612576371 4435612735531457155143 \
         3457741246677474572223453551 754732466173162124726115261 64115442265757253615 \
         34651743747475571565 36127316172165452675422251 4235245615377275211512 \
         122435527534575161761 473175162213611457122724 5533212164224336233241461; do
    echo "$p"
done >"$TMP/in"
printf '1231426213112346726266353\r\n45277231624411643516213' >>"$TMP/in"
run_one connect4 solve
run_mpi 3 connect4 solve
cut -d' ' -f1-3 "$TMP/out" >"$TMP/one.c4"
cut -d' ' -f1-3 "$TMP/mout" >"$TMP/mpi.c4"
if [ "$status" -eq 2 ] && [ "$mstatus" -eq 2 ] && cmp -s "$TMP/one.c4" "$TMP/mpi.c4" &&
   [ "$(wc -l <"$TMP/mpi.c4")" -eq 23 ] &&
   [ "$(grep '^gamesearch' "$TMP/merr")" = "$(cat "$TMP/err")" ] &&
   grep -q "^gamesearch connect4: line 10, character 4: " "$TMP/merr"; then ok; else
    bad "connect4 solve: 3 ranks print what one process prints" "status $status/$mstatus" "$(diff "$TMP/one.c4" "$TMP/mpi.c4" | head -5)" "$(cat "$TMP/merr")"
fi
# A line longer than any position: the lines before it are answered, then
# it is refused, as one process does.
cp "$TMP/in" "$TMP/in.list"
{ printf '445566\n4458\n'; head -c 2000 /dev/zero | tr '\0' 4; printf '\n44\n'; } >"$TMP/in"
run_one connect4 solve
run_mpi 3 connect4 solve
cut -d' ' -f1-3 "$TMP/out" >"$TMP/one.c4"
cut -d' ' -f1-3 "$TMP/mout" >"$TMP/mpi.c4"
if [ "$status" -eq 2 ] && [ "$mstatus" -eq 2 ] && cmp -s "$TMP/one.c4" "$TMP/mpi.c4" &&
   [ "$(cat "$TMP/mpi.c4")" = "445566 18 0" ] &&
   [ "$(grep '^gamesearch' "$TMP/merr")" = "$(cat "$TMP/err")" ] &&
   grep -qx "gamesearch connect4: line 3: longer than 1024 bytes, more than any position: the rest of the input is not read" "$TMP/merr"; then ok; else
    bad "connect4 solve: a line too long, 3 ranks as one process" "status $status/$mstatus" "$(cat "$TMP/mout" "$TMP/merr")"
fi
mv "$TMP/in.list" "$TMP/in"
"$GS" connect4 solve --keep-table --mpi <"$TMP/in" >"$TMP/mout" 2>"$TMP/merr"
mstatus=$?
want="gamesearch connect4: --keep-table cannot go with --mpi (each rank solves its own share of the lines)"
if [ "$mstatus" -eq 2 ] && [ "$(grep "^gamesearch" "$TMP/merr")" = "$want" ]; then ok; else
    bad "connect4 solve --keep-table --mpi" "status $mstatus" "$(cat "$TMP/merr")"
fi
"$GS" connect4 book --ply 4 --play first --mpi --out "$TMP/x.book" >"$TMP/mout" 2>"$TMP/merr"
mstatus=$?
want="gamesearch connect4: --play cannot go with --mpi (each turn's replies depend on the turn before)"
if [ "$mstatus" -eq 2 ] && [ "$(grep "^gamesearch" "$TMP/merr")" = "$want" ] && [ ! -e "$TMP/x.book" ]; then ok; else
    bad "connect4 book --play --mpi" "status $mstatus" "$(cat "$TMP/merr")"
fi

# ---- A rank that fails: what was lost, and a non-zero status ----
# rank 0's message passes through mpirun while mpirun stops the run; on a
# machine loaded by other tests it may come too late, so a run without it
# is tried again (run_mpi_failing).
grep -v 12389 "$TMP/in" >"$TMP/in2" && mv "$TMP/in2" "$TMP/in"
run_one connect4 solve
GS_MPI_TEST_EXIT=1:3
export GS_MPI_TEST_EXIT
run_mpi_failing 3 connect4 solve
msg=$(grep '^gamesearch' "$TMP/merr")
n=$(wc -l <"$TMP/mout")
if [ "$mstatus" -ne 0 ] && [ "$n" -lt 23 ] &&
   echo "$msg" | grep -Eqx "gamesearch connect4: --mpi: a rank failed or was killed: lines $((n + 1)) to 23 \($((23 - n)) of 23\) were not printed; rank 1 was on line [0-9]+(, rank 2 was on line [0-9]+)?; the output above is incomplete" &&
   [ "$(head -n "$n" "$TMP/out" | cut -d' ' -f1-3)" = "$(cut -d' ' -f1-3 "$TMP/mout")" ]; then ok; else
    bad "connect4 solve: rank 1 exits at its job 4 or later" "status $mstatus, $n lines" "$(cat "$TMP/merr")"
fi
: >"$TMP/in"
GS_MPI_TEST_EXIT=2:0
run_mpi_failing 3 pacman -l crossroads -p GreedyAgent -k 2 -q -n 6 --seeds 3 --json "$TMP/lost.json"
unset GS_MPI_TEST_EXIT
if [ "$mstatus" -ne 0 ] && grep -Eq "^gamesearch pacman: --mpi: a rank failed or was killed: games [0-9]+ to 6 \([0-9]+ of 6\) were not printed; (rank 1 was on game [0-9]+, )?rank 2 was on game [0-9]+; the output above is incomplete$" "$TMP/merr" &&
   ! grep -q "^Average Score" "$TMP/mout" && [ ! -s "$TMP/lost.json" ]; then ok; else
    bad "pacman: rank 2 exits at its first game" "status $mstatus" "$(cat "$TMP/merr")"
fi
GS_MPI_TEST_EXIT=1:0
export GS_MPI_TEST_EXIT
run_mpi_failing 3 match ttt --a alphabeta --b random -n 6
unset GS_MPI_TEST_EXIT
if [ "$mstatus" -ne 0 ] && [ ! -s "$TMP/mout" ] &&
   grep -Eq "^gamesearch match: --mpi: a rank failed or was killed: games [0-9]+ to 6 \([0-9]+ of 6\) were not printed; " "$TMP/merr"; then ok; else
    bad "match: rank 1 exits at its first game, nothing is printed" "status $mstatus" "$(cat "$TMP/mout")" "$(cat "$TMP/merr")"
fi

# ---- A match: its games, --moves and --json, and the options it cannot take ----
: >"$TMP/in"
for args in "mnk --a mcts:iterations=200 --b random -n 7 --seeds 4 --moves" \
            "connect4 --a mcts:iterations=100 --b random -n 5 --json"; do
    # shellcheck disable=SC2086
    run_one match $args
    # shellcheck disable=SC2086
    run_mpi 3 match $args
    if [ "$status" -eq 0 ] && [ "$mstatus" -eq 0 ] && cmp -s "$TMP/out" "$TMP/mout" &&
       [ ! -s "$TMP/merr" ] && grep -Eq '^[57] games: a won|"games": [57],' "$TMP/mout"; then ok; else
        bad "match $args: 3 ranks print what one process prints" "status $status/$mstatus" "$(diff "$TMP/out" "$TMP/mout" | head -5)" "$(cat "$TMP/merr")"
    fi
done
run_one match ttt --a alphabeta --b random -n 3
run_mpi 1 match ttt --a alphabeta --b random -n 3
if [ "$mstatus" -eq 0 ] && cmp -s "$TMP/out" "$TMP/mout"; then ok; else
    bad "match: one rank plays every game" "status $mstatus" "$(diff "$TMP/out" "$TMP/mout" | head -5)"
fi
run_one match chess --a random --b random
run_mpi 3 match chess --a random --b random
want="gamesearch match: unknown game 'chess' (expected ttt, mnk, gomoku, connect4 or nim)"
if [ "$status" -eq 2 ] && [ "$mstatus" -eq 2 ] && [ "$(cat "$TMP/err")" = "$want" ] &&
   [ "$(grep '^gamesearch' "$TMP/merr")" = "$want" ] && [ ! -s "$TMP/mout" ]; then ok; else
    bad "match chess --mpi: one message, status 2" "status $status/$mstatus" "$(cat "$TMP/merr")"
fi
"$GS" match ttt --a random --b random -j 2 --mpi >"$TMP/mout" 2>"$TMP/merr"
mstatus=$?
want="gamesearch match: --mpi plays the games on the ranks of MPI, one game at a time on each: -j cannot go with it"
if [ "$mstatus" -eq 2 ] && [ "$(cat "$TMP/merr")" = "$want" ] && [ ! -s "$TMP/mout" ]; then ok; else
    bad "match -j 2 --mpi" "status $mstatus" "$(cat "$TMP/merr")"
fi

# ---- A small book: the same file, byte for byte ----
: >"$TMP/in"
mkdir "$TMP/one" "$TMP/mpi"
(cd "$TMP/one" && "$GS" connect4 book --width 5 --height 4 --ply 6 --out c4.book >out 2>err)
status=$?
(cd "$TMP/mpi" && $MPIRUN -np 3 "$GS" connect4 book --width 5 --height 4 --ply 6 --out c4.book --mpi <"$TMP/in" >out 2>err)
mstatus=$?
if [ "$status" -eq 0 ] && [ "$mstatus" -eq 0 ] && cmp -s "$TMP/one/c4.book" "$TMP/mpi/c4.book" &&
   [ "$(cat "$TMP/mpi/out")" = "2411 positions (up to 6 stones) written to c4.book" ] &&
   cmp -s "$TMP/one/out" "$TMP/mpi/out" && [ "$(wc -c <"$TMP/mpi/c4.book")" -eq $((16 + 8 * 2411)) ]; then ok; else
    bad "connect4 book: 3 ranks write one process's file" "status $status/$mstatus" "$(cat "$TMP/mpi/out" "$TMP/mpi/err")"
fi
# A build a limit stops keeps its solved positions in c4.book.part, in
# order, and the same command continues from them to the same file.
mkdir "$TMP/part"
(cd "$TMP/part" && $MPIRUN -np 3 "$GS" connect4 book --width 5 --height 4 --ply 6 --max-nodes 700 --out c4.book --mpi <"$TMP/in" >out 2>err)
pstatus=$?
kept=$(( ($(wc -c <"$TMP/part/c4.book.part") - 16) / 24 ))
(cd "$TMP/part" && $MPIRUN -np 3 "$GS" connect4 book --width 5 --height 4 --ply 6 --out c4.book --mpi <"$TMP/in" >out 2>err)
mstatus=$?
if [ "$pstatus" -eq 1 ] && [ "$kept" -gt 0 ] && [ "$mstatus" -eq 0 ] &&
   cmp -s "$TMP/one/c4.book" "$TMP/part/c4.book" && [ ! -e "$TMP/part/c4.book.part" ] &&
   [ "$(cat "$TMP/part/err")" = "gamesearch connect4: book: continuing from c4.book.part: $kept of 1626 positions solved before" ]; then ok; else
    bad "connect4 book --mpi: a stopped build continued" "status $pstatus/$mstatus, $kept kept" "$(cat "$TMP/part/out" "$TMP/part/err")"
fi
"$GS" connect4 analyze 44 --mpi >"$TMP/mout" 2>"$TMP/merr"
mstatus=$?
if [ "$mstatus" -eq 2 ] && [ "$(cat "$TMP/merr")" = "gamesearch connect4: --mpi goes with solve and book" ]; then ok; else
    bad "connect4 analyze --mpi" "status $mstatus" "$(cat "$TMP/merr")"
fi

[ "$fails" -eq 0 ] || exit 1
echo "test_mpi: all passed"
