#!/bin/sh
# The main job for a newcomer: install what is missing, build gamesearch, and
# watch the champion Pacman play in the terminal on one of our mazes (a
# summary line when standard output is not a terminal); then solve the
# alpha-beta lab tree and draw its picture (seed-tree.svg).
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
pacman="build/gamesearch pacman -p ChampionAgent -g DirectionalGhost -l crossroads --seeds 2"
if [ -t 1 ]; then
    echo "\$ $pacman --frameTime 0.05"
    # shellcheck disable=SC2086
    $pacman --frameTime 0.05
else
    echo "\$ $pacman -q"
    # shellcheck disable=SC2086
    $pacman -q
fi
echo
echo "\$ build/gamesearch tree examples/seed.tree --dot seed-tree.dot"
build/gamesearch tree examples/seed.tree --dot seed-tree.dot
dot -Tsvg seed-tree.dot -o seed-tree.svg
echo "picture: seed-tree.svg (Graphviz source: seed-tree.dot)"
