#!/bin/sh
# Every command the documentation shows (README.md, docs/*.md,
# docs/ref/*.md), run against gamesearch installed into a temporary
# prefix, as a reader who ran the quick start has it: the rules are in
# tests/test_docs.py and docs/testing.md.
#
# usage: test_docs.sh BUILD_DIR SOURCE_DIR CMAKE SHARED_DIR [EXTRA_CFLAGS [PAGE...]]
# EXTRA_CFLAGS go to every `cc` the pages run (the sanitizers, in a
# sanitized build). Exits 77 (skipped), saying why, without python3 or
# pkg-config.
set -u
BUILD=$(cd "$1" && pwd)
SRC=$2
CMAKE=$3
SHARED=$4
EXTRA=${5:-}
[ $# -ge 5 ] && shift 5 || shift $#
command -v python3 >/dev/null 2>&1 || { echo "python3 is not installed: skipped"; exit 77; }
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config is not installed: skipped"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
P=$TMP/prefix
if ! "$CMAKE" --install "$BUILD" --prefix "$P" >"$TMP/install.log" 2>&1; then
    cat "$TMP/install.log"
    echo "FAIL: cmake --install $BUILD --prefix $P"
    exit 1
fi
LIBDIR=$(dirname "$(find "$P" -name 'libgamesearch.so' | head -n 1)")
mkdir "$TMP/bin"
CC=$(command -v cc)
# A fully static program cannot carry the sanitizers' runtime: in a
# sanitized build `cc -static` is left to the plain build's run, which
# links it for real, and says so.
{
    echo '#!/bin/sh'
    if [ -n "$EXTRA" ]; then
        echo 'case " $* " in *" -static "*)'
        echo '    echo "cc -static: not in a sanitized build (the plain build links it)" >&2; exit 0 ;;'
        echo 'esac'
    fi
    echo "exec $CC $EXTRA \"\$@\""
} >"$TMP/bin/cc"
chmod +x "$TMP/bin/cc"
PATH=$TMP/bin:$P/bin:$PATH
PKG_CONFIG_PATH=$LIBDIR/pkgconfig
LD_LIBRARY_PATH=$LIBDIR
CMAKE_PREFIX_PATH=$P
GAMESEARCH_LAYOUTS=$P/share/gamesearch/layouts
# CS188's layouts (smallClassic...), for the blocks run only with them.
[ -d "$SHARED/cs188/layouts" ] && GAMESEARCH_LAYOUTS=$GAMESEARCH_LAYOUTS:$SHARED/cs188/layouts
# The Python blocks run with the venv test_python makes (not in a
# sanitized build, whose package needs the sanitizers preloaded).
GS_DOCS_PYTHON=
[ -z "$EXTRA" ] && [ -x "$BUILD/python-test/venv/bin/python" ] &&
    GS_DOCS_PYTHON=$BUILD/python-test/venv/bin/python
export GS_DOCS_PYTHON
export PATH PKG_CONFIG_PATH LD_LIBRARY_PATH CMAKE_PREFIX_PATH GAMESEARCH_LAYOUTS
exec python3 "$SRC/tests/test_docs.py" "$P" "$SRC" "$SHARED" "$@"
