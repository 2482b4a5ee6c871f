# The title and what only the title needs: the match setup (seats and
# options) and starting the match, and reading the files (firmware/saves.py
# writes them): the save it offers to resume, and at start-up the settings. A match needs none of it:
# this module is loaded for these screens alone (ui.Screen.transient) and
# dropped while a match is played.
import binascii
import json
import os
import sys

from engine import registry
from engine.state import seat_name
from firmware import saves, ui
from firmware.match import PERSON, Match
from firmware.play import GameScreen
from firmware.tables import playable


class Title(ui.Menu):
    # Resume (when a save exists), then each game and its rules, then Settings.
    # The cursor opens on Resume, else on the game last started.
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
        last = recall(app) if app.saved is None else None
        if last:
            self.cur = _index(self.acts, ("play", last[0][0]), 0)

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
    # It opens as the game was last started, the cursor on Start; A on any line
    # starts (so mashing A never turns a person into a bot), LEFT/RIGHT change
    # a line.
    transient = __name__

    def __init__(self, app, game_id):
        self.game_id = game_id
        game = load_game(app, game_id)
        self.kinds = registry.bots(game_id).LEVELS
        self.info = game.INFO
        self.lo, self.hi = game.INFO.seats
        self.opts = game.INFO.options
        # At first as many people as the game suggests, the others the first
        # bot level, and open hands as the settings say.
        people = self.info.people
        self.seats = [PERSON] * people + [0] * (self.hi - people)
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
        ui.Menu.__init__(self, app, registry.title(game_id), [], "\x10\x11 change   A start   B back")
        self._label()
        self.cur = len(self.items) - 1  # Start

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
        # RIGHT means more: more players, a larger number (best of 1, 3, 5,
        # stopping at the ends); names (Person, the bot levels, On/Off) go round.
        kind, j = self.rows[i]
        if kind == "n":
            self.n = max(self.lo, min(self.hi, self.n + d))
        elif kind == "seat":
            k = len(self.kinds) + 1
            self.seats[j] = (self.seats[j] + 1 + d) % k - 1
        elif kind == "opt":
            choices = self.opts[j][2]
            if isinstance(choices[0], int):
                up = sorted(choices)
                self.vals[j] = choices.index(up[max(0, min(len(up) - 1, up.index(choices[self.vals[j]]) + d))])
            else:
                self.vals[j] = (self.vals[j] + d) % len(choices)
        self._label()

    def select(self, i):
        options = {}
        for j in range(len(self.opts)):
            options[self.opts[j][0]] = self.opts[j][2][self.vals[j]]
        start_match(self.app, self.game_id, options, self.seats[: self.n])


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
    registry.forget([settings.__name__])
    return got


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
    # then the older one can still be resumed. The setup becomes the game's
    # remembered one before the screens change: firmware/settings.py reads the
    # file with this module, which goes when the title does.
    load_game(app, game_id)
    app.match = Match(app.root, game_id, options, seats, new_seed(app))
    from firmware import settings

    refused = None
    try:
        settings.remember(app.root, app.settings, game_id, seats, app.match.options)
    except OSError as e:
        refused = e
    registry.forget([settings.__name__])
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


# ----- the save and its match

SAVED = "Saved match"  # the save in a notice (told())
FIELDS = ("game", "options", "seed", "seats", "moves")
MAX_SEATS = 4  # the most any game has


def load_save(app):
    # Reads the save at start-up into app.saved (a damaged copy is set aside).
    # -> the notice for the screen, or None.
    app.saved, notice = read(app.root)
    return notice


def resume(app):
    rec = app.saved
    try:
        load_game(app, rec["game"])
        app.match = replay(app.root, rec)
    except SaveError as e:
        print("save set aside:", e)
        n = saves.NAME if _stat(saves.path(app.root, saves.NAME)) else saves.TMP
        notice = told(SAVED, e, set_aside(app.root, n, saves.NAME))
        app.saved = None
        app.free_game()
        app.home()
        app.push(ui.Dialog(app, notice))
        return
    app.restack(GameScreen(app, app.match))


def replay(root, rec):
    # Rebuilds the saved match (a record _checked() passed); seats the game
    # does not have, a bot level or an option it lacks, or a move the rules
    # refuse make a damaged save.
    try:
        game = registry.load(rec["game"])
        seats = rec["seats"]
        lo, hi = game.INFO.seats
        if not lo <= len(seats) <= hi or max(seats) >= len(registry.bots(rec["game"]).LEVELS):
            raise ValueError("seats %r" % (seats,))
        return Match(root, rec["game"], rec["options"], seats, rec["seed"], rec["moves"])
    except ValueError as e:
        raise SaveError("does not replay", str(e))


def read(root):
    # -> (the saved record or None, the notice of a copy set aside or None)
    rec, e, kept = get(root, saves.NAME, decode)
    return rec, told(SAVED if rec is None else "Damaged copy of the save", e, kept)


def decode(data):
    # bytes of a save file -> the record; SaveError says what is wrong.
    return _checked(parse(unpack(data, saves.MAGIC, saves.VERSION)))


def _ints(v, lo, hi, most):
    # v is a list of at most `most` ints lo..hi (True is no int here).
    if type(v) is not list or len(v) > most:
        return False
    for x in v:
        if type(x) is not int or not lo <= x <= hi:
            return False
    return True


def _checked(rec):
    # Every field of a save by type and range, before anything uses it; the
    # game's own seat count, bot levels and options are replay()'s to check.
    if type(rec) is not dict:
        raise SaveError("not a match")
    for key in FIELDS:
        if key not in rec:
            raise SaveError("no " + key)
    if rec["game"] not in playable():
        raise SaveError("unknown game", repr(rec["game"])[:40])
    if type(rec["options"]) is not dict:
        raise SaveError("wrong options", repr(rec["options"])[:40])
    seed = rec["seed"]
    if type(seed) is not int or seed < 0 or seed >> 30:
        raise SaveError("wrong seed", repr(seed)[:40])
    if not _ints(rec["seats"], -1, 255, MAX_SEATS):
        raise SaveError("wrong seats", repr(rec["seats"])[:40])
    if not _ints(rec["moves"], 0, 255, saves.MAX_MOVES):
        raise SaveError("wrong moves", repr(rec["moves"])[:40])
    return rec


# ----- reading the files (firmware/saves.py writes them)

MAX_PAYLOAD = 4 * saves.MAX_MOVES + 256  # "255," a move; the other fields of a save take under 128 bytes
HEAD = 32  # bytes that hold any header line the firmware writes ("JPSAVE 2 89abcdef 8448\n")
MAX_FILE = HEAD + MAX_PAYLOAD  # a file (save or settings) larger than this is refused unread
MAX_LISTS = 64  # JSON arrays and objects in a payload: a save has 4
KEPT = 3  # damaged files kept for a look, the newest first: save.bad, save.bad.1, save.bad.2


class SaveError(ValueError):
    # A file that cannot be used. args: what is wrong in a few words (the
    # screen says them), then what was found (the console).
    def __str__(self):
        return ": ".join([str(a) for a in self.args])


class Cut(SaveError):
    # Shorter than its header says, or no header line: a write the power cut.
    pass


def told(what, e, kept):
    # The notice for the screen about a file set aside (get(), set_aside()):
    # what it was, where it went, what was wrong; None when there was none.
    if e is None:
        return None
    return "%s %s: %s" % (what, "moved to " + kept if kept else "ignored", e.args[0])


def _stat(p):
    # (a folder?, size in bytes) of what is at p, None when nothing is.
    # os.stat is a tuple on MicroPython too: the mode first, the size at 6.
    try:
        st = os.stat(p)
    except OSError:
        return None
    return st[0] & 0x4000 != 0, st[6]


def unpack(data, magic, version):
    # A file's bytes -> its payload, checked; SaveError says what is wrong.
    nl = data.find(b"\n", 0, HEAD)
    if nl < 0:
        if not data:
            raise Cut("empty")
        # The start of a header line and no more: a write cut in its first bytes.
        if len(data) < HEAD and (magic + " ").encode().startswith(data[: len(magic) + 1]):
            raise Cut("cut short", "%r" % data)
        raise SaveError("unknown format", "no header line")
    try:
        head = data[:nl].decode().split()
    except UnicodeError:
        head = ()
    if len(head) != 4 or head[0] != magic:
        raise SaveError("unknown format", repr(data[:nl]))
    try:
        got = int(head[1])
        crc = int(head[2], 16)
        size = int(head[3])
    except ValueError:
        raise SaveError("header unreadable", " ".join(head))
    if got < version:
        raise SaveError("from an older version", "version %d" % got)
    if got != version:
        raise SaveError("from a newer version", "version %d" % got)
    if size > MAX_PAYLOAD:
        raise SaveError("too large", "%d bytes" % size)
    have = len(data) - nl - 1
    if have < size:
        raise Cut("cut short", "%d of %d bytes" % (have, size))
    if have > size:
        raise SaveError("too long", "%d bytes, not %d" % (have, size))
    payload = data[nl + 1:]
    if binascii.crc32(payload) != crc:
        raise SaveError("checksum wrong")
    return payload


def parse(payload):
    # The JSON in a payload; SaveError when there is none, or when it holds
    # more arrays and objects than a file of ours (nested, a few KB of them
    # would fill a board's heap).
    lists = payload.count(b"[") + payload.count(b"{")
    if lists > MAX_LISTS:
        raise SaveError("unreadable", "%d arrays and objects" % lists)
    try:
        return json.loads(payload.decode())
    except ValueError as e:  # UnicodeError is one too
        raise SaveError("unreadable", str(e))


def get(root, name, decode):
    # The newest whole copy of a file of the device -> (decode(its bytes) or
    # None when there is none; the SaveError of a copy set aside and the name
    # it went to, or None, None). A .tmp file beside it is a write the power
    # cut before its rename (saves.put): whole, it is the newer copy, and the
    # rename is done now; cut short, it is dropped as never begun. A copy
    # damaged any other way is moved aside (set_aside), never retried.
    found = problem = kept = None
    tmp = saves.tmp_name(name)
    for n in (tmp, name):
        p = saves.path(root, n)
        st = _stat(p)
        if st is None:
            continue
        try:
            got = _load(p, st, decode)
            if found is None:
                found = (got, n)
        except SaveError as e:
            if n == tmp and isinstance(e, Cut):
                saves.remove(p)
                continue
            print(n, "set aside:", e)
            where = set_aside(root, n, name)
            if problem is None:
                problem, kept = e, where
    if found is None:
        return None, problem, kept
    if found[1] == tmp:
        try:
            saves.commit(root, name)
        except OSError:
            pass  # a read-only drive: the same again at the next start
    return found[0], problem, kept


def _load(p, st, decode):
    # decode(the bytes of the file at p), st its _stat(); SaveError for a
    # folder, a file larger than any of ours (not read) or one the storage fails to give.
    if st[0]:
        raise SaveError("a folder")
    if st[1] > MAX_FILE:
        raise SaveError("too large", "%d bytes" % st[1])
    try:
        with open(p, "rb") as f:
            data = f.read()
    except OSError as e:
        raise SaveError("unreadable", str(e))
    return decode(data)


def set_aside(root, n, name):
    # Moves the damaged file n (name or its .tmp) out of the way, for a person
    # to look at or send in: to <name>.bad (save.bad), the newest of the last
    # KEPT (save.bad.1 the one before, ...); of a file larger than any of
    # ours only the first MAX_FILE bytes. -> the name it went to, or None
    # when the storage refused.
    bad = name[: name.rfind(".")] + ".bad"
    _drop(saves.path(root, "%s.%d" % (bad, KEPT - 1)))
    for i in range(KEPT - 1, 0, -1):
        older = "%s.%d" % (bad, i - 1) if i > 1 else bad
        try:
            os.rename(saves.path(root, older), saves.path(root, "%s.%d" % (bad, i)))
        except OSError:
            pass  # none there
    p = saves.path(root, n)
    st = _stat(p)
    try:
        if st is not None and not st[0] and st[1] > MAX_FILE:
            _copy_head(p, saves.path(root, bad))
            os.remove(p)
        else:
            os.rename(p, saves.path(root, bad))
    except OSError as e:
        print("cannot set aside", n, e)
        return None
    return bad


def _drop(p):
    # Removes the file, or the empty folder, at p (what set_aside may have put there).
    try:
        os.remove(p)
    except OSError:
        try:
            os.rmdir(p)
        except OSError:
            pass


def _copy_head(src, dest):
    # The first MAX_FILE bytes of src into dest, a block at a time.
    with open(src, "rb") as f:
        with open(dest, "wb") as g:
            left = MAX_FILE
            while left > 0:
                block = f.read(min(left, 512))
                if not block:
                    break
                g.write(block)
                left -= len(block)
