# The player's settings, kept in <root>/settings.jp beside the save, framed and
# written atomically as the save is (firmware.saves pack/put; firmware.menus
# get/unpack read it). A file that is damaged, or holds a value this firmware
# does not offer, gives the defaults.
# The file also remembers each game's last setup ("setups"), for the title and
# the setup screen; they read it from the file (recall), so a match holds none.
# This module is in memory at boot, while the Settings screen is up and while
# the title reads or writes the setups only; the app keeps the values it puts
# into effect (apply).
import json

from engine import registry
from firmware import saves, ui
from firmware.menus import get, unpack

NAME = "settings.jp"
MAGIC = "JPSET"
VERSION = 1

# key, label, choices (the first is the default), the value each choice stands for
ITEMS = (
    ("contrast", "Contrast", ("High", "Medium", "Low", "Lowest"), (0xCF, 0x60, 0x20, 0x04)),
    ("flip", "Upside down", ("Off", "On"), (False, True)),
    ("bots", "Bot speed", ("Normal", "Slow", "Fast"), (500, 1000, 200)),  # ms a bot's move stays
    ("repeat", "Auto-repeat", ("On", "Off"), (True, False)),
    ("open", "Open hands", ("Off", "On"), ("Off", "On")),  # the default in the setup of a game that has it
)
MOST_SEATS = 8  # bounds for a remembered setup read from the file; the setup
MOST_LEVELS = 8  # screen checks the entry against its game before using it


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


def encode(chosen, setups):
    # The keys in a fixed order (a MicroPython dict keeps none), so the file is
    # the same bytes on every runtime.
    parts = ['"%s": %s' % (item[0], json.dumps(chosen[item[0]])) for item in ITEMS]
    parts.append('"setups": ' + json.dumps(setups))
    return saves.pack(MAGIC, VERSION, ("{" + ", ".join(parts) + "}").encode())


def decode(data):
    # bytes of the file -> the settings; SaveError says what is wrong.
    payload = unpack(data, MAGIC, VERSION)
    try:
        got = json.loads(payload.decode())
    except ValueError:
        raise saves.SaveError("bad payload")
    if not isinstance(got, dict):
        raise saves.SaveError("bad payload")
    out = defaults()
    for item in ITEMS:
        key = item[0]
        if key in got:
            if got[key] not in item[2]:
                raise saves.SaveError("%s cannot be %r" % (key, got[key]))
            out[key] = got[key]
    out["setups"] = setups(got.get("setups"))
    return out


def setups(raw):
    # The remembered setups as the file holds them, the game last started
    # first: [[game id, seats, [[option, value], ...]], ...]. Each entry is
    # checked for type and range, and a bad one (or a second one for the same
    # game) is dropped; the rest stand.
    out = []
    if not isinstance(raw, list):
        return out
    for e in raw:
        if _entry_ok(e) and not [o for o in out if o[0] == e[0]]:
            out.append(e)
    return out


def _entry_ok(e):
    if not isinstance(e, list) or len(e) != 3 or e[0] not in registry.ids():
        return False
    seats, opts = e[1], e[2]
    if not isinstance(seats, list) or not 1 <= len(seats) <= MOST_SEATS:
        return False
    for k in seats:
        if not _int(k) or not -1 <= k < MOST_LEVELS:
            return False
    if not isinstance(opts, list):
        return False
    for o in opts:
        if not isinstance(o, list) or len(o) != 2 or not isinstance(o[0], str) or not (_int(o[1]) or isinstance(o[1], str)):
            return False
    return True


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)  # JSON's true is no number


def read(root):
    # -> (settings, notice): the defaults and a line for the screen when the
    # file is damaged; a missing file is no news.
    try:
        got = get(root, NAME, decode)
    except (saves.SaveError, OSError) as e:
        print("settings ignored:", e)
        return defaults(), "Settings damaged: defaults restored"
    if got is None:
        return defaults(), None
    got.pop("setups")  # read again by the title when it needs them (recall)
    return got, None


def recall(root):
    # The remembered setups (setups() above); none when the file is missing or
    # damaged (read() at boot reports that).
    try:
        got = get(root, NAME, decode)
    except (saves.SaveError, OSError):
        return []
    return [] if got is None else got["setups"]


def remember(root, chosen, game_id, seats, options):
    # The setup a match starts with becomes the game's remembered one and goes
    # first; the file is written only when that changes anything.
    # OSError when the storage refuses.
    old = recall(root)
    entry = [game_id, list(seats), [[k, options[k]] for k in sorted(options)]]
    if old and old[0] == entry:
        return
    write(root, chosen, [entry] + [e for e in old if e[0] != game_id])


def write(root, chosen, setups=None):
    # setups None: those the file holds now stay.
    saves.put(root, NAME, encode(chosen, recall(root) if setups is None else setups))


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
