# The poker evaluator checked exhaustively on CPython (rule ids of seeds/jokerpoker.md):
# every 5-card and 3-card hand against a plain reference ranking written here, and
# every hand with one Joker against the best legal card found by brute force.
# The Joker sweep runs in two processes (about 20 s); the rest takes a few seconds.
import itertools
import multiprocessing

from engine import poker
from engine.poker import evaluate
from engine.rng import Rng

COLOURS = {poker.RED_JOKER: (1, 2), poker.BLACK_JOKER: (0, 3), poker.ANY_JOKER: (0, 1, 2, 3)}


def reference(hand):
    # (category, tie-break ranks) by the book: JP-10 and JP-11, written for
    # clarity, not speed. Tuples compare the way hands do; a shorter tie-break
    # (a 3-card hand's) is lower than a longer one it begins, as JP-13 says.
    ranks = sorted([c % 13 for c in hand], reverse=True)
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted([(n, r) for r, n in counts.items()], reverse=True)
    shape = [n for n, _ in groups]
    order = tuple([r for _, r in groups])
    five = len(hand) == 5
    flush = five and len({c // 13 for c in hand}) == 1
    straight = five and len(counts) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    top = (3,) if ranks == [12, 3, 2, 1, 0] else order[:1]
    if straight and flush:
        return 8, top
    if shape[0] == 4:
        return 7, order
    if shape[:2] == [3, 2]:
        return 6, order
    if flush:
        return 5, order
    if straight:
        return 4, top
    if shape[0] == 3:
        return 3, order
    if shape[:2] == [2, 2]:
        return 2, order
    if shape[0] == 2:
        return 1, order
    return 0, order


def check_order(pairs):
    # pairs: (value, hand). The values must order the hands exactly as the
    # reference does: equal values for equal references, higher for higher.
    # Returns the number of distinct values.
    ref_of = {}
    for value, hand in pairs:
        ref = reference(hand)
        assert ref[0] == poker.category(value), (hand, value, ref)
        assert ref_of.setdefault(value, ref) == ref, (hand, value, ref, ref_of[value])
    values = sorted(ref_of)
    for lo, hi in zip(values, values[1:]):
        assert ref_of[lo] < ref_of[hi], (lo, ref_of[lo], hi, ref_of[hi])
    return len(values)


def test_every_five_card_hand():
    # JP-10, JP-11: all 2,598,960 hands. A hand's reference depends only on its
    # ranks and suits used, so every hand's value is checked to be the one value
    # of its (rank multiset, suit set) class, and the classes against the reference.
    rk = [1 << 3 * (c % 13) for c in range(52)]  # rank counts, 3 bits a rank
    st = [1 << (c // 13) for c in range(52)]
    counts = [0] * 9
    classes = {}
    for a in range(48):
        ka, sa = rk[a], st[a]
        for b in range(a + 1, 49):
            kb, sb = ka + rk[b], sa | st[b]
            for c in range(b + 1, 50):
                kc, sc = kb + rk[c], sb | st[c]
                for d in range(c + 1, 51):
                    kd, sd = kc + rk[d], sc | st[d]
                    for e in range(d + 1, 52):
                        v = evaluate((a, b, c, d, e))
                        counts[v >> 26] += 1
                        key = (kd + rk[e]) << 4 | sd | st[e]
                        seen = classes.get(key)
                        if seen is None:
                            classes[key] = (v, (a, b, c, d, e))
                        else:
                            assert seen[0] == v, ((a, b, c, d, e), v, seen)
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40], "JP-10 counts"
    assert check_order(classes.values()) == 7462, "JP-11: 7,462 distinct hands"
    assert max([len(poker.name(v)) for v, _ in classes.values()]) <= 12, "names fit a line"


def test_every_three_card_hand():
    # JP-12: 22,100 hands, only trips, pairs and high cards; 455 distinct.
    pairs = [(evaluate(h), h) for h in itertools.combinations(range(52), 3)]
    counts = [0] * 9
    for v, _ in pairs:
        counts[v >> 26] += 1
    assert counts == [18304, 3744, 0, 52, 0, 0, 0, 0, 0], "JP-12: no straight or flush"
    assert check_order(pairs) == 455


def test_three_card_against_five_card_hands():
    # JP-13: a 3-card hand compares with a 5-card one card by card, a missing
    # card lowest; checked on a sample of both sizes together.
    rng = Rng(13)
    pairs = []
    for i in range(20000):
        deck = bytearray(range(52))
        rng.shuffle(deck)
        hand = tuple(deck[: 3 + 2 * (i & 1)])
        pairs.append((evaluate(hand), hand))
    check_order(pairs)


def brute(hand, rank):
    # The best plain value with every Joker replaced by a card of `rank` in its
    # colour, each a different card and none the hand holds (JP-7, JP-8, JP-9).
    plain = [c for c in hand if c < poker.RED_JOKER]
    jokers = [c for c in hand if c >= poker.RED_JOKER]
    best = poker.NOT_ALLOWED
    for suits in itertools.permutations(range(4), len(jokers)):
        stand_ins = [s * 13 + rank for s in suits]
        if all(s in COLOURS[j] for s, j in zip(suits, jokers)) and not set(stand_ins) & set(plain):
            best = max(best, evaluate(plain + stand_ins))
    return best


def check_joker_hand(hand, want):
    # want: the brute-force value per rank. Returns a failure description or None.
    got = poker.by_rank(hand)
    r = sum(hand) % 13
    if got != want or evaluate(hand) != max(want) or evaluate(hand, r) != want[r]:
        return "%r: by_rank %r, want %r" % (hand, got, want)
    sub = poker.substitute(hand, r)
    if (sub is None) != (want[r] < 0) or (sub is not None and evaluate(sub) != want[r]):
        return "%r: substitute at %d gives %r" % (hand, r, sub)
    return None


def one_joker_from(a):
    # Every 4-card remainder whose lowest card is a, with each Joker put in at a
    # varying place. The plain values of the remainder plus each card are made
    # once; the brute force per rank is the best over the Joker's suits (COLOURS).
    failures = []
    checked = 0
    for b in range(a + 1, 50):
        for c in range(b + 1, 51):
            for d in range(c + 1, 52):
                rest = (a, b, c, d)
                plain = [-1 if x in rest else evaluate(rest + (x,)) for x in range(52)]
                black = list(map(max, plain[:13], plain[39:]))
                red = list(map(max, plain[13:26], plain[26:39]))
                at = (b + c + d) % 5
                for joker, want in ((poker.RED_JOKER, red), (poker.BLACK_JOKER, black),
                                    (poker.ANY_JOKER, list(map(max, red, black)))):
                    problem = check_joker_hand(rest[:at] + (joker,) + rest[at:], want)
                    if problem:
                        failures.append(problem)
                    checked += 1
    return checked, failures[:3]


def test_every_hand_with_one_joker():
    # JP-7, JP-8: each of the three Jokers with all 270,725 4-card remainders
    # (812,175 hands) and all 1,326 2-card ones (3,978 hands).
    with multiprocessing.get_context("fork").Pool(2) as pool:
        results = pool.map(one_joker_from, range(49), chunksize=1)
    assert sum([n for n, _ in results]) == 3 * 270725
    failures = [f for _, fs in results for f in fs]
    for rest in itertools.combinations(range(52), 2):
        for joker in COLOURS:
            hand = rest + (joker,)
            problem = check_joker_hand(hand, [brute(hand, r) for r in range(13)])
            if problem:
                failures.append(problem)
    assert not failures, failures[:5]


def test_sampled_hands_with_two_or_three_jokers():
    # JP-9 puts one Joker in a hand; two (or three) are defined all the same:
    # distinct legal cards of one rank. Sampled 5-card and 3-card hands.
    rng = Rng(29)
    jokers = list(COLOURS)
    failures = []
    for i in range(6000):
        deck = bytearray(range(52))
        rng.shuffle(deck)
        rng.shuffle(jokers)
        n = 3 if i % 10 == 0 else 2
        size = 5 if i & 1 else 3
        hand = list(deck[: size - n]) + jokers[:n]
        rng.shuffle(hand)
        problem = check_joker_hand(hand, [brute(hand, r) for r in range(13)])
        if problem:
            failures.append(problem)
    assert not failures, failures[:5]
