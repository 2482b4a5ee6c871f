# `make build` (tools/build.py): the board's filesystem holds exactly main.py,
# board.json, every other engine/ and firmware/ module as .mpy, and seeds/*.md;
# the compiled engine runs on MicroPython and plays the same games as the source.
import glob
import hashlib
import json
import os
import subprocess
import sys

from engine import play, registry
from firmware import saves
from tools import build, micropython

ROOT = build.ROOT
BOARD = "pico"


def source(rel):
    with open(os.path.join(ROOT, rel), "rb") as f:
        return f.read()


def built_files(out):
    found = []
    for dirpath, _dirs, files in os.walk(out):
        for name in files:
            found.append(os.path.relpath(os.path.join(dirpath, name), out).replace(os.sep, "/"))
    return sorted(found)


def test_build_holds_exactly_the_board_files(tmp_path):
    out = str(tmp_path / "device")
    build.build(BOARD, out)
    files = built_files(out)
    want = {"main.py", "board.json"}
    for pkg in ("engine", "firmware"):
        for path in glob.glob(os.path.join(ROOT, pkg, "**", "*.py"), recursive=True):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if rel != "firmware/main.py":
                want.add(rel[:-3] + ".mpy")
    for path in glob.glob(os.path.join(ROOT, "seeds", "*.md")):
        want.add("seeds/" + os.path.basename(path))
    assert files == sorted(want)
    assert "engine/__init__.mpy" in files and "engine/games/doublejoker.mpy" in files
    assert not [f for f in files if f.startswith(("tools/", "host_tests/")) or f.endswith(".pyc")]
    with open(os.path.join(out, "main.py"), "rb") as f:
        assert f.read() == source("firmware/main.py")
    with open(os.path.join(out, "board.json"), "rb") as f:
        assert f.read() == source("boards/%s.json" % BOARD)
    for rel in files:
        with open(os.path.join(out, rel), "rb") as f:
            data = f.read()
        if rel.endswith(".mpy"):
            # mpy v6 header; arch 0 in the flags byte: portable bytecode, no native code
            assert data[:2] == b"M\x06" and data[2] >> 2 == 0, rel
        elif rel.startswith("seeds/"):
            assert data == source(rel)


def test_compiled_engine_plays_like_the_source(tmp_path):
    out = str(tmp_path / "device")
    build.build(BOARD, out)
    driver = tmp_path / "driver.py"
    driver.write_text(
        "from engine import play, registry\n"
        "for gid in registry.ids():\n"
        "    mod = registry.load(gid)\n"
        "    assert mod.__file__.endswith('.mpy'), mod.__file__\n"
        "    state, moves = play.play_match(gid, 7, {}, [0] * mod.INFO.seats[1])\n"
        "    print(play.record_line(gid, {}, 7, moves, state))\n"
    )
    rc, got = micropython.run([str(driver)], root=out)
    assert rc == 0
    want = []
    for gid in registry.ids():
        seats = registry.load(gid).INFO.seats[1]
        state, moves = play.play_match(gid, 7, {}, [0] * seats)
        want.append(play.record_line(gid, {}, 7, moves, state))
    assert got.splitlines() == want


def test_missing_board_lists_the_available_ones(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "tools.build", "build", "--board", "no-such-board", "--out", str(tmp_path / "d")],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert proc.returncode == 1
    assert "boards/no-such-board.json" in proc.stderr
    assert BOARD in proc.stderr.split("available boards:")[1]
    assert not os.path.exists(str(tmp_path / "d"))


def test_deploy_to_an_absent_port_says_so(tmp_path):
    port = "/dev/ttyJOKER-none"
    proc = subprocess.run(
        [sys.executable, "-m", "tools.build", "deploy", "--board", BOARD, "--port", port, "--out", str(tmp_path / "d")],
        cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60,
    )
    assert proc.returncode == 1
    assert "cannot open %s" % port in proc.stderr


def write_tree(root, files):
    for rel, text in files.items():
        path = os.path.join(str(root), rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def test_deploy_to_a_fake_board(tmp_path):
    # mpremote against tools/mprun.mjs posing as a board on a local socket: the tree
    # lands byte for byte, stale modules are pruned (a left-over .py would shadow its
    # .mpy), other files such as saves stay, and the board is reset. A small tree
    # keeps it quick; the full one goes the same way, only slower.
    repo = tmp_path / "repo"
    write_tree(repo, {
        "boards/pico.json": '{"display": "ssd1306"}\n',
        "firmware/main.py": "print('joker pocket')\n",
        "firmware/__init__.py": "",
        "engine/__init__.py": "",
        "engine/games/__init__.py": "",
        "engine/games/demo.py": "NAME = 'Demo'\n",
        "seeds/demo.md": "# Demo\n",
    })
    flash = tmp_path / "flash"
    write_tree(flash, {
        "main.py": "print('old firmware')\n",
        "engine/games/demo.py": "NAME = 'stale source'\n",
        "engine/old.mpy": "gone",
        saves.NAME: "keep me",  # the match in progress, where the app keeps it
        saves.ASIDE: "and me",
    })
    board = subprocess.Popen(micropython.command(["--fake-board"], root=str(flash)),
                             stdout=subprocess.PIPE, text=True)
    try:
        port = board.stdout.readline().strip()
        assert port.startswith("socket://127.0.0.1:")
        out = str(tmp_path / "device")
        build.deploy(BOARD, port, out, str(repo))
        after = json.loads(board.communicate(timeout=60)[0])
    finally:
        board.kill()
    want = {saves.NAME: hashlib.sha256(b"keep me").hexdigest(), saves.ASIDE: hashlib.sha256(b"and me").hexdigest()}
    for rel in built_files(out):
        with open(os.path.join(out, rel), "rb") as f:
            want[rel] = hashlib.sha256(f.read()).hexdigest()
    assert "engine/games/demo.mpy" in want and "engine/games/demo.py" not in want
    assert after == {"files": want, "reset": True}
