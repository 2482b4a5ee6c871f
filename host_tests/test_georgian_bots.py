# Georgian Joker bots (CPython only): legal, deterministic, seeing only their
# views; Easy beats random players and Hard beats Easy. figures() gives the
# report's numbers, over whole matches with the seats rotated:
#   python -m host_tests.test_georgian_bots [matches] [all|nines] [processes]
import math
import sys

from engine.ai import georgian as A
from engine.ai import sampling
from engine.games import georgian as G
from engine.games import georgian_tricks as T
from engine.rng import Rng
from host_tests.bots import RANDOM, is_over, play

NINES = {"deals": "Nines only"}


def play_match(seed, levels, opts, budget=A.BUDGET):
    # One match; each seat sees only its view. -> the final state.
    rngs = [Rng(seed, q + 1) for q in range(4)]
    return play(G.new_game(seed, opts), levels, lambda v, level, rng: A.choose(v, level, rng, budget), rngs, is_over)


def seat_match(args):
    # Level a in seat i % 4 of match i, level b in the others: (the share of
    # the win a took, deals a bid exactly, deals each b bid exactly summed).
    i, a, b, opts, budget = args
    seat = i % 4
    levels = [b] * 4
    levels[seat] = a
    s = play_match(i, levels, opts, budget)
    sc = s.scores()
    best = max(sc)
    share = 1.0 / sc.count(best) if sc[seat] == best else 0.0
    exact = [0, 0, 0, 0]
    for d in range(s.deals_done()):
        bids, took, _ = s.sheet_row(d)
        for q in range(4):
            exact[q] += bids[q] == took[q]
    return share, exact[seat], sum(exact) - exact[seat], s.deals_done()


def duel(a, b, matches, opts, first=0, budget=A.BUDGET, processes=1):
    # Level a against three of level b over `matches` matches:
    # (win share of a, its 95% half-width, exact-bid rate of a, of b).
    jobs = [(i, a, b, opts, budget) for i in range(first, first + matches)]
    if processes > 1:
        import multiprocessing

        with multiprocessing.Pool(processes) as pool:
            results = pool.map(seat_match, jobs, 1)
    else:
        results = [seat_match(j) for j in jobs]
    share = sum([r[0] for r in results]) / matches
    deals = sum([r[3] for r in results])
    return (share, 1.96 * math.sqrt(share * (1 - share) / matches), sum([r[1] for r in results]) / deals,
            sum([r[2] for r in results]) / (3.0 * deals))


def test_worlds_respect_every_void_and_forced_card():
    # Mid-deal views: every sampled world deals the hidden hands their sizes,
    # holds no card a seat has shown it cannot hold, and keeps the view's own hand.
    s = G.new_game(6, NINES)
    rng = Rng(6)
    checked = 0
    while not s.is_over() and checked < 30:
        p = s.to_move()
        if s.phase() == G.PLAYING and s.in_trick == 0 and s.hand_size(p) < 7:
            v = s.view(p)
            worlds = sampling.Worlds(v)
            for _ in range(5):
                w = worlds.sample(rng)
                assert w.hand(p) == s.hand(p)
                for q in range(4):
                    assert w.hand_size(q) == s.hand_size(q)
                    for suit in range(4):
                        assert not w.suit_mask(q, suit) & v.banned(q, suit)
            checked += 1
        s.apply(A.choose(s.view(p), 0, rng))
    assert checked >= 20


def test_hard_plays_the_last_phase_for_the_highest_total():
    # GJ-21: only the highest total wins, so in the match's last phase Hard
    # scores a play-out by its total against the highest of the others' once
    # the deal's points are in; before it, by the deal's points against the
    # others' mean. The phase bonus (GJ-19) comes on top: no seat on course here.
    s = G.new_game(4, NINES)
    seen = set()
    checked = [0, 0]  # deals before the last phase, in it
    while not s.is_over():
        p = s.to_move()
        if s.phase() == G.PLAYING and s.in_trick == 0 and s.hand_size(p) == 9 and s.d not in seen:
            seen.add(s.d)
            v = s.view(p)
            on_course = [q for q in range(4) if v.exact_so_far(q)]
            w = sampling.Worlds(v).sample(Rng(s.d))
            c = w.clone()
            m = v.legal_moves()[0]
            got, _ = A.scorer(v)(c, m, p, Rng(1))
            if not on_course:
                d = c.deal_points
                total = v.scores()
                if s.d >= 12:  # the last phase of the nines
                    want = 3 * (total[p] + d[p] - max(total[q] + d[q] for q in range(4) if q != p))
                else:
                    want = 4 * d[p] - d[0] - d[1] - d[2] - d[3]
                assert got == want, (s.d, got, want)
                checked[s.d >= 12] += 1
        s.apply(A.choose(s.view(p), 1, Rng(s.d)))
    assert len(seen) == 16 and checked[0] >= 3 and checked[1] >= 2, checked


def test_short_play_outs_leave_fewer_worlds():
    # The last card of a deal, a Joker played high or low: the play-outs are
    # that card alone, so what a world costs is its dealing and the play-outs'
    # copies and scores (PLAYOUT_COST): Hard samples the worlds its budget pays for at
    # that price, not the hundreds that would take twice as long on a Pico.
    s = G.new_game(1)
    while s.d < 1 or s.phase() != G.PLAYING:  # a 2-card deal, bid
        s.apply(A.choose(s.view(s.to_move()), 0, Rng(1)))
    while s.in_trick < 3 or s.hand_size(s.to_move()) > 1:
        s.apply(A.choose(s.view(s.to_move()), 0, Rng(1)))
    p = s.to_move()
    s.held[4 * p] = s.held[4 * p + 1] = s.held[4 * p + 2] = s.held[4 * p + 3] = 0
    s.jokers_held[p] = 1  # its last card a Joker
    assert s.legal_moves() == [G.JOKER_HI, G.JOKER_LO]
    counted = []
    sample = sampling.Worlds.sample

    def count(worlds, rng, needed=-1):
        counted.append(1)
        return sample(worlds, rng, needed)

    sampling.Worlds.sample = count
    try:
        A.choose(s.view(p), 1, Rng(1))
    finally:
        sampling.Worlds.sample = sample
    assert len(counted) == -(-A.BUDGET // (A.WORLD_COST + 2 * (A.PLAYOUT_COST + 1))), len(counted)  # the Joker: a ply


def test_easy_bids_with_its_hand():
    # A Joker and the trump Ace bid two; low side cards bid nothing (GJ-8); the
    # dealer never makes the bids add up (GJ-9).
    s = G.Georgian()
    s.d = 2  # three cards
    s.trump = 2
    s.dealer = 3
    s.ph = G.BIDDING
    for c in ("Ah", "7c"):
        s.held[G.SUIT[G.parse(c)]] |= 1 << G.RANK[G.parse(c)]
    s.jokers_held[0] = 1
    for c in ("7d", "8c", "9s"):
        s.held[4 + G.SUIT[G.parse(c)]] |= 1 << G.RANK[G.parse(c)]
    assert A.easy_bid(s) == G.BID + 2
    s.bids[0] = 2
    s.turn = 1
    assert A.easy_bid(s) == G.BID
    for seed in range(40):
        t = G.new_game(seed)
        while t.phase() == G.BIDDING:
            t.apply(A.easy(t.view(t.to_move())))
        assert sum([t.bid(q) for q in range(4)]) != t.cards()


def test_easy_beats_random_clearly():
    share, _, exact, _ = duel(0, RANDOM, 8, NINES)
    assert share > 0.75 and exact > 0.3, (share, exact)


def test_hard_beats_easy():
    share, _, hard, easy = duel(1, 0, 8, NINES)
    assert share > 0.4 and hard > easy, (share, hard, easy)


def figures(matches=500, opts=None, processes=2):
    # The report's figures: Hard against three Easy, Easy against three random.
    opts = {} if opts is None else opts
    out = []
    for name, a, b in (("Hard vs 3 Easy", 1, 0), ("Easy vs 3 random", 0, RANDOM)):
        share, half, ea, eb = duel(a, b, matches, opts, 10000, processes=processes)
        out.append("%s: %d matches (%s), win share %.3f +- %.3f (95%%; 0.25 is even), exact bids %.3f vs %.3f"
                   % (name, matches, opts.get("deals", "All 24"), share, half, ea, eb))
    return out


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    kind = NINES if len(sys.argv) > 2 and sys.argv[2] == "nines" else {}
    for line in figures(n, kind, int(sys.argv[3]) if len(sys.argv) > 3 else 2):
        print(line)


def test_viper_code_knows_the_games_constants():
    # trick() runs as viper code on the board, which sees only its own
    # module's constants: each must be the game's (a card's code, a power,
    # where the state's buffers keep a field).
    s = G.new_game(1)
    for mine, game in ((T._NONE, G.NONE), (T._JOKER, G.JOKER), (T._JOKER, G.JOKER_HI), (T._JOKER_LO, G.JOKER_LO),
                       (T._LEAD, G.LEAD), (T._P_JOKER, G._P_JOKER), (T._P_TOP, G._P_TOP), (T._P_LEAD_HI, G._P_LEAD_HI),
                       (T._P_LEAD_LO, G._P_LEAD_LO), (T._P_SUIT, G.P_SUIT), (T._P_TRUMP, G.P_TRUMP)):
        assert mine == game
    s.bids[1] = 3
    s.taken[2] = 7
    s.trick[0] = 40
    s.jokers_held[3] = 5
    s.gone[1] = 9
    assert s.small[1] == 3 and s.small[T._S_TAKEN + 2] == 7 and s.small[T._S_TRICK] == 40
    assert s.small[T._S_JOKERS + 3] == 5 and s.big[T._B_GONE + 1] == 9


def test_medium_sees_what_the_seat_to_move_cannot():
    # OTHERS: the ranks of a suit still in play that the seat to move cannot
    # see (GJ-22); in a search's world, those the other hands hold.
    s = G.new_game(3)
    while s.phase() != G.PLAYING:
        s.apply(A.choose(s.view(s.to_move()), 1, Rng(3)))
    p = s.to_move()
    for world in (False, True):
        s.world = world
        for x in range(4):
            held = 0
            for q in range(4):
                if q != p:
                    held |= s.held[4 * q + x]
            unseen = G.FULL[x] & ~(s.gone[x] | s.held[4 * p + x])
            assert s.ask(T.OTHERS, x) == (held if world else unseen)
            assert held & ~unseen == 0  # what the others hold, p cannot see
