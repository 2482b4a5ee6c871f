# The State protocol every game follows (in the spirit of OpenSpiel's Python games).
#
# A game module in engine/games/ provides:
#   INFO                     a Game: what the shared code needs to know of it (below)
#   new_game(seed, options, seats) -> State   a whole match for that many seats,
#                            dealt from engine.rng; options as setup() returns them
#   decode(data) -> State    inverse of State.encode()
# Its title and bots module are in engine/registry.py.
#
# A State (a match of one or more rounds: deals or games) answers:
#   num_seats()        how many sit at this match (seats 0 .. n-1)
#   to_move()          seat to move, -1 once the match is over; a seat may move
#                      several times in a row; a secret choice is a move whose
#                      content view() hides from the other seats until it is revealed
#   legal_moves()      list of small ints (0..255, so a move list packs in a bytearray)
#   apply(move)        plays it; an illegal move raises ValueError with a reason and
#                      leaves the state unchanged (check(move) first, then apply_legal)
#   check(move)        ValueError with the reason unless move is legal here: anything
#                      but an int 0..255 first (a save or a person may hand in 3.0 or True)
#   legal(move)        whether an int 0..255 is legal here (games may answer it without
#                      building the list)
#   apply_legal(move)  the same for a move taken from this state's legal_moves(), not
#                      checked again (search loops)
#   is_over()          the match is finished
#   deal_over()        the current round is finished (also true when the match is)
#   scores()           running match scores, one int per seat: rounds won or points,
#                      as INFO.counts says; points may be negative
#   winner()           None while the match goes on, else the winning seat, -1 on a tie
#   history()          one list of per-seat ints per finished round (points of a deal)
#   result_text(you)   how the last round ended, "" while it goes on
#   deal_value(seat)   int the search maximises for that seat once deal_over() (win > 0)
#   view(seat)         a State holding only what that seat may see
#   describe(move, you)  short text for the screen and the log (before the move is made)
# Texts name seats "P1" .. "P4"; given a seat `you`, they call that seat "You"
# and word its verbs for it (the one person playing against bots).
#   encode()/clone()   compact bytes / an independent copy
#
# Between rounds of a match the state waits in a phase whose only legal move is
# CONTINUE, so screens can show the round's result and every loop stays uniform.

CONTINUE = 255
WINS = 0  # Game.counts: the scores are rounds won
POINTS = 1  # the scores are points


class Game:
    # The declaration of a game, the one place the shared code (the play loop,
    # records, setup and end screens, hand-offs) learns how the game is shaped.
    #   seats    (fewest, most)
    #   options  ((key, label, choices, shown), ...): choices[0] is the default;
    #            shown formats a value for the setup screen ("best of %s", "%s")
    #   hidden   hands are secret: pass-and-play puts a hand-off screen between people
    #   reveal   key of the option whose value "On" shows every hand instead (no
    #            hand-offs), or None
    #   round    what one round of the match is called ("game", "deal")
    #   counts   WINS or POINTS: what scores() counts
    #   goal     how the match ends, for the screens; {key} takes an option's value
    #            ("best of {games} games", "first to 173", "{deals} deals")
    #   people   how many seats the setup screen gives to people at first (the rest bots)
    #   scratch  modules the game loads only to work out a move (a bot's plan): the
    #            device drops them after every move, so a match holds them briefly
    def __init__(self, seats, options, hidden, reveal, round, counts, goal, people=1, scratch=()):
        self.seats = seats
        self.options = options
        self.hidden = hidden
        self.reveal = reveal
        self.round = round
        self.counts = counts
        self.goal = goal
        self.people = people
        self.scratch = scratch

    def defaults(self):
        out = {}
        for o in self.options:
            out[o[0]] = o[2][0]
        return out

    def setup(self, options, seats):
        # The full options (defaults overlaid with the given ones, each checked
        # against its choices), so a record names every option it was played
        # with; ValueError names a bad option or seat count.
        lo, hi = self.seats
        if not isinstance(seats, int) or not lo <= seats <= hi:
            raise ValueError("seats must be %s, not %r" % ("%d" % lo if lo == hi else "%d-%d" % (lo, hi), seats))
        out = self.defaults()
        for key in sorted(options or {}):
            if key not in out:
                raise ValueError("unknown option %r" % key)
            for o in self.options:
                if o[0] == key and not one_of(options[key], o[2]):
                    raise ValueError("option %s=%r not one of %r" % (key, options[key], o[2]))
            out[key] = options[key]
        return out

    def shown(self, key, value):
        # "best of 3": an option's value as the setup screen shows it.
        for o in self.options:
            if o[0] == key:
                return o[3] % (value,)
        raise ValueError("unknown option %r" % key)

    def goal_text(self, options):
        return self.goal.format(**options)


def one_of(value, choices):
    # value is one of choices and of its type: in Python True == 1 and 3.0 == 3,
    # and a value of another type would be written into records as it came.
    for c in choices:
        if type(value) is type(c) and value == c:
            return True
    return False


def seat_name(seat, you=None):
    # "P2", or "You" for the seat a text is worded for (a name: capitalised).
    return "You" if seat == you else "P%d" % (seat + 1)


def says(seat, you, verb):
    # A seat and its verb, given as for "P2": "P2 leads", or "You lead" ("is"
    # is "are", a final s goes; "cannot", "went" stay).
    if seat != you:
        return "P%d %s" % (seat + 1, verb)
    return "You " + ("are" if verb == "is" else verb[:-1] if verb[-1] == "s" else verb)


def best_seats(scores):
    # The seats with the top score: one seat, or those who share it.
    top = max(scores)
    return [i for i in range(len(scores)) if scores[i] == top]


class State:
    def legal_moves(self):
        raise NotImplementedError

    def is_over(self):
        raise NotImplementedError

    def scores(self):
        raise NotImplementedError

    def encode(self):
        raise NotImplementedError

    @staticmethod
    def decode(data):
        raise NotImplementedError

    def why_illegal(self, move):
        # Games override this for a precise reason; called only for a refused move.
        return "that move is not allowed now"

    def legal(self, move):
        return move in self.legal_moves()

    def check(self, move):
        # The one door every move from outside the engine goes through (apply,
        # a match's replay): a move is an int 0..255 (not a bool, not 3.0), and
        # the games' own checks only ever see one.
        if type(move) is not int or not 0 <= move <= 255:
            raise ValueError("no such move: %r" % (move,))
        if not self.legal(move):
            raise ValueError(self.why_illegal(move))

    def apply(self, move):
        self.check(move)
        self.apply_legal(move)

    def apply_legal(self, move):
        raise NotImplementedError

    def deal_over(self):
        return self.is_over() or self.legal_moves() == [CONTINUE]

    def winner(self):
        if not self.is_over():
            return None
        best = best_seats(self.scores())
        return best[0] if len(best) == 1 else -1

    def history(self):
        return []

    def clone(self):
        return self.decode(self.encode())
