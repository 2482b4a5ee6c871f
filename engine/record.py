# Game records: JSON with game, options, seats (how many), seed, moves and result. A record replays
# exactly, and dumps() writes it the same way on CPython and MicroPython (sorted
# keys, no spaces), so records from the two runtimes compare byte for byte.
from engine import registry


def dumps(obj):
    if obj is None:
        return "null"
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if isinstance(obj, int):
        return str(obj)
    if isinstance(obj, str):
        out = ['"']
        for ch in obj:
            if ch == '"' or ch == "\\":
                out.append("\\" + ch)
            elif ord(ch) < 32:
                out.append("\\u%04x" % ord(ch))
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(obj, (list, tuple, bytes, bytearray)):
        return "[" + ",".join([dumps(v) for v in obj]) + "]"
    if isinstance(obj, dict):
        keys = sorted(obj)
        return "{" + ",".join([dumps(k) + ":" + dumps(obj[k]) for k in keys]) + "}"
    raise TypeError("cannot write %r" % (obj,))


def result_of(state):
    return {"scores": list(state.scores()), "winner": state.winner()}


def make(game_id, options, seats, seed, moves, state):
    return {
        "game": game_id,
        "options": dict(options),
        "seats": seats,
        "seed": seed,
        "moves": list(moves),
        "result": result_of(state) if state.is_over() else None,
    }


def replay(rec):
    # Rebuilds the state from a record; a move the rules refuse raises ValueError
    # naming the move's index, and a stored result that differs is reported too.
    game = registry.load(rec["game"])
    n = rec["seats"]
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
