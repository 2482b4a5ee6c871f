# `make bench`: every figure of the project, each line naming what it measured
# and on which runtime, from the parts of this folder in turn (PARTS). First,
# here on CPython, for every registered game:
#   random playouts per second (one deal played to its end by uniform random moves);
#   bytes of an encoded state, typical and max over a match.
#   python -m tools.bench [--game ID]   (--game: these lines alone, for that game)
import sys

from engine import play, registry
from engine.rng import Rng, seed_bot
from tools.bench.clock import now_us, runtime_label, since_us

PLAYOUT_MS = 1000  # time spent on each playout figure
SEED = 1

# The parts, run after those lines: modules whose main() prints their lines and
# returns an exit status (tools/bench/__init__.py says what each measures).
PARTS = ("tools.bench.pico", "tools.bench.ui", "tools.bench.link", "tools.bench.pico_link", "tools.bench.poker", "tools.bench.wasm", "tools.bench.jokerpoker")


def seats_of(gid):
    return registry.load(gid).INFO.seats[1]


def random_playouts(gid):
    # Deals played to their end by uniform random moves per second.
    game = registry.load(gid)
    options = game.INFO.defaults()
    rng = Rng(SEED)
    done = 0
    start = now_us()
    while done < 3 or since_us(start) < PLAYOUT_MS * 1000:
        state = game.new_game(SEED + done, options, seats_of(gid))
        while not state.deal_over():
            legal = state.legal_moves()
            state.apply(legal[rng.below(len(legal))])
        done += 1
    return done * 1000000.0 / since_us(start)


def match_states(gid, levels):
    # Plays one bot match like engine.play, yielding the state after every move.
    game = registry.load(gid)
    bots = registry.bots(gid)
    state = game.new_game(SEED, {}, len(levels))
    rng = Rng(SEED)
    made = 0
    while not state.is_over():
        seat = state.to_move()
        state.apply(play.bot_move(bots, state, levels[seat], seed_bot(rng, SEED, made)))
        made += 1
        yield state


def encoded_sizes(gid):
    sizes = sorted([len(state.encode()) for state in match_states(gid, [0] * seats_of(gid))])
    return sizes[len(sizes) // 2], sizes[-1]


def cpython_lines(gids):
    where = runtime_label()
    for gid in gids:
        print("%s: random playouts: %.0f deals/s on %s" % (gid, random_playouts(gid), where))
        typical, most = encoded_sizes(gid)
        print("%s: encoded state: typical %d bytes, max %d bytes over a level-0 match (any runtime)"
              % (gid, typical, most))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    gids = registry.ids()
    if len(argv) == 2 and argv[0] == "--game":
        gids = [registry.entry(argv[1])[0]]
    elif argv:
        print("usage: python -m tools.bench [--game ID]", file=sys.stderr)
        return 2
    cpython_lines(gids)
    rc = 0
    if not argv:
        import importlib

        for name in PARTS:
            rc = importlib.import_module(name).main() or rc
    return rc


if __name__ == "__main__":
    sys.exit(main())
