# A match in play: the game's modules, the state, who sits where, the moves so
# far, and the save that follows every move. Seats hold -1 for a person, else
# the index of a bot level in the game's bots module LEVELS; how many there are
# is the match's seat count.
from engine import const, registry
from engine.rng import Rng, seed_bot
from engine.state import CONTINUE, seat_name
from firmware import saves
from firmware.saves import PERSON

_TAIL = const(12)  # a resume keeps the state copies of its last moves only (Match.marks)


class Match:
    def __init__(self, root, game_id, options, seats, seed, moves=(), hints=None, link=None):
        # link: (this board's number, each seat's board) in link play, else None.
        self.root = root
        self.link = link
        self.game_id = game_id
        self.game = registry.load(game_id)
        self.info = self.game.INFO
        self.bots = registry.bots(game_id)
        self.options = self.info.setup(options, len(seats))
        self.seats = seats
        # The seat every text calls "You": the one person at this board, among
        # bots or in link play each at a board of their own (there every
        # board called its own person "P2"), else None.
        mine = [q for q in range(len(seats)) if seats[q] == PERSON and self.here(q)]
        self.you = mine[0] if len(mine) == 1 else None
        self.seed = seed
        self.rng = Rng(seed)  # the bots', seeded again before each of their moves
        # The hints each seat asked for (firmware/aids/hint.py), kept in the save.
        self.hints = list(hints) if hints else [0] * len(seats)
        self.replay(moves, len(moves) - _TAIL)

    def replay(self, moves, keep):
        # Plays the match anew from its deal; only the last move's text is
        # shown (describe() is a third of a long replay's time on a Pico).
        # Per person seat, marks holds (moves made, a copy of the state) just
        # before their last decision: a look back replays from there, a take
        # back returns there. A decision is a turn: a step before it (the
        # state's turn_step(): Double Joker's place, Prediction's point) and
        # the moves of the same seat after it are one, so the mark stays at
        # the first. None: no decision yet; -1: maybe one, whose copy
        # was not kept, found by firmware.aids.mark(). A resume keeps copies of
        # its last _TAIL moves only (a copy is 1.2 ms of a Pico's time in Georgian Joker).
        self.state = self.game.new_game(self.seed, self.options, len(self.seats))
        self.moves = bytearray()
        self.message = ""
        self.marks = [None] * len(self.seats)  # type: list
        self.stepped = -1  # the seat whose turn's step the last move was (it moves on), else -1
        self.told = -1  # moves made when the person took a move back (firmware/aids/takeback.py), till a press
        self.keep = keep
        last = len(moves) - 1
        for i in range(len(moves)):
            self.step(moves[i], i == last)
        if keep > 0:  # the moves before it kept nothing: a decision there is aids.mark()'s to find
            for q in range(len(self.seats)):
                if self.marks[q] is None and self.seats[q] == PERSON:
                    self.marks[q] = -1
        self.keep = 0

    def title(self):
        return registry.title(self.game_id)

    def is_person(self, seat):
        return self.seats[seat] == PERSON

    def persons(self):
        return self.seats.count(PERSON)

    def here(self, seat):
        # Whether this board makes the seat's moves: in link play a person
        # seat of this board, or a bot on the host (board 0).
        link = self.link
        if link is None:
            return True
        return link[0] == (link[1][seat] if self.seats[seat] == PERSON else 0)

    def persons_here(self):
        return len([q for q in range(len(self.seats)) if self.seats[q] == PERSON and self.here(q)])

    def short(self, seat):
        # "P3", or "You" when one person plays against bots: the one name of a
        # seat on every screen, as in the game's texts.
        return seat_name(seat, self.you)

    def player(self, seat):
        # "P1", "You", or "P2 Easy" for a bot.
        k = self.seats[seat]
        if k == PERSON:
            return self.short(seat)
        return "%s %s" % (seat_name(seat), self.bots.LEVELS[k])

    def option(self, key):
        return self.options.get(key)

    def result_text(self):
        return self.state.result_text(self.you)

    def step(self, move, tell=True):
        st = self.state
        st.check(move)  # before describe(), which reads a legal move only
        n = len(self.moves)
        who = st.to_move()
        if n >= self.keep and move != CONTINUE and who != self.stepped and self.seats[who] == PERSON:
            self.marks[who] = (n, st.clone())
        self.stepped = who if self.steps(move) else -1
        if tell:
            self.message = st.describe(move, self.you)
        st.apply_legal(move)
        self.moves.append(move)

    def notice(self):
        # What a table's message line says instead of its usual text just
        # after a take back, until the next press or move (the game screen
        # clears told): the message, the one wording of every game; "" else.
        return self.message if self.told == len(self.moves) else ""

    def steps(self, move):
        # Whether the legal move is a step of the mover's turn before its
        # decision (Double Joker's card placed, Prediction's card pointed at):
        # the game's state says, where it has such steps (turn_step()).
        f = getattr(self.state, "turn_step", None)
        return f is not None and f(move)

    def play(self, move):
        self.step(move)
        self.save()

    def save(self):
        # The match as it is now on flash (deleted once it is over).
        if self.state.is_over():
            saves.delete(self.root)
        else:
            saves.write(self.root, self.record())

    def bot_move(self):
        seat = self.state.to_move()
        rng = seed_bot(self.rng, self.seed, len(self.moves))
        return self.bots.choose(self.state.view(seat), self.seats[seat], rng)

    def record(self):
        rec = {
            "game": self.game_id,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "moves": self.moves,
        }
        if self.link is not None:
            # Link play (an optional field: older saves have none): this
            # board's number and each seat's board.
            rec["link"] = {"board": self.link[0], "owners": self.link[1]}
        if max(self.hints):
            # Only once a hint was taken: an older firmware ignores the field,
            # and a save without it is byte for byte what it always was.
            rec["hints"] = self.hints
        return rec

    def close(self, keep=False):
        # Ends the match here, with no hold on the game's modules (the app
        # frees them). Its save goes unless kept; a match that made no move
        # has none, and an older match's save stays.
        if self.moves and not keep:
            saves.delete(self.root)
        self.game = self.bots = self.state = None
