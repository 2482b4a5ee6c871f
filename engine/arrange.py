# Joker Poker's arranger: the three hands a seat's 15 (13) cards make that are
# worth the most by the engine's tables (engine/poker.py: CDF, worth()):
# propose(), behind "arrange for me" and the bots, loaded with the bots (its
# tables about 10 KB).
#
# It values every 5-card (3-card) subset once per deal into byte tables of
# local strengths (tabulate), then climbs from a few starts, splitting the rest
# of two hands again the best way while that helps (split, _climb).
# The functions marked "# native" are the hot loops: on a board whose profile
# names its machine code (the Pico's), tools/build.py compiles them to it, a
# plan about a third quicker there; everywhere else they are plain Python.
from array import array

from engine import const
from engine.bits import POP8
from engine.poker import (CDF, COLOUR, NCLASS, RED_JOKER, at_rank, best_joker, best_rank, chance, group_values,
                          strength)

INVALID = const(255)  # a subset no hand may be (two Jokers): above every local strength
# A strength (engine.poker.strength) is (category * 13 + first rank)
# * 13 + second rank: each category spans 169, and starts at its number times that.
_SPAN = const(169)
_PAIR = const(_SPAN)
_TWO_PAIRS = const(2 * _SPAN)
_TRIPS = const(3 * _SPAN)
_STRAIGHT = const(4 * _SPAN)
_FULL_HOUSE = const(6 * _SPAN)
_QUADS = const(7 * _SPAN)
_STRAIGHT_FLUSH = const(8 * _SPAN)
STARTS = const(4)  # climbs propose() makes
# The work propose() may do, in units of about a plain subset valued (on the
# emulated Pico 32-38 microseconds with the native functions, 55-59 as
# bytecode), counted, not timed, so a search ends alike everywhere. BUDGET
# for "arrange for me": it bounds the rare deals that would take seconds (two
# Jokers, no rank that suits them) and leaves nearly all others as they are
# (there: p95 415-446 ms, at most 869 ms over 120 deals). DECIDE for a bot's
# whole plan (its reclimbs too): with the loading and the bets a plan takes
# 328-412 ms on average there, p95 470-493 ms, at most 576 ms. Less loses:
# Hard at half of it wins 0.404 [0.357, 0.453] of 400 two-seat matches
# against Hard at DECIDE, 0.255 of 400 three-seat ones (host_tests/budgets.py).
BUDGET = const(20000)
DECIDE = const(9000)
_AGAIN = const(1000)  # what the second search (two Jokers at one rank) gets at least for its climbs
_LIMIT = [BUDGET]  # the budget of the search under way
_WORK = [0]  # the units spent so far

_RK = bytearray(15)  # scratch for _fill5: each plain card's rank, rank * 13,
_R13 = bytearray(15)  # suit and suit's bit
_SU = bytearray(15)
_SB = bytearray(15)
_UP = bytearray(14)  # _UP[x]: the end of the plain cards of rank x or above
_JC = bytearray(3)  # the suits each of the seat's Jokers may take (COLOUR)
_SH = [0] * 3  # scratch for _shape()
_SHL = [0] * 3
_C2 = bytes([b * (b - 1) >> 1 for b in range(15)])  # card b's term in a 5-card subset's colex rank
_B5 = [0] * 5  # the subset being valued


# The arranger works on local strengths: the strengths a deal's subsets have
# (a few dozen, never near 255) numbered 1, 2 ... as they turn up, so its
# tables are bytes; then ordered, so the worths per position it looks up (WORTH)
# are few.
_ID = bytearray(NCLASS)  # a strength's local number (0: none)
_STR = array("H", bytes(512))  # a local number's strength
_NL = [0, 0]  # local numbers given; the first order above the high cards
_TR = bytearray(256)  # a local number's order among the deal's strengths (1, 2 ...)
_INV = bytearray(256)  # an order's local number
WORTH = array("H", bytes(1536))  # WORTH[pos * 256 + o]: the worth of the strength of order o at pos (chance())


def _local(s):
    # The local number of strength s (in order once _order() has run).
    n = _ID[s]
    if n:
        return n
    n = _NL[0] + 1
    if n < INVALID:
        _NL[0] = n
        _ID[s] = n
        _STR[n] = s
        return n
    # More strengths than numbers (never seen): s shares the nearest one's.
    for t in range(s, -1, -1):
        if _ID[t]:
            return _ID[t]
    for t in range(s, NCLASS):
        if _ID[t]:
            return _ID[t]
    return 1


def _order(hs, k):
    # Puts the local numbers in the order of their strengths (_TR, _INV) and
    # fills WORTH for k opponents.
    keep = [_STR[j] << 8 | j for j in range(1, _NL[0] + 1)]
    keep.sort()
    tr = _TR
    inv = _INV
    w = WORTH
    cdf0, cdf1, cdf2 = CDF[hs == 13]
    hi = 1
    for o in range(1, len(keep) + 1):
        s = keep[o - 1] >> 8
        j = keep[o - 1] & 255
        tr[j] = o
        inv[o] = j
        if s < _PAIR:
            hi = o + 1
        w[o] = chance(cdf0, s, k)
        w[256 + o] = chance(cdf1, s, k)
        w[512 + o] = chance(cdf2, s, k)
    tr[INVALID] = INVALID
    _NL[1] = hi


_PC = array("H", bytes(512))  # Pascal's triangle: C(n, k) at n * 16 + k (n, k < 16)


def binom(n, k):
    return _PC[n * 16 + k]


# Colex ranks: a subset {c1 < ... < ck} of card positions (a mask) has rank
# sum C(ci, i), which the loops of tabulate() count up to; colex() finds it from
# the mask's low byte and its high bits. Only hands (5 or 3 cards) are looked
# up: the masks of more are left out, so loading takes less time.
_LO = array("H", bytes(512))
_HI = array("H", bytes(2 * 6 * 128))


def _tables(pc, lo, hi, pop):  # native
    # Fills _PC, _LO and _HI at loading (in a function: locals are quicker).
    for n in range(16):
        pc[n * 16] = 1
        for k in range(1, n + 1):
            pc[n * 16 + k] = pc[n * 16 - 17 + k] + pc[n * 16 - 16 + k]
    for c in range(8):  # a mask's rank: its rank without the top card c's, plus c's term
        for m in range(1 << c, 2 << c):
            p = pop[m]
            if p <= 5:
                lo[m] = lo[m ^ (1 << c)] + pc[c * 16 + p]
                if c < 7:  # the high bits' terms after a low byte of a cards
                    for a in range(6 - p):
                        hi[a * 128 + m] = hi[a * 128 + (m ^ (1 << c))] + pc[(c + 8) * 16 + a + p]


_tables(_PC, _LO, _HI, POP8)
del _tables


def colex(m):
    lo = m & 255
    return _LO[lo] + _HI[(POP8[lo] << 7) | (m >> 8)]


_S5 = bytearray(3003)  # local strengths of every 5-card subset, by colex rank
_S3 = bytearray(286)  # and of every 3-card subset of 13 cards


def tabulate(cards, r, jokers_only, k):  # native
    # _S5 (and with 13 cards _S3): the local strength of each subset with its
    # Joker at rank r (-1: at its own best), INVALID with two Jokers or no
    # legal card; jokers_only skips the subsets without a Joker (already
    # there). WORTH: their worths against k opponents.
    n = len(cards)
    if _NL[0] > 200:  # room for the new strengths: all afresh
        jokers_only = False
    if not jokers_only:
        for j in range(1, _NL[0] + 1):
            _ID[_STR[j]] = 0
        _NL[0] = 0
    nj = 0
    while nj < n and cards[nj] >= RED_JOKER:
        nj += 1
    for a in range(nj):
        _JC[a] = COLOUR[cards[a] - RED_JOKER]
    for a in range(nj, n):
        x = cards[a]
        _RK[a] = x % 13
        _R13[a] = x % 13 * 13
        _SU[a] = x // 13
        _SB[a] = 1 << x // 13
    p = nj
    for x in range(13, -1, -1):
        while p < n and _RK[p] >= x:
            p += 1
        _UP[x] = p
    buf = _B5
    i = 0
    for e in range(4, n):
        buf[4] = cards[e]
        for d in range(3, e):
            buf[3] = cards[d]
            for c in range(2, d):
                buf[2] = cards[c]
                i = _fill5(cards, c, nj, r, jokers_only, i)
    if n == 13:
        i = 0
        for c in range(2, n):
            for b in range(1, c):
                if b < nj:  # two Jokers
                    for a in range(b):
                        _S3[i + a] = INVALID
                else:
                    for a in range(nj):
                        s = _three(_JC[a], r, b, c)
                        _S3[i + a] = INVALID if s < 0 else _ID[s] or _local(s)
                    if not jokers_only:
                        for a in range(nj, b):
                            s = _trio(_RK[a], _RK[b], _RK[c])
                            _S3[i + a] = _ID[s] or _local(s)
                i += b
    _forget()  # for the splits
    _order(n, k)
    _WORK[0] += _cost(n, nj, jokers_only)


def _cost(n, nj, jokers_only):
    # What tabulate() costs: a plain subset 1, one with a Joker 2 at its best or
    # at a rank (about 1.4 plain ones, and a table of Jokers only still walks
    # every subset), those with two Jokers next to nothing, as on MicroPython.
    m = n - nj
    plain = binom(m, 5) + (binom(m, 3) if n == 13 else 0)
    jokers = nj * (binom(m, 4) + (binom(m, 2) if n == 13 else 0))
    return (0 if jokers_only else plain) + 2 * jokers


def _trio(x, y, z):
    # The strength of three cards ranked x >= y >= z.
    if x == z:
        return _TRIPS + x * 13
    if x == y:
        return _PAIR + x * 13 + z
    if y == z:
        return _PAIR + y * 13 + x
    return x * 13 + y


def _three(jc, r, b, c):
    # The strength of a Joker of colours jc with plain cards b and c (b ranked
    # as high or higher) at rank r, -1 if it may not stand there; r -1: at its
    # best, as best_joker() picks it: it pairs b or joins b and c, or if its
    # colour forbids that, pairs the highest rank they lack.
    rb = _RK[b]
    rc = _RK[c]
    if r < 0:
        if rb > rc:
            return _PAIR + rb * 13 + rc
        if jc & ~(_SB[b] | _SB[c]):
            return _TRIPS + rb * 13
        return _PAIR + rb * 13 + (12 if rb < 12 else 11)
    if not jc & ~((_SB[b] if rb == r else 0) | (_SB[c] if rc == r else 0)):
        return -1
    if r >= rb:
        return _trio(r, rb, rc)
    return _trio(rb, r, rc) if r >= rc else _trio(rb, rc, r)


def _five(ra, rb, same, base, step, run, flush):
    # The strength of _fill5's subset with a card of rank ra >= rb on top.
    if ra == rb:
        return same
    if base >= 0:
        return base + ra * step
    cat = 5 if flush else 0
    if run and ra == 12 and rb == 3:
        return (_STRAIGHT_FLUSH if cat else _STRAIGHT) + 3 * 13 + 2  # the 5-high straight
    if run and ra == rb + 1:
        cat = 8 if cat else 4
    return cat * _SPAN + ra * 13 + rb


def _fill5(cards, c, nj, r, jokers_only, i):  # native
    # The subsets _B5 with _B5[1] = cards[b], _B5[0] = cards[a] for a < b < c,
    # at _S5[i], _S5[i + 1] ... -> the next i. _B5[2..4] are plain and ranked
    # high to low, cards b and a rank at least as high: strength() is worked
    # out from which neighbours pair up, once for c, d, e, then a few steps
    # per card b and a line per card a (the costly part of tabulate otherwise).
    buf = _B5
    rc = buf[2] % 13
    rd = buf[3] % 13
    re = buf[4] % 13
    cd = rc == rd
    de = rd == re
    suit = buf[2] // 13  # the suit the three share, or -1
    if suit != buf[3] // 13 or suit != buf[4] // 13:
        suit = -1
    if not jokers_only:
        _plain(c, nj, i, rc, rd, re, cd, de, suit)
    if 0 < nj < c:
        _jokers(cards, c, nj, r, i, rc, rd, re, cd, de, suit)
    return i + _C2[c]


def _plain(c, nj, i, rc, rd, re, cd, de, suit):  # native
    # _fill5's subsets of plain cards only (and the INVALID ones of two Jokers).
    out = _S5
    ids = _ID
    rk = _RK
    r13 = _R13
    su = _SU
    up = _UP
    for b in range(1, min(nj, c)):
        for a in range(b):
            out[i + _C2[b] + a] = INVALID
    # Cards b ranked above c: the strength with a card a of b's rank is
    # s0 + s1 * rb, with a higher one base + ra (-1: five ranks).
    f = up[rc + 1] if c > nj else c  # (c a Joker: no plain card b before it)
    if cd and de:  # trips c d e
        s0, s1, base = _FULL_HOUSE + rc * 13, 1, _TRIPS + rc * 13
    elif cd:
        s0, s1, base = _TWO_PAIRS + rc, 13, _PAIR + rc * 13
    elif de:
        s0, s1, base = _TWO_PAIRS + rd, 13, _PAIR + rd * 13
    else:
        s0, s1, base = _PAIR + rc, 13, -1
    for b in range(nj, f):
        rb = rk[b]
        j = i + _C2[b]
        top = up[rb + 1]
        if base >= 0:
            for a in range(nj, top):
                out[j + a] = ids[base + rk[a]] or _local(base + rk[a])
        elif su[b] != suit and rb - re != 3:  # no flush or straight: high cards
            for a in range(nj, top):
                out[j + a] = ids[r13[a] + rb] or _local(r13[a] + rb)
        else:
            fl = suit if su[b] == suit else -1
            for a in range(nj, top):
                s = _five(rk[a], rb, 0, base, 1, rb - re == 3, su[a] == fl)
                out[j + a] = ids[s] or _local(s)
        if top < b:
            same = s0 + s1 * rb
            v = ids[same] or _local(same)
            for a in range(top, b):
                out[j + a] = v
    # Cards b of c's rank: base + ra * step with a higher card a, else same.
    step = 1
    if cd and de:  # quads (no fifth card of the rank)
        same, base = -1, _QUADS + rc * 13
    elif cd:  # trips b c d
        same, base = _QUADS + rc * 13 + re, _TRIPS + rc * 13
    elif de:  # two pairs
        same, base, step = _FULL_HOUSE + rc * 13 + rd, _TWO_PAIRS + rc * 13 + rd, 0
    else:
        same, base = _TRIPS + rc * 13 + rd, _PAIR + rc * 13
    for b in range(max(f, nj), c):
        j = i + _C2[b]
        for a in range(nj, f):
            out[j + a] = ids[base + step * rk[a]] or _local(base + step * rk[a])
        if f < b:
            v = ids[same] or _local(same)
            for a in range(f, b):
                out[j + a] = v


def _shape(rb, rc, rd, re, out):
    # Four cards ranked rb >= rc >= rd >= re: out gets [same, base, step]: the
    # strength with a fifth card of rank rb (-1: quads, none); base + ra * step
    # with one of a higher rank ra (base -1: five ranks, see _five()).
    bc = rb == rc
    cd = rc == rd
    de = rd == re
    step = 1
    if not (bc or cd or de):  # five ranks: a straight, flush or high card
        same = _PAIR + rb * 13 + rc
        base = -1
    elif bc and cd and de:  # quads, a kicker
        same = -1
        base = _QUADS + rb * 13
    elif bc and cd:  # trips b c d
        same = _QUADS + rb * 13 + re
        base = _TRIPS + rb * 13
    elif cd and de:  # trips c d e
        same = _FULL_HOUSE + rc * 13 + rb
        base = _TRIPS + rc * 13
    elif bc and de:  # two pairs
        same = _FULL_HOUSE + rb * 13 + rd
        base = _TWO_PAIRS + rb * 13 + rd
        step = 0
    elif bc:
        same = _TRIPS + rb * 13 + rd
        base = _PAIR + rb * 13
    elif cd:
        same = _TWO_PAIRS + rb * 13 + rc
        base = _PAIR + rc * 13
    else:
        same = _TWO_PAIRS + rb * 13 + rd
        base = _PAIR + rd * 13
    out[0] = same
    out[1] = base
    out[2] = step


def _jokers(cards, c, nj, r, i, rc, rd, re, cd, de, suit):  # native
    # _fill5's subsets with a Joker at a < nj and plain cards b c d e. Per
    # Joker, runs of cards b whose strengths are a line in b's rank (_run),
    # worked out once from the shape of c d e, the Joker's rank r (-1: at its
    # best, as best_joker() picks it) and colour, so each costs about what a
    # plain subset does; with five ranks, the cards b that may make a straight
    # or flush with it one by one (_reach).
    buf = _B5
    up = _UP
    f = up[rc + 1]  # cards b above c: nj .. f - 1; of c's rank: f .. c - 1
    five = not (cd or de)
    v2 = hr = 0
    if r >= 0:
        hr = (1 << buf[2] // 13 if rc == r else 0) | (1 << buf[3] // 13 if rd == r else 0) | (1 << buf[4] // 13 if re == r else 0)
        five = five and not hr
        # The strengths with cards b above c and r (v1 + rank * s1), of rank
        # r (v2), between r and c (v3 + rank * s3), of c's rank (vb).
        if five:  # a high card but for straights and flushes, or a pair
            v1, s1 = r if r > rc else rc, 13
            v2 = _PAIR + r * 13 + rc
            v3, s3 = r * 13, 1
            vb = _PAIR + rc * 13 + (r if r > rd else rd)
        else:
            low = _SHL  # the four under a card b above them all: c, d, e and the Joker
            if r >= rc:
                _shape(r, rc, rd, re, low)
            elif r >= rd:
                _shape(rc, r, rd, re, low)
            elif r >= re:
                _shape(rc, rd, r, re, low)
            else:
                _shape(rc, rd, re, r, low)
            v1, s1 = low[1], low[2]
            vb = low[0]
            v3 = s3 = 0
            if r > rc:  # c d e hold a pair or trips: b between them and the Joker is a kicker
                sh = _SH
                _shape(r, rc, rd, re, sh)
                v2 = sh[0]
                v3 = sh[1] + r * sh[2]
                _shape(rc, rc, rd, re, sh)
                vb = sh[1] + r * sh[2]
    # With five ranks, cards b below w or from z on may make a straight (in
    # reach of e, or an Ace over a Five).
    w = nj
    z = f
    if five:
        z = up[re + 5] if re < 8 else nj
        z = z if z < f else f
        if rc <= 3 and z > nj:
            w = up[12]
    for a in range(nj):
        jc = _JC[a]
        j = i + a
        fl = five and suit >= 0 and jc >> suit & 1  # a flush too: every card b above c one by one
        lo = nj if fl else w
        hi = nj if fl else z
        if r < 0:
            # Cards b above c: the Joker joins c d e's largest set of one rank
            # if its colour lets it, else makes the best pair with b. Cards b
            # of c's rank: it joins b and c if it may (bj), else bn.
            hc = 1 << buf[2] // 13
            if cd and de:
                ok = jc & ~(hc | 1 << buf[3] // 13 | 1 << buf[4] // 13)
                _run(j, lo, hi, (_QUADS if ok else _FULL_HOUSE) + rc * 13, 1)
                bj = bn = _QUADS + rc * 13 + (12 if rc < 12 else 11)
            elif cd:
                ok = jc & ~(hc | 1 << buf[3] // 13)
                _run(j, lo, hi, _TRIPS + rc * 13 if ok else _TWO_PAIRS + rc, 1 if ok else 13)
                bj, bn = _QUADS + rc * 13 + re, _FULL_HOUSE + rc * 13 + re
            elif de:
                ok = jc & ~(1 << buf[3] // 13 | 1 << buf[4] // 13)
                _run(j, lo, hi, _TRIPS + rd * 13 if ok else _TWO_PAIRS + rd, 1 if ok else 13)
                bj, bn = _FULL_HOUSE + rc * 13 + rd, _FULL_HOUSE + rd * 13 + rc if ok else _TWO_PAIRS + rc * 13 + rd
                ok = jc & ~hc
            else:
                _run(j, lo, hi, _PAIR + rc, 13)
                ok = jc & ~hc
                bj, bn = _TRIPS + rc * 13 + rd, _TWO_PAIRS + rc * 13 + rd
            if f < c:
                _pick(j, f, c, ok, bj, bn)
        else:
            if r > rc:  # cards b above r, of rank r, between r and c (each run may be empty)
                p1 = up[r + 1]
                p2 = up[r]
                if lo < p1:
                    _run(j, lo, p1 if p1 < hi else hi, v1, s1)
                if p1 < p2:
                    _run(j, p1 if p1 > lo else lo, p2 if p2 < hi else hi, v2, 0)
                if p2 < hi:
                    _run(j, p2 if p2 > lo else lo, hi, v3, s3)
                if f < c:
                    _run(j, f, c, vb, 0)
            else:  # the Joker under b, unless c d e hold its suits at r
                ok = jc & ~hr
                _run(j, lo, hi, v1 if ok else -1, s1)
                if f < c and r == rc:
                    _pick(j, f, c, ok, vb, -1)
                elif f < c:
                    _run(j, f, c, vb if ok else -1, 0)
        if five:
            buf[0] = cards[a]
            for b in range(nj if lo > nj or fl else hi, f):
                if not lo <= b < hi:
                    _S5[j + _C2[b]] = _reach(buf, cards[b], r, rc, re, v2, suit if fl else -1)


def _reach(buf, x, r, rc, re, v2, suit):  # native
    # The local strength of the Joker buf[0] with card x above c d e of three
    # other ranks, the Joker at rank r (none of c d e's; -1: at its best) and
    # able to take suit if not -1: a straight flush or flush (by the game's
    # own rules: rare), a straight, else a pair (x's rank at r: v2) or high card.
    rb = x % 13
    if x // 13 == suit:
        buf[1] = x
        v = best_joker(buf, 0)[0] if r < 0 else at_rank(buf, 0, r)
        if v < 0:
            return INVALID
        s = strength(v)
    elif r < 0:
        if rb - re == 4:
            s = _STRAIGHT + rb * 14 - 1
        elif rb - re == 3:
            s = _STRAIGHT + 12 * 13 + 11 if rb == 12 else _STRAIGHT + rb * 14 + 13
        elif rb == 12 and rc <= 3:
            s = _STRAIGHT + 3 * 13 + 2
        else:
            s = _PAIR + rb * 13 + rc
    elif rb == r:
        s = v2
    else:
        top, mid = (r, rb) if r > rb else (rb, max(r, rc))
        if top - min(r, re) == 4:
            s = _STRAIGHT + top * 14 - 1
        elif top == 12 and mid <= 3:
            s = _STRAIGHT + 3 * 13 + 2
        else:
            s = top * 13 + mid
    return _ID[s] or _local(s)


def _run(j, lo, hi, v, step):  # native
    # _S5[j + C(b, 2)] for cards b in lo .. hi - 1: strength v + b's rank * step
    # (v < 0: INVALID).
    out = _S5
    c2 = _C2
    if v < 0:
        for b in range(lo, hi):
            out[j + c2[b]] = INVALID
        return
    ids = _ID
    rk = _RK
    for b in range(lo, hi):
        s = v + rk[b] * step
        out[j + c2[b]] = ids[s] or _local(s)


def _pick(j, lo, hi, ok, vj, vn):  # native
    # _S5[j + C(b, 2)] for cards b in lo .. hi - 1: strength vj if the suits ok
    # hold one that is not b's, else vn (-1: INVALID).
    for b in range(lo, hi):
        s = vj if ok & ~_SB[b] else vn
        _S5[j + _C2[b]] = INVALID if s < 0 else _ID[s] or _local(s)


def _score(hs, w, a, b, c):
    # The worth of groups a, b, c (masks of card positions; c the 3-card hand
    # with 13 cards), see _rate.
    t = _TR
    return _rate(hs, w, t[_S5[colex(a)]], t[_S5[colex(b)]], t[(_S5 if hs == 15 else _S3)[colex(c)]])


def _rate(hs, w, sa, sb, sc):
    # The worth of hands of strengths sa, sb, sc (sc the 3-card hand with 13
    # cards): the chances of winning at the positions the device puts them in,
    # summed; -1 if they may not be played so (JP-9, JP-13).
    if sa < sb:
        sa, sb = sb, sa
    if hs == 15:
        if sb < sc:
            sb, sc = sc, sb
            if sa < sb:
                sa, sb = sb, sa
    # Equal classes of a 3-card and a 5-card hand differ below the second
    # rank: only a high card may then beat the 5-card hand; refused too.
    elif sc > sb or (sc == sb and sc < _NL[1]):
        return -1
    if sa == INVALID:
        return -1
    return w[sa] + w[256 + sb] + w[512 + sc]


def unrank(i, k, n):
    # The mask of the k-subset of range(n) with colex rank i.
    m = 0
    c = n
    while k:
        c -= 1
        b = binom(c, k)
        if b <= i:
            i -= b
            m |= 1 << c
            k -= 1
    return m


_T = array("H", bytes(128))  # a compressed subset's low and high five bits as card positions


def _patterns(n, k):
    # The k-subsets of range(n) as masks, in increasing order (Gosper's step).
    out = array("H")
    x = (1 << k) - 1
    while x < 1 << n:
        out.append(x)
        low = x & -x
        y = x + low
        x = (((y ^ x) >> 2) // low) | y
    return out


# What g1 holds besides its first card when the rest splits into two 5-card
# hands (126 ways), or of the 8 cards when into a 5- and a 3-card hand (56),
# as compressed positions: walked by split, made once.
_HALF = _patterns(9, 4)
_FIVE = _patterns(8, 5)


def split(hs, w, z, full, s5=_S5, s3=_S3, lo=_LO, hi=_HI, pop=POP8):  # native
    # The best way to split the cards outside group z into the other two
    # hands: -> (worth, g1, g2), g2 the 3-card hand with 13 cards unless z is;
    # worth -1 if none may be played. Kept per z (_keep) while the table
    # stays. The splits' hot path: colex() and with 15 cards _rate() written out.
    got = _recall(z)
    if got is not None:
        return (got >> 15) - 1, got & 0x7FFF, full ^ z ^ (got & 0x7FFF)
    rest = full ^ z
    k = z & 255
    half = hs == 15 or pop[k] + pop[z >> 8] == 3  # two 5-card hands: each split once,
    first = rest & -rest if half else 0  # the first card in g1
    t = _T
    n = 0
    m = rest ^ first
    while m:  # t[x] (x < 32): positions of the others' first five for bits x
        low = m & -m
        m ^= low
        base = 0 if n < 5 else 32
        bit = 1 << (n % 5)
        for x in range(bit, 2 * bit):
            t[base + x] = t[base + x - bit] | low
        n += 1
    tr = _TR  # the subsets' orders
    sz = tr[(s3 if hs == 13 and half else s5)[lo[k] + hi[(pop[k] << 7) | (z >> 8)]]]
    ty = s5 if half else s3
    high = _NL[1]
    best = -1
    b1 = 0
    for x in (_HALF if half else _FIVE) if sz != INVALID else ():
        g1 = first | t[x & 31] | t[32 + (x >> 5)]
        g2 = rest ^ g1
        k = g1 & 255
        s1 = tr[s5[lo[k] + hi[(pop[k] << 7) | (g1 >> 8)]]]
        k = g2 & 255
        s2 = tr[ty[lo[k] + hi[(pop[k] << 7) | (g2 >> 8)]]]
        if hs == 13:  # as _rate(): s2 (or with half sz) the 3-card hand
            if half:
                if s1 < s2:
                    s1, s2 = s2, s1
                if s1 == INVALID or sz > s2 or (sz == s2 and sz < high):
                    v = -1
                else:
                    v = w[s1] + w[256 + s2] + w[512 + sz]
            else:
                if s1 < sz:
                    s1, a = sz, s1
                else:
                    a = sz
                if s1 == INVALID or s2 > a or (s2 == a and s2 < high):
                    v = -1
                else:
                    v = w[s1] + w[256 + a] + w[512 + s2]
        else:
            if s1 < s2:
                s1, s2 = s2, s1
            if s1 == INVALID:
                v = -1
            elif sz > s1:
                v = w[sz] + w[256 + s1] + w[512 + s2]
            elif sz > s2:
                v = w[s1] + w[256 + sz] + w[512 + s2]
            else:
                v = w[s1] + w[256 + s2] + w[512 + sz]
        if v > best:
            best = v
            b1 = g1
    _keep(z, (best + 1) << 15 | b1)
    _WORK[0] += 7 * binom(n, 4 if half else 5) >> 2  # the subsets walked, 1.75 units each
    return best, b1, rest ^ b1


_GS = [0, 0, 0]  # the groups a climb works on
_MEMO = const(128)
_MK = array("H", bytes(2 * _MEMO))  # what the table as it is gave: keys + 1 (0: none),
_MV = array("i", bytes(4 * _MEMO))  # and answers (open addressing: nothing allocated)


def _recall(key):
    # The answer kept for key (below 65535), or None.
    h = (key ^ key >> 7) & (_MEMO - 1)
    for _ in range(_MEMO):
        k = _MK[h]
        if k == key + 1:
            return _MV[h]
        if not k:
            return None
        h = (h + 1) & (_MEMO - 1)
    return None


def _keep(key, v):
    # Keeps v for key, if there is room.
    h = (key ^ key >> 7) & (_MEMO - 1)
    for _ in range(_MEMO):
        if not _MK[h]:
            _MK[h] = key + 1
            _MV[h] = v
            return
        h = (h + 1) & (_MEMO - 1)


def _forget():
    for h in range(_MEMO):
        _MK[h] = 0


def _climb(hs, w, v, quiet):  # native
    # Splits the cards of two groups of _GS again the best way (split), the
    # third kept, in turn, while that makes them worth more: each such split
    # is worth checking only after another group changed. v: their worth now;
    # quiet: the splits in a row that must not help to end (2 when group 0's
    # rest is split the best way already) -> their worth at the end.
    gs = _GS
    full = (1 << hs) - 1
    z = 1
    left = quiet
    while left and _WORK[0] < _LIMIT[0]:
        t, g1, g2 = split(hs, w, gs[z], full)
        left -= 1
        if t > v:
            v = t
            left = 2
            if z == 0:
                gs[1], gs[2] = g1, g2
            elif z == 1:
                gs[0], gs[2] = g1, g2
            else:
                gs[0], gs[1] = g1, g2
        z = z + 1 if z < 2 else 0
    return v


def _starts(hs):
    # The first group of each start: the strongest subset (the first of
    # equals) of each of the STARTS best categories there are, the strongest
    # first (the budget may end the search): down the local strengths in order.
    n5 = binom(hs, 5)
    out = []
    cat = 9
    for o in range(_NL[0], 0, -1):
        j = _INV[o]
        c = _STR[j] // _SPAN
        if c < cat:
            i = _S5.find(bytes((j,)), 0, n5)
            if i >= 0:
                out.append(unrank(i, 5, hs))
                cat = c
                if len(out) == STARTS:
                    break
    return out


def propose(cards, seats, more=None, budget=BUDGET):
    # The arrangement the device proposes ("arrange for me") and the bots start
    # from: groups 0, 1, 2 per card (2 the 3-card hand with 13 cards) worth the
    # most after a climb from each start, or None if no start leads to hands
    # that may be played. cards: a seat's cards in canonical order (Jokers
    # first). more: a list that gets every climb's end (the bots weigh them).
    # budget: BUDGET or DECIDE.
    hs = len(cards)
    w = WORTH
    _LIMIT[0] = budget
    # Two or three Jokers: the table again at one rank, and climbs from there,
    # are kept from the budget.
    again = _cost(hs, 3 if cards[2] >= RED_JOKER else 2, True) + _AGAIN if cards[1] >= RED_JOKER else 0
    _WORK[0] = again
    tabulate(cards, -1, False, seats - 1)
    best = _search(hs, w, more)
    if best < 0:
        return None
    groups = _groups(_KEEP, hs)
    if cards[1] >= RED_JOKER:
        # Two or three Jokers, each above at its own best rank: search again
        # with all of them at one rank: the one that suits those groups best,
        # or if none may be played, each rank that suits one of them best.
        r = best_rank(cards, groups, seats)
        tries = [r] if r >= 0 else _own_ranks(cards, groups)
        top = -1
        keep = groups
        _WORK[0] -= again
        _first(_KEEP)
        for r in tries:
            if top >= 0 and _WORK[0] >= _LIMIT[0]:
                break
            tabulate(cards, r, True, seats - 1)
            more_r = [] if more is not None else None
            v = _search(hs, w, more_r, True)
            if v < 0:  # no end may be played so: from the starts
                v = _search(hs, w, more_r)
            if v > top:
                top = v
                keep = _groups(_KEEP, hs)
                if more is not None:
                    more[:] = more_r
        groups = keep
    return groups


def reclimb(groups, lean, more):
    # For the bots, right after propose() of the same cards (its tables; with
    # two or more Jokers at the rank it tried last) and within what is left of
    # its budget: one more climb from groups with the worths at position lean
    # (0-2) doubled, so one hand far stronger than the others (to carry the
    # highest bet) may win over their plain sum; its end goes to the list more
    # if new. WORTH as it was after.
    hs = len(groups)
    w = WORTH
    top = 256 * lean + _NL[0]
    for o in range(256 * lean + 1, top + 1):
        w[o] *= 2
    _forget()
    gs = _GS
    gs[0] = gs[1] = gs[2] = 0
    for i in range(hs):
        gs[groups[i]] |= 1 << i
    v = _score(hs, w, gs[0], gs[1], gs[2])
    if v >= 0:
        _climb(hs, w, v, 3)
        g = _groups(gs, hs)
        if g not in more:
            more.append(g)
    for o in range(256 * lean + 1, top + 1):
        w[o] >>= 1
    _forget()


def research(worth, more):
    # For the bots, after propose() and reclimb() of the same cards and with
    # what is left of the budget (none: nothing done): every worth of the
    # table replaced by worth(position, it) (a bot's own view of the chance at
    # that place), and the climbs of propose() again from its starts; their
    # ends go to the list more if new. WORTH is left so: tabulate() fills it
    # afresh for the next cards.
    if _WORK[0] >= _LIMIT[0]:
        return
    w = WORTH
    for pos in range(0, 768, 256):
        for o in range(pos + 1, pos + _NL[0] + 1):
            w[o] = worth(pos >> 8, w[o])
    _forget()
    _search(len(more[0]), w, more)


def _own_ranks(cards, groups):
    # The ranks at which some group's Joker is at its best.
    best = group_values(cards, groups, -1, [0, 0, 0])
    out = []
    at = [0, 0, 0]
    for r in range(12, -1, -1):
        group_values(cards, groups, r, at)
        for g in range(3):
            if at[g] == best[g] and r not in out:
                out.append(r)
    return out


_KEEP = [0, 0, 0]
_ENDS = array("H", bytes(6 * STARTS))  # the climbs' ends of a first search, as _GS
_NENDS = [0]


def _search(hs, w, more, again=False):
    # Climbs from the strongest subset of each of the best categories with the
    # best split of the rest (again: from the ends of the first search, after
    # the table changed); the best groups found go to _KEEP, each climb's end
    # (as groups per card, new ones only) to the list more if given.
    # -> their worth, -1 for none.
    full = (1 << hs) - 1
    best = -1
    if not again:
        _NENDS[0] = 0
    for x in range(_NENDS[0]) if again else _starts(hs):
        if best >= 0 and _WORK[0] >= _LIMIT[0]:
            break
        if again:
            g0, g1, g2 = _ENDS[3 * x], _ENDS[3 * x + 1], _ENDS[3 * x + 2]
            v = _score(hs, w, g0, g1, g2)
        else:
            g0 = x
            v, g1, g2 = split(hs, w, g0, full)
        if v < 0:
            continue
        _GS[0] = g0
        _GS[1] = g1
        _GS[2] = g2
        v = _climb(hs, w, v, 3 if again else 2)
        if not again and _end(_GS) < 0:
            k = 3 * _NENDS[0]
            _ENDS[k], _ENDS[k + 1], _ENDS[k + 2] = _GS
            _NENDS[0] += 1
        if v > best:
            best = v
            _KEEP[0], _KEEP[1], _KEEP[2] = _GS
        if more is not None:
            g = _groups(_GS, hs)
            if g not in more:
                more.append(g)
    return best


def _first(gs):
    # Puts the climb's end gs first among _ENDS: the second search starts there.
    k = _end(gs)
    if k > 0:
        e = _ENDS
        e[0], e[1], e[2], e[k], e[k + 1], e[k + 2] = e[k], e[k + 1], e[k + 2], e[0], e[1], e[2]


def _end(gs):
    # Where among _ENDS an earlier climb of the first search ended at gs, or -1.
    for k in range(0, 3 * _NENDS[0], 3):
        if _ENDS[k] == gs[0] and _ENDS[k + 1] == gs[1] and _ENDS[k + 2] == gs[2]:
            return k
    return -1


def _groups(gs, hs):
    # Three masks as a group per card.
    out = bytearray(hs)
    for g in (1, 2):
        m = gs[g]
        for i in range(hs):
            if m >> i & 1:
                out[i] = g
    return out
