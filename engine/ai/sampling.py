# Determinized search for games with hidden cards, shared by every such game.
# A view (engine.state) that hides cards answers:
#   unseen_cards()          the cards its seat cannot place, as a list
#   hidden_places()         where they lie, in fill()'s order: one (how many,
#                           banned, banned_high) per place: a hidden hand, the
#                           store; banned is a mask of cards 0..27 that place
#                           cannot hold (a void shown by failing to follow suit, a
#                           card it would have had to play), banned_high of cards
#                           28..55. Cards already seen (Jokers out, tricks) are
#                           simply not unseen.
#   fill(cards, into=None)  a whole state with those cards dealt to the places in
#                           order; into: a state to overwrite
# and every state it fills answers copy_from(other), a copy into its own buffers,
# so a search samples and copies positions without leaving garbage. The
# functions marked "# native" run as machine code on the Pico (tools/build.py):
# a search deals worlds by the dozen and tries moves in them by the hundred.
from engine import const
from engine.rng import Rng


def _banned(place, c):  # native
    if c < 28:
        return place[1] >> c & 1
    return place[2] >> (c - 28) & 1


_PLACES = const(8)  # places a search may have at most (five in every game)
_PREV = [0] * _PLACES  # _repair's scratch: nothing allocated per repair
_BACK = [0] * _PLACES
_QUEUE = [0] * _PLACES
_START = [0] * _PLACES


def _repair(cards, places, starts, pos, a, rng):  # native
    # The card at pos sits in place a, which bans it. Search the places breadth
    # first for a chain a <- b <- ... <- z: each place hands a card its
    # neighbour may hold to that neighbour, and z takes the card at pos. Few
    # places (at most five), so the search is short; it finds a chain whenever
    # any consistent deal exists. Returns False when there is none.
    n = len(places)
    prev = _PREV  # prev[v] = position in v's share whose card goes one step back
    back = _BACK  # the place it goes to
    queue = _QUEUE
    queue[0] = a
    end = 1
    seen = 1 << a
    c0 = cards[pos]
    q = 0
    while q < end:
        u = queue[q]
        q += 1
        for v in range(n):
            size = places[v][0]
            if seen >> v & 1 or not size:
                continue
            # A card of v that u may hold, looked for from a random place in v's share.
            start = starts[v]
            off = rng.below(size)
            hit = -1
            for k in range(size):
                p = start + (off + k) % size
                if not _banned(places[u], cards[p]):
                    hit = p
                    break
            if hit < 0:
                continue
            seen |= 1 << v
            prev[v] = hit
            back[v] = u
            if not _banned(places[v], c0):
                # Rotate along the chain: z takes c0, each place the card after it.
                carry = c0
                while v != a:
                    p = prev[v]
                    x = cards[p]
                    cards[p] = carry
                    carry = x
                    v = back[v]
                cards[pos] = carry
                return True
            queue[end] = v
            end += 1
    return False


def arrange(cards, places, rng, needed=-1):  # native
    # Deals the list `cards` in place at random over places (see hidden_places),
    # so that no place holds a card it bans. Without bans, needed >= 0 draws only
    # that many cards from the front (the search looks no further). Returns
    # False if the bans leave no consistent deal (then the deal breaks a ban).
    n = len(cards)
    bans = False
    for p in places:
        if p[1] or p[2]:
            bans = True
    if bans or needed < 0 or needed > n:
        needed = n
    rng.draw(cards, needed)
    if not bans:
        return True
    starts = _START
    at = 0
    for a in range(len(places)):
        starts[a] = at
        at += places[a][0]
    ok = True
    for a in range(len(places)):
        size, lo, hi = places[a]
        for pos in range(starts[a], starts[a] + size):
            c = cards[pos]
            if (lo >> c if c < 28 else hi >> (c - 28)) & 1 and not _repair(cards, places, starts, pos, a, rng):
                ok = False
    return ok


class Worlds:
    # Full states consistent with what a view's seat knows, sampled again and
    # again into the same buffers for one decision.
    def __init__(self, view, places=None):
        # places: the view's hidden_places(), or a bot's own reading of them
        # (the same cards and sizes in fill()'s order, more bans).
        self.view = view
        self.base = view.unseen_cards()
        self.cards = list(self.base)
        self.places = view.hidden_places() if places is None else places
        self.world = None

    def sample(self, rng, needed=-1):  # native
        # Each sample starts from the same order, so it depends on rng alone.
        cards = self.cards
        base = self.base
        for i in range(len(base)):
            cards[i] = base[i]
        arrange(cards, self.places, rng, needed)
        self.world = self.view.fill(cards, self.world)
        return self.world


def determinize(view, rng):
    # One full state consistent with what the view's seat knows.
    return Worlds(view).sample(rng)


def halving(view, moves, budget, rng, rollout, world_cost=0, needed=-1, places=None):  # native
    # Flat Monte Carlo with successive halving: each round tries every surviving
    # move in the same sampled worlds, its rollout drawing the same random
    # numbers, then keeps the better half.
    # rollout(state, move, seat, rng) -> (value, work): move played in state
    # (legal in every world: the view listed it) and the rest played out;
    # value an int, higher is better for seat; work what the rollout cost.
    # world_cost is what sampling a world costs, budget the total, in the same
    # units; each round spends its share.
    # needed: unseen cards a world must deal at random (see arrange); places:
    # where they lie, as Worlds takes them.
    # Ties keep the order of moves (best guess first). Integer sums only; the
    # worlds and the position each move is tried in reuse their buffers.
    seat = view.to_move()
    alive = list(moves)
    total = [0] * len(alive)
    rounds = 0
    n = len(alive)
    while n > 1:
        n = (n + 1) // 2
        rounds += 1
    per_round = budget // rounds if rounds else 0
    worlds = Worlds(view, places)
    s = None
    mark = Rng()
    while len(alive) > 1:
        spent = 0
        while spent < per_round or not spent:
            world = worlds.sample(rng, needed)
            spent += world_cost
            mark.copy_from(rng)
            for i in range(len(alive)):
                if s is None:
                    s = world.clone()
                else:
                    s.copy_from(world)
                rng.copy_from(mark)
                v, work = rollout(s, alive[i], seat, rng)
                total[i] += v
                spent += work
        order = sorted(range(len(alive)), key=lambda i: (-total[i], i))
        keep = order[:(len(alive) + 1) // 2]
        keep.sort()
        alive = [alive[i] for i in keep]
        total = [total[i] for i in keep]
    return alive[0]
