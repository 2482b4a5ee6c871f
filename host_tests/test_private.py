# A name that starts with one underscore is its module's own: no module of
# engine/, firmware/ or tools/ imports another's (`from m import _x`) or reads
# one through a module or an object (`m._x`, `state._x`). Within a module its
# own private names may be read on any object (a method reading another state
# of its class). The public names a game offers its bots and table are the
# accessors of engine/state.py and the game's module.
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ("engine", "firmware", "tools")


def private(name):
    return name.startswith("_") and not name.startswith("__")


def sources():
    for folder in FOLDERS:
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = sorted([d for d in dirs if d not in ("__pycache__", "node_modules")])
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(base, name)
                    yield os.path.relpath(path, ROOT).replace(os.sep, "/"), path


def own_names(tree):
    # The private names a module defines: functions, classes, methods, names
    # it assigns and its objects' attributes (self._x = ...; writing another
    # module's `m._x = ...` makes it no more this module's own).
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name)
              and node.value.id == "self"):
            out.add(node.attr)
    return set([n for n in out if private(n)])


def foreign_reads(tree):
    # (line, what) for every private name this module takes from another.
    own = own_names(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for a in node.names:
                if private(a.name):
                    out.append((node.lineno, "from %s import %s" % (node.module, a.name)))
        elif isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in own:
            out.append((node.lineno, "._" + node.attr[1:]))
    return out


def test_no_module_reads_another_modules_private_names():
    found = []
    for rel, path in sources():
        with open(path) as f:
            tree = ast.parse(f.read())
        for line, what in foreign_reads(tree):
            found.append("%s:%d %s" % (rel, line, what))
    assert found == [], "\n".join(found)


def test_the_check_finds_a_foreign_read():
    # The reads the bots and a table once made, and what stays allowed.
    bad = ast.parse("from engine import poker\nv = poker._values(c, r)\ns._must()\nfrom m import _x\n")
    assert sorted([w for _, w in foreign_reads(bad)]) == ["._must", "._values", "from m import _x"]
    ok = ast.parse("class S:\n    def _must(self):\n        pass\n    def f(self, o):\n        o._must()\n"
                   "        self._n = o._n\n")
    assert foreign_reads(ok) == []
    patched = ast.parse("from firmware import font\nfont._rows = font._rows[:1]\n")
    assert [w for _, w in foreign_reads(patched)] == ["._rows", "._rows"]
