# The player's settings, kept in <root>/settings.jp beside the save, framed and
# written atomically as the save is (firmware.saves pack/put; firmware.saves_reading
# get/unpack read it). A file that is damaged, or holds a value this firmware
# does not offer, gives the defaults.
# The file also remembers each game's last setup ("setups"), for the title and
# the setup screen; they read it from the file (recall), so a match holds none.
# This module is in memory at boot, while the Settings screen is up and while
# the title reads or writes the setups only; the app keeps the values it puts
# into effect (apply).
import json

from engine import const, registry
from engine.state import one_of
from firmware import saves, ui
from firmware.saves_reading import MAX_SEATS, SaveError, get, ints, parse, told, unpack

NAME = "settings.jp"
MODULES = (__name__, "firmware.saves_reading")  # what reading the file loads: dropped after
MAGIC = "JPSET"
VERSION = const(1)

# key, label, choices (a scale's from less to more: RIGHT means more), the value
# each stands for, the default's index, and what the line is for when its label
# alone does not say (the foot shows it while the line is chosen)
ITEMS = (
    ("contrast", "Contrast", ("Lowest", "Low", "Medium", "High"), (0x04, 0x20, 0x60, 0xCF), 3, ""),
    ("flip", "Upside down", ("Off", "On"), (False, True), 0, "a panel mounted the other way"),
    ("bots", "Bot speed", ("Slow", "Normal", "Fast"), (1000, 500, 200), 1, "how long a bot's move stays"),
    ("repeat", "Auto-repeat", ("On", "Off"), (True, False), 0, "a held button repeats"),
    ("open", "Open hands", ("Off", "On"), ("Off", "On"), 0, "for Habitual Joker's setup"),  # and its remembered one
    ("sound", "Sound", ("On", "Off"), (True, False), 0, ""),  # tones on a board with a buzzer, the simulator, the page
    ("animate", "Animations", ("On", "Off"), (True, False), 0, "played cards glide"),  # firmware/tables Glide
    # What a table holds (holding(): a finished trick, a Prediction turn, a
    # Joker Poker hand revealed, Georgian Joker's first-dealer draw, Double
    # Joker's game-ending lead): until A, or on by itself after four times Bot
    # speed (2 s at Normal).
    ("results", "Results", ("Wait for A", "Go on"), (False, True), 0, "a finished trick or turn"),
)
GO_ON = const(4)  # Results: Go on keeps a result this many times Bot speed
KEEP_MS = const(1000)  # a change is written this long after the last one, or on B
MOST_LEVELS = const(8)  # a bound for a remembered setup's seats; the setup screen checks them against the game


def defaults():
    out = {}
    for item in ITEMS:
        out[item[0]] = item[2][item[4]]
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
    app.tones = app.buzzer if value(chosen, "sound") else None
    app.animate = value(chosen, "animate")
    app.results = GO_ON * app.bot_delay if value(chosen, "results") else 0  # ms a result stays; 0: until A


def encode(chosen, setups):
    # The keys in a fixed order (a MicroPython dict keeps none), so the file is
    # the same bytes on every runtime.
    parts = ['"%s": %s' % (item[0], json.dumps(chosen[item[0]])) for item in ITEMS]
    parts.append('"setups": ' + json.dumps(setups))
    return saves.pack(MAGIC, VERSION, ("{" + ", ".join(parts) + "}").encode())


def decode(data):
    # bytes of the file -> the settings; SaveError says what is wrong. Every
    # key this firmware knows is checked in full; keys it does not know are
    # dropped (a key of a later firmware comes with its own check).
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
    out["setups"] = setups(got.get("setups"))
    return out


def setups(raw):
    # The remembered setups as the file holds them, the game last started
    # first: [[game id, seats, [[option, value], ...]], ...]. Each entry is
    # checked for type and range, and a bad one (or a second one for the same
    # game) is dropped; the rest stand.
    out = []
    if type(raw) is not list:
        return out
    for e in raw:
        if _entry_ok(e) and not [o for o in out if o[0] == e[0]]:
            out.append(e)
    return out


def _entry_ok(e):
    if type(e) is not list or len(e) != 3 or not one_of(e[0], registry.ids()):
        return False
    if not e[1] or not ints(e[1], -1, MOST_LEVELS - 1, MAX_SEATS) or type(e[2]) is not list:
        return False
    for o in e[2]:
        if type(o) is not list or len(o) != 2 or type(o[0]) is not str or type(o[1]) not in (int, str):
            return False
    return True


def read(root):
    # -> (settings, notice): the defaults and a line for the screen when the
    # file was damaged (and set aside); a missing file is no news.
    got, e, kept = get(root, NAME, decode)
    if got is None:
        return defaults(), told("Settings reset; old file", e, kept)
    got.pop("setups")  # read again by the title when it needs them (recall)
    return got, told("Settings safe; a damaged copy", e, kept)


def recall(root):
    # The remembered setups (setups() above); none when the file is missing or
    # damaged (read() at boot reports that).
    got = get(root, NAME, decode)[0]
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
    # The settings, one a line: LEFT/RIGHT step a value (a scale stops at its
    # ends), A steps round; a change takes effect at once and is kept a second
    # after the last one (a held LEFT writes once; a power cut loses none), or
    # at B, which goes back.
    transient = MODULES  # loaded at boot and for this screen only

    def __init__(self, app):
        self.chosen = dict(app.settings)
        self.was = dict(app.settings)  # as the file has them
        self.due = None  # when to write the last change
        ui.Menu.__init__(self, app, "Settings", [])
        self._label()

    def _label(self):
        self.items = ["%s: %s" % (item[1], self.chosen[item[0]]) for item in ITEMS]
        note = ITEMS[self.cur][5]
        self.footer = "\x10\x11 " + note if note else "\x10\x11 change   B back"

    def on_button(self, b):
        ui.Menu.on_button(self, b)
        self._label()

    def adjust(self, i, d, wrap=False):
        key, choices = ITEMS[i][0], ITEMS[i][2]
        n = len(choices)
        j = choices.index(self.chosen[key]) + d
        if wrap or n == 2:
            j %= n
        elif j < 0 or j >= n:
            return
        self.chosen[key] = choices[j]
        apply(self.app, dict(self.chosen))  # on_button labels the lines again
        self.due = self.app.clock.ticks_add(self.app.now, KEEP_MS)

    def select(self, i):
        self.adjust(i, 1, True)

    def tick(self, now):
        if self.due is not None and self.app.clock.ticks_diff(now, self.due) >= 0:
            self._keep()

    def back(self):
        self.app.pop()
        self._keep()

    def _keep(self):
        # Writes the settings when they changed. Open hands is the start of a
        # game's setup, so the remembered setups take it too (else the first
        # remembered one held it for good).
        self.due = None
        if self.chosen == self.was:
            return
        setups = None
        if self.chosen["open"] != self.was["open"]:
            setups = recall(self.app.root)
            for e in setups:
                for o in e[2]:
                    if o[0] == "open":
                        o[1] = self.chosen["open"]
        try:
            write(self.app.root, self.chosen, setups)
            self.was = dict(self.chosen)
        except OSError as e:
            self.app.saving_off(e)
