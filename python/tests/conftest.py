"""What the Python tests share. Environment (set by the ctest test
test_python; each is optional):
  GAMESEARCH_CLI      the `gamesearch` program, to compare answers with
  GAMESEARCH_SHARED   the reference data directory (../shared: CS188's
                      layouts), for the Pacman games of pacman.py
  GAMESEARCH_SOURCE   the source tree (examples/, layouts/)
"""
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture
def source_dir():
    return os.environ.get("GAMESEARCH_SOURCE",
                          os.path.dirname(os.path.dirname(HERE)))


@pytest.fixture
def cli():
    """Runs the program with arguments (and standard input) and returns its
    standard output; skips without GAMESEARCH_CLI."""
    program = os.environ.get("GAMESEARCH_CLI")
    if not program:
        pytest.skip("GAMESEARCH_CLI is not set: no program to compare with")

    def run(*args, stdin=None):
        done = subprocess.run([program, *args], input=stdin, check=True,
                              capture_output=True, text=True)
        return done.stdout
    return run


@pytest.fixture
def cs188_layouts(monkeypatch):
    """CS188's layouts directory, put in GAMESEARCH_LAYOUTS; skips when the
    reference data is absent."""
    shared = os.environ.get("GAMESEARCH_SHARED",
                            os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                         "..", "shared"))
    layouts = os.path.join(shared, "cs188", "layouts")
    if not os.path.isdir(layouts):
        pytest.skip("%s not found: CS188's layouts are not here" % layouts)
    monkeypatch.setenv("GAMESEARCH_LAYOUTS", layouts)
    return layouts
