# Bots playing whole matches: the host's selfplay and benches. Every seat is a
# bot; each bot sees only state.view(seat) and draws from the bots' Rng, seeded
# before every bot move as the device seeds it (engine.rng.seed_bot), so a
# match is a pure function of (game, seed, options, levels) on CPython and
# MicroPython alike, and the same as the device's; the number of levels is the
# number of seats.
from engine import record, registry
from engine.rng import Rng, seed_bot

MAX_MOVES = 20000  # far beyond any real match: a game that loops fails loudly instead


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
    state = game.new_game(seed, game.INFO.setup(options, len(levels)), len(levels))
    rng = Rng(seed)
    moves = bytearray()
    while not state.is_over():
        if len(moves) >= MAX_MOVES:
            raise RuntimeError("%s seed %d: no end after %d moves" % (game_id, seed, MAX_MOVES))
        seat = state.to_move()
        move = bot_move(bots, state, levels[seat], seed_bot(rng, seed, len(moves)))
        state.apply(move)
        moves.append(move)
    return state, moves


def record_line(game_id, options, seed, levels, moves, state):
    game = registry.load(game_id)
    return record.dumps(make(game_id, game.INFO.setup(options, len(levels)), levels, seed, moves, state))


# ----- records (engine/record.py writes them)


def result_of(state):
    return {"scores": list(state.scores()), "winner": state.winner()}


def make(game_id, options, seats, seed, moves, state):
    # seats: who sits at each seat, as in a save (firmware/saves.py): -1 a
    # person, else the bot level; their count is the match's seat count.
    return {
        "game": game_id,
        "options": dict(options),
        "seats": list(seats),
        "seed": seed,
        "moves": list(moves),
        "result": result_of(state) if state.is_over() else None,
    }


def seat_count(seats):
    # A record's seats are a list since the levels came into records; before,
    # they were the count (records of the 2-4 seat games' first format).
    return seats if type(seats) is int else len(seats)


def replay(rec):
    # Rebuilds the state from a record; a move the rules refuse raises ValueError
    # naming the move's index, and a stored result that differs is reported too.
    game = registry.load(rec["game"])
    n = seat_count(rec["seats"])
    state = game.new_game(rec["seed"], game.INFO.setup(rec["options"], n), n)
    for i, m in enumerate(rec["moves"]):
        try:
            state.apply(m)
        except ValueError as e:
            raise ValueError("move %d (%r) refused: %s" % (i, m, e))
    want = rec.get("result")
    if want is not None and result_of(state) != want:
        raise ValueError("replayed result %r differs from record %r" % (result_of(state), want))
    return state
