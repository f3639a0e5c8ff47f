#!/bin/sh
# Runs gamesearch's fuzz targets with libFuzzer and keeps what they find.
#
# usage: sh fuzz/run.sh [SECONDS [TARGET...]]
#   SECONDS  how long each target runs (default 600)
#   TARGET   tree mnk connect4 layout record options agent_args (default all)
# Environment: FUZZ_PARALLEL targets at once (default: the number of cores),
# FUZZ_BUILD the build directory (default build-fuzz).
#
# Needs clang and its runtime (Debian: clang, libclang-rt-14-dev). New
# inputs that reach new code are merged into fuzz/corpus/TARGET, which the
# test suite replays; inputs that crash or break an invariant are left in
# FUZZ_BUILD/artifacts/TARGET/ and listed at the end.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-"tree mnk connect4 layout record options agent_args"}
build=${FUZZ_BUILD:-build-fuzz}
parallel=${FUZZ_PARALLEL:-$(nproc)}

case $seconds in
    ''|*[!0-9]*) echo "fuzz/run.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac
for t in $targets; do
    [ -d "fuzz/corpus/$t" ] || { echo "fuzz/run.sh: unknown target '$t'" >&2; exit 2; }
done
command -v clang >/dev/null || { echo "fuzz/run.sh: clang is needed (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }

CC=clang cmake -S . -B "$build" -DGS_FUZZ=ON -DGS_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
for t in $targets; do
    cmake --build "$build" -j"$(nproc)" --target "fuzz_$t" >/dev/null
done

# The longest input each target is given: enough for what it parses.
max_len() {
    case $1 in
        tree|record) echo 4096 ;;
        layout) echo 2048 ;;
        options) echo 256 ;;
        mnk|agent_args) echo 128 ;;
        connect4) echo 64 ;;
    esac
}

run_one() {
    t=$1
    mkdir -p "$build/work/$t" "$build/artifacts/$t" "$build/logs"
    # Inputs the target found go to work/; the corpus is read as seeds.
    "$build/fuzz/fuzz_$t" "$build/work/$t" "fuzz/corpus/$t" \
        -max_total_time="$seconds" -max_len="$(max_len "$t")" \
        -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" \
        >"$build/logs/$t.log" 2>&1 || true
    # Keep the inputs that reach code the corpus does not.
    "$build/fuzz/fuzz_$t" -merge=1 -close_fd_mask=3 -max_len="$(max_len "$t")" \
        "fuzz/corpus/$t" "$build/work/$t" >"$build/logs/$t.merge.log" 2>&1 || true
}

echo "fuzzing $targets: ${seconds} s each, $parallel at a time"
running=0
for t in $targets; do
    run_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$parallel" ]; then
        wait
        running=0
    fi
done
wait

printf '%-11s %12s %10s %8s %8s %9s\n' target executions exec/s seconds corpus findings
for t in $targets; do
    log="$build/logs/$t.log"
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
    found=$(find "$build/artifacts/$t" -type f | wc -l)
    printf '%-11s %12s %10s %8s %8s %9s\n' "$t" "${runs:-?}" "${rate:-?}" \
        "${took:-?}" "$corpus" "$found"
done
found=$(find "$build/artifacts" -type f | wc -l)
if [ "$found" -gt 0 ]; then
    echo "findings (replay one with $build/fuzz/fuzz_TARGET FILE):"
    find "$build/artifacts" -type f
    exit 1
fi
