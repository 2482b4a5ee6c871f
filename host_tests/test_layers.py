# Imports point down only (DESIGN.md, Layers): tools over firmware over the
# engine's bots over its rules over its core; in the firmware, the device
# layer (board, driver, buttons, text) under the screens.
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE = ("firmware/board.py", "firmware/ssd1306.py", "firmware/buttons.py", "firmware/text.py",
          "firmware/main.py")
SCREENS = ("firmware.ui", "firmware.font", "firmware.menus", "firmware.play", "firmware.scores",
           "firmware.tables", "firmware.rules", "firmware.app", "firmware.match", "firmware.saves")


def modules(folder):
    for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(base, name)
                yield os.path.relpath(path, ROOT).replace(os.sep, "/"), path


def imports(path):
    # Every module a file imports, at any depth (imports inside functions count).
    with open(path) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update([a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update([node.module + "." + a.name for a in node.names])
    return out


def under(name, prefixes):
    return any([name == p or name.startswith(p + ".") for p in prefixes])


def test_engine_needs_nothing_above_it():
    for rel, path in modules("engine"):
        for name in imports(path):
            assert not under(name, ("firmware", "tools", "host_tests")), (rel, name)
            if not rel.startswith("engine/ai/"):
                assert not under(name, ("engine.ai",)) or rel == "engine/registry.py", (rel, name)


def test_firmware_never_reaches_the_host_tools():
    for rel, path in modules("firmware"):
        for name in imports(path):
            assert not under(name, ("tools", "host_tests")), (rel, name)


def test_device_layer_stays_below_the_screens():
    # Issue: board.py printed its boot errors with the screens' font and wrap.
    for rel in DEVICE:
        for name in imports(os.path.join(ROOT, rel)):
            assert not under(name, SCREENS), (rel, name)


def test_the_checks_see_real_imports():
    # The walker finds imports inside functions too, so it can catch a breach.
    found = imports(os.path.join(ROOT, "firmware", "board.py"))
    assert "firmware.ssd1306" in found and "firmware.text" in found
