#!/bin/sh
# Installs what gamesearch needs to build and test on Debian 12 (as root, or
# through sudo when it is there). Safe to run again.
set -eu
pkgs="build-essential cmake pkg-config libcmocka-dev graphviz nettle-dev libncurses-dev valgrind
python3-dev python3-venv python3-setuptools python3-pytest"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing:$missing"
$SUDO apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
