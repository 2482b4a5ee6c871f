# Every test runs under the layout guard (host_tests/guard.py): each frame a
# simulated device draws is checked for text that overlaps, leaves the panel
# or is not drawn as itself.
import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from firmware import app as firmware_app
from firmware import font
from host_tests import guard
from tools import sim


@pytest.fixture(autouse=True)
def layout_guard(monkeypatch):
    g = guard.Guard()
    monkeypatch.setattr(font, "record", g.record)
    frame = sim.Device.frame

    def checked(dev):
        changed = frame(dev)
        if changed:
            g.check(dev)
        return changed

    monkeypatch.setattr(sim.Device, "frame", checked)
    render = firmware_app.App.render

    def fresh(app):
        # Each render draws a new frame: one the app shows before a slow step
        # in the same pass (the title's "Resuming...") goes unchecked.
        g.runs.pop(app.fb, None)
        return render(app)

    monkeypatch.setattr(firmware_app.App, "render", fresh)
    return g


# The files that take a minute or more, longest first, run first: make test
# gives each core (pytest-xdist) a file at a time in this order, so no core is
# left with a long file at the end.
FIRST = ("test_pico.py", "test_web.py", "test_ladder.py", "test_pico_link.py", "test_aids_ui.py", "test_heap.py",
         "test_fuzz.py", "test_pico_damaged.py")


def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: FIRST.index(item.path.name) if item.path.name in FIRST else len(FIRST))
