# The title and what only the title needs: the match setup (seats and
# options), starting a match and resuming the saved one (reading the files is
# firmware/saves_reading.py's). A match needs none of it: this module is loaded for
# these screens alone (ui.Screen.transient) and dropped while a match is played.
import os

from engine import registry
from engine.ai import MEDIUM
from engine.state import seat_name
from firmware import ui
from firmware.saves import PERSON
from firmware.tables import playable


class Title(ui.Menu):
    # Resume (when a save exists), then the games, Link play (a board with a
    # link cable), Statistics and Settings: a line per game keeps every game
    # a few presses away; its rules are on its setup screen, under Start.
    # The cursor opens on Resume, else on the game last started.
    transient = (__name__,)

    def __init__(self, app):
        self.acts = []
        items = []
        if app.saved is not None:
            items.append("Resume " + registry.title(app.saved["game"]))
            self.acts.append(("resume", None))
        for gid in playable():
            items.append(registry.title(gid))
            self.acts.append(("play", gid))
        if app.link is not None:  # the board has a link cable (its profile names one)
            items.append("Link play")
            self.acts.append(("link", None))
        items += ["Statistics", "Settings"]
        self.acts += [("stats", None), ("settings", None)]
        ui.Menu.__init__(self, app, "\x05 Joker Pocket", items, "\x12\x13 choose   A select")
        last = recall(app) if app.saved is None else None
        if last:
            self.cur = _index(self.acts, ("play", last[0][0]), 0)

    def select(self, i):
        act, gid = self.acts[i]
        if act == "resume":
            # Said at once: a long save replays for a second on a board, the
            # press unanswered meanwhile.
            self.footer = "Resuming..."
            self.dirty = True
            self.app.render()
            resume(self.app)
        elif act == "play":
            self.app.push(Setup(self.app, gid))
        elif act == "settings":
            from firmware.settings import SettingsScreen

            self.app.push(SettingsScreen(self.app))
        elif act == "stats":
            from firmware import stats

            stats.show(self.app, self.played())
        elif act == "link":
            # (by name: the link screens sit above the title, extending its Setup)
            self.app.push(registry.module("firmware.link.lobby").LinkMenu(self.app))

    def played(self):
        # (game id, seats) of the match last started (the remembered setups
        # put it first), else of the saved one, else None: Statistics opens
        # on its page. Read when asked, so the title's boot reads no more.
        last = recall(self.app)
        if last:
            return last[0][0], len(last[0][1])
        saved = self.app.saved
        return None if saved is None else (saved["game"], len(saved["seats"]))

    def back(self):
        pass  # the bottom of the stack


class Setup(ui.Menu):
    # Who sits where (Person or a bot level) and the game's options, Start,
    # then the game's Rules: a newcomer finds them where the game is chosen,
    # one press from Start, and B there comes back to this setup.
    # It opens as the game was last started, the cursor on Start; A on any line
    # but Rules starts (so mashing A never turns a person into a bot),
    # LEFT/RIGHT change a line.
    transient = (__name__,)

    def __init__(self, app, game_id):
        self.game_id = game_id
        game = app.load_game(game_id)
        bots = registry.bots(game_id)
        self.kinds = bots.LEVELS
        self.cycle = (PERSON,) + bots.ORDER  # what a seat's line goes round: Person, Easy, Medium, Hard
        self.info = game.INFO
        self.lo, self.hi = game.INFO.seats
        self.opts = game.INFO.options
        # At first as many people as the game suggests, the others Medium (a
        # fair game for one who knows the rules, the level every setup began
        # with before Easy came; Easy is one press left), and open hands as the
        # settings say.
        people = self.info.people
        self.seats = [PERSON] * people + [MEDIUM] * (self.hi - people)
        self.n = self.lo
        options = {}
        if self.info.reveal is not None:
            options[self.info.reveal] = app.settings["open"]
        last = self._last(recall(app))
        if last is not None:
            self.n = len(last[0])
            self.seats[: self.n] = last[0]
            options = last[1]
        self.vals = []  # index into each option's choices
        for key, label, choices, shown in self.opts:
            self.vals.append(_index(choices, options.get(key), 0))
        ui.Menu.__init__(self, app, registry.title(game_id), [], _KEYS)
        self.relabel()
        self.cur = len(self.items) - 2  # Start
        self.top = max(0, len(self.items) - self.visible_rows())  # Rules in view under it

    def on_button(self, b):
        ui.Menu.on_button(self, b)
        self.footer = "A read   B back" if self.rows[self.cur][0] == "rules" else _KEYS  # A starts no match there

    def _last(self, setups):
        # The game's remembered (seats, options) when it still takes them, else None.
        for gid, seats, pairs in setups:
            if gid == self.game_id:
                try:
                    options = self.info.setup(dict(pairs), len(seats))
                except ValueError:
                    return None
                return (seats, options) if max(seats) < len(self.kinds) else None
        return None

    def _rows(self):
        # What each line is: ("n", 0), ("seat", i), ("opt", j), ("start", 0), ("rules", 0).
        rows = []
        if self.lo < self.hi:
            rows.append(("n", 0))
        for i in range(self.n):
            rows.append(("seat", i))
        for j in range(len(self.opts)):
            rows.append(("opt", j))
        rows.append(("start", 0))
        rows.append(("rules", 0))
        return rows

    def relabel(self):
        # The lines from the seats and options (again after a change to them).
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
            elif kind == "start":
                items.append(self._start())
            else:
                items.append("Rules")
        self.items = items
        self.cur = min(self.cur, len(items) - 1)

    def _start(self):
        # "Start", and how many people play when not one: the seat lines above
        # may be scrolled out of view (Georgian Joker starts with two people).
        people = self.seats[: self.n].count(PERSON)
        if people == 1:
            return "Start"
        return "Start: %d people" % people if people else "Start: bots only"

    def adjust(self, i, d):
        # RIGHT means more: more players, a larger number (best of 1, 3, 5,
        # stopping at the ends); names (Person, the bot levels, On/Off) go round.
        kind, j = self.rows[i]
        if kind == "n":
            self.n = max(self.lo, min(self.hi, self.n + d))
        elif kind == "seat":
            c = self.cycle
            self.seats[j] = c[(c.index(self.seats[j]) + d) % len(c)]
        elif kind == "opt":
            choices = self.opts[j][2]
            if isinstance(choices[0], int):
                up = sorted(choices)
                self.vals[j] = choices.index(up[max(0, min(len(up) - 1, up.index(choices[self.vals[j]]) + d))])
            else:
                self.vals[j] = (self.vals[j] + d) % len(choices)
        self.relabel()

    def select(self, i):
        if self.rows[i][0] == "rules":
            from firmware.rules import Rules

            self.cur = i - 1  # back from the rules on Start, just above (A read them again)
            self.app.push(Rules(self.app, self.game_id, registry.title(self.game_id)))
            return
        options = {}
        for j in range(len(self.opts)):
            options[self.opts[j][0]] = self.opts[j][2][self.vals[j]]
        seats = self.seats[: self.n]
        asked(self.app, "start", lambda: self.start(options, seats))

    def start(self, options, seats):
        start_match(self.app, self.game_id, options, seats)


def asked(app, verb, then):
    # then() at once, or with a match saved once the person says so: one
    # press did not lose it without a word (a review). The new match
    # replaces it at its first move.
    if app.saved is None:
        then()
    else:
        app.push(Replace(app, verb, then))


class Replace(ui.Dialog):
    def __init__(self, app, verb, then):
        ui.Dialog.__init__(self, app, "This replaces your saved %s match" % registry.title(app.saved["game"]),
                           "A %s   B back" % verb)
        self.then = then

    def yes(self):
        self.app.pop()
        self.then()


_KEYS = "\x10\x11 change   A start   B back"  # the setup's foot


def _index(seq, x, default):
    # seq.index(x), or default when x is not there.
    for i in range(len(seq)):
        if seq[i] == x:
            return i
    return default


def recall(app):
    # The remembered setups (firmware/settings.py), read from the file when the
    # title or a setup opens; the settings module goes again at once.
    from firmware import settings

    got = settings.recall(app.root)
    registry.forget(settings.MODULES)
    return got


# ----- starting a match


def start_match(app, game_id, options, seats):
    # A new match replaces the save of an older one at its first move; till
    # then the older one can still be resumed. The setup becomes the game's
    # remembered one before the screens change: firmware/settings.py reads the
    # file with this module, which goes when the title does.
    app.load_game(game_id)
    from firmware.match import Match  # after app.load_game(): the match's modules go with the game's
    from firmware.play import GameScreen

    app.match = Match(app.root, game_id, options, seats, new_seed(app))
    from firmware import settings

    refused = None
    try:
        settings.remember(app.root, app.settings, game_id, seats, app.match.options)
    except OSError as e:
        refused = e
    registry.forget(settings.MODULES)
    app.restack(GameScreen(app, app.match))
    if refused is not None:
        app.saving_off(refused)  # said over the table


def new_seed(app):
    if app.seeds is not None:
        return (app.seeds.next16() << 13) ^ app.seeds.next16()
    try:  # on the board: the hardware RNG when the port has one
        b = os.urandom(4)
        return ((b[0] & 0x1F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
    except (AttributeError, NotImplementedError, OSError):
        return app.clock.ticks_ms() & 0x1FFFFFFF


class Notice(ui.Dialog):
    # A notice over the title that goes home() when closed: a board whose heap
    # the game's code grew resets softly there, after the notice was read.
    def yes(self):
        self.app.home()

    no = yes


def resume(app):
    # The saved match, replayed through firmware/saves_reading.py's checks (loaded
    # for this alone); a save that does not replay goes aside with a notice.
    from firmware import saves_reading

    try:
        app.load_game(app.saved["game"])
        from firmware.play import GameScreen

        app.match = saves_reading.replay(app.root, app.saved)
    except saves_reading.SaveError as e:
        notice = saves_reading.refused(app.root, e)
        app.saved = None
        app.free_game()
        app.restack(Title(app))
        app.push(Notice(app, notice))
        return
    finally:
        registry.forget([saves_reading.__name__])
    m = app.match
    if m.link is not None and app.link is None:
        m.link = None  # alone: every person seat is this board's (pass-and-play)
    app.restack(GameScreen(app, m))
    if m.link is not None:
        registry.module("firmware.link.session").rejoin(app, new_seed(app))
