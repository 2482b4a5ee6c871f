# Damaged files never stop the board (issue 20). A fuzz with fixed seeds of the
# files a board meets: saves and settings cut at every length, bit-flipped, with
# wrong types in every field, legal, illegal and non-int moves for every game,
# huge, empty, folders, with .tmp and .bad files beside them. Each case goes
# through the real boot path of the simulator (tools.sim.Device: the firmware
# app on the host stand-ins) and must end at the title or in the resumed match,
# say on screen what it set aside (the dialogs on the screen stack), keep the
# damaged file as .bad and lose no match that passed its checksum. Saves and
# settings written by the firmware before (main at 0513c4a) load as before.
import binascii
import importlib
import json
import os

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import play, registry
from engine.rng import Rng
from firmware import app as firmware_app
from firmware import saves, saves_reading, settings, ui
from firmware.buttons import A, B
from firmware.match import Match
from firmware.tables import playable
from tools.sim import Device

SEED = 20  # the fuzz's own Rng
FLIPS = 64  # bit flips tried on each file
BYTES = 32  # bytes tried in place of a saved move, per game
SAVED = "Saved match moved to save.bad: "
COPY = "Your match is safe; a damaged copy moved to save.bad: "
RESET = "Settings reset; old file moved to settings.bad: "
FOLDER = None  # in a files dict: a folder at that name
MISSING = object()  # a field left out

# Written by main at 0513c4a (saves.encode, settings.encode): a person and Hard
# bots some moves into a match of every game, with options that are not the
# defaults, and the crc32 of each match's state.encode() after those moves
# (Double Joker's since its state keeps each finished game's row, history()).
MAIN_SAVES = {
    "doublejoker": (b'JPSAVE 2 f33a5c12 112\n{"game":"doublejoker","moves":[1,68,73,50,105,111,52,70,72],'
                    b'"options":{"games":5},"seats":[-1,1],"seed":1234567}', 2767897512),
    "habitual": (b'JPSAVE 2 1f6b6781 117\n{"game":"habitual","moves":[68,122,90,76,110,101,13],'
                 b'"options":{"deals":1,"open":"On"},"seats":[-1,1],"seed":1234567}', 2374714142),
    "prediction": (b'JPSAVE 2 3c5810d6 118\n{"game":"prediction","moves":[64,80,71,21,7,15,22,36,8,2,10],'
                   b'"options":{"odds":"Off"},"seats":[-1,1,1],"seed":1234567}',
                   3905707329),  # 337935556 before its state's bytes kept the exact calls (VERSION 2, statistics)
    "georgian": (b'JPSAVE 2 8681d584 134\n{"game":"georgian","moves":[60,55,52,49,56,35,34,37,32,30,2,31,33],'
                 b'"options":{"deals":"Nines only"},"seats":[-1,1,1,1],"seed":1234567}', 2706401579),
    "jokerpoker": (b'JPSAVE 2 31ec635a 90\n{"game":"jokerpoker","moves":[0,20,35,51,63],"options":{},'
                   b'"seats":[-1,1,1],"seed":1234567}', 2922697806),
}
MAIN_SETTINGS = b'JPSET 1 f1f73a50 81\n{"contrast": "Low", "flip": "On", "bots": "Normal", "repeat": "On", "open": "On"}'

# Wrong values for every field of a save (a checksum written to match), and
# where each is caught: at start-up with the reason on screen, or at Resume
# ("does not replay": what only the game knows: its seat count, bot levels,
# options, rules).
WRONG = {
    "game": ((None, "unknown game"), (5, "unknown game"), ("nosuch", "unknown game"), (["habitual"], "unknown game")),
    "options": ((None, "wrong options"), (5, "wrong options"), ([], "wrong options"), ({"nosuch": 1}, "does not replay")),
    "seed": ((None, "wrong seed"), (-1, "wrong seed"), (1 << 30, "wrong seed"), (3.0, "wrong seed"), (True, "wrong seed"),
             ("5", "wrong seed")),
    "seats": ((None, "wrong seats"), (5, "wrong seats"), ([-2, 0], "wrong seats"), ([-1, 1.0], "wrong seats"),
              ([True, -1], "wrong seats"), ([-1] * 5, "wrong seats"), ([], "does not replay"), ([-1], "does not replay"),
              ([-1, 9, 9, 9], "does not replay")),
    "moves": ((None, "wrong moves"), (5, "wrong moves"), ("12", "wrong moves"), ({}, "wrong moves"), ([3.0], "wrong moves"),
              ([True], "wrong moves"), ([256], "wrong moves"), ([-1], "wrong moves"), (["1"], "wrong moves"),
              ([None], "wrong moves"), ([[1]], "wrong moves"), ([0] * (saves.MAX_MOVES + 1), "wrong moves")),
}
# The same for the settings: every key's value checked in full at start-up.
WRONG_SETTING = (None, 5, 0xCF, True, "Ultra", "high", ["High"], {"High": 1})


def write(root, files):
    for name, data in files.items():
        p = os.path.join(root, name)
        if data is FOLDER:
            os.makedirs(os.path.join(p, "inside"))  # a folder someone filled
        else:
            with open(p, "wb") as f:
                f.write(data)


def contents(root):
    # {name: bytes, or FOLDER}
    out = {}
    for name in os.listdir(root):
        p = os.path.join(root, name)
        if os.path.isdir(p):
            out[name] = FOLDER
        else:
            with open(p, "rb") as f:
                out[name] = f.read()
    return out


class Boards:
    # One fresh storage folder per case, booted as a board with those files.
    def __init__(self, base):
        self.base = str(base)
        self.n = 0

    def boot(self, files):
        # -> (device, root, the notices on screen, last on top)
        self.n += 1
        root = os.path.join(self.base, str(self.n))
        os.makedirs(root)
        write(root, files)
        dev = Device(root, 7)
        stack = dev.app.stack
        assert type(stack[0]).__name__ == "Title", files
        for s in stack[1:]:
            assert isinstance(s, ui.Dialog), (files, s)
            assert (len(s.rows) + 1) * ui.ROW + 5 <= ui.H, s.rows  # the notice fits the screen
        return dev, root, [" ".join(s.rows) for s in stack[1:]]


def resume(dev):
    # Resume from the title, past any notices: -> the match, or the notice it gave.
    while len(dev.app.stack) > 1:
        dev.press(A)
    assert dev.app.stack[0].items[0].startswith("Resume ")
    dev.press(A)
    top = dev.app.stack[-1]
    if isinstance(top, ui.Dialog):
        notice = " ".join(top.rows)
        dev.press(A)
        assert type(dev.app.stack[-1]).__name__ == "Title" and dev.app.match is None
        assert not dev.app.stack[0].items[0].startswith("Resume")
        return notice
    assert type(top).__name__ == "GameScreen"
    return dev.app.match


def pack(rec):
    # A save of any JSON, its checksum right.
    return saves.pack(saves.MAGIC, saves.VERSION, json.dumps(rec).encode())


def record(gid):
    return json.loads(MAIN_SAVES[gid][0].split(b"\n", 1)[1])


def newer_save(gid):
    # The save of MAIN_SAVES[gid]'s match one move later.
    rec = record(gid)
    m = Match(None, gid, rec["options"], rec["seats"], rec["seed"], rec["moves"])
    return saves.encode(dict(rec, moves=rec["moves"] + [m.state.legal_moves()[0]]))


def flipped(data, rng, start=0):
    # One bit of data flipped, at or after `start`.
    at = start + rng.below(len(data) - start)
    out = bytearray(data)
    out[at] ^= 1 << rng.below(8)
    return bytes(out)


def same(decode, bad, good):
    # A flipped bit that changed nothing: the case of a letter of the checksum.
    try:
        return decode(bad) == decode(good)
    except ValueError:  # a SaveError of whichever copy of firmware/saves_reading.py the app loaded last
        return False


def set_aside(dev, root, notices, data, want, bad="save.bad"):
    # The notice said so, the file is kept as it was (its first MAX_FILE
    # bytes) in .bad, nothing is left at its name, nothing offers it again.
    assert notices == [want], (notices, want)
    files = contents(root)
    assert files[bad] == (data if data is FOLDER else data[: saves.MAX_FILE]), want
    if bad == "save.bad":
        assert "save.jp" not in files and "save.tmp" not in files
        assert dev.app.saved is None and not dev.app.stack[0].items[0].startswith("Resume")


def test_saves_written_before_load_as_before(tmp_path):
    boards = Boards(tmp_path)
    for gid in playable():
        data, state_crc = MAIN_SAVES[gid]
        rec = record(gid)
        assert saves.encode(rec) == data  # the format of a good save is unchanged
        dev, root, notices = boards.boot({"save.jp": data})
        assert notices == []
        m = resume(dev)
        assert list(m.moves) == rec["moves"] and binascii.crc32(m.state.encode()) == state_crc, gid
    dev, root, notices = boards.boot({"settings.jp": MAIN_SETTINGS})
    # (Sound and Animations came later, issue 24, and Results: their defaults.)
    want = {"contrast": "Low", "flip": "On", "bots": "Normal", "repeat": "On", "open": "On", "sound": "On",
            "animate": "On", "results": "Wait for A"}
    assert notices == [] and dev.app.settings == want
    # Written now, the same keys in the same order, the later ones after them,
    # and the remembered setups last (issue 21).
    payload = MAIN_SETTINGS.split(b"\n", 1)[1]
    assert settings.encode(want, []) == saves.pack(settings.MAGIC, settings.VERSION, payload[:-1] +
                                                   b', "sound": "On", "animate": "On", "results": "Wait for A", "setups": []}')
    assert dev.i2c.panel.contrast == 0x20


def test_saves_cut_at_every_length_or_flipped(tmp_path):
    boards = Boards(tmp_path)
    rng = Rng(SEED)
    for gid in playable():
        data = MAIN_SAVES[gid][0]
        for n in range(len(data)):
            dev, root, notices = boards.boot({"save.jp": data[:n]})
            set_aside(dev, root, notices, data[:n], SAVED + ("cut short" if n else "empty"))
        for _ in range(FLIPS):
            bad = flipped(data, rng)
            dev, root, notices = boards.boot({"save.jp": bad})
            if same(saves_reading.decode, bad, data):
                assert notices == [] and dev.app.saved == record(gid)
                continue
            why = notices[0][len(SAVED):]
            assert why in ("checksum wrong", "unknown format", "header unreadable", "from an older version",
                           "from a newer version", "too long", "cut short", "too large"), why
            set_aside(dev, root, notices, bad, SAVED + why)


def test_wrong_fields_are_set_aside_at_start_or_resume(tmp_path):
    boards = Boards(tmp_path)
    tried = 0
    for gid in playable():
        for field, cases in WRONG.items():
            for value, why in cases + ((MISSING, "no " + field),):
                rec = record(gid)
                if value is MISSING:
                    del rec[field]
                else:
                    rec[field] = value
                data = pack(rec)
                dev, root, notices = boards.boot({"save.jp": data})
                if why != "does not replay":
                    set_aside(dev, root, notices, data, SAVED + why)
                else:
                    assert notices == [] and resume(dev) == SAVED + why, (gid, field, value)
                    set_aside(dev, root, [SAVED + why], data, SAVED + why)
                tried += 1
        # An option of the game with a value of another type or none of its choices.
        info = registry.load(gid).INFO
        for key, _, choices, _ in info.options:
            for value in (float(choices[0]) if type(choices[0]) is int else [choices[0]], choices[0] == 1, "x"):
                rec = record(gid)
                rec["options"][key] = value
                dev, root, notices = boards.boot({"save.jp": pack(rec)})
                assert resume(dev) == SAVED + "does not replay", (gid, key, value)
                tried += 1
    for value in ([], "x", 5, None):
        dev, root, notices = boards.boot({"save.jp": pack(value)})
        set_aside(dev, root, notices, pack(value), SAVED + "not a match")
    assert tried > 200


def test_every_game_resumes_legal_moves_and_refuses_the_others(tmp_path):
    # A byte in place of one saved move: the match resumes if the rules allow
    # the moves so changed, else Resume sets the save aside; the first moves
    # that crashed Resume are among them. Moves that are no ints never get that far.
    boards = Boards(tmp_path)
    rng = Rng(SEED + 1)
    first = {"prediction": 32, "georgian": 65, "doublejoker": 56}
    resumed = refused = 0
    for gid in playable():
        rec = record(gid)
        tries = [(0, first[gid])] if gid in first else []
        for _ in range(BYTES):
            tries.append((rng.below(len(rec["moves"])), rng.below(256)))
        for at, byte in tries:
            moves = list(rec["moves"])
            moves[at] = byte
            try:
                Match(None, gid, rec["options"], rec["seats"], rec["seed"], moves)
                legal = True
            except ValueError:
                legal = False
            changed = dict(rec, moves=moves)
            dev, root, notices = boards.boot({"save.jp": pack(changed)})
            assert notices == []
            got = resume(dev)
            if legal:
                assert list(got.moves) == moves
                resumed += 1
            else:
                assert got == SAVED + "does not replay", (gid, at, byte)
                set_aside(dev, root, [got], pack(changed), got)
                refused += 1
        for bad in (8.0, True, "1", None, [1], 256, -1, 1 << 40):
            data = pack(dict(rec, moves=rec["moves"][:-1] + [bad]))
            dev, root, notices = boards.boot({"save.jp": data})
            set_aside(dev, root, notices, data, SAVED + "wrong moves")
    assert resumed > 5 and refused > 100, (resumed, refused)


def test_huge_empty_and_folder_saves(tmp_path):
    boards = Boards(tmp_path)
    data = MAIN_SAVES["georgian"][0]
    long_rec = dict(record("georgian"), moves=[255] * saves.MAX_MOVES, options={"deals": "Nines only"})
    assert len(saves.encode(long_rec)) <= saves.MAX_FILE  # the longest save fits the cap
    huge = (data * 2000)[:150000]
    for files, why in (
        ({"save.jp": huge}, "too large"),
        ({"save.jp": b"JPSAVE 2 00000000 150000\n" + data}, "too large"),
        ({"save.jp": b"\0" * saves.MAX_FILE}, "unknown format"),
        ({"save.jp": b""}, "empty"),
        ({"save.jp": FOLDER}, "a folder"),
        ({"save.jp": b"JPSAVE 1 00000000 2\n{}"}, "from an older version"),
        ({"save.jp": b"JPSAVE 2 00000000 0\n\xff"}, "too long"),
        ({"save.jp": pack(json.loads("[" * 65 + "]" * 65))}, "unreadable"),
        ({"save.jp": saves.pack(saves.MAGIC, saves.VERSION, b'{"game": "georgian", \xff}')}, "unreadable"),
        ({"save.jp": MAIN_SETTINGS}, "unknown format"),
    ):
        dev, root, notices = boards.boot(files)
        set_aside(dev, root, notices, files["save.jp"], SAVED + why)


def test_large_files_are_refused_unread(tmp_path, monkeypatch):
    # Nothing reads more than MAX_FILE bytes of a file at once: a 150 KB save
    # or settings file is refused by its size, and only its head is kept.
    reads = []

    class Watched:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def read(self, n=-1):
            data = self.f.read(n)
            reads.append(len(data))
            return data

        def write(self, data):
            return self.f.write(data)

    # (The reading module as the app will find it at start-up: the app drops it after.)
    monkeypatch.setattr(importlib.import_module("firmware.saves_reading"), "open", lambda p, mode="r": Watched(open(p, mode)),
                        raising=False)
    boards = Boards(tmp_path)
    huge = bytes(range(256)) * 600
    dev, root, notices = boards.boot({"save.jp": huge, "settings.jp": huge})
    assert notices == [RESET + "too large", SAVED + "too large"]
    assert reads and max(reads) <= 512
    assert contents(root)["save.bad"] == huge[: saves.MAX_FILE] == contents(root)["settings.bad"]


def test_a_tmp_file_beside_the_save(tmp_path):
    # save.tmp is a write the power cut before its rename: whole, it is the
    # newer match and is resumed (the rename done at start-up); cut short, it
    # is dropped and the older save resumed; damaged, it is set aside.
    boards = Boards(tmp_path)
    rng = Rng(SEED + 2)
    for gid in playable():
        old = MAIN_SAVES[gid][0]
        rec = record(gid)
        newer = newer_save(gid)
        for files, notice, want in (
            ({"save.jp": old, "save.tmp": newer}, [], newer),
            ({"save.tmp": newer}, [], newer),
            ({"save.jp": flipped(old, rng), "save.tmp": newer}, [COPY], newer),
            # (In the payload: a .tmp file that says it is longer than it is was cut, and is dropped.)
            ({"save.jp": old, "save.tmp": flipped(newer, rng, newer.index(b"\n") + 1)}, [COPY + "checksum wrong"], old),
            ({"save.jp": old, "save.tmp": FOLDER}, [COPY + "a folder"], old),
            ({"save.jp": FOLDER, "save.tmp": newer}, [COPY + "a folder"], newer),
        ):
            dev, root, notices = boards.boot(files)
            assert [n[: len(notice[0])] for n in notices] == notice and len(notices) == len(notice), (gid, notices)
            assert contents(root)["save.jp"] == want and "save.tmp" not in contents(root)
            if notice:
                kept = files["save.tmp"] if want == old else files["save.jp"]
                assert contents(root)["save.bad"] == kept
            assert list(resume(dev).moves) == saves_reading.decode(want)["moves"]
        for n in range(len(newer)):
            dev, root, notices = boards.boot({"save.jp": old, "save.tmp": newer[:n]})
            assert notices == [] and dev.app.saved == rec
            assert contents(root) == {"save.jp": old}


def test_the_last_few_bad_files_are_kept(tmp_path):
    boards = Boards(tmp_path)
    dev, root, notices = boards.boot({})
    damaged = []
    for i in range(saves_reading.KEPT + 3):
        data = b"damaged %d" % i if i != 2 else b"x" * 200000
        damaged.append(data[: saves.MAX_FILE])
        write(root, {"save.jp": data, "settings.jp": data})
        dev = Device(root, 7)
        assert len(dev.app.stack) == 3
        files = contents(root)
        bad = sorted([n for n in files if n.startswith("save.bad")])
        assert bad == ["save.bad"] + ["save.bad.%d" % k for k in range(1, min(i + 1, saves_reading.KEPT))]
        for k in range(len(bad)):
            assert files[bad[k]] == damaged[-1 - k]
        assert sum([len(files[n]) for n in files if ".bad" in n]) <= 2 * saves_reading.KEPT * saves.MAX_FILE
    # A folder with files in it in the place of the oldest (it cannot be
    # dropped) does not keep the next damaged file where it is.
    oldest = "save.bad.%d" % (saves_reading.KEPT - 1)
    os.remove(os.path.join(root, oldest))
    write(root, {oldest: FOLDER, "save.jp": b"damaged again"})
    dev = Device(root, 7)
    assert " ".join(dev.app.stack[-1].rows) == SAVED + "unknown format"
    files = contents(root)
    assert files["save.bad"] == b"damaged again" and files[oldest] is FOLDER and "save.jp" not in files


def test_settings_damaged_any_way_give_the_defaults(tmp_path):
    boards = Boards(tmp_path)
    rng = Rng(SEED + 3)
    cases = [(MAIN_SETTINGS[:n], "cut short" if n else "empty") for n in range(len(MAIN_SETTINGS))]
    cases += [(flipped(MAIN_SETTINGS, rng), None) for _ in range(FLIPS)]
    good = json.loads(MAIN_SETTINGS.split(b"\n", 1)[1])
    for key in settings.defaults():
        for value in WRONG_SETTING:
            cases.append((saves.pack(settings.MAGIC, settings.VERSION, json.dumps(dict(good, **{key: value})).encode()),
                          "wrong " + key))
    cases += [(saves.pack(settings.MAGIC, settings.VERSION, b"[1, 2]"), "not settings"),
              (b"x" * 150000, "too large"), (FOLDER, "a folder"), (MAIN_SAVES["habitual"][0], "unknown format")]
    for data, why in cases:
        dev, root, notices = boards.boot({"settings.jp": data})
        if why is None and same(settings.decode, data, MAIN_SETTINGS):
            assert notices == [] and dev.app.settings["contrast"] == "Low"
            continue
        if why is None:
            why = notices[0][len(RESET):]
            assert why in ("checksum wrong", "unknown format", "header unreadable", "from an older version",
                           "from a newer version", "too long", "cut short", "too large"), why
        set_aside(dev, root, notices, data, RESET + why, "settings.bad")
        assert dev.app.settings == settings.defaults() and dev.app.saving  # written anew, not "read-only"
        assert settings.read(root) == (settings.defaults(), None)
    assert len(cases) > 150


def test_settings_tmp_and_keys_of_later_firmware(tmp_path):
    boards = Boards(tmp_path)
    newer = settings.encode(dict(settings.defaults(), bots="Fast"), [])
    dev, root, notices = boards.boot({"settings.jp": MAIN_SETTINGS, "settings.tmp": newer})
    assert notices == [] and dev.app.settings["bots"] == "Fast" and contents(root) == {"settings.jp": newer}
    dev, root, notices = boards.boot({"settings.jp": MAIN_SETTINGS, "settings.tmp": newer[:-1]})
    assert notices == [] and dev.app.settings["contrast"] == "Low" and contents(root) == {"settings.jp": MAIN_SETTINGS}
    # A key this firmware does not know is dropped, not a damaged file.
    later = saves.pack(settings.MAGIC, settings.VERSION, b'{"setups": {"habitual": {"seats": [-1, 1]}}, "flip": "On"}')
    dev, root, notices = boards.boot({"settings.jp": later})
    assert notices == [] and dev.app.settings == dict(settings.defaults(), flip="On")


def test_both_files_damaged_at_once(tmp_path):
    dev, root, notices = Boards(tmp_path).boot({"save.jp": b"JPSAVE", "settings.jp": FOLDER, "save.tmp": b"JPS"})
    assert notices == [RESET + "a folder", SAVED + "cut short"]
    assert sorted(contents(root)) == ["save.bad", "settings.bad", "settings.jp"]
    dev.press(A)
    dev.press(A)
    assert type(dev.app.stack[-1]).__name__ == "Title" and len(dev.app.stack) == 1


def test_a_match_too_long_to_save_says_so_and_keeps_its_save(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_MOVES", 4)
    root = str(tmp_path)
    dev = Device(root, 3)
    from host_tests.drive import setup_match

    setup_match(dev, ["Bot Medium", "Bot Medium"])
    dev.app.bot_delay = 0
    while len(dev.app.match.moves) <= 4:
        dev.frame()
    top = dev.app.stack[-1]
    assert isinstance(top, ui.Dialog) and " ".join(top.rows) == firmware_app.TOO_LONG
    assert saves_reading.read(root)[0]["moves"] == list(dev.app.match.moves[:4])
    again = Device(root, 3)
    assert list(resume(again).moves) == list(dev.app.match.moves[:4])


def test_the_cap_is_room_for_the_longest_match():
    longest = 0
    for gid in playable():
        info = registry.load(gid).INFO
        for n in range(info.seats[0], info.seats[1] + 1):
            longest = max(longest, len(play.play_match(gid, 3, {}, [0] * n)[1]))
    assert 600 < longest and 2 * longest < saves.MAX_MOVES
