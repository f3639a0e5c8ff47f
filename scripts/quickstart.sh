#!/bin/sh
# The main job for a newcomer: install what is missing, build gamesearch,
# solve the alpha-beta lab tree and draw its picture (seed-tree.svg).
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
echo "\$ build/gamesearch tree examples/seed.tree --dot seed-tree.dot"
build/gamesearch tree examples/seed.tree --dot seed-tree.dot
dot -Tsvg seed-tree.dot -o seed-tree.svg
echo "picture: seed-tree.svg (Graphviz source: seed-tree.dot)"
