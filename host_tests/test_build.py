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
    want = {"main.py", "checkfiles.py", "board.json", build.MANIFEST}
    for pkg in ("engine", "firmware"):
        for path in glob.glob(os.path.join(ROOT, pkg, "**", "*.py"), recursive=True):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if rel not in ("firmware/main.py", "firmware/checkfiles.py", "firmware/code.py", "firmware/boot.py") + build.CIRCUITPY_ONLY + build.TEMPLATE:
                want.add(rel[:-3] + ".mpy")
    for path in glob.glob(os.path.join(ROOT, "seeds", "*.md")):
        if "seeds/" + os.path.basename(path) not in build.TEMPLATE:
            want.add("seeds/" + os.path.basename(path))
    assert files == sorted(want)
    assert "engine/games/template.mpy" not in files  # the template game stays off the board (README, Adding a game)
    assert "engine/__init__.mpy" in files and "engine/games/doublejoker.mpy" in files
    assert not [f for f in files if f.startswith(("tools/", "host_tests/")) or f.endswith(".pyc")]
    with open(os.path.join(out, "main.py"), "rb") as f:
        assert f.read() == source("firmware/main.py")
    # Every module with its size, for main.py to find one a copy cut short.
    with open(os.path.join(out, build.MANIFEST)) as f:
        lines = f.read().splitlines()
    assert lines[-1] == "end"  # (a manifest cut short is told by its missing end)
    listed = [line.split(" ") for line in lines[:-1]]
    assert sorted(p for n, p in listed) == [f for f in files if f.endswith(".mpy")]
    assert all(int(n) == os.path.getsize(os.path.join(out, p)) for n, p in listed)
    with open(os.path.join(out, "board.json"), "rb") as f:
        assert f.read() == source("boards/%s.json" % BOARD)
    for rel in files:
        with open(os.path.join(out, rel), "rb") as f:
            data = f.read()
        if rel.endswith(".mpy"):
            # mpy v6 header; the arch in the flags byte: 4 (armv6m, the Pico
            # profile's) for a module with native functions, else 0 (bytecode)
            native = build.native_source(rel[:-4] + ".py")[1]
            assert data[:2] == b"M\x06" and data[2] >> 2 == (4 if native else 0), rel
        elif rel.startswith("seeds/"):
            assert data == source(rel)


def test_deploy_copies_the_manifest_first(tmp_path, monkeypatch):
    # A copy cut off after it leaves the board a list to check at power-up.
    got = []
    run = subprocess.run  # (mpy-cross runs as it is)

    def mpremote(cmd, **kw):
        if cmd[0] != "mpremote":
            return run(cmd, **kw)
        got.append(cmd)
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(build, "mpremote", lambda: ["mpremote"])
    monkeypatch.setattr(build.subprocess, "run", mpremote)
    build.deploy(BOARD, "/dev/null", str(tmp_path / "device"))
    cmd = got[0]
    tops = cmd[cmd.index("-r") + 1:cmd.index(":")]
    assert tops[:2] == ["checkfiles.py", build.MANIFEST] and sorted(tops) == sorted(set(f.split("/")[0] for f in build.expected()))


def test_native_functions_are_marked_in_place():
    # The decorator takes the blank line above each marked def: line numbers
    # (tracebacks) stay the source's; the arranger's hot loops and Georgian
    # Joker's play-outs are marked.
    text = "x = 1\n\n\ndef f(a):  # native\n    return a\n\n\ndef g():\n    pass\n"
    got, n = build.with_native(text)
    assert n == 1 and got.split("\n") == ["x = 1", "", "@micropython.native", "def f(a):  # native", "    return a",
                                           "", "", "def g():", "    pass", ""]
    # A method takes the one blank line above it, indented as its def.
    text = "class C:\n    x = 1\n\n    def f(self):  # native\n        return 1\n"
    got, n = build.with_native(text)
    assert n == 1 and got.split("\n")[2:4] == ["    @micropython.native", "    def f(self):  # native"]
    for bad, line in (("x = 1\ndef f():  # native\n    pass\n", 2), ("x = 1\n\ndef f():  # native\n    pass\n", 3),
                      ("class C:\n    x = 1\n    def f(self):  # native\n        pass\n", 3)):
        try:
            build.with_native(bad)
            raise AssertionError("a marked def without its blank lines above was taken: %r" % bad)
        except build.BuildError as e:
            assert "line %d" % line in str(e)
    # "# viper" marks a function the board compiles as viper code.
    got, n = build.with_native("x = 1\n\n\ndef f(a) -> int:  # viper\n    return a\n")
    assert n == 1 and got.split("\n")[2] == "@micropython.viper"
    assert build.native_source("engine/arrange.py")[1] >= 5
    assert build.native_source("engine/games/georgian.py")[1] >= 3  # play_card among them
    assert build.native_source("engine/games/georgian_tricks.py")[1] == 2  # trick() and _wraps(), viper


def test_web_and_test_trees_are_bytecode_only(tmp_path):
    # Without a board's arch (the page, the benches under the WebAssembly port)
    # no module holds machine code: the port could not load it.
    out = str(tmp_path / "app")
    build.compile_modules(out)
    for rel in built_files(out):
        with open(os.path.join(out, rel), "rb") as f:
            assert f.read(3)[2] >> 2 == 0, rel


def test_compiled_engine_plays_like_the_source(tmp_path):
    # The modules as mpy-cross compiles them, bytecode only (the WebAssembly
    # port runs no machine code; the Pico's is checked on the emulated Pico).
    out = str(tmp_path / "device")
    build.compile_modules(out)
    driver = tmp_path / "driver.py"
    driver.write_text(
        "from engine import play, registry\n"
        "for gid in registry.ids():\n"
        "    mod = registry.load(gid)\n"
        "    assert mod.__file__.endswith('.mpy'), mod.__file__\n"
        "    state, moves = play.play_match(gid, 7, {}, [0] * mod.INFO.seats[1])\n"
        "    print(play.record_line(gid, {}, 7, [0] * mod.INFO.seats[1], moves, state))\n"
    )
    rc, got = micropython.run([str(driver)], root=out)
    assert rc == 0
    want = []
    for gid in registry.ids():
        seats = registry.load(gid).INFO.seats[1]
        state, moves = play.play_match(gid, 7, {}, [0] * seats)
        want.append(play.record_line(gid, {}, 7, [0] * seats, moves, state))
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


def test_every_bad_profile_is_refused_in_one_line(tmp_path, capsys):
    # What the board would refuse at start-up `make build` refuses first, in
    # one line naming the file and what is wrong, exit status 2: the same
    # checks (firmware/board.py), never a traceback.
    good = source("boards/pico.json").decode()
    cases = (
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 2000 + b"]" * 2000, "not valid JSON"),
        (b"[" * 100000, "larger than"),
        (b'"pico"', "JSON object"),
        (b"[1, 2]", "JSON object"),
        (good.replace('"width": 128', '"width": 128.0').encode(), "display.width must be 128 (got 128.0)"),
        (good.replace('"height": 64', '"height": 64.0').encode(), "display.height"),
        (good.replace('"id": 0', '"id": 0.0').encode(), "i2c.id must be 0 or 1 (got 0.0)"),
        (good.replace('"sda": 4', '"sda": 4.0').encode(), "i2c.sda"),
        (good.replace('"sda": 4', '"sda": 5').encode(), "i2c.sda must be an SDA pin of I2C0 (GP0, GP4, GP8, ...) (got 5)"),
        # A pin of the other bus: the message says the one number to change.
        (good.replace('"sda": 4', '"sda": 6').encode(),
         'i2c.sda must be an SDA pin of I2C0 (GP0, GP4, GP8, ...) (got 6, I2C1\'s: set i2c "id": 1)'),
        (good.replace('"scl": 5', '"scl": 3').encode(), "i2c.scl must be an SCL pin of I2C0 (GP1, GP5, GP9, ...) (got 3, I2C1"),
        (good.replace('"up": 10', '"up": 40').encode(), "buttons.up must be a GPIO number 0..29 (got 40)"),
        (good.replace('"down": 11', '"down": 10').encode(), "buttons.up and buttons.down both use GP10"),
        (good.replace('"ssd1306"', '"sh1106"').encode(), "display.driver"),
        (good.replace('"0x3C"', '"0x3Z"').encode(), "display.address"),
        (good.replace('"name"', '"runtime": "cpython", "name"').encode(), "runtime"),
        (good.replace('"led": 25', '"led": 25.0').encode(), "led must be"),
        (good.replace('"i2c": {', '"i2c": 5, "x": {').encode(), "unknown key x"),
    )
    os.makedirs(str(tmp_path / "boards"))
    for i in range(len(cases)):
        data, words = cases[i]
        with open(str(tmp_path / "boards" / ("bad%d.json" % i)), "wb") as f:
            f.write(data)
        rc = build.main(["build", "--board", "bad%d" % i, "--out", str(tmp_path / "d")], root=str(tmp_path))
        err = capsys.readouterr().err
        assert rc == 2 and err.count("\n") == 1, (words, rc, err)
        assert err.startswith("build: %s: " % (tmp_path / "boards" / ("bad%d.json" % i))) or \
            err.startswith("build: %s is " % (tmp_path / "boards" / ("bad%d.json" % i))), err
        assert words in err, (words, err)
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
        "boards/pico.json": source("boards/pico.json").decode(),
        "firmware/main.py": "print('joker pocket')\n",
        "firmware/checkfiles.py": "print('checked')\n",
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


def test_circuitpython_build_is_sources_with_code_and_boot(tmp_path):
    out = str(tmp_path / "cpy")
    files = build.build("pico-circuitpython", out)
    assert files == built_files(out)
    assert "code.py" in files and "boot.py" in files and "main.py" not in files
    assert "firmware/circuitpy.py" in files and "firmware/canvas.py" in files
    assert not [f for f in files if f.endswith(".mpy") or f.startswith(("tools/", "host_tests/"))]
    for rel in files:
        if rel.startswith(("engine/", "firmware/", "seeds/")):
            with open(os.path.join(out, rel), "rb") as f:
                assert f.read() == source(rel), rel
    with open(os.path.join(out, "code.py"), "rb") as f:
        assert f.read() == source("firmware/code.py")


RECORDER = "import json, sys; open(sys.argv[1], 'w').write(json.dumps(sys.argv[2:])); sys.exit(int(sys.argv[2] == 'fail'))"


def test_deploy_to_a_circuitpy_drive(tmp_path, monkeypatch):
    # Onto the drive: the tree byte for byte, stale modules removed, saves and
    # lib/ kept, then circup asked for the Adafruit libraries.
    drive = tmp_path / "CIRCUITPY"
    write_tree(drive, {
        "engine/old.py": "stale",
        "firmware/ui.py": "older source",
        saves.NAME: "keep me",
        "lib/adafruit_displayio_ssd1306.mpy": "a library",
        "boot_out.txt": "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040",
    })
    said = str(tmp_path / "circup.json")
    out = str(tmp_path / "device")
    build.deploy_drive("pico-circuitpython", str(drive), out, installer=[sys.executable, "-c", RECORDER, said])
    with open(said) as f:
        assert json.load(f) == ["--path", str(drive), "install"] + list(build.LIBRARIES)
    files = built_files(out)
    on_drive = built_files(str(drive))
    assert sorted(set(on_drive) - set(files)) == sorted([saves.NAME, "lib/adafruit_displayio_ssd1306.mpy", "boot_out.txt"])
    for rel in files:
        with open(os.path.join(out, rel), "rb") as a, open(os.path.join(str(drive), rel), "rb") as b:
            assert a.read() == b.read(), rel
    # circup failing (no network, say): what to copy by hand, and where.
    try:
        build.deploy_drive("pico-circuitpython", str(drive), out, installer=[sys.executable, "-c", RECORDER, said, "fail"])
        raise AssertionError("no error")
    except build.BuildError as e:
        assert "lib/adafruit_displayio_ssd1306.mpy" in str(e) and str(drive) in str(e) and "Bundle" in str(e)


def test_circuitpy_deploy_without_a_drive_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "find_drive", lambda: None)
    for drive, words in ((None, ("no CIRCUITPY drive", ".uf2", "DRIVE=")), (str(tmp_path / "nothing"), ("is not a folder",))):
        try:
            build.deploy_drive("pico-circuitpython", drive, str(tmp_path / "d"))
            raise AssertionError("no error")
        except build.BuildError as e:
            for w in words:
                assert w in str(e), (w, str(e))
    # A drive the board's boot.py keeps for the game's saves.
    def refuse(path, mode="r"):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(build, "open", refuse, raising=False)
    try:
        build.deploy_drive("pico-circuitpython", str(tmp_path), str(tmp_path / "d"))
        raise AssertionError("no error")
    except build.BuildError as e:
        assert "read-only" in str(e) and "hold button B" in str(e)
