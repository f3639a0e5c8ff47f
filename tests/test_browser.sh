#!/bin/sh
# The HTML pages in a real browser (tests/browser/*.js): Debian's chromium
# driven by playwright-core from tests/browser/node_modules (`npm ci` there,
# as scripts/install-deps.sh does). Skipped (77), saying why, when node,
# chromium or node_modules is missing.
# lab_page, c4_page and pacman_play pass, saying so, when GAMESEARCH has no
# WebAssembly engine.
# Usage: test_browser.sh GAMESEARCH SOURCE_DIR [GS_JS]
# With GS_JS (the wasm build's gs.js: wasm/CMakeLists.txt), the gs.* API
# too, against GAMESEARCH.
set -u
if ! command -v node >/dev/null 2>&1; then
    echo "skipped: node not found (apt-get install nodejs)"
    exit 77
fi
status=0
for page in tree_page tree_friction tree_practice pacman_page lab_page c4_page pacman_play; do
    echo "$page:"
    node "$2/tests/browser/$page.js" "$1" "$2"
    rc=$?
    # 77 (skipped) passes on; any failure wins.
    if [ "$rc" -ne 0 ] && [ "$status" -ne 1 ]; then status=$rc; fi
done
if [ -n "${3:-}" ]; then
    echo "wasm_api:"
    node "$2/tests/browser/wasm_api.js" "$1" "$2" "$3"
    rc=$?
    if [ "$rc" -ne 0 ] && [ "$status" -ne 1 ]; then status=$rc; fi
fi
exit $status
