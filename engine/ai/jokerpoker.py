# Bots for Joker Poker. Both see only a view (JP-15) and make a plan once per
# turn: the groups to arrange, the Joker rank and the three bets. Then each
# decision is the next step towards it: a swap, the rank, the bet. A plan is a
# pure function of what the view shows at the turn (no randomness), so a match
# resumed mid-turn finds the same plan again; the last one is kept, as working
# it out is the costly part.
#
# Easy arranges as "arrange for me" does (engine propose()) and bets the
# highest, a middle and the lowest betting card it has left, the highest on the
# hand most likely to win by the device's tables.
# Hard weighs every arrangement propose()'s climbs end in, with the chance of
# each hand to win against the other seats (the engine's tables: their hands
# in random deals arranged by propose()): the betting points it brings ahead of
# the others with its best bets, this deal's and the deals left's (their hands
# expected as AHEAD says), and the others' bets it takes. It takes the best.
from engine.games import jokerpoker as J

LEVELS = ("Easy", "Hard")
# Hard: the mean chances (of 1000) of the best, middle and worst hand of a deal
# arranged by propose() to win, by seat count (tools/jokerpoker_tables.py
# ahead() prints them): what the betting cards kept for later deals bring.
AHEAD = ((0, 0, 0), (0, 0, 0), (765, 503, 244), (664, 294, 83), (596, 175, 28))

_key = None  # what the last plan was made for
_plan = None  # and that plan: (groups, rank, bets)


def choose(view, level, rng=None):
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]  # CONTINUE between deals
    p = view.to_move()
    global _key, _plan
    key = (level, p, view.deal_no, bytes(view.cards(p)), bytes(view.bs))
    made = _plan if _key == key else None
    if made is None:
        made = plan(view, level)
        _key = key
        _plan = made
    groups, rank, bets = made
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
    easy = (best, J.best_rank(cards, best, n), _easy_bets(view, p, cards, best))
    if level == 0:
        return easy
    return _hard(view, p, cards, more) or easy


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
    # Each arrangement propose()'s climbs ended in, with its Joker rank, valued
    # by the betting-card points its best bets bring ahead of the others
    # (edge()), this deal's and, for the cards kept, the deals left's.
    n = view.n
    hs = view.hs
    w = J._worths(hs, n - 1)
    pot = _their_bets(view, p)
    options = _options(view.free_bets(p), J.DEALS - view.deal_no, n)
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
        total = 0
        for h in range(3):
            c = w[h * J.NCLASS + J.strength(v[order[h]])] * 1000 // J.F_ONE
            chance[h] = edge(c, n)
            total += c
        gain, bets = _best_bets(options, chance)
        gain += pot * total * n // (n - 1)  # the others' bets on the hands it wins
        if top is None or gain > top:
            top = gain
            best = (groups, rank, bets)
    return best


def edge(chance, n):
    # What one betting point on a hand that wins with this chance (thousandths)
    # brings ahead of the other seats' mean: taken back if it wins, else it goes
    # to one of the n - 1 others (thousandths, negative for an unlikely hand).
    return (n * chance - 1000) // (n - 1)


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


def _options(free, left, n, memo=None):
    # Every choice of three betting cards from free (counts per value 0-4), as
    # (a, b, c) highest first, with what the rest bring in the `left` deals to
    # come (millionths: see _later, memo its answers so far).
    memo = {} if memo is None else memo
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
                    out.append((a, b, c, _later(free, left, n, memo)))
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


def _later(free, left, n, memo):
    # What the betting cards free bring in the `left` deals to come, each
    # deal's three best on its hands in order of strength (millionths), the
    # chances of those hands as AHEAD expects; worked out once per free and
    # left (memo), as many choices now leave the same cards.
    if not left:
        return 0
    key = left
    for v in free:
        key = key * 4 + v
    best = memo.get(key)
    if best is not None:
        return best
    e0, e1, e2 = [edge(c, n) for c in AHEAD[n]]
    for a, b, c, later in _options(free, left - 1, n, memo):
        v = (a * e0 + b * e1 + c * e2) * 1000 + later
        if best is None or v > best:
            best = v
    memo[key] = best
    return best
