# The heap returns (the short form of `make bench`'s soak, tools/platformbench.py):
# under MicroPython, the firmware compiled as the board has it and booted as
# main.py boots it, a match of every registered game (its strongest bot against
# Easy) peaks under 80 KB of the app's heap, and two more matches of each leave
# the title within 2 KB of where the first round left it; no game stays loaded.
import re

from firmware.menus import playable
from tools import micropython, platformbench


def test_heap_returns_after_every_game():
    with open(platformbench.__file__.replace("tools/platformbench.py", "boards/pico.json")) as f:
        profile = f.read()
    rc, out = micropython.run_compiled("tools.platformbench", platformbench.SOURCES,
                                       [profile, "--soak", "2", "--heap-only"], capture=True)
    assert rc == 0, out
    peaks = dict([(m[0], int(m[1])) for m in re.findall(r"platform: peak (\w+) (\d+)", out)])
    assert sorted(peaks) == sorted(playable()), out
    for gid, peak in peaks.items():
        assert 0 < peak <= platformbench.PEAK, (gid, peak)
    growth = int(re.search(r"platform: soak growth (-?\d+)", out).group(1))
    assert growth <= platformbench.GROWTH, out
    assert out.count("platform: soak ") == len(peaks) + 1
