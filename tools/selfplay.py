# Bots play matches and print one JSON record per match (seeds S, S+1, ...).
#   python -m tools.selfplay --game doublejoker --seed S --games N
#       [--levels 1,0] [--options k=v,...] [--runtime cpython|micropython]
# --game all plays every registered game. The loop itself runs on MicroPython too:
# with --runtime micropython this module runs itself under the WebAssembly port,
# and the two runtimes must print the same bytes.
import sys

from engine import play, registry

USAGE = ("usage: python -m tools.selfplay --game ID|all --seed S --games N "
         "[--levels 1,0] [--options k=v,...] [--runtime cpython|micropython]")


def parse_value(text):
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def parse_args(argv):
    # Hand-rolled (MicroPython has no argparse): --name value pairs only.
    opts = {"game": "doublejoker", "seed": "1", "games": "1", "levels": "", "options": "", "runtime": "cpython"}
    i = 0
    while i < len(argv):
        name = argv[i][2:] if argv[i].startswith("--") else None
        if name not in opts or i + 1 >= len(argv):
            raise ValueError("bad argument %r" % argv[i])
        opts[name] = argv[i + 1]
        i += 2
    if opts["runtime"] not in ("cpython", "micropython"):
        raise ValueError("runtime must be cpython or micropython")
    options = {}
    for item in opts["options"].split(","):
        if item:
            key, _, value = item.partition("=")
            options[key] = parse_value(value)
    levels = [int(v) for v in opts["levels"].split(",") if v]
    return opts["game"], int(opts["seed"]), int(opts["games"]), levels, options, opts["runtime"]


def records(game_id, seed, games, levels, options):
    # A generator of record lines, one per match: seeds seed, seed+1, ...
    game = registry.load(game_id)
    if not levels:
        levels = [0] * game.SEATS[1]
    for s in range(seed, seed + games):
        state, moves = play.play_match(game_id, s, options, levels)
        yield play.record_line(game_id, options, s, moves, state)
    registry.unload(game_id)


def steps(argv=None):
    # One step per match, so the WebAssembly port can collect garbage in between
    # (tools/mprun.mjs runs each step as a call of its own).
    argv = sys.argv[1:] if argv is None else argv
    try:
        game_id, seed, games, levels, options, runtime = parse_args(argv)
        ids = registry.ids() if game_id == "all" else [registry.entry(game_id)[0]]
    except ValueError as e:
        print("selfplay: %s\n%s" % (e, USAGE), file=sys.stderr)
        raise SystemExit(2)
    if runtime == "micropython" and sys.implementation.name != "micropython":
        from tools import micropython

        rc, _ = micropython.run(["-m", "tools.selfplay"] + argv, capture=False)
        raise SystemExit(rc)
    for gid in ids:
        for line in records(gid, seed, games, levels, options):
            print(line)
            yield


def main(argv=None):
    for _ in steps(argv):
        pass


if __name__ == "__main__":
    main()
