# Why Double Joker refuses a move while a round is played (State.why; the openings
# are State.why_illegal's). Loaded by name, its INFO.refusals, for a refused move
# alone: a device's table offers only legal moves, so a match asks only when a
# damaged save's replay fails, and its heap holds none of this.
from engine.cards import label
from engine.games.doublejoker import LEAD, PLAY, PRE, SUIT_NAMES, TAKE, is_code


def why(st, move):
    ph = st.ph
    if not is_code(move):
        return "no such move: %r" % (move,)
    seat = st.to_move()
    if ph == PRE:
        if move >= PLAY:
            return "first place a card on its deuce or take back a stack"
        if move >= TAKE:
            return "the %s stack is empty" % SUIT_NAMES[move - TAKE]
        s = move // 13
        if move % 13 == 0:
            return "the deuces stay on the table"
        if not st.holds(seat, move):
            return "you do not hold %s" % label(move)
        return "placing %s leaves no %s to lead" % (label(move), SUIT_NAMES[s])
    if move < PLAY:
        if ph == LEAD:
            return "you have placed or taken already: now lead a card"
        return "follow with a card of the suit led"
    c = move - PLAY
    if not st.holds(seat, c):
        return "you do not hold %s" % label(c)
    if ph == LEAD:
        return "lead a card of the suit you placed on or took back (%s)" % SUIT_NAMES[st.pre]
    return "you must follow %s" % SUIT_NAMES[st.lead_card // 13]
