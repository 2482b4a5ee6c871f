# Joker Poker bots' plans: the groups to arrange, the Joker rank and the three
# bets of the seat to move (engine/ai/jokerpoker.py takes the steps towards
# them). It and the arranger come in with the game's bots, at a match's start:
# loading them at a turn costs a Pico about 80 ms and 9 KB of garbage.
#
# Easy, a newcomer (_newcomer()), looks for cards of a rank alone: its sets
# (pairs, threes, fours) biggest first, one to a hand, hand 1 first, a Joker
# in each hand from the first, then its single cards highest first, hand 1
# first (it never sees a straight or a flush, nor keeps hands even); it bets
# its three highest betting cards left, the highest on hand 1, whatever the
# hands' chances, so the last deal gets what is left.
# Medium arranges as "arrange for me" does (engine/arrange.py propose(), with
# the bots' budget DECIDE: a plan within 0.5 s at p95 on a Pico) and bets the
# highest, a middle and the lowest betting card it has left, the highest on the
# hand most likely to win by the device's tables.
# Hard weighs every arrangement propose()'s climbs end in, the ends of
# three more climbs from its arrangement that each lean on one hand
# (arrange.reclimb(): the highest bet is worth most on a hand far stronger
# than the others, which the plain sum of chances misses) and, with the
# budget left, of propose()'s climbs again on the hands' real chances
# (arrange.research(); with four seats the tables overrate the 3-card hand
# twofold, so the plain climbs end where the real ones do not), by the betting
# points it brings: each hand's real chance to win (CAL: the tables' chance as it
# turns out against hands arranged by propose(), by place and the Jokers the
# seat holds, since the others hold the rest) times the bets on it, its own and
# the others' (as Easy places them: EASY_AT). Its own bets: the choice of three
# betting cards, highest on the likeliest hand, worth the most with what the
# cards kept bring in the deals left (their hands expected as AHEAD says).
# All of a seat's betting cards are bet by the match's end, so a bet it loses
# weighs the same whoever takes it: only where its points go matters.
from engine import arrange, const, poker
from engine.ai import EASY, HARD, MEDIUM
from engine.games import jokerpoker as J

# Hard: the mean chances (of 1000) of the best, middle and worst hand of a deal
# arranged by propose() to win, by seat count (as CAL says; made with it): what
# the betting cards kept for later deals bring.
AHEAD = ((0, 0, 0), (0, 0, 0), (757, 496, 241), (627, 280, 90), (510, 187, 45))
# Hard: how often a hand really wins (a tie half), in units of 4 thousandths,
# by seat count (2, 3, 4), the Jokers its seat holds (0, 1, 2 or more), its place
# and the chance the engine's tables give it, in NB steps (made by
# tools/bench/jokerpoker_calib.py from random deals arranged by propose()).
NB = const(20)
CAL = (
    b'\x00\x06\x0e\x1d**4AQcn\x83\x92\xa2\xbb\xbb\xc5\xd9\xd9\xf6\x0b\x14""4=?XXa'
    b'y\x88\x88\x9a\x9a\xa6\xc1\xd3\xee\xf7\x04\x17\x17(;Jggxx\x96\x9f\xaa\xc2\xc3\xc7\xca\xd2\xea\xed'
    b'\x00\x0c\x0c$$$AL^t\x90\x91\xa7\xae\xae\xc3\xd7\xda\xe8\xf6\x01""#2EHK`j'
    b'y\x8c\x8c\x9c\x9c\xa5\xc0\xc8\xe2\xf6\x07\x13\x13$8Nbox\x89\x9c\x9c\xa9\xac\xbb\xc9\xd1\xe2\xea\xf2'
    b'\x00&&,,NUe\x81\x81\xa1\xb3\xc7\xce\xce\xd3\xdd\xeb\xeb\xf0\x08\x15-BNNffu\x82'
    b'\x82\x99\xa3\xa3\xa3\xb2\xca\xe7\xec\xf6\x08\x12\x12"9?joy\x8e\x8e\xa5\xa5\xa7\xcf\xd8\xe3\xe6\xeb\xf2',
    b'\x02\x0c\x14\x1b\x1b%&>Camtxx\x9e\xa7\xb7\xd8\xda\xea\t\x17%&..?X]m'
    b'mmo\x8c\x98\x99\xb7\xcc\xe1\xf7\x07&4??R_avx\x81\x8f\x9e\xa7\xa7\xb4\xca\xe5\xea\xea'
    b'\x05\x11\x1d\x1e)6B\\\\mr\x85\x92\x9b\xb2\xb7\xb7\xce\xe0\xec\x05"*.09OOO`'
    b'``x\x94\x9f\xa3\xb6\xca\xe0\xf4\x06\x1b.<KKRVfz}\x8c\x9b\xae\xc1\xc4\xce\xda\xe8\xf0'
    b'\n!166dm}\x8b\x9b\x9b\x9b\xb2\xbf\xc7\xc7\xce\xe1\xe8\xf6\x07"88<<<hnn'
    b'nxx\x9c\x9c\xa8\xb3\xd0\xde\xf7\x08 )*+3??^i\x88\x8c\xaf\xaf\xaf\xbe\xda\xe7\xe7\xf7',
    b'\x08%7:CKKaaasss\x94\x94\xab\xab\xbd\xe2\xe8\x04\x1b/GLllu\x85\x85'
    b'\x96\x96\xa9\xa9\xbc\xbc\xc7\xde\xe2\xe2\x00\x02\x02\x05\x06\x0c\x15\x1d+6G]u\x83\xa8\xbf\xc9\xcb\xdd\xf1'
    b'\n88EJNddmqq\x8f\x91\xa1\xb3\xbe\xc6\xcb\xe3\xf3\x04\x1a@S_j{\x84\x92\x92'
    b"\x92\xb2\xb2\xb2\xb2\xc6\xca\xd5\xe1\xf2\x00\x00\x03\x04\x06\x0f\x14\x18'2:Zox\xab\xab\xb5\xb9\xdd\xf7"
    b'\x13EZaott\x80\x80\x8f\x8f\x97\x99\xa2\xcd\xce\xd6\xde\xe1\xf5\x05\x1fLY}\x84\x91\x91\x91\xa4'
    b'\xa4\xa7\xba\xba\xba\xce\xce\xe8\xe8\xf0\x00\x00\x01\x04\x06\r\x14)/BRc\x8b\x8d\xa1\xd1\xd1\xd1\xdd\xf5',
)
# Hard: how often (thousandths) Easy puts its highest, middle and lowest bet on
# hands 1-3 (the hand the tables give the highest chance gets the highest), by
# seat count (2, 3, 4); from the same deals as CAL.
EASY_AT = ((278, 387, 335, 411, 336, 253, 311, 277, 412), (285, 356, 359, 384, 393, 223, 331, 251, 418), (215, 191, 594, 211, 562, 227, 575, 246, 179))



def plan(view, level, budget=None):
    p = view.to_move()
    cards = view.cards(p)
    if level == EASY:
        made = _newcomer(view, p, cards)
        if made is not None:
            return made
        level = MEDIUM  # sets that may not be played so: Medium's plan
    n = view.n
    more = []
    best = arrange.propose(cards, n, more, arrange.DECIDE if budget is None else budget)
    if best is None:
        best = view.groups(p)  # no better idea: bet as dealt
        more = [best]
    elif level == HARD:
        for lean in range(3):
            arrange.reclimb(best, lean, more)
        arrange.research(real_worth(CAL[n - 2], jokers(cards)), more)
    made = _hard(view, p, cards, more) if level == HARD else None
    if made is None:
        rank = J.best_rank(cards, best, n)
        made = (best, rank, _easy_bets(view, p, cards, best, rank))
    return made


def _newcomer(view, p, cards):
    # Easy's plan (see the top of the file), or None when its hands may not be
    # played so (JP-9, JP-13).
    hs = view.hs
    room = [5, 5, 3 if hs == 13 else 5]
    groups = bytearray(hs)
    j = 0
    while j < hs and cards[j] >= J.RED_JOKER:
        groups[j] = j  # at most one Joker a hand (JP-9)
        room[j] -= 1
        j += 1
    runs = []  # (-size, -rank, first index): the cards of a rank lie together
    i = j
    while i < hs:
        k = i
        while k < hs and cards[k] % 13 == cards[i] % 13:
            k += 1
        runs.append((i - k, -(cards[i] % 13), i))
        i = k
    runs.sort()
    sets = 2 if hs == 13 else 3  # the 3-card hand takes no set with 13 cards
    h = 0
    for n, _, at in runs:
        g = -1  # the hand a set goes to: the next one with room for it
        if n <= -2:
            for t in range(sets):
                if room[(h + t) % sets] >= -n:
                    g = (h + t) % sets
                    h = (g + 1) % sets
                    break
        for i in range(at, at - n):
            if g < 0 or not room[g]:  # a single card, or a set no hand takes whole
                g = 0
                while not room[g]:
                    g += 1
            groups[i] = g
            room[g] -= 1
    rank = J.best_rank(cards, groups, view.n)
    v = J.group_values(cards, groups, rank, [0, 0, 0])
    if (rank < 0 and j) or J.problem(v, hs):
        return None
    free = view.free_bets(p)
    bets = []
    for b in range(4, -1, -1):
        for _ in range(free[b]):
            if len(bets) < 3:
                bets.append(b)
    return groups, rank, bets


def _ordered(view, cards, groups, rank, out):
    # out: the values of the hands the groups make, hand 1 first.
    v = J.group_values(cards, groups, rank, [0, 0, 0])
    order = J.positions(v, view.hs)
    for h in range(3):
        out[h] = v[order[h]]
    return out


def spread(free):
    # Easy's three betting cards: the highest, the lowest and the middle one of
    # the rest (free: how many of each value 0-4 are left), highest first.
    left = []
    for v in range(5):
        left += [v] * free[v]
    hi = left.pop()
    lo = left.pop(0)
    return hi, left[len(left) // 2], lo


def _easy_bets(view, p, cards, groups, rank):
    return easy_bets(view.hs, view.n, view.free_bets(p), _ordered(view, cards, groups, rank, [0, 0, 0]))


def easy_bets(hs, n, free, vals):
    # The bets (hand 1, 2, 3) Easy makes, and the device first offers a
    # person: spread() of the betting cards left (free), the highest on the
    # hand the device's tables give the best chance (vals: hand 1 first).
    w = poker.worths(hs, n - 1)
    chance = [w[h * poker.NCLASS + poker.strength(vals[h])] for h in range(3)]
    return _assign(spread(free), chance)


def _assign(values, chance):
    # Bets (hand 1, 2, 3): values (highest first) to the hands by chance, the
    # highest value to the highest chance (the earlier hand of equals).
    order = sorted(range(3), key=lambda h: (-chance[h], h))
    out = [0, 0, 0]
    for i in range(3):
        out[order[i]] = values[i]
    return out


# ----- Hard


def _hard(view, p, cards, more):
    # Each arrangement propose()'s climbs ended in, with its Joker rank, valued
    # by its hands' real chances (real_chance()): the betting points its best
    # bets bring ahead of the others (edge()), this deal's and, for the cards
    # kept, the deals left's, and the others' bets it takes (_their_bets()).
    n = view.n
    hs = view.hs
    w = poker.worths(hs, n - 1)
    pot = _their_bets(view, p, [0, 0, 0])
    options = _options(view.free_bets(p), J.DEALS - view.deal_no, n)
    cal = CAL[n - 2]
    j = jokers(cards)
    best = None
    top = None
    v = [0, 0, 0]
    chance = [0, 0, 0]
    for groups in more:
        rank = J.best_rank(cards, groups, n)
        J.group_values(cards, groups, rank, v)
        if (rank < 0 and cards[0] >= J.RED_JOKER) or J.problem(v, hs):
            continue
        order = J.positions(v, hs)
        taken = 0  # the others' bets on the hands it wins (millionths)
        for h in range(3):
            c = hand_chance(cal, j, w, h, v[order[h]])
            chance[h] = edge(c, n)
            taken += pot[h] * c
        gain, bets = _best_bets(options, chance)
        gain += taken * n // (n - 1)
        if top is None or gain > top:
            top = gain
            best = (groups, rank, bets)
    return best


def jokers(cards):
    # How many Jokers (0, 1, 2 or more) the canonical cards hold.
    j = 0
    while j < 2 and cards[j] >= J.RED_JOKER:
        j += 1
    return j


def real_chance(cal, j, h, c):
    # How often a hand at place h that the tables give chance c (thousandths)
    # wins when its seat holds j Jokers (jokers()), in thousandths: cal's
    # (see CAL) steps, straight between their middles.
    at = (3 * j + h) * NB
    x = c * NB - 500  # thousandths of a step from the first middle
    if x <= 0:
        return 4 * cal[at]
    i = x // 1000
    if i >= NB - 1:
        return 4 * cal[at + NB - 1]
    x -= 1000 * i
    return 4 * (cal[at + i] * (1000 - x) + cal[at + i + 1] * x) // 1000


def hand_chance(cal, j, w, h, value):
    # real_chance() of a hand of this value at place h (w: the tables'
    # worths, poker.worths()).
    return real_chance(cal, j, h, w[h * poker.NCLASS + poker.strength(value)] * 1000 // poker.F_ONE)


def real_worth(cal, j):
    # arrange.research()'s worths: a table's worth (of F_ONE) at place h as
    # real_chance() has it, in the same unit.
    return lambda h, c: real_chance(cal, j, h, c * 1000 // poker.F_ONE) * poker.F_ONE // 1000


def edge(chance, n):
    # What one betting point on a hand that wins with this chance (thousandths)
    # brings ahead of the other seats' mean: taken back if it wins, else it goes
    # to one of the n - 1 others (thousandths, negative for an unlikely hand).
    return (n * chance - 1000) // (n - 1)


def _their_bets(view, p, out):
    # out[h]: what the other seats are expected to bet on hand h, together, in
    # thousandths: each one's highest, middle and lowest betting card left
    # (spread(), as Easy bets) on the hands EASY_AT says. -> out.
    at = EASY_AT[view.n - 2]
    out[0] = out[1] = out[2] = 0
    for q in range(view.n):
        if q != p:
            free = view.free_bets(q)
            if sum(free) >= 3:
                vals = spread(free)
                for h in range(3):
                    out[h] += vals[0] * at[h] + vals[1] * at[3 + h] + vals[2] * at[6 + h]
    return out


def _options(free, left, n):
    # Every choice of three betting cards from free (counts per value 0-4), as
    # (a, b, c) highest first, with what the rest bring in the `left` deals to
    # come (_later).
    out = []
    for a in range(5):
        if not free[a]:
            continue
        free[a] -= 1
        for b in range(a + 1):
            if not free[b]:
                continue
            free[b] -= 1
            for c in range(b + 1):
                if free[c]:
                    free[c] -= 1
                    out.append((a, b, c, _later(free, left, n)))
                    free[c] += 1
            free[b] += 1
        free[a] += 1
    return out


def _best_bets(options, edges):
    # The option worth the most with edges (thousandths of a point each betting
    # point brings, see edge()) on hands 1-3, its highest card on the best
    # hand: -> (points in millionths, [bet on hand 1, 2, 3]).
    order = sorted(range(3), key=lambda h: (-edges[h], h))
    best = None
    out = [0, 0, 0]
    for a, b, c, later in options:
        v = (a * edges[order[0]] + b * edges[order[1]] + c * edges[order[2]]) * 1000 + later
        if best is None or v > best:
            best = v
            out[order[0]] = a
            out[order[1]] = b
            out[order[2]] = c
    return best, out


def _later(free, left, n):
    # What the betting cards free (three for each of the `left` deals to come)
    # bring there, each deal's on its hands in order of strength, their chances
    # as AHEAD expects (millionths): the most is the highest `left` cards on
    # the best hands, the next on the middle ones, the lowest on the worst, as
    # the hands' edges are in that order too.
    if not left:
        return 0
    at = AHEAD[n]
    total = 0
    k = 0  # cards counted, highest first
    for v in range(4, -1, -1):
        for _ in range(free[v]):
            total += v * edge(at[k // left], n)
            k += 1
    return total * 1000
