# The match in progress, saved after every move so a power cut loses nothing.
#
# File <root>/save.jp: one header line "JPSAVE <version> <crc32 hex> <length>"
# then the JSON payload written by engine.record.dumps: game, options, seed,
# seats (one per seat: -1 = person, else the bot level) and moves. Every file
# of the device (the save, the settings) is framed so (pack; unpack reads it) and written
# by put(): to <name>.tmp first, then renamed over <name>, so a cut mid-write
# leaves the old file whole. (binascii's CRC-32 is in C on the board and the
# host; one a file, so its bignum on a 32-bit board costs nothing.) This module
# writes, as a match does at every move; reading the files is done at start-up
# and for a resume alone, by firmware/reading.py, so a match's heap holds none of it.
import binascii
import os

VERSION = 2
PERSON = -1  # a seat a person plays; a bot's seat holds its level
NAME = "save.jp"
TMP = "save.tmp"
ASIDE = "save.bad"  # a damaged save set aside (firmware/reading.py set_aside)
MAGIC = "JPSAVE"
# The longest match the rules make is Georgian Joker's: 24 deals of at most 9
# tricks of 4 cards, with 4 bids, a trump choice and a CONTINUE each, at most
# 24 * 42 = 1008 moves (703 the longest of 12 bot matches of every game, option
# and seat count). Joker Poker's swaps and Prediction's re-pointing are a
# person's to make as often as they like: twice that is room for them.
MAX_MOVES = 2048


class TooLong(OSError):
    # A match longer than MAX_MOVES is no longer saved (the app says so); its
    # save of MAX_MOVES moves stays.
    pass


def path(root, name):
    if not root or root.endswith("/"):
        return root + name
    return root + "/" + name


def remove(p):
    try:
        os.remove(p)
    except OSError:
        pass


def pack(magic, version, payload):
    # A file's bytes: the header line, then the payload (bytes).
    head = "%s %d %08x %d\n" % (magic, version, binascii.crc32(payload), len(payload))
    return head.encode() + payload


def encode(rec):
    from engine import record  # not at start-up: the title writes no save

    return pack(MAGIC, VERSION, record.dumps(rec).encode())


def tmp_name(name):
    return name[: name.rfind(".")] + ".tmp"


def put(root, name, data):
    # Writes a whole file so that a cut at any point leaves the old one or the
    # new one: the bytes go to the .tmp file, which is then renamed over it.
    # OSError when the storage refuses (a read-only drive).
    with open(path(root, tmp_name(name)), "wb") as f:
        f.write(data)
    commit(root, name)


def commit(root, name):
    # Renames a whole .tmp file over the file: the last step of put(), and what
    # reading does for a write the power cut just before it.
    tmp = path(root, tmp_name(name))
    dest = path(root, name)
    try:
        os.rename(tmp, dest)
    except OSError:
        # Filesystems that refuse to rename over a file: a whole .tmp file is
        # the newer copy (firmware/reading.py get()) if the cut comes between these two steps.
        remove(dest)
        os.rename(tmp, dest)


def write(root, rec):
    if len(rec["moves"]) > MAX_MOVES:
        raise TooLong("the match has more than %d moves" % MAX_MOVES)
    put(root, NAME, encode(rec))


def delete(root):
    remove(path(root, NAME))
    remove(path(root, TMP))
