# The reading half of firmware/saves.py (the board's files): the newest whole
# copy of a file, its frame and every field checked before use, a damaged one
# set aside; the save the title offers to resume and its replay (the settings
# are decoded by firmware/settings.py). Only the start-up and a resume need it:
# the app loads it for them and drops it, so neither the title nor a match
# holds it.
import binascii
import json
import os

from engine import const, registry
from firmware import saves
from firmware.tables import playable

SAVED = "Saved match"  # the save in a notice (told())
FIELDS = ("game", "options", "seed", "seats", "moves")
MAX_SEATS = const(4)  # the most any game has


def refused(root, e):
    # The save whose replay raised e goes aside (the .tmp copy when that was
    # the one read). -> the notice for the screen.
    print("save set aside:", e)
    n = saves.NAME if _stat(saves.path(root, saves.NAME)) else saves.TMP
    return told(SAVED, e, set_aside(root, n, saves.NAME))


def replay(root, rec):
    # Rebuilds the saved match (a record _checked() passed); seats the game
    # does not have, a bot level or an option it lacks, or a move the rules
    # refuse make a damaged save.
    from firmware.match import Match

    try:
        game = registry.load(rec["game"])
        seats = rec["seats"]
        lo, hi = game.INFO.seats
        if not lo <= len(seats) <= hi or max(seats) >= len(registry.bots(rec["game"]).LEVELS):
            raise ValueError("seats %r" % (seats,))
        link = rec.get("link")
        if link is not None:
            link = (link["board"], link["owners"])
        return Match(root, rec["game"], rec["options"], seats, rec["seed"], rec["moves"], rec.get("hints"), link)
    except ValueError as e:
        raise SaveError("does not replay", str(e))


def read(root):
    # -> (the saved record or None, the notice of a copy set aside or None)
    rec, e, kept = get(root, saves.NAME, decode)
    return rec, told(SAVED if rec is None else "Your match is safe; a damaged copy", e, kept)


def decode(data):
    # bytes of a save file -> the record; SaveError says what is wrong.
    return _checked(parse(unpack(data, saves.MAGIC, saves.VERSION)))


def ints(v, lo, hi, most):
    # v is a list of at most `most` ints lo..hi (True is no int here). The
    # loops are the builtins' (a save's moves: 20 ms a Python loop on the Pico).
    if type(v) is not list or len(v) > most:
        return False
    return not v or set(map(type, v)) == {int} and lo <= min(v) and max(v) <= hi


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
    if not ints(rec["seats"], -1, 255, MAX_SEATS):
        raise SaveError("wrong seats", repr(rec["seats"])[:40])
    if not ints(rec["moves"], 0, 255, saves.MAX_MOVES):
        raise SaveError("wrong moves", repr(rec["moves"])[:40])
    # The hints each seat took: a field saves have once a hint was asked for.
    if "hints" in rec and not (ints(rec["hints"], 0, saves.MAX_MOVES, MAX_SEATS) and len(rec["hints"]) == len(rec["seats"])):
        raise SaveError("wrong hints", repr(rec["hints"])[:40])
    # Link play's board and each seat's board: a field of linked matches only.
    link = rec.get("link")
    if link is not None and not (type(link) is dict and ints([link.get("board")], 0, 3, 1) and
                                 ints(link.get("owners"), 0, 3, MAX_SEATS) and len(link["owners"]) == len(rec["seats"])):
        raise SaveError("wrong link", repr(link)[:40])
    return rec


# ----- reading any file of the board

_MAX_LISTS = const(64)  # JSON arrays and objects in a payload: a save has 4
KEPT = const(3)  # damaged files kept for a look, the newest first: save.bad, save.bad.1, save.bad.2


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
    nl = data.find(b"\n", 0, saves.HEAD)
    if nl < 0:
        if not data:
            raise Cut("empty")
        # The start of a header line and no more: a write cut in its first bytes.
        if len(data) < saves.HEAD and (magic + " ").encode().startswith(data[: len(magic) + 1]):
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
    if size > saves.MAX_PAYLOAD:
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
    if lists > _MAX_LISTS:
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
    if st[1] > saves.MAX_FILE:
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
        if st is not None and not st[0] and st[1] > saves.MAX_FILE:
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
            left = saves.MAX_FILE
            while left > 0:
                block = f.read(min(left, 512))
                if not block:
                    break
                g.write(block)
                left -= len(block)
