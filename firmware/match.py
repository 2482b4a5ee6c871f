# A match in play: the game's modules, the state, who sits where, the moves so
# far, and the save that follows every move. Seats hold -1 for a person, else
# the index of a bot level in the game's bots module LEVELS.
from engine import registry
from engine.rng import Rng
from firmware import saves

PERSON = -1


class Match:
    def __init__(self, root, game_id, options, seats, seed, moves=()):
        self.root = root
        self.game_id = game_id
        self.game = registry.load(game_id)
        self.bots = registry.bots(game_id)
        self.options = options
        self.seats = seats
        self.seed = seed
        self.state = self.game.new_game(seed, options, len(seats))
        self.moves = bytearray()
        self.message = ""
        for m in moves:  # a resumed match replays its moves
            self._apply(m)

    @staticmethod
    def resume(root, rec):
        # Rebuilds the saved match; a move the rules refuse is a damaged save.
        try:
            m = Match(root, rec["game"], rec["options"], rec["seats"], rec["seed"], rec["moves"])
        except (ValueError, KeyError, TypeError) as e:
            raise saves.SaveError("does not replay: %s" % e)
        lo, hi = m.game.INFO.seats
        if not lo <= len(m.seats) <= hi or max(m.seats) >= len(m.bots.LEVELS):
            raise saves.SaveError("bad seats %r" % (m.seats,))
        return m

    def title(self):
        return registry.title(self.game_id)

    def is_person(self, seat):
        return self.seats[seat] == PERSON

    def persons(self):
        return self.seats.count(PERSON)

    def player(self, seat):
        # "P1", or "P2 Easy" for a bot; a lone person is "You".
        k = self.seats[seat]
        if k == PERSON:
            return "You" if self.persons() == 1 else "P%d" % (seat + 1)
        return "P%d %s" % (seat + 1, self.bots.LEVELS[k])

    def option(self, key):
        return self.options.get(key)

    def _apply(self, move):
        text = self.state.describe(move)
        self.state.apply(move)
        self.moves.append(move)
        self.message = text

    def play(self, move):
        self._apply(move)
        if self.state.is_over():
            saves.delete(self.root)
        else:
            saves.write(self.root, self.record())

    def bot_move(self):
        seat = self.state.to_move()
        # Seeded from the match seed and the move number, so a resumed match
        # makes the same choices as one that never stopped.
        rng = Rng((self.seed + 7919 * (len(self.moves) + 1)) & 0x3FFFFFFF)
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
        # Ends the match for good: no save, and no hold on the game's modules
        # (the app frees them).
        saves.delete(self.root)
        self.game = self.bots = self.state = None
