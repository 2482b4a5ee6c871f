# Bots for Georgian Joker (levels: engine/ai/__init__.py). All see only a view
# (GJ-22).
# Easy, a newcomer (newcomer()): bids an Ace, a King, a Joker or a trump of
# Queen and above as a trick each; names trump by its highest card of the
# three; short of its bid it spends a Joker high at once, else plays its
# highest card, and at its bid or over its lowest. It counts no cards, does
# not ask whether its high card can win, nor keeps a Joker for later.
# Medium (easy()): bids the tricks its hand should take by simple counts
# (Jokers, trumps by rank, side Aces and Kings), names trump by its three
# cards, and plays to take exactly its bid: short of it, it tries to win the
# trick as cheaply as it can (a Joker high when nothing else wins); at its
# bid, it ducks with the highest card that still loses (a Joker low when
# everything would win).
# Hard: flat Monte Carlo (engine.ai.sampling.halving) over the unseen cards,
# dealt consistently with every void and forced card shown; each candidate
# move is played out to the end of the deal by the Medium policy for all four
# seats, bids and trump included, and scored by the deal's points. Bids are
# chosen from the same play-outs, one candidate bid against another.
# In a play-out's world (s.world) the policy knows the cards in the hands (a
# short deal sets most aside), and a seat keeps its Jokers while they alone
# can make its bid: a Joker wins or loses at will, later as now.
# Medium's card and a play-out's tricks are engine/games/georgian_tricks.py
# trick(), with the game's card play: one viper function on the Pico ("#
# viper", tools/build.py) that reads the state's buffers as raw bytes and words
# and builds nothing, a ply there about 0.012 ms (0.15 as native code, 0.34 as
# bytecode), so a play-out leaves no garbage.
import sys

from engine import const
from engine.ai import EASY, LEVELS, MEDIUM, ORDER, sampling  # LEVELS, ORDER: every bots module has them
from engine.games.georgian import (ABOVE, BID, BIDDING, CHOOSE, HI9, JOKER, JOKER_HI, JOKER_LO, LEAD, NO_TRUMP, NONE,
                                   PLAYING, RANK, SUIT, TRUMP, joker_lead)
from engine.games.georgian_tricks import MEDIUM as T_MEDIUM
from engine.games.georgian_tricks import MACHINE_CODE, OTHERS

# Hard's work per decision, in plies played out, with what else a decision
# does counted in plies as the emulated Pico times them (a ply about 0.012 ms
# as viper code): dealing a sampled world (1.35 ms), a play-out's copy and
# score (0.5 ms), a bid or trump chosen in a play-out (0.14), so a decision
# whose play-outs are short (the deal's last tricks) samples fewer worlds
# instead of taking twice as long. A decision: p95 under 0.5 s there. On a
# microcontroller where trick() runs as bytecode (CircuitPython, a profile
# without "arch") a ply costs about 28 times as much: Hard there makes the
# play-outs it made in 0.5 s as bytecode on the Pico. CPython and the
# WebAssembly port (tests, the web page) are quick enough for the full budget.
_SLOW = not MACHINE_CODE and sys.implementation.name != "cpython" and sys.platform != "webassembly"
BUDGET = 2600 if _SLOW else 36000
WORLD_COST = const(114)
PLAYOUT_COST = const(42)
_BID_PLY = const(12)
_BID_SPREAD = const(2)  # Hard tries bids this far either side of Medium's

# Medium's bid: the tricks a card should take, in hundredths (tuned for the
# exact-bid rate of Medium against itself).
_JOKER_V = const(65)  # a Joker: it may also be spent losing
TRUMP_V = bytes([20, 22, 25, 30, 35, 45, 60, 80, 95])  # by rank, Six .. Ace
_LONG_V = const(30)  # each trump beyond the third
_SIDE_A = const(40)  # a side Ace
_SIDE_K = const(15)  # a side King; with the Ace too
_SIDE_AK = const(45)
_NT_A = const(85)  # in a deal without trump
_NT_K = const(15)
_NT_Q = const(15)


# ----- Medium


def estimate(s, p):  # native
    # Tricks seat p's hand should take, in hundredths.
    t = s.trump
    b = 4 * p
    e = _JOKER_V * s.jokers_held[p]
    for x in range(4):
        m = s.held[b + x]
        if not m:
            continue
        if x == t:
            k = 0
            while m:
                low = m & -m
                m ^= low
                e += TRUMP_V[HI9[low]]
                k += 1
            if k > 3:
                e += _LONG_V * (k - 3)
        elif t == NONE:
            e += (_NT_A if m & 256 else 0) + (_NT_K if m & 128 else 0) + (_NT_Q if m & 64 else 0)
        elif m & 256:
            e += _SIDE_AK if m & 128 else _SIDE_A
        elif m & 128 and m & 127:
            e += _SIDE_K
    return e


def easy_bid(s):  # native
    p = s.turn
    n = s.cards()
    e = estimate(s, p)
    k = (e + 50) // 100
    if k > n:
        k = n
    if k == s.forbidden():
        k = k + 1 if (e >= 100 * k and k < n) or k == 0 else k - 1
    return BID + k


def easy_trump(s):
    # The suit of most strength among the three cards seen (GJ-7), or no
    # trump when they are a single low card of each suit.
    score = [0, 0, 0, 0]
    for c in s.first3:
        if c < JOKER:
            score[SUIT[c]] += 3 + RANK[c]
    best = 0
    for x in range(1, 4):
        if score[x] > score[best]:
            best = x
    if score[best] < 9:  # one card below the Queen
        return NO_TRUMP
    return TRUMP + best


def easy_play(s):  # native
    # Medium's card (engine/games/georgian_tricks.py trick(), as viper code).
    return s.ask(T_MEDIUM)


def easy(s):
    # Medium's move for the seat to move in s (a view or a full state).
    ph = s.phase()
    if ph == PLAYING:
        return easy_play(s)
    if ph == BIDDING:
        return easy_bid(s)
    if ph == CHOOSE:
        return easy_trump(s)
    return s.legal_moves()[0]


# ----- Hard


def _playout(s, move):  # native
    # move, then the deal played to its end by the Medium policy for every
    # seat; -> its cost in plies.
    if s.ph == PLAYING:
        return s.play_out(move)
    s.apply_legal(move)
    n = _BID_PLY
    ph = s.ph
    while ph < PLAYING:
        s.apply_legal(easy_bid(s) if ph == BIDDING else easy_trump(s))
        n += _BID_PLY  # bytecode and native code: a bid costs a few cards' plies
        ph = s.ph
    return n + s.play_out()


def scorer(view):  # native
    # Hard's play-out and its score for the seat to move: the deal's points
    # ahead of the others' mean (engine deal_value), or in the match's last
    # phase, where only the highest total wins (GJ-21), its total ahead of the
    # highest of the others' once the deal's points are in (at deal_value's
    # scale); plus the phase bonus a seat still on course for it (exact in
    # every deal of the phase so far) keeps by making its bid (GJ-19), weighed
    # by the deals of the phase still to come (halved for each) and counted as
    # the deal's points are.
    a, z = view.phase_deals(view.phase_of(view.d))
    later = z - view.d - 1
    best = [-1, -1, -1, -1]  # a seat's best deal of the phase so far, -1 off course
    hist = view.history()
    for q in range(4):
        if view.exact_so_far(q):
            best[q] = 0
            for i in range(a, len(hist)):
                best[q] = max(best[q], hist[i][q])

    on_course = [q for q in range(4) if best[q] >= 0]
    total = view.scores()
    last = a == view.phase_deals(3)[0]

    def rollout(s, move, seat, rng):
        n = _playout(s, move)
        if last:
            d = s.deal_points
            top = None
            for q in range(4):
                if q != seat and (top is None or total[q] + d[q] > top):
                    top = total[q] + d[q]
            v = 3 * (total[seat] + d[seat] - top)
        else:
            v = s.deal_value(seat)
        for q in on_course:
            if s.bids[q] == s.taken[q]:
                b = max(best[q], s.deal_points[q]) >> later
                v += 3 * b if q == seat else -b
        return v, n + PLAYOUT_COST

    return rollout
def _same(v, m):
    # The card that card m is worth the same as in play: the highest of its
    # run in the mover's hand (no card between them that another hand may hold).
    p = v.turn
    x = SUIT[m]
    h = v.held[4 * p + x]
    others = v.ask(OTHERS, x)
    r = RANK[m]
    while h & ABOVE[r]:
        up = h & ABOVE[r]
        up = HI9[up & -up]  # the next own card up
        if others & ABOVE[r] & ~ABOVE[up - 1]:
            break
        r = up
    return 9 * x + r


def candidates(view, moves):
    # The moves Hard compares, Medium's first: one card of each run of cards
    # that play alike, the Joker led high naming any suit or low naming the
    # suit Medium would, the bids near Medium's, every trump choice.
    first = easy(view)
    if first < JOKER:
        first = _same(view, first)
    out = [first]
    for m in moves:
        if m < JOKER:
            m = _same(view, m)
        elif BID <= m < TRUMP:
            if abs(m - first) > _BID_SPREAD:
                continue
        elif LEAD <= m < BID and m & 1 and m != first:
            continue
        if m not in out:
            out.append(m)
    return out


# ----- Easy


def newcomer(v, moves):
    # Easy's move from the legal ones (see the top of the file).
    ph = v.phase()
    p = v.to_move()
    if ph == BIDDING:
        k = v.jokers(p)
        for c in v.hand(p):
            r = RANK[c]
            if c < JOKER and (r >= 7 or SUIT[c] == v.trump and r >= 6):  # an Ace or King; a trump Queen
                k += 1
        k = min(k, v.cards())
        if BID + k not in moves:  # the dealer's forbidden bid: one less, or one from none
            k = k - 1 if k else 1
        return BID + k
    if ph == CHOOSE:
        best = NO_TRUMP
        r = -1
        for c in v.first_three():
            if c < JOKER and RANK[c] > r:
                r = RANK[c]
                best = TRUMP + SUIT[c]
        return best
    if ph != PLAYING:
        return moves[0]
    win = v.tricks(p) < v.bid(p)
    best = -1
    for m in moves:
        if m < JOKER:
            if best < 0 or (RANK[m] > RANK[best] if win else RANK[m] < RANK[best]):
                best = m
        elif win and (m == JOKER_HI or m == joker_lead(v.trump if v.trump != NONE else 0, 0)):
            return m  # the Joker high at once, led naming trump (or clubs without)
    if best >= 0:
        return best
    return JOKER_LO if JOKER_LO in moves else moves[-1]  # only Jokers, and no trick wanted: low


def choose(view, level, rng, budget=BUDGET):
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if level == EASY:
        return newcomer(view, moves)
    if level == MEDIUM:
        return easy(view)
    needed = view.hid[0] + view.hid[1] + view.hid[2] + view.hid[3]
    return sampling.halving(view, candidates(view, moves), budget, rng, scorer(view), WORLD_COST, needed)
