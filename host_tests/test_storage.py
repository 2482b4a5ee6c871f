# runs-on: micropython
# Reading the device's files under MicroPython as under CPython: os.stat's tuple,
# folders, files refused by their size, JSON floats and bools in a save, the
# newest whole copy beside a damaged one, and the last few damaged files kept
# (firmware/saves_reading.py get and set_aside, firmware/settings.py read). The same
# families through the simulator's boot, as a fuzz: test_damaged.py.
import json
import os

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from firmware import saves, saves_reading, settings

REC = {"game": "doublejoker", "options": {"games": 3}, "seats": [-1, 0], "seed": 5, "moves": [1, 68]}
FOLDER = None
SAVED = "Saved match moved to save.bad: "


def scratch():
    try:
        import tempfile

        return tempfile.mkdtemp()
    except ImportError:  # MicroPython: the wasm port has a /tmp
        base = "/tmp/storage%d" % len(os.listdir("/tmp"))
        os.mkdir(base)
        return base


def put(root, files):
    for name, data in files.items():
        p = root + "/" + name
        if data is FOLDER:
            os.mkdir(p)
        else:
            with open(p, "wb") as f:
                f.write(data)


def names(root):
    return sorted(os.listdir(root))


def pack(rec):
    return saves.pack(saves.MAGIC, saves.VERSION, json.dumps(rec).encode())


def changed(**kw):
    rec = dict(REC)
    rec.update(kw)
    return pack(rec)


def test_saves_read_or_set_aside():
    good = saves.encode(REC)
    newer = saves.encode(dict(REC, moves=REC["moves"] + [73]))
    cases = (
        # files, the record read (None: none), the notice, the files after
        ({"save.jp": good}, REC, None, ["save.jp"]),
        ({"save.jp": b"x" * 100000}, None, SAVED + "too large", ["save.bad"]),
        ({"save.jp": FOLDER}, None, SAVED + "a folder", ["save.bad"]),
        ({"save.jp": changed(moves=[1, 68.0])}, None, SAVED + "wrong moves", ["save.bad"]),
        ({"save.jp": changed(moves=[1, True])}, None, SAVED + "wrong moves", ["save.bad"]),
        ({"save.jp": changed(seed=True)}, None, SAVED + "wrong seed", ["save.bad"]),
        ({"save.jp": changed(seats=[-1, 0.0])}, None, SAVED + "wrong seats", ["save.bad"]),
        ({"save.jp": changed(moves=[[[[1]]]] * 30)}, None, SAVED + "unreadable", ["save.bad"]),
        ({"save.jp": good[:-1]}, None, SAVED + "cut short", ["save.bad"]),
        ({"save.jp": good[:-1], "save.tmp": newer}, saves_reading.decode(newer),
         "Your match is safe; a damaged copy moved to save.bad: cut short", ["save.bad", "save.jp"]),
        ({"save.jp": good, "save.tmp": newer[:40]}, REC, None, ["save.jp"]),
        ({"save.tmp": newer}, saves_reading.decode(newer), None, ["save.jp"]),
    )
    for files, want, notice, after in cases:
        root = scratch()
        put(root, files)
        assert saves_reading.read(root) == (want, notice), (files, saves_reading.read(root))
        assert names(root) == after, (files, names(root))


def test_settings_folder_gives_the_defaults():
    root = scratch()
    put(root, {settings.NAME: FOLDER})
    assert settings.read(root) == (settings.defaults(), "Settings reset; old file moved to settings.bad: a folder")
    assert names(root) == ["settings.bad"]


def test_the_last_few_damaged_files_are_kept():
    root = scratch()
    for i in range(saves_reading.KEPT + 2):
        put(root, {"save.jp": b"damaged %d" % i})
        assert saves_reading.read(root) == (None, SAVED + "unknown format")
    assert names(root) == ["save.bad"] + ["save.bad.%d" % k for k in range(1, saves_reading.KEPT)]
    with open(root + "/save.bad.%d" % (saves_reading.KEPT - 1), "rb") as f:
        assert f.read() == b"damaged %d" % 2
