# The match in progress, saved after every move so a power cut loses nothing.
#
# File <root>/save.jp: one header line "JPSAVE <version> <crc16 hex> <length>"
# then the JSON payload written by engine.record.dumps: game, options, seed,
# seats (-1 = person, else the bot level) and moves. It is written to save.tmp
# first and renamed over save.jp, so a cut mid-write leaves the old save whole.
import json
import os

from engine import record

VERSION = 1
NAME = "save.jp"
TMP = "save.tmp"
ASIDE = "save.bad"
MAGIC = "JPSAVE"


class SaveError(ValueError):
    pass


def _crc_table():
    # CRC-16/CCITT-FALSE (poly 0x1021), one 16-bit entry per byte value.
    t = []
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
            c &= 0xFFFF
        t.append(c)
    return t


_TABLE = None


def crc16(data):
    global _TABLE
    if _TABLE is None:
        _TABLE = _crc_table()
    t = _TABLE
    c = 0xFFFF
    for b in data:
        c = ((c << 8) & 0xFFFF) ^ t[(c >> 8) ^ b]
    return c


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


def encode(rec):
    payload = record.dumps(rec).encode()
    head = "%s %d %04x %d\n" % (MAGIC, VERSION, crc16(payload), len(payload))
    return head.encode() + payload


def decode(data):
    # bytes of a save file -> the record; SaveError says what is wrong.
    nl = data.find(b"\n")
    if nl < 0:
        raise SaveError("no header")
    try:
        head = data[:nl].decode().split()
    except UnicodeError:
        raise SaveError("not a save file")
    if len(head) != 4 or head[0] != MAGIC:
        raise SaveError("not a save file")
    try:
        version = int(head[1])
        crc = int(head[2], 16)
        size = int(head[3])
    except ValueError:
        raise SaveError("bad header")
    if version != VERSION:
        raise SaveError("unknown version %d" % version)
    payload = data[nl + 1:]
    if len(payload) != size:
        raise SaveError("truncated (%d of %d bytes)" % (len(payload), size))
    if crc16(payload) != crc:
        raise SaveError("checksum mismatch")
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
    if not isinstance(rec["seed"], int):
        raise SaveError("bad seed")
    for s in rec["seats"]:
        if not isinstance(s, int) or s < -1:
            raise SaveError("bad seats")
    for m in rec["moves"]:
        if not isinstance(m, int) or m < 0 or m > 255:
            raise SaveError("bad moves")
    return rec


def write(root, rec):
    data = encode(rec)
    tmp = path(root, TMP)
    with open(tmp, "wb") as f:
        f.write(data)
    dest = path(root, NAME)
    try:
        os.rename(tmp, dest)
    except OSError:
        # Filesystems that refuse to rename over a file: read() falls back
        # to save.tmp if the cut comes between these two steps.
        _remove(dest)
        os.rename(tmp, dest)


def read(root):
    # The saved record, None when there is no save; SaveError if it is damaged.
    for name in (NAME, TMP):
        p = path(root, name)
        if _exists(p):
            with open(p, "rb") as f:
                return decode(f.read())
    return None


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
