# Bots playing whole matches: the device's demo mode and the host's selfplay.
# Every seat is a bot; each bot sees only state.view(seat) and draws from its own
# Rng, seeded from the game seed and its seat, so a match is a pure function of
# (game, seed, options, levels) on CPython and MicroPython alike.
from engine import record, registry
from engine.rng import Rng

MAX_MOVES = 20000  # far beyond any real match: a game that loops fails loudly instead


def options_for(game, given):
    # The game's defaults overlaid with the given options, each checked against
    # its choices, so a record always names every option it was played with.
    out = {}
    for key, _label, choices in game.OPTIONS:
        out[key] = choices[0]
    for key in sorted(given):
        if key not in out:
            raise ValueError("unknown option %r" % key)
        choices = game.OPTIONS[[o[0] for o in game.OPTIONS].index(key)][2]
        if given[key] not in choices:
            raise ValueError("option %s=%r not one of %r" % (key, given[key], choices))
        out[key] = given[key]
    return out


def bot_rng(seed, seat):
    # A stream apart from the deal's Rng(seed): the seat goes in the high word.
    return Rng((seed & 0xFFFF) | ((((seed >> 16) + seat + 1) & 0xFFFF) << 16))


def bot_move(bots, state, level, rng):
    seat = state.to_move()
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    return bots.choose(state.view(seat), level, rng)


def play_match(game_id, seed, options, levels):
    # -> (final state, moves as a bytearray); levels[i] is the bot level of seat i.
    game = registry.load(game_id)
    bots = registry.bots(game_id)
    state = game.new_game(seed, options_for(game, options))
    rngs = [bot_rng(seed, seat) for seat in range(len(levels))]
    moves = bytearray()
    while not state.is_over():
        if len(moves) >= MAX_MOVES:
            raise RuntimeError("%s seed %d: no end after %d moves" % (game_id, seed, MAX_MOVES))
        seat = state.to_move()
        move = bot_move(bots, state, levels[seat], rngs[seat])
        state.apply(move)
        moves.append(move)
    return state, moves


def record_line(game_id, options, seed, moves, state):
    game = registry.load(game_id)
    return record.dumps(record.make(game_id, options_for(game, options), seed, moves, state))
