# The contract every game follows (in the spirit of OpenSpiel's Python games),
# and the base that writes its plumbing once. "Adding a game" in the README
# walks through it with engine/games/template.py, the smallest game that keeps it.
#
# A game module in engine/games/ provides:
#   INFO                     a Game: what the shared code needs to know of it (below)
#   new_game(seed, options, seats) -> State   a whole match for that many seats,
#                            dealt from engine.rng; options as INFO.setup() returns them
#   decode(data) -> State    inverse of State.encode()
# Its title and bots module are its one line in engine/registry.py; its table is
# firmware/tables/<id>.py.
#
# Its State class (a match of one or more rounds: deals or games) subclasses
# State below and writes only its rules: the methods listed under "a game
# provides" there. The base answers the rest from three attributes a game keeps:
#   ph       its phase: a small int; the class's PH_BETWEEN and PH_OVER say which
#            phases are "the round is over, waiting for CONTINUE" (every phase
#            from PH_BETWEEN on is past the round) and "the match is over"
#   turn     the seat to move while the match goes on
#   n        how many seats sit at the match (seats 0 .. n-1)
# A game's texts name seats "P1" .. "P4"; given a seat `you`, they call that seat "You"
# and word its verbs for it (the one person playing against bots): says().
#
# Between rounds of a match the state waits in a phase whose only legal move is
# CONTINUE, so screens can show the round's result and every loop stays uniform.
# A secret choice is a move whose content view() hides from the other seats
# until it is revealed; a seat may move several times in a row.
from engine import registry

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
    #   goal     where a match is in its length, for the score screens: {n} takes
    #            the round played (or just ended), {key} an option's value, {seats}
    #            the seat count ("Game {n}, best of {games}", "Deal {n} of {seats}")
    #   people   how many seats the setup screen gives to people at first (the rest bots)
    #   refusals the module (by name) whose why(state, move) words why a move is
    #            refused past the openings State.why_illegal() writes once; loaded
    #            only for a refused move, so a match's heap holds none of it
    #   encoding the module (by name) whose encode(state) and decode(data) give a
    #            state's bytes, for a game whose device never asks for them
    #            (None: the State class writes encode() itself)
    #   numbers  what a named option value counts in goal ({"All 24": 24}), or None
    def __init__(self, seats, options, hidden, reveal, round, counts, goal, people=1, refusals=None,
                 encoding=None, numbers=None):
        self.seats = seats
        self.options = options
        self.hidden = hidden
        self.reveal = reveal
        self.round = round
        self.counts = counts
        self.goal = goal
        self.people = people
        self.refusals = refusals
        self.encoding = encoding
        self.numbers = numbers

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

    def goal_text(self, options, seats, n=1):
        # Where the match is for the score screens, "Deal 3 of 24": round n
        # (the one played, or just ended), the options and seat count filled in.
        nums = self.numbers
        fields = {}
        for k in options:
            v = options[k]
            fields[k] = v if nums is None else nums.get(v, v)
        return self.goal.format(n=n, seats=seats, **fields)

    def decode(self, data):
        # The state from encode()'s bytes, for a game whose bytes are its
        # `encoding` module's (its module says decode = INFO.decode).
        return registry.module(self.encoding).decode(data)


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
    # The base every game's state subclasses. A game sets INFO (its Game),
    # PH_BETWEEN and PH_OVER (its phase numbers, above) and provides the methods
    # listed below; the rest is written here once, and a game overrides one
    # only for a reason it gives (a quicker answer, another turn order).
    INFO: Game  # (bare annotations: declared for the type checker, no code)
    PH_BETWEEN: int
    PH_OVER: int
    ph: int
    turn: int
    n: int

    # ----- a game provides (as comments, not methods: on the board every
    # method of this class stays in the heap from the title on)
    #   legal_view()       the legal moves of the seat to move, small ints 0..255
    #                      (a move list packs in a bytearray), without a copy:
    #                      read only, valid until the state changes (search
    #                      loops; legal_moves() copies); (CONTINUE,) between
    #                      rounds, () once the match is over (a game that
    #                      lists them into a buffer once per position may
    #                      take engine.listed.listed_view for it)
    #   apply_legal(move)  plays a move taken from legal_view(), not checked
    #                      again (search loops; apply() checks first)
    #   why(move)          why move is refused while the round is played (below:
    #                      or the game names its refusals module in INFO)
    #   scores()           running match scores, one int per seat: rounds won or
    #                      points, as INFO.counts says; points may be negative
    #   deal_value(seat)   the int a search maximises for that seat once
    #                      deal_over() (a win > 0)
    #   result_text(you)   how the last round ended, "" while it goes on
    #   describe(move, you)  short text of a legal move for the screen and the
    #                      log, asked before the move is made
    #   view(seat)         a state holding only what that seat may see (its
    #                      dealing Rng's state blanked: engine.rng.BLANK), which
    #                      the seat's bot and screen are given
    #   encode()           compact bytes, the inverse of its module's decode(data)
    #                      (below: or the game names its encoding module in INFO)
    #   history()          one list of per-seat ints per finished round (points
    #                      of a deal); none by default
    #   turn_step(move)    (a game whose turns take two moves) whether move is
    #                      the step before the mover's decision: a take back and
    #                      a hint take the two as one (firmware/match.py steps())

    def why(self, move):
        # Why move is refused while the round is being played (never called
        # for CONTINUE, nor between rounds): a game whose refusals module is
        # named in its INFO need not provide it.
        return registry.module(self.INFO.refusals).why(self, move)

    def encode(self):
        # A game provides (or names its INFO.encoding module): compact bytes,
        # the inverse of its module's decode(data).
        return registry.module(self.INFO.encoding).encode(self)

    def history(self):
        # One list of per-seat ints per finished round (points of a deal).
        return []

    # ----- written once

    def num_seats(self):
        return self.n

    def phase(self):
        return self.ph

    def to_move(self):
        # The seat to move, -1 once the match is over.
        return -1 if self.ph == self.PH_OVER else self.turn

    def is_over(self):
        return self.ph == self.PH_OVER

    def deal_over(self):
        # The current round is finished (also true when the match is).
        return self.ph >= self.PH_BETWEEN

    def legal_moves(self):
        return list(self.legal_view())  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)

    def legal(self, move):
        # Whether an int 0..255 is legal here (games may answer it without
        # building the list).
        return move in self.legal_view()  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)

    def why_illegal(self, move):
        # The reason a move is refused: the openings every game shares, then
        # the game's own why(). Called only for a refused move.
        ph = self.ph
        if ph == self.PH_OVER:
            return "the match is over"
        if ph >= self.PH_BETWEEN:
            return "the %s is over: continue to the next one" % self.INFO.round
        if move == CONTINUE:
            return "the %s is still being played" % self.INFO.round
        return self.why(move)

    def check(self, move):
        # ValueError with the reason unless move is legal here: the one door
        # every move from outside the engine goes through (apply, a match's
        # replay). A move is an int 0..255 (not a bool, not 3.0: a save or a
        # person may hand in either), so the games' own checks only see one.
        if type(move) is not int or not 0 <= move <= 255:
            raise ValueError("no such move: %r" % (move,))
        if not self.legal(move):
            raise ValueError(self.why_illegal(move))

    def apply(self, move):
        # Plays move; an illegal one raises ValueError with a reason and leaves
        # the state unchanged.
        self.check(move)
        self.apply_legal(move)  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)

    def winner(self):
        # None while the match goes on, else the winning seat, -1 on a tie.
        if not self.is_over():
            return None
        best = best_seats(self.scores())  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)
        return best[0] if len(best) == 1 else -1

    def clone(self):
        # An independent copy. A game that copies positions in search provides
        # blank() (a new state of the same seats) and copy_from(src) (this state
        # made a copy of src in its own buffers: nothing allocated); another
        # goes through its bytes (its class's decode, a staticmethod).
        if hasattr(self, "copy_from"):
            s = self.blank()  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)
            s.copy_from(self)
            return s
        return self.decode(self.encode())  # pyright: ignore[reportAttributeAccessIssue]  (a game provides it)
