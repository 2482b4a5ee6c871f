# Every test runs under the layout guard (host_tests/guard.py): each frame a
# simulated device draws is checked for text that overlaps, leaves the panel
# or is not drawn as itself.
import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
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
    return g
