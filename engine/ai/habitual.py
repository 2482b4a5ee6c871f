# Bots for Habitual Joker (levels: engine/ai/__init__.py). All see only a view
# (HJ-hidden). Easy plays as a newcomer does (newcomer()).
# Medium weighs each legal move by simple rules (value()): Jokers on the
# opponent's richest stack, score from hand on one's own stacks, never give
# points lightly, block when the unblocking card is out of the opponent's
# reach, keep guarding cards.
# Hard samples the unseen cards (engine.ai.sampling) and compares Medium's best
# few moves by short playouts in the sampled worlds, both sides playing them
# out by Medium's weights, scored by the point margin and by how many plays
# onto their own stacks each side is left with. Its worlds deal the opponent
# no card that Medium's weights say it would have played, had it held it, at
# its last play (unheld()), but the card it drew after that play.
from engine import const
from engine.ai import EASY, LEVELS, MEDIUM, ORDER, sampling  # LEVELS, ORDER: every bots module has them
from engine.bits import popcount
from engine.games.habitual import BIT, CONTINUE, DN, JOKER, NB, STACK, UP, B, W, target_of

BUDGET = 600  # Hard: work per decision (see _WEIGH_COST, _ROLLOUT_COST, WORLD_COST)
_WIDTH = const(4)  # Hard: how many of Medium's best moves it compares
_PLIES = const(4)  # playout length
# A playout's ply costs 1 and 3/4 for each move it weighs (set from the
# emulated Pico's times: a ply's time grows with its legal moves).
_WEIGH_COST = const(3)
_ROLLOUT_COST = const(5)  # a playout's copy, first move and final count
WORLD_COST = 4  # sampling one world
MARGIN = 2  # weight of a point against one play onto one's own stack
WIN = 64  # a deal that ends within the playout: won or lost outright

def _reach(v, q, c):
    # How surely seat q can play card c soon: 2 it holds it, 1 it may (unseen), 0 not.
    w = W[c]
    if (v.spare_words[2 * q + w] | v.hand_words[2 * q + w]) & B[c]:
        return 2
    if v.unseen[w] & B[c]:
        return 1
    return 0


def _potential(v, k):
    # Live cards that could still go on stack k: how much it is worth to its owner.
    nb = NB[v.top[k] % 13]
    return popcount(nb & ~v.piled[0]) + popcount(nb & ~v.piled[1])


def _next_same(c, below):
    # The card of c's suit one rank beyond c, continuing from below to c.
    r = c % 13
    return c - r + (UP[r] if r == UP[below % 13] else DN[r])


def _threats(v, q, top):
    # Danger that seat q blocks a stack showing top: its same-suit neighbours.
    r = top % 13
    s = top - r
    return _reach(v, q, s + UP[r]) + _reach(v, q, s + DN[r])


def _guard(v, p, q, c):
    # Does card c unblock one of p's open stacks after a block that q can make?
    for k in range(4 * p, 4 * p + 4):
        if v.block[k] == 0:
            t = v.top[k]
            if t < JOKER and c // 13 == t // 13:
                r = t % 13
                for b in (t - r + UP[r], t - r + DN[r]):
                    if _next_same(b, t) == c and _reach(v, q, b):
                        return True
    return False


def value(v, m, guard=True):
    # Medium's weight of legal move m for the seat to move in v (higher is better).
    # Hard's playouts leave out the guard against a block (guard False): it made
    # a playout about a quarter slower and played no better at the same time.
    p = v.turn
    q = 1 - p
    if m < STACK:
        if m >= JOKER:
            return -4  # a Joker is better spent on a stack; this keeps it
        fits = 0
        for k in range(4 * p, 4 * p + 4):
            if v.block[k] == 0 and NB[v.top[k] % 13] & B[m]:
                fits = 1
        return -3 + (0 if fits else 2)
    t = target_of(m)
    k = v.stack_of(m)
    c = v.card_of(m)
    top = v.top[k]
    spare = v.from_spares(m)
    if c >= JOKER:
        return 30 + 2 * _potential(v, k)
    val = 1 if spare else 0  # a spare played frees a place
    if t < 4:
        if not spare:
            val += 10
        if v.block[k] == 1:
            val += 6
        val -= 2 * (_threats(v, q, c) - _threats(v, q, top))
    else:
        val -= 10
        if v.block[k] == 1:
            val -= 4  # reopens the opponent's stack
        elif c // 13 == top // 13:
            val += 3 + _potential(v, k) // 2 - 3 * _reach(v, q, _next_same(c, top))
    if guard and _guard(v, p, q, c):
        val -= 3
    return val


def ranked(v, moves):
    # Moves sorted by Medium's weight, best first (ties: lower code first).
    w = [(-value(v, m), m) for m in moves]
    w.sort()
    return [m for _, m in w]


def _playout(s, move, seat, rng):
    # move, then a few plies, each side playing its best move by Medium's
    # weights (first of equals), then the position's worth for seat. rng:
    # halving's protocol; the policy needs none. Nothing allocated.
    s.apply_legal(move)
    n = 0
    weighed = 0
    while not s.deal_over() and n < _PLIES:
        moves = s.legal_view()
        weighed += len(moves)
        top = -999
        for m in moves:
            w = value(s, m, False)
            if w > top:
                top = w
                best = m
        s.apply_legal(best)
        n += 1
    d = MARGIN * (s.points(seat) - s.points(1 - seat))
    if s.deal_over():
        d += WIN if d > 0 else -WIN if d < 0 else 0
    else:
        d += s.own_plays(seat) - s.own_plays(1 - seat)
    return d, _WEIGH_COST * weighed // 4 + n + _ROLLOUT_COST


def unheld(v):
    # The cards the opponent of v's seat cannot have held in hand at its last
    # play if it plays as Medium does: with any of them it would have had a
    # play Medium ranks first (a Joker onto an open stack of ours before all,
    # its own stacks from hand before its spares). Weighed as the opponent saw
    # the table: our hand hidden, its own in hand. -> (banned word 0, word 1,
    # work spent), no bans when the last play was not the opponent's or the
    # store is empty (the unseen cards are its hand).
    if not v.store_count():
        return 0, 0, 0
    u = v.clone()
    move = v.last[1]
    played = v.last[2]
    if not u.unplay():
        return 0, 0, 1
    p = u.turn
    q = 1 - p
    unseen = u.unseen
    unseen[0] |= u.hand_words[2 * q]
    unseen[1] |= u.hand_words[2 * q + 1]
    u.hand_words[2 * q] = u.hand_words[2 * q + 1] = 0
    if not u.from_spares(move):
        unseen[W[played]] &= ~B[played]
    top = value(u, move)
    out = [0, 0]
    weighed = 0
    hand = u.hand_words
    for w in (0, 1):
        m = v.unseen[w]
        while m:
            b = m & -m
            m ^= b
            c = min(BIT[b] + 26 * w, JOKER)  # card_of() names either Joker JOKER
            hand[2 * p + w] = b
            unseen[w] &= ~b
            u.known = False
            for x in u.legal_view():
                if u.card_of(x) == c and not u.from_spares(x):
                    weighed += 1
                    val = value(u, x)
                    if val > top or val == top and x < move:
                        out[w] |= b
                        break
            unseen[w] |= b
            hand[2 * p + w] = 0
    # Each card tried costs 2: its moves listed and read (the emulated Pico's time).
    return out[0], out[1], _WEIGH_COST * weighed // 4 + 2 * (popcount(v.unseen[0]) + popcount(v.unseen[1]))


def banned_places(v, w0, w1):
    # The view's hidden places (engine.ai.sampling) with the bans of unheld()
    # (words 0 and 1): the opponent's hand holds none of them but for the card
    # it drew after its last play.
    n = v.hand_size(1 - v.turn)
    fresh = min(n, v.last[3])
    return [(n - fresh, w0 | (w1 & 3) << 26, w1 >> 2), (fresh, 0, 0), (v.store_count(), 0, 0)]


def newcomer(v, moves, rng):
    # Easy: a Joker onto one of the opponent's open stacks as soon as it has
    # one, else a card onto its own stacks (from hand first), else a card to
    # its spares; onto the opponent's stacks only when nothing else is left;
    # a choice among equals at random. It never blocks on purpose, nor guards
    # against a block, nor counts what the opponent may hold.
    best = []
    top = -99
    for m in moves:
        if m < STACK:
            w = 0  # to spares
        elif target_of(m) >= 4:
            w = 3 if v.card_of(m) >= JOKER else -1
        else:
            w = 1 if v.from_spares(m) else 2
        if w > top:
            top = w
            best = []
        if w == top:
            best.append(m)
    return best[rng.below(len(best))]


def choose(view, level, rng, budget=BUDGET):
    moves = view.legal_moves()
    if moves == [CONTINUE] or len(moves) == 1:
        return moves[0]
    if level == EASY:
        return newcomer(view, moves, rng)
    best = ranked(view, moves)
    if level == MEDIUM:
        return best[0]
    # A world needs the hidden hand and the cards drawn within a playout.
    needed = view.hand_size(1 - view.to_move()) + _PLIES + 1
    w0, w1, work = unheld(view)
    places = banned_places(view, w0, w1) if w0 | w1 else None
    return sampling.halving(view, best[:_WIDTH], budget - work, rng, _playout, WORLD_COST, needed, places)
