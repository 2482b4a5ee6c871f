# Issue 20's damaged files on the emulated Pico (tools/pico: MicroPython's own rp2
# firmware, its heap, its littlefs flash): a few fixed cases of each family of
# host_tests/test_damaged.py's fuzz. One board is powered up again and again, its
# flash given the built tree and a case's files each time while it is off; the
# simulator boots on the same files. Each case must end at the title, or in the
# resumed match, with the simulator's frames pixel for pixel (the notice on the
# panel), the board's own files those the simulator left (the damaged file kept
# as .bad), no traceback and no MemoryError on the serial console.
# A board profile that fails its checks, and a board with no display: the console
# says why and the LED blinks the README's count, read from the pin's level over
# emulated time.
import json
import os
import shutil

from engine import registry
from firmware import saves, saves_reading
from firmware.buttons import A
from host_tests.test_damaged import COPY, MAIN_SAVES, RESET, SAVED, newer_save, pack, record
from host_tests.test_pico import Twin, tree  # noqa: F401  (tree: the built tree, a fixture)
from tools import build
from tools.pico import lfs
from tools.pico.board import Pico

HUGE = 150000  # bytes: a file copied over by hand, too large for the board's heap
REPLAY = SAVED + "does not replay"


def changed(gid, **fields):
    # MAIN_SAVES[gid]'s record with fields replaced, its checksum right.
    return pack(dict(record(gid), **fields))


def first_move(gid, byte):
    # The save with its first move replaced by a byte the rules refuse there.
    moves = record(gid)["moves"]
    return changed(gid, moves=[byte] + moves[1:])


def a_bit_flipped(data):
    # One bit of the payload changed: the length stays, the checksum is wrong.
    at = data.index(b"\n") + len(data) // 2
    return data[:at] + bytes([data[at] ^ 4]) + data[at + 1:]


# Its header says 134 bytes: "too large" can come from the file's size alone, unread.
HUGE_FILE = (MAIN_SAVES["georgian"][0] * 1200)[:HUGE]
# (name, files beside the tree, notices at power-up, what Resume gives: None
# (no Resume offered), REPLAY (the save set aside) or the save whose match
# resumes, where the damaged files went {name: name on the board after}, each
# kept whole or its first MAX_FILE bytes); a path in a folder makes the folder.
CASES = (
    ("moves 5", {"save.jp": changed("habitual", moves=5)}, [SAVED + "wrong moves"], None, {"save.jp": "save.bad"}),
    ("moves null", {"save.jp": changed("prediction", moves=None)}, [SAVED + "wrong moves"], None,
     {"save.jp": "save.bad"}),
    ("unknown game", {"save.jp": changed("jokerpoker", game="nosuch")}, [SAVED + "unknown game"], None,
     {"save.jp": "save.bad"}),
    ("seat level out of range", {"save.jp": changed("doublejoker", seats=[-1, 9])}, [], REPLAY,
     {"save.jp": "save.bad"}),
    # The first moves that raised IndexError at Resume before issue 20.
    ("illegal move in Prediction", {"save.jp": first_move("prediction", 32)}, [], REPLAY, {"save.jp": "save.bad"}),
    ("illegal move in Georgian Joker", {"save.jp": first_move("georgian", 65)}, [], REPLAY, {"save.jp": "save.bad"}),
    ("illegal move in Double Joker", {"save.jp": first_move("doublejoker", 56)}, [], REPLAY,
     {"save.jp": "save.bad"}),
    ("huge save and settings", {"save.jp": HUGE_FILE, "settings.jp": HUGE_FILE},
     [RESET + "too large", SAVED + "too large"], None, {"save.jp": "save.bad", "settings.jp": "settings.bad"}),
    ("settings.jp a folder", {"settings.jp/inside": b"x"}, [RESET + "a folder"], None,
     {"settings.jp/inside": "settings.bad/inside"}),
    ("damaged save beside a newer save.tmp",
     {"save.jp": a_bit_flipped(MAIN_SAVES["georgian"][0]), "save.tmp": newer_save("georgian")},
     [COPY + "checksum wrong"], newer_save("georgian"), {"save.jp": "save.bad"}),
    ("cut save", {"save.jp": MAIN_SAVES["habitual"][0][:-20]}, [SAVED + "cut short"], None, {"save.jp": "save.bad"}),
)


def power_up_on(s, tree, files):
    # The board powered off, its flash given the tree and these files, powered
    # up; the simulator boots on a storage of the same files. -> the notices
    shutil.rmtree(s.root)
    os.makedirs(s.root)
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(s.root, path)), exist_ok=True)
        with open(os.path.join(s.root, path), "wb") as f:
            f.write(data)
    s.pico.power_cut(dict(tree, **files))
    s.lockstep = True
    s.restart(["power up"])
    s.expect(s.frames[-1], "power-up on " + ", ".join(sorted(files)))
    return [" ".join(d.rows) for d in s.dev.app.stack[1:]]


def test_damaged_files_on_the_board(tree, tmp_path):  # noqa: F811
    pico = Pico(tree)
    try:
        s = Twin("damaged", str(tmp_path / "sim"), pico)
        for name, files, notices, resumed, went in CASES:
            assert power_up_on(s, tree, files) == notices, name
            for _ in notices:
                s.press(A)
            title = s.top()
            assert type(title).__name__ == "Title", name
            if resumed == REPLAY:
                s.press(A)  # Resume, the first item
                assert " ".join(s.top().rows) == REPLAY, name
                s.press(A)
                assert not s.top().items[0].startswith("Resume"), name
            elif resumed:
                rec = saves_reading.decode(resumed)
                s.menu_pick("Resume " + registry.title(rec["game"]))
                assert list(s.dev.app.match.moves)[:len(rec["moves"])] == rec["moves"], name  # (bots play on)
            else:
                assert not title.items[0].startswith("Resume"), name
            own = dict((p, d) for p, d in pico.files().items() if p not in tree)
            assert own == lfs.tree(s.root), name  # the board's flash holds what the simulator's storage does
            for path, bad in went.items():
                assert own[bad] == files[path][:saves.MAX_FILE], (name, path)
            assert resumed not in (None, REPLAY) or "save.jp" not in own, name
            assert pico.failure() is None, pico.failure()
    finally:
        pico.close()


with open(os.path.join(build.ROOT, "boards", "pico.json")) as f:
    PROFILE = f.read()
LED = json.loads(PROFILE)["led"]  # GP25; a profile that fails gives "LED", the Pico's own: the same
PAUSE_MS = 1000  # dark this long: the pause between two counts (a blink's gap is 300 ms)


def counts(levels, end):
    # The LED's levels [(ms, lit)] up to `end` -> the blink count of every
    # group of blinks followed by a pause, and each blink's lit time in ms.
    groups, lit = [], []
    n = 0
    for i in range(len(levels)):
        at, on = levels[i]
        after = levels[i + 1][0] if i + 1 < len(levels) else end
        if on and i + 1 < len(levels):
            n += 1
            lit.append(after - at)
        elif not on and n and after - at >= PAUSE_MS:
            groups.append(n)
            n = 0
    return groups, lit


def profile(section, key, value):
    # boards/pico.json with one value changed, as a text editor would leave it.
    prof = json.loads(PROFILE)
    prof[section][key] = value
    return json.dumps(prof).encode()


def test_a_board_that_cannot_start_says_why_and_blinks(tree):  # noqa: F811
    for files, display, blinks, said in (
        ({"board.json": profile("display", "width", 128.0)}, True, 2,
         "board.json: display.width must be 128 (got 128.0)"),
        ({"board.json": profile("buttons", "a", 10)}, True, 2, "board.json: buttons.up and buttons.a both use GP10"),
        ({}, False, 3, "no display answered at 0x3C on I2C0 (SDA GP4, SCL GP5)"),
    ):
        with Pico(dict(tree, **files), display=display) as pico:
            pico.watch(LED)
            pico.run(9000)
            groups, lit = counts(pico.levels(LED), pico.emulated_ms())
            assert len(groups) >= 3 and groups == [blinks] * len(groups), (said, groups)
            assert min(lit) >= 190 and max(lit) <= 210, lit  # 200 ms each
            assert said in pico.console and "The LED blinks %d times" % blinks in pico.console, pico.console
            assert not pico.panel()["on"]  # the panel was never set up
            assert pico.failure() is None, pico.failure()


def test_a_module_cut_short_or_missing_is_named_and_the_board_stays_reachable(tree):  # noqa: F811
    # A copy cut off mid-file (the USB cable pulled during make deploy) left a
    # .mpy whose import hung the board: a blank screen, Ctrl-C ignored, so make
    # deploy could not reach it either. main.py checks every module against the
    # build's manifest.txt first (board.py too, which cannot report on itself):
    # the console names the file, the LED blinks 4 times (README: a firmware
    # file), and Ctrl-C still gives the REPL that mpremote deploys through. So
    # for a MicroPython too old for the .mpy files.
    app = "firmware/app.mpy"
    assert tree[build.MANIFEST].decode().count(".mpy\n") == len([p for p in tree if p.endswith(".mpy")])
    assert tree[build.MANIFEST].endswith(b".mpy\nend\n")
    for change, said in (
        ({app: tree[app][:1000]}, "firmware/app.mpy is cut short (1000 of %d bytes)" % len(tree[app])),
        ({app: b""}, "firmware/app.mpy is cut short (0 of %d bytes)" % len(tree[app])),
        ({"firmware/board.mpy": None}, "firmware/board.mpy is missing"),
        # The manifest itself cut off (in a line, or after one): it raised a
        # bare ValueError at every power-up.
        ({build.MANIFEST: tree[build.MANIFEST][:50]}, "manifest.txt is cut short"),
        # Every .mpy of another mpy version: an older MicroPython refused them
        # with a bare traceback.
        (dict((p, d[:1] + b"\x05" + d[2:]) for p, d in tree.items() if p.endswith(".mpy")),
         "its .mpy files need MicroPython 1.24 or newer"),
    ):
        files = dict((p, d) for p, d in dict(tree, **change).items() if d is not None)
        with Pico(files) as pico:
            pico.watch(LED)
            pico.run(12000)
            groups, lit = counts(pico.levels(LED), pico.emulated_ms())
            assert len(groups) >= 3 and groups == [4] * len(groups), (said, groups)
            assert said in pico.console and "make deploy" in pico.console, pico.console
            assert pico.exec("print(6 * 7)", fresh=False) == ("42\n", "")
            assert (build.MANIFEST in pico.files()) == ("MicroPython" not in said)  # a file: checked at the next power-up
    # A whole tree: the title, and the manifest gone (the next boots skip the check).
    with Pico(tree) as pico:
        pico.run(1500)
        assert pico.panel()["on"] and build.MANIFEST not in pico.files() and pico.failure() is None
