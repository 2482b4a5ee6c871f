# runs-on: micropython
# The poker evaluator (engine/poker.py) against the rules of seeds/jokerpoker.md:
# the seed's worked examples and ranking list, ties, 3-card hands, Jokers and the
# names the device shows. The exhaustive checks are in test_poker.py (CPython).
from engine import cards, poker

JOKERS = {"JkR": poker.RED_JOKER, "JkB": poker.BLACK_JOKER, "JkX": poker.ANY_JOKER}


def hand(text):
    # "Kh Jh 10h 3h 2h"; Jokers: JkR red, JkB black, JkX red/black.
    return [JOKERS[t] if t in JOKERS else cards.parse(t) for t in text.split()]


def ev(text, joker_rank=-1):
    return poker.evaluate(hand(text), joker_rank)


def check_split(split, names):
    got = [poker.name(ev(h)) for h in split]
    assert got == names, (split, got)
    values = [ev(h) for h in split]
    assert values == sorted(values, reverse=True), "JP-6: the seed's hands are strongest first"


def test_seed_fifteen_card_splits():
    # JP-5, JP-10: the three splits of the seed's 15 cards, with the seed's names.
    check_split(["Kh Jh 10h 3h 2h", "Kd Kc 6d 6s 4c", "5s 5c As Qc 10s"],
                ["Flush K", "2 pairs K 6", "Pair 5"])
    check_split(["Kh Kd Kc 10s 10h", "5c 4c 3h 2h As", "6d 6s Qc Jh 5s"],
                ["Full K/10", "Str 5", "Pair 6"])
    check_split(["As Kh Qc Jh 10h", "6d 5s 4c 3h 2h", "Kc Kd 10s 6s 5c"],
                ["Str A", "Str 6", "Pair K"])


def test_seed_thirteen_card_splits():
    # JP-5, JP-12: the four-player example (the third hand has 3 cards). The seed
    # prints the third split's second hand with Kh twice; the 13 cards hold Kd.
    check_split(["Kh Jh 10h 3h 2h", "Kd Kc 5s 5c 4c", "As Qc 10s"], ["Flush K", "2 pairs K 5", "High A"])
    check_split(["Kh Kd Kc 10s 10h", "5c 4c 3h 2h As", "Qc Jh 5s"], ["Full K/10", "Str 5", "High Q"])
    check_split(["As Kh Qc Jh 10h", "Kc Kd 4c 3h 2h", "5s 5c 10s"], ["Str A", "Pair K", "Pair 5"])


def test_seed_ranking_list_examples():
    # JP-10: the example hands of the seed's ranking list, best first.
    order = ["As Ks Qs Js 10s", "Qh Jh 10h 9h 8h", "5h 4h 3h 2h Ah", "6s 6c 6h 6d 4c",
             "10c 10s 10h 5c 5d", "Qd 9d 8d 5d 2d", "Ac Kd Qc Jh 10h", "5c 4c 3h 2h As",
             "7s 7h 7d Kc 2s", "Kd Kc 6d 6s 4c", "5s 5c As Qc 10s", "As Qc 10s 7d 3h"]
    cats = [8, 8, 8, 7, 6, 5, 4, 4, 3, 2, 1, 0]
    values = [ev(h) for h in order]
    assert [poker.category(v) for v in values] == cats, values
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values), "JP-10 order"
    assert poker.name(values[0]) == "Royal flush" and ev("Ac Kc Qc Jc 10c") == values[0], "JP-10, JP-11"


def test_ties_and_kickers():
    # JP-11: suits never break a tie; kickers count one by one; the Ace is low
    # only in 5 4 3 2 A.
    assert ev("Kh Jh 10h 3h 2h") == ev("Ks Js 10s 3s 2s")
    assert ev("Kd Kc 6d 6s 4c") == ev("Kh Ks 6h 6c 4d")
    assert ev("As Ad 9c 7h 3s") > ev("Ah Ac 9d 7s 2c") > ev("Ks Kd Ac Qh Jd")
    assert ev("Kd Kc 3d 3s 4c") > ev("Qh Qs Jh Jc Ad"), "JP-11: two pairs by the higher pair first"
    assert ev("Kd Kc 6d 6s 4c") > ev("Kh Ks 5h 5c Ad"), "JP-11: then the lower pair"
    assert ev("Kd Kc 6d 6s 5c") > ev("Kh Ks 6h 6c 4d"), "JP-11: then the kicker"
    assert ev("3d 3c 3h 2s 2c") > ev("2d 2h 2s As Ac"), "JP-11: a full house by its three"
    assert ev("5c 4c 3h 2h As") < ev("6d 5s 4c 3h 2h"), "JP-11: 5 4 3 2 A is the lowest straight"
    assert ev("As Kh Qc Jh 10h") > ev("Kh Qc Jh 10h 9s"), "JP-11: the Ace is high in A K Q J 10"
    assert poker.category(ev("Kh Ad 2c 3s 4h")) == poker.HIGH, "JP-11: K A 2 3 4 is no straight"
    assert ev("5h 4h 3h 2h Ah") < ev("6c 5c 4c 3c 2c"), "JP-11: the 5-high straight flush is lowest"


def test_three_card_hands():
    # JP-12: only trips, a pair or a high card; three Aces is the best.
    assert ev("Qh Kh Ah") == ev("Qc Kd As") and poker.name(ev("Qh Kh Ah")) == "High A"
    assert ev("As Ad Ah") > ev("Ks Kd Kh") > ev("As Ad Kh")
    assert [poker.category(ev(h)) for h in ("2c 3c 4c", "2c 2d 4c", "2c 2d 2h")] == [0, 1, 3]
    # JP-13: a 3-card hand against a 5-card one: the kind, then card by card, a
    # missing card below any card.
    assert ev("Kh Kd 9c") > ev("Ks Kc 8d 7h 6c")
    assert ev("Kh Kd 8c") < ev("Ks Kc 8d 7h 6c")
    assert ev("2h 2d 2c") > ev("As Ac Kd Kh Qc") and ev("As Kd Qc") < ev("As Kc Qd 3h 2c")


def test_jokers_take_legal_cards_only():
    # JP-7: the red Joker is a heart or diamond, the black one a spade or club.
    assert poker.name(ev("Ah Kh Qh Jh JkR")) == "Royal flush"
    assert poker.name(ev("Ah Kh Qh Jh JkB")) == "Str A"
    assert poker.name(ev("Ah Kh Qh Jh JkX")) == "Royal flush"
    assert poker.name(ev("As Ks Qs Js JkB")) == "Royal flush"
    assert poker.name(ev("2c 7c 9c Jc JkR")) == "Pair J"
    # JP-8: never a card the hand holds, so no five of a kind.
    assert poker.name(ev("7s 7c 7h 7d JkX")) == "Quads 7"
    assert ev("7s 7c 7h 7d JkX", 5) == poker.NOT_ALLOWED
    assert ev("7h 7d 2c 3s JkR", 5) == poker.NOT_ALLOWED and ev("7h 7d 2c 3s JkB", 5) >= 0
    assert poker.name(ev("7h 7d 2c 3s JkR")) == "2 pairs 7 3", "JP-8: no red Seven is left for it"
    assert poker.name(ev("7h 7d 2c 3s JkB")) == "Trips 7"
    assert poker.name(ev("Kd 5h JkR", 11)) == "Pair K" and poker.name(ev("Kd 5h JkR")) == "Pair K"
    assert poker.name(poker.NOT_ALLOWED) == "Not allowed" and poker.category(poker.NOT_ALLOWED) == -1


def test_joker_rank_and_stand_ins():
    # JP-9: all of a player's Jokers take one rank; by_rank gives each rank's value,
    # substitute the card a Joker stands for (the flush suit when it can).
    h = hand("Ah 9h 6h 3h JkX")
    values = poker.by_rank(h)
    assert len(values) == 13 and values == [poker.evaluate(h, r) for r in range(13)]
    assert poker.name(values[10]) == "Flush A" and poker.name(values[7]) == "Pair 9"
    assert poker.name(values[12]) == "Pair A", "JP-8: not a second Ah"
    assert max(values) == poker.evaluate(h) == values[11] and values[11] > values[10]
    assert poker.substitute(h, 10) == hand("Ah 9h 6h 3h Qh")
    assert poker.substitute(hand("7h 7d JkR"), 5) is None
    assert poker.substitute(hand("7h 2c JkR"), 5) == hand("7h 2c 7d")
    assert poker.by_rank(hand("2c 3c 4c 5c 6c")) == [ev("2c 3c 4c 5c 6c")] * 13, "no Joker: one value"


def test_two_jokers_in_one_hand():
    # JP-9 allows one Joker a hand; two are still well-defined: two different
    # cards of one rank, so they never make a straight or a flush.
    assert poker.name(ev("Ah Kh Qh JkR JkX")) == "Trips A"
    assert poker.substitute(hand("Ah Kh Qh JkR JkX"), 12) == hand("Ah Kh Qh Ad Ac")
    assert ev("Ah Ad Qh JkR JkX", 12) == poker.NOT_ALLOWED, "the red Joker has no red Ace left"
    assert poker.name(ev("Ah Ad Qh JkR JkX")) == "Full Q/A"
    assert poker.name(ev("JkR JkB JkX")) == "Trips A"
    assert poker.substitute(hand("Ac JkX JkB"), 12) == hand("Ac Ad As")


def test_names():
    # The screen labels (JP-10), at most 12 characters.
    want = {
        "Ah Kh Qh Jh 10h": "Royal flush", "Qh Jh 10h 9h 8h": "Str flush Q", "5h 4h 3h 2h Ah": "Str flush 5",
        "6s 6c 6h 6d 4c": "Quads 6", "10c 10s 10h 9c 9d": "Full 10/9", "Qd 9d 8d 5d 2d": "Flush Q",
        "Ac Kd Qc Jh 10h": "Str A", "10c 9d 8c 7h 6h": "Str 10", "7s 7h 7d Kc 2s": "Trips 7",
        "10d 10c 9d 9s 4c": "2 pairs 10 9", "Js Jc 5s 4c 2s": "Pair J", "As Qc 10s 7d 3h": "High A",
        "7s 5c 4d 3h 2c": "High 7", "2s 2c 2d": "Trips 2", "Qs Qc 3d": "Pair Q", "4s 3c 2d": "High 4",
    }
    for text, label in want.items():
        got = poker.name(ev(text))
        assert got == label and len(got) <= 12, (text, got)


def test_values_are_small_ints():
    # Every value below 2**30, so it stays a small int on a 32-bit MicroPython.
    top = ev("Ah Kh Qh Jh JkX")
    assert 0 < top < 1 << 30 and top == max(poker.by_rank(hand("Ah Kh Qh Jh JkX")))
    assert poker.evaluate(bytes(hand("Kh Jh 10h 3h 2h"))) == ev("Kh Jh 10h 3h 2h")
    assert poker.evaluate(tuple(hand("As Qc 10s"))) == ev("As Qc 10s")
