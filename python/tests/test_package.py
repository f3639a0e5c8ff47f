"""The package as installed: its version, its stubs and py.typed, and every
public name in the stubs."""
import ast
import os

import gamesearch


def test_version():
    assert gamesearch.__version__ == "0.4.0"


def test_stubs_ship_and_name_everything():
    here = os.path.dirname(gamesearch.__file__)
    assert os.path.isfile(os.path.join(here, "py.typed"))
    for module in (gamesearch, gamesearch.connect4, gamesearch.mnk,
                   gamesearch.pacman):
        stub = os.path.splitext(module.__file__)[0] + ".pyi"
        tree = ast.parse(open(stub).read())
        named = {n.name for n in tree.body
                 if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        named |= {t.id for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                  for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                  if isinstance(t, ast.Name)}
        named |= {a.asname or a.name for n in tree.body
                  if isinstance(n, ast.ImportFrom) for a in n.names}
        public = set(getattr(module, "__all__", ()))
        assert public - named == set(), module.__name__
