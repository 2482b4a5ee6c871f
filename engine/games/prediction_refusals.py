# Why Prediction refuses a move while a round is played (State.why; the openings
# are State.why_illegal's). Loaded by name, its INFO.refusals, for a refused move
# alone: a device's table offers only legal moves, so a match asks only when a
# damaged save's replay fails, and its heap holds none of this.
from engine.games.prediction import (CALL, JOKER, JOKERS, NCARDS, POINT, POINTING, PREDICT, PREDICTING,
                                     RANK, RANK_NAMES, SUIT, SUIT_NAMES, call_name, label)
from engine.state import seat_name


def why(st, move):
    ph = st.ph
    if move > PREDICT + JOKER:
        return "no such move: %r" % (move,)
    if ph == PREDICTING:
        if move < PREDICT:
            return "predict the last card first"
        i = move - PREDICT
        if RANK[i] == 5 and i != JOKER:
            return "a Two cannot be predicted"
        q = st.clash(i)
        c = st.pred[q]
        if c == JOKER:
            what = "Joker"
        elif RANK[c] == RANK[i]:
            what = ("an " if RANK[i] == 0 else "a ") + RANK_NAMES[RANK[i]]  # (an Ace)
        else:
            what = SUIT_NAMES[SUIT[i]]
        return "%s already predicted %s" % (seat_name(q), what)
    if move >= PREDICT:
        return "predictions are made before play"
    if move < CALL:
        if move >= NCARDS:
            return "no such position"
        if st.up >> (move - POINT) & 1:
            return "that card is already face up"
        return "you already point at that card"
    if ph == POINTING:
        return "point at a face-down card first"
    c = move - CALL
    if c >= NCARDS:
        return "no such move: %r" % (move,)
    if RANK[c] == 5 and c != JOKER:
        return "a Two cannot be called: call Joker"
    if c == JOKER:
        if not JOKERS & ~st.seen:
            return "all five jokers are face up"
    elif st.seen >> c & 1:
        return "%s is already face up" % label(c)
    return "%s just called %s" % (seat_name((st.turn - 1) % st.n), call_name(c))
