#!/bin/sh
# `cmake --install` into a temporary prefix, and what a user of the
# installed gamesearch does with it: programs built with pkg-config (shared
# and static) and with find_package(gamesearch) (a CMake project of its
# own, examples/consumer), each solving examples/seed.tree; the shared
# library exporting only the gs_ API; the headers, the man page and the
# Pacman layouts installed, and the installed program finding the layouts
# (by itself, naming no directory of the build in its --help).
#
# usage: test_install.sh BUILD_DIR SOURCE_DIR CMAKE CC [EXTRA_CFLAGS [THREADS]]
# EXTRA_CFLAGS go to every program built here (the sanitizers, in a
# sanitized build: its library needs their runtime in the program).
# THREADS is the build's GS_THREADS (ON by default): OFF, and the
# pkg-config files must name no -pthread.
# Exits 77 (skipped), saying why, without pkg-config.
set -u
BUILD=$1
SRC=$2
CMAKE=$3
CC=$4
EXTRA=${5:-}
THREADS=${6:-ON}
if ! command -v pkg-config >/dev/null 2>&1; then
    echo "pkg-config is not installed: skipped (scripts/install-deps.sh installs it)"
    exit 77
fi
if ! command -v nm >/dev/null 2>&1 || ! command -v readelf >/dev/null 2>&1; then
    echo "nm or readelf (binutils) is not installed: skipped"
    exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
P=$TMP/prefix
failed=0
fail() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}
ok() { echo "ok: $*"; }

version=$(sed -n 's/^#define GS_VERSION_STRING "\(.*\)"$/\1/p' "$SRC/include/gamesearch/core.h")
major=${version%%.*}
# The soname's version: MAJOR.MINOR before 1.0 (each 0.x minor may break
# the ABI), MAJOR from 1.0 on.
if [ "$major" = 0 ]; then
    soversion=${version%.*}
else
    soversion=$major
fi

# 1. The install itself.
if ! "$CMAKE" --install "$BUILD" --prefix "$P" >"$TMP/install.log" 2>&1; then
    cat "$TMP/install.log"
    fail "cmake --install $BUILD --prefix $P"
    exit 1
fi
ok "cmake --install --prefix (version $version)"
echo "installed:"
(cd "$P" && find . -type f -o -type l | sort | sed 's|^\./|  |')

so=$(find "$P" -name "libgamesearch.so.$version" | head -n 1)
if [ -z "$so" ]; then
    fail "no libgamesearch.so.$version installed"
    exit 1
fi
LIBDIR=$(dirname "$so")
for f in "$P/bin/gamesearch" "$LIBDIR/libgamesearch.so.$soversion" \
         "$LIBDIR/libgamesearch.so" "$LIBDIR/libgamesearch.a" \
         "$LIBDIR/pkgconfig/gamesearch.pc" "$LIBDIR/pkgconfig/gamesearch-static.pc" \
         "$LIBDIR/cmake/gamesearch/gamesearchConfig.cmake" \
         "$LIBDIR/cmake/gamesearch/gamesearchConfigVersion.cmake" \
         "$LIBDIR/cmake/gamesearch/gamesearchTargets.cmake" \
         "$LIBDIR/cmake/gamesearch/gamesearchStaticTargets.cmake" \
         "$P/share/man/man1/gamesearch.1"; do
    [ -e "$f" ] || fail "not installed: $f"
done
[ "$(readlink "$LIBDIR/libgamesearch.so")" = "libgamesearch.so.$soversion" ] ||
    fail "libgamesearch.so does not point to libgamesearch.so.$soversion"
readelf -d "$so" | grep -q "SONAME.*\[libgamesearch.so.$soversion\]" ||
    fail "the soname of $so is not libgamesearch.so.$soversion"
for h in "$SRC"/include/gamesearch/*.h; do
    cmp -s "$h" "$P/include/gamesearch/$(basename "$h")" ||
        fail "header not installed: include/gamesearch/$(basename "$h")"
done
for l in "$SRC"/layouts/*.lay; do
    cmp -s "$l" "$P/share/gamesearch/layouts/$(basename "$l")" ||
        fail "layout not installed: share/gamesearch/layouts/$(basename "$l")"
done
# The documentation, as in the source tree, with the examples.
DOC=$P/share/doc/gamesearch
for d in "$SRC/README.md" "$SRC"/docs/*.md "$SRC"/docs/ref/*.md "$SRC"/docs/*.svg \
         "$SRC"/docs/*.png "$SRC"/examples/*.c "$SRC"/examples/*.tree; do
    rel=${d#"$SRC"/}
    cmp -s "$d" "$DOC/$rel" || fail "documentation not installed: share/doc/gamesearch/$rel"
done
ok "files in place"

# Every page a pointer leads to is installed: `--help`'s last lines (the
# installed program finds its documentation from its own place, as its
# layouts), the docs/ pages the help texts, the man page and the Python
# docstrings name.
for cmd in "" tree ttt mnk gomoku connect4 pacman compare match games bench; do
    # shellcheck disable=SC2086
    help=$("$P/bin/gamesearch" $cmd --help 2>&1)
    page=$(printf '%s\n' "$help" | sed -n 's/^Documentation: //p')
    case $page in
    "$(cd "$P" && pwd -P)"/share/doc/gamesearch/*)
        [ -f "$page" ] || fail "gamesearch $cmd --help: $page is not installed" ;;
    *) fail "gamesearch $cmd --help names no page of this install: $page" ;;
    esac
    for ref in $(printf '%s\n' "$help" | grep -o 'docs/[a-z0-9/-]*\.md' | sort -u); do
        [ -f "$DOC/$ref" ] || fail "gamesearch $cmd --help: $ref is not installed"
    done
done
for ref in $(cat "$SRC/docs/gamesearch.1" "$SRC"/python/gamesearch/*.py |
             grep -o 'docs/[a-z0-9/-]*\.md' | sort -u); do
    [ -f "$DOC/$ref" ] || fail "the man page or a docstring names $ref, not installed"
done
grep -q "share/doc/gamesearch" "$P/share/man/man1/gamesearch.1" ||
    fail "the man page's SEE ALSO does not name the installed documentation"
ok "every page --help, the man page and the docstrings name is installed"

# 2. The shared library's symbol table is the documented API: gs_ names only.
nm -D --defined-only "$so" | awk '{ print $NF }' >"$TMP/symbols"
grep -v '^gs_' "$TMP/symbols" >"$TMP/others"
if [ -s "$TMP/others" ]; then
    fail "libgamesearch.so exports more than the gs_ API: $(tr '\n' ' ' <"$TMP/others")"
else
    ok "nm -D: $(wc -l <"$TMP/symbols") symbols, every one gs_"
fi
# ...and each of them is declared GS_API in a public header.
for s in $(cat "$TMP/symbols"); do
    grep -q "GS_API.*[ *]$s(" "$SRC"/include/gamesearch/*.h ||
        fail "exported but not declared GS_API in include/gamesearch: $s"
done

LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
seed_expected="value: 5
best: D
nodes visited: 12"
nim_expected="piles: 3 4 5
value: 1 (the player to move wins)
best move: take 2 from pile 1"

# check NAME EXPECTED COMMAND...: the command prints EXPECTED and exits 0.
check() {
    name=$1
    expected=$2
    shift 2
    out=$("$@" 2>&1)
    status=$?
    if [ "$status" -ne 0 ] || [ "$out" != "$expected" ]; then
        fail "$name (exit status $status): $out"
    else
        ok "$name"
    fi
}

# needs_shared NAME PROGRAM: the program loads libgamesearch.so.SOVERSION.
needs_shared() {
    if readelf -d "$2" | grep -q "NEEDED.*\[libgamesearch.so.$soversion\]"; then
        ok "$1 is linked with libgamesearch.so.$soversion"
    else
        fail "$1 is not linked with libgamesearch.so.$soversion"
    fi
}

# 3. pkg-config.
PKG_CONFIG_PATH=$LIBDIR/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export PKG_CONFIG_PATH
pcv=$(pkg-config --modversion gamesearch 2>&1)
[ "$pcv" = "$version" ] || fail "pkg-config --modversion gamesearch: $pcv"
cflags="-std=c11 -Wall -Wextra -Werror -pedantic $EXTRA"
# shellcheck disable=SC2046,SC2086
if $CC $cflags "$SRC/examples/solve_tree.c" -o "$TMP/solve_tree_pc" \
        $(pkg-config --cflags --libs gamesearch); then
    needs_shared "pkg-config solve_tree" "$TMP/solve_tree_pc"
    check "pkg-config solve_tree seed.tree" "$seed_expected" \
        "$TMP/solve_tree_pc" "$SRC/examples/seed.tree"
else
    fail "cc solve_tree.c \$(pkg-config --cflags --libs gamesearch)"
fi
# shellcheck disable=SC2046,SC2086
if $CC $cflags "$SRC/examples/nim.c" -o "$TMP/nim_pc" \
        $(pkg-config --cflags --libs gamesearch); then
    check "pkg-config nim" "$nim_expected" "$TMP/nim_pc"
else
    fail "cc nim.c \$(pkg-config --cflags --libs gamesearch)"
fi
static_libs=$(pkg-config --static --libs gamesearch)
want_libs="-lgamesearch -lnettle -lm"
[ "$THREADS" = OFF ] || want_libs="$want_libs -pthread"
for l in $want_libs; do
    case " $static_libs " in
    *" $l "*) ;;
    *) fail "pkg-config --static --libs gamesearch lacks $l: $static_libs" ;;
    esac
done
if [ "$THREADS" = OFF ]; then
    for pc in gamesearch gamesearch-static; do
        case " $(pkg-config --static --libs $pc) " in
        *pthread*) fail "$pc.pc names pthread in a build without threads" ;;
        esac
    done
fi
# shellcheck disable=SC2046,SC2086
if $CC $cflags "$SRC/examples/solve_tree.c" -o "$TMP/solve_tree_static" \
        $(pkg-config --cflags --libs gamesearch-static); then
    if readelf -d "$TMP/solve_tree_static" | grep -q "NEEDED.*libgamesearch"; then
        fail "gamesearch-static.pc links the shared library"
    fi
    check "pkg-config gamesearch-static solve_tree seed.tree" "$seed_expected" \
        env LD_LIBRARY_PATH= "$TMP/solve_tree_static" "$SRC/examples/seed.tree"
else
    fail "cc solve_tree.c \$(pkg-config --cflags --libs gamesearch-static)"
fi

# 4. find_package(gamesearch): the consumer project, shared then static.
for kind in shared static; do
    b=$TMP/consumer-$kind
    link_static=OFF
    [ "$kind" = static ] && link_static=ON
    if "$CMAKE" -S "$SRC/examples/consumer" -B "$b" -DCMAKE_PREFIX_PATH="$P" \
            -DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror $EXTRA" \
            -DGS_LINK_STATIC=$link_static >"$TMP/consumer-$kind.log" 2>&1 &&
        "$CMAKE" --build "$b" >>"$TMP/consumer-$kind.log" 2>&1; then
        grep -q "^gamesearch_DIR:PATH=$P/" "$b/CMakeCache.txt" ||
            fail "find_package(gamesearch) found another gamesearch: $(grep gamesearch_DIR "$b/CMakeCache.txt")"
        if [ "$kind" = shared ]; then
            needs_shared "find_package solve_tree" "$b/solve_tree"
        elif readelf -d "$b/solve_tree" | grep -q "NEEDED.*libgamesearch"; then
            fail "gamesearch::gamesearch_static links the shared library"
        fi
        check "find_package ($kind) solve_tree seed.tree" "$seed_expected" \
            "$b/solve_tree" "$SRC/examples/seed.tree"
        check "find_package ($kind) nim" "$nim_expected" "$b/nim"
    else
        cat "$TMP/consumer-$kind.log"
        fail "examples/consumer with find_package(gamesearch) ($kind)"
    fi
done

# 5. The installed program, the layouts it finds there, the man page.
out=$("$P/bin/gamesearch" tree "$SRC/examples/seed.tree" --json 2>&1)
case $out in
'{"value":5,"best":"D",'*) ok "installed gamesearch tree" ;;
*) fail "installed gamesearch tree: $out" ;;
esac
for l in "$P"/share/gamesearch/layouts/*.lay; do
    name=$(basename "$l" .lay)
    out=$(GAMESEARCH_LAYOUTS=$P/share/gamesearch/layouts "$P/bin/gamesearch" \
          pacman -l "$name" -p GreedyAgent -q -f --max-moves 40 2>&1)
    case $out in
    *"Average Score:"*) ok "installed layout $name" ;;
    *) fail "installed layout $name: $out" ;;
    esac
done
# Without $GAMESEARCH_LAYOUTS the installed program looks where it was
# installed (the prefix of this install, not the configured one) and
# never in the tree it was built in.
out=$(cd "$TMP" && env -u GAMESEARCH_LAYOUTS "$P/bin/gamesearch" pacman -l spiral \
      -p GreedyAgent -q -f --max-moves 40 2>&1)
case $out in
*"Average Score:"*) ok "installed program finds its layouts without GAMESEARCH_LAYOUTS" ;;
*) fail "installed program without GAMESEARCH_LAYOUTS: $out" ;;
esac
help=$(env -u GAMESEARCH_LAYOUTS "$P/bin/gamesearch" pacman --help 2>&1 | tr -d '\n')
case $help in
*"$(cd "$BUILD" && pwd -P)"* | *"$(cd "$SRC" && pwd -P)"* | *"$BUILD"* | *"$SRC"*)
    fail "installed gamesearch pacman --help names the build or source tree: $(echo "$help" | grep -o 'by default[^)]*')" ;;
*"by default $P/share/gamesearch/layouts"*) ok "installed pacman --help lists only installed layout directories" ;;
*) fail "installed gamesearch pacman --help does not list $P/share/gamesearch/layouts first" ;;
esac
grep -q "^\.TH GAMESEARCH 1 .*\"gamesearch $version\"" "$P/share/man/man1/gamesearch.1" ||
    fail "the man page does not say gamesearch $version on its .TH line"
if command -v man >/dev/null 2>&1; then
    man_err=$(MANWIDTH=80 man --warnings -l "$P/share/man/man1/gamesearch.1" 2>&1 >"$TMP/man.txt")
    if [ -n "$man_err" ]; then
        fail "man -l gamesearch.1 warns: $man_err"
    elif ! grep -q "gamesearch connect4" "$TMP/man.txt"; then
        fail "man -l gamesearch.1 renders no command"
    else
        ok "man -l gamesearch.1 renders without warnings"
    fi
else
    echo "man is not installed: the man page is not rendered"
fi

[ "$failed" -eq 0 ]
