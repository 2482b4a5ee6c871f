# Bots for Joker Poker. Both see only a view (JP-15) and make a plan once per
# turn: the groups to arrange, the Joker rank and the three bets. Then each
# decision is the next step towards it: a swap, the rank, the bet. A plan is a
# pure function of what the view shows at the turn (its own Rng is seeded from
# that), so a match resumed mid-turn finds the same plan again; the last one
# is kept, as working it out is the costly part.
#
# Easy arranges as "arrange for me" does (engine propose()) and bets the
# highest, a middle and the lowest betting card it has left, the highest on the
# hand most likely to win by the device's tables.
# Hard weighs the arrangements propose()'s climbs end in against WORLDS sampled
# deals of the unseen cards (engine.ai.sampling), the other seats arranged by
# a simple player (quick()): for each, the chance each hand wins or ties, so
# the betting-card points it should bring with the best bets, this deal's and
# the deals left's (their hands expected as AHEAD says). It takes the best.
from engine.ai import sampling
from engine.games import jokerpoker as J
from engine.rng import Rng
from engine.state import CONTINUE

LEVELS = ("Easy", "Hard")
# Hard: sampled deals per plan, by seat count: about 0.6 s on a Pico with
# propose()'s 0.5 s (make bench).
WORLDS = (0, 0, 24, 16, 12)
# Hard: the expected chances (of 1000) of the best, middle and worst hand of a
# deal to win or tie, by seat count: what the betting cards kept for later deals
# should bring (from host_tests/test_jokerpoker_bots.py figures(), rounded).
AHEAD = ((0, 0, 0), (0, 0, 0), (800, 550, 250), (650, 380, 150), (560, 300, 110))

_plan = [None, None]  # the last plan's key and (groups, rank, bets)


def choose(view, level, rng=None):
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]  # CONTINUE between deals
    p = view.to_move()
    key = (level, p, view.deal_no, bytes(view.cards(p)), bytes(view.bs))
    if _plan[0] != key:
        _plan[0] = key
        _plan[1] = plan(view, level)
    groups, rank, bets = _plan[1]
    return step(view, groups, rank, bets, moves)


def step(view, groups, rank, bets, moves):
    # The next move towards the plan: swaps until the groups match (up to
    # naming: the device orders them anyway), then the Joker rank, then the bet.
    p = view.to_move()
    cur = view.groups(p)
    want = _relabel(cur, groups, view.hs)
    for i in range(len(cur)):
        if cur[i] != want[i]:
            m = _swap_for(cur, want, i, moves)
            if m >= 0:
                return m
    if rank >= 0 and view.joker_rank(p) != rank and J.RANK + rank in moves:
        return J.RANK + rank
    m = J.bet_code(bets[0], bets[1], bets[2])
    return m if m in moves else moves[-1]


def _relabel(cur, groups, hs):
    # groups with its group numbers permuted to agree with cur the most (the
    # 3-card group keeps its number).
    best = None
    most = -1
    for perm in ((0, 1, 2), (1, 0, 2), (0, 2, 1), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        if hs == 13 and perm[2] != 2:
            continue
        same = 0
        for i in range(hs):
            same += cur[i] == perm[groups[i]]
        if same > most:
            most = same
            best = perm
    return bytearray([best[g] for g in groups])


def _swap_for(cur, want, i, moves):
    # A legal swap that puts card i where it belongs: best with a card that
    # belongs where i is now; -1 if none is legal (two Jokers would meet).
    a = cur[i]
    b = want[i]
    for fits in (True, False):
        for j in range(len(cur)):
            if cur[j] == b and want[j] != b and (want[j] == a) == fits:
                m = J.swap_code(i, j)
                if m in moves:
                    return m
    return -1


def plan(view, level):
    p = view.to_move()
    n = view.n
    cards = view.cards(p)
    more = []
    best = J.propose(cards, n, more)
    if best is None:
        best = view.groups(p)  # no better idea: bet as dealt
        more = [best]
    if level == 0:
        return best, J.best_rank(cards, best, n), _easy_bets(view, p, cards, best)
    return _hard(view, p, cards, more)


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


def _easy_bets(view, p, cards, groups):
    # The highest bet on the hand the device's tables give the best chance.
    vals = _ordered(view, cards, groups, J.best_rank(cards, groups, view.n), [0, 0, 0])
    w = J._worths(view.hs, view.n - 1)
    chance = [w[h * J.NCLASS + J.strength(vals[h])] for h in range(3)]
    return _assign(spread(view.free_bets(p)), chance)


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
    n = view.n
    hs = view.hs
    worlds = WORLDS[n]
    # Its own Rng, seeded from what the view shows: the same plan every time.
    seed = view.deal_no * 7919 + p
    for c in cards:
        seed = (seed * 31 + c) & 0xFFFFFFF
    rng = Rng(seed)
    pool = sampling.Worlds(view)
    places = pool.places
    need = (n - 1) * hs
    # The others' hands, hand 1 first, in every sampled deal.
    theirs = bytearray(0)
    vals = [0, 0, 0]
    opp = []
    for _ in range(worlds):
        deal = pool.cards
        for i in range(len(pool.base)):
            deal[i] = pool.base[i]
        sampling.arrange(deal, places, rng, need)
        for q in range(n - 1):
            quick(deal, q * hs, hs, vals)
            opp.append(vals[0])
            opp.append(vals[1])
            opp.append(vals[2])
    pot = _their_bets(view, p)
    options = _options(view.free_bets(p), J.DEALS - view.deal_no, n)
    best = None
    top = -1
    mine = [0, 0, 0]
    for groups in more:
        rank = J.best_rank(cards, groups, n)
        v = J.group_values(cards, groups, rank, [0, 0, 0])
        if (rank < 0 and cards[0] >= J.RED_JOKER) or J.problem(v, hs):
            continue
        order = J.positions(v, hs)
        for h in range(3):
            mine[h] = v[order[h]]
        win = [0, 0, 0]  # per hand: sampled deals where it beats every other seat
        tie = [0, 0, 0]  # and where it ties the best of them
        for w in range(worlds):
            for h in range(3):
                hi = -1
                for q in range(n - 1):
                    v = opp[(w * (n - 1) + q) * 3 + h]
                    if v > hi:
                        hi = v
                if mine[h] > hi:
                    win[h] += 1
                elif mine[h] == hi:
                    tie[h] += 1
        chance = [(1000 * (win[h] + tie[h]) + worlds // 2) // worlds for h in range(3)]
        gain, bets = _best_bets(options, chance)
        for h in range(3):  # and the others' bets on the hands it wins
            gain += pot * win[h] * 1000 // worlds
        if gain > top:
            top = gain
            best = (groups, rank, bets)
    return best


def _their_bets(view, p):
    # What the other seats are expected to bet on one hand, together, in
    # thousandths: the mean of each one's betting cards not yet revealed.
    total = 0
    for q in range(view.n):
        if q != p:
            free = view.free_bets(q)
            k = sum(free)
            if k:
                total += 1000 * sum([v * free[v] for v in range(5)]) // k
    return total


def _options(free, left, n):
    # Every choice of three betting cards from free (counts per value 0-4), as
    # (a, b, c) highest first, with what the rest bring in the `left` deals to
    # come (millionths: see _later).
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


def _best_bets(options, chance):
    # The option worth the most with chance (thousandths of a card point each
    # betting point brings) on hands 1-3, its highest card on the likeliest
    # hand: -> (points in millionths, [bet on hand 1, 2, 3]).
    order = sorted(range(3), key=lambda h: (-chance[h], h))
    best = -1
    out = [0, 0, 0]
    for a, b, c, later in options:
        v = (a * chance[order[0]] + b * chance[order[1]] + c * chance[order[2]]) * 1000 + later
        if v > best:
            best = v
            out[order[0]] = a
            out[order[1]] = b
            out[order[2]] = c
    return best, out


def _later(free, left, n):
    # What the betting cards free bring in the `left` deals to come, each
    # deal's three best on its hands in order of strength (millionths), the
    # chances of those hands as AHEAD expects.
    if not left:
        return 0
    ahead = AHEAD[n]
    best = 0
    for a, b, c, later in _options(free, left - 1, n):
        v = (a * ahead[0] + b * ahead[1] + c * ahead[2]) * 1000 + later
        if v > best:
            best = v
    return best


# ----- a simple player's arrangement, for the sampled deals


def quick(deal, at, hs, out):
    # out: the values of the hands (hand 1 first) a simple player makes of the
    # hs cards deal[at:at + hs]: the best hand it finds, the best of the rest,
    # then what is left.
    used = 0
    for h in range(2):
        used |= _find(deal, at, hs, used, out, h)
    buf = _L5 if hs == 15 else _L3
    k = 0
    for i in range(hs):
        if not used >> i & 1:
            buf[k] = deal[at + i]
            k += 1
    out[2] = J.value(buf)
    if out[2] > out[1]:
        out[2] = out[1]  # (13 cards: a 3-card hand above hand 2 is not allowed)


_SUIT = [0, 0, 0, 0]  # scratch: the ranks of each suit not yet used
_AT = bytearray(52)  # scratch: where each card is in the deal
_C = [0] * 5  # a candidate hand
_L5 = [0] * 5  # the last hand
_L3 = [0] * 3


def _find(deal, at, hs, used, out, h):
    # The best of a few candidate hands of the unused cards: a straight flush
    # or flush per suit, a straight, the largest sets of a rank; each takes a
    # Joker if one is left. -> the cards it uses (a mask); out[h] its value.
    sm = _SUIT
    sm[0] = sm[1] = sm[2] = sm[3] = 0
    joker = -1
    for i in range(hs):
        if not used >> i & 1:
            c = deal[at + i]
            if c >= J.RED_JOKER:
                if joker < 0:
                    joker = i
            else:
                sm[c // 13] |= 1 << (c % 13)
                _AT[c] = i
    j = 1 if joker >= 0 else 0
    best = -1
    mask = 0
    union = sm[0] | sm[1] | sm[2] | sm[3]
    for s in range(5):
        ranks = sm[s] if s < 4 else union
        if J.POP8[ranks & 255] + J.POP8[ranks >> 8] + j < 5:
            continue
        take = 0
        for t in range(12, 2, -1):  # a straight (flush)
            w = 31 << (t - 4) if t > 3 else 0x100F
            k = J.POP8[w & ranks & 255] + J.POP8[(w & ranks) >> 8]
            if k + j >= 5:
                take = w & ranks
                break
        if not take and s < 4:  # a flush: the suit's five (or four) best
            take = ranks
            while J.POP8[take & 255] + J.POP8[take >> 8] > 5 - j:
                take &= take - 1
        if take:
            v, m = _try(deal, at, take, s, joker)
            if v > best:
                best = v
                mask = m
    # Sets of a rank: the largest (highest first), then the next, then the
    # lowest cards left as kickers.
    k = 0
    for size in (4, 3, 2):
        for r in range(12, -1, -1):
            if k + min(size, 2) > 5 - j:
                break
            n = ((sm[0] >> r) & 1) + ((sm[1] >> r) & 1) + ((sm[2] >> r) & 1) + ((sm[3] >> r) & 1)
            if n == size:
                for s in range(4):
                    if sm[s] >> r & 1 and k < 5 - j:
                        _C[k] = s * 13 + r
                        k += 1
    taken = 0  # the ranks of the sets taken
    for i in range(k):
        taken |= 1 << (_C[i] % 13)
    if joker >= 0 and k < 5:
        _C[k] = deal[at + joker]
        k += 1
    r = 0
    while k < 5 and r < 13:
        if not taken >> r & 1:
            for s in range(4):
                if k < 5 and sm[s] >> r & 1:
                    _C[k] = s * 13 + r
                    k += 1
        r += 1
    if k == 5:
        v = J.value(_C)
        if v > best:
            best = v
            mask = 0
            for c in _C:
                mask |= 1 << (joker if c >= J.RED_JOKER else _AT[c])
    out[h] = best
    return mask


def _try(deal, at, ranks, s, joker):
    # The hand of the given ranks (of suit s, or s = 4 any suit) and the Joker
    # if needed: (value, mask of its cards).
    k = 0
    mask = 0
    for r in range(12, -1, -1):
        if ranks >> r & 1 and k < 5:
            for t in range(4) if s == 4 else (s,):
                if _SUIT[t] >> r & 1:
                    c = t * 13 + r
                    break
            _C[k] = c
            mask |= 1 << _AT[c]
            k += 1
    if k < 5:
        _C[k] = deal[at + joker]
        mask |= 1 << joker
        k += 1
    return J.value(_C), mask
