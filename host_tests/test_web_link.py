# The web page's link between two tabs (issue 26), without a browser: two worker
# threads in Node, each with the MicroPython WebAssembly port and a board's link
# port (tools/host/devices.BytePort), joined by tools/page/link.mjs over a
# BroadcastChannel as two tabs of one browser are (host_tests/link_tabs.mjs).
import json
import os
import shutil
import subprocess

import pytest

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
