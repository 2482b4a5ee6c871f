# The GAME message of link play (session.py): the match the host sends, read
# back by the joiners. Loaded when a match is sent or taken, then dropped.
from engine import registry
from engine.ai import LEVELS
from firmware.link.session import BOARDS
from firmware.saves import PERSON


def game_payload(m, target, roster):
    # target, game, seat count, each seat (255 a person, else the bot level),
    # each seat's board, the seed (4 bytes), each option as the index of its
    # value in the game's choices, then the boards' link ids (2 bytes each).
    n = len(m.seats)
    p = bytearray((target, registry.ids().index(m.game_id), n))
    for k in m.seats:
        p.append(k & 0xFF)
    for b in m.link[1]:
        p.append(b)
    s = m.seed
    p.extend(bytes((s >> 24, (s >> 16) & 0xFF, (s >> 8) & 0xFF, s & 0xFF)))
    opts = m.info.options
    p.append(len(opts))
    for key, label, choices, shown in opts:
        p.append(choices.index(m.options[key]))
    for i in roster:
        p.append(i >> 8)
        p.append(i & 0xFF)
    return p


def read_game(p):
    # game_payload()'s bytes -> (target, game id, options, seats, owners, seed,
    # link ids); ValueError or IndexError for bytes no host wrote.
    target = p[0]
    gid = registry.ids()[p[1]]
    n = p[2]
    seats = [PERSON if k == 255 else k for k in p[3 : 3 + n]]
    owners = list(p[3 + n : 3 + 2 * n])
    at = 3 + 2 * n
    seed = (p[at] << 24) | (p[at + 1] << 16) | (p[at + 2] << 8) | p[at + 3]
    k = p[at + 4]
    at += 5
    info = registry.load(gid).INFO
    opts = info.options
    lo, hi = info.seats
    if k != len(opts) or max(owners) >= BOARDS or not lo <= n <= hi or \
            [q for q in p[3 : 3 + n] if q != 255 and q >= len(LEVELS)]:
        raise ValueError("not a match of this firmware")  # (a seat count or bot level Match would refuse)
    options = {}
    for j in range(k):
        options[opts[j][0]] = opts[j][2][p[at + j]]
    at += k
    ids = [p[i] << 8 | p[i + 1] for i in range(at, len(p) - 1, 2)]
    return target, gid, options, seats, owners, seed, ids
