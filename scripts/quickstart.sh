#!/bin/sh
# The main job for a newcomer: install what is missing, build gamesearch,
# install it (the program, the library, its headers, pkg-config and CMake
# files, the man page, the layouts) under /usr/local, and watch the
# champion Pacman play in the terminal on one of our mazes (a summary line
# when standard output is not a terminal); then solve the alpha-beta lab
# tree and draw its picture (seed-tree.svg). It also installs the Python
# package `gamesearch` into a venv of its own, PREFIX/lib/gamesearch/venv,
# offline (no download). Run as root, or as a user with sudo. Safe and
# quick to run again: only what changed is rebuilt and reinstalled.
#
# GAMESEARCH_PREFIX=DIR installs under DIR instead of /usr/local;
# GAMESEARCH_VENV=DIR puts the Python package's venv at DIR (an existing
# venv, or a new one).
set -eu
cd "$(dirname "$0")/.."
prefix=${GAMESEARCH_PREFIX:-/usr/local}
sh scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$prefix" 2>/dev/null || true
    [ -w "$prefix" ] || SUDO="sudo"
fi
$SUDO cmake --install build >/dev/null
# The dynamic linker finds libgamesearch.so in /usr/local/lib through its
# cache.
case $prefix in
/usr/local|/usr) [ -x /sbin/ldconfig ] && $SUDO /sbin/ldconfig ;;
esac

# The Python package, linked with the library just built.
venv=${GAMESEARCH_VENV:-$prefix/lib/gamesearch/venv}
[ -x "$venv/bin/python" ] || $SUDO python3 -m venv "$venv"
PIP_ROOT_USER_ACTION=ignore GAMESEARCH_LIBRARY="$PWD/build/libgamesearch.a" \
GAMESEARCH_BUILD_BASE="$PWD/build/python" \
    $SUDO "$venv/bin/pip" install -q --no-build-isolation --no-index . >/dev/null

gs=$prefix/bin/gamesearch
pacman="pacman -p ChampionAgent -g DirectionalGhost -l crossroads --seeds 2"
if [ -t 1 ]; then
    echo "\$ gamesearch $pacman --frameTime 0.05"
    # shellcheck disable=SC2086
    "$gs" $pacman --frameTime 0.05
else
    echo "\$ gamesearch $pacman -q"
    # shellcheck disable=SC2086
    "$gs" $pacman -q
fi
echo
echo "\$ gamesearch tree examples/seed.tree --dot seed-tree.dot"
"$gs" tree examples/seed.tree --dot seed-tree.dot
echo "\$ dot -Tsvg seed-tree.dot -o seed-tree.svg"
dot -Tsvg seed-tree.dot -o seed-tree.svg
echo
py="import gamesearch; print(gamesearch.connect4.analyze('52753311433677442422121'))"
echo "\$ $venv/bin/python -c \"$py\""
"$venv/bin/python" -c "$py"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "note: $prefix/bin is not in your PATH; add it to run gamesearch by name" ;;
esac
