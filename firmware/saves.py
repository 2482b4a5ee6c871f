# The board's files, in one place: what each is, how it is framed, where it
# lives and how it is written; reading them back, every field checked, is
# firmware/saves_reading.py, loaded at start-up and for a resume alone, so a
# match's heap holds none of it.
#
# Every file (the save; the settings, firmware/settings.py's content) is a
# header line "<MAGIC> <version> <crc32 hex> <length>" and a JSON payload
# (pack), written by put(): to <name>.tmp first, then renamed over <name>, so a
# cut mid-write leaves the old file whole. (binascii's CRC-32 is in C on the
# board and the host; one a file, so its bignum on a 32-bit board costs
# nothing.) A damaged file is set aside as <name>.bad (the last few kept).
# The save, <root>/save.jp, is the match in progress, written after every move
# so a power cut loses nothing: the payload engine.record.dumps writes (game,
# options, seed, seats: one per seat, -1 a person, else the bot level; moves).
import binascii
import os

from engine import const

VERSION = const(2)
PERSON = const(-1)  # a seat a person plays; a bot's seat holds its level
NAME = "save.jp"
TMP = "save.tmp"
ASIDE = "save.bad"  # a damaged save set aside (saves_reading.set_aside)
MAGIC = "JPSAVE"
# The longest match the rules make is Georgian Joker's: 24 deals of at most 9
# tricks of 4 cards, with 4 bids, a trump choice and a CONTINUE each, at most
# 24 * 42 = 1008 moves (703 the longest of 12 bot matches of every game, option
# and seat count). Joker Poker's swaps and Prediction's re-pointing are a
# person's to make as often as they like: twice that is room for them.
MAX_MOVES = const(2048)
MAX_PAYLOAD = const(4 * MAX_MOVES + 256)  # "255," a move; the other fields of a save take under 128 bytes
HEAD = const(32)  # bytes that hold any header line the firmware writes ("JPSAVE 2 89abcdef 8448\n")
MAX_FILE = HEAD + MAX_PAYLOAD  # a file (save or settings) larger than this is refused unread


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
        # the newer copy (saves_reading.get()) if the cut comes between these two steps.
        remove(dest)
        os.rename(tmp, dest)


def write(root, rec):
    if len(rec["moves"]) > MAX_MOVES:
        raise TooLong("the match has more than %d moves" % MAX_MOVES)
    put(root, NAME, encode(rec))


def delete(root):
    remove(path(root, NAME))
    remove(path(root, TMP))
