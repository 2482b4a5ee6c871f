# A match in play: the game's modules, the state, who sits where, the moves so
# far, and the save that follows every move. Seats hold -1 for a person, else
# the index of a bot level in the game's bots module LEVELS; how many there are
# is the match's seat count.
from engine import registry
from engine.rng import Rng, seed_bot
from engine.state import seat_name
from firmware import saves
from firmware.saves import PERSON


class Match:
    def __init__(self, root, game_id, options, seats, seed, moves=()):
        self.root = root
        self.game_id = game_id
        self.game = registry.load(game_id)
        self.info = self.game.INFO
        self.bots = registry.bots(game_id)
        # What the game and its bots load only to work out a move: dropped after every move.
        self.scratch = self.info.scratch + getattr(self.bots, "SCRATCH", ())
        self.options = self.info.setup(options, len(seats))
        self.seats = seats
        # The seat every text calls "You": the one person among bots, else None.
        self.you = seats.index(PERSON) if seats.count(PERSON) == 1 else None
        self.seed = seed
        self.state = self.game.new_game(seed, self.options, len(seats))
        self.moves = bytearray()
        self.message = ""
        self.rng = Rng(seed)  # the bots', seeded again before each of their moves
        # A resumed match replays its moves; only the last one's text is shown
        # (describe() is a third of a long replay's time on a Pico).
        last = len(moves) - 1
        for i in range(len(moves)):
            self.step(moves[i], i == last)

    def title(self):
        return registry.title(self.game_id)

    def is_person(self, seat):
        return self.seats[seat] == PERSON

    def persons(self):
        return self.seats.count(PERSON)

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
        if tell:
            self.message = st.describe(move, self.you)
        st.apply_legal(move)
        self.moves.append(move)
        if self.scratch:  # most games have none: a resume's replay skips the call
            registry.forget(self.scratch)

    def play(self, move):
        self.step(move)
        if self.state.is_over():
            saves.delete(self.root)
        else:
            saves.write(self.root, self.record())

    def bot_move(self):
        seat = self.state.to_move()
        rng = seed_bot(self.rng, self.seed, len(self.moves))
        return self.bots.choose(self.state.view(seat), self.seats[seat], rng)

    def record(self):
        return {
            "game": self.game_id,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "moves": self.moves,
        }

    def close(self):
        # Ends the match for good, with no hold on the game's modules (the app
        # frees them). Its save goes; a match that made no move has none, and
        # an older match's save stays.
        if self.moves:
            saves.delete(self.root)
        self.game = self.bots = self.state = None
