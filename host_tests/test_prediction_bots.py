# Prediction bots (CPython only): legal, deterministic, Hard's arithmetic, and
# Hard scores more than chance. figures() gives the report's numbers:
#   python -m host_tests.test_prediction_bots [deals]
import math
import sys

from engine.ai import prediction as A
from engine.games import prediction as P
from engine.rng import Rng
from host_tests.bots import RANDOM, deal_over, mean_sd, play, rotated
from host_tests.test_prediction import dealt, sc, turn

# Hard against random in 2 seats over MARGIN_DEALS deals: its mean deal
# points ahead of the other seat must pass MARGIN. The figures (2,000 deals:
# +21 points a deal, standard deviation about 62) give 600 deals a standard
# error of 2.5: MARGIN is 5 of those below Hard's mean and 3 above chance's 0.
MARGIN_DEALS = 600
MARGIN = 8


def play_deal(seed, levels):
    # One deal (the first of a match); each seat sees only its view. -> deal points.
    rngs = [Rng(seed, q + 1) for q in range(len(levels))]
    return play(P.new_game(seed, {}, len(levels)), levels, A.choose, rngs, deal_over).deal_points()


def duel(a, b, seats, deals, first=0):
    # Level a in one seat against level b in the others (bots.rotated): (a's
    # share of deals won, ties split; a's mean points ahead of the others'
    # mean; the standard deviation of that).
    won, ahead = rotated(play_deal, a, b, seats, deals, first)
    mean, sd = mean_sd(ahead)
    return won, mean, sd


def test_bots_never_point_again_and_easy_calls_at_random():
    s = dealt(2, preds="As Kd")
    s.apply(P.POINT + 3)
    v = s.view(s.to_move())
    got = set()
    for i in range(200):
        m = A.choose(v, 0, Rng(i))
        assert P.CALL <= m < P.PREDICT
        got.add(m)
        assert P.CALL <= A.choose(v, 1, Rng(i)) < P.PREDICT
    assert len(got) == 21  # every call, none barred yet


def test_easy_calls_the_joker_else_the_rank_turned_up_most():
    # Easy, the newcomer: "Joker" whenever it may (PR-7 allows it), else a
    # card of the rank with the fewest left face down (PR-8 pays less for it).
    s = dealt(2, order="As Ah Kd", preds="Qs Jd")
    turn(s, 0, "Kc")
    s.apply(P.POINT + 1)
    v = s.view(s.to_move())
    assert {A.choose(v, A.EASY, Rng(i)) for i in range(20)} == {P.CALL + P.JOKER}
    s.apply(P.CALL + P.JOKER)  # Ah turned: two Aces left face down, "Joker" barred next
    s.apply(P.POINT + 2)
    v = s.view(s.to_move())
    got = {A.choose(v, A.EASY, Rng(i)) - P.CALL for i in range(100)}
    assert got == {sc("Ac"), sc("Ad")}


def test_hard_predicts_the_card_most_last_cards_award():
    # First: any rank and suit wins 9 of 25 last cards, "Joker" 5.
    s = dealt(4)
    m = A.choose(s.view(s.to_move()), 1, Rng(1))
    assert m != P.PREDICT + P.JOKER
    assert s.last_chances(m - P.PREDICT) == 9 and s.last_chances(P.JOKER) == 5
    # The seed's example: after As, Kh and "Joker" the fourth has Q, J or 10 of
    # clubs or diamonds: each wins itself, three of its rank, and of its suit
    # the cards of the two ranks nobody took: 6 of 25.
    predict_in_turn = [sc("As"), sc("Kh"), P.JOKER]
    for c in predict_in_turn:
        s.apply(P.PREDICT + c)
    for m in s.legal_moves():
        assert s.last_chances(m - P.PREDICT) == 6


def expected_points(v, c):
    # Call c's expected points times face_down(), from first principles: every
    # face-down card equally likely to be each unseen card.
    total = 0
    for u in range(P.NCARDS):
        if not v.seen >> u & 1:
            total += P.taken_points(v.pile_taken(), P.gain(c, u))[1]
    return total


def test_hard_maximises_expected_points_when_no_bar_matters():
    # Early in a deal the bar never changes the next player's best (many
    # calls share it): Hard's values are its expectations, scaled.
    s = dealt(2, "Qh Ks 2c Jk", preds="As Kd")
    turn(s, 0, "Qd")
    turn(s, 1, "Kh")
    s.apply(P.POINT + 2)
    v = s.view(s.to_move())
    calls = v.calls()
    values = A.call_values(v, calls)
    f = v.face_down()
    for i in range(len(calls)):
        assert values[i] == (f - 1) * expected_points(v, calls[i]), P.call_name(calls[i])
    m = A.choose(v, 1, Rng(2)) - P.CALL
    assert expected_points(v, m) == max([expected_points(v, c) for c in calls])


def test_hard_bars_the_next_players_best_call():
    # Three cards face down: Ac, 2c and Kh. Hard's value of each call is its
    # expected points plus what the bar takes from the next player: for each
    # card it may turn, the next player's best call less their best other
    # one, when the best is this call and the only one (counted here from the
    # engine's odds). If Kh is turned, "Ac" is the next player's best (exact
    # or the suit of 2c), better than "Joker" (2c only): calling Ac bars it.
    named = [P.label(c) for c in range(25) if P.label(c) not in ("Ac", "2c", "Kh")]
    s = dealt(2, " ".join(named + ["Ac", "2c", "Kh"]), preds="Qs Jc")
    for pos in range(22):
        s.apply(P.POINT + pos)
        s.apply(P.CALL + s.calls()[0])
    s.apply(P.POINT + 22)
    v = s.view(s.to_move())
    calls = v.calls()
    values = A.call_values(v, calls)
    n = 2
    f = v.face_down()
    assert f == 3
    for i in range(len(calls)):
        c = calls[i]
        bar = 0
        for u in range(P.NCARDS):
            if v.seen >> u & 1:
                continue
            # The next player's calls once u is up, and their worth times f - 1.
            t = v.clone()
            t.seen |= 1 << u
            t.rank_left[P.RANK[u]] -= 1
            t.suit_left[P.SUIT[u]] -= 1
            t.taken += P.taken_points(v.pile_taken(), P.gain(c, u))[0]
            worth = {}
            for d in P.NAMED:
                if (d == P.JOKER and P.JOKERS & ~t.seen) or (d != P.JOKER and not t.seen >> d & 1):
                    worth[d] = t.call_odds(d)[1]
            best = max(worth.values())
            if len(worth) > 1 and c in worth and worth[c] == best:
                rest = [worth[d] for d in worth if d != c]
                bar += best - max(rest)
        assert values[i] == (n - 1) * (f - 1) * expected_points(v, c) + bar, P.call_name(c)
    assert any([values[i] != (f - 1) * expected_points(v, calls[i]) for i in range(len(calls))])


def test_hard_weighs_the_last_cards_award_exactly():
    # Two cards face down: whatever Hard calls, its value is the exact sum over
    # both ways the cards may lie of (n - 1) x its points less the others'.
    s = dealt(3, preds="As Kd Jk")
    while s.face_down() > 2:
        s.apply(s.legal_moves()[0])
        s.apply(P.CALL + s.calls()[0])
    s.apply(s.legal_moves()[0])
    v = s.view(s.to_move())
    p = v.to_move()
    calls = v.calls()
    values = A.call_values(v, calls)
    spots = [q for q in range(25) if not s.up >> q & 1]
    for i in range(len(calls)):
        total = 0
        for order in ((0, 1), (1, 0)):
            t = s.clone()
            t.grid[spots[0]], t.grid[spots[1]] = s.grid[spots[order[0]]], s.grid[spots[order[1]]]
            before = t.deal_points()
            t.apply(P.CALL + calls[i])
            gained = [t.deal_points()[q] - before[q] for q in range(3)]
            total += 2 * gained[p] - (sum(gained) - gained[p])
        assert values[i] == total, P.call_name(calls[i])


def test_hard_scores_more_than_random():
    _, ahead, _ = duel(1, RANDOM, 2, MARGIN_DEALS, 1000)
    assert ahead > MARGIN, ahead


def figures(deals=2000):
    # The report's figures: Hard against Easy and against random, 2 and 4 seats.
    out = []
    for seats in (2, 4):
        for name, b in (("Easy", 0), ("random", RANDOM)):
            won, ahead, sd = duel(1, b, seats, deals, 1000)
            half = 1.96 * math.sqrt(won * (1 - won) / deals)
            out.append("%d seats, Hard vs %s: %d deals, Hard's seat rotating: won %.3f +- %.3f (95%%; chance %.3f), "
                       "points ahead of the others' mean %.1f +- %.1f a deal"
                       % (seats, name, deals, won, half, 1.0 / seats, ahead, 1.96 * sd / math.sqrt(deals)))
    return out


if __name__ == "__main__":
    for line in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 2000):
        print(line)
