#!/bin/sh
# The whole test suite: a build with warnings as errors, then the same tests
# under AddressSanitizer and UndefinedBehaviorSanitizer (asserts on in both).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc)
for kind in test asan; do
    dir=build-$kind
    extra=""
    [ "$kind" = asan ] && extra="-DGS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug"
    echo "== $kind build"
    # shellcheck disable=SC2086
    cmake -S . -B "$dir" -DGS_WERROR=ON $extra >/dev/null
    cmake --build "$dir" -j"$jobs" >/dev/null
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir "$dir" --output-on-failure -j"$jobs"
done
