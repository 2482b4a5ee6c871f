# legal_view() for a game that lists the legal moves of a position into one
# buffer of its own (legal_list, kept for the state's life: no garbage per
# move), once per position: `known` says the list is the position's. Such a
# game provides gen_moves(seat) (fills legal_list, -> how many), sets known =
# False when a move changes the position, and takes this function as its
# method (legal_view = listed_view in its class): a base class between it and
# State would make every State method a search calls one lookup deeper.
# A module of its own: the title, which holds engine.state, does not hold it.
from engine.state import CONTINUE


def listed_view(self):
    # The legal moves without a copy: read only, valid until the state
    # changes (search loops; legal_moves() gives a list to keep).
    ph = self.ph
    if ph >= self.PH_BETWEEN:
        return (CONTINUE,) if ph == self.PH_BETWEEN else ()
    if not self.known:
        self.gen_moves(self.turn)
        self.known = True
    return self.legal_list
