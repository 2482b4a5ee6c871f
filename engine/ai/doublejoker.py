# Bots for Double Joker (levels: engine/ai/__init__.py). Easy plays as a newcomer
# does (newcomer()); Medium by simple rules that watch both hands (easy()); Hard
# searches whole tricks with alpha-beta and iterative deepening under a node budget
# (the game has perfect information, DJ-4). They read the hand masks of the view
# directly: each hand is one 13-bit rank mask per seat and suit
# (engine.games.doublejoker).
from engine import const
from engine.ai import EASY, LEVELS, MEDIUM, ORDER  # LEVELS, ORDER: every bots module has them
from engine.games.doublejoker import FOLLOW, LEAD, PLACE, PLAY, TAKE, count

BUDGET = 600  # Hard: search nodes per decision (worst case under 1 s on a Pico)
MAX_DEPTH = const(24)  # tricks; no game has more (each trick puts two cards out of play)

WIN = const(10000)  # a won game; wins found sooner score higher
INF = const(30000)
_TAKE_BACK = const(-1)  # turn(): the leader takes the stack back
_DONE = const(-2)  # turn(): the pre-lead action is made already

# Static evaluation, for the player to lead (tuned in Hard-vs-Medium matches):
_W_CARD = const(25)  # per card more in hand than the opponent
_W_JOKER = const(2)  # per joker-stack card fewer than the opponent (DJ-11)
_LOST_SOON = const(3000)  # a void the opponent can lead and nobody can refill
# per suit the opponent can lead, for holding 0, 1, 2, 3, 4..12 cards of it
SHORT = (-60, -24, -8, -2) + (0,) * 9


def _bit_table(high):
    # Index of the highest (or lowest) set bit of each byte value.
    t = bytearray(256)
    for i in range(1, 256):
        b = 7 if high else 0
        while not (i >> b) & 1:
            b += -1 if high else 1
        t[i] = b
    return bytes(t)


HI8 = _bit_table(True)
LO8 = _bit_table(False)


def hi(m):
    # Highest set bit of a non-empty 13-bit mask.
    return HI8[m >> 8] + 8 if m >> 8 else HI8[m]


def lead_rank(m, fm):
    # Lead the highest card below all of the follower's cards, so the follower has
    # to take the trick; if there is none, the trick is ours anyway: shed the top card.
    # (Bit lookups written out: this runs at every search node.)
    if fm:
        x = fm & 255
        below = m & ((1 << (LO8[x] if x else LO8[fm >> 8] + 8)) - 1)
        if below:
            m = below
    x = m >> 8
    return HI8[x] + 8 if x else HI8[m]


def follow_rank(fm, q):
    # Duck with the highest card below the lead; if we cannot, win with the top card.
    below = fm & ((1 << q) - 1)
    if below:
        fm = below
    x = fm >> 8
    return HI8[x] + 8 if x else HI8[fm]


def classes(m, live):
    # One rank per run of our cards with no other live card between them: such cards
    # are interchangeable for play, so a search needs to try only one of each run.
    out = []
    prev_ours = False
    r = 1
    while r < 13:
        if live >> r & 1:
            ours = m >> r & 1
            if ours and not prev_ours:
                out.append(r)
            prev_ours = ours
        r += 1
    return out


class Search:
    # The position as the search sees it: hand masks h and their counts c (seat * 4 +
    # suit), stack masks k and counts kc, hand totals n, joker-stack counts j; moves
    # are made and unmade in place.
    def __init__(self, view, budget):
        self.h = list(view.hands)
        self.c = [count(m) for m in self.h]
        self.k = [0, 0, 0, 0]
        for s in range(4):
            for r in view.stacks[s]:
                self.k[s] |= 1 << r
        self.kc = [count(m) for m in self.k]
        self.n = [sum(self.c[:4]), sum(self.c[4:])]
        self.j = list(view.jokers)
        self.budget = budget
        self.nodes = 0
        self.stop = False
        self.killer = bytearray(MAX_DEPTH + 1)  # per depth: 1 + suit * 2 + take, 0 = none

    def node(self, L, depth, alpha, beta):
        # Value for L, about to lead a trick (negamax over tricks).
        self.nodes += 1
        if self.nodes >= self.budget:
            self.stop = True  # the pass is abandoned: the value does not matter
            return 0
        h = self.h
        c = self.c
        k = self.k
        kc = self.kc
        short = SHORT
        bl = 4 * L
        bf = 4 - bl
        # One pass over the suits finds an immediate win, the pre-lead choices as bits
        # (suit * 2: place a card, suit * 2 + 1: take back) and the static value.
        cand = 0
        v = _W_CARD * (self.n[L] - self.n[1 - L]) + _W_JOKER * (self.j[1 - L] - self.j[L])
        for s in range(4):
            a = c[bl + s]
            b = c[bf + s]
            ks = kc[s]
            if a >= 2 or ks:
                if not b:
                    return WIN + depth  # DJ-12: the follower cannot follow
                cand |= ((a >= 2) | (ks > 0) << 1) << 2 * s
                v -= short[b]  # the follower is short in a suit we can lead
            if b >= 2 or ks:
                v += short[a]  # and the other way round
                if a == 0 and not ks:
                    v -= _LOST_SOON
        if not cand:
            return -WIN - depth  # DJ-13
        if depth == 0:
            return v
        best = -INF
        # The choice that was best at this depth elsewhere (killer) goes first.
        key = self.killer[depth] - 1
        if key < 0 or not cand >> key & 1:
            key = LO8[cand]
        while True:
            cand &= ~(1 << key)
            s = key >> 1
            m = h[bl + s]
            fm = h[bf + s]
            if key & 1:
                p = _TAKE_BACK
                q = lead_rank(m | k[s], fm)
            else:  # place the top card that we do not lead
                q = lead_rank(m, fm)
                p = hi(m & ~(1 << q))
            v = self.turn(L, s, p, q, follow_rank(fm, q), depth, alpha, beta)
            if self.stop:
                return 0
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.killer[depth] = key + 1
                        break
            if not cand:
                break
            key = LO8[cand]
        return best

    def turn(self, L, s, p, q, f, depth, alpha, beta):
        # One trick in suit s: L places rank p (or takes the stack back: _TAKE_BACK, or has
        # done so already: _DONE), leads rank q, and the follower plays rank f; value for L.
        # (One assignment per line: a long tuple assignment allocates on MicroPython.)
        h = self.h
        c = self.c
        k = self.k
        kc = self.kc
        n = self.n
        j = self.j
        F = 1 - L
        i = 4 * L + s
        fi = 4 * F + s
        m = h[i]
        ci = c[i]
        ks = k[s]
        kcs = kc[s]
        nl = n[L]
        if p >= 0:
            h[i] = m & ~(1 << p)
            c[i] = ci - 1
            k[s] = ks | (1 << p)
            kc[s] = kcs + 1
            n[L] = nl - 1
        elif p == _TAKE_BACK:
            h[i] = m | ks
            c[i] = ci + kcs
            k[s] = 0
            kc[s] = 0
            n[L] = nl + kcs
        h[i] &= ~(1 << q)
        h[fi] &= ~(1 << f)
        c[i] -= 1
        c[fi] -= 1
        n[L] -= 1
        n[F] -= 1
        w = L if q > f else F
        j[w] += 2
        if not n[L] or not n[F]:
            d = j[F] - j[L]  # DJ-11: fewer joker-stack cards wins
            v = WIN + depth if d > 0 else (-WIN - depth if d < 0 else 0)
        else:
            v = -self.node(F, depth - 1, -beta, -alpha)
        j[w] -= 2
        n[F] += 1
        c[fi] += 1
        h[fi] |= 1 << f
        h[i] = m
        c[i] = ci
        k[s] = ks
        kc[s] = kcs
        n[L] = nl
        return v

    def answers(self, L, s, p, q, depth, alpha, beta):
        # Like turn(), over every follow the follower may choose (they minimise).
        fm = self.h[4 - 4 * L + s]
        v = INF
        for f in classes(fm, fm | self.h[4 * L + s] | self.k[s]):
            x = self.turn(L, s, p, q, f, depth, alpha, beta if beta < v else v)
            if self.stop:
                return 0
            if x < v:
                v = x
                if v <= alpha:
                    break
        return v


def _root_moves(view, S):
    # The legal moves worth searching (one per interchangeable run), each with the
    # arguments of its search: (move, suit, p, q, f) as for turn(), f = -1 for every
    # follow the opponent may choose.
    h, k = S.h, S.k
    me = view.to_move()
    ph = view.phase()
    out = []
    if ph == FOLLOW:
        c = view.trick()[0]
        s, q = c // 13, c % 13
        L = 1 - me
        # Put the led card back in the leader's hand: turn() plays it again.
        S.h[4 * L + s] |= 1 << q
        S.c[4 * L + s] += 1
        S.n[L] += 1
        fm = h[4 * me + s]
        for f in classes(fm, fm | h[4 * L + s] | k[s]):
            out.append((PLAY + s * 13 + f, s, _DONE, q, f))
        return out
    bl = 4 * me
    for s in range(4):
        m = h[bl + s]
        fm = h[4 - bl + s]
        live = m | fm | k[s]
        if ph == LEAD:
            if s == view.pre_suit():
                for q in classes(m, live):
                    out.append((PLAY + s * 13 + q, s, _DONE, q, -1))
            continue
        if count(m) >= 2:
            for p in classes(m, live):
                out.append((PLACE + s * 13 + p, s, p, lead_rank(m & ~(1 << p), fm), -1))
        if k[s]:
            out.append((TAKE + s, s, _TAKE_BACK, lead_rank(m | k[s], fm), -1))
    return out


def _value(S, me, entry, depth, alpha, beta):
    # Value of a root move for the seat to move (me).
    _, s, p, q, f = entry
    if f >= 0:  # me follows
        return -S.turn(1 - me, s, p, q, f, depth, -beta, -alpha)
    if not S.h[4 - 4 * me + s]:
        return WIN + depth  # DJ-12: the opponent is void in the suit we lead
    return S.answers(me, s, p, q, depth, alpha, beta)


def hard(view, budget=BUDGET):
    # Iterative deepening, one more trick each pass, until the budget runs out or the
    # game is solved from here. The best move so far is searched first in each pass,
    # so a pass cut short can only improve on it.
    S = Search(view, budget)
    me = view.to_move()
    order = _root_moves(view, S)
    depth = 1
    while True:
        top = -1
        alpha = -INF
        for i in range(len(order)):
            v = _value(S, me, order[i], depth, alpha, INF)
            if S.stop:
                break
            if v > alpha:  # values after the first are upper bounds unless better
                alpha = v
                top = i
        if top > 0:
            order.insert(0, order.pop(top))
        if S.stop or alpha >= WIN or alpha <= -WIN or depth == MAX_DEPTH:
            return order[0][0]
        depth += 1


def easy(view, rng):
    ph = view.phase()
    me = view.to_move()
    h = view.hands
    bl = 4 * me
    bf = 4 - bl
    if ph == LEAD:
        s = view.pre_suit()
        return PLAY + s * 13 + lead_rank(h[bl + s], h[bf + s])
    if ph == FOLLOW:
        c = view.trick()[0]
        s = c // 13
        return PLAY + s * 13 + follow_rank(h[bl + s], c % 13)
    return pre_lead(view, rng)


def pre_lead(view, rng, watch=True):
    # The place or take before leading: pick the action whose suit counts after
    # the trick look best: never leave a void the opponent can lead next, keep
    # our suits long and make theirs short. Medium watches the other hand too
    # (watch): it wins at once if the opponent is void in a suit we can lead,
    # and places the top card it does not lead. Easy, a newcomer, looks at its
    # own hand alone: it keeps its suits long and dreads a void of its own,
    # places its highest card and leads its lowest.
    h = view.hands
    bl = 4 * view.to_move()
    bf = 4 - bl
    a = [count(h[bl + s]) for s in range(4)]
    b = [count(h[bf + s]) for s in range(4)]
    k = [len(view.stacks[s]) for s in range(4)]
    best = []
    top = -INF
    for s in range(4):
        for placing in (True, False):
            if placing and a[s] < 2 or not placing and not k[s]:
                continue
            if placing:
                m = h[bl + s]
                move = PLACE + s * 13 + hi(m & ~(1 << (lead_rank(m, h[bf + s]) if watch else lo(m))))
            else:
                move = TAKE + s
            if watch and not b[s]:
                return move
            aa = list(a)
            bb = list(b)
            kk = list(k)
            aa[s] = a[s] - 2 if placing else a[s] + k[s] - 1
            kk[s] = k[s] + 1 if placing else 0
            bb[s] = b[s] - 1
            v = 0
            for t in range(4):
                if not aa[t] and (bb[t] >= 2 or kk[t] or not watch):
                    v -= _LOST_SOON
                v += SHORT[aa[t]] - (SHORT[bb[t]] if watch else 0)
            if v > top:
                top = v
                best = [move]
            elif v == top:
                best.append(move)
    return best[rng.below(len(best))]


def lo(m):
    # Lowest set bit of a non-empty 13-bit mask.
    return LO8[m & 255] if m & 255 else LO8[m >> 8] + 8


def newcomer(view, rng):
    # Easy: plays its lowest card of the suit, leading or following (it ducks
    # when it can, but spends the low cards it will want later, and never
    # makes the opponent take the trick), and before leading keeps its own
    # suits long (pre_lead() without watching the other hand).
    ph = view.phase()
    if ph == LEAD or ph == FOLLOW:
        s = view.pre_suit() if ph == LEAD else view.trick()[0] // 13
        return PLAY + s * 13 + lo(view.hands[4 * view.to_move() + s])
    return pre_lead(view, rng, False)


def choose(view, level, rng, budget=BUDGET):
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]  # includes a CONTINUE-only position
    if level == MEDIUM:
        return easy(view, rng)
    if level == EASY:
        return newcomer(view, rng)
    return hard(view, budget)
