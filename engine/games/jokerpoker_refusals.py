# Why Joker Poker refuses a move while a round is played (State.why; the openings
# are State.why_illegal's). Loaded by name, its INFO.refusals, for a refused move
# alone: a device's table offers only legal moves, so a match asks only when a
# damaged save's replay fails, and its heap holds none of this.
from engine.games.jokerpoker import AUTO, BET, RANK, RED_JOKER, SWAP_I, SWAP_J, bets_of


def why(st, move):
    if not 0 <= move < BET + 125:
        return "no such move"
    p = st.turn
    at = p * st.hs
    if move < RANK:
        i = SWAP_I[move]
        j = SWAP_J[move]
        if j >= st.hs:
            return "no such card"
        if st.group_of[at + i] == st.group_of[at + j]:
            return "both cards are in the same hand"
        return "two Jokers in one hand"
    if move < AUTO:
        if st.hand[at] < RED_JOKER:
            return "you hold no Joker"
        return "the Jokers already stand there"
    why = st.problem(p)
    if why:
        return why
    have = st.free_bets(p)
    for v in bets_of(move):
        if not have[v]:
            return "no betting card %d left" % v
        have[v] -= 1
    return "that move is not allowed now"
