# The player's settings, kept in <root>/settings.jp beside the save, framed and
# written atomically as the save is (firmware.saves pack/put; firmware.reading
# get/unpack read it). A file that is damaged, or holds a value this firmware
# does not offer, gives the defaults.
# This module is in memory at boot and while the Settings screen is up only;
# the app keeps the values it puts into effect (apply).
import json

from engine.state import one_of
from firmware import saves, ui

NAME = "settings.jp"
MAGIC = "JPSET"
VERSION = 1

# key, label, choices (the first is the default), the value each choice stands for
ITEMS = (
    ("contrast", "Contrast", ("High", "Medium", "Low", "Lowest"), (0xCF, 0x60, 0x20, 0x04)),
    ("flip", "Upside down", ("Off", "On"), (False, True)),
    ("bots", "Bot speed", ("Normal", "Slow", "Fast"), (500, 1000, 200)),  # ms a bot's move stays
    ("repeat", "Auto-repeat", ("On", "Off"), (True, False)),
    ("open", "Open hands", ("Off", "On"), ("Off", "On")),  # the default in every game's setup
)


def defaults():
    out = {}
    for item in ITEMS:
        out[item[0]] = item[2][0]
    return out


def value(chosen, key):
    # What a setting stands for: contrast 0..255, flip, bot delay ms, ...
    for item in ITEMS:
        if item[0] == key:
            return item[3][item[2].index(chosen[key])]
    raise ValueError(key)


def apply(app, chosen):
    # Puts settings into effect: at boot, and at each change on the Settings
    # screen (the two times this module is loaded).
    app.settings = chosen
    app.contrast = value(chosen, "contrast")
    app.display.contrast(app.contrast)
    app.display.turn(value(chosen, "flip"))
    app.bot_delay = value(chosen, "bots")
    app.buttons.repeat = value(chosen, "repeat")


def encode(chosen):
    return saves.pack(MAGIC, VERSION, json.dumps(chosen).encode())


def decode(data):
    # bytes of the file -> the settings; SaveError says what is wrong. Every
    # key this firmware knows is checked in full; keys it does not know are
    # dropped (a key of a later firmware comes with its own check).
    from firmware.reading import SaveError, parse, unpack  # loaded at start-up only

    got = parse(unpack(data, MAGIC, VERSION))
    if type(got) is not dict:
        raise SaveError("not settings")
    out = defaults()
    for item in ITEMS:
        key = item[0]
        if key in got:
            if not one_of(got[key], item[2]):
                raise SaveError("wrong " + key, repr(got[key])[:40])
            out[key] = got[key]
    return out


def read(root):
    # -> (settings, notice): the defaults and a line for the screen when the
    # file was damaged (and set aside); a missing file is no news.
    from firmware.reading import get, told  # loaded at start-up only

    got, e, kept = get(root, NAME, decode)
    if got is None:
        return defaults(), told("Settings reset; old file", e, kept)
    return got, told("Damaged copy of the settings", e, kept)


def write(root, chosen):
    saves.put(root, NAME, encode(chosen))


class SettingsScreen(ui.Menu):
    # The settings, one a line: LEFT/RIGHT or A step a value, which takes
    # effect at once; B keeps them (in the file when they changed) and goes back.
    transient = __name__  # loaded at boot and for this screen only

    def __init__(self, app):
        self.chosen = dict(app.settings)
        self.was = dict(app.settings)
        ui.Menu.__init__(self, app, "Settings", [], "\x10\x11 change   B back")
        self._label()

    def _label(self):
        self.items = ["%s: %s" % (item[1], self.chosen[item[0]]) for item in ITEMS]

    def adjust(self, i, d):
        key, _, choices, _ = ITEMS[i]
        self.chosen[key] = choices[(choices.index(self.chosen[key]) + d) % len(choices)]
        apply(self.app, dict(self.chosen))
        self._label()

    def select(self, i):
        self.adjust(i, 1)

    def back(self):
        refused = None
        if self.chosen != self.was:
            try:
                write(self.app.root, self.chosen)
            except OSError as e:
                refused = e
        self.app.pop()
        if refused is not None:
            self.app.saving_off(refused)
