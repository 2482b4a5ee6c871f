# runs-on: micropython
# Joker Poker rules (seeds/jokerpoker.md, JP-n): the deal, arranging with the
# Jokers, bets and the reveal, hidden information, and whole random matches
# checked at every move.
from engine import arrange as R
from engine import poker
from engine.cards import parse
from engine.games import jokerpoker as J
from engine.rng import Rng
from engine.state import CONTINUE
from host_tests.check import raises

MATCHES = 10  # random matches per seat count in the whole-match test
JOKERS = {"Jr": 52, "Jb": 53, "Jx": 54}


def cards(text):
    return [JOKERS[t] if t in JOKERS else parse(t) for t in text.split()]


def arrange(s, seat, hands):
    # Gives the seat exactly these three hands (texts: groups 0, 1, 2); another
    # seat holding one of the cards gets one the seat gives up instead.
    hs = s.hs
    want = []
    group_of = []
    for g in range(3):
        for c in cards(hands[g]):
            want.append(c)
            group_of.append(g)
    assert len(want) == hs
    spare = [c for c in s.cards(seat) if c not in want]
    for i in range(len(s.hand)):
        if i // hs != seat and s.hand[i] in want:
            s.hand[i] = spare.pop()
    for q in range(s.n):
        at = q * hs
        if q == seat:
            pairs = [(want[i], group_of[i]) for i in range(hs)]
        else:
            pairs = [(s.hand[at + i], s.group_of[at + i]) for i in range(hs)]
        pairs.sort(key=lambda x: J.sort_key(x[0]))
        for i in range(hs):
            s.hand[at + i] = pairs[i][0]
            s.group_of[at + i] = pairs[i][1]
    s.known = False
    return s


def placed(s):
    # Every card of the match: where it is (seat), each exactly once.
    seen = {}
    for k in range(len(s.hand)):
        c = s.hand[k]
        assert c not in seen, ("card twice", c)
        seen[c] = k // s.hs
    return seen


# ----- the deal (JP-1..JP-5)


def test_deal_gives_15_or_13_distinct_cards_and_5_5_5_or_5_5_3_hands():
    # JP-1, JP-4, JP-5: 55 cards, 15 each with 2-3 seats, 13 with 4; the rest unused.
    for n in (2, 3, 4):
        s = J.new_game(n, {}, n)
        hs = 15 if n < 4 else 13
        assert s.hs == hs and len(placed(s)) == n * hs
        assert all([0 <= c < 55 for c in s.hand])
        for q in range(n):
            sizes = [list(s.groups(q)).count(g) for g in range(3)]
            assert sizes == ([5, 5, 5] if hs == 15 else [5, 5, 3]), sizes
            assert list(s.cards(q)) == list(J.canonical(s.cards(q)))


def test_each_seat_has_nine_betting_cards_worth_18():
    # JP-2: 0, 1, 1, 2, 2, 2, 3, 3, 4.
    s = J.new_game(1, {}, 3)
    for q in range(3):
        assert s.free_bets(q) == [1, 2, 3, 2, 1]
        assert sum([v * k for v, k in zip(range(5), s.free_bets(q))]) == 18


# ----- the Jokers (JP-7..JP-9)


def test_a_joker_stands_for_a_card_of_its_colour_not_in_its_hand():
    # JP-7, JP-8: the black Joker with four spades is the missing spade; the red
    # one cannot be a spade, so no flush; with the Ace of spades held, the black
    # Joker at Ace is the Ace of clubs: no five of a kind with four Aces either.
    royal = J.value(cards("As Ks Qs Js Jb"))
    assert royal == poker.evaluate(cards("As Ks Qs Js 10s"))
    assert J.value(cards("As Ks Qs Js Jr")) == poker.evaluate(cards("As Ks Qs Js 10h"))
    assert J.value(cards("As Ks Qs Js Jb"), 12) == poker.evaluate(cards("As Ks Qs Js Ac"))
    quads = J.value(cards("As Ah Ad Ac Jx"))
    assert poker.category(quads) == 7 and quads < royal
    assert J.value(cards("As Ah Ad Ac Jx"), 12) == J.NOT_ALLOWED  # every Ace is held
    assert J.value(cards("Ah Ad Jb")) == poker.evaluate(cards("Ah Ad As"))  # JP-12: trips
    assert poker.category(J.value(cards("Ah Ad Jr"))) == 1  # no red Ace left


def test_the_game_values_hands_as_the_evaluator():
    # JP-7, JP-8: the arranger's value of a hand with one Joker, at its best and
    # at each rank, is the evaluator's.
    rng = Rng(4)
    for _ in range(150):
        deck = bytearray(range(52))
        rng.shuffle(deck)
        for size in (5, 3):
            hand = list(deck[:size - 1]) + [52 + rng.below(3)]
            assert J.value(hand) == poker.evaluate(hand), hand
            r = rng.below(13)
            want = poker.evaluate(hand, r)
            assert J.value(hand, r) == (want if want >= 0 else J.NOT_ALLOWED), (hand, r)


def test_jokers_go_in_different_hands_and_share_one_rank():
    # JP-9: no swap puts two Jokers in one hand; a RANK move sets every Joker's.
    s = arrange(J.new_game(3, {}, 2), 0, ("Jr Ks Kd 9c 4h", "Jb 8s 8d 2c 3h", "Qs Qh 7c 6c 5d"))
    i = list(s.cards(0)).index(53)  # the black Joker
    j = list(s.cards(0)).index(parse("Ks"))
    assert J.swap_code(i, j) not in s.legal_moves()
    before = s.encode()
    assert raises(ValueError, s.apply, J.swap_code(i, j)) == "two Jokers in one hand"
    assert s.encode() == before
    s.apply(J.RANK + 6)  # both Jokers are 8s: a pair of Kings and trips 8
    v = s.values(0)
    assert poker.category(v[0]) == 1 and poker.category(v[1]) == 3
    assert s.joker_rank(0) == 6
    s.apply(J.RANK + J.BEST)
    assert s.joker_rank(0) == J.best_rank(s.cards(0), s.groups(0), 2)


def test_texts_tell_the_three_jokers_apart():
    # JP-1, JP-7: the red, black and red/black Jokers stand for different
    # cards, so a move's text (the hint, look back, the log) names which:
    # "Jkr", "Jkb", "Jk" (the device draws them as the Joker glyph and r, b).
    s = arrange(J.new_game(3, {}, 2), 0, ("Jr Ks Kd 9c 4h", "Jb 8s 8d 2c 3h", "Jx Qh 7c 6c 5d"))
    c = list(s.cards(0))
    red, black, both = c.index(52), c.index(53), c.index(54)
    assert s.describe(J.swap_code(red, black), 0) == "swap Jkr Jkb"
    assert s.describe(J.swap_code(black, both), 0) == "swap Jkb Jk"
    assert s.describe(J.swap_code(red, c.index(parse("8s"))), 1) == "P1: swap Jkr 8s"
    assert J.card_text(parse("10h")) == "10h"


# ----- arranging (JP-5, JP-6, JP-13)


def test_the_device_orders_the_hands_strongest_first():
    # JP-6: whatever groups the cards are in, hand 1 is the strongest.
    s = arrange(J.new_game(2, {}, 2), 0, ("2c 3d 4h 6s 8c", "As Ah Kd Kc 9s", "Qs Js 10s 9h 8h"))
    order = s.hands(0)
    v = s.values(0)
    assert order == (2, 1, 0) and v[2] > v[1] > v[0]


def test_the_3_card_hand_may_not_beat_the_second_with_four_seats():
    # JP-6, JP-13: trips in the 3-card hand above a pair in hand 2 may not be bet.
    s = arrange(J.new_game(2, {}, 4), 0, ("As Ks Qs Js 9s", "5c 5d 7h 8c 10d", "4c 4d 4h"))
    assert s.problem(0) == "the 3-card hand beats hand 2"
    assert [m for m in s.legal_moves() if m >= J.BET] == []
    before = s.encode()
    assert raises(ValueError, s.apply, J.bet_code(4, 2, 0)) == "the 3-card hand beats hand 2"
    assert s.encode() == before
    # JP-13: a pair of 5s with an Ace beats one with 10 8 7, but not one with A 10 8.
    s = arrange(J.new_game(2, {}, 4), 0, ("As Ks Qs Js 9s", "5c 5d 7h 8c 10d", "5h 5s Ad"))
    assert s.problem(0) == "the 3-card hand beats hand 2"
    s = arrange(J.new_game(2, {}, 4), 0, ("As Ks Qs Js 9s", "5c 5d Ah 8c 10d", "5h 5s Ad"))
    assert s.problem(0) == ""
    assert s.hands(0) == (0, 1, 2)
    # With a Joker whose every rank leaves the 3-card hand above hand 2, that is
    # the reason given (not that no card is left for it), the hands named.
    s = arrange(J.new_game(2, {}, 4), 0, ("Jr As Ks 9s 4s", "Qc 8d 6h 3c 2d", "Jc Jh 10d"))
    assert s.joker_rank(0) == -1 and s.problem(0) == "the 3-card hand beats hand 2"
    assert min(s.values(0)) >= 0


def test_arrange_for_me_gives_playable_hands():
    # The AUTO move: propose()'s groups, 5/5/5 or 5/5/3, ready to bet (JP-5, JP-6, JP-9).
    for n in (2, 4):
        for seed in range(4):
            s = J.new_game(seed, {}, n)
            want = J.propose(s.cards(0), n)
            s.apply(J.AUTO)
            assert list(s.groups(0)) == list(want) and s.problem(0) == ""
            assert J.bet_code(4, 2, 0) in s.legal_moves()


def test_arrange_for_me_keeps_to_its_budget():
    # Two Jokers with four seats where no rank suits the first search's hands:
    # unbounded, the search would try all 13 ranks (some 60,000 units, seconds
    # on a Pico); the budget ends it after the step that spends it (a table
    # again at one rank at most), with hands that may be played (JP-9, JP-13).
    # (R's own propose: the app drops engine.arrange after a move, so J.propose
    # may load a new one.)
    held = J.canonical(cards("Jr Jx Ad Ah Ks Qh 10s 9d 7h 6h 4c 3d 3s"))
    groups = R.propose(held, 4)
    assert R.BUDGET <= R._WORK[0] <= R.BUDGET + R._cost(13, 2, True), R._WORK[0]
    rank = J.best_rank(held, groups, 4)
    assert rank >= 0 and J.problem(J.group_values(held, groups, rank, [0, 0, 0]), 13) == ""
    assert list(R.propose(held, 4)) == list(groups)  # counted, not timed: the same every time
    # The bots' budget (a whole plan within 1 s on a Pico) ends it sooner.
    groups = R.propose(held, 4, None, R.DECIDE)
    assert R.DECIDE <= R._WORK[0] <= R.DECIDE + R._cost(13, 2, True), R._WORK[0]
    rank = J.best_rank(held, groups, 4)
    assert rank >= 0 and J.problem(J.group_values(held, groups, rank, [0, 0, 0]), 13) == ""


# ----- bets and the reveal (JP-14..JP-17)


def test_any_betting_card_on_any_hand_and_each_once():
    # JP-14: the 0 may go on hand 1 and the 4 on hand 3; used cards are gone.
    s = J.new_game(6, {}, 2)
    s.apply(J.AUTO)
    s.apply(J.bet_code(0, 1, 4))
    assert list(s.bets(0)) == [0, 1, 4] and s.free_bets(0) == [0, 1, 3, 2, 0]
    assert s.to_move() == 1
    s.apply(J.AUTO)
    before = s.encode()
    assert raises(ValueError, s.apply, J.bet_code(1, 1, 1)) == "no betting card 1 left"
    assert s.encode() == before


def test_hands_and_bets_stay_hidden_until_the_reveal():
    # JP-15: seat 1 sees neither seat 0's cards, groups, Joker rank nor bets.
    s = J.new_game(8, {}, 3)
    s.apply(J.AUTO)
    s.apply(J.bet_code(4, 2, 0))
    v = s.view(1)
    assert set(v.cards(0)) == {J.UNKNOWN} and set(v.groups(0)) == {J.UNKNOWN}
    assert list(v.bets(0)) == [J.UNKNOWN] * 3 and v.free_bets(0) == [1, 2, 3, 2, 1]
    assert list(v.cards(1)) == list(s.cards(1))
    assert set(v.cards(2)) == {J.UNKNOWN}
    assert len(v.unseen_cards()) == 55 - 15
    assert J.decode(v.encode()).encode() == v.encode()
    s.apply(J.AUTO)
    s.apply(J.bet_code(4, 2, 0))
    s.apply(J.AUTO)
    s.apply(J.bet_code(4, 2, 0))  # the last bet reveals
    v = s.view(1)
    assert list(v.cards(0)) == list(s.cards(0)) and list(v.bets(2)) == [4, 2, 0]


def test_the_best_hand_takes_every_bet_and_a_tie_takes_back_its_own():
    # JP-16, JP-17: hand 1 tied by seats 0 and 1 (flushes of the same ranks);
    # hand 2 seat 1's trips Jacks; hand 3 seat 2's pair of 4s. On the tie seat
    # 2's bet goes out of play.
    s = J.new_game(11, {}, 3)
    arrange(s, 0, ("Ah Qh 10h 8h 6h", "Kc Kd 9s 9d 2s", "5c 3d 7s 3c 4d"))
    arrange(s, 1, ("Ad Qd 10d 8d 6d", "Jc Jd Jh 3s 5h", "2c 2d 7c 4s 9c"))
    arrange(s, 2, ("As Ks Qc Js 10c", "Qs 7h 4h 4c 2h", "8s 8c 5s Ac 6c"))
    s.apply(J.bet_code(4, 1, 0))
    s.apply(J.bet_code(2, 3, 1))
    s.apply(J.bet_code(3, 2, 2))
    assert s.deal_over() and not s.is_over()
    assert s.hand_winners(0) == [0, 1] and s.hand_winners(1) == [1] and s.hand_winners(2) == [2]
    # Seat 0: its own 4 back; seat 1: its 2 back, 1 + 3 + 2 on hand 2; seat 2: 0 + 1 + 2.
    assert s.history() == [[4, 8, 3]] and s.scores() == [4, 8, 3]
    # The table's running totals ask the same: hand by hand.
    assert [s.hand_gains(h) for h in range(3)] == [[4, 2, 0], [0, 6, 0], [0, 0, 3]]
    assert [J.taker(q, 0b011) for q in range(3)] == [0, 1, -1] and [J.taker(q, 0b100) for q in range(3)] == [2] * 3
    out = [list(s.betting_cards(q)).count(J.OUT) for q in range(3)]
    assert out == [0, 0, 1]
    assert s.result_text() == "Deal 1: hand 1 P1 P2 tie, 2 P2, 3 P3"  # (the deal named: under the match's verdict too)
    assert [J.taker(q, 0) for q in range(3)] == [-1] * 3  # no winner (a stale read): no taker, not an endless loop
    s.apply(CONTINUE)
    assert s.deal_no == 2 and s.to_move() == 0 and s.free_bets(0) == [0, 1, 3, 2, 0]


# ----- the match (JP-18), illegal moves and bytes


def test_bets_only_with_a_playable_arrangement_and_continue_between_deals():
    s = J.new_game(2, {}, 2)
    before = s.encode()
    assert raises(ValueError, s.apply, CONTINUE) == "the deal is still being played"
    assert raises(ValueError, s.apply, 250) == "no such move"
    assert s.encode() == before
    s.apply(J.AUTO)
    s.apply(J.bet_code(4, 2, 0))
    s.apply(J.AUTO)
    s.apply(J.bet_code(4, 2, 0))
    assert s.legal_moves() == [CONTINUE]
    before = s.encode()
    assert raises(ValueError, s.apply, J.AUTO) == "the deal is over: continue to the next one"
    assert s.encode() == before


def check_invariants(s, staked):
    # Every card in at most one seat's hand; every betting card free, staked
    # this deal, won or out of play, its values as JP-2; won points = scores.
    placed(s)
    n = s.n
    won = [0] * n
    for q in range(n):
        sizes = [list(s.groups(q)).count(g) for g in range(3)]
        assert sizes == ([5, 5, 5] if s.hs == 15 else [5, 5, 3])
        bet_state = s.betting_cards(q)
        total = 0
        for k in range(9):
            assert bet_state[k] in (J.FREE, J.STAKED, J.OUT) or J.WON <= bet_state[k] < J.WON + n
            if bet_state[k] >= J.WON:
                won[bet_state[k] - J.WON] += J.BETS[k]
            total += J.BETS[k]
        assert total == 18
        assert list(bet_state).count(J.STAKED) == (3 if q in staked else 0)
        assert list(bet_state).count(J.FREE) == 9 - 3 * (s.deal_no - 1) - (3 if q in staked else 0) - (
            3 if s.phase() != J.ARRANGE else 0)
    assert won == s.scores() and max(won) <= 18 * n
    assert sum([sum(h) for h in s.history()]) == sum(won)


def test_whole_random_matches_keep_every_card_and_betting_card_accounted_for():
    # JP-4..JP-18 at every move of random legal play (random swaps and ranks, a
    # random bet once one may be made, "arrange for me" after six moves without),
    # with encode/decode round trips and refused moves leaving the state unchanged.
    for n in (2, 3, 4):
        rng = Rng(100 + n)
        for m in range(MATCHES):
            s = J.new_game(1000 * n + m, {}, n)
            staked = []
            turn = 0
            while not s.is_over():
                check_invariants(s, staked)
                assert J.decode(s.encode()).encode() == s.encode()
                moves = s.legal_moves()
                bad = rng.below(256)
                if bad not in moves:
                    before = s.encode()
                    assert raises(ValueError, s.apply, bad)
                    assert s.encode() == before
                bets = [m for m in moves if J.BET <= m < CONTINUE]
                if bets and rng.below(4) == 0:
                    move = bets[rng.below(len(bets))]
                elif not bets and turn >= 6:
                    move = J.AUTO
                else:
                    move = moves[rng.below(len(moves))]
                turn += 1
                if J.BET <= move < CONTINUE:
                    staked.append(s.to_move())
                    assert s.describe(move).startswith("P%d: bet" % (s.to_move() + 1))
                    if len(staked) == n:
                        staked = []
                    turn = 0
                s.apply(move)
            check_invariants(s, [])
            assert s.deal_no == J.DEALS and len(s.history()) == 3
            assert all([s.free_bets(q) == [0] * 5 for q in range(n)])  # JP-18: all nine bet
            top = max(s.scores())
            assert s.winner() == (s.scores().index(top) if s.scores().count(top) == 1 else -1)


# ----- the arranger's tables


def test_the_arrangers_tables_value_every_subset_as_the_evaluator():
    # JP-7..JP-9: each 5-card (and with 13 cards 3-card) subset of a seat's
    # cards has in the arranger's table the strength of its value, its Joker
    # at its best or at ranks 4, 7 and Ace (after at its best, as propose()
    # does); two Jokers make it unplayable. The arranger works most of them
    # out from the shape of the other cards: these deals make it meet straights
    # (the 5-high one too) and flushes the Joker's colour allows or not, and
    # sets the Joker may or may not join.
    rng = Rng(21)
    deals = [
        J.canonical(cards("Jr Jb Ah Kh Qh 9h 2c 3c 5d 6s 8c 10s Jd 7d 4s")),  # the red Joker a heart at 4
        J.canonical(cards("Jb Kc Ks 9c 9s 9d 9h 2c 3d 4h 5s 7c 8d Ad 6h")),  # K K 9 9: a full house with red 9s only
        J.canonical(cards("Jb Ah 5h 4h 3h 2c 9s 9c 9d Kd Ks 7c 6d 10s Qh")),  # no black heart, club or spade 9, K
        J.canonical(cards("Jr Jx Kh Kd 8d 7d 6d 5d Ac Qs Js 10s 4c 3c 2s")),  # no red K; diamonds, spades in a row
        J.canonical(cards("Jr Jx 7h 7d 7c Qs Qh 5s 4s 3s 2s 9d 10c")),  # red 7s, spades to the Five
    ]
    for hs, d in ((15, 3), (13, 2)):
        deck = bytearray(range(52))
        rng.shuffle(deck)
        deals.append(J.canonical(list(range(52, 52 + d)) + list(deck[:hs - d])))
    for held in deals:
        hs = len(held)
        for r in (-1, 2, 5, 12) if held[1] >= J.RED_JOKER else (-1,):
            R.tabulate(held, r, r >= 0, 1 if hs == 15 else 3)
            order = sorted(range(1, R._NL[0] + 1), key=lambda j: R._STR[j])
            assert [R._TR[j] for j in order] == list(range(1, len(order) + 1))  # orders follow strengths
            for size, table in ((5, R._S5), (3, R._S3)) if hs == 13 else ((5, R._S5),):
                for i in range(R.binom(hs, size)):
                    m = R.unrank(i, size, hs)
                    v = J.value([held[x] for x in range(hs) if m >> x & 1], r)
                    if v < 0:
                        assert table[i] == R.INVALID, (list(held), m, r)
                    else:
                        assert R._STR[table[i]] == poker.strength(v), (list(held), m, r)
