# Why Georgian Joker refuses a move while a round is played (State.why; the openings
# are State.why_illegal's). Loaded by name, its INFO.refusals, for a refused move
# alone: a device's table offers only legal moves, so a match asks only when a
# damaged save's replay fails, and its heap holds none of this.
from engine.games.georgian import (BID, BIDDING, CHOOSE, JOKER, JOKER_LO, LEAD, NO_TRUMP, RANK, SUIT,
                                   SUIT_WORDS, TRUMP, label)


def why(st, move):
    ph = st.ph
    if move > NO_TRUMP:
        return "no such move"
    if ph == CHOOSE:
        return "name a trump suit or no trump first"
    if ph == BIDDING:
        if not BID <= move < TRUMP:
            return "it is time to bid"
        k = move - BID
        if k > st.cards():
            return "bid at most %d" % st.cards()
        return "the dealer may not bid %d: the bids would add up to %d" % (k, st.cards())
    if move >= BID:
        return "the bidding is over"
    p = st.turn
    if move == 0 or move == 27 or JOKER_LO < move < LEAD:
        return "no such card"
    if move >= JOKER:
        if not st.jokers_held[p]:
            return "you have no Joker"
        if move >= LEAD:
            return "only the leader names a suit for the Joker"
        return "a led Joker names a suit, high or low"
    if not st.held[4 * p + SUIT[move]] >> RANK[move] & 1:
        return "you do not hold %s" % label(move)
    st.must()
    if st.must_suit == st.trick_suit and st.trick[0] >= LEAD:
        return "you must play your highest %s" % SUIT_WORDS[st.must_suit][:-1]
    if st.must_suit == st.trick_suit:
        return "you must follow suit: %s" % SUIT_WORDS[st.must_suit]
    return "you must play a trump: %s" % SUIT_WORDS[st.must_suit]
