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


def medium_plays(matches):
    # Whole matches of Hard against Medium (seats alternated, as the ladder):
    # for each of Medium's plays while both play, (the state before it, its
    # move, the state after it).
    from engine.ai import HARD, MEDIUM

    out = []
    for i in range(matches):
        s = H.new_game(i // 2)
        rng = Rng(i)
        while not s.is_over():
            p = s.to_move()
            level = HARD if p == i % 2 else MEDIUM
            m = A.choose(s.view(p), level, rng)
            before = s.clone() if level == MEDIUM and s.phase() == H.TURNS else None
            s.apply(m)
            if before is not None and s.phase() == H.TURNS:
                out.append((before, m, s.clone()))
    return out


def test_unplay_shows_the_table_before_the_opponents_play():
    # HJ-22: what the opponent played is public, so a view can be taken back
    # to the table its seat saw before that play (the bots read the play against it).
    n = 0
    for before, m, after in medium_plays(4):
        q = before.to_move()
        v = after.view(1 - q)
        was = before.view(1 - q)
        assert v.unplay()
        assert v.to_move() == q and not v.unplay()  # once only
        assert (v.top, v.size, v.block, v.key, v.fits0, v.fits1) == (was.top, was.size, was.block, was.key,
                                                                    was.fits0, was.fits1)
        assert (v.spare_words, v.piled, v.hand_words) == (was.spare_words, was.piled, was.hand_words)
        # The card it drew is unseen now as it was before (in the store).
        assert v.unseen == was.unseen
        n += 1
    assert n > 100
    # Nothing to read at a deal's first play, nor after one's own.
    s = H.new_game(3)
    v = s.view(s.to_move())
    assert not v.unplay() and v.to_move() == s.to_move()
    s.apply(s.legal_moves()[0])
    assert not s.view(1 - s.to_move()).unplay()


def test_hard_never_deals_medium_a_joker_it_would_have_played():
    # Medium plays a Joker onto an open stack of its opponent at once (HJ-14):
    # its opponent's worlds hold no Joker in its hand but for the card it drew
    # since. Other cards unheld() bans are inferred from Medium's weights as
    # Medium saw the table, Hard's hand hidden: Medium's own hand, which Hard
    # cannot see, changes those weights a little, so a few of them are wrong.
    jokers = wrong = banned = 0
    for before, m, after in medium_plays(20):
        q = before.to_move()
        v = after.view(1 - q)
        if not v.store_count():
            continue  # the unseen cards are its hand: nothing to read
        w0, w1, work = A.unheld(v)
        held = before.hand(q)
        right = not [c for c in held if (w1 if H.W[c] else w0) & H.B[c]]
        if w0 | w1:
            banned += 1
            wrong += not right
        if 0 in [before.stack_block(1 - q, i) for i in range(4)] and before.card_of(m) < H.JOKER:
            # A Joker had somewhere to go and Medium played none.
            for c in (H.JOKER, H.JOKER + 1):
                if c in held:
                    assert not w1 & H.B[c]
                elif v.unseen[1] & H.B[c]:
                    jokers += 1
                    assert w1 & H.B[c]
        # The worlds keep the bans: the true deal does when they are right (a
        # wrong ban may leave no deal that keeps them all).
        places = A.banned_places(v, w0, w1)
        for i in range(3):
            cards = v.unseen_cards()
            if sampling.arrange(cards, places, Rng(i)):
                world = v.fill(cards)
                assert sorted(world.hand(q) + list(world.store)) == sorted(v.unseen_cards())
                assert len([c for c in world.hand(q) if (w1 if H.W[c] else w0) & H.B[c]]) <= v.last[3]
            else:
                assert not right
    assert jokers > 50 and banned > 300 and wrong * 10 < banned, (jokers, banned, wrong)


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
