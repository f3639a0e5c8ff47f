"""Builds gamesearch's C extension: the library's own sources (src/,
games/ and tools/) and python/ext/ compiled into one module,
gamesearch._gamesearch, linked with nettle (SHA-512 for Python's random.seed of a string).

Nothing is downloaded: `pip install --no-build-isolation --no-index .`
needs only a C compiler, Python's headers, setuptools and nettle's.

Environment (for the test suite, which builds the library once already):
  GAMESEARCH_LIBRARY=FILE   link this libgamesearch.a (built with
                            position-independent code) instead of
                            compiling the library's sources again
  GAMESEARCH_CFLAGS=FLAGS   extra compiler and linker flags (sanitizers)
  GAMESEARCH_THREADS=OFF    the library without threads, as cmake
                            -DGS_THREADS=OFF builds it (no -pthread)
"""
import glob
import os
import shlex
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def rel(pattern):
    return sorted(os.path.relpath(p, HERE)
                  for p in glob.glob(os.path.join(HERE, pattern)))


def nettle_flags():
    try:
        out = subprocess.run(["pkg-config", "--cflags", "--libs", "nettle"],
                             check=True, capture_output=True, text=True).stdout
        return shlex.split(out)
    except (OSError, subprocess.CalledProcessError):
        return ["-lnettle"]


def book_source():
    """The Connect Four books shipped in the library, as the C arrays that
    CMakeLists.txt also makes of games/connect4/default.book and
    analysis.book."""
    with open(os.path.join(HERE, "games", "connect4", "default.book"), "rb") as f:
        data = f.read()
    out = os.path.join("build", "python-generated", "c4_book_data.c")
    os.makedirs(os.path.join(HERE, os.path.dirname(out)), exist_ok=True)
    with open(os.path.join(HERE, "games", "connect4", "analysis.book"),
              "rb") as f:
        every = f.read()
    text = ("/* Generated from games/connect4/default.book by setup.py. */\n"
            "#include <stddef.h>\n"
            "const unsigned char c4_default_book[] = {%s};\n"
            "const size_t c4_default_book_len = %d;\n"
            % ("".join("0x%02x," % b for b in data) or "0", len(data)) +
            "/* Generated from games/connect4/analysis.book. */\n"
            "const unsigned char c4_analysis_book[] = {%s};\n"
            "const size_t c4_analysis_book_len = %d;\n"
            % ("".join("0x%02x," % b for b in every) or "0", len(every)))
    path = os.path.join(HERE, out)
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)
    return out


library = os.environ.get("GAMESEARCH_LIBRARY", "")
extra = shlex.split(os.environ.get("GAMESEARCH_CFLAGS", ""))
sources = rel("python/ext/*.c")
objects = []
if library:
    objects = [library]
else:
    sources += (rel("src/*.c") + rel("games/*.c") + rel("games/*/*.c") +
                rel("tools/*/*.c") + [book_source()])

threads = os.environ.get("GAMESEARCH_THREADS", "ON").upper() not in ("OFF", "0", "NO", "FALSE")
macros = [("_POSIX_C_SOURCE", "200809L")]
if not threads:
    macros.append(("GS_NO_THREADS", "1"))

nettle = nettle_flags()
extension = Extension(
    "gamesearch._gamesearch",
    sources=sources,
    include_dirs=["include", "src"],
    define_macros=macros,
    # asserts stay on, as in every build of the library
    extra_compile_args=["-std=c11", "-UNDEBUG"] + [f for f in nettle if f.startswith("-I")] + extra,
    extra_link_args=[f for f in nettle if not f.startswith("-I")] + ["-lm"] + (["-pthread"] if threads else []) + extra,
    extra_objects=objects,
)


class build_py_with_layouts(build_py):
    """Ships the mazes of layouts/ inside the package, and the files of
    web/ that the pages (tree.html, pacman.html) are made of."""

    def run(self):
        super().run()
        for src, pattern in (("layouts", "*.lay"), ("web", "*")):
            dest = os.path.join(self.build_lib, "gamesearch", src)
            os.makedirs(dest, exist_ok=True)
            for path in glob.glob(os.path.join(HERE, src, pattern)):
                shutil.copy(path, dest)


# docs/python.md, installed where CMake's install puts it, under the
# prefix: share/doc/gamesearch/docs/python.md (help(gamesearch) names it)
DOCS = [("share/doc/gamesearch/docs", ["docs/python.md"])]


setup(
    ext_modules=[extension],
    cmdclass={"build_py": build_py_with_layouts},
    data_files=DOCS,
    options={
        "build": {"build_base": os.environ.get("GAMESEARCH_BUILD_BASE", "build-python")},
        # the library's sources compile side by side, one a core
        "build_ext": {"parallel": os.cpu_count() or 1},
    },
)
