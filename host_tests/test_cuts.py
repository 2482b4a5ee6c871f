# Saves that survive any cut: a storage stand-in that stops (the power is cut)
# after N steps of a write, a step being one byte written, a rename or a remove,
# for every N of a real save of each game and of the settings file, on a
# filesystem that renames over a file and on one that refuses to (FAT). The
# next boot must offer the old match or the new one, move for move, and never
# report a damaged one.
import os

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import registry
from firmware import app as firmware_app
from firmware import saves, saves_reading, settings, ui
from firmware.buttons import NAMES, Buttons
from firmware.match import Match
from firmware.tables import playable
from firmware.ssd1306 import SSD1306
from tools.host.devices import FakeClock, FakeI2C, FakePin

MOVES = 12  # into the match before the cut save


class PowerCut(Exception):
    pass


class Storage:
    # Stands in for saves' `open` and `os`: the real files under the test's
    # folder, until `steps` steps have been taken; then PowerCut.
    def __init__(self, steps, renames_over):
        self.left = steps
        self.renames_over = renames_over

    def _step(self):
        if self.left == 0:
            raise PowerCut()
        self.left -= 1

    def open(self, name, mode="r"):
        f = open(name, mode)
        return _Writer(self, f) if "w" in mode else f

    def stat(self, p):
        return os.stat(p)

    def remove(self, p):
        self._step()
        os.remove(p)

    def rename(self, a, b):
        if not self.renames_over and os.path.exists(b):
            raise OSError(17, "exists")  # FAT: the caller removes, then renames
        self._step()
        os.rename(a, b)


class _Writer:
    def __init__(self, storage, f):
        self.storage = storage
        self.f = f

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def write(self, data):
        for i in range(len(data)):
            try:
                self.storage._step()
            except PowerCut:
                self.f.write(data[:i])
                self.f.close()  # what reached the flash stays
                raise
        self.f.write(data)


def cut_at_every_step(monkeypatch, root, renames_over, write, outcome):
    # Runs write() once per cut point; outcome() is what the next boot finds.
    # -> the outcomes in cut order (the last: no cut at all).
    found = []
    steps = 0
    while True:
        before = {n: open(os.path.join(root, n), "rb").read() for n in os.listdir(root)}
        storage = Storage(steps, renames_over)
        monkeypatch.setattr(saves, "open", storage.open, raising=False)
        monkeypatch.setattr(saves, "os", storage)
        cut = False
        try:
            write()
        except PowerCut:
            cut = True
        monkeypatch.undo()
        found.append(outcome())
        for n in os.listdir(root):  # back to the files before the write
            os.remove(os.path.join(root, n))
        for n, data in before.items():
            with open(os.path.join(root, n), "wb") as f:
                f.write(data)
        if not cut:
            return found
        steps += 1


def boot(root):
    # The next power-up, as far as storage goes: the app and what it offers.
    clock = FakeClock()
    display = SSD1306(FakeI2C(record=False))
    app = firmware_app.App(display, Buttons(tuple([FakePin(value=1) for _ in NAMES]), clock), clock, root)
    for s in app.stack[1:]:
        assert not isinstance(s, ui.Dialog), "the boot reported: %s" % " ".join(s.rows)
    return app


def bot_match(root, game_id, seed, moves):
    # A real match of bots only (its saves are real saves), `moves` moves in.
    m = Match(root, game_id, {}, [0] * registry.load(game_id).INFO.seats[0], seed)
    for _ in range(moves):
        m.step(m.bot_move())
    return m


def check_game(monkeypatch, root, renames_over, game_id, with_old):
    m = bot_match(root, game_id, 7, MOVES)
    old = bytes(m.moves)
    saves.delete(root)
    if with_old:
        saves.write(root, m.record())
    m.step(m.bot_move())
    new = bytes(m.moves)

    def outcome():
        app = boot(root)
        if app.saved is None:
            return None
        return bytes(saves_reading.replay(root, app.saved).moves)  # it replays move for move

    found = cut_at_every_step(monkeypatch, root, renames_over, lambda: saves.write(root, m.record()), outcome)
    first = old if with_old else None
    assert set(found) == {first, new}, (game_id, set(found))
    # Old up to one point, new from then on: the switch happens once.
    k = found.index(new)
    assert found[:k] == [first] * k and found[k:] == [new] * (len(found) - k)
    return len(found)


def test_every_cut_of_every_game_save(tmp_path, monkeypatch):
    counts = []
    for game_id in playable():
        for renames_over in (True, False):
            for with_old in (True, False):
                root = str(tmp_path / ("%s-%d-%d" % (game_id, renames_over, with_old)))
                os.makedirs(root)
                counts.append(check_game(monkeypatch, root, renames_over, game_id, with_old))
    assert min(counts) > 60  # a cut after every byte of a real save was tried


def test_every_cut_of_the_settings_file(tmp_path, monkeypatch):
    old = dict(settings.defaults(), contrast="Low")
    new = dict(old, bots="Fast", open="On")
    for renames_over in (True, False):
        for first in (old, None):
            root = str(tmp_path / ("%d-%d" % (renames_over, first is None)))
            os.makedirs(root)
            if first is not None:
                settings.write(root, first)

            def outcome():
                return boot(root).settings

            found = cut_at_every_step(monkeypatch, root, renames_over, lambda: settings.write(root, new), outcome)
            want = first if first is not None else settings.defaults()
            k = found.index(new)
            assert found[:k] == [want] * k and found[k:] == [new] * (len(found) - k)
            assert len(found) > len(settings.encode(new, []))
