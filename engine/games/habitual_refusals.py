# Why Habitual Joker refuses a move while a round is played (State.why; the openings
# are State.why_illegal's). Loaded by name, its INFO.refusals, for a refused move
# alone: a device's table offers only legal moves, so a match asks only when a
# damaged save's replay fails, and its heap holds none of this.
from engine.cards import label
from engine.games.habitual import B, JOKER, JOKERS, SOLO, STACK, W, target_of
from engine.state import seat_name


def why(st, move):
    ph = st.ph
    if not 0 <= move < STACK + 80 or JOKER < move < STACK:
        return "no such move"
    p = st.turn
    i = 2 * p
    hand_words = st.hand_words
    if move < STACK:
        if move == JOKER:
            if not hand_words[i + 1] & JOKERS:
                return "you have no Joker in hand"
        elif not hand_words[i + W[move]] & B[move]:
            if st.spare_words[i + W[move]] & B[move]:
                return "%s is already in your spares" % label(move)
            return "%s is not in your hand" % label(move)
        return "spares are full (3)"
    t = target_of(move)
    k = st.stack_of(move)
    j = (move - STACK) % 10
    if t >= 4 and ph == SOLO:
        return "stack frozen: %s has stopped" % seat_name(1 - p)
    if j >= 8:
        if t < 4:
            return "a Joker cannot go on your own stack"
        if not (hand_words if j == 8 else st.spare_words)[i + 1] & JOKERS:
            return "you have no Joker in %s" % ("hand" if j == 8 else "spares")
    if st.block[k] == 2:
        return "that stack is blocked by a Joker"
    if st.block[k] == 1:
        return "that stack is blocked: only the %s unblocks it" % label(st.key[k])
    return "you do not hold the %s" % label(st.card_of(move))
