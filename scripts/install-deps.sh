#!/bin/sh
# Installs what gamesearch needs to build and test on Debian 12 (as root, or
# through sudo when it is there). Safe to run again.
#   Debian: the compiler and libraries, graphviz, valgrind, chromium (the
#   browser tests), nodejs and npm (unless node and npm are already there),
#   Open MPI and iproute2 (--mpi and its tests across network namespaces),
#   Python's headers, venv, setuptools and pytest (the Python package);
#   clang, lld, wasi-libc and libclang-rt-14-dev-wasm32 (the WebAssembly
#   build in wasm/, docs/wasm.md).
#   npm: tests/browser's playwright-core, pinned by its package-lock.json,
#   which drives Debian's chromium and never downloads a browser.
set -eu
cd "$(dirname "$0")/.."
pkgs="build-essential cmake pkg-config libcmocka-dev graphviz nettle-dev libncurses-dev valgrind chromium
openmpi-bin libopenmpi-dev iproute2 python3-dev python3-venv python3-setuptools python3-pytest"
# The WebAssembly build (wasm/): clang and lld for wasm32-wasi, its C library
# and the compiler's builtins for it.
pkgs="$pkgs clang lld wasi-libc libclang-rt-14-dev-wasm32"
command -v node >/dev/null 2>&1 || pkgs="$pkgs nodejs"
command -v npm >/dev/null 2>&1 || pkgs="$pkgs npm"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "installing:$missing"
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
# The browser tests' node modules, exactly as locked (again only when the
# lock file changed since they were installed).
if ! cmp -s tests/browser/package-lock.json tests/browser/node_modules/.installed-lock 2>/dev/null; then
    echo "installing: tests/browser node modules (npm ci)"
    (cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error &&
     cp package-lock.json node_modules/.installed-lock)
fi
