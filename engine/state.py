# The State protocol every game follows (in the spirit of OpenSpiel's Python games).
#
# A game module in engine/games/ provides:
#   NAME      screen title, e.g. "Double Joker"
#   SEATS     (fewest, most) seats
#   OPTIONS   tuple of (key, label, choices); choices[0] is the default
#   new_game(seed, options) -> State     a whole match, dealt from engine.rng
#   decode(data) -> State                 inverse of State.encode()
#
# A State (a match of one or more deals) answers:
#   to_move()          seat to move; a seat may move several times in a row
#   legal_moves()      list of small ints (0..255, so a move list packs in a bytearray)
#   apply(move)        plays it; an illegal move raises ValueError with a reason and
#                      leaves the state unchanged
#   is_over()          the match is finished
#   deal_over()        the current deal is finished (also true when the match is)
#   scores()           running match scores, one int per seat
#   winner()           None while the match goes on, else the winning seat, -1 on a tie
#   deal_value(seat)   int the search maximises for that seat once deal_over() (win > 0)
#   view(seat)         a State holding only what that seat may see
#   describe(move)     short text for the screen and the log
#   encode()/clone()   compact bytes / an independent copy
#
# Between deals of a match the state waits in a phase whose only legal move is
# CONTINUE, so screens can show the deal result and every loop stays uniform.

CONTINUE = 255


class State:
    GAME = ""

    def legal_moves(self):
        raise NotImplementedError

    def why_illegal(self, move):
        # Games override this for a precise reason; called only for a refused move.
        return "that move is not allowed now"

    def apply(self, move):
        if move not in self.legal_moves():
            raise ValueError(self.why_illegal(move))
        self._apply(move)

    def _apply(self, move):
        raise NotImplementedError

    def deal_over(self):
        return self.is_over() or self.legal_moves() == [CONTINUE]

    def winner(self):
        if not self.is_over():
            return None
        s = self.scores()
        best = max(s)
        if s.count(best) > 1:
            return -1
        return s.index(best)

    def clone(self):
        return self.decode(self.encode())

    def view(self, seat):
        return self.clone()
