# Georgian Joker's state as bytes: the State protocol's encode() and decode(),
# for the host's tests, tools and checks. A match on the device copies its
# states (Georgian.copy_from) and never asks for bytes, so this module is
# loaded only when they are asked for and a match's heap holds none of it.
from engine import codec, const
from engine.games.georgian import BETWEEN, FULL, NONE, OVER, RANK, SUIT, Georgian, points, popcount9

_VERSION = const(1)
# The state's one-byte counters, in the order its bytes hold them: encode() and
# decode() both read this list (Georgian.copy_from names them again: a search's
# hot loop, where getattr by name would cost).
COUNTERS = ("nines", "d", "dealer", "ph", "turn", "lead", "trump", "turned", "in_trick", "trick_suit", "best_at",
            "best_power", "jout")


def encode(st):
    # 15 bytes of counters; bids, tricks, the trick, the last trick,
    # Jokers and hidden counts per seat (24); the chooser's three cards (3);
    # the Rng state (4); a location nibble per card id 0..35 (18: 0
    # elsewhere, 1..4 a hand, 5 out of play); each seat's bans per suit as the
    # ranks left allowed (8); the dealer's draw; the sheet. Points are
    # worked out from the sheet.
    out = bytearray([_VERSION])
    for name in COUNTERS:
        out.append(getattr(st, name))
    out.append(st.seer + 1)
    out.append(st.pwin)
    out += st.bids
    out += st.taken
    out += st.trick
    out += st.prev
    out += st.jokers_held
    out += st.hid
    out += st.first3
    out += st.rng_state
    for c in range(0, 36, 2):
        out.append(_where(st, c) | _where(st, c + 1) << 4)
    for i in range(0, 16, 2):
        out.append(9 - popcount9(st.ban[i]) | (9 - popcount9(st.ban[i + 1])) << 4)
    out.append(len(st.draw))
    out += st.draw
    codec.put_int(out, len(st.sheet))
    out += st.sheet
    return bytes(out)


def _where(st, c):
    s = SUIT[c]
    bit = 1 << RANK[c]
    if s == NONE or not FULL[s] & bit:
        return 0
    for q in range(4):
        if st.held[4 * q + s] & bit:
            return 1 + q
    return 5 if st.gone[s] & bit else 0


def decode(data):
    if len(data) < 75 or data[0] != _VERSION:
        raise ValueError("not a Georgian Joker state")
    st = Georgian()
    for i in range(len(COUNTERS)):
        setattr(st, COUNTERS[i], data[1 + i])
    st.seer = data[14] - 1
    st.pwin = data[15]
    st.small[:] = data[16:43]  # bids, taken, trick, prev, jokers_held, hid, first3
    st.rng_state = bytes(data[43:47])
    at = 47
    for c in range(36):
        loc = data[at + c // 2] >> (4 * (c & 1)) & 15
        if loc:
            s = SUIT[c]
            if loc == 5:
                st.gone[s] |= 1 << RANK[c]
            else:
                st.held[4 * (loc - 1) + s] |= 1 << RANK[c]
    at += 18
    for i in range(16):
        k = data[at + i // 2] >> (4 * (i & 1)) & 15
        st.ban[i] = 511 & ~((1 << k) - 1)
    at += 8
    n = data[at]
    st.draw = bytes(data[at + 1:at + 1 + n])
    at += 1 + n
    n, at = codec.get_int(data, at)
    st.sheet = bytes(data[at:at + n])
    st.score_sheet()
    if st.ph == BETWEEN or st.ph == OVER:
        n = st.cards()
        for q in range(4):
            st.deal_points[q] = points(st.bids[q], st.taken[q], n)
    return st
