# The match in progress, saved after every move so a power cut loses nothing.
#
# File <root>/save.jp: one header line "JPSAVE <version> <crc32 hex> <length>"
# then the JSON payload written by engine.record.dumps: game, options, seed,
# seats (one per seat: -1 = person, else the bot level) and moves. Every file
# of the device (the save, the settings) is framed so (pack/unpack) and written
# by put(): to <name>.tmp first, then renamed over <name>, so a cut mid-write
# leaves the old file whole. (binascii's CRC-32 is in C on the board and the
# host; one a file, so its bignum on a 32-bit board costs nothing.)
import binascii
import json
import os

from engine import record

VERSION = 2
NAME = "save.jp"
TMP = "save.tmp"
ASIDE = "save.bad"
MAGIC = "JPSAVE"


class SaveError(ValueError):
    pass


class OldSave(SaveError):
    # Written by an earlier firmware whose saves this one cannot read.
    pass


def path(root, name):
    if not root or root.endswith("/"):
        return root + name
    return root + "/" + name


def _exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False


def _remove(p):
    try:
        os.remove(p)
    except OSError:
        pass


def pack(magic, version, payload):
    # A file's bytes: the header line, then the payload (bytes).
    head = "%s %d %08x %d\n" % (magic, version, binascii.crc32(payload), len(payload))
    return head.encode() + payload


def unpack(data, magic, version):
    # A file's bytes -> its payload, checked; SaveError says what is wrong.
    nl = data.find(b"\n")
    if nl < 0:
        raise SaveError("no header")
    try:
        head = data[:nl].decode().split()
    except UnicodeError:
        raise SaveError("not a save file")
    if len(head) != 4 or head[0] != magic:
        raise SaveError("not a save file")
    try:
        got = int(head[1])
        crc = int(head[2], 16)
        size = int(head[3])
    except ValueError:
        raise SaveError("bad header")
    if got < version:
        raise OldSave("made by an older version (%d)" % got)
    if got != version:
        raise SaveError("unknown version %d" % got)
    payload = data[nl + 1:]
    if len(payload) != size:
        raise SaveError("truncated (%d of %d bytes)" % (len(payload), size))
    if binascii.crc32(payload) != crc:
        raise SaveError("checksum mismatch")
    return payload


def encode(rec):
    return pack(MAGIC, VERSION, record.dumps(rec).encode())


def decode(data):
    # bytes of a save file -> the record; SaveError says what is wrong.
    payload = unpack(data, MAGIC, VERSION)
    try:
        rec = json.loads(payload.decode())
    except ValueError:  # UnicodeError is one too
        raise SaveError("bad payload")
    return _checked(rec)


def _checked(rec):
    if not isinstance(rec, dict):
        raise SaveError("bad payload")
    for key in ("game", "options", "seed", "seats", "moves"):
        if key not in rec:
            raise SaveError("missing " + key)
    if not isinstance(rec["game"], str) or not isinstance(rec["options"], dict):
        raise SaveError("bad payload")
    if not isinstance(rec["seed"], int) or rec["seed"] < 0 or rec["seed"] >> 30:
        raise SaveError("bad seed")
    if not isinstance(rec["seats"], list):
        raise SaveError("bad seats")
    for s in rec["seats"]:
        if not isinstance(s, int) or s < -1:
            raise SaveError("bad seats")
    for m in rec["moves"]:
        if not isinstance(m, int) or m < 0 or m > 255:
            raise SaveError("bad moves")
    return rec


def tmp_name(name):
    return name[: name.rfind(".")] + ".tmp"


def put(root, name, data):
    # Writes a whole file so that a cut at any point leaves the old one or the
    # new one: the bytes go to the .tmp file, which is then renamed over it.
    # OSError when the storage refuses (a read-only drive).
    tmp = path(root, tmp_name(name))
    with open(tmp, "wb") as f:
        f.write(data)
    dest = path(root, name)
    try:
        os.rename(tmp, dest)
    except OSError:
        # Filesystems that refuse to rename over a file: get() falls back to
        # the .tmp file if the cut comes between these two steps.
        _remove(dest)
        os.rename(tmp, dest)


def get(root, name, check):
    # The file's payload as check(bytes) returns it, None when there is none.
    # A .tmp file is a write that did not finish: it counts only when the file
    # itself is gone (the cut came between removing it and the rename), and
    # only if whole; a partial one is dropped as if never begun.
    p = path(root, name)
    if _exists(p):
        with open(p, "rb") as f:
            return check(f.read())
    p = path(root, tmp_name(name))
    if not _exists(p):
        return None
    with open(p, "rb") as f:
        data = f.read()
    try:
        return check(data)
    except SaveError:
        _remove(p)
        return None


def write(root, rec):
    put(root, NAME, encode(rec))


def read(root):
    # The saved record, None when there is no save; SaveError if it is damaged.
    return get(root, NAME, decode)


def set_aside(root):
    # A damaged save is moved out of the way (kept for a look), never retried.
    p = path(root, NAME)
    if not _exists(p):
        p = path(root, TMP)
    _remove(path(root, ASIDE))
    try:
        os.rename(p, path(root, ASIDE))
    except OSError:
        pass
    delete(root)


def delete(root):
    _remove(path(root, NAME))
    _remove(path(root, TMP))
