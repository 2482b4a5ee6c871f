# Habitual Joker bots (CPython only): legal, deterministic, and Hard plays better
# than Easy, which plays better than chance. figures() gives the report's numbers:
#   python -m host_tests.test_habitual_bots [deals]
import math
import sys

from engine.ai import habitual as A
from engine.ai import sampling
from engine.games import habitual as H
from engine.rng import Rng
from host_tests.bots import RANDOM, deal_over, play


def play_deal(seed, levels):
    # One deal (a 1-deal match); each seat sees only its view. -> deal points.
    rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
    return play(H.new_game(seed, {"deals": 1}), levels, A.choose, rngs, deal_over).deal_points()


def duel(a, b, deals, first=0):
    # Level a against level b, seats alternated: (wins, ties, losses) for a.
    w = t = l = 0
    for i in range(first, first + deals):
        if i % 2 == 0:
            pa, pb = play_deal(i // 2, (a, b))
        else:
            pb, pa = play_deal(i // 2, (b, a))
        if pa > pb:
            w += 1
        elif pa == pb:
            t += 1
        else:
            l += 1
    return w, t, l


def score(w, t, l):
    # Share of points (a tie is half a win) and its 95% confidence half-width.
    n = w + t + l
    p = (w + 0.5 * t) / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n)


def test_determinize_deals_exactly_the_unseen_cards():
    s = H.new_game(9)
    p = s.to_move()
    v = s.view(p)
    seen = set()
    for i in range(20):
        w = sampling.determinize(v, Rng(i))
        assert w.hand(p) == s.hand(p) and w.spares(1 - p) == s.spares(1 - p)
        assert w.hand_size(1 - p) == 5 and w.store_count() == s.store_count()
        assert sorted(w.hand(1 - p) + list(w.store)) == sorted(v.unseen_cards())
        assert w.legal_moves() == s.legal_moves()
        seen.add(tuple(w.hand(1 - p)))
    assert len(seen) > 15  # the samples differ


def test_easy_beats_random_clearly():
    w, t, l = duel(0, RANDOM, 60)
    p, half = score(w, t, l)
    assert p - half > 0.75, (w, t, l)


def test_hard_beats_easy_with_confidence():
    # Seats alternate on each seed, so Easy against itself scores exactly 0.5:
    # Hard must score above that by more than the 95% margin of 160 deals.
    w, t, l = duel(1, 0, 160)
    p, half = score(w, t, l)
    assert p - half > 0.5, (w, t, l)


def figures(deals=500):
    # The report's figures: Hard vs Easy and Easy vs random over `deals` deals.
    out = []
    for name, a, b in (("Hard vs Easy", 1, 0), ("Easy vs random", 0, RANDOM)):
        w, t, l = duel(a, b, deals, 1000)
        p, half = score(w, t, l)
        out.append("%s: %d deals, %d won %d tied %d lost, score %.3f +- %.3f (95%%)"
                   % (name, deals, w, t, l, p, half))
    return out


if __name__ == "__main__":
    for line in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 500):
        print(line)
