# The title and what only the title needs: the match setup (seats and
# options), starting a match and resuming the saved one (reading the files is
# firmware/reading.py's). A match needs none of it: this module is loaded for
# these screens alone (ui.Screen.transient) and dropped while a match is played.
import os
import sys

from engine import registry
from engine.state import seat_name
from firmware import ui
from firmware.match import PERSON, Match
from firmware.play import GameScreen
from firmware.tables import playable


class Title(ui.Menu):
    # Resume (when a save exists), then each game and its rules, then Settings.
    transient = __name__

    def __init__(self, app):
        self.acts = []
        items = []
        if app.saved is not None:
            items.append("Resume " + registry.title(app.saved["game"]))
            self.acts.append(("resume", None))
        for gid in playable():
            t = registry.title(gid)
            items.append(t)
            self.acts.append(("play", gid))
            items.append("Rules: " + t)
            self.acts.append(("rules", gid))
        items.append("Settings")
        self.acts.append(("settings", None))
        ui.Menu.__init__(self, app, "\x05 Joker Pocket", items, "\x12\x13 choose   A select")

    def select(self, i):
        act, gid = self.acts[i]
        if act == "resume":
            resume(self.app)
        elif act == "play":
            self.app.push(Setup(self.app, gid))
        elif act == "settings":
            from firmware.settings import SettingsScreen

            self.app.push(SettingsScreen(self.app))
        else:
            from firmware.rules import Rules

            self.app.push(Rules(self.app, gid, registry.title(gid)))

    def back(self):
        pass  # the bottom of the stack


class Setup(ui.Menu):
    # Who sits where (Person or a bot level) and the game's options, then Start.
    transient = __name__

    def __init__(self, app, game_id):
        self.game_id = game_id
        game = load_game(app, game_id)
        self.kinds = registry.bots(game_id).LEVELS
        self.info = game.INFO
        self.lo, self.hi = game.INFO.seats
        self.opts = game.INFO.options
        self.n = self.lo
        # As many people as the game suggests, the others the first bot level.
        people = self.info.people
        self.seats = [PERSON] * people + [0] * (self.hi - people)
        self.vals = [0] * len(self.opts)  # index into each option's choices
        for j in range(len(self.opts)):  # open hands as the settings say
            if self.opts[j][0] == self.info.reveal and app.settings["open"] in self.opts[j][2]:
                self.vals[j] = self.opts[j][2].index(app.settings["open"])
        ui.Menu.__init__(self, app, registry.title(game_id), [], "\x10\x11 change   B back")
        self._label()

    def _rows(self):
        # What each line is: ("n", 0), ("seat", i), ("opt", j), ("start", 0).
        rows = []
        if self.lo < self.hi:
            rows.append(("n", 0))
        for i in range(self.n):
            rows.append(("seat", i))
        for j in range(len(self.opts)):
            rows.append(("opt", j))
        rows.append(("start", 0))
        return rows

    def _label(self):
        self.rows = self._rows()
        items = []
        for kind, i in self.rows:
            if kind == "n":
                items.append("Players: %d" % self.n)
            elif kind == "seat":
                k = self.seats[i]
                items.append("%s: %s" % (seat_name(i), "Person" if k == PERSON else "Bot " + self.kinds[k]))
            elif kind == "opt":
                key, label, choices, shown = self.opts[i]
                items.append("%s: %s" % (label, shown % (choices[self.vals[i]],)))
            else:
                items.append("Start")
        self.items = items
        self.cur = min(self.cur, len(items) - 1)

    def adjust(self, i, d):
        kind, j = self.rows[i]
        if kind == "n":
            self.n = self.lo + (self.n - self.lo + d) % (self.hi - self.lo + 1)
        elif kind == "seat":
            # Cycle Person, Bot level 0, 1, ...
            k = len(self.kinds) + 1
            self.seats[j] = (self.seats[j] + 1 + d) % k - 1
        elif kind == "opt":
            self.vals[j] = (self.vals[j] + d) % len(self.opts[j][2])
        self._label()

    def select(self, i):
        if self.rows[i][0] != "start":
            self.adjust(i, 1)
            return
        options = {}
        for j in range(len(self.opts)):
            options[self.opts[j][0]] = self.opts[j][2][self.vals[j]]
        start_match(self.app, self.game_id, options, self.seats[: self.n])


# ----- starting a match


def load_game(app, game_id):
    # Only one game's modules are in memory: choosing another game frees
    # the last one's (they stay while the player is in menus, so going
    # back and forth to a game's setup costs no imports).
    if app.loaded != game_id:
        app.free_game()
        app.known = list(sys.modules)
    app.loaded = game_id
    return registry.load(game_id)


def start_match(app, game_id, options, seats):
    # A new match replaces the save of an older one at its first move; till
    # then the older one can still be resumed.
    load_game(app, game_id)
    app.match = Match(app.root, game_id, options, seats, new_seed(app))
    app.restack(GameScreen(app, app.match))


def new_seed(app):
    if app.seeds is not None:
        return (app.seeds.next16() << 13) ^ app.seeds.next16()
    try:  # on the board: the hardware RNG when the port has one
        b = os.urandom(4)
        return ((b[0] & 0x1F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
    except (AttributeError, NotImplementedError, OSError):
        return app.clock.ticks_ms() & 0x1FFFFFFF


def resume(app):
    # The saved match, replayed through firmware/reading.py's checks (loaded
    # for this alone); a save that does not replay goes aside with a notice.
    from firmware import reading

    try:
        load_game(app, app.saved["game"])
        app.match = reading.replay(app.root, app.saved)
    except reading.SaveError as e:
        notice = reading.refused(app.root, e)
        app.saved = None
        app.free_game()
        app.home()
        app.push(ui.Dialog(app, notice))
        return
    finally:
        registry.forget([reading.__name__])
    app.restack(GameScreen(app, app.match))
