#!/bin/sh
# The HTML pages in a real browser (tests/browser/*.js): Debian's chromium
# driven by playwright-core from tests/browser/node_modules (`npm ci` there,
# as scripts/install-deps.sh does). Skipped (77), saying why, when node,
# chromium or node_modules is missing.
# Usage: test_browser.sh GAMESEARCH SOURCE_DIR
set -u
if ! command -v node >/dev/null 2>&1; then
    echo "skipped: node not found (apt-get install nodejs)"
    exit 77
fi
exec node "$2/tests/browser/tree_page.js" "$1" "$2"
