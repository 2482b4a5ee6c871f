# Imports point down only, and no modules import each other in a circle. From the
# ground up: the engine's rules and core, its bots, then the firmware's three
# floors (the drawing kit; the devices; the screens and tables) with the start-up
# scripts over them, then tools/, and the tests on top. An import inside a
# function is an arrow like any other; a module loaded by name
# (engine.registry, firmware.tables.load, board.start's app) is not one.
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
READ = ("engine", "firmware", "tools")  # the folders whose imports are read
FLOORS = (  # bottom first; a file is on the floor of the longest prefix that names it
    ("the engine's rules and core", ("engine/",)),
    ("the engine's bots", ("engine/ai/",)),
    ("the drawing kit", ("firmware/font.py", "firmware/text.py", "firmware/canvas.py", "firmware/ssd1306.py")),
    ("the devices", ("firmware/board.py", "firmware/buttons.py", "firmware/circuitpy.py")),
    ("the screens and tables", ("firmware/",)),
    ("the start-up scripts", ("firmware/main.py", "firmware/checkfiles.py", "firmware/code.py", "firmware/boot.py")),
    ("the host tools", ("tools/",)),
    ("the tests", ("host_tests/",)),
)


def files(folder):
    out = []
    for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in names:
            if name.endswith(".py"):
                out.append(os.path.relpath(os.path.join(base, name), ROOT).replace(os.sep, "/"))
    return sorted(out)


def floor(rel):
    best = -1
    length = 0
    for i in range(len(FLOORS)):
        for prefix in FLOORS[i][1]:
            if rel.startswith(prefix) and len(prefix) > length:
                best, length = i, len(prefix)
    return best


def module_file(name):
    # The project file a dotted name is, or None (the standard library, the board's own).
    path = name.replace(".", "/")
    for rel in (path + ".py", path + "/__init__.py"):
        if os.path.isfile(os.path.join(ROOT, rel)):
            return rel
    return None


def imports(rel):
    # The project files one file imports, at any depth: `from a import b` is a.b
    # when that is a module, else a's __init__.py.
    with open(os.path.join(ROOT, rel)) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                names.append(node.module + "." + a.name if module_file(node.module + "." + a.name) else node.module)
        for name in names:
            target = module_file(name)
            if target is not None and target != rel:
                out.add(target)
    return out


def graph():
    return {rel: imports(rel) for folder in READ for rel in files(folder)}


def arrows_up(arrows):
    out = []
    for rel in sorted(arrows):
        for target in sorted(arrows[rel]):
            if floor(target) > floor(rel):
                out.append("%s (%s) -> %s (%s)" % (rel, FLOORS[floor(rel)][0], target, FLOORS[floor(target)][0]))
    return out


def circles(arrows):
    # The strongly connected groups of two or more files (Tarjan's algorithm),
    # each sorted, in file order.
    index = {}
    low = {}
    stack = []
    on = set()
    out = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(arrows.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(arrows):
        if v not in index:
            visit(v)
    return sorted(out)


def test_every_arrow_points_down():
    up = arrows_up(graph())
    assert up == [], "imports that run back up a floor:\n  " + "\n  ".join(up)


def test_no_circles():
    found = circles(graph())
    assert found == [], "modules that import each other in a circle:\n  " + "\n  ".join(
        [" <-> ".join(group) for group in found])


def test_every_file_has_a_floor():
    for rel in graph():
        assert floor(rel) >= 0, rel
    assert FLOORS[floor("firmware/tables/georgian.py")][0] == "the screens and tables"
    assert FLOORS[floor("firmware/canvas.py")][0] == "the drawing kit"
    assert FLOORS[floor("engine/ai/sampling.py")][0] == "the engine's bots"


def test_the_checks_see_what_they_must():
    # Imports inside functions and `from package import module` are seen...
    found = imports("firmware/board.py")
    assert "firmware/ssd1306.py" in found and "firmware/buttons.py" in found
    assert "engine/__init__.py" in imports("firmware/play.py")  # from engine import const
    # ...an upward arrow and a circle of any length are caught, and only they.
    arrows = {"engine/cards.py": {"firmware/ui.py"}, "firmware/ui.py": {"engine/cards.py"},
              "tools/a.py": {"tools/b.py"}, "tools/b.py": {"tools/c.py"}, "tools/c.py": {"tools/a.py"},
              "tools/d.py": {"tools/a.py", "firmware/ui.py"}}
    assert arrows_up(arrows) == ["engine/cards.py (the engine's rules and core) -> firmware/ui.py "
                                 "(the screens and tables)"]
    assert circles(arrows) == [["engine/cards.py", "firmware/ui.py"], ["tools/a.py", "tools/b.py", "tools/c.py"]]
