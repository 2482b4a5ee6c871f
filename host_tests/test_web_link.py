# The web page's link between two tabs (issue 26), without a browser: two worker
# threads in Node, each with the MicroPython WebAssembly port and a board's link
# port (tools/host/devices.BytePort), joined by tools/page/link.mjs over a
# BroadcastChannel as two tabs of one browser are (host_tests/link_tabs.mjs);
# then two tabs of the page in Chromium play a linked match (link_browser.mjs).
import json
import os
import shutil
import subprocess

import pytest

from firmware import saves_reading
from host_tests.test_web import site  # noqa: F401  (the page served, a fixture)
from tools import web

SCRIPT = os.path.join(web.ROOT, "host_tests", "link_tabs.mjs")


def test_two_tabs_carry_link_bytes_in_order_both_ways():
    if shutil.which("node") is None or not os.path.isdir(web.PORT_PACKAGE):
        if os.environ.get("CI"):
            pytest.fail("node or the MicroPython WebAssembly port is missing on CI")
        pytest.skip("node or the MicroPython WebAssembly port is missing (make deps)")
    proc = subprocess.run(["node", SCRIPT], capture_output=True, text=True, timeout=120, cwd=web.ROOT)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    # 600 bytes written in four frames of 150, each frame's sent after it
    assert got["flushed"] == [150, 150, 150, 150]
    assert got["bGot"] == got["pattern"] and len(set(got["pattern"])) == 256
    assert got["aGot"] == [1, 2, 3]
    assert got["otherGot"] == [], "a tab on another link name hears nothing"


# Board 2 joins (Link play is three up from the title's first line); board 1
# hosts Double Joker, best of 1, a person on each board, and starts; then A on
# each board: the one whose person leads plays (and if it is board 1, board 2
# follows).
JOIN = ("ArrowUp", "ArrowUp", "ArrowUp", "z", "z")
HOST = ("ArrowUp", "ArrowUp", "ArrowUp", "z", "ArrowDown", "z", "ArrowUp", "ArrowLeft", "z", "z")


def test_two_browser_tabs_play_one_linked_match(site):
    # Issue 26 in the page: "Link a second tab" makes this tab and a new one two
    # boards (?link=NAME&board=1, 2); after the first moves both tabs have saved the same match, each as
    # its own board, in its own part of the browser's storage (?board=N).
    out, url = site
    plan = {"url": url, "chromium": web.chromium(),
            "steps": [[1, k] for k in JOIN] + [[0, k] for k in HOST] + [[0, "z"], [1, "z"]],
            "saves": ["jokerpocket/save.jp", "jokerpocket/board2/save.jp"]}
    proc = subprocess.run(["node", os.path.join(web.ROOT, "host_tests", "link_browser.mjs")], input=json.dumps(plan),
                          capture_output=True, text=True, cwd=web.ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["errors"] == [], got["errors"]
    name = got["urls"][0].split("link=")[1].split("&")[0]
    assert [u.split("?")[1] for u in got["urls"]] == ["link=%s&board=%d" % (name, k) for k in (1, 2)], got["urls"]
    # board 1 keeps the unlinked page's storage, board 2 its own
    recs = [saves_reading.decode(got["stores"][key].encode("latin-1")) for key in plan["saves"]]
    assert recs[0]["game"] == "doublejoker" and 1 <= len(recs[0]["moves"]) <= 2
    for k, rec in enumerate(recs):
        assert (rec["seed"], rec["moves"], rec["link"]) == (recs[0]["seed"], recs[0]["moves"], {"board": k, "owners": [0, 1]})
    assert all([sent > 0 and came > 0 for sent, came in got["links"]]), got["links"]
