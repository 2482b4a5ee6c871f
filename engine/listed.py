# The base of a game that lists the legal moves of a position into one buffer
# of its own (legal_list, kept for the state's life: no garbage per move), once
# per position: `known` says the list is the position's. Such a game provides
# gen_moves(seat) (fills legal_list, -> how many) and sets known = False when a
# move changes the position. A module of its own: the title, which holds
# engine.state, does not hold this.
from engine.state import CONTINUE, State


class Listed(State):
    legal_list: list  # (bare annotations: declared for the type checker, no code)
    known: bool

    def legal_view(self):
        # The legal moves without a copy: read only, valid until the state
        # changes (search loops; legal_moves() gives a list to keep).
        ph = self.ph
        if ph >= self.PH_BETWEEN:
            return (CONTINUE,) if ph == self.PH_BETWEEN else ()
        if not self.known:
            self.gen_moves(self.turn)  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)
            self.known = True
        return self.legal_list
