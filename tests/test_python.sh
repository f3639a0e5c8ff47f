#!/bin/sh
# The Python package, as a user installs it: a fresh venv in the build
# directory, `pip install --no-build-isolation --no-index` of a copy of the
# sources (offline, with only what the venv has: pip and setuptools), then
# pytest on python/tests/ against it.
#
#   test_python.sh BUILD_DIR SOURCE_DIR PYTHON PROGRAM SHARED_DIR SANITIZE [STATIC_LIB]
#
# Without STATIC_LIB the package compiles the library's sources itself, as
# `pip install .` does. With it (the sanitized build), it links that
# libgamesearch.a, built with ASan and UBSan, and the tests run with
# AddressSanitizer's runtime preloaded into Python (leak detection off:
# the interpreter keeps memory until exit by design).
#
# Skips (77), saying why, when python3-venv, python3-dev or python3-pytest
# is missing.
set -eu
build=$1 source=$2 python=$3 program=$4 shared=$5 sanitize=$6 static=${7:-}

skip() { echo "skipped: $*"; exit 77; }
command -v "$python" >/dev/null 2>&1 || skip "no $python"
"$python" -c 'import ensurepip, venv' 2>/dev/null ||
    skip "python3-venv is missing (apt-get install python3-venv)"
"$python" -c 'import pytest' 2>/dev/null ||
    skip "python3-pytest is missing (apt-get install python3-pytest)"
"$python" -c 'import os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null ||
    skip "Python's headers are missing (apt-get install python3-dev)"

dir=$build/python-test
rm -rf "$dir"
mkdir -p "$dir/src"
cd "$source"
cp -R pyproject.toml setup.py include src games layouts python docs web "$dir/src/"
rm -rf "$dir/src/python/"*.egg-info
"$python" -m venv "$dir/venv"

cflags=""
[ "$sanitize" = 1 ] && cflags="-fsanitize=address,undefined -fno-sanitize-recover=all"
if ! GAMESEARCH_LIBRARY="$static" GAMESEARCH_CFLAGS="$cflags" \
     GAMESEARCH_BUILD_BASE="$dir/build" \
     "$dir/venv/bin/pip" install -q --no-build-isolation --no-index \
         --no-cache-dir "$dir/src" >"$dir/pip.log" 2>&1; then
    cat "$dir/pip.log"
    echo "FAIL: pip install"
    exit 1
fi

# pytest from the system (Debian's python3-pytest), added to the venv
# after the install, which saw only what a fresh venv has
pytest_dir=$("$python" -c 'import os, pytest; print(os.path.dirname(os.path.dirname(pytest.__file__)))')
site=$("$dir/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$pytest_dir" >"$site/system-pytest.pth"

mkdir -p "$dir/run"
cd "$dir/run"
export GAMESEARCH_CLI="$program" GAMESEARCH_SHARED="$shared" GAMESEARCH_SOURCE="$source"
unset GAMESEARCH_LAYOUTS
if [ "$sanitize" = 1 ]; then
    asan=$(${CC:-cc} -print-file-name=libasan.so)
    LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$dir/venv/bin/python" -m pytest -q -p no:cacheprovider "$dir/src/python/tests"
else
    "$dir/venv/bin/python" -m pytest -q -p no:cacheprovider "$dir/src/python/tests"
fi
