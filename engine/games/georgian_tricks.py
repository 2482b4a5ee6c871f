# Georgian Joker's tricks as viper code on the Pico (tools/build.py): a card
# played (GJ-11 .. GJ-17), and the Medium bot's card (engine/ai/georgian.py)
# that Hard's play-outs ask at every ply. Both are in the one function trick():
# on the Pico viper code is quick only inside a function, a call costing about
# 4 us and each cast of a buffer 1.5, more than a ply's own work.
# trick() reads a state's buffers (small, big: engine/games/georgian.py) and
# the trick's registers: the state's scalars copied into a bytearray,
# with what the caller asks (R_MODE, R_MOVE): Georgian.ask().
from engine import const, ptr8, ptr16
from engine.bits import POP8

HI9 = bytes([0] + [len(bin(m)) - 3 for m in range(1, 512)])  # highest rank in a mask (the lowest: HI9[m & -m])

# The registers' places.
R_TURN = const(0)
R_LEAD = const(1)
R_TRUMP = const(2)
R_IN = const(3)  # cards in the trick
R_SUIT = const(4)  # the suit led or named
R_AT = const(5)  # the best card's place in the trick
R_POWER = const(6)  # ... and its power
R_JOUT = const(7)
R_WORLD = const(8)  # 1 in a search's world: the hands are the world's, not unseen
R_MODE = const(9)
R_MOVE = const(10)  # PLAY's card; PLAY_OUT's first card (NO_MOVE: Medium's); OTHERS' suit
_R_OTH = const(11)  # scratch: others() per suit, two bytes each
REGS = const(19)
# What trick() does (R_MODE) and gives back:
PLAY_OUT = const(0)  # plays R_MOVE, then Medium's cards for every seat to the deal's end -> cards played
MEDIUM = const(1)  # -> Medium's card for the seat to move, nothing played
PLAY = const(2)  # plays card R_MOVE -> 0 the trick goes on, 1 taken (R_LEAD its taker), 2 the deal is over
MUST = const(3)  # -> what the seat to move must play (GJ-11, GJ-14): suit (4: any card) << 9 | its ranks
OTHERS = const(4)  # -> the ranks of suit R_MOVE the seat to move cannot see still in play (in a world: in other hands)
NO_MOVE = const(255)

# The game's constants (viper code knows only its own module's; the same
# values, host_tests/test_georgian_bots.py holds them to the game's).
_S_TAKEN = const(4)  # in small, after the bids
_S_TRICK = const(8)
_S_JOKERS = const(16)
_B_GONE = const(16)  # in big, after the hands
_NONE = const(4)
_JOKER = const(36)  # = JOKER_HI
_JOKER_LO = const(37)
_LEAD = const(40)
_P_JOKER = const(100)
_P_TOP = const(99)
_P_LEAD_HI = const(49)
_P_LEAD_LO = const(1)
_P_TRUMP = const(50)
_P_SUIT = const(20)


def _wraps() -> int:  # viper
    # A sum past a machine word wraps below zero in viper code, not in Python.
    x = 0x3FFFFFFF
    if x + x + 2 < 0:
        return 1
    return 0


MACHINE_CODE = _wraps() == 1  # trick() runs as viper code here (a board built with its "arch")


def trick(small, big, regs) -> int:  # viper
    k = ptr8(small)
    h = ptr16(big)
    g = ptr8(regs)
    hi = ptr8(HI9)
    mode = g[R_MODE]
    world = g[R_WORLD]
    n = 0
    while True:
        p = g[R_TURN]
        b = 4 * p
        t = g[R_TRUMP]
        in_trick = g[R_IN]
        x = g[R_SUIT]
        if in_trick == 0 or mode == OTHERS:
            # Per suit, the ranks p cannot see still in play (in a world, those
            # the other hands hold), into the scratch.
            for y in range(4):
                o = 510
                if y == 1 or y == 2:
                    o = 511  # only hearts and diamonds have a Six (GJ-2)
                if world:
                    o = h[y] | h[4 + y] | h[8 + y] | h[12 + y]
                o &= 511 ^ (h[b + y] | h[_B_GONE + y])
                g[_R_OTH + 2 * y] = o & 255
                g[_R_OTH + 2 * y + 1] = o >> 8
            if mode == OTHERS:
                y = g[R_MOVE]
                return g[_R_OTH + 2 * y] | g[_R_OTH + 2 * y + 1] << 8
        # What p must play (GJ-11, GJ-14): suit ms, ranks mr.
        ms = _NONE
        mr = 0
        if in_trick:
            if h[b + x]:
                ms = x
                mr = h[b + x]
                if k[_S_TRICK] >= _LEAD:
                    mr = 1 << hi[mr]  # a Joker led: the highest of the suit named
            elif t != _NONE and h[b + t]:
                ms = t
                mr = h[b + t]
        if mode == MUST:
            return ms << 9 | mr
        m = -1
        if mode == PLAY or (n == 0 and mode == PLAY_OUT and g[R_MOVE] != NO_MOVE):
            m = g[R_MOVE]
        else:
            # Medium's card: to take exactly its bid (engine/ai/georgian.py).
            win = 0
            if k[_S_TAKEN + p] != k[p]:  # the bids first: short of the bid, or over it (10 a trick)
                win = 1
            jokers = k[_S_JOKERS + p]
            cards = h[b] | h[b + 1] | h[b + 2] | h[b + 3]
            # A Joker to spend: not when, in a world, the seat could lose this
            # trick and make its bid with its Jokers alone (a Joker wins or
            # loses at will, later as now).
            need = k[p] - k[_S_TAKEN + p]
            joker = jokers
            if world and need > 0 and need <= jokers and cards:
                joker = 0
            if in_trick == 0 and win:
                # A card nobody can beat in its suit (no higher rank that
                # others() holds): a side suit's first, then a trump.
                j = 0
                while j < 5:
                    y = j
                    if j == 4:
                        y = t
                    if (j == 4 or y != t) and y != _NONE and h[b + y]:
                        r = hi[h[b + y]]
                        if (g[_R_OTH + 2 * y] | g[_R_OTH + 2 * y + 1] << 8) & (511 << (r + 1)) & 511 == 0:
                            m = 9 * y + r
                            break
                    j += 1
                if m < 0:
                    top = -1  # the seat's highest card, in suit z
                    z = 0
                    for y in range(4):
                        if h[b + y] and hi[h[b + y]] > top:
                            top = hi[h[b + y]]
                            z = y
                    if joker and t != _NONE:
                        m = _LEAD + 2 * t  # high, naming trump: wins unless the other Joker is played high
                    elif joker:
                        m = _LEAD + 2 * z
                    else:
                        m = 9 * z + top
            elif in_trick == 0:
                # Duck: the lowest side card, else the lowest trump.
                low = 9
                for y in range(4):
                    if h[b + y] and y != t and hi[h[b + y] & (0 - h[b + y])] < low:
                        low = hi[h[b + y] & (0 - h[b + y])]
                        m = 9 * y + low
                if m < 0 and t != _NONE and h[b + t]:
                    m = 9 * t + hi[h[b + t] & (0 - h[b + t])]
                if m < 0:
                    # Only Jokers: low, naming the suit the others hold most of,
                    # so one of them wins.
                    pop = ptr8(POP8)
                    most = 0
                    c = -1
                    for y in range(4):
                        o = g[_R_OTH + 2 * y] | g[_R_OTH + 2 * y + 1] << 8
                        if pop[o & 255] + (o >> 8) > c:
                            c = pop[o & 255] + (o >> 8)
                            most = y
                    m = _LEAD + 2 * most + 1
            elif ms == _NONE:
                # Void in the suit led and in trumps: no card wins, only a Joker can.
                if win and joker:
                    m = _JOKER
                elif cards == 0:
                    m = _JOKER_LO  # only Jokers left
                else:
                    # The lowest card (keeping the high ones), or the highest (shedding it).
                    r = 9
                    if win == 0:
                        r = -1
                    for y in range(4):
                        o = h[b + y]
                        if o and win and hi[o & (0 - o)] < r:
                            r = hi[o & (0 - o)]
                            m = 9 * y + r
                        elif o and win == 0 and hi[o] > r:
                            r = hi[o]
                            m = 9 * y + r
            else:
                # The cards of the suit that beat the trick so far: ranks above j.
                j = g[R_POWER] - _P_SUIT
                if ms == t:
                    j = g[R_POWER] - _P_TRUMP
                wins = mr
                if j >= 8:
                    wins = 0
                elif j >= 0:
                    wins = mr & (511 << (j + 1)) & 511
                if win and wins and in_trick == 3:
                    m = 9 * ms + hi[wins & (0 - wins)]  # last: just enough
                elif win and wins:
                    m = 9 * ms + hi[wins]
                elif win and joker:
                    m = _JOKER  # high: the later high Joker wins (GJ-17)
                elif win == 0 and mr & (511 ^ wins):
                    m = 9 * ms + hi[mr & (511 ^ wins)]  # the highest card that loses
                elif win == 0 and jokers:
                    m = _JOKER_LO  # a sure loss
                else:
                    m = 9 * ms + hi[mr & (0 - mr)]
            if mode == MEDIUM:
                return m
        # Card m played (GJ-12 .. GJ-17).
        if m >= _JOKER:
            k[_S_JOKERS + p] -= 1
            g[R_JOUT] += 1
            if m >= _LEAD:  # GJ-14: the named suit leads
                y = (m - _LEAD) >> 1
                g[R_SUIT] = y
                g[R_AT] = 0
                if m & 1:
                    g[R_POWER] = _P_LEAD_LO
                elif y == t:
                    g[R_POWER] = _P_TOP
                else:
                    g[R_POWER] = _P_LEAD_HI
            elif m == _JOKER:
                g[R_AT] = in_trick  # GJ-13, GJ-17: the last high Joker wins
                g[R_POWER] = _P_JOKER
        else:
            y = 0
            r = m
            while r >= 9:
                r -= 9
                y += 1
            h[b + y] ^= 1 << r
            h[_B_GONE + y] |= 1 << r
            pw = 0
            if y == t:
                pw = _P_TRUMP + r
            elif y == x or in_trick == 0:
                pw = _P_SUIT + r
            if in_trick == 0:
                g[R_SUIT] = y
                g[R_AT] = 0
                g[R_POWER] = pw
            elif pw > g[R_POWER]:
                g[R_AT] = in_trick
                g[R_POWER] = pw
        k[_S_TRICK + in_trick] = m
        n += 1
        if in_trick < 3:
            g[R_IN] = in_trick + 1
            g[R_TURN] = (p + 1) & 3
            if mode == PLAY:
                return 0
        else:
            g[R_IN] = 0
            w = (g[R_LEAD] + g[R_AT]) & 3
            k[_S_TAKEN + w] += 1
            g[R_TURN] = w
            g[R_LEAD] = w
            b = 4 * w
            over = 0
            if (h[b] | h[b + 1] | h[b + 2] | h[b + 3]) == 0 and k[_S_JOKERS + w] == 0:
                over = 1
            if mode == PLAY:
                return 1 + over
            if over:
                return n
