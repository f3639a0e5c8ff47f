#!/bin/sh
# bench/c4_peers.sh without the peers: its options and their messages, the
# plan of --dry-run, its reading of each program's output (gamesearch's,
# Pons's c4solver's, bench/peers/c4s_sets.cpp's) on canned text, its report
# of canned records, and a whole run of programs that print canned lines,
# so that the tables of the side-by-side benchmark cannot silently break.
#
# usage: test_c4_peers.sh PROJECT_SOURCE_DIR
set -u
SRC=$(cd "$1" && pwd)
SCRIPT=$SRC/bench/c4_peers.sh
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
# No peer, set or build directory from the caller's environment.
unset PONS_DIR C4S_DIR C4_SETS C4_PEERS_BUILD
export C4_PEERS_BUILD="$TMP/peers-build"

ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    echo "FAIL: $1"
    shift
    for line in "$@"; do echo "  $line"; done
}

# run ARGS...: the script, its output in $TMP/out and $TMP/err.
run() {
    sh "$SCRIPT" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    status=$?
}

# check NAME STATUS STDOUT STDERR: the last run gave exactly these.
check() {
    printf '%s' "$3" >"$TMP/want_out"
    printf '%s' "$4" >"$TMP/want_err"
    [ -z "$3" ] || echo >>"$TMP/want_out"
    [ -z "$4" ] || echo >>"$TMP/want_err"
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

# Three small sets, and programs that answer from them.
mkdir -p "$TMP/sets"
printf '%s\n' '3237735666151513515634 -7' '2252576253462244111563365343671351441 7' \
    '7422341735647741166133573473242566 -1' >"$TMP/sets/Test_L3_R1"
printf '%s\n' '2 1' '44455554221 2' '4444 5' >"$TMP/sets/Test_L2_R1"
printf '%s\n' '1 -2' '7 0' '12 3' >"$TMP/sets/Test_L1_R3"

# stub NAME NODES US [WRONG] [SLEEP]: a program printing, for each line,
# POSITION SCORE NODES US with the set's score, but the score plus one for
# the position WRONG; it sleeps SLEEP seconds on the empty board, which it
# otherwise answers 1. As gamesearch, --threads 2 takes half the time and
# twice the nodes.
stub() {
    cat >"$TMP/$1" <<EOF
#!/bin/sh
nodes=$2 us=$3
case " \$* " in *" --threads 2 "*) nodes=\$((nodes * 2)) us=\$((us / 2)) ;; esac
while IFS= read -r line; do
    if [ -z "\$line" ]; then
        [ "${5:-0}" = 0 ] || exec sleep ${5:-0}
        echo " 1 \$nodes \$us"
        continue
    fi
    score=\$(awk -v p="\$line" '\$1 == p { print \$2; exit }' "$TMP"/sets/*)
    [ "\$line" != "${4:-}" ] || score=\$((score + 1))
    echo "\$line \$score \$nodes \$us"
done
EOF
    chmod +x "$TMP/$1"
}
stub gs 10 40
stub pons 30 60 "" 5
stub c4s 5 300 44455554221

# --- Options and their messages.
run --help
if [ "$status" -eq 0 ] && grep -q 'git clone https://github.com/PascalPons/connect4 pons' "$TMP/out" &&
    grep -q 'git -C pons checkout part12' "$TMP/out" &&
    grep -q 'git clone https://github.com/ChristopheSteininger/c4 c4s' "$TMP/out"; then
    ok
else
    bad "--help says how to get the peers" "exit status $status" "$(head -n 20 "$TMP/out")"
fi

E=bench/c4_peers.sh
run --bogus
check "unknown option" 2 "" "$E: unknown option '--bogus' (see sh $E --help)"
run --rounds
check "--rounds without a value" 2 "" "$E: --rounds needs a value (see sh $E --help)"
run --rounds 0
check "--rounds 0" 2 "" "$E: --rounds needs a whole number of at least 1, not '0'"
run --count 2x
check "--count 2x" 2 "" "$E: --count needs a whole number, not '2x'"
run --empty-cap -5
check "--empty-cap -5" 2 "" "$E: --empty-cap needs a whole number, not '-5'"
run --thread-count=0
check "--thread-count=0" 2 "" "$E: --thread-count needs a whole number of at least 1, not '0'"
run --sets L3_R1,L9_R9
check "an unknown set" 2 "" "$E: unknown set 'Test_L9_R9' (the sets: L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3)"
run --no-sets --no-empty --no-threads
check "nothing to run" 2 "" "$E: nothing to run (--no-sets, --no-empty and --no-threads)"
run "$TMP/no-such-gamesearch"
check "no gamesearch" 2 "" "$E: no gamesearch program at $TMP/no-such-gamesearch (build it, or give its path)"
C4_SETS=$TMP/no-sets run --no-empty "$TMP/gs"
check "no sets" 2 "" "$E: no test sets in $TMP/no-sets (set C4_SETS=DIR)"
C4_SETS=$TMP/sets run --sets L2_R2 --no-threads "$TMP/gs"
check "a set missing" 2 "" "$E: no set $TMP/sets/Test_L2_R2"
C4_SETS=$TMP/sets run --sets L3_R1 --c4s-bin "$TMP/c4s" "$TMP/gs"
check "no Pons" 2 "" "$E: where is Pons's solver? give --pons DIR or PONS_DIR (see sh $E --help for the git clone commands)"
C4_SETS=$TMP/sets run --sets L3_R1 --pons "$TMP/sets" --c4s-bin "$TMP/c4s" "$TMP/gs"
check "not Pons's" 2 "" "$E: no solver.cpp in $TMP/sets: not Pons's connect4 at part12 (see sh $E --help for the git clone commands)"
C4_SETS=$TMP/sets run --sets L3_R1 --pons-bin "$TMP/pons" "$TMP/gs"
check "no Steininger" 2 "" "$E: where is Steininger's solver? give --c4s DIR or C4S_DIR (see sh $E --help for the git clone commands)"
C4_SETS=$TMP/sets run --sets L3_R1 --pons-bin "$TMP/pons" --c4s "$TMP/sets" "$TMP/gs"
check "not Steininger's" 2 "" "$E: no src/solver/settings.h in $TMP/sets: not Steininger's c4 (see sh $E --help for the git clone commands)"
C4_SETS=$TMP/sets run --sets L3_R1 --pons-bin "$TMP/nothing" --c4s-bin "$TMP/c4s" "$TMP/gs"
check "no program for Pons" 2 "" "$E: no program at $TMP/nothing (--pons-bin)"

# Pons's checkout: at tag part12, or refused before anything is built.
mkdir -p "$TMP/ponsgit/src/solver"
for f in solver.cpp main.cpp solver.hpp position.hpp TranspositionTable.hpp MoveSorter.hpp; do
    echo "// $f" >"$TMP/ponsgit/$f"
done
echo "// settings" >"$TMP/ponsgit/src/solver/settings.h"
G="git -C $TMP/ponsgit -c user.name=t -c user.email=t@t"
if $G init -q && $G add . && $G commit -q -m one; then
    C4_SETS=$TMP/sets run --sets L3_R1 --pons "$TMP/ponsgit" --c4s-bin "$TMP/c4s" "$TMP/gs"
    check "Pons without the tag" 2 "" "$E: $TMP/ponsgit has no tag part12: is it PascalPons/connect4? (see sh $E --help for the git clone commands)"
    $G tag part12 && echo "// more" >>"$TMP/ponsgit/main.cpp" && $G commit -q -am two
    C4_SETS=$TMP/sets run --sets L3_R1 --pons "$TMP/ponsgit" --c4s-bin "$TMP/c4s" "$TMP/gs"
    check "Pons after the tag" 2 "" "$E: $TMP/ponsgit is not at tag part12 (git -C $TMP/ponsgit checkout part12)"
    $G checkout -q part12
    C4_SETS=$TMP/sets run --dry-run --sets L3_R1 --no-empty --no-threads --pons "$TMP/ponsgit" --c4s "$TMP/ponsgit" \
        --build-dir "$SRC/build/peers" "$TMP/gs"
    check "a build directory in the project" 2 "" "$E: the build directory $SRC/build/peers is inside the project: give --build-dir outside it"
    C4_SETS=$TMP/sets run --dry-run --sets L3_R1 --no-empty --no-threads --pons "$TMP/ponsgit" --c4s "$TMP/ponsgit" "$TMP/gs"
    if [ "$status" -eq 0 ] && grep -q "^Pons: $TMP/ponsgit (commit [0-9a-f]*, tag part12), c4solver built with g++ -std=c++11 -O3 -DNDEBUG in $TMP/peers-build/pons\$" "$TMP/out" &&
        grep -q "^Steininger: $TMP/ponsgit (commit [0-9a-f]*, tag part12), 1 thread, 8388617 entries, built with g++ -std=c++20 -O3 -flto -DNDEBUG and bench/peers/c4s_sets.cpp in $TMP/peers-build/c4s\$" "$TMP/out" &&
        [ ! -e "$TMP/peers-build" ]; then
        ok
    else
        bad "--dry-run with the checkouts: says what it would build, builds nothing" "exit status $status" "$(cat "$TMP/out" "$TMP/err")"
    fi
else
    bad "git init of a checkout for the tag tests"
fi

# --- The plan of a dry run: the programs alternate within each round.
C4_SETS=$TMP/sets run --dry-run --sets L3_R1,Test_L1_R3 --rounds 2 --count 2 --empty-runs 1 --empty-cap 9 \
    --thread-count 3 --weak --pons-bin "$TMP/pons" --c4s-bin "$TMP/c4s" "$TMP/gs"
grep -v '^machine: \|^gamesearch: ' "$TMP/out" >"$TMP/plan"
mv "$TMP/plan" "$TMP/out"
check "the plan of --dry-run" 0 "command: sh $E --dry-run --sets L3_R1,Test_L1_R3 --rounds 2 --count 2 --empty-runs 1 --empty-cap 9 --thread-count 3 --weak --pons-bin $TMP/pons --c4s-bin $TMP/c4s $TMP/gs
Pons: $TMP/pons -w (built already)
Steininger: $TMP/c4s -w (built already)
mode: weak; sets: Test_L3_R1 Test_L1_R3, 2 round(s); empty board: 1 run(s), Pons stopped after 9 s; threads: 1 run(s), the empty board and the first 3 of Test_L1_R3
run: Test_L3_R1, round 1: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < the first 2 positions of $TMP/sets/Test_L3_R1
run: Test_L3_R1, round 1: $TMP/pons -w < the first 2 positions of $TMP/sets/Test_L3_R1
run: Test_L3_R1, round 1: $TMP/c4s -w < the first 2 positions of $TMP/sets/Test_L3_R1
run: Test_L3_R1, round 2: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < the first 2 positions of $TMP/sets/Test_L3_R1
run: Test_L3_R1, round 2: $TMP/pons -w < the first 2 positions of $TMP/sets/Test_L3_R1
run: Test_L3_R1, round 2: $TMP/c4s -w < the first 2 positions of $TMP/sets/Test_L3_R1
run: Test_L1_R3, round 1: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < the first 2 positions of $TMP/sets/Test_L1_R3
run: Test_L1_R3, round 1: $TMP/pons -w < the first 2 positions of $TMP/sets/Test_L1_R3
run: Test_L1_R3, round 1: $TMP/c4s -w < the first 2 positions of $TMP/sets/Test_L1_R3
run: Test_L1_R3, round 2: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < the first 2 positions of $TMP/sets/Test_L1_R3
run: Test_L1_R3, round 2: $TMP/pons -w < the first 2 positions of $TMP/sets/Test_L1_R3
run: Test_L1_R3, round 2: $TMP/c4s -w < the first 2 positions of $TMP/sets/Test_L1_R3
run: empty, round 1: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < an empty line
run: empty, round 1: $TMP/c4s -w < an empty line
run: empty, round 1: $TMP/pons -w < an empty line (stopped after 9 s)
run: empty, round 1: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < an empty line
run: empty, round 1: $TMP/gs connect4 solve --no-book --threads 2 --tt-mb 64 --weak < an empty line
run: Test_L1_R3 (first 3), round 1: $TMP/gs connect4 solve --no-book --threads 1 --tt-mb 64 --weak < the first 3 positions of $TMP/sets/Test_L1_R3
run: Test_L1_R3 (first 3), round 1: $TMP/gs connect4 solve --no-book --threads 2 --tt-mb 64 --weak < the first 3 positions of $TMP/sets/Test_L1_R3" ""

# The default counts: all 1000 but the first 200 of the two slow sets.
C4_SETS=$SRC/../shared/connect4
if [ -r "$C4_SETS/Test_L1_R2" ]; then
    C4_SETS=$C4_SETS run --dry-run --rounds 1 --no-empty --no-threads --pons-bin "$TMP/pons" --c4s-bin "$TMP/c4s" "$TMP/gs"
    got=$(grep '/gs connect4' "$TMP/out" | sed 's/.*< the first \([0-9]*\) positions of .*\/\(Test_[A-Z0-9_]*\)$/\2 \1/' | tr '\n' ' ')
    want="Test_L3_R1 1000 Test_L2_R1 1000 Test_L2_R2 1000 Test_L1_R1 1000 Test_L1_R2 200 Test_L1_R3 200 "
    if [ "$status" -eq 0 ] && [ "$got" = "$want" ]; then ok; else
        bad "the default sets and counts" "got:  $got" "want: $want"
    fi
fi

# --- Each program's output, read against its set.
# parse NAME [--weak] SET_TEXT OUTPUT_TEXT WANT: --parse-output prints WANT.
parse() {
    name=$1
    shift
    w=""
    if [ "$1" = --weak ]; then w=--weak; shift; fi
    printf '%s' "$1" >"$TMP/pset"
    printf '%s' "$2" >"$TMP/pout"
    run $w --parse-output "$TMP/pset" "$TMP/pout"
    check "$name" 0 "$3" ""
}
L3a=3237735666151513515634
L3b=2252576253462244111563365343671351441
L3c=7422341735647741166133573473242566
SET3="$L3a -7
$L3b 7
$L3c -1
"
# gamesearch connect4 solve (as docs/ref/connect4.md shows it)
parse "gamesearch's lines" "$SET3" "$L3a -7 393 137
$L3b 7 35 20
$L3c -1 4000 1001
" "3 0 1158 4428"
# Pons's c4solver: an empty line for a position it refuses
parse "Pons's lines, one refused" "$SET3" "$L3a -7 700 11412

$L3c -1 90 12
" "3 1 11424 790"
# c4s_sets: a wrong score, and the last line missing
parse "Steininger's lines, one wrong, one missing" "$SET3" "$L3a -7 5 300
$L3b 6 5 300
" "3 2 300 5"
parse "a line for another position" "$SET3" "$L3b 7 35 20
$L3a -7 393 137
$L3c -1 4000 1001
" "3 2 1001 4000"
parse "a line too many" "$SET3" "$L3a -7 393 137
$L3b 7 35 20
$L3c -1 4000 1001
$L3c -1 4000 1001
" "3 1 1158 4428"
parse "a count that is not a number" "$SET3" "$L3a -7 393 137
$L3b 7 35 x
$L3c -1 4000 1001 9
" "3 2 137 393"
parse "no output at all" "$SET3" "" "3 3 0 0"
parse "the empty board" " 1
" " 1 100403970 635384652
" "1 0 635384652 100403970"
parse "the empty board, a line of another position" " 1
" "1 1 100403970 635384652
" "1 1 0 0"
parse "weak: the sign of the set's score" --weak "$SET3" "$L3a -1 191 90
$L3b 1 20 9
$L3c -1 7 3
" "3 0 102 218"
parse "weak: an exact score of the right sign (Pons's -w on a win at once)" --weak "$SET3" "$L3a -7 393 137
$L3b 1 20 9
$L3c -1 7 3
" "3 0 149 420"
parse "weak: a wrong sign" --weak "$SET3" "$L3a 0 393 137
$L3b 1 20 9
$L3c 2 7 3
" "3 2 9 20"
parse "strong: a sign is wrong" "$SET3" "$L3a -1 191 90
$L3b 7 20 9
$L3c -1 7 3
" "3 1 12 27"

# --- The report of a run's records.
cat >"$TMP/records" <<'EOF'
sets Test_L3_R1 1 gs 1000 0 4690 16600 0.013 5120 1.02 1.03 0
sets Test_L3_R1 1 pons 1000 0 5260 51300 0.840 44032 1.03 1.05 0
sets Test_L3_R1 1 c4s 1000 0 156000 9400 1.420 68813 1.05 1.05 0
sets Test_L3_R1 2 gs 1000 0 4340 16600 0.012 5120 1.05 1.04 0
sets Test_L3_R1 2 pons 1000 0 5490 51300 0.820 44032 1.04 1.04 0
sets Test_L3_R1 2 c4s 1000 0 143000 9400 1.220 68813 1.04 1.03 0
sets Test_L1_R3 1 gs 200 0 384000000 1356000000 385.000 70000 1.00 1.10 0
sets Test_L1_R3 1 pons 200 0 750000000 5660000000 751.200 44032 1.10 1.00 0
sets Test_L1_R3 1 c4s 200 0 252000000 954000000 253.400 68813 1.00 1.00 0
sets Test_L1_R3 2 gs 200 1 334320000 1349220000 337.000 70000 1.00 1.00 0
sets Test_L1_R3 2 pons 200 0 720000000 5660000000 721.000 44032 1.00 1.00 0
sets Test_L1_R3 2 c4s 200 0 306000000 954000000 307.000 68813 1.00 1.00 0
empty empty 1 gs 1 0 46800000 157600000 46.850 70000 1.00 1.00 0
empty empty 1 c4s 1 0 28300000 100403970 28.400 68813 1.00 1.00 0
empty empty 1 pons 1 1 0 0 300.010 44032 1.00 1.00 124
empty empty 2 gs 1 0 49700000 157600000 49.750 70000 1.00 1.00 0
empty empty 2 c4s 1 0 28500000 100403970 28.600 68813 1.00 1.00 0
empty empty 2 pons 1 1 0 0 300.020 44032 1.00 1.00 124
threads empty 1 gs1 1 0 46000000 157600000 46.100 70000 1.00 1.00 0
threads empty 1 gs2 1 0 30000000 250000000 30.100 72000 1.00 2.00 0
threads empty 2 gs1 1 0 48000000 157600000 48.100 70000 2.00 1.00 0
threads empty 2 gs2 1 0 26000000 240000000 26.100 72000 1.00 2.00 0
threads Test_L1_R3:20 1 gs1 20 0 37000000 135700000 37.600 70000 1.00 1.00 0
threads Test_L1_R3:20 1 gs2 20 0 20000000 164800000 20.700 72000 1.00 1.00 0
threads Test_L1_R3:20 2 gs1 20 0 34000000 135700000 34.800 70000 1.00 1.00 0
threads Test_L1_R3:20 2 gs2 20 0 19000000 154400000 20.100 72000 1.00 1.00 1
EOF
cat >"$TMP/want" <<'EOF'

Summary of the test sets (per set: each round in order; spread = largest mean over smallest):
Test_L3_R1: 1000 positions, 2 rounds
  gamesearch  nodes 16.6; time 4.7 µs, 4.3 µs (spread 1.08); wall 0.013 s, 0.012 s; peak 5.0 MiB; wrong 0
  Pons        nodes 51.3; time 5.3 µs, 5.5 µs (spread 1.04); wall 0.840 s, 0.820 s; peak 43.0 MiB; wrong 0
  Steininger  nodes 9.4; time 156.0 µs, 143.0 µs (spread 1.09); wall 1.42 s, 1.22 s; peak 67.2 MiB; wrong 0
  gamesearch at or under Pons: time yes, wall yes; under Steininger: time yes, wall yes
Test_L1_R3: 200 positions, 2 rounds
  gamesearch  nodes 6,780,000; time 1.92 s, 1.68 s (spread 1.14); wall 385.0 s, 337.0 s; peak 68.4 MiB; wrong 1
  Pons        nodes 28,300,000; time 3.75 s, 3.60 s (spread 1.04); wall 751.2 s, 721.0 s; peak 43.0 MiB; wrong 0
  Steininger  nodes 4,770,000; time 1.26 s, 1.53 s (spread 1.21); wall 253.4 s, 307.0 s; peak 67.2 MiB; wrong 0
  gamesearch at or under Pons: time yes, wall yes; under Steininger: time no (rounds 1, 2), wall no (rounds 1, 2)

Summary of the empty board:
empty board: 1 position, 2 rounds
  gamesearch  nodes 157,600,000; time 46.80 s, 49.70 s (spread 1.06); wall 46.9 s, 49.8 s; peak 68.4 MiB; wrong 0
  Pons        nodes -; time over 300.0 s, over 300.0 s (spread -); wall over 300.0 s, over 300.0 s; peak 43.0 MiB; wrong 0
  Steininger  nodes 100,403,970; time 28.30 s, 28.50 s (spread 1.01); wall 28.4 s, 28.6 s; peak 67.2 MiB; wrong 0
  gamesearch at or under Pons: time yes, wall yes; under Steininger: time no (rounds 1, 2), wall no (rounds 1, 2)

Summary of --threads 2 against --threads 1 (gamesearch):
empty board: 1 position, 2 rounds
  1 thread    nodes 157,600,000; time 46.00 s, 48.00 s (spread 1.04); wall 46.1 s, 48.1 s; peak 68.4 MiB; wrong 0
  2 threads   nodes 250,000,000, 240,000,000; time 30.00 s, 26.00 s (spread 1.15); wall 30.1 s, 26.1 s; peak 70.3 MiB; wrong 0
  2 threads over 1: 1.68 on search time, 1.68 on wall time
Test_L1_R3 (first 20): 20 positions, 2 rounds
  1 thread    nodes 6,785,000; time 1.85 s, 1.70 s (spread 1.09); wall 37.6 s, 34.8 s; peak 68.4 MiB; wrong 0
  2 threads   nodes 8,240,000; time 1.00 s, failed (spread 1.00); wall 20.7 s, 20.1 s; peak 70.3 MiB; wrong 0
  2 threads over 1: 1.85 on search time, 1.82 on wall time

| set | positions | gamesearch nodes | Pons nodes | Steininger nodes |
| --- | --- | --- | --- | --- |
| Test_L3_R1 | 1000 | 16.6 | 51.3 | 9.4 |
| Test_L1_R3 | 200 | 6,780,000 | 28,300,000 | 4,770,000 |

| set | gamesearch time | Pons time | Steininger time |
| --- | --- | --- | --- |
| Test_L3_R1 | 4.7 µs, 4.3 µs | 5.3 µs, 5.5 µs | 156.0 µs, 143.0 µs |
| Test_L1_R3 | 1.92 s, 1.68 s | 3.75 s, 3.60 s | 1.26 s, 1.53 s |

| set | gamesearch command | Pons command | Steininger command |
| --- | --- | --- | --- |
| Test_L3_R1 | 0.013 s, 0.012 s; 5.0 MiB | 0.840 s, 0.820 s; 43.0 MiB | 1.42 s, 1.22 s; 67.2 MiB |
| Test_L1_R3 | 385.0 s, 337.0 s; 68.4 MiB | 751.2 s, 721.0 s; 43.0 MiB | 253.4 s, 307.0 s; 67.2 MiB |

| set | spread: gamesearch | Pons | Steininger | gamesearch ≤ Pons, every round | gamesearch ≤ Steininger, every round | command ≤ both, every round |
| --- | --- | --- | --- | --- | --- | --- |
| Test_L3_R1 | 1.08 | 1.04 | 1.09 | yes | yes | yes |
| Test_L1_R3 | 1.14 | 1.04 | 1.21 | yes | no (rounds 1, 2) | Steininger: no (rounds 1, 2) |

| empty board | nodes | search time | command | peak resident |
| --- | --- | --- | --- | --- |
| gamesearch | 157,600,000 | 46.80 s, 49.70 s | 46.9 s, 49.8 s | 68.4 MiB |
| Pons | - | over 300.0 s, over 300.0 s | over 300.0 s, over 300.0 s | 43.0 MiB |
| Steininger | 100,403,970 | 28.30 s, 28.50 s | 28.4 s, 28.6 s | 67.2 MiB |

| gamesearch | 1 thread | 2 threads | speed-up (search) | speed-up (command) |
| --- | --- | --- | --- | --- |
| empty board | 46.00 s, 48.00 s (command 46.1 s, 48.1 s) | 30.00 s, 26.00 s (command 30.1 s, 26.1 s) | 1.68 | 1.68 |
| Test_L1_R3 (first 20) | 1.85 s, 1.70 s (command 37.6 s, 34.8 s) | 1.00 s, failed (command 20.7 s, 20.1 s) | 1.85 | 1.82 |

Every score checked against its file: wrong: gamesearch on Test_L1_R3 round 2 (1).
Load average (1 minute) before and after each run: 1.00 to 2.00.
EOF
run --report "$TMP/records"
check "the report of canned records" 0 "$(cat "$TMP/want")" ""

# --- A whole run, the peers answering from the sets: Steininger's
# program gets one position wrong, Pons's stops at the cap on the empty
# board. Times and sizes vary: they are masked.
C4_SETS=$TMP/sets run --sets L3_R1,L2_R1 --rounds 2 --empty-runs 1 --empty-cap 1 --thread-count 2 \
    --pons-bin "$TMP/pons" --c4s-bin "$TMP/c4s" "$TMP/gs"
sed -e 's/command [0-9.]* s, peak [0-9.]* MiB; load [^ ]* to [^ ;]*/command T, peak M; load L/' "$TMP/out" |
    awk '/^Every score/ { print; next }
         / round [0-9]*, / || /^\| set \| positions/ || /^\| set \| gamesearch time/ { on = 1 }
         /^$/ { on = 0 } on' >"$TMP/masked"
mv "$TMP/masked" "$TMP/out"
check "a whole run of canned programs" 1 "Test_L3_R1 round 1, gamesearch: 3 positions, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
Test_L3_R1 round 1, Pons: 3 positions, 0 wrong, mean 30.0 nodes and 60.0 µs; command T, peak M; load L
Test_L3_R1 round 1, Steininger: 3 positions, 0 wrong, mean 5.0 nodes and 300.0 µs; command T, peak M; load L
Test_L3_R1 round 2, gamesearch: 3 positions, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
Test_L3_R1 round 2, Pons: 3 positions, 0 wrong, mean 30.0 nodes and 60.0 µs; command T, peak M; load L
Test_L3_R1 round 2, Steininger: 3 positions, 0 wrong, mean 5.0 nodes and 300.0 µs; command T, peak M; load L
Test_L2_R1 round 1, gamesearch: 3 positions, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
Test_L2_R1 round 1, Pons: 3 positions, 0 wrong, mean 30.0 nodes and 60.0 µs; command T, peak M; load L
Test_L2_R1 round 1, Steininger: 3 positions, 1 wrong, mean 5.0 nodes and 300.0 µs; command T, peak M; load L
Test_L2_R1 round 2, gamesearch: 3 positions, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
Test_L2_R1 round 2, Pons: 3 positions, 0 wrong, mean 30.0 nodes and 60.0 µs; command T, peak M; load L
Test_L2_R1 round 2, Steininger: 3 positions, 1 wrong, mean 5.0 nodes and 300.0 µs; command T, peak M; load L
empty round 1, gamesearch: 1 position, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
empty round 1, Steininger: 1 position, 0 wrong, mean 5.0 nodes and 300.0 µs; command T, peak M; load L
empty round 1, Pons: stopped at the cap, command T, peak M; load L
empty round 1, gamesearch --threads 1: 1 position, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
empty round 1, gamesearch --threads 2: 1 position, 0 wrong, mean 20.0 nodes and 20.0 µs; command T, peak M; load L
Test_L1_R3 (first 2) round 1, gamesearch --threads 1: 2 positions, 0 wrong, mean 10.0 nodes and 40.0 µs; command T, peak M; load L
Test_L1_R3 (first 2) round 1, gamesearch --threads 2: 2 positions, 0 wrong, mean 20.0 nodes and 20.0 µs; command T, peak M; load L
| set | positions | gamesearch nodes | Pons nodes | Steininger nodes |
| --- | --- | --- | --- | --- |
| Test_L3_R1 | 3 | 10 | 30 | 5 |
| Test_L2_R1 | 3 | 10 | 30 | 5 |
| set | gamesearch time | Pons time | Steininger time |
| --- | --- | --- | --- |
| Test_L3_R1 | 40.0 µs, 40.0 µs | 60.0 µs, 60.0 µs | 300.0 µs, 300.0 µs |
| Test_L2_R1 | 40.0 µs, 40.0 µs | 60.0 µs, 60.0 µs | 300.0 µs, 300.0 µs |
Every score checked against its file: wrong: Steininger on Test_L2_R1 round 1 (1), Steininger on Test_L2_R1 round 2 (1)." \
"$E: c4s on Test_L2_R1, round 1: 1 of 3 scores differ from the file
$E: c4s on Test_L2_R1, round 2: 1 of 3 scores differ from the file"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
