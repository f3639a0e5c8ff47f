#!/bin/sh
# The whole test suite: the Release build the quick start installs (asserts
# on), warnings as errors, then the same tests
# under AddressSanitizer and UndefinedBehaviorSanitizer (asserts on in both),
# then a build without threads (-DGS_THREADS=OFF) and the tests that differ
# there: it leaves out the benchmarks, valgrind's run, MPI, the browser and
# compare's chart, which run no differently without threads. Last, the
# engine built for WebAssembly (wasm/) and its browser test, which holds
# its answers to the first build's program. The module is built first, and
# once: each native build carries that gs.js (`gamesearch web`).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc)
echo "== wasm build"
cmake -S wasm -B build-wasm -DGS_WERROR=ON \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/wasm32-wasi.cmake" \
    -DGS_PROGRAM="$PWD/build-test/gamesearch" >/dev/null
cmake --build build-wasm -j"$jobs" >/dev/null
for kind in test asan nothreads; do
    dir=build-$kind
    extra=""
    skip=""
    # the first build is the one the quick start installs (Release, asserts
    # on), so its warnings are errors here too
    [ "$kind" = test ] && extra="-DCMAKE_BUILD_TYPE=Release"
    [ "$kind" = asan ] && extra="-DGS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug"
    if [ "$kind" = nothreads ]; then
        extra="-DGS_THREADS=OFF -DGS_BENCH=OFF"
        skip="test_valgrind|test_mpi|test_browser|test_compare_cli"
    fi
    echo "== $kind build"
    # shellcheck disable=SC2086
    cmake -S . -B "$dir" -DGS_WERROR=ON -DGS_WASM_JS="$PWD/build-wasm/gs.js" \
        $extra >/dev/null
    cmake --build "$dir" -j"$jobs" >/dev/null
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir "$dir" --output-on-failure -j"$jobs" ${skip:+-E "$skip"}
done
echo "== wasm test"
ctest --test-dir build-wasm --output-on-failure
