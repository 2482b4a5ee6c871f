# Bots for Prediction (levels: engine/ai/__init__.py). All see only a view: no
# face-down card (PR-14), so every position is as good as any other and is
# picked at random.
# Easy, a newcomer taken with the Joker: predicts "Joker" while it is free and
# calls "Joker" whenever it may (a Two or the Joker pays, PR-8: about 0.5
# scorecards a call at first, less as they come up, where a card's call is
# worth 0.6); else it calls a rank turned up the most so far, as if a rank
# that keeps coming up were "running hot" (the fewer of a rank are left face
# down, the less its call wins).
# Medium: a random allowed prediction, a random legal call.
# Hard: predicts the card that most last cards would award to it, given the
# predictions already made (PR-10); calls to maximise its expected points,
# exactly (engine.games.prediction.weigh), plus what its call takes from the
# next player, who may not repeat it (PR-7); when the next card turned leaves
# the last one, it weighs the last card's award exactly too.
from engine.ai import EASY, HARD, LEVELS, ORDER  # LEVELS, ORDER: every bots module has them
from engine.games.prediction import (BONUS, CALL, CALLING, CUM, JOKER, JOKERS, NAMED, NCARDS, NSCORE, PREDICT,
                                     PREDICTING, RANK, SUIT, award, gain, taken_points, weigh, weights)


def _pick(best, rng):
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def _argmax(moves, values, rng):
    # A random one of the moves of the highest value.
    top = max(values)
    best = []
    for i in range(len(moves)):
        if values[i] == top:
            best.append(moves[i])
    return _pick(best, rng)


def choose(view, level, rng):
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]
    ph = view.phase()
    if level == EASY and ph == CALLING:
        return CALL + _newcomer_call(view, view.calls(), rng)
    if level == EASY and PREDICT + JOKER in moves:
        return PREDICT + JOKER
    if ph == PREDICTING:
        if level != HARD:
            return _pick(moves, rng)
        return _argmax(moves, [view.last_chances(m - PREDICT) for m in moves], rng)
    if ph == CALLING:
        calls = view.calls()
        if level != HARD:
            return CALL + _pick(calls, rng)
        return CALL + _argmax(calls, call_values(view, calls), rng)
    # Pointing: any face-down card (re-pointing is never needed).
    spots = []
    for m in moves:
        if m < CALL:
            spots.append(m)
    return _pick(spots, rng) if spots else moves[0]


def _newcomer_call(v, calls, rng):
    # Easy's call: "Joker" if it may, else a card of the rank with the fewest
    # left face down (the most turned up).
    if JOKER in calls:
        return JOKER
    rl = v.rank_left
    few = min([rl[RANK[c]] for c in calls])
    hot = []
    for c in calls:
        if rl[RANK[c]] == few:
            hot.append(c)
    return _pick(hot, rng)


def call_values(v, calls):
    # Hard's value of each call, in integers comparable within one decision:
    # its expected points for the seat to move and, weighted as one of the
    # n - 1 others, the expected points the next player loses by the bar.
    f = v.face_down()
    if f == 2:
        return _endgame(v, calls)
    n = v.num_seats()
    t = v.pile_taken()
    seen = v.seen
    rl = v.rank_left
    sl = v.suit_left
    w1, w2, w4, p1, p2, p4 = weights(t)
    out = []
    index = {}
    for j in range(len(calls)):
        index[calls[j]] = j
        out.append((n - 1) * (f - 1) * weigh(calls[j], seen, rl, sl, p1, p2, p4))
    # For each card u the pointed one may be, and each gain k a call of the
    # next player's favourite may have on it: that call a, how much better a
    # is than the next best (in expected points times f - 1). The bar takes
    # the difference away if a is the call that was made (and won k on u).
    for u in range(NCARDS):
        if seen >> u & 1:
            continue
        s2 = seen | 1 << u
        rl[RANK[u]] -= 1
        sl[SUIT[u]] -= 1
        jokers = JOKERS & ~s2
        for k in (0, 1, 2):
            q1, q2, q4, r1, r2, r4 = weights(t + taken_points(t, k)[0])
            top = second = -1
            a = -1
            for c in NAMED:
                if (not jokers) if c == JOKER else s2 >> c & 1:
                    continue
                x = weigh(c, s2, rl, sl, r1, r2, r4)
                if x > top:
                    second = top
                    top = x
                    a = c
                elif x > second:
                    second = x
            if second >= 0 and top > second and a in index and gain(a, u) == k:
                out[index[a]] += top - second
        rl[RANK[u]] += 1
        sl[SUIT[u]] += 1
    return out


def _endgame(v, calls):
    # Two cards face down: the one turned now decides the other, the last
    # card, and so its award (PR-10, PR-11): every outcome counted exactly as
    # (n - 1) x the seat's points - the others' points.
    n = v.num_seats()
    me = v.to_move()
    t = v.pile_taken()
    pred = bytearray(n)
    for q in range(n):
        pred[q] = v.prediction(q)
    left = []
    for c in range(NCARDS):
        if not v.seen >> c & 1:
            left.append(c)
    out = []
    for c in calls:
        total = 0
        for i in (0, 1):
            u = left[i]
            got, mine = taken_points(t, gain(c, u))
            seat = award(pred, left[1 - i], me if got else v.last_won, (me + 1) % n)[0]
            rest = CUM[NSCORE] - CUM[t + got] if t + got < NSCORE else BONUS
            if seat == me:
                total += (n - 1) * (mine + rest)
            else:
                total += (n - 1) * mine - rest
        out.append(total)
    return out

