# runs-on: micropython
# The shared determinization (engine.ai.sampling): unseen cards dealt over the
# hidden places at random, never giving a place a card it is known not to hold.
from engine.ai import sampling
from engine.rng import Rng


def suit_ban(suits):
    # Cards 0..51 of the given suits (a void shown by failing to follow suit).
    lo = hi = 0
    for s in suits:
        for r in range(13):
            c = s * 13 + r
            if c < 28:
                lo |= 1 << c
            else:
                hi |= 1 << (c - 28)
    return lo, hi


def shares(cards, places):
    out = []
    at = 0
    for p in places:
        out.append(cards[at:at + p[0]])
        at += p[0]
    return out


def holds_no_banned(cards, places):
    for share, p in zip(shares(cards, places), places):
        for c in share:
            if sampling._banned(p, c):
                return False
    return True


def test_without_bans_every_card_is_dealt_once():
    rng = Rng(5)
    base = list(range(40))
    places = [(5, 0, 0), (35, 0, 0)]
    seen = set()
    for _ in range(50):
        cards = list(base)
        assert sampling.arrange(cards, places, rng)
        assert sorted(cards) == base
        seen.add(tuple(cards[:5]))
    assert len(seen) == 50  # the hidden hand differs every time


def test_partial_draw_changes_only_the_front():
    # needed = 6: the front six are a uniform draw from all 40, the rest keep
    # whatever order they had (a search that reads no further need not pay).
    rng = Rng(9)
    counts = [0] * 40
    for _ in range(4000):
        cards = list(range(40))
        sampling.arrange(cards, [(3, 0, 0), (37, 0, 0)], rng, 6)
        assert sorted(cards) == list(range(40))
        counts[cards[0]] += 1
    assert min(counts) > 50 and max(counts) < 160, counts


def test_voids_are_respected_in_every_sample():
    # Three hidden hands with random voids that the true deal agrees with.
    rng = Rng(11)
    for trial in range(60):
        truth = list(range(52))
        rng.shuffle(truth)
        truth = truth[:27]
        places = []
        at = 0
        for size in (9, 9, 9):
            share = truth[at:at + size]
            at += size
            held = set([c // 13 for c in share])
            void = [s for s in range(4) if s not in held]
            lo, hi = suit_ban(void)
            places.append((size, lo, hi))
        # The knowledge is true, so a consistent deal exists and must be found.
        for _ in range(5):
            cards = sorted(truth)
            assert sampling.arrange(cards, places, rng)
            assert sorted(cards) == sorted(truth)
            assert holds_no_banned(cards, places)


def test_a_card_only_one_place_may_hold_lands_there():
    # Place 0 is void in clubs and diamonds, place 1 in hearts and spades; the
    # store takes anything: every club and diamond goes to place 1 or the store.
    rng = Rng(3)
    lo0, hi0 = suit_ban([0, 1])
    lo1, hi1 = suit_ban([2, 3])
    places = [(6, lo0, hi0), (6, lo1, hi1), (8, 0, 0)]
    base = [0, 1, 2, 3, 13, 14, 15, 16, 26, 27, 28, 29, 39, 40, 41, 42, 5, 18, 31, 44]
    firsts = set()
    for _ in range(200):
        cards = list(base)
        assert sampling.arrange(cards, places, rng)
        assert holds_no_banned(cards, places)
        assert sorted(cards) == sorted(base)
        firsts.add(tuple(sorted(cards[:6])))
    assert len(firsts) > 20  # still random within the bans


def test_impossible_knowledge_is_reported():
    # Two places of 3 that both ban every heart, and 4 hearts to deal with a
    # store of only 2: no consistent deal exists.
    lo, hi = suit_ban([2])
    cards = [26, 27, 28, 29, 0, 1, 2, 3]
    assert not sampling.arrange(cards, [(3, lo, hi), (3, lo, hi), (2, 0, 0)], Rng(1))
    assert sorted(cards) == [0, 1, 2, 3, 26, 27, 28, 29]


def test_draw_deals_as_below_would():
    # Rng.draw, below()'s step written out for dealing worlds, moves the very
    # cards a loop of below() would and leaves the Rng where that loop does:
    # worlds, and so the bots' moves, stay those of before.
    for seed in range(40):
        for n, k in ((0, 0), (1, 1), (5, 5), (30, 12), (34, 34)):
            got = list(range(n))
            want = list(got)
            a = Rng(seed)
            b = Rng(seed)
            a.draw(got, k)
            for i in range(k):
                j = i + b.below(n - i)
                want[i], want[j] = want[j], want[i]
            assert got == want and (a.x, a.y) == (b.x, b.y), (seed, n, k)
