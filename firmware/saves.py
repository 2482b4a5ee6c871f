# The match in progress, saved after every move so a power cut loses nothing.
#
# File <root>/save.jp: one header line "JPSAVE <version> <crc32 hex> <length>"
# then the JSON payload written by engine.record.dumps: game, options, seed,
# seats (one per seat: -1 = person, else the bot level) and moves. It is written
# to save.tmp first and renamed over save.jp, so a cut mid-write leaves the old
# save whole. (binascii's CRC-32 is in C on the board and the host; one a save, so its
# bignum on a 32-bit board costs nothing.)
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


def encode(rec):
    payload = record.dumps(rec).encode()
    head = "%s %d %08x %d\n" % (MAGIC, VERSION, binascii.crc32(payload), len(payload))
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
    if version < VERSION:
        raise OldSave("made by an older version (%d)" % version)
    if version != VERSION:
        raise SaveError("unknown version %d" % version)
    payload = data[nl + 1:]
    if len(payload) != size:
        raise SaveError("truncated (%d of %d bytes)" % (len(payload), size))
    if binascii.crc32(payload) != crc:
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
